"""The city grid: coordinates, open spaces, the area beyond the 7 × 7 limit, the cards, the
last play's ring and streets, and (private image) where the viewer's cards fit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.cardcity import rules
from render import fonts, shapes
from render.cardcity import art
from render.cardcity.cards import card_tile, statue_tile
from render.cardcity.layout import (
    BEYOND,
    CANVAS,
    CELL,
    GAP,
    GRID,
    GRID_PX,
    GX,
    GY,
    HATCH,
    HIGHLIGHT,
    INK,
    LEGAL,
    LEGAL_FILL,
    LIMIT,
    OPEN,
    OPEN_LINE,
    SPAN,
    TEXT,
    Cell,
)
from render.cardcity.view import City, Fit, LastPlay
from render.fonts import RGB

# ------------------------------------------------------------------ the city grid


def cell_box(city: City, cell: Cell) -> tuple[int, int, int, int]:
    """The pixel box of a grid cell (which must be shown)."""
    x = GX + (cell[1] - city.col0) * CELL
    y = GY + (cell[0] - city.row0) * CELL
    return x, y, x + CELL, y + CELL


def cell_centre(city: City, cell: Cell) -> tuple[float, float]:
    x0, y0, x1, y1 = cell_box(city, cell)
    return (x0 + x1) / 2, (y0 + y1) / 2


def _hatch() -> Image.Image:
    """The whole shown grid striped: the area beyond the 7 × 7 limit is cut from it."""

    def make() -> Image.Image:
        tile = Image.new("RGB", (GRID_PX, GRID_PX), BEYOND)
        d = ImageDraw.Draw(tile)
        for y in range(0, GRID_PX, 12):  # horizontal: cheap for PNG (diagonals cost ≈ 8 KB)
            d.rectangle((0, y, GRID_PX, y + 3), fill=HATCH)
        return tile

    return shapes.cached(("hatch",), make)


def open_grid() -> Image.Image:
    """The whole shown grid as open spaces."""

    def make() -> Image.Image:
        tile = Image.new("RGB", (GRID_PX, GRID_PX), CANVAS)
        d = ImageDraw.Draw(tile)
        for r in range(SPAN):
            for c in range(SPAN):
                x, y = c * CELL, r * CELL
                d.rounded_rectangle(
                    (x + GAP, y + GAP, x + CELL - GAP - 1, y + CELL - GAP - 1),
                    radius=8,
                    fill=OPEN,
                    outline=OPEN_LINE,
                )
        return tile

    return shapes.cached(("open",), make)


def _coordinate_strips(row0: int, col0: int) -> tuple[Image.Image, Image.Image]:
    """Column letters (above and below the grid) and row numbers (left and right), cached."""

    def letters() -> Image.Image:
        strip = Image.new("RGB", (GRID_PX, GY), CANVAS)
        for i in range(SPAN):
            x = i * CELL + CELL / 2
            fonts.role_label(strip, (x, GY - 11), chr(ord("a") + col0 + i), "bold", 34, TEXT, "ms")
        return strip

    def numbers() -> Image.Image:
        strip = Image.new("RGB", (GX, GRID_PX), CANVAS)
        for i in range(SPAN):
            y = i * CELL + CELL / 2
            fonts.role_label(strip, (GX / 2 - 1, y), str(row0 + i + 1), "bold", 34, TEXT, "mm")
        return strip

    return shapes.cached(("letters", col0), letters), shapes.cached(("numbers", row0), numbers)


def draw_coordinates(img: Image.Image, city: City) -> None:
    letters, numbers = _coordinate_strips(city.row0, city.col0)
    img.paste(letters, (GX, 0))
    img.paste(letters, (GX, GY + GRID_PX - 1))
    img.paste(numbers, (0, GY))
    img.paste(numbers, (GX + GRID_PX + 4, GY))


def _limits(city: City) -> tuple[int, int, int, int]:
    """The rows and columns a card may still reach (inclusive): top, bottom, left, right."""
    return (
        max(0, city.bottom - rules.FRAME + 1),
        min(GRID - 1, city.top + rules.FRAME - 1),
        max(0, city.right - rules.FRAME + 1),
        min(GRID - 1, city.left + rules.FRAME - 1),
    )


def draw_city_cards(img: Image.Image, city: City, last: LastPlay | None = None) -> None:
    """The area beyond the 7 × 7 limit, the limit line and every card (on the open grid); the
    streets the last card scored in run under the cards, showing in the gaps between them."""
    if city.cells:  # stripe the bands beyond the limit (window-relative cell numbers)
        top, bottom, left, right = _limits(city)
        r0 = max(0, top - city.row0)
        r1 = min(SPAN, bottom - city.row0 + 1)
        c0 = max(0, left - city.col0)
        c1 = min(SPAN, right - city.col0 + 1)
        hatch = _hatch()
        for box in (
            (0, 0, SPAN, r0),
            (0, r1, SPAN, SPAN),
            (0, r0, c0, r1),
            (c1, r0, SPAN, r1),
        ):
            if box[2] > box[0] and box[3] > box[1]:
                x0, y0, x1, y1 = (v * CELL for v in box)
                img.paste(hatch.crop((x0, y0, x1, y1)), (GX + x0, GY + y0))
    if last is not None:
        _draw_streets(img, city, last)
    size = CELL - 2 * GAP
    for placed in city.cells:
        if not city.shown(placed.cell):
            continue
        x0, y0, _x1, _y1 = cell_box(city, placed.cell)
        tile = (
            card_tile(placed.code, size, CANVAS)
            if placed.code
            else statue_tile(placed.statue, size, CANVAS)
        )
        img.paste(tile, (x0 + GAP, y0 + GAP))
    if not city.cells:
        return
    # the city limit, on each side where it lies inside the window
    top, bottom, left, right = _limits(city)
    last_row, last_col = city.row0 + SPAN - 1, city.col0 + SPAN - 1
    x0, y0, _, _ = cell_box(city, (max(top, city.row0), max(left, city.col0)))
    _, _, x1, y1 = cell_box(city, (min(bottom, last_row), min(right, last_col)))
    d = ImageDraw.Draw(img)
    for inside, pts in (
        (top >= city.row0, [(x0, y0), (x1, y0)]),
        (bottom <= last_row, [(x0, y1), (x1, y1)]),
        (left >= city.col0, [(x0, y0), (x0, y1)]),
        (right <= last_col, [(x1, y0), (x1, y1)]),
    ):
        if inside:
            d.line(pts, fill=LIMIT, width=5)


def _ring(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: RGB) -> None:
    """A thick ring round a cell: over the gap and the card's edge, with a dark rim outside."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), radius=16, outline=INK, width=4)
    d.rounded_rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), radius=14, outline=colour, width=10)


def _pill(
    img: Image.Image, centre: tuple[float, float], text: str, size: int, fill: RGB, ink: RGB
) -> None:
    f = fonts.font("bold", size)
    w = f.getlength(text) + size * 0.7
    h = size * 1.3
    cx, cy = centre
    ImageDraw.Draw(img).rounded_rectangle(
        (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2),
        radius=h / 2,
        fill=fill,
        outline=INK,
        width=2,
    )
    fonts.label(img, (cx, cy + 1), text, f, ink, anchor="mm")


def _draw_streets(img: Image.Image, city: City, last: LastPlay) -> None:
    """A band along each street that scored (drawn before the cards go on top)."""
    d = ImageDraw.Draw(img)
    for s in last.streets or ():
        if s.points and all(city.shown(c) for c in (s.cells[0], s.cells[-1])):
            a = cell_centre(city, s.cells[0])
            b = cell_centre(city, s.cells[-1])
            d.line([a, b], fill=HIGHLIGHT, width=14)


def draw_last(img: Image.Image, city: City, last: LastPlay) -> None:
    """The last card ringed, the other cards of each street that scored framed, and the street's
    points on the last card's edge towards it."""
    cell = last.placed.cell
    if not city.shown(cell):
        return
    d = ImageDraw.Draw(img)
    scoring = [s for s in last.streets or () if s.points]
    for c in {c for s in scoring for c in s.cells} - {cell}:
        x0, y0, x1, y1 = cell_box(city, c)
        d.rounded_rectangle(
            (x0 + 1, y0 + 1, x1 - 1, y1 - 1), radius=12, outline=HIGHLIGHT, width=GAP - 1
        )
    x0, y0, x1, y1 = cell_box(city, cell)
    _ring(d, (x0, y0, x1, y1), HIGHLIGHT)
    for s in scoring:
        i = s.cells.index(cell)
        other = s.cells[i + 1] if i + 1 < len(s.cells) else s.cells[i - 1]
        cx, cy = cell_centre(city, cell)
        ox, oy = cell_centre(city, other)
        k = 0.62 if "diagonal" in s.line else 0.5  # corners further out: pills never touch
        _pill(
            img,
            (cx + (ox - cx) * k, cy + (oy - cy) * k),
            f"+{s.points}",
            22,
            HIGHLIGHT,
            (255, 255, 255),
        )


def draw_legal(
    img: Image.Image, city: City, spots: Mapping[Cell, list[Fit]], statue: Sequence[Cell]
) -> None:
    """The viewer's legal spots: each lists the hand cards that fit and what they would score;
    spaces only the statue fits get a small statue."""
    d = ImageDraw.Draw(img)
    f = fonts.font("cond_bold", 24)
    sprite = art.statue_sprite(44, LEGAL)
    for cell in statue:
        if city.shown(cell):
            x0, y0, x1, y1 = cell_box(city, cell)
            d.rounded_rectangle(
                (x0 + GAP, y0 + GAP, x1 - GAP - 1, y1 - GAP - 1), radius=8, outline=LEGAL, width=1
            )
            img.paste(sprite, (x0 + (CELL - 44) // 2, y0 + (CELL - 44) // 2), sprite)
    for cell, fits in spots.items():
        if not city.shown(cell):
            continue
        x0, y0, x1, y1 = cell_box(city, cell)
        d.rounded_rectangle(
            (x0 + GAP, y0 + GAP, x1 - GAP - 1, y1 - GAP - 1),
            radius=8,
            fill=LEGAL_FILL,
            outline=LEGAL,
            width=4,
        )
        n = min(3, len(fits))
        top = y0 + CELL / 2 - (n - 1) * 14
        for i, fit in enumerate(fits[:n]):
            text = f"{fit.code} +{fit.points}"
            fonts.label(img, ((x0 + x1) / 2, top + i * 28), text, f, (255, 255, 255), anchor="mm")


def draw_city(img: Image.Image, city: City, last: LastPlay | None) -> None:
    draw_coordinates(img, city)
    draw_city_cards(img, city, last)
    if last is not None:
        draw_last(img, city, last)
