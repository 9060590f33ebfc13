"""Bad input gets a clear RuleError and never changes the game."""

from __future__ import annotations

import pytest

from engine.core import (
    GameOverError,
    IllegalActionError,
    NotationError,
    NotYourTurnError,
    RuleError,
    parse_legal,
)
from engine.downfall import GAME, MovePiece, PlayCard, playout
from tests.engine.downfall.helpers import BLACK, RED, act, position

HANDS = [(1, 4, 6, 9), (2, 3, 5, 8), (6, 7, 10, 11)]


def test_an_action_from_the_wrong_seat_is_refused() -> None:
    state = position(hands=HANDS, stock=(9,))
    with pytest.raises(NotYourTurnError, match="waiting for Red"):
        act(state, BLACK, "play 2 e1")
    with pytest.raises(NotYourTurnError, match="not playing"):
        GAME.apply(state, 7, PlayCard(1, "a2"))
    with pytest.raises(NotYourTurnError, match="not your turn"):
        parse_legal(GAME, state, BLACK, "play 2 e1")


def test_an_action_at_the_wrong_time_is_refused_with_what_is_expected() -> None:
    state = position(hands=HANDS, stock=(9,))
    for text in ("move d4 f4", "lava c2", "pass", "relative b4", "omen black c3"):
        with pytest.raises(IllegalActionError, match="play a card"):
            act(state, RED, text)
    with pytest.raises(IllegalActionError, match="only when every card"):
        act(state, RED, "erupt")
    escape = position(phase="escape", pending="move", pieces={"c5": "0"})
    with pytest.raises(IllegalActionError, match="already erupted"):
        act(escape, RED, "erupt")
    with pytest.raises(IllegalActionError, match="move a piece"):
        act(escape, RED, "play 6 d4")


def test_illegal_plays_explain_the_rule() -> None:
    state = position(hands=HANDS, stock=(9,), pieces={"c5": "1"})
    with pytest.raises(IllegalActionError, match="no 2 in your hand"):
        act(state, RED, "play 2 e1")
    with pytest.raises(IllegalActionError, match=r"6a \(c4/c5\), 6b \(d4/d5\)"):
        act(state, RED, "play 6 e6")
    with pytest.raises(IllegalActionError, match="all taken"):
        act(state, RED, "play 6 c5")


def test_illegal_moves_explain_the_rule() -> None:
    state = position(phase="escape", pending="move", pieces={"c5": "01", "k4": "1"})
    with pytest.raises(IllegalActionError, match="no piece on k4"):
        act(state, RED, "move k4 k3")
    with pytest.raises(IllegalActionError, match="2 move point"):
        act(state, RED, "move c5 f5")
    with pytest.raises(IllegalActionError, match="cannot reach the gate"):
        act(state, RED, "move c5 out g7")


def test_parse_legal_gives_readable_errors_and_lists_the_legal_moves() -> None:
    state = position(hands=HANDS, stock=(9,))
    with pytest.raises(NotationError, match="not a square"):
        parse_legal(GAME, state, RED, "play 6 q4")
    with pytest.raises(NotationError) as unknown:
        parse_legal(GAME, state, RED, "hello")
    # What is legal now, not example moves from every phase (lava, Omen, moves out).
    text = str(unknown.value)
    assert "Legal now: `play 1 a2`" in text and "Try one of" not in text and "lava" not in text
    with pytest.raises(NotationError, match="Try one of"):  # the notation alone: examples
        GAME.parse_action("hello")
    with pytest.raises(IllegalActionError, match="Legal now: `play 1 a2`"):
        parse_legal(GAME, state, RED, "play 6 e6")
    assert parse_legal(GAME, state, RED, " PLAY 6 D4") == PlayCard(6, "d4")


def test_a_finished_game_refuses_every_action() -> None:
    final = playout(GAME.new_game(5, 2), 5)
    with pytest.raises(GameOverError):
        GAME.apply(final, 0, MovePiece("c5", "c4"))
    with pytest.raises(GameOverError):
        parse_legal(GAME, final, 0, "pass")


def test_a_refused_action_leaves_the_state_untouched() -> None:
    state = position(hands=HANDS, stock=(9,))
    before = GAME.state_to_json(state)
    for text in ("play 2 e1", "play 6 e6", "move c5 c4", "erupt"):
        with pytest.raises(RuleError):
            act(state, RED, text)
    assert GAME.state_to_json(state) == before


def test_bad_setup_is_refused() -> None:
    with pytest.raises(RuleError, match="2 to 4 players"):
        GAME.new_game(1, 5)
    with pytest.raises(RuleError, match="has no option `volcano`"):
        GAME.new_game(1, 3, {"volcano": True})
    with pytest.raises(RuleError, match="on or off"):
        GAME.new_game(1, 3, {"dual_vent": "yes"})


def test_a_view_for_a_seat_that_does_not_exist_is_refused() -> None:
    with pytest.raises(RuleError, match="no seat 3"):
        GAME.view(GAME.new_game(1, 3), 3)
