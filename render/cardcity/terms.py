"""The game's words that come from the engine's data tables (``engine/cardcity/data.py``):
the building and colour names, listed here with ``N_()`` so that each is a message of the
game's catalog. The engine gives them as :class:`~engine.text.Term` values (a card's label,
a refusal), and the pictures and sentences say them with ``_()``; the notation letters (``T``,
``r``) stay as they are in every language."""

from __future__ import annotations

from render.cardcity.lang import N_

BUILDING_NAMES: tuple[str, ...] = (
    N_("Temple"),
    N_("Forum"),
    N_("Amphitheatre"),
    N_("Baths"),
    N_("Villa"),
    N_("Well"),
    N_("Granary"),
)
"""By building index, as ``engine.cardcity.data.BUILDINGS`` names them."""

COLOUR_NAMES: tuple[str, ...] = (
    N_("red"),
    N_("orange"),
    N_("yellow"),
    N_("green"),
    N_("blue"),
    N_("purple"),
    N_("white"),
)
"""By colour index, as ``engine.cardcity.data.COLOURS`` names them."""

__all__ = ["BUILDING_NAMES", "COLOUR_NAMES"]
