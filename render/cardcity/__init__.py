"""Pompeji (the card game) on screen: the board and hand images (``board``, drawn with the
card art of ``art``) and its words (``narrate``), as one
:class:`~render.presentation.Presentation`."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import ActionChoice
from render.cardcity import narrate
from render.cardcity.board import render_board, render_hand
from render.controls import Choose, Controls
from render.presentation import (
    Image,
    Picture,
    Presentation,
    View,
    Words,
    first_private,
    seat_colours,
)

STATUE_HINT = (
    "Your statue's placements are not on the buttons (there can be hundreds): type "
    "`/move statue` and narrow the list, e.g. `statue Ar g8`."
)


def _board(view: View, names: Sequence[str]) -> Image:
    return Image("board.png", render_board(view, names))


def _cards(view: View, name: str, choices: Sequence[ActionChoice]) -> Image | None:
    """The city with the player's hand below it (it shows the board too)."""
    return Image("hand.png", render_hand(view, name))


def _controls(view: View, seat: int, choices: Sequence[ActionChoice]) -> Controls:
    """Every choice on buttons and menus but the statue's placements (C13), which are typed."""
    shown = tuple(c for c in choices if not c.notation.startswith("statue "))
    typed = len(choices) - len(shown)
    return Choose(shown, typed=typed, hint=STATUE_HINT if typed else "")


PICTURES = (
    Picture("board", "Board", public=_board),
    Picture("cards", "My cards", private=_cards),
)

PRESENTATION = Presentation(
    pictures=PICTURES,
    words=Words(
        narrate=narrate.narrate,
        decision=narrate.decision,
        hand=narrate.hand,
        rules=narrate.RULES,
        score_labels=narrate.SCORE_LABELS,
        score_sheet=narrate.score_sheet,
    ),
    colours=seat_colours,
    controls=_controls,
    picture_for=first_private(PICTURES),
)

__all__ = ["PRESENTATION", "render_board", "render_hand"]
