"""The city block (``W`` × ``CITY_H``): coordinates on four sides, open spaces, the area beyond
the 7 × 7 limit, the cards, the last play's ring, streets and their points, and (private
image) where the viewer's cards fit. Every function takes ``origin``: where the shown grid's
top-left corner lies in the image."""

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
from render.cardcity.tiles import Tile, paste, tile
from render.cardcity.view import City, Fit, LastPlay, Street
from render.fonts import RGB

Origin = tuple[int, int]  # the shown grid's top-left corner in the image

COORDS = 34  # column letters and row numbers: 9.6 px capitals at 400 px wide
PILL = 32  # a street's points: 9.2 px capitals
FIT = 24  # "Ab +12" on a space where the viewer's card fits: 7.2 px capitals


def grid_origin(city_top: int) -> Origin:
    """The grid's corner for a city block whose top edge is at ``city_top``."""
    return GX, city_top + GY


def cell_box(city: City, cell: Cell, origin: Origin) -> tuple[int, int, int, int]:
    """The pixel box of a grid cell (which must be shown)."""
    x = origin[0] + (cell[1] - city.col0) * CELL
    y = origin[1] + (cell[0] - city.row0) * CELL
    return x, y, x + CELL, y + CELL


def cell_centre(city: City, cell: Cell, origin: Origin) -> tuple[float, float]:
    x0, y0, x1, y1 = cell_box(city, cell, origin)
    return (x0 + x1) / 2, (y0 + y1) / 2


def _hatch() -> Image.Image:
    """The whole shown grid striped: the area beyond the 7 × 7 limit is cut from it."""

    def make() -> Image.Image:
        img = Image.new("RGB", (GRID_PX, GRID_PX), BEYOND)
        d = ImageDraw.Draw(img)
        for y in range(0, GRID_PX, 12):  # horizontal: cheap for PNG (diagonals cost ≈ 8 KB)
            d.rectangle((0, y, GRID_PX, y + 3), fill=HATCH)
        return img

    return shapes.cached(("cc-hatch",), make)


def open_grid() -> Image.Image:
    """The whole shown grid as open spaces."""

    def make() -> Image.Image:
        img = Image.new("RGB", (GRID_PX, GRID_PX), CANVAS)
        d = ImageDraw.Draw(img)
        for r in range(SPAN):
            for c in range(SPAN):
                x, y = c * CELL, r * CELL
                d.rounded_rectangle(
                    (x + GAP, y + GAP, x + CELL - GAP - 1, y + CELL - GAP - 1),
                    radius=8,
                    fill=OPEN,
                    outline=OPEN_LINE,
                )
        return img

    return shapes.cached(("cc-open",), make)


def _coordinate_strips(row0: int, col0: int) -> tuple[Tile, Tile]:
    """Column letters (above and below the grid) and row numbers (left and right), cached."""

    def letters() -> Image.Image:
        strip = Image.new("RGB", (GRID_PX, GY), CANVAS)
        for i in range(SPAN):
            x = i * CELL + CELL / 2
            letter = chr(ord("a") + col0 + i)
            fonts.role_label(strip, (x, GY - 11), letter, "bold", COORDS, TEXT, "ms")
        return strip

    def numbers() -> Image.Image:
        strip = Image.new("RGB", (GX, GRID_PX), CANVAS)
        for i in range(SPAN):
            y = i * CELL + CELL / 2
            fonts.role_label(strip, (GX / 2, y), str(row0 + i + 1), "bold", COORDS, TEXT, "mm")
        return strip

    return tile(("letters", col0), letters), tile(("numbers", row0), numbers)


def draw_grid(img: Image.Image, city: City, origin: Origin) -> None:
    """The open grid and the coordinates round it."""
    x, y = origin
    img.paste(open_grid(), origin)
    letters, numbers = _coordinate_strips(city.row0, city.col0)
    paste(img, letters, (x, y - GY))
    paste(img, letters, (x, y + GRID_PX - 1))
    paste(img, numbers, (x - GX, y))
    paste(img, numbers, (x + GRID_PX + 4, y))


def _limits(city: City) -> tuple[int, int, int, int]:
    """The rows and columns a card may still reach (inclusive): top, bottom, left, right."""
    return (
        max(0, city.bottom - rules.FRAME + 1),
        min(GRID - 1, city.top + rules.FRAME - 1),
        max(0, city.right - rules.FRAME + 1),
        min(GRID - 1, city.left + rules.FRAME - 1),
    )


def draw_city_cards(
    img: Image.Image,
    city: City,
    origin: Origin,
    last: LastPlay | None = None,
    *,
    points: bool = True,
) -> None:
    """The area beyond the 7 × 7 limit, the limit line and every card (on the open grid); the
    streets the last card scored in run under the cards, showing in the gaps between them (and,
    with ``points``, on to the spaces where their points stand)."""
    gx, gy = origin
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
                img.paste(hatch.crop((x0, y0, x1, y1)), (gx + x0, gy + y0))
    if last is not None:
        _draw_streets(img, city, last, origin, points=points)
    size = CELL - 2 * GAP
    for placed in city.cells:
        if not city.shown(placed.cell):
            continue
        x0, y0, _x1, _y1 = cell_box(city, placed.cell, origin)
        face = (
            card_tile(placed.code, size, CANVAS)
            if placed.code
            else statue_tile(placed.statue, size, CANVAS)
        )
        paste(img, face, (x0 + GAP, y0 + GAP))
    if not city.cells:
        return
    # the city limit, on each side where it lies inside the window
    top, bottom, left, right = _limits(city)
    last_row, last_col = city.row0 + SPAN - 1, city.col0 + SPAN - 1
    x0, y0, _, _ = cell_box(city, (max(top, city.row0), max(left, city.col0)), origin)
    _, _, x1, y1 = cell_box(city, (min(bottom, last_row), min(right, last_col)), origin)
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


def pill(
    img: Image.Image, centre: tuple[float, float], text: str, size: int, fill: RGB, ink: RGB
) -> float:
    """``text`` in a rounded pill centred on ``centre``; returns the pill's width."""
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
    return w


def _step(a: Cell, b: Cell) -> Cell:
    return (b[0] - a[0], b[1] - a[1])


def street_ends(city: City, last: LastPlay) -> list[tuple[Street, Cell, Cell]]:
    """Where each street that scored shows its points: on the open space just past one of its
    ends (the one nearer the new card first), never on a card; two streets may share a space
    (one above the other). ``(street, its end card, the space)`` per street; a street with
    both ends off the window or taken shows its points only in the news line."""
    here = last.placed.cell
    used: dict[Cell, int] = {}
    out: list[tuple[Street, Cell, Cell]] = []
    for s in last.streets or ():
        if not s.points or len(s.cells) < 2:
            continue
        dr, dc = _step(s.cells[0], s.cells[1])
        first, final = s.cells[0], s.cells[-1]
        ends = [(first, (first[0] - dr, first[1] - dc)), (final, (final[0] + dr, final[1] + dc))]
        ends.sort(key=lambda e: max(abs(e[0][0] - here[0]), abs(e[0][1] - here[1])))
        for end, space in ends:
            if city.shown(space) and space not in city.by_cell and used.get(space, 0) < 2:
                used[space] = used.get(space, 0) + 1
                out.append((s, end, space))
                break
    return out


def _draw_streets(
    img: Image.Image, city: City, last: LastPlay, origin: Origin, *, points: bool
) -> None:
    """A band along each street that scored (drawn before the cards go on top), on to the space
    where its points stand."""
    d = ImageDraw.Draw(img)
    for s in last.streets or ():
        if s.points and all(city.shown(c) for c in (s.cells[0], s.cells[-1])):
            a = cell_centre(city, s.cells[0], origin)
            b = cell_centre(city, s.cells[-1], origin)
            d.line([a, b], fill=HIGHLIGHT, width=14)
    for _street, end, space in street_ends(city, last) if points else ():
        a = cell_centre(city, end, origin)
        b = cell_centre(city, space, origin)
        d.line([a, b], fill=HIGHLIGHT, width=14)


def draw_last(
    img: Image.Image, city: City, last: LastPlay, origin: Origin, *, points: bool = True
) -> None:
    """The last card ringed, the other cards of each street that scored framed, and (with
    ``points``) each street's points on the open space past its end."""
    cell = last.placed.cell
    if not city.shown(cell):
        return
    d = ImageDraw.Draw(img)
    scoring = [s for s in last.streets or () if s.points]
    for c in {c for s in scoring for c in s.cells} - {cell}:
        x0, y0, x1, y1 = cell_box(city, c, origin)
        d.rounded_rectangle(
            (x0 + 1, y0 + 1, x1 - 1, y1 - 1), radius=12, outline=HIGHLIGHT, width=GAP - 1
        )
    _ring(d, cell_box(city, cell, origin), HIGHLIGHT)
    if not points:
        return
    ends = street_ends(city, last)
    for space in dict.fromkeys(space for _s, _end, space in ends):
        here = [s.points for s, _end, at in ends if at == space]
        cx, cy = cell_centre(city, space, origin)
        for i, p in enumerate(here):
            dy = 0.0 if len(here) == 1 else (i - 0.5) * PILL * 1.45
            pill(img, (cx, cy + dy), f"+{p}", PILL, HIGHLIGHT, (255, 255, 255))


def draw_legal(
    img: Image.Image,
    city: City,
    spots: Mapping[Cell, list[Fit]],
    statue: Sequence[Cell],
    origin: Origin,
) -> None:
    """The viewer's legal spots: each lists the hand cards that fit and what they would score;
    spaces only the statue fits get a small statue."""
    d = ImageDraw.Draw(img)
    f = fonts.font("cond_bold", FIT)
    sprite = art.statue_sprite(44, LEGAL)
    for cell in statue:
        if city.shown(cell):
            x0, y0, x1, y1 = cell_box(city, cell, origin)
            d.rounded_rectangle(
                (x0 + GAP, y0 + GAP, x1 - GAP - 1, y1 - GAP - 1), radius=8, outline=LEGAL, width=1
            )
            img.paste(sprite, (x0 + (CELL - 44) // 2, y0 + (CELL - 44) // 2), sprite)
    for cell, fits in spots.items():
        if not city.shown(cell):
            continue
        x0, y0, x1, y1 = cell_box(city, cell, origin)
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


def draw_city(
    img: Image.Image, city: City, last: LastPlay | None, origin: Origin, *, points: bool = True
) -> None:
    """The whole city block: grid, coordinates, cards and the last play."""
    draw_grid(img, city, origin)
    draw_city_cards(img, city, origin, last, points=points)
    if last is not None:
        draw_last(img, city, last, origin, points=points)
