"""One test per ruling of docs/rules/downfall.md (R1–R13 from the spec, R14+ the project's)."""

from __future__ import annotations

import pytest

from engine.core import IllegalActionError, deciders
from engine.downfall import GAME, PlaceLava
from engine.downfall.board import BUILDINGS
from engine.downfall.checks import forced_action
from engine.downfall.tables import AD79, OMEN
from tests.engine.downfall.helpers import (
    BLACK,
    RED,
    YELLOW,
    act,
    legal,
    on,
    position,
    types,
)

# A red hand of jokers: building 1 (a2, b2) and building 7 (f5) are full.
FULL_1_AND_7 = {"a2": "11", "b2": "22", "f5": "012"}


def test_r1_a_player_without_supply_still_plays_a_card_and_draws() -> None:
    state = position(supply=(0, 30, 30), hands=[(1, 4), (2,), (3,)], stock=(9, 10))
    assert legal(state, RED) == {"play 1", "play 4"}
    state, events = act(state, RED, "play 4")
    assert events[0]["square"] is None
    assert types(events) == ["CardPlayed", "CardDrawn"]
    assert state.hands[RED] == (1, 9) and state.seat == BLACK


def test_r2_an_omen_with_no_other_piece_in_the_city_has_no_effect() -> None:
    state = position(
        seething=True, pieces={"a2": "0"}, hands=[(4, 5), (2,), (3,)], stock=("omen", 9, 10)
    )
    state, events = act(state, RED, "play 4 f3")
    assert types(events) == ["CardPlayed", "OmenDrawn", "OmenNoVictim", "CardDrawn"]
    assert state.hands[RED] == (5, 9)
    assert state.volcano == (0, 0, 0)


def test_r3_a_hand_of_jokers_may_call_the_eruption_out_of_turn() -> None:
    state = position(
        seething=True,
        pieces=FULL_1_AND_7,
        hands=[(4, 5), (1, 7), (3,)],
        stock=(9, 10),
    )
    assert deciders(GAME, state) == {RED, BLACK}
    public = GAME.view(state, None)
    assert public["pending"]["seat"] == RED  # who may call is not public (it reveals hands)
    assert GAME.view(state, BLACK)["can_erupt"] is True
    assert GAME.view(state, RED)["can_erupt"] is False
    assert legal(state, BLACK) == {"erupt"}
    state, events = act(state, BLACK, "erupt")
    erupted = events[0]
    assert erupted["type"] == "VesuviusErupted"
    assert erupted["seat"] == BLACK and erupted["called"] is True
    # The caller counts as the trigger: the lava starts with the caller's left neighbour.
    assert (state.phase, state.pending, state.seat) == ("lava_setup", "lava", YELLOW)


def test_r4_a_first_lava_square_takes_only_its_own_symbol() -> None:
    state = position(
        phase="escape",
        pending="lava",
        tile="coin",
        lava={"c2": "coin", "c3": "coin", "d3": "coin", "d4": "coin"},
        pieces={"a5": "0"},
    )
    choices = legal(state, RED)
    assert "lava e4" not in choices  # the column's first-lava square, next to d4
    assert {"lava d5", "lava b2", "lava e3"} <= choices


def test_r5_a_tile_with_no_legal_square_is_put_out_of_play() -> None:
    walled_coin = {"c2": "coin", "c1": "scroll", "b2": "mask", "d2": "vase", "c3": "helmet"}
    state = position(
        2,
        phase="escape",
        pending="move",
        seat=BLACK,
        lava=walled_coin,
        pieces={"a5": "0", "k5": "1"},
        bag={"coin": 3},
    )
    state, events = act(state, BLACK, "pass")
    assert types(events)[-2:] == ["LavaDrawn", "LavaOutOfPlay"]
    assert state.tiles_placed == 5 and state.tiles_out == (1,)
    # The turn goes on with the next step: Red moves.
    assert (state.seat, state.pending) == (RED, "move")
    assert GAME.view(state, None)["tiles_out_of_play"] == ["coin"]


def test_r6_a_placement_with_one_legal_square_is_offered_as_forced() -> None:
    state = position(phase="lava_setup", pending="lava", tile="scroll", pieces={"a5": "0"})
    assert legal(state, RED) == {"lava h1"}
    assert forced_action(state, RED) == PlaceLava("h1")
    later = position(
        phase="lava_setup", pending="lava", tile="scroll", lava={"h1": "scroll"}, pieces={"a5": "0"}
    )
    assert forced_action(later, RED) is None  # g1 and h2


def _distances(start: str, lava: set[str], limit: int) -> dict[str, int]:
    """An independent breadth-first search over the board's neighbour table."""
    from engine.downfall.board import NEIGHBOURS

    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for sq in frontier:
            for n in NEIGHBOURS[sq]:
                if n not in dist and n not in lava and dist[sq] < limit:
                    dist[n] = dist[sq] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def test_r7_moves_follow_lava_free_paths_without_revisiting_a_square() -> None:
    lava = {"e4": "column", "e3": "column", "e5": "column", "d6": "mask", "d7": "mask"}
    state = position(phase="escape", pending="move", lava=lava, pieces={"d5": "00011"}, seat=RED)
    reachable = _distances("d5", set(lava), 5)
    targets = {
        a.split()[2] for a in legal(state, RED) if a.startswith("move d5 ") and "out" not in a
    }
    assert targets == set(reachable) - {"d5"}
    assert "f5" not in targets  # next door across the lava, 7 steps around
    state, events = act(state, RED, "move d5 b3")
    path = events[0]["path"]
    assert len(path) == len(set(path)) == reachable["b3"] + 1


def test_r8_moving_is_optional() -> None:
    state = position(
        phase="escape",
        pending="move",
        pieces={"c5": "0", "k4": "1"},
        bag={"scroll": 4},
        lava={"h1": "scroll"},
    )
    assert "pass" in legal(state, RED)
    state, events = act(state, RED, "pass")
    assert events[0] == {"type": "MovesEnded", "seat": RED, "unused": 2}
    assert (state.seat, state.pending) == (BLACK, "lava")
    assert on(state, "c5") == [1, 0, 0]


@pytest.mark.parametrize(
    ("volcano", "winners", "places"),
    [((4, 4, 9), {RED, BLACK}, (1, 1, 3)), ((5, 4, 9), {BLACK}, (2, 1, 3))],
)
def test_r9_most_saved_then_fewest_in_the_volcano_then_a_shared_win(
    volcano: tuple[int, int, int], winners: set[int], places: tuple[int, int, int]
) -> None:
    state = position(
        phase="escape",
        pending="move",
        pieces={"a5": "0"},
        saved=(3, 4, 4 if volcano[0] == 4 else 1),
        volcano=volcano,
    )
    state, events = act(state, RED, "move a5 out a5")  # the last piece leaves: game over
    outcome = GAME.outcome(state)
    assert outcome is not None and events[-1]["type"] == "GameEnded"
    assert outcome.winners == winners and outcome.places == places


def test_r10_a_relatives_step_with_no_free_space_is_not_asked() -> None:
    targets = [b for b in BUILDINGS if b.id != "B3b" and b.colour in ("purple", "neutral")]
    pieces: dict[str, str] = {}
    n = 0
    for b in targets:
        for sq, spaces in b.squares:
            pieces[sq] = "".join(str((n + k) % 3) for k in range(spaces))
            n += spaces
    pieces["d3"] = "2"
    state = position(seething=True, pieces=pieces, hands=[(3, 4), (2,), (5,)], stock=(9, 10))
    state, events = act(state, RED, "play 3 d3")
    assert types(events) == ["CardPlayed", "RelativesEarned", "RelativesEnded", "CardDrawn"]
    assert events[2]["reason"] == "no space"
    assert state.seat == BLACK


def test_r10_relatives_without_supply_are_not_asked() -> None:
    state = position(
        seething=True,
        pieces={"d3": "1"},
        supply=(1, 20, 20),
        hands=[(3, 4), (2,), (5,)],
        stock=(9,),
    )
    state, events = act(state, RED, "play 3 d3")
    assert events[2] == {"type": "RelativesEnded", "seat": RED, "unused": 1, "reason": "no supply"}


def test_r10_no_second_move_is_asked_when_no_piece_may_make_it() -> None:
    state = position(
        phase="escape",
        pending="move",
        pieces={"a5": "0", "c5": "1"},
        lava={"h1": "scroll"},
        bag={"scroll": 4},
    )
    state, _events = act(state, RED, "move a5 out a5")
    assert (state.seat, state.pending) == (BLACK, "lava")  # Red's turn ended by itself


def test_r11_the_bare_play_only_when_no_piece_can_be_placed() -> None:
    state = position(hands=[(1, 4), (2,), (3,)], stock=(9,))
    assert "play 1" not in legal(state, RED)
    with pytest.raises(IllegalActionError, match="name the square"):
        act(state, RED, "play 1")
    empty = position(supply=(0, 30, 30), hands=[(1, 4), (2,), (3,)], stock=(9,))
    with pytest.raises(IllegalActionError, match="no pieces left"):
        act(empty, RED, "play 1 a2")


def test_r12_an_eruption_call_abandons_a_pending_relatives_step() -> None:
    state = position(
        seething=True,
        pieces={**FULL_1_AND_7, "d3": "2"},
        hands=[(3, 4), (1, 7), (5,)],
        stock=(9, 10),
    )
    state, _ = act(state, RED, "play 3 d3")
    assert state.pending == "relative" and deciders(GAME, state) == {RED, BLACK}
    state, events = act(state, BLACK, "erupt")
    assert state.phase == "lava_setup" and state.rel_left == 0
    assert events[0]["hands"] == [[4], [1, 7], [5]]  # Red, mid-turn, holds one card fewer


def test_r12_the_player_on_turn_may_call_mid_turn_on_the_hand_left() -> None:
    state = position(
        seething=True,
        pieces={**FULL_1_AND_7, "d3": "2"},
        hands=[(1, 3, 7), (2,), (5,)],
        stock=(9, 10),
    )
    assert "erupt" not in legal(state, RED)  # the 3 is not a joker
    state, _ = act(state, RED, "play 3 d3")
    assert "erupt" in legal(state, RED)
    state, events = act(state, RED, "erupt")
    assert events[0]["seat"] == RED and state.seat == BLACK


def test_r13_a_piece_sharing_its_square_cannot_move_twice() -> None:
    state = position(phase="escape", pending="move", pieces={"c5": "01", "k4": "0"})
    state, _ = act(state, RED, "move c5 b5")
    moves = legal(state, RED)
    assert not any(m.startswith("move b5") for m in moves)
    assert any(m.startswith("move k4") for m in moves)


def test_r13_a_lone_piece_may_move_twice_if_moved_first() -> None:
    state = position(phase="escape", pending="move", pieces={"c5": "0", "k4": "0"})
    state, _ = act(state, RED, "move c5 b5")
    assert "move b5 a5" in legal(state, RED)


def test_r13_a_last_piece_moves_twice_even_when_not_alone() -> None:
    state = position(phase="escape", pending="move", pieces={"c5": "01"})
    state, _ = act(state, RED, "move c5 c4")
    assert "move c4 b4" in legal(state, RED)


def test_r14_the_second_ad79_is_always_in_the_stock_during_phase_1() -> None:
    for seed in range(40):
        state = GAME.new_game(seed, 2 + seed % 3)
        assert len(state.stock) == 41 and state.stock[8] == AD79
        assert OMEN not in state.stock[:8]
    # After the first A.D. 79: 32 cards, A.D. 79 among the bottom 16.
    state = GAME.new_game(3, 4)
    while not state.seething:
        seat = state.seat
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0]).state
    assert len(state.stock) <= 32 and AD79 in state.stock[-16:]


def test_r15_an_omen_drawn_as_the_replacement_of_the_first_ad79_acts() -> None:
    state = position(
        pieces={"c3": "1"},
        hands=[(3, 4), (2,), (5,)],
        stock=("ad79", "omen", *range(1, 12), *range(1, 12)),
    )
    state, events = act(state, RED, "play 4 f3")
    assert types(events) == ["CardPlayed", "VesuviusSeethes", "OmenDrawn"]
    assert state.seething and state.pending == "omen"
    assert legal(state, RED) == {"omen black c3"}
    state, events = act(state, RED, "omen black c3")
    assert types(events) == ["PieceThrown", "CardDrawn"]
    assert state.volcano[BLACK] == 1 and AD79 in state.stock[-16:]


def test_r16_no_relatives_before_vesuvius_seethes() -> None:
    state = position(pieces={"d3": "1"}, hands=[(3, 4), (2,), (5,)], stock=(9,))
    state, events = act(state, RED, "play 3 d3")
    assert types(events) == ["CardPlayed", "CardDrawn"]


def test_r17_ad79_drawn_again_after_an_omen_erupts() -> None:
    state = position(
        seething=True, pieces={"c3": "1"}, hands=[(3, 4), (2,), (5,)], stock=("omen", "ad79")
    )
    state, _ = act(state, RED, "play 4 f3")
    state, events = act(state, RED, "omen black c3")
    assert types(events)[:2] == ["PieceThrown", "VesuviusErupted"]
    assert events[1]["called"] is False and events[1]["seat"] == RED
    assert (state.phase, state.seat) == ("lava_setup", BLACK)


def test_r18_an_eruption_with_an_empty_city_ends_the_game() -> None:
    state = position(seething=True, supply=(0, 0, 0), hands=[(3, 4), (2,), (5,)], stock=("ad79",))
    state, events = act(state, RED, "play 3")
    assert types(events) == ["CardPlayed", "VesuviusErupted", "GameEnded"]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == {RED, BLACK, YELLOW}


def test_r19_a_setup_tile_with_no_square_passes_the_draw_to_the_next_seat() -> None:
    walled_coin = {"c2": "coin", "c1": "column", "b2": "mask", "d2": "vase", "c3": "helmet"}
    state = position(
        phase="lava_setup",
        pending="lava",
        tile="scroll",
        tiles_placed=2,  # a constructed position: the wall stands for other tiles
        lava=walled_coin,
        pieces={"a5": "0"},
        bag={"coin": 2},
    )
    state, events = act(state, RED, "lava h1")
    assert [e["seat"] for e in events if e["type"] == "LavaOutOfPlay"] == [BLACK, YELLOW]
    # The second coin was the last tile in the bag: the game ends (R20).
    assert events[-1]["type"] == "GameEnded"


def test_r20_the_drawer_of_the_last_tile_finishes_the_turn_then_the_city_is_lost() -> None:
    state = position(
        2,
        phase="escape",
        pending="move",
        seat=BLACK,
        pieces={"a5": "0", "c5": "00", "k4": "1"},
        lava={"h1": "scroll"},
        bag={"scroll": 1},
    )
    state, events = act(state, BLACK, "pass")
    assert events[-1]["last"] is True
    state, _ = act(state, RED, "lava g1")
    assert state.pending == "move"
    state, _ = act(state, RED, "move a5 out a5")
    state, events = act(state, RED, "pass")
    assert events[-1]["type"] == "GameEnded"
    assert events[-1]["lost"] == [2, 1]
    assert state.saved == (1, 0) and state.volcano == (2, 1)


def test_r20_saving_the_last_piece_in_the_city_ends_the_game_at_once() -> None:
    state = position(phase="escape", pending="move", pieces={"a5": "00"}, bag={"scroll": 9})
    state, _ = act(state, RED, "move a5 out a5")
    state, events = act(state, RED, "move a5 out a5")
    assert events[-1]["type"] == "GameEnded" and state.phase == "over"
    assert deciders(GAME, state) == frozenset()


def test_r21_a_seat_without_pieces_in_the_city_only_places_lava() -> None:
    state = position(
        phase="escape",
        pending="lava",
        tile="scroll",
        seat=BLACK,
        lava={"h1": "scroll"},
        pieces={"a5": "0"},
        bag={"scroll": 4},
    )
    state, events = act(state, BLACK, "lava g1")
    assert "MovesSkipped" in types(events)
    assert (state.seat, state.pending) == (YELLOW, "lava")


def test_r22_another_piece_of_the_seat_on_the_landing_square_may_still_move() -> None:
    state = position(phase="escape", pending="move", pieces={"c5": "01", "b5": "0", "k4": "0"})
    state, _ = act(state, RED, "move c5 b5")
    assert any(m.startswith("move b5") for m in legal(state, RED))
    state, events = act(state, RED, "move b5 out a5")
    assert events[0]["points"] == 2  # both pieces now on b5


def test_r23_the_bag_has_no_order_only_counts_and_draws_are_recorded() -> None:
    state = position(
        phase="escape",
        pending="move",
        seat=BLACK,
        pieces={"a5": "0", "k4": "1"},
        lava={"h1": "scroll", "c2": "coin"},
        bag={"scroll": 2, "coin": 2},
    )
    before = GAME.view(state, None)["bag"]
    state, events = act(state, BLACK, "pass")
    drawn = events[-1]["tile"]
    after = GAME.view(state, None)["bag"]
    assert after[drawn] == before[drawn] - 1 and sum(after.values()) == 3


def test_r24_the_eruption_shows_every_hand_and_discards_it() -> None:
    state = position(seething=True, hands=[(3, 4), (2, 2), (5, 6)], stock=("ad79",))
    state, events = act(state, RED, "play 3 c3")
    erupted = next(e for e in events if e["type"] == "VesuviusErupted")
    assert erupted["hands"] == [[4], [2, 2], [5, 6]]
    assert erupted["boxed"] == [29, 30, 30]
    view = GAME.view(state, None)
    assert view["discard"] == {"3": 1, "4": 1, "2": 2, "5": 1, "6": 1}
    assert all(s["hand_size"] == 0 and s["box"] == s["supply"] + s["box"] for s in view["seats"])


def test_r25_a_dual_vent_tile_is_played_as_the_side_named() -> None:
    state = position(
        phase="lava_setup", pending="lava", tile="helmet/mask", pieces={"a5": "0"}, dual_vent=True
    )
    assert legal(state, RED) == {"lava helmet j7", "lava mask d7"}
    with pytest.raises(IllegalActionError, match="dual vent"):
        act(state, RED, "lava d7")
    state, events = act(state, RED, "lava mask d7")
    assert events[0]["symbol"] == "mask" and events[0]["tile"] == "helmet/mask"
    assert GAME.view(state, None)["lava"] == {"d7": "mask"}
