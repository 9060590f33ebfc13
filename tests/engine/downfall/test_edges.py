"""Edge cases of the issue: relatives, Omens, A.D. 79, lava, gates, enclosure, the last tile."""

from __future__ import annotations

from engine.downfall import GAME
from engine.downfall.board import BUILDINGS
from tests.engine.downfall.helpers import BLACK, RED, YELLOW, act, legal, on, position, types


def _fill(colours: tuple[str, ...], skip: tuple[str, ...] = ()) -> dict[str, str]:
    """Fill every building of the given colours (except ``skip``) with pieces of all seats."""
    pieces: dict[str, str] = {}
    n = 0
    for b in BUILDINGS:
        if b.colour in colours and b.id not in skip:
            for sq, spaces in b.squares:
                pieces[sq] = "".join(str((n + k) % 3) for k in range(spaces))
                n += spaces
    return pieces


def test_relatives_are_limited_by_free_space() -> None:
    # 9 holds three pieces: three relatives earned, but only 6a has room (6b and neutral full).
    pieces = _fill(("neutral",)) | {"d4": "01", "d5": "12", "e6": "012"}
    state = position(seething=True, pieces=pieces, hands=[(9, 4), (2,), (5,)], stock=(1, 2))
    state, events = act(state, RED, "play 9 e6")
    assert events[-1]["count"] == 3
    assert legal(state, RED) == {"relative c4", "relative c5", "pass"}
    state, events = act(state, RED, "relative c5")
    assert types(events) == ["RelativePlaced", "RelativesEnded", "CardDrawn"]
    assert events[1]["unused"] == 2 and events[1]["reason"] == "no space"


def test_relatives_go_into_the_sibling_building_but_never_back_into_the_trigger() -> None:
    state = position(seething=True, pieces={"c4": "1"}, hands=[(6, 4), (2,), (5,)], stock=(1, 2))
    state, _ = act(state, RED, "play 6 c4")
    choices = legal(state, RED)
    assert {"relative d4", "relative d5", "relative e6"} <= choices
    assert "relative c4" not in choices and "relative c5" not in choices
    state, _ = act(state, RED, "relative d4")
    assert state.pending == "play"  # one relative earned, one placed


def test_a_relative_may_be_declined() -> None:
    state = position(seething=True, pieces={"c4": "1"}, hands=[(6, 4), (2,), (5,)], stock=(1,))
    state, _ = act(state, RED, "play 6 c4")
    state, events = act(state, RED, "pass")
    assert types(events) == ["RelativesEnded", "CardDrawn"]
    assert state.supply[RED] == 29


def test_the_omen_victim_must_be_another_players_piece_in_a_building() -> None:
    state = position(
        seething=True,
        pieces={"c3": "01", "a2": "0", "g3": "2"},
        hands=[(4, 5), (2,), (3,)],
        stock=("omen", 9),
    )
    state, _ = act(state, RED, "play 4 f3")
    assert legal(state, RED) == {"omen black c3", "omen yellow g3"}
    state, events = act(state, RED, "omen yellow g3")
    assert events[0]["victim"] == YELLOW and state.volcano == (0, 0, 1)
    assert on(state, "g3") == [0, 0, 0]


def test_two_omens_in_a_row_each_claim_a_victim() -> None:
    state = position(
        seething=True, pieces={"c3": "12"}, hands=[(4, 5), (2,), (3,)], stock=("omen", "omen", 9)
    )
    state, _ = act(state, RED, "play 4 f3")
    state, _ = act(state, RED, "omen black c3")
    assert state.pending == "omen" and legal(state, RED) == {"omen yellow c3"}
    state, events = act(state, RED, "omen yellow c3")
    assert types(events) == ["PieceThrown", "CardDrawn"]
    assert GAME.view(state, None)["discard"] == {"4": 1, "omen": 2}


def test_lava_on_a_gate_square_closes_the_gate() -> None:
    coin = {"c2": "coin", "b2": "coin", "a2": "coin", "a3": "coin", "a4": "coin"}
    state = position(
        phase="escape", pending="lava", tile="coin", lava=coin, pieces={"a5": "01", "c5": "0"}
    )
    state, events = act(state, RED, "lava a5")
    assert events[0]["gate_closed"] == "Porta Marina" and events[0]["lost"] == [1, 1, 0]
    gates = {g["square"]: g["open"] for g in GAME.view(state, None)["gates"]}
    assert gates["a5"] is False and sum(gates.values()) == 6
    assert not any(" out a5" in a for a in legal(state, RED))


def test_pieces_cut_off_from_every_gate_go_to_the_volcano() -> None:
    state = position(
        phase="escape",
        pending="lava",
        tile="coin",
        lava={"b1": "scroll", "d1": "scroll"},
        tiles_placed=6,
        pieces={"c1": "012", "c5": "0"},
    )
    state, events = act(state, RED, "lava c2")
    assert types(events)[:2] == ["LavaPlaced", "PiecesEnclosed"]
    assert events[1]["squares"] == [{"square": "c1", "lost": [1, 1, 1]}]
    assert state.volcano == (1, 1, 1) and on(state, "c1") == [0, 0, 0]
    assert state.pending == "move"  # Red still has c5


def test_the_last_lava_tile_lets_the_drawer_finish_the_turn() -> None:
    state = position(
        2,
        phase="escape",
        pending="move",
        seat=BLACK,
        lava={"h1": "scroll"},
        pieces={"b5": "00", "k4": "1"},
        bag={"scroll": 1},
    )
    state, _ = act(state, BLACK, "pass")
    assert GAME.view(state, None)["bag"]["scroll"] == 0 and state.pending == "lava"
    state, _ = act(state, RED, "lava h2")
    state, _ = act(state, RED, "move b5 out a5")
    state, events = act(state, RED, "move b5 a5")
    assert events[-1]["type"] == "GameEnded"
    assert events[-1]["lost"] == [1, 1]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == {RED}


def test_a_lava_tile_that_empties_the_city_ends_the_game_at_once() -> None:
    state = position(
        phase="escape", pending="lava", tile="scroll", lava={"h1": "scroll"}, pieces={"g1": "01"}
    )
    state, events = act(state, RED, "lava g1")
    assert events[-1]["type"] == "GameEnded" and state.phase == "over"
    assert events[0]["lost"] == [1, 1, 0]


def test_the_escape_begins_left_of_the_player_who_placed_the_sixth_tile() -> None:
    state = position(
        phase="lava_setup",
        pending="lava",
        tile="scroll",
        seat=BLACK,
        tiles_placed=5,
        lava={"c2": "coin"},
        pieces={"b5": "0"},
    )
    state, events = act(state, BLACK, "lava h1")
    assert {"type": "EscapeBegan", "seat": YELLOW} in events
    assert (state.phase, state.seat, state.pending) == ("escape", YELLOW, "lava")
