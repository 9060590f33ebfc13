"""The Downfall of Pompeii on screen: the board and hand images (``board``) and its words
(``narrate``), as one :class:`~render.presentation.Presentation`."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import ActionChoice
from render.downfall import narrate
from render.downfall.board import render_board, render_hand
from render.presentation import Image, Picture, Presentation, View, Words, seat_colours


def _board(view: View, names: Sequence[str]) -> Image:
    return Image("board.png", render_board(view, names))


def _cards(view: View, name: str, choices: Sequence[ActionChoice]) -> Image | None:
    """The hand, with where each card can go when a card is to be played; nothing in phase 2,
    when every card has been played."""
    if not view.get("hand"):
        return None
    return Image("hand.png", render_hand(view, name, choices))


def picture_for(view: View, choices: Sequence[ActionChoice]) -> str:
    """The hand when a card is to be played (phase 1) or when there is no decision (the
    starting hand, ``/hand`` between turns), else the board (relatives, the Omen, lava, moves:
    where things are is what the decision needs)."""
    if view.get("hand") and (not choices or any(c.notation.startswith("play ") for c in choices)):
        return "cards"
    return "board"


PRESENTATION = Presentation(
    pictures=(
        Picture("board", "Board", public=_board),
        Picture("cards", "My cards", private=_cards),
    ),
    words=Words(
        narrate=narrate.narrate,
        decision=narrate.decision,
        hand=narrate.hand,
        rules=narrate.RULES,
        score_labels=narrate.SCORE_LABELS,
    ),
    colours=seat_colours,
    picture_for=picture_for,
)

__all__ = ["PRESENTATION", "render_board", "render_hand"]
