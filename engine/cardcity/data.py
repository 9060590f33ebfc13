"""The card data of Pompeji — our adaptation [ADAPT], not Frank Brandt's printed cards.

The real building names, colour names and card values are not public (docs/rules/cardcity.md,
§6). We ship a labelled substitute: seven buildings, seven colours, and a Latin square of values
so that every building and every colour holds each value 1–7 exactly once. The table is written
out here as data (the engine does no I/O); ``tests/engine/cardcity/test_data.py`` checks it
against the table in ``docs/rules/cardcity.md``.

A building card is an ``int`` id ``building * 7 + colour`` (0..48).
"""

from __future__ import annotations

ADAPTED = True
"""The names and values below are invented for the digital version; label them as such (C2)."""

BUILDINGS: tuple[tuple[str, str], ...] = (
    ("T", "Temple"),
    ("F", "Forum"),
    ("A", "Amphitheatre"),
    ("B", "Baths"),
    ("V", "Villa"),
    ("W", "Well"),
    ("G", "Granary"),
)
"""(code, name) per building index; codes are upper-case letters."""

COLOURS: tuple[tuple[str, str, str], ...] = (
    ("r", "red", "🟥"),
    ("o", "orange", "🟧"),
    ("y", "yellow", "🟨"),
    ("g", "green", "🟩"),
    ("b", "blue", "🟦"),
    ("p", "purple", "🟪"),
    ("w", "white", "⬜"),
)
"""(code, name, emoji) per colour index; codes are lower-case letters."""

# value of the card (building row, colour column): ((b + 2c) mod 7) + 1, written out.
VALUES: tuple[tuple[int, ...], ...] = (
    # r  o  y  g  b  p  w
    (1, 3, 5, 7, 2, 4, 6),  # Temple
    (2, 4, 6, 1, 3, 5, 7),  # Forum
    (3, 5, 7, 2, 4, 6, 1),  # Amphitheatre
    (4, 6, 1, 3, 5, 7, 2),  # Baths
    (5, 7, 2, 4, 6, 1, 3),  # Villa
    (6, 1, 3, 5, 7, 2, 4),  # Well
    (7, 2, 4, 6, 1, 3, 5),  # Granary
)

STATUE_VALUE = 1
"""A statue scores as a card of value 1 [R]."""

CARDS = 49
VOLCANO = 49
"""The id of a volcano card in the deck (both volcanoes share it)."""
