"""The optional host hooks (docs/host.md): how long a permit window lasts, what a silent
holder or claimant does, and which actions go on buttons (rulings C3, C7, C13, C16)."""

from __future__ import annotations

from engine.cardcity import GAME
from engine.cardcity.actions import CLAIM, DECLINE, PlayStatue
from engine.cardcity.game import State, apply, legal_actions, to_act
from tests.engine.cardcity.helpers import play, scenario

HANDS = [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"], ["Wo", "Gy", "Fg"]]


def after_first_turn(**options: int) -> State:
    state = scenario({"g7": "Tr"}, HANDS, options=options)
    return play(state, (0, "play Fo h7"))[0]


def test_c16_the_window_lasts_the_permit_window_option_for_every_holder() -> None:
    for seconds in (60, 900, 14400):
        state = after_first_turn(permit_window=seconds)
        assert to_act(state) == frozenset({0, 2})
        assert GAME.decision_time(state, 0) == GAME.decision_time(state, 2) == float(seconds)
        assert GAME.decision_time(state, 1) is None  # the next player is not asked


def test_c16_other_decisions_run_on_the_tables_turn_time() -> None:
    state = scenario({"g7": "Tr"}, HANDS, options={"permit_window": 60})
    assert GAME.decision_time(state, 0) is None  # a normal turn
    claimed = play(after_first_turn(permit_window=60), (2, "claim"))[0]
    assert GAME.decision_time(claimed, 2) is None  # the permit turn itself
    lone = after_first_turn(permit_window=0)  # only the mover's second-turn offer
    assert to_act(lone) == frozenset({0}) and GAME.decision_time(lone, 0) is None


def test_c3_a_silent_holder_declines_and_the_window_closes_when_all_are_silent() -> None:
    state = after_first_turn()
    for seat in sorted(to_act(state)):
        action = GAME.timeout_action(state, seat)
        assert action == DECLINE and action in legal_actions(state, seat)
        state = apply(state, seat, action).state
    assert state.stage == "play" and to_act(state) == frozenset({1})
    assert state.permits == (1, 1, 1)  # nobody spent a permit


def test_c7_a_silent_claimant_gives_up_the_permit_turn_and_keeps_the_permit() -> None:
    state = play(after_first_turn(), (2, "claim"))[0]
    action = GAME.timeout_action(state, 2)
    assert action == DECLINE
    transition = apply(state, 2, action)
    assert [e["type"] for e in transition.events] == ["PermitLapsed"]
    assert transition.state.permits == (1, 1, 1) and to_act(transition.state) == frozenset({1})


def test_normal_turns_and_draws_leave_a_timeout_to_the_table() -> None:
    state = scenario({"g7": "Tr"}, HANDS, volcanoes=1)
    assert GAME.timeout_action(state, 0) is None
    drawing = play(state, (0, "play Fo h7"))[0]
    assert drawing.stage == "draw" and GAME.timeout_action(drawing, 0) is None
    assert GAME.timeout_action(drawing, 1) is None  # no decision at all


def test_c13_menus_hold_every_action_but_the_statues_placements() -> None:
    state = scenario({"g7": "Tr"}, HANDS)
    legal = legal_actions(state, 0)
    menu = GAME.menu_actions(state, 0)
    statues = [a for a in legal if isinstance(a, PlayStatue)]
    assert len(statues) > 25  # would not fit one select
    assert list(menu) == [a for a in legal if not isinstance(a, PlayStatue)]
    assert menu and all(GAME.format_action(a).startswith("play ") for a in menu)
    window = after_first_turn()
    assert list(GAME.menu_actions(window, 0)) == [CLAIM, DECLINE]


def test_c13_a_permit_turn_menu_keeps_giving_up_and_a_stuck_hand_keeps_discarding() -> None:
    claimed = play(after_first_turn(), (2, "claim"))[0]
    assert DECLINE in GAME.menu_actions(claimed, 2)
    stuck = scenario({"g7": "Tr"}, [["To", "Fr"], ["Vp"]])  # neither fits next to Tr
    menu = [GAME.format_action(a) for a in GAME.menu_actions(stuck, 0)]
    assert menu == ["discard To", "discard Fr"]
    assert any(isinstance(a, PlayStatue) for a in legal_actions(stuck, 0))
