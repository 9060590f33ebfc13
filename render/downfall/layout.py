"""The Downfall board's geometry and colours: where squares, spaces, house numbers and gates
are on the image, and small helpers every part of the picture shares."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.downfall import board as B
from render import fonts, palette
from render.downfall.terms import term
from render.fonts import RGB

# ------------------------------------------------------------------ layout (px)

CELL = 100
GX, GY = 52, 50  # top-left corner of square a1
GW, GH = B.COLS * CELL, B.ROWS * CELL
W = GX + GW + GX  # the image is as wide as the board with its coordinates
STRIP_Y = GY + GH + 52  # the strip under the board (bag, stock and discard)
BOARD_H = STRIP_Y + 140  # the board with its coordinates and the strip: the cached background
# px: the smallest text anywhere on the board image: a capital 21.9 px, 7.3 px once Discord
# shows the image 400 px wide (the rule: at least 7 px)
SMALLEST = 30

# ------------------------------------------------------------------ colours

CANVAS = (36, 29, 24)  # dark warm surround: works on Discord's dark and light themes
CARD = (52, 43, 36)
CARD_HI = (70, 56, 44)
TEXT = (246, 236, 214)
MUTED = (190, 174, 148)
PAVING = (236, 226, 203)
GRIDLINE = (206, 190, 158)
GARDEN = (222, 214, 182)
TREE = (150, 160, 104)
COUNTRY = (122, 132, 86)
COUNTRY_DARK = (98, 108, 66)
WALL = (150, 134, 112)
WALL_DARK = (66, 54, 42)
ROAD = (214, 196, 160)
HIGHLIGHT = (255, 43, 214)  # last move: a colour used nowhere else on the board
HIGHLIGHT_EDGE = (40, 0, 34)
SEETHE = (232, 70, 30)
GOLD = (250, 200, 70)

BUILDING_FILL: dict[str, RGB] = {
    "grey": (160, 160, 156),
    "purple": (160, 128, 200),
    "turquoise": (72, 178, 168),
    "brown": (176, 122, 78),
    "neutral": (218, 198, 152),
}
BUILDING_EDGE: dict[str, RGB] = {
    "grey": (92, 92, 90),
    "purple": (90, 62, 128),
    "turquoise": (24, 104, 98),
    "brown": (104, 64, 34),
    "neutral": (150, 128, 84),
}
NUMBER_INK = (22, 18, 16)
NUMBER_HALO = (255, 250, 236)
MUTED_INK = (96, 84, 70)

# The same colours in high contrast (render.palette; docs/render.md): darker surrounds and
# panels, white text, lighter grey text, stronger grid lines, wall and building edges, lighter
# building floors under their black house numbers. The seats' colours, the lava and the
# countryside stay as they are.
_FLOORS: dict[str, RGB] = {
    "grey": (204, 204, 200),
    "purple": (202, 180, 236),
    "turquoise": (120, 212, 202),
    "brown": (214, 170, 128),
    "neutral": (240, 226, 190),
}
_EDGES: dict[str, RGB] = {
    "grey": (36, 36, 34),
    "purple": (54, 26, 92),
    "turquoise": (0, 68, 62),
    "brown": (70, 36, 10),
    "neutral": (92, 74, 36),
}
CONTRAST: dict[RGB, RGB] = {
    **palette.shared(CANVAS, CARD, CARD_HI, TEXT, MUTED),
    PAVING: (252, 248, 238),
    GRIDLINE: (96, 84, 66),
    GARDEN: (232, 226, 196),
    WALL: (84, 72, 58),
    WALL_DARK: (16, 12, 9),
    HIGHLIGHT_EDGE: (0, 0, 0),
    SEETHE: (160, 34, 8),
    NUMBER_INK: (0, 0, 0),
    NUMBER_HALO: (255, 255, 255),
    MUTED_INK: (56, 46, 36),
    (141, 132, 119): (204, 196, 182),  # mix(TEXT, CANVAS, 0.5): an Ω no card of is discarded
    **{BUILDING_FILL[k]: v for k, v in _FLOORS.items()},
    **{BUILDING_EDGE[k]: v for k, v in _EDGES.items()},
}

# gate square -> side of the square the gate opens on
GATE_SIDE: dict[str, str] = {
    "a1": "w",
    "f1": "n",
    "j2": "n",
    "a5": "w",
    "k5": "e",
    "g7": "s",
    "i7": "s",
}

PIECE_SIZE = 34  # phase 1 piece sprite
HOUSE_NUMBER_SIZE = 40  # px; digits ≈ 29 px tall, ≈ 7 px in a 400 px wide preview
COORD_SIZE = 36


@functools.cache
def square_xy(square: str) -> tuple[int, int]:
    """Top-left pixel of a square."""
    i = B.square_index(square)
    row, col = divmod(i, B.COLS)
    return GX + col * CELL, GY + row * CELL


def square_centre(square: str) -> tuple[int, int]:
    x, y = square_xy(square)
    return x + CELL // 2, y + CELL // 2


def building_label_anchor(b: B.Building) -> tuple[float, float]:
    """Where a building's house number goes: its square's upper part, or on the shared edge."""
    if len(b.squares) == 1:
        sq, n = b.squares[0]
        cx, cy = square_centre(sq)
        return (cx, cy) if n == 4 else (cx, cy - 20)
    gate = _gate_square_of(b)
    if gate is not None:  # the gate's plaque needs room: the number goes on the other square
        other = next(sq for sq, _ in b.squares if sq != gate)
        ox, oy = square_centre(other)
        return ox, oy - 16
    (a, _), (c, _) = b.squares[0], b.squares[1]
    ax, ay = square_centre(a)
    cx, cy = square_centre(c)
    return (ax + cx) / 2, (ay + cy) / 2


def _gate_square_of(b: B.Building) -> str | None:
    return next((sq for sq, _ in b.squares if sq in GATE_SIDE), None)


def _space_offsets(b: B.Building, square: str, n: int) -> list[tuple[float, float]]:
    """Centres of the round spaces on one square of a building, relative to the square centre."""
    if len(b.squares) == 1:
        if n == 1:
            return [(0, 24)]
        if n == 2:
            return [(-22, 22), (22, 22)]
        if n == 3:
            return [(-29, 22), (0, 22), (29, 22)]
        return [(-26, -26), (26, -26), (-26, 26), (26, 26)]
    other = next(s for s, _ in b.squares if s != square)
    sx, sy = square_centre(square)
    ox, oy = square_centre(other)
    dx, dy = (ox > sx) - (ox < sx), (oy > sy) - (oy < sy)  # towards the shared edge
    away = -18 if _gate_square_of(b) is None else 22  # towards the shared edge by a gate
    if n == 1:
        return [(dx * away, dy * away)]
    if dy:
        return [(-22, dy * away), (22, dy * away)]
    return [(dx * away, -22), (dx * away, 22)]


SPACE_CENTRES: dict[str, list[tuple[int, int]]] = {}
for _b in B.BUILDINGS:
    for _sq, _n in _b.squares:
        _cx, _cy = square_centre(_sq)
        SPACE_CENTRES[_sq] = [
            (round(_cx + ox), round(_cy + oy)) for ox, oy in _space_offsets(_b, _sq, _n)
        ]


def building_box(b: B.Building) -> tuple[int, int, int, int]:
    xs, ys = [], []
    for sq, _ in b.squares:
        x, y = square_xy(sq)
        xs += [x, x + CELL]
        ys += [y, y + CELL]
    inset = 7
    return min(xs) + inset, min(ys) + inset, max(xs) - inset, max(ys) - inset


def side_line(square: str, side: str) -> tuple[int, int, int, int]:
    x, y = square_xy(square)
    return {
        "n": (x, y, x + CELL, y),
        "s": (x, y + CELL, x + CELL, y + CELL),
        "w": (x, y, x, y + CELL),
        "e": (x + CELL, y, x + CELL, y + CELL),
    }[side]


GATE_GAP = 46


def gate_gap_box(square: str) -> tuple[int, int, int, int]:
    """The opening in the wall of a gate (a box straddling the wall line)."""
    x0, y0, x1, y1 = side_line(square, GATE_SIDE[square])
    mx, my = (x0 + x1) // 2, (y0 + y1) // 2
    h, t = GATE_GAP // 2, 9
    if y0 == y1:
        return mx - h, my - t, mx + h, my + t
    return mx - t, my - h, mx + t, my + h


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def colour_of(view: Mapping[str, Any], seat: int) -> str:
    seats = view.get("seats") or []
    if 0 <= seat < len(seats):
        return str(seats[seat].get("colour", "red"))
    return B.COLOURS[seat % len(B.COLOURS)]


def paste_centered(img: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    img.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)


def display_name(view: Mapping[str, Any], names: Sequence[str], seat: int) -> str:
    """The seat's display name, or its colour when the name is missing or blank."""
    raw = names[seat] if 0 <= seat < len(names) else None
    name = fonts.clean(raw) if isinstance(raw, str) else ""
    return name or term(colour_of(view, seat).capitalize())
