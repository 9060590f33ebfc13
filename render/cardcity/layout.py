"""Pompeji images: their sizes, the grid window, the panels' places and the colours."""

from __future__ import annotations

from render import palette
from render.cardcity.lang import N_
from render.fonts import RGB

# ------------------------------------------------------------------ layout (px)

# Both images are W px wide, so Discord's 400 px preview shows them at 0.4: a text needs a font
# of at least SMALLEST px (capitals 18 px, 7.2 px in the preview); what a player reads first is
# far larger. Their height follows what they hold (news lines, players).
W = 1000
X0, X1 = 20, W - 20  # the text's edges
SMALLEST = 24

GRID = 13  # the city can reach 6 cards to every side of the start card (g7)
SPAN = 9  # cells shown each way: the city's 7 × 7 limit plus a ring of open spaces
CELL = 100
GAP = 4  # between a card and its cell's edge
GX, GY = 48, 50  # the grid's offset inside the city block (the coordinates around it)
GRID_PX = SPAN * CELL
CITY_H = GY + GRID_PX + GY  # the city block: coordinates, grid, coordinates

# ------------------------------------------------------------------ colours

CANVAS = (34, 28, 24)  # dark warm surround: looks the same on Discord's dark and light themes
PANEL = (52, 43, 36)
PANEL_HI = (72, 58, 46)
TEXT = (246, 236, 214)
MUTED = (186, 170, 146)
OPEN = (70, 60, 50)  # an open space inside the city limits
OPEN_LINE = (92, 80, 66)
BEYOND = CANVAS  # beyond the 7 × 7 limit: the surround, striped
HATCH = (56, 46, 39)
LIMIT = (222, 186, 110)  # the line of the city limit
INK = (20, 16, 14)
PAPER = (255, 252, 244)
HIGHLIGHT = (255, 43, 214)  # the last card and its streets: a colour used nowhere else
HIGHLIGHT_EDGE = (48, 0, 40)
LEGAL = (40, 224, 236)  # where the viewer's cards fit (private image only)
LEGAL_FILL = (22, 84, 92)
END_PHASE = (232, 96, 30)
GOLD = (250, 200, 70)
STONE = (176, 174, 166)  # a statue's card

CONTRAST: dict[RGB, RGB] = {
    **palette.shared(CANVAS, PANEL, PANEL_HI, TEXT, MUTED),
    OPEN: (46, 40, 33),
    OPEN_LINE: (150, 136, 116),
    HATCH: (30, 25, 21),
    LIMIT: (255, 212, 126),
    PAPER: (255, 255, 255),
    HIGHLIGHT_EDGE: (0, 0, 0),
    END_PHASE: (255, 140, 60),
    GOLD: (255, 216, 100),
}
"""The same colours in high contrast (render.palette; docs/render.md): darker surrounds and
panels, white text, lighter grey and coloured text, a brighter city limit and stronger lines of
the open spaces. The cards' colours stay as they are (their letters get halos)."""

CARD_FILL: dict[str, RGB] = {
    "r": (196, 36, 40),
    "o": (246, 150, 36),
    "y": (252, 226, 70),
    "g": (70, 176, 96),
    "b": (34, 86, 210),
    "p": (184, 120, 230),
    "w": (242, 240, 232),
}
"""Chosen so that the pairs colour-blind players confuse differ in lightness too (simulated:
red dark / green light for deuteranopia, blue dark / purple light); the letter is on every card
anyway."""
LIGHT_CARDS = frozenset("oygpw")  # dark ink on these, light ink on red and blue

LINE_LABEL = {
    "row": N_("row"),
    "column": N_("column"),
    "diagonal \\": N_("diagonal ↘"),
    "diagonal /": N_("diagonal ↗"),
}
"""A street's name by the engine's line, a catalog message (said with ``_()`` where drawn)."""

Cell = tuple[int, int]  # (row, col), 0-based on the 13 × 13 grid, as in engine.cardcity.rules
