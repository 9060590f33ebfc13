"""The toy with one planted bug each, for the suites' tests that prove a check fails when it
should (``tests/plugins/test_conformance.py``, ``test_translated.py``). Each is a bug a real
game could have and every suite once let pass: the toy is otherwise unchanged."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.base import RulesGame
from engine.core import ActionChoice, Seat
from engine.rng import Rng
from render.presentation import Image, Picture, Presentation, View
from tests.toy import PRESENTATION, _board, _cards, _png
from tests.toy.game import TOY, ToyAction, ToyState, legal_actions, parse_action

Toy = RulesGame[ToyState, ToyAction]


def _same_state(state: ToyState, seat: Seat, seed: int) -> ToyState:
    """Resamples nothing: every "determinized" state is the true one."""
    return state


def _every_hand(state: ToyState, seat: Seat, seed: int) -> ToyState:
    """Resamples the seat's own hand too (it knows it)."""
    cards, _ = Rng(seed).shuffle([c for hand in state.hands for c in hand] + list(state.deck))
    hands, at = [], 0
    for hand in state.hands:
        hands.append(tuple(cards[at : at + len(hand)]))
        at += len(hand)
    return replace(state, hands=tuple(hands), deck=tuple(cards[at:]))


def _any_card(state: ToyState, seat: Seat, action: ToyAction) -> bool:
    """Also accepts playing a card the seat does not hold (any value of the deck)."""
    if action in legal_actions(state, seat):
        return True
    turn = not state.over and not state.bidding and seat == state.active
    return turn and action.kind == "play" and 1 <= action.card <= 6 and action.slot == 0


def _slotless(text: str) -> ToyAction:
    """Reads ``play 3/2`` as ``play 3``: the slot is dropped."""
    action = parse_action(text)
    return replace(action, slot=0) if action.kind == "play" else action


def _one_label(state: ToyState, seat: Seat, action: ToyAction) -> str:
    """Every card's play has the same label."""
    return "Play a card" if action.kind == "play" else TOY.describe_action(state, seat, action)


def english_refusal(state: Any, seat: Seat, action: Any) -> str:
    """A refusal written in English, not for a catalog (any game's ``refusal``)."""
    return "You cannot do that now."


def english_reason(game: RulesGame[Any, Any]) -> RulesGame[Any, Any]:
    """``game`` whose outcome's reason is English, not for a catalog."""
    return replace(game, outcome=_EnglishReason(game))


class _EnglishReason:
    def __init__(self, game: RulesGame[Any, Any]) -> None:
        self.game = game

    def __call__(self, state: Any) -> Any:
        outcome = self.game.outcome(state)
        return None if outcome is None else replace(outcome, reason="the game is over")


_SEEN: list[str] = []
"""The last hand :func:`_cards_kept` drew."""


def _cards_kept(view: View, name: str, choices: Sequence[ActionChoice]) -> Image | None:
    """The toy's hand picture, which keeps the last hand it drew."""
    hand = view.get("hand")
    if hand:
        _SEEN[:] = [" ".join(str(c) for c in hand)]
    return _cards(view, name, choices)


def _board_telling(view: View, names: Sequence[str]) -> Image:
    """The toy's board, with the last hand drawn in private written under it."""
    board = _board(view, names)
    if not _SEEN:
        return board
    lines = [f"{s['seat']}: {s['score']} points" for s in view["seats"]]
    return Image(board.filename, _png(["Toy", *lines, f"Last hand: {_SEEN[0]}"]))


GOSSIP: Presentation = replace(
    PRESENTATION,
    pictures=(
        Picture("board", "Board", public=_board_telling),
        Picture("cards", "My cards", private=_cards_kept),
    ),
)
"""A presentation that writes on the public board the last hand it drew in private."""

UNDECLARED: Toy = replace(
    TOY,
    capabilities=replace(TOY.capabilities, secret_actions=False, hidden=False),
    determinize=None,
)
"""Declares no hidden information (and gives no ``determinize``), though each seat sees its
own hand."""
UNCHANGED: Toy = replace(TOY, determinize=_same_state)
"""A ``determinize`` that returns the true state."""
PEEKING: Toy = replace(TOY, determinize=_every_hand)
"""A ``determinize`` that changes the seat's own view (its hand)."""
LAX: Toy = replace(TOY, is_legal=_any_card)
"""An ``is_legal`` wider than ``legal_actions``."""
MISREAD: Toy = replace(TOY, parse_action=_slotless)
"""A notation that parses to another action than the one it names (with ``slots`` > 1)."""
SAME_LABELS: Toy = replace(TOY, describe_action=_one_label)
"""Two legal actions with the same label."""

__all__ = [
    "GOSSIP",
    "LAX",
    "MISREAD",
    "PEEKING",
    "SAME_LABELS",
    "UNCHANGED",
    "UNDECLARED",
    "english_reason",
    "english_refusal",
]
