"""The game-agnostic parts of the engine contract: errors for text, what a game waits for."""

import pytest

from engine.core import Decision, NotationError, deciders, decision_of, parse_legal, waited
from engine.downfall import GAME


def test_unreadable_text_lists_the_legal_moves_too() -> None:
    state = GAME.new_game(1, 2)
    seat = state.seat
    first = GAME.format_action(GAME.legal_actions(state, seat)[0])
    with pytest.raises(NotationError, match="Legal now: ") as caught:
        parse_legal(GAME, state, seat, "dance a jig")
    assert f"`{first}`" in str(caught.value)


def test_options_are_offered_but_not_waited_for() -> None:
    turn: Decision[str] = Decision("turn", frozenset({0}), key="t")
    call: Decision[str] = Decision("option", frozenset({0, 2}), key="erupt")
    assert waited([turn, call]) == frozenset({0})
    assert decision_of([call, turn], 0) is turn  # the waited decision first
    assert decision_of([call, turn], 2) is call and decision_of([turn], 1) is None


def test_the_deciders_of_a_finished_game_are_nobody() -> None:
    from engine.downfall import playout

    state = GAME.new_game(3, 2)
    assert deciders(GAME, state) == frozenset({state.seat})
    assert deciders(GAME, playout(state, 3)) == frozenset()
