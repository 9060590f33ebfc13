"""The Downfall of Pompeii on screen: the board and hand images (``board``) and its words
(``narrate``), as one :class:`~render.presentation.Presentation`."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import ActionChoice
from render.downfall import narrate
from render.downfall.board import render_board, render_hand
from render.presentation import Image, Presentation, View, Words, seat_colours


def _public_images(view: View, names: Sequence[str]) -> list[Image]:
    return [Image("board.png", render_board(view, names))]


def _private_image(view: View, name: str, choices: Sequence[ActionChoice]) -> Image | None:
    """The hand: nothing in phase 2, when every card has been played."""
    if not view.get("hand"):
        return None
    return Image("hand.png", render_hand(view, name))


PRESENTATION = Presentation(
    public_images=_public_images,
    private_image=_private_image,
    words=Words(
        narrate=narrate.narrate,
        decision=narrate.decision,
        hand=narrate.hand,
        rules=narrate.RULES,
        score_labels=narrate.SCORE_LABELS,
    ),
    colours=seat_colours,
)

__all__ = ["PRESENTATION", "render_board", "render_hand"]
