"""Pompeji (the card game) on screen: the board and the player's own image ("My cards", the
picture of every decision), drawn for a phone (``board``, ``hand``), and its words
(``narrate``), as one :class:`~render.presentation.Presentation`."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import ActionChoice
from render.cardcity import (
    hints,
    narrate,
    text,
)
from render.cardcity.board import render_board, render_hand
from render.cardcity.lang import N_, _
from render.controls import Choose, Controls
from render.presentation import (
    Image,
    Picture,
    Presentation,
    View,
    Words,
    seat_colours,
)

STATUE_HINT = N_(
    "Your statue's placements are not on the buttons (there can be hundreds): type "
    "`/move statue` and narrow the list, e.g. `statue Ar g8`."
)


def _board(view: View, names: Sequence[str]) -> Image:
    return Image("board.png", render_board(view, names))


def _cards(view: View, name: str, choices: Sequence[ActionChoice]) -> Image | None:
    """The city with the player's hand below it (it shows the board too)."""
    return Image("hand.png", render_hand(view, name))


def picture_for(view: View, choices: Sequence[ActionChoice]) -> str:
    """The player's own image for every decision (placing, drawing, a permit window, preparing a
    move: it shows the city with the spaces where their cards fit, and their hand); the board
    once the game is over (the final scores)."""
    return "board" if view.get("stage") == "over" else "cards"


def _controls(view: View, seat: int, choices: Sequence[ActionChoice]) -> Controls:
    """Every choice on buttons and menus but the statue's placements (C13), which are typed."""
    shown = tuple(c for c in choices if not c.notation.startswith("statue "))
    typed = len(choices) - len(shown)
    return Choose(shown, typed=typed, hint=_(STATUE_HINT) if typed else "")


PICTURES = (
    Picture("board", N_("Board"), public=_board),
    Picture("cards", N_("My cards"), private=_cards),
)

PRESENTATION = Presentation(
    pictures=PICTURES,
    words=Words(
        narrate=narrate.narrate,
        decision=narrate.decision,
        waiting=narrate.waiting,
        hand=narrate.hand,
        rules=narrate.RULES,
        score_labels=narrate.SCORE_LABELS,
        score_sheet=narrate.score_sheet,
        # Out of turn, a player prepares their move (C20): nothing is played yet.
        titles={"option": N_("Prepare your next move (optional)")},
        done={"option": N_("✅ Done: {label}")},
        played_for=narrate.played_for,
        reason=hints.reason,
    ),
    colours=seat_colours,
    controls=_controls,
    quiet=frozenset({"nodraw", "decline"}),  # not drawing; declining
    picture_for=picture_for,
    text_board=text.text_board,
    describe_picture=text.describe_picture,
)

__all__ = ["PRESENTATION", "render_board", "render_hand"]
