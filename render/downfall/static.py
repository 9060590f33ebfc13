"""The static board, drawn once per process into a cached background: grid, wall and gates,
buildings with their round spaces, first-lava squares, Vesuvius' sprites, and the fixed parts of
the strip. The background holds no text; :func:`lettered` is a second cached copy with the
coordinates and house numbers on it (those no dynamic part drawn before them can touch), whose
texts are replayed to :func:`fonts.recording`, so every text of the image is still measured
where it ends up.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.downfall import board as B
from render import fonts, palette, shapes
from render.downfall.layout import (
    BOARD_H,
    BUILDING_EDGE,
    BUILDING_FILL,
    CANVAS,
    CELL,
    COORD_SIZE,
    COUNTRY,
    COUNTRY_DARK,
    GARDEN,
    GATE_SIDE,
    GH,
    GRIDLINE,
    GW,
    GX,
    GY,
    HOUSE_NUMBER_SIZE,
    NUMBER_HALO,
    NUMBER_INK,
    PAVING,
    ROAD,
    SPACE_CENTRES,
    TEXT,
    TREE,
    WALL,
    WALL_DARK,
    W,
    building_box,
    building_label_anchor,
    gate_gap_box,
    mix,
    side_line,
    square_xy,
)
from render.downfall.strip import draw_static_strip


def _wall_segments() -> list[tuple[str, str]]:
    """(square, side) for every side of a city square that faces outside the city."""
    out = []
    for sq in B.CITY:
        row, col = divmod(B.square_index(sq), B.COLS)
        for side, (dr, dc) in (("n", (-1, 0)), ("e", (0, 1)), ("s", (1, 0)), ("w", (0, -1))):
            r, c = row + dr, col + dc
            inside = (
                0 <= r < B.ROWS
                and 0 <= c < B.COLS
                and B.square_name(r * B.COLS + c) not in B.OUTSIDE
            )
            if not inside:
                out.append((sq, side))
    return out


def draw_static(img: Image.Image, faded: bool) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W - 1, BOARD_H - 1), fill=CANVAS)
    d.rounded_rectangle(
        (GX - 14, GY - 14, GX + GW + 14, GY + GH + 14), radius=10, fill=COUNTRY_DARK
    )

    # squares: city paving, gardens on decorative squares, countryside outside
    for sq in B.ALL_SQUARES:
        x, y = square_xy(sq)
        if sq in B.OUTSIDE:
            d.rectangle((x, y, x + CELL, y + CELL), fill=COUNTRY)
            continue
        d.rectangle((x, y, x + CELL, y + CELL), fill=PAVING, outline=GRIDLINE, width=2)
        if sq in B.DECORATIVE:
            d.rounded_rectangle(
                (x + 14, y + 14, x + CELL - 14, y + CELL - 14), radius=10, fill=GARDEN
            )
            for tx, ty in ((32, 34), (66, 40), (46, 66)):
                d.ellipse((x + tx - 8, y + ty - 8, x + tx + 8, y + ty + 8), fill=TREE)
    for sq in B.OUTSIDE:  # tufts of grass
        x, y = square_xy(sq)
        for tx, ty in ((22, 30), (70, 24), (48, 72), (84, 80)):
            d.line(
                [(x + tx, y + ty), (x + tx + 6, y + ty - 8), (x + tx + 12, y + ty)],
                fill=COUNTRY_DARK,
                width=2,
            )

    # buildings, their round spaces and house numbers
    for b in B.BUILDINGS:
        fill = BUILDING_FILL[b.colour]
        edge = BUILDING_EDGE[b.colour]
        if faded:
            fill = mix(fill, PAVING, 0.55)
            edge = mix(edge, PAVING, 0.55)
        box = building_box(b)
        short = min(box[2] - box[0], box[3] - box[1])
        radius = (
            short // 2
            if b.id in ("B1", "B11b")
            else 30
            if b.id in ("B4a", "B4b", "B8a", "B8b")
            else 14
        )
        d.rounded_rectangle(box, radius=radius, fill=fill, outline=edge, width=3)
        if not faded:
            space_fill = mix(fill, (255, 255, 255), 0.45)
            for sq, _n in b.squares:
                for cx, cy in SPACE_CENTRES[sq]:
                    d.ellipse(
                        (cx - 14, cy - 14, cx + 14, cy + 14), fill=space_fill, outline=edge, width=2
                    )

    # first-lava squares: their symbol, in lava colours, on a scorched square
    for symbol, sq in B.FIRST_LAVA.items():
        x, y = square_xy(sq)
        d.rectangle((x + 2, y + 2, x + CELL - 2, y + CELL - 2), fill=(244, 208, 180))
        d.rectangle((x + 5, y + 5, x + CELL - 5, y + CELL - 5), outline=shapes.LAVA, width=3)
        sprite = shapes.symbol_sprite(symbol, 58, shapes.LAVA, (244, 208, 180))
        img.paste(sprite, (x + 21, y + 21), sprite)

    # the city wall, with its gates
    for sq, side in _wall_segments():
        x0, y0, x1, y1 = side_line(sq, side)
        d.line((x0, y0, x1, y1), fill=WALL_DARK, width=16)
    for sq, side in _wall_segments():
        x0, y0, x1, y1 = side_line(sq, side)
        ext = 4
        if y0 == y1:
            d.line((x0 - ext, y0, x1 + ext, y1), fill=WALL, width=10)
        else:
            d.line((x0, y0 - ext, x1, y1 + ext), fill=WALL, width=10)
    for _gid, sq, _name in B.GATES:
        gx0, gy0, gx1, gy1 = gate_gap_box(sq)
        d.rectangle((gx0, gy0, gx1, gy1), fill=ROAD)
        side = GATE_SIDE[sq]
        # towers either side of the opening
        if side in "ns":
            for tx in (gx0 - 8, gx1 + 8):
                d.rectangle(
                    (tx - 8, gy0 - 3, tx + 8, gy1 + 3), fill=WALL, outline=WALL_DARK, width=2
                )
        else:
            for ty in (gy0 - 8, gy1 + 8):
                d.rectangle(
                    (gx0 - 3, ty - 8, gx1 + 3, ty + 8), fill=WALL, outline=WALL_DARK, width=2
                )
    draw_static_strip(img, faded)


@dataclass(frozen=True)
class CityLabel:
    """One text of the city's edge or buildings: where, what, and how it is drawn."""

    xy: tuple[int, int]
    text: str
    role: str
    size: int
    fill: tuple[int, int, int]
    stroke: int = 0
    stroke_fill: tuple[int, int, int] | None = None

    def draw(self, img: Image.Image) -> None:
        fonts.label(
            img,
            self.xy,
            self.text,
            fonts.font(self.role, self.size),
            self.fill,
            anchor="mm",
            stroke=self.stroke,
            stroke_fill=self.stroke_fill,
        )


def city_labels(faded: bool) -> list[CityLabel]:
    """The coordinates all around, and in phase 1 the house numbers (``faded``, phase 2: the
    buildings no longer matter, and a square's move-point tag takes its corner)."""
    out: list[CityLabel] = []
    for c in range(B.COLS):
        letter = chr(97 + c)
        cx = GX + c * CELL + CELL // 2
        out.append(CityLabel((cx, GY - 30), letter, "bold", COORD_SIZE, TEXT))
        out.append(CityLabel((cx, GY + GH + 30), letter, "bold", COORD_SIZE, TEXT))
    for r in range(B.ROWS):
        cy = GY + r * CELL + CELL // 2
        out.append(CityLabel((GX - 32, cy), str(r + 1), "bold", COORD_SIZE, TEXT))
        out.append(CityLabel((GX + GW + 32, cy), str(r + 1), "bold", COORD_SIZE, TEXT))
    if faded:
        return out
    for b in B.BUILDINGS:
        if b.number is not None:
            x, y = building_label_anchor(b)
            label = CityLabel(
                (round(x), round(y)), str(b.number), "bold", HOUSE_NUMBER_SIZE, NUMBER_INK, 3
            )
            out.append(dataclasses.replace(label, stroke_fill=NUMBER_HALO))
    return out


def draw_city_text(img: Image.Image, faded: bool) -> None:
    """Every text of :func:`city_labels`, drawn now."""
    for label in city_labels(faded):
        label.draw(img)


def _under_text(faded: bool) -> list[tuple[int, int, int, int]]:
    """Every box a render may draw into before the city's texts (:func:`draw_board`'s order:
    the volcano, the lava tiles, the closed gates)."""
    x0, y0 = square_xy("i1")
    boxes = [(x0, y0, x0 + VOLCANO_W, y0 + VOLCANO_H)]
    for sq in B.NEIGHBOURS:
        x, y = square_xy(sq)
        boxes.append((x + 2, y + 2, x + CELL - 2, y + CELL - 2))
    for _gid, sq, _name in B.GATES:
        gx0, gy0, gx1, gy1 = gate_gap_box(sq)
        boxes.append((gx0 - 2, gy0 - 2, gx1 + 2, gy1 + 2))
    return boxes


def _meets(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


@dataclass(frozen=True)
class Lettered:
    """The static board with the city's texts that nothing drawn before them can touch
    (``image``; never modify it), the record of those texts (``drawn``, for
    :func:`fonts.replay`), and the texts still to draw on each render (``rest``)."""

    image: Image.Image
    drawn: tuple[fonts.Drawn, ...]
    rest: tuple[CityLabel, ...]


_lettered: dict[tuple[bool, int, str], Lettered] = {}


def lettered(faded: bool) -> Lettered:
    """:func:`background` with the city's texts already on it, cached per ``faded`` and font
    set (:func:`fonts.generation`). A text goes into the cache only when its pixels are apart
    from every box a render draws into before it (:func:`_under_text`): drawing it first then
    gives the very pixels drawing it later did. Call it outside :func:`fonts.recorded_at`."""
    key = (faded, fonts.generation(), palette.current())  # a halo in high contrast
    hit = _lettered.get(key)
    if hit is not None:
        return hit
    plain = background(faded)  # outside the lock: it takes it too
    with _bg_lock:
        hit = _lettered.get(key)
        if hit is not None:
            return hit
        under = _under_text(faded)
        scratch = Image.new("RGB", (W, BOARD_H), CANVAS)
        image = plain.copy()
        kept: list[fonts.Drawn] = []
        rest: list[CityLabel] = []
        for label in city_labels(faded):
            with fonts.recording() as drawn:
                label.draw(scratch)
            if any(_meets(d.box, box) for d in drawn for box in under):
                rest.append(label)
                continue
            with fonts.recording() as drawn:
                label.draw(image)
            kept.extend(drawn)
        hit = _lettered[key] = Lettered(image, tuple(kept), tuple(rest))
    return hit


VOLCANO_W, VOLCANO_H = 3 * CELL, CELL  # squares i1–k1, outside the wall
MOUNTAIN = [(6, 98), (48, 78), (88, 52), (118, 36), (130, 40), (150, 37), (170, 40), (182, 35),
            (214, 54), (252, 78), (294, 98)]  # fmt: skip
CRATER = (128, 32, 184, 44)
CRATER_CALM = (150, 70, 40)
CRATER_ERUPTING = (255, 190, 80)


def volcano_sprite(state: str) -> Image.Image:
    """Vesuvius as a sprite: ``calm`` (a wisp), ``seething`` (smoke and glow), ``erupting``."""

    def paint(_im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        def pts(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
            return [(x * s, y * s) for x, y in points]

        def blob(x: float, y: float, r: float, fill: tuple[int, ...]) -> None:
            d.ellipse(((x - r) * s, (y - r) * s, (x + r) * s, (y + r) * s), fill=fill)

        smoke = {"calm": (150, 146, 140, 200), "seething": (104, 98, 94, 235)}.get(
            state, (70, 62, 60, 245)
        )
        puffs = {
            "calm": [(160, 24, 7), (168, 14, 6)],
            "seething": [(150, 26, 11), (166, 16, 13), (184, 10, 11), (140, 14, 9), (200, 6, 8)],
        }.get(state, [(156, 22, 14), (136, 12, 13), (178, 10, 15), (204, 8, 12), (112, 6, 10),
                      (226, 6, 9), (158, 4, 11)])  # fmt: skip
        for x, y, r in puffs:
            blob(x, y, r, smoke)
        d.polygon(pts(MOUNTAIN), fill=(104, 88, 76))
        d.polygon(
            pts([(6, 98), (48, 78), (88, 52), (118, 36), (130, 40), (112, 98)]), fill=(124, 106, 92)
        )
        d.polygon(pts([(214, 54), (252, 78), (294, 98), (220, 98)]), fill=(88, 74, 64))
        glow = {"calm": CRATER_CALM, "seething": shapes.LAVA_GLOW}.get(state, CRATER_ERUPTING)
        d.ellipse(tuple(v * s for v in CRATER), fill=glow)
        if state == "erupting":
            for x, y, r in ((150, 22, 4), (162, 14, 3), (140, 12, 3), (172, 24, 3), (156, 6, 2)):
                blob(x, y, r, (255, 150, 50, 255))
            for path in (
                [(140, 40), (124, 58), (112, 80), (100, 98)],
                [(168, 40), (186, 62), (204, 98)],
            ):
                d.line(pts(path), fill=shapes.LAVA, width=round(5 * s), joint="curve")
        elif state == "seething":
            d.line(pts([(142, 41), (132, 52), (128, 62)]), fill=shapes.LAVA, width=round(4 * s))

    return shapes.cached_sprite(("volcano", state), (VOLCANO_W, VOLCANO_H), paint)


def draw_volcano(img: Image.Image, view: Mapping[str, Any]) -> None:
    """Vesuvius in the north-east cut-out of the board, in the state the game is in."""
    phase = view.get("phase", "build")
    state = "calm" if phase == "build" and not view.get("seething") else "seething"
    if phase in ("lava_setup", "escape", "over"):
        state = "erupting"
    x0, y0 = square_xy("i1")
    sprite = volcano_sprite(state)
    img.paste(sprite, (x0, y0), sprite)


_bg_lock = threading.Lock()
_backgrounds: dict[bool, Image.Image] = {}


def background(faded: bool) -> Image.Image:
    """The cached static board (``faded``: buildings dimmed for phase 2), ``W`` × ``BOARD_H``,
    without text. Never modify it."""
    hit = _backgrounds.get(faded)
    if hit is not None:
        return hit
    with _bg_lock:
        hit = _backgrounds.get(faded)
        if hit is None:
            hit = Image.new("RGB", (W, BOARD_H), CANVAS)
            draw_static(hit, faded)
            _backgrounds[faded] = hit
    return hit


def clear_backgrounds() -> None:
    with _bg_lock:
        _backgrounds.clear()
        _lettered.clear()
