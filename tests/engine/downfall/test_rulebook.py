"""The examples of the rulebook (docs/rules/downfall.md, "Rulebook examples"), as scenarios."""

from __future__ import annotations

from tests.engine.downfall.helpers import BLACK, RED, YELLOW, act, legal, on, position, types


def test_jurgen_plays_grey_1_into_building_1_then_draws() -> None:
    state = position(hands=[(1, 4, 5, 9), (2, 2, 3, 3), (6, 6, 8, 8)], stock=(7, 10, 11))
    assert {"play 1 a2", "play 1 b2"} <= legal(state, RED)
    state, events = act(state, RED, "play 1 a2")
    assert on(state, "a2") == [1, 0, 0]
    assert events[0]["building"] == "1"
    assert types(events) == ["CardPlayed", "CardDrawn"]
    assert state.hands[RED] == (4, 5, 7, 9)
    assert (state.seat, state.pending) == (BLACK, "play")


def test_oliver_plays_6_and_chooses_the_building_of_three_spaces() -> None:
    state = position(seat=YELLOW, hands=[(1,), (2,), (6, 6, 8, 8)], stock=(7, 10))
    plays_of_6 = {a for a in legal(state, YELLOW) if a.startswith("play 6")}
    assert plays_of_6 == {"play 6 c4", "play 6 c5", "play 6 d4", "play 6 d5"}
    state, events = act(state, YELLOW, "play 6 c5")
    assert events[0]["building"] == "6a"
    assert on(state, "c5") == [0, 0, 1]


def test_klaus_plays_3_next_to_a_red_piece_and_gets_one_relative() -> None:
    # 3b (d3) holds a red piece; the yellow piece in 3a (c3) does not count.
    state = position(
        seat=BLACK,
        seething=True,
        pieces={"d3": "0", "c3": "2"},
        hands=[(1,), (3, 4, 5, 9), (6,)],
        stock=(7, 10),
    )
    state, events = act(state, BLACK, "play 3 d3")
    assert events[-1] == {"type": "RelativesEarned", "seat": BLACK, "count": 1, "building": "3b"}
    choices = legal(state, BLACK)
    assert "relative d3" not in choices  # never into the triggering building
    assert {"relative c3", "relative e1", "relative i3", "relative f5"} <= choices  # purple
    assert {"relative b4", "relative d6", "relative k4"} <= choices  # neutral
    assert "relative a2" not in choices and "relative e6" not in choices  # grey, turquoise
    state, events = act(state, BLACK, "relative b4")
    assert on(state, "b4") == [0, 1, 0]
    assert types(events) == ["RelativePlaced", "CardDrawn"]
    assert state.seat == YELLOW


def test_oliver_plays_6_into_a_crowded_6_and_places_three_relatives() -> None:
    state = position(
        seat=YELLOW,
        seething=True,
        pieces={"d4": "01", "d5": "1"},
        hands=[(1,), (2,), (6, 8, 8, 9)],
        stock=(7, 10),
    )
    state, events = act(state, YELLOW, "play 6 d5")
    assert events[-1]["count"] == 3
    assert state.rel_left == 3
    state, _ = act(state, YELLOW, "relative c4")  # the other 6
    assert "relative c5" not in legal(state, YELLOW)  # one relative per building
    state, _ = act(state, YELLOW, "relative e6")  # 9
    assert state.pending == "relative" and state.rel_left == 1
    state, events = act(state, YELLOW, "relative d6")  # a neutral building
    assert types(events) == ["RelativePlaced", "CardDrawn"]
    assert [on(state, sq)[YELLOW] for sq in ("d5", "c4", "e6", "d6")] == [1, 1, 1, 1]
    assert state.supply[YELLOW] == 30 - 4


def test_klaus_plays_6_with_both_6_buildings_full_as_a_joker() -> None:
    state = position(
        seat=BLACK,
        seething=True,
        pieces={"c4": "00", "c5": "2", "d4": "22", "d5": "00", "b4": "0"},
        hands=[(1,), (6, 7, 8, 9), (2,)],
        stock=(7, 10),
    )
    choices = legal(state, BLACK)
    assert {"play 6 b4", "play 6 c3", "play 6 a2", "play 6 k6"} <= choices
    assert "play 6 d4" not in choices
    state, events = act(state, BLACK, "play 6 b4")
    assert events[0]["joker"] is True
    assert "RelativesEarned" not in types(events)  # a joker never brings relatives
    assert on(state, "b4") == [1, 1, 0]


def test_four_pieces_on_a_square_give_4_then_3_then_2_move_points() -> None:
    state = position(
        phase="escape",
        pending="move",
        seat=YELLOW,
        pieces={"c5": "2201", "k4": "0"},
        lava={"h1": "scroll"},
        bag={"scroll": 5},
    )
    state, events = act(state, YELLOW, "move c5 out a5")
    assert events[0]["type"] == "PieceSaved" and events[0]["points"] == 4
    assert state.saved[YELLOW] == 1
    moves = legal(state, YELLOW)
    assert "move c5 f5" in moves  # 3 steps with 3 points
    assert "move c5 g5" not in moves  # 4 steps
    state, events = act(state, YELLOW, "move c5 f5")
    assert events[0]["points"] == 3
    # Red's turn: lava first, then the red piece on c5 has 2 points.
    assert (state.seat, state.pending) == (RED, "lava")
    state, _ = act(state, RED, "lava g1")
    moves = legal(state, RED)
    assert "move c5 e5" in moves and "move c5 f5" not in moves


def test_klaus_moves_a_lone_piece_onto_three_and_then_out_with_4_points() -> None:
    state = position(
        phase="escape",
        pending="move",
        seat=BLACK,
        pieces={"e5": "1", "f5": "002", "a3": "0"},
        lava={"h1": "scroll"},
        bag={"scroll": 5},
    )
    state, _ = act(state, BLACK, "move e5 f5")
    assert on(state, "f5") == [2, 1, 1]
    assert "move f5 out g7" in legal(state, BLACK)  # 3 steps + the gate = 4 points
    state, events = act(state, BLACK, "move f5 out g7")
    assert events[0]["points"] == 4 and events[0]["steps"] == 4
    assert events[0]["path"][0] == "f5" and events[0]["path"][-1] == "g7"
    assert state.saved[BLACK] == 1
