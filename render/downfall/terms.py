"""The Downfall of Pompeii's words that come from the engine's data tables (colours, lava
symbols, gates, card colours, why the game ended): each listed here with ``N_()`` so that it is
a message of the game's catalog, and said in the reader's language where it is shown."""

from __future__ import annotations

from typing import Any

from engine.downfall import board as B
from render.downfall.lang import N_, _

COLOURS = B.COLOURS

TERMS = (
    # the players' colours, as the engine names them (and capitalised, as a seat's name)
    N_("red"),
    N_("black"),
    N_("yellow"),
    N_("blue"),
    N_("Red"),
    N_("Black"),
    N_("Yellow"),
    N_("Blue"),
    # the lava symbols, and the dual vent tiles' two sides
    N_("scroll"),
    N_("coin"),
    N_("column"),
    N_("vase"),
    N_("helmet"),
    N_("mask"),
    N_("lava"),
    N_("helmet/mask"),
    N_("vase/scroll"),
    N_("column/coin"),
    # the gates (proper names)
    N_("Porta Ercolano"),
    N_("Porta Vesuvio"),
    N_("Porta di Nola"),
    N_("Porta Marina"),
    N_("Porta di Sarno"),
    N_("Porta di Stabia"),
    N_("Porta di Nocera"),
    # the buildings' colours (on the cards)
    N_("grey"),
    N_("purple"),
    N_("turquoise"),
    N_("brown"),
    N_("neutral"),
)
"""Every word of the engine's tables that a player reads (the board's gates, the tiles'
symbols, the colours), so that ``make messages`` puts each in the catalog."""

END_REASONS = (
    N_("no pieces were left in the city"),
    N_("no pieces are left in the city"),
    N_("the last lava tile has been placed"),
)
"""Why the game ended, as the engine's ``GameEnded`` event says it."""


def term(word: Any) -> str:
    """A word of the engine's tables in the reader's language (as it is when unknown)."""
    return _(str(word)) if word else ""


def colour_name(colour: str) -> str:
    """A seat's colour (``red``, ``Red``) in the reader's language."""
    return term(colour)


def end_reason(reason: str) -> str:
    """Why the game ended, in the reader's language."""
    return term(reason)


__all__ = ["COLOURS", "END_REASONS", "TERMS", "colour_name", "end_reason", "term"]
