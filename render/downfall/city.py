"""What changes on the city from turn to turn: lava tiles, closed gates, pieces (on their
spaces in phase 1, stacked with counts in phase 2) and the magenta marks of the last turn."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.downfall import board as B
from render import shapes
from render.downfall.last_turn import LastTurn
from render.downfall.layout import (
    CELL,
    GATE_SIDE,
    HIGHLIGHT,
    HIGHLIGHT_EDGE,
    NUMBER_INK,
    PIECE_SIZE,
    SPACE_CENTRES,
    building_box,
    colour_of,
    gate_gap_box,
    paste_centered,
    side_line,
    square_centre,
    square_xy,
)
from render.downfall.static import background
from render.downfall.strip import move_point_tag, tag_width


def draw_lava(img: Image.Image, view: Mapping[str, Any], faded: bool) -> None:
    """The lava tiles, on the static board ``background(faded)`` that ``img`` is a copy of."""
    for sq, symbol in (view.get("lava") or {}).items():
        if sq in B.NEIGHBOURS:
            x, y = square_xy(sq)
            img.paste(_lava_on(str(symbol), sq, faded), (x + 2, y + 2))


def _lava_on(symbol: str, square: str, faded: bool) -> Image.Image:
    """A lava tile over its square of the static board, as one opaque tile (cached: pasting it
    is a copy, blending the tile each time cost as much as the rest of the lava)."""

    def make() -> Image.Image:
        x, y = square_xy(square)
        under = background(faded).crop((x + 2, y + 2, x + CELL - 2, y + CELL - 2))
        tile = shapes.lava_tile(symbol, CELL - 4)
        under.paste(tile, (0, 0), tile)
        return under

    return shapes.cached(("lava on", symbol, square, faded), make)


def draw_gates(img: Image.Image, view: Mapping[str, Any]) -> None:
    d = ImageDraw.Draw(img)
    lava = view.get("lava") or {}
    for gate in view.get("gates") or []:
        sq = gate.get("square")
        if sq not in GATE_SIDE:
            continue
        closed = not gate.get("open", True) or sq in lava
        if closed:
            x0, y0, x1, y1 = gate_gap_box(sq)
            d.rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), fill=shapes.LAVA_DARK)
            d.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), fill=shapes.LAVA)
            d.line((x0 + 3, y0 + 3, x1 - 3, y1 - 3), fill=shapes.LAVA_INK, width=3)
            d.line((x0 + 3, y1 - 3, x1 - 3, y0 + 3), fill=shapes.LAVA_INK, width=3)


def draw_pieces_on_spaces(img: Image.Image, view: Mapping[str, Any]) -> None:
    for sq, seats in (view.get("squares") or {}).items():
        if sq not in B.NEIGHBOURS:
            continue
        spots = list(SPACE_CENTRES.get(sq, []))
        cx, cy = square_centre(sq)
        extra = len(seats) - len(spots)
        if extra > 0:  # more pieces than spaces: spill around the centre
            spots += [(cx - 30 + (i % 4) * 20, cy - 30 + (i // 4) * 20) for i in range(extra)]
        for seat, (px, py) in zip(seats, spots, strict=False):
            paste_centered(img, shapes.piece_sprite(colour_of(view, int(seat)), PIECE_SIZE), px, py)


# where the pieces stand on a phase-2 square, from its top-left corner, in the order they fill
# (the top-right corner holds the move-point tag); more pieces than spots sit between them
STACK_SPOTS = [(22, 24), (22, 52), (51, 52), (80, 52), (22, 80), (51, 80), (80, 80), (51, 24)]
OVERFLOW_SPOTS = [(36, 38), (65, 66), (36, 66), (65, 38), (36, 94), (65, 94)]
STACK_PIECE = 30  # px: a piece on a phase-2 square with four pieces or more
FEW_SPOTS = {  # fewer pieces stand larger: pieces -> (size, spots)
    1: (44, [(42, 58)]),
    2: (40, [(28, 56), (72, 64)]),
    3: (38, [(26, 34), (26, 76), (70, 72)]),
}


def draw_stacks(img: Image.Image, view: Mapping[str, Any]) -> None:
    """Every piece on a square, grouped by colour, and the square's total (its pieces' move
    points) in the dark tag in its corner: pieces, not numbers, say how many of each colour."""
    for sq, seats in (view.get("squares") or {}).items():
        if sq not in B.NEIGHBOURS or not seats:
            continue
        x, y = square_xy(sq)
        size, spots = FEW_SPOTS.get(len(seats), (STACK_PIECE, STACK_SPOTS + OVERFLOW_SPOTS))
        for seat, (ox, oy) in zip(sorted(int(s) for s in seats), spots, strict=False):
            sprite = shapes.piece_sprite(colour_of(view, seat), size)
            paste_centered(img, sprite, x + ox, y + oy)
        move_point_tag(img, x + CELL - 4 - tag_width(len(seats)), y + 4, len(seats))


def _ring(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], width: int = 6) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle(
        (x0 - 2, y0 - 2, x1 + 2, y1 + 2), radius=12, outline=HIGHLIGHT_EDGE, width=width + 4
    )
    d.rounded_rectangle((x0, y0, x1, y1), radius=10, outline=HIGHLIGHT, width=width)


def _gate_exit_point(gate: str) -> tuple[float, float]:
    x0, y0, x1, y1 = side_line(gate, GATE_SIDE[gate])
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    out = {"n": (0, -16), "s": (0, 16), "w": (-16, 0), "e": (16, 0)}[GATE_SIDE[gate]]
    return mx + out[0], my + out[1]


LANE = 13  # px: every move is drawn to the right of its squares' centres...
LANE_STEP = 16  # ...and one more lane out for each earlier move sharing a step with it

Point = tuple[float, float]


def _offset(pts: Sequence[Point], by: float) -> list[Point]:
    """The polyline ``pts`` moved ``by`` px to its right, corners mitred."""
    normals = []
    for (ax, ay), (bx, by_) in itertools.pairwise(pts):
        length = max(1e-6, math.hypot(bx - ax, by_ - ay))
        normals.append((-(by_ - ay) / length, (bx - ax) / length))
    if not normals:
        return list(pts)
    out = []
    for i, (x, y) in enumerate(pts):  # the normals of the steps in and out of this point
        (ax, ay), (bx, by_) = normals[max(0, i - 1)], normals[min(i, len(normals) - 1)]
        k = by / (1 + ax * bx + ay * by_)  # no U-turns: a path never revisits a square
        out.append((x + (ax + bx) * k, y + (ay + by_) * k))
    return out


def _lanes(paths: Sequence[Sequence[str]]) -> list[float]:
    """How far right of the centres each path is drawn: moves that share a step in the same
    direction get lanes of their own; opposite directions are apart already."""
    steps = [set(itertools.pairwise(p)) for p in paths]
    lanes: list[int] = []
    for i, mine in enumerate(steps):
        taken = {lanes[j] for j in range(i) if steps[j] & mine}
        lanes.append(next(n for n in itertools.count() if n not in taken))
    return [LANE + n * LANE_STEP for n in lanes]


def _arrow(d: ImageDraw.ImageDraw, pts: list[Point]) -> None:
    """A move: a dot where it starts, a line along its path, one head where it ends."""
    if len(pts) < 2:
        return
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    length = max(1.0, math.hypot(bx - ax, by - ay))
    ux, uy = (bx - ax) / length, (by - ay) / length
    head = [
        (bx + ux * 6, by + uy * 6),
        (bx - ux * 20 - uy * 14, by - uy * 20 + ux * 14),
        (bx - ux * 20 + uy * 14, by - uy * 20 - ux * 14),
    ]
    for width, col in ((14, HIGHLIGHT_EDGE), (7, HIGHLIGHT)):
        d.line([*pts[:-1], (bx - ux * 12, by - uy * 12)], fill=col, width=width, joint="curve")
    ox, oy = pts[0]
    d.ellipse((ox - 9, oy - 9, ox + 9, oy + 9), fill=HIGHLIGHT, outline=HIGHLIGHT_EDGE, width=3)
    d.polygon(head, fill=HIGHLIGHT, outline=HIGHLIGHT_EDGE, width=3)


def draw_last_turn(img: Image.Image, view: Mapping[str, Any], last: LastTurn) -> None:
    d = ImageDraw.Draw(img)
    for sq in dict.fromkeys(last.placed):  # the building the piece went into
        building = B.BUILDING_AT.get(sq)
        if building is not None:
            x0, y0, x1, y1 = building_box(building)
            _ring(d, (x0 - 4, y0 - 4, x1 + 4, y1 + 4))
        elif sq in B.NEIGHBOURS:
            x, y = square_xy(sq)
            _ring(d, (x + 3, y + 3, x + CELL - 3, y + CELL - 3))
    for sq in dict.fromkeys([*last.lava, *last.lost]):  # new lava; pieces lost elsewhere
        if sq in B.NEIGHBOURS:
            x, y = square_xy(sq)
            _ring(d, (x + 3, y + 3, x + CELL - 3, y + CELL - 3))
    paths = [[s for s in path if s in B.NEIGHBOURS] for _seat, path, _gate in last.paths]
    for squares, (_seat, _path, gate), lane in zip(paths, last.paths, _lanes(paths), strict=True):
        pts: list[Point] = [square_centre(s) for s in squares]
        if gate in GATE_SIDE:
            pts.append(_gate_exit_point(gate))
        elif len(pts) >= 2:  # stop short of the centre: the moved piece stays visible
            (ax, ay), (bx, by) = pts[-2], pts[-1]
            pts[-1] = (bx - (bx - ax) * 0.3, by - (by - ay) * 0.3)
        _arrow(d, _offset(pts, lane))
    for sq, per_seat in last.lost.items():
        if sq not in B.NEIGHBOURS or not per_seat:
            continue
        x, y = square_xy(sq)
        shown = sorted(per_seat.items())[:3]
        d.rounded_rectangle(
            (x + 6, y + CELL - 42, x + CELL - 6, y + CELL - 6), radius=8, fill=NUMBER_INK
        )
        for i, (seat, n) in enumerate(shown):  # more than one lost: a small pile of ghosts
            ghost = shapes.ghost_sprite(colour_of(view, seat), 34)
            for k in reversed(range(min(n, 3))):
                img.paste(ghost, (x + 9 + i * 29 + 4 * k, y + CELL - 42 - 4 * k), ghost)
