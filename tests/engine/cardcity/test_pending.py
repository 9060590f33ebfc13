"""What the game waits for (``pending``, docs/host.md): how long a permit window lasts, what a
silent holder does; a claimed permit turn is a plain turn (rulings C3, C7, C16)."""

from __future__ import annotations

from engine.cardcity import GAME
from engine.cardcity.actions import DECLINE
from engine.cardcity.game import State, legal_actions, to_act
from engine.core import Decision
from tests.engine.cardcity.helpers import HANDS, after_first_turn, play, scenario


def only(state: State) -> Decision[object]:
    """The one decision the game waits for (the next player's option to prepare their move,
    C20, is not waited for: test_prepared.py)."""
    (decision,) = [d for d in GAME.pending(state) if d.waits]
    return decision


def test_c16_the_window_lasts_the_permit_window_option_for_every_holder() -> None:
    for seconds in (60, 900, 14400):
        window = only(after_first_turn(options={"permit_window": seconds}))
        assert window.kind == "window" and window.seats == frozenset({0, 2})
        assert window.time_limit == float(seconds)  # the next player (1) is not asked


def test_c16_other_decisions_run_on_the_tables_turn_time() -> None:
    state = scenario({"g7": "Tr"}, HANDS, options={"permit_window": 60})
    assert only(state).kind == "turn" and only(state).time_limit is None  # a normal turn
    claimed = play(after_first_turn(options={"permit_window": 60}), (2, "claim"))[0]
    assert only(claimed).time_limit is None  # the permit turn itself
    lone = only(after_first_turn(options={"permit_window": 0}))  # the mover's lone offer
    assert lone.seats == frozenset({0}) and lone.time_limit is None


def test_a_window_keeps_its_key_while_holders_decline_and_the_next_turn_gets_a_new_one() -> None:
    state = after_first_turn()
    key = only(state).key
    partly = GAME.apply(state, 0, DECLINE).state
    assert only(partly).seats == frozenset({2}) and only(partly).key == key
    closed = GAME.apply(partly, 2, DECLINE).state
    assert only(closed).kind == "turn" and only(closed).key != key


def test_c3_a_silent_holder_declines_and_the_window_closes_when_all_are_silent() -> None:
    state = after_first_turn()
    for seat in sorted(to_act(state)):
        action = only(state).defaults[seat]
        assert action == DECLINE and action in legal_actions(state, seat)
        state = GAME.apply(state, seat, action).state
    assert state.stage == "play" and to_act(state) == frozenset({1})
    assert state.permits == (1, 1, 1)  # nobody spent a permit


def test_c7_a_claimed_permit_turn_is_a_plain_turn_the_table_times_out() -> None:
    state = play(after_first_turn(), (2, "claim"))[0]
    turn = only(state)
    assert turn.kind == "turn" and turn.seats == frozenset({2})
    assert turn.defaults == {} and turn.skips == {}  # no lapse: the timeout policy places
    assert DECLINE not in legal_actions(state, 2)


def test_normal_turns_and_draws_leave_a_timeout_to_the_table() -> None:
    state = scenario({"g7": "Tr"}, HANDS, volcanoes=1)
    assert only(state).defaults == {} and only(state).skips == {}
    drawing = play(state, (0, "play Fo h7"))[0]
    assert drawing.stage == "draw" and only(drawing).seats == frozenset({0})
    assert only(drawing).defaults == {}
