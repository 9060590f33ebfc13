"""One test per item of the spec's ambiguity section (docs/rules/cardcity.md §5: test_aN) and
per implementation ruling not tested elsewhere (§9: test_cN; grep for the rest)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.cardcity.actions import (
    CLAIM,
    DECLINE,
    DRAW,
    NODRAW,
    Action,
    Discard,
    PlayStatue,
    card_code,
    cell_code,
    parse_action,
    parse_cell,
)
from engine.cardcity.api import GAME
from engine.cardcity.game import legal_actions, outcome, to_act
from engine.core import IllegalActionError, NotYourTurnError
from tests.engine.cardcity.helpers import V, cards, play, scenario, types

NONE = (0, 0)


def latin(row: int, col: int) -> str:
    """A card for every grid cell such that no two edge neighbours share a building or a
    colour: building (row + col) mod 7, colour (row + 2 col) mod 7 (a bijection on 7 x 7)."""
    return card_code(((row + col) % 7) * 7 + (row + 2 * col) % 7)


def latin_city(cells: list[str]) -> dict[str, str]:
    return {c: latin(*parse_cell(c)) for c in cells}


def points_of(events: list[dict[str, object]]) -> int:
    played = [e for e in events if e["type"] in ("CardPlayed", "StatuePlayed")]
    assert len(played) == 1
    return int(played[0]["points"])  # type: ignore[call-overload]


def test_a01_the_rules_as_written_play_a_whole_game() -> None:
    state = GAME.new_game(5, 3)
    events: list[str] = []
    while to_act(state):
        seat = min(to_act(state))
        transition = GAME.apply(state, seat, legal_actions(state, seat)[0])
        state = transition.state
        events += types(transition.events)
    assert events.count("VolcanoDrawn") == 2 and events[-1] == "GameEnded"
    assert "CardPlayed" in events and "PermitClaimed" in events


def test_a02_edge_contact_only_and_the_seven_by_seven_frame_floats() -> None:
    row = ["g7", "h7", "i7", "j7", "k7", "l7"]
    city = latin_city(row)
    m7, f7, h8 = latin(6, 12), latin(6, 5), latin(7, 7)
    state = scenario(city, [[m7, f7, h8], ["Ag"]], permits=NONE)
    with pytest.raises(IllegalActionError, match="corner"):
        GAME.apply(state, 0, parse_action(f"play {h8} m8"))  # m8 only touches l7 at a corner
    # The start card g7 ends up at the left edge: six cards to its right are fine.
    state, events = play(state, (0, f"play {m7} m7"))
    assert events[0]["streets"][0]["seventh"] == 7
    state = replace(state, turn=0, actor=0)
    with pytest.raises(IllegalActionError, match="wider or taller than 7"):
        GAME.apply(state, 0, parse_action(f"play {f7} f7"))


def test_a03_card_data_is_labelled_as_our_adaptation() -> None:
    view = GAME.view(GAME.new_game(1, 2), None)
    assert view["legend"]["adapted"] is True
    assert [b[1] for b in view["legend"]["buildings"]][:2] == ["Temple", "Forum"]


def test_a04_the_new_card_takes_part_in_the_colour_comparison() -> None:
    state = scenario({"g7": "Tr", "h7": "Fo"}, [["Gr"], ["Ag"]], permits=NONE)
    _, events = play(state, (0, "play Gr i7"))  # red: Temple·red·1 and the new Granary·red·7
    assert events[0]["streets"][0]["colour"] == 7 and points_of(events) == 7


def test_a05_the_new_card_counts_once_in_every_street_with_its_building() -> None:
    state = scenario({"g7": "Tr", "h7": "Fo", "i7": "Tb"}, [["Tp"], ["Ag"]], permits=NONE)
    _, events = play(state, (0, "play Tp h8"))  # "\": Tr 1 + 4; "/": Tb 2 + 4
    assert {s["line"]: s["building"] for s in events[0]["streets"]} == {
        "column": 0,
        "diagonal \\": 5,
        "diagonal /": 6,
    }
    assert points_of(events) == 11


def test_a06_seventh_card_means_a_full_line_and_each_line_gives_7() -> None:
    row = [f"{c}7" for c in "ghiklm"]
    column = [f"j{r}" for r in range(1, 7)]
    j7 = latin(6, 9)
    state = scenario(latin_city(row + column), [[j7], ["Ag"]], permits=NONE)
    _, events = play(state, (0, f"play {j7} j7"))
    sevens = {s["line"]: s["seventh"] for s in events[0]["streets"]}
    assert sevens == {"row": 7, "column": 7}
    assert points_of(events) == 14  # a Latin row/column has no building or colour twice


def test_a07_every_edge_neighbour_is_checked() -> None:
    state = scenario({"g7": "Tr", "h7": "Fo", "h8": "By"}, [["Vy"], ["Ag"]], permits=NONE)
    # Vy fits next to Tr above it, but its right neighbour By is yellow too.
    with pytest.raises(IllegalActionError, match="same building or colour"):
        GAME.apply(state, 0, parse_action("play Vy g8"))


def test_a08_neutral_statues_link_streets_and_count_to_seven_but_never_match() -> None:
    state = scenario({"g7": "Tr", "h7": "S1:Tg"}, [["Tb"], ["Ag"]], permits=NONE)
    _, events = play(state, (0, "play Tb i7"))
    row = events[0]["streets"][0]
    assert row["cells"] == ["g7", "h7", "i7"]
    assert row["building"] == 1 + 2  # Tr and the new Tb; the Temple-declared statue is neutral
    city = latin_city([f"{c}7" for c in "ghijl"]) | {"k7": "S1:Ar"}
    m7 = latin(6, 12)
    _, events = play(scenario(city, [[m7], ["Ag"]], permits=NONE), (0, f"play {m7} m7"))
    assert events[0]["streets"][0]["seventh"] == 7


def test_a09_statues_may_touch_statues_but_declarations_obey_the_rule() -> None:
    state = scenario({"g7": "Tr", "h7": "S1:Fb"}, [["Ag"], ["Gy"]], permits=NONE)
    assert PlayStatue(1, 4, parse_cell("i7")) in legal_actions(state, 0)  # Forum·blue by Fb
    with pytest.raises(IllegalActionError, match="same building or colour"):
        GAME.apply(state, 0, parse_action("statue Tb g8"))  # a Temple under Temple·red
    with pytest.raises(IllegalActionError, match="same building or colour"):
        GAME.apply(state, 0, parse_action("statue Ar g8"))  # red under Temple·red


def test_a10_no_card_fits_choose_statue_or_discard() -> None:
    state = scenario({"g7": "Tr"}, [["To", "Ty", "Fr"], ["Ag"]], permits=NONE)
    legal = legal_actions(state, 0)
    kinds = {type(a).__name__ for a in legal}
    assert kinds == {"PlayStatue", "Discard"}
    assert [a for a in legal if isinstance(a, Discard)] == [
        Discard(c) for c in sorted(cards(["To", "Ty", "Fr"]))
    ]


def test_a11_discard_in_the_end_phase_draw_optional_unless_the_hand_is_empty() -> None:
    hands = [["To", "Ty"], ["Ag"]]
    state = scenario({"g7": "Tr"}, hands, permits=NONE, volcanoes=1, statue_used=[0])
    after, events = play(state, (0, "discard To"))
    assert types(events) == ["CardDiscarded"] and legal_actions(after, 0) == [DRAW, NODRAW]
    state = scenario({"g7": "Tr"}, [["To"], ["Ag"]], permits=NONE, volcanoes=1, statue_used=[0])
    after, events = play(state, (0, "discard To"))
    assert types(events) == ["CardDiscarded", "CardDrawn"] and len(after.hands[0]) == 1


def test_a12_first_volcano_is_set_aside_and_the_drawer_decides() -> None:
    state = scenario({"g7": "Tr"}, [["Fo", "Ay", "Bg"], ["Ag"]], [V, "Gr", V], permits=NONE)
    after, events = play(state, (0, "play Fo h7"))
    assert events[-1] == {"type": "VolcanoDrawn", "seat": 0, "number": 1}
    assert after.deck == cards(["Gr", V]) and legal_actions(after, 0) == [DRAW, NODRAW]
    kept, _ = play(after, (0, "nodraw"))
    assert len(kept.hands[0]) == 2 and to_act(kept) == frozenset({1})


def test_a13_second_volcano_ends_at_once_without_replacement_or_permits() -> None:
    state = scenario(
        {"g7": "Tr"}, [["Fo", "Ay"], ["Ag"], ["Bp"]], [V, "Gr"], permits=(1, 1, 1), volcanoes=1
    )
    over, events = play(state, (0, "play Fo h7"), (0, "draw"))
    assert types(events) == ["CardPlayed", "VolcanoDrawn", "GameEnded"]
    assert over.hands[0] == cards(["Ay"]) and to_act(over) == frozenset()


def test_a14_no_permit_inside_someone_elses_permit_turn() -> None:
    hands = [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"], ["Wo", "Gy", "Fg"], ["Ab", "Gb", "Vy"]]
    state = scenario({"g7": "Tr"}, hands)
    state, _ = play(state, (0, "play Fo h7"), (2, "claim"))
    assert to_act(state) == frozenset({2})
    with pytest.raises(NotYourTurnError):
        GAME.apply(state, 3, CLAIM)


def test_a15_a_permit_turn_must_place() -> None:
    hands = [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"], ["Wo", "Gy", "Fg"]]
    state, _ = play(scenario({"g7": "Tr"}, hands), (0, "play Fo h7"), (2, "claim"))
    assert not any(isinstance(a, Discard) for a in legal_actions(state, 2))


def test_a16_first_claim_received_wins_and_the_mover_is_in_the_same_window() -> None:
    hands = [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"], ["Wo", "Gy", "Fg"]]
    state, _ = play(scenario({"g7": "Tr"}, hands), (0, "play Fo h7"))
    assert GAME.view(state, None)["window"]["second_turn"] == 0
    claimed, events = play(state, (2, "claim"))
    assert events[0]["kind"] == "interrupt"
    with pytest.raises(NotYourTurnError):
        GAME.apply(claimed, 0, CLAIM)


def test_a17_permit_turn_draw_is_optional_in_the_end_phase() -> None:
    hands = [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"], ["Wo", "Gy", "Fg"]]
    state = scenario({"g7": "Tr"}, hands, volcanoes=1)
    state, _ = play(state, (0, "play Fo h7"), (0, "nodraw"), (2, "claim"), (2, "play Gy g8"))
    assert legal_actions(state, 2) == [DRAW, NODRAW]
    state, _ = play(state, (2, "nodraw"))
    assert len(state.hands[2]) == 2 and to_act(state) == frozenset({1})


def test_a18_c11_ties_share_the_win() -> None:
    hands = [["Fo", "Ay"], ["Ag"], ["Bp"]]
    state = scenario({"g7": "Tr"}, hands, [V], permits=(0, 0, 0), volcanoes=1)
    # final: seat 0 = 20 - 7 (Ay) = 13; seat 1 = 15 - 2 (Ag) = 13; seat 2 = 9 - 7 (Bp) = 2
    state = replace(state, scores=(20, 15, 9))
    over, _ = play(state, (0, "play Fo h7"), (0, "draw"))
    result = outcome(over)
    assert result is not None
    assert result.winners == frozenset({0, 1}) and result.places == (1, 1, 3)


def test_a19_c12_who_starts_is_random_or_chosen() -> None:
    assert len({GAME.new_game(seed, 3).turn for seed in range(30)}) == 3
    assert GAME.new_game(4, 3, {"first_seat": 1}).turn == 1


def test_a20_discards_leave_the_game_for_good() -> None:
    state = scenario({"g7": "Tr"}, [["To", "Ty", "Fr"], ["Ag"]], permits=NONE, statue_used=[0])
    deck = state.deck
    after, _ = play(state, (0, "discard Fr"))
    assert after.discards == cards(["Fr"]) and after.deck == deck[1:]
    assert GAME.view(after, None)["discards"] == ["Fr"]


def test_a21_statue_may_copy_a_card_already_in_play() -> None:
    state = scenario({"g7": "Tr", "h7": "Fo"}, [["Ag"], ["Gy"]], permits=NONE)
    _, events = play(state, (0, "statue Tr i7"))
    assert events[0]["declared"] == "Tr" and points_of(events) == (1 + 1) + 1


def test_a22_even_a_stalling_player_cannot_stop_the_game() -> None:
    """Prefer not drawing, declining and discarding: the game still ends."""
    stalling: list[Action] = [NODRAW, DECLINE]
    for seed in range(5):
        state = GAME.new_game(seed, 4, {"permit_uses": 2})
        for _ in range(1000):
            if not to_act(state):
                break
            seat = min(to_act(state))
            legal = legal_actions(state, seat)
            choice = next((a for a in stalling if a in legal), None)
            choice = choice or next((a for a in legal if isinstance(a, Discard)), legal[-1])
            state = GAME.apply(state, seat, choice).state
        assert outcome(state) is not None


def test_c1_spaces_keep_their_names_as_the_city_grows() -> None:
    state = GAME.new_game(2, 2, {"first_seat": 0})
    assert cell_code(state.city[0][:2]) == "g7"
    view = GAME.view(state, None)
    assert view["city"][0]["cell"] == "g7"
    assert view["frame"] == {"top": 7, "bottom": 7, "left": 7, "right": 7}


def test_c9_no_draw_decision_after_a_statue_even_in_the_end_phase() -> None:
    state = scenario({"g7": "Tr"}, [["Fo", "Ay"], ["Ag"]], permits=NONE, volcanoes=1)
    after, events = play(state, (0, "statue Ab h7"))
    assert types(events) == ["StatuePlayed"] and to_act(after) == frozenset({1})


def test_c10_hands_are_revealed_only_at_the_end() -> None:
    state = scenario({"g7": "Tr"}, [["Fo", "Ay"], ["Ag"]], [V], permits=NONE, volcanoes=1)
    assert GAME.view(state, None)["hands"] is None
    over, events = play(state, (0, "play Fo h7"), (0, "draw"))
    assert events[-1]["hands"] == [["Ay"], ["Ag"]]
    assert GAME.view(over, None)["hands"] == [["Ay"], ["Ag"]]


def test_c13_the_statue_may_take_every_identity_its_neighbours_allow() -> None:
    state = scenario({"g7": "Tr"}, [["Fo"], ["Ag"]], permits=NONE)
    at_h7 = [a for a in legal_actions(state, 0) if isinstance(a, PlayStatue) and a.cell == (6, 7)]
    assert len(at_h7) == 6 * 6  # anything but a Temple and anything but red


def test_c15_a_full_city_leaves_only_discards_and_no_permit_claims() -> None:
    everything = [f"{chr(ord('g') + c)}{r + 1}" for r in range(7) for c in range(7)]
    city = latin_city(everything)
    spare = [city["g1"], city["h1"]]
    city |= {"g1": "S0:Ar", "h1": "S1:Ar"}  # both statues fill the last two spaces
    state = scenario(city, [spare, []], [V], volcanoes=1)
    assert legal_actions(state, 0) == [Discard(c) for c in sorted(cards(spare))]
    after, _ = play(state, (0, f"discard {spare[0]}"), (0, "nodraw"))
    assert to_act(after) == frozenset({0}) and legal_actions(after, 0) == [DECLINE]
    # Seat 1 waits with an empty hand: nothing it could prepare, so no option either (C20).
    assert [d.kind for d in GAME.pending(after)] == ["window"] and legal_actions(after, 1) == []


def test_c16_options_are_offered_with_their_choices() -> None:
    specs = {o.name: o for o in GAME.options}
    assert specs["permit_uses"].choices == (1, 2) and specs["permit_uses"].default == 1
    assert 0 in specs["permit_window"].choices and specs["permit_window"].default == 900
    assert specs["first_seat"].default == -1


def test_c19_the_deal_comes_from_the_seed_and_every_draw_is_an_event() -> None:
    state = GAME.new_game(21, 3, {"permit_window": 0})
    assert GAME.new_game(21, 3, {"permit_window": 0}) == state
    seat = state.turn
    play_card = next(a for a in legal_actions(state, seat) if type(a).__name__ == "PlayCard")
    transition = GAME.apply(state, seat, play_card)
    (drawn,) = [e for e in transition.events if e["type"] == "CardDrawn"]
    assert drawn["secret"] == {"card": card_code(state.deck[0])}
    assert transition.state.hands[seat][-1] == state.deck[0]
