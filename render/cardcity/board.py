"""Pompeji, Frank Brandt's card game: the public city image and a player's private image.

Drawn from the views only (``engine.cardcity.views``): ``render_board`` reads the public view,
``render_hand`` the player view (public fields plus the viewer's own hand). Where the view does
not spell something out, it is derived from the view's own fields with the engine's pure rules
(``engine.cardcity.rules``): the points the last card scored street by street (the city before
it is the city list minus its last entry), and the spaces where the viewer's cards fit.

Every card shows its building as a symbol *and* a letter, its colour as a fill *and* a letter,
and its value in a disc, so nothing depends on telling colours apart (the known complaint about
the printed cards). The image is opaque on a dark surround, for Discord's dark and light themes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.cardcity import data as D
from engine.cardcity import rules
from render import fonts, png, shapes
from render.cardcity import art
from render.fonts import RGB

# ------------------------------------------------------------------ layout (px)

W, H = 1600, 1000
GRID = 13  # the city can reach 6 cards to every side of the start card (g7)
SPAN = 9  # cells shown each way: the city's 7 × 7 limit plus a ring of open spaces
CELL = 100
GAP = 4  # between a card and its cell's edge
GX, GY = 46, 50  # top-left corner of the shown grid
GRID_PX = SPAN * CELL
PANEL_X = GX + GRID_PX + 66
PANEL_R = W - 16

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
    "row": "row",
    "column": "column",
    "diagonal \\": "diagonal ↘",
    "diagonal /": "diagonal ↗",
}

Cell = tuple[int, int]  # (row, col), 0-based on the 13 × 13 grid, as in engine.cardcity.rules

# ------------------------------------------------------------------ reading the view


@dataclass(frozen=True)
class Placed:
    """One occupied space of the city, read from the view."""

    cell: Cell
    code: str | None  # "Tr"; None for a statue
    value: int
    statue: int | None  # the seat that played it
    declared: str | None  # what a statue scored as

    @property
    def face(self) -> rules.Face:
        """As the rules see it now: a building card, or a neutral statue."""
        if self.code is None:
            return rules.NEUTRAL
        return face_of(self.code)


@dataclass(frozen=True)
class City:
    cells: tuple[Placed, ...]  # in the order played
    top: int
    bottom: int
    left: int
    right: int
    row0: int  # the first shown row and column
    col0: int

    @property
    def by_cell(self) -> dict[Cell, Placed]:
        return {p.cell: p for p in self.cells}

    def within_limit(self, cell: Cell) -> bool:
        """Whether a card there would keep the city within 7 × 7."""
        r, c = cell
        return (
            0 <= r < GRID
            and 0 <= c < GRID
            and max(self.bottom, r) - min(self.top, r) < rules.FRAME
            and max(self.right, c) - min(self.left, c) < rules.FRAME
        )

    def shown(self, cell: Cell) -> bool:
        r, c = cell
        return self.row0 <= r < self.row0 + SPAN and self.col0 <= c < self.col0 + SPAN


_BUILDINGS = {code: i for i, (code, _name) in enumerate(D.BUILDINGS)}
_COLOURS = {code: i for i, (code, _name, _emoji) in enumerate(D.COLOURS)}


def face_of(code: str, value: int | None = None) -> rules.Face:
    """``"Tr"`` as ``(building, colour, value)``; the value from the data unless given."""
    b, c = _BUILDINGS[code[0]], _COLOURS[code[1]]
    return (b, c, D.VALUES[b][c] if value is None else value)


def cell_code(cell: Cell) -> str:
    return f"{chr(ord('a') + cell[1])}{cell[0] + 1}"


def parse_cell(text: str) -> Cell:
    return (int(text[1:]) - 1, ord(text[0]) - ord("a"))


def _window_start(lo: int, hi: int) -> int:
    """The first shown row/column: the city and a ring around it, kept on the grid."""
    return max(0, min(GRID - SPAN, (lo + hi) // 2 - SPAN // 2))


def read_city(view: Mapping[str, Any]) -> City:
    """The placed cards, from each entry's ``cell`` ("g7"), ``card`` ("Tr"; empty or missing
    for a statue), ``statue`` (the seat that played it) and ``declared`` (what it scored as)."""
    cells: list[Placed] = []
    for entry in view.get("city") or []:
        card = entry.get("card")
        if isinstance(card, Mapping):  # tolerate a card given as a CardView
            card = card.get("code")
        code = card if isinstance(card, str) and len(card) == 2 else None
        statue = entry.get("statue", entry.get("statue_of"))
        declared = entry.get("declared")
        cells.append(
            Placed(
                cell=parse_cell(str(entry["cell"])),
                code=code,
                value=face_of(code)[2] if code else 0,
                statue=int(statue) if code is None and isinstance(statue, int) else None,
                declared=declared
                if code is None and isinstance(declared, str) and declared
                else None,
            )
        )
    if not cells:
        centre = GRID // 2
        return City((), centre, centre, centre, centre, centre - SPAN // 2, centre - SPAN // 2)
    rows = [p.cell[0] for p in cells]
    cols = [p.cell[1] for p in cells]
    top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
    return City(
        tuple(cells),
        top,
        bottom,
        left,
        right,
        _window_start(top, bottom),
        _window_start(left, right),
    )


def grid_of(cells: Sequence[Placed]) -> dict[Cell, rules.Face]:
    return {p.cell: p.face for p in cells}


@dataclass(frozen=True)
class LastPlay:
    seat: int
    placed: Placed
    points: int
    streets: tuple[rules.StreetScore, ...] | None  # None if they could not be re-derived


def read_last(view: Mapping[str, Any], city: City) -> LastPlay | None:
    """The last placement, with the points it scored street by street.

    The city list is in the order played and the last placement is its last entry, so the
    streets are scored again on the city without it (earlier statues are neutral by then; a
    statue just played scored as its declared identity with value 1). If that does not add up
    to the view's points, the breakdown is left out rather than shown wrong.
    """
    last = view.get("last")
    if not last or not city.cells:
        return None
    cell = parse_cell(str(last.get("cell", "")))
    placed = city.cells[-1]
    points = int(last.get("points", 0))
    seat = int(last.get("seat", 0))
    if placed.cell != cell:
        found = city.by_cell.get(cell)
        return LastPlay(seat, found, points, None) if found else None
    if placed.code is not None:
        face = placed.face
    elif placed.declared:
        face = face_of(placed.declared, D.STATUE_VALUE)
    else:
        return LastPlay(seat, placed, points, None)
    streets = rules.score(grid_of(city.cells[:-1]), cell, face)
    if sum(s.points for s in streets) != points:
        return LastPlay(seat, placed, points, None)
    return LastPlay(seat, placed, points, streets)


@dataclass(frozen=True)
class Fit:
    code: str
    points: int


def legal_spots(view: Mapping[str, Any], city: City | None = None) -> dict[Cell, list[Fit]]:
    """Where each card of the viewer's hand may go, with the points it would score there.

    Derived from the player view alone (the city and the viewer's own hand) with the engine's
    placement rules; the best fits come first. Empty for a public view or a finished game.
    """
    if city is None:
        city = read_city(view)
    if view.get("stage") == "over" or not city.cells:
        return {}
    grid = grid_of(city.cells)
    frontier = rules.frontier(grid)
    out: dict[Cell, list[Fit]] = {}
    for code in hand_codes(view):
        face = face_of(code)
        for cell in rules.legal_cells(grid, face, frontier):
            out.setdefault(cell, []).append(Fit(code, rules.points(grid, cell, face)))
    for fits in out.values():
        fits.sort(key=lambda f: (-f.points, f.code))
    return out


def hand_codes(view: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    for card in view.get("hand") or []:
        code = card.get("code") if isinstance(card, Mapping) else card
        if isinstance(code, str) and len(code) == 2:
            out.append(code)
    return out


# ------------------------------------------------------------------ names and text


def display_name(names: Sequence[str], seat: int) -> str:
    name = fonts.clean(names[seat]) if 0 <= seat < len(names) else ""
    return name or f"Player {seat + 1}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ------------------------------------------------------------------ cards


def _ink(colour: str) -> RGB:
    return INK if colour in LIGHT_CARDS else PAPER


def _card_blank(size: int, under: RGB, fill: RGB) -> Image.Image:
    """A card's rounded outline filled with ``fill``, on ``under`` around the corners."""
    tile = Image.new("RGB", (size, size), under)
    ImageDraw.Draw(tile).rounded_rectangle(
        (0, 0, size - 1, size - 1), radius=round(10 * (size / 92)), fill=fill, outline=INK, width=2
    )
    return tile


def card_tile(code: str, size: int, under: RGB) -> Image.Image:
    """A building card face of ``size`` px on ``under`` (the colour around its corners).

    Building letter + colour letter (the notation) top left, the building's symbol bottom left,
    the value in a disc bottom right; the fill is the card's colour. The middle band stays
    clear, so the card reads at a glance.
    """

    def make() -> Image.Image:
        colour = code[1]
        fill = CARD_FILL.get(colour, STONE)
        ink = _ink(colour)
        k = size / 92
        tile = _card_blank(size, under, fill)
        d = ImageDraw.Draw(tile)
        if colour == "w":  # white on white: an inner rule so the card edge shows on paper too
            d.rounded_rectangle(
                (4, 4, size - 5, size - 5), radius=round(7 * k), outline=(170, 166, 150), width=1
            )
        sprite = art.building_sprite(code[0], round(43 * k), ink)
        tile.paste(sprite, (round(6 * k), round(size - sprite.height - 6 * k)), sprite)
        fonts.role_label(tile, (7 * k, 34 * k), code, "bold", round(33 * k), ink)
        r = 19 * k
        cx, cy = size - 5 * k - r, size - 5 * k - r
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PAPER, outline=INK, width=2)
        value = D.VALUES[_BUILDINGS[code[0]]][_COLOURS[colour]]
        fonts.role_label(tile, (cx, cy + 1), str(value), "bold", round(31 * k), INK, "mm")
        return tile

    return shapes.cached(("card", code, size, under), make)


def statue_tile(seat: int | None, size: int, under: RGB) -> Image.Image:
    """A placed statue: stone grey, neutral, with the number of the player who played it."""

    def make() -> Image.Image:
        k = size / 92
        tile = _card_blank(size, under, STONE)
        sprite = art.statue_sprite(round(50 * k), INK)
        tile.paste(
            sprite, (round((size - sprite.width) / 2), round(size - sprite.height - 4 * k)), sprite
        )
        fonts.role_label(tile, (7 * k, 34 * k), "S", "bold", round(33 * k), INK)
        if seat is not None:  # top right: the value disc's corner stays empty (worth nothing now)
            _seat_badge(tile, (size - 24 * k, 24 * k), seat, round(16 * k))
        return tile

    return shapes.cached(("statue", seat, size, under), make)


def _seat_badge(img: Image.Image, centre: tuple[float, float], seat: int, r: int) -> None:
    """The player's number (seat + 1) in a dark disc: how seats are told apart here."""
    d = ImageDraw.Draw(img)
    cx, cy = centre
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK, outline=PAPER, width=2)
    fonts.role_label(img, (cx, cy + 1), str(seat + 1), "bold", round(r * 1.3), PAPER, "mm")


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


def _open_grid() -> Image.Image:
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


def _draw_coordinates(img: Image.Image, city: City) -> None:
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


def _draw_city(img: Image.Image, city: City, last: LastPlay | None = None) -> None:
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


def _draw_last(img: Image.Image, city: City, last: LastPlay) -> None:
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


def statue_spots(
    view: Mapping[str, Any], city: City, spots: Mapping[Cell, list[Fit]]
) -> list[Cell]:
    """Open edges where no hand card fits but the viewer's unused statue would (a statue can
    always be declared as something its neighbours are not)."""
    if view.get("stage") == "over" or not city.cells:
        return []
    seat = view.get("seat")
    me = next((s for s in view.get("seats") or [] if s.get("seat") == seat), None)
    if me is None or me.get("statue_used", True):
        return []
    return [c for c in rules.frontier(grid_of(city.cells)) if c not in spots]


def _draw_legal(
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
    _draw_coordinates(img, city)
    _draw_city(img, city, last)
    if last is not None:
        _draw_last(img, city, last)


# ------------------------------------------------------------------ the side panel


def _stage_chip(view: Mapping[str, Any]) -> tuple[str, RGB] | None:
    if view.get("stage") == "over":
        return "GAME OVER", (150, 40, 30)
    if view.get("end_phase"):
        return "END PHASE", END_PHASE
    return None


def _turn_lines(view: Mapping[str, Any], names: Sequence[str]) -> tuple[int | None, str, str]:
    """(seat to badge, headline, what happens now)."""
    stage = view.get("stage")
    if stage == "over":
        outcome = view.get("outcome") or {}
        winners = [w for w in outcome.get("winners") or [] if isinstance(w, int)]
        scores = outcome.get("scores") or []
        who = " & ".join(display_name(names, w) for w in winners) or "nobody"
        verb = "win" if len(winners) > 1 else "wins"
        detail = "The second volcano erupted: Pompeji is destroyed."
        if winners and winners[0] < len(scores):
            detail = f"{scores[winners[0]].get('final', '?')} points after the hand penalty"
        return (winners[0] if len(winners) == 1 else None), f"{who} {verb}!", detail
    if stage == "window":
        window = view.get("window") or {}
        nxt = int(window.get("next", view.get("turn") or 0))
        pending = [int(s) for s in window.get("pending") or []]
        second = window.get("second_turn")
        f = fonts.font("regular", 20)
        room = 290 / max(1, len(pending))  # px per name, so that every name shows
        who = ", ".join(fonts.fit(display_name(names, s), f, 20, room) for s in pending)
        if pending == [second]:
            what = f"{who}: use the building permit for a second turn?"
        else:
            what = f"Permit? {who} may build first"
        return nxt, f"Next: {display_name(names, nxt)}", what
    actor = view.get("actor")
    seat = int(actor) if isinstance(actor, int) else int(view.get("turn") or 0)
    if stage == "draw":
        what = "draws a card, or keeps the hand (cards left count against you)"
    elif view.get("permit_turn"):
        what = "building permit: places a card or the statue now"
    else:
        what = "places a card (or discards one if none fits)"
    return seat, display_name(names, seat), what


def _draw_header(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> int:
    d = ImageDraw.Draw(img)
    x0, x1 = PANEL_X, PANEL_R
    fonts.role_label(img, (x0, top + 22), "POMPEJI · the card game", "serif_bold", 22, MUTED)
    chip = _stage_chip(view)
    if chip:
        text, fill = chip
        f = fonts.font("bold", 20)
        w = f.getlength(text)
        d.rounded_rectangle((x1 - w - 24, top, x1, top + 32), radius=8, fill=fill)
        fonts.label(img, (x1 - 12, top + 24), text, f, (255, 255, 255), anchor="rs")
    y = top + 44
    seat, head, what = _turn_lines(view, names)
    d.rounded_rectangle((x0, y, x1, y + 92), radius=10, fill=PANEL_HI, outline=HIGHLIGHT, width=2)
    lx = x0 + 16
    if seat is not None:
        _seat_badge(img, (x0 + 34, y + 32), seat, 20)
        lx = x0 + 66
    fonts.fitted_line(img, (lx, y + 42), head, "bold", 28, TEXT, x1 - 14)
    fonts.fitted_line(img, (x0 + 16, y + 78), what, "regular", 20, TEXT, x1 - 14)
    return y + 92


ROW_H = 92


def _permit_icon(img: Image.Image, x: float, y: float, live: bool) -> None:
    """A building permit card: bright while it has a use left."""
    d = ImageDraw.Draw(img)
    fill, ink = ((236, 214, 160), INK) if live else (PANEL, MUTED)
    d.rounded_rectangle((x, y, x + 28, y + 36), radius=4, fill=fill, outline=MUTED, width=2)
    fonts.role_label(img, (x + 14, y + 19), "2×", "cond_bold", 15, ink, "mm")


def _draw_seat_items(
    img: Image.Image,
    sv: Mapping[str, Any],
    permit_uses: int,
    x: float,
    y: int,
    ly: int,
    asked: bool = False,
) -> None:
    """Cards in hand, the statue (or that it is used) and the permit uses left; ``asked``: an
    open permit window waits for this player's answer."""
    hand = int(sv.get("hand_size", 0))
    fonts.role_label(img, (x, ly), _plural(hand, "card"), "cond", 21, MUTED)
    used = bool(sv.get("statue_used"))
    sx = round(x + 142)
    statue = art.statue_sprite(32, MUTED if used else TEXT)
    img.paste(statue, (sx, y + 48), statue)
    word = "statue used" if used else "statue"
    fonts.role_label(img, (sx + 34, ly), word, "cond", 21, MUTED if used else TEXT)
    px = sx + 160
    left = int(sv.get("permits_left", 0))
    for i in range(permit_uses):
        _permit_icon(img, px + i * 34, y + 46, i < left)
    word = "permit?" if asked else "permit" if left else "no permit"
    colour = GOLD if asked else TEXT if left else MUTED
    fonts.role_label(
        img, (px + permit_uses * 34 + 4, ly), word, "cond_bold" if asked else "cond", 21, colour
    )


def _draw_seats(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> int:
    """A row per player: number, name, score; hand size, statue and permits left."""
    d = ImageDraw.Draw(img)
    x0, x1 = PANEL_X, PANEL_R
    over = view.get("stage") == "over"
    outcome = view.get("outcome") or {}
    places = [p for p in outcome.get("places") or [] if isinstance(p, int)]
    scores = outcome.get("scores") or []
    actor = view.get("actor")
    permit_uses = int(view.get("permit_uses", 1))
    y = top + 10
    for sv in view.get("seats") or []:
        s = int(sv.get("seat", 0))
        on_turn = actor == s and not over
        fill = PANEL_HI if on_turn else PANEL
        d.rounded_rectangle((x0, y, x1, y + ROW_H - 8), radius=10, fill=fill)
        if on_turn:
            d.rounded_rectangle((x0, y, x0 + 7, y + ROW_H - 8), radius=3, fill=HIGHLIGHT)
        _seat_badge(img, (x0 + 32, y + 30), s, 20)
        score = int(sv.get("score", 0))
        right = x1 - 110
        ly = y + 72
        if over and s < len(scores):  # the final score, place, and how it came about
            final = scores[s]
            score = int(final.get("final", score))
            place = places[s] if s < len(places) else 0
            colour = GOLD if place == 1 else MUTED
            fonts.role_label(img, (x1 - 120, y + 40), f"#{place}", "bold", 26, colour, "rs")
            right = x1 - 170
            built, penalty = final.get("built", "?"), abs(int(final.get("hand", 0)))
            summary = f"built {built} − {penalty} left in hand = {score}"
            fonts.role_label(img, (x0 + 64, ly), summary, "cond", 21, MUTED)
        fonts.role_label(img, (x1 - 14, y + 44), str(score), "bold", 42, TEXT, "rs")
        fonts.fitted_line(img, (x0 + 64, y + 40), display_name(names, s), "bold", 28, TEXT, right)
        if not over:
            asked = s in ((view.get("window") or {}).get("pending") or [])
            _draw_seat_items(img, sv, permit_uses, x0 + 64, y, ly, asked)
        y += ROW_H
    return y


def deck_lines(view: Mapping[str, Any]) -> tuple[str, str]:
    """What the deck tells everyone: cards left and how far the danger is."""
    deck = int(view.get("deck_size", 0))
    volcanoes = int(view.get("volcanoes", 0))
    pile = 9  # a volcano shuffled into 8 building cards [R]
    if volcanoes >= 2 or view.get("stage") == "over":
        return f"Deck: {_plural(deck, 'card')} left", "Both volcanoes are out: Pompeji is buried."
    if volcanoes == 0:
        safe = max(0, deck - 2 * pile)
        head = f"Deck: {_plural(deck, 'card')}"
        if safe:
            return head, f"{_plural(safe, 'safe draw')}, then the 1st volcano within {pile}"
        return head, f"Danger! the 1st volcano is in the next {_plural(deck - pile, 'card')}"
    safe = max(0, deck - pile)
    head = f"Deck: {_plural(deck, 'card')} · end phase"
    if safe:
        return head, f"{_plural(safe, 'safe draw')}, then the 2nd volcano within {min(pile, deck)}"
    return head, f"Danger! the 2nd volcano is in the last {_plural(deck, 'card')}"


def _draw_deck(img: Image.Image, view: Mapping[str, Any], top: int) -> int:
    d = ImageDraw.Draw(img)
    x0, x1 = PANEL_X, PANEL_R
    y = top + 6
    d.rounded_rectangle((x0, y, x1, y + 86), radius=10, fill=PANEL)
    volcanoes = int(view.get("volcanoes", 0))
    for i in range(2):
        sprite = art.volcano_sprite(56, erupted=i < volcanoes)
        img.paste(sprite, (x0 + 8 + i * 58, y + 14), sprite)
    head, detail = deck_lines(view)
    colour = END_PHASE if detail.startswith("Danger") else TEXT
    fonts.role_label(img, (x0 + 134, y + 36), head, "bold", 24, TEXT)
    fonts.role_label(img, (x0 + 134, y + 70), detail, "cond", 20, colour)
    return y + 86


def _street_text(s: rules.StreetScore, face: rules.Face) -> str:
    parts = []
    if s.building:
        parts.append(f"{D.BUILDINGS[face[0]][1]} {s.building}")
    if s.colour:
        parts.append(f"{D.COLOURS[face[1]][1]} {s.colour}")
    if s.seventh:
        parts.append(f"7 cards +{s.seventh}")
    return f"{LINE_LABEL.get(s.line, s.line)}: " + " + ".join(parts) + f" = +{s.points}"


def city_extent(city: City) -> str:
    """The size of the city so far and the columns and rows it can still reach."""
    w, h = city.right - city.left + 1, city.bottom - city.top + 1
    if w >= rules.FRAME and h >= rules.FRAME:
        return "City 7 × 7: full size, only gaps are left"
    c0, c1 = max(0, city.right - rules.FRAME + 1), min(GRID - 1, city.left + rules.FRAME - 1)
    r0, r1 = max(0, city.bottom - rules.FRAME + 1), min(GRID - 1, city.top + rules.FRAME - 1)
    cols = f"columns {chr(ord('a') + c0)}–{chr(ord('a') + c1)}"
    rows = f"rows {r0 + 1}–{r1 + 1}"
    return f"City {w} wide × {h} tall (max 7 × 7): {cols}, {rows}"


def _last_face(p: Placed) -> rules.Face:
    if p.code:
        return face_of(p.code)
    return face_of(p.declared, D.STATUE_VALUE) if p.declared else rules.NEUTRAL


def _draw_notes(
    img: Image.Image,
    view: Mapping[str, Any],
    city: City,
    last: LastPlay | None,
    names: Sequence[str],
    top: int,
    bottom: int,
) -> None:
    """The last play street by street, the city's size, discards and (at the end) hands."""
    d = ImageDraw.Draw(img)
    x0, x1 = PANEL_X, PANEL_R
    y = top + 8
    d.rounded_rectangle((x0, y, x1, bottom), radius=10, fill=PANEL)
    d.rounded_rectangle((x0 + 12, y + 14, x0 + 40, y + 38), radius=5, outline=HIGHLIGHT, width=4)
    lines: list[tuple[str, RGB]] = []
    if last is None:
        fonts.role_label(img, (x0 + 52, y + 34), "Last play: none yet", "bold", 22, MUTED)
    else:
        p = last.placed
        what = p.code if p.code else f"statue as {p.declared}" if p.declared else "statue"
        head = f"{display_name(names, last.seat)}: {what} on {cell_code(p.cell)}"
        pts = f"+{last.points}"
        f = fonts.font("bold", 30)
        fonts.role_label(img, (x1 - 14, y + 38), pts, "bold", 30, HIGHLIGHT, "rs")
        fonts.fitted_line(
            img, (x0 + 52, y + 34), head, "bold", 22, TEXT, x1 - 26 - f.getlength(pts)
        )
        if last.streets is None:
            lines.append(("(street by street: not available)", MUTED))
        else:
            scoring = [s for s in last.streets if s.points]
            face = _last_face(p)
            lines += [(_street_text(s, face), TEXT) for s in scoring]
            if not scoring:
                lines.append(("no street scored", MUTED))
    lines.append(("", MUTED))
    if city.cells:
        lines.append((city_extent(city), MUTED))
    discards = [str(c) for c in view.get("discards") or []]
    if discards:
        lines.append((f"Discarded (out of the game): {' '.join(discards)}", MUTED))
    hands = view.get("hands")
    if view.get("stage") == "over" and isinstance(hands, list):
        for seat, hand in enumerate(hands):
            codes = [str(c) for c in hand]
            lost = sum(face_of(c)[2] for c in codes if len(c) == 2 and c[0] in _BUILDINGS)
            left = " ".join(codes) if codes else "none"
            lines.append((f"{display_name(names, seat)} kept {left} (−{lost})", MUTED))
    ly = y + 66
    for text, colour in lines:
        if ly > bottom - 34:
            break
        if text:
            fonts.fitted_line(img, (x0 + 16, ly), text, "cond", 20, colour, x1 - 12)
        ly += 26 if text else 10


def _draw_legend(img: Image.Image, top: int) -> None:
    """Building symbols and colour letters, with their names (our adaptation, so labelled)."""
    x0 = PANEL_X
    col_w = (PANEL_R - PANEL_X) / 7
    for i, (code, name) in enumerate(D.BUILDINGS):
        x = x0 + i * col_w
        sprite = art.building_sprite(code, 34, TEXT)
        img.paste(sprite, (round(x), top), sprite)
        fonts.role_label(img, (x + 40, top + 28), code, "bold", 24, TEXT)
        fonts.role_label(img, (x + col_w / 2 - 4, top + 56), name, "cond", 15, MUTED, "ms")
    y = top + 72
    d = ImageDraw.Draw(img)
    for i, (code, name, _emoji) in enumerate(D.COLOURS):
        x = x0 + i * col_w
        d.rounded_rectangle(
            (x, y, x + col_w - 6, y + 34), radius=6, fill=CARD_FILL[code], outline=INK
        )
        fonts.role_label(img, (x + 6, y + 26), code, "bold", 24, _ink(code))
        fonts.role_label(img, (x + 24, y + 24), name, "cond", 15, _ink(code))


# ------------------------------------------------------------------ public entry points

LEGEND_TOP = H - 118


def _adapted_note(img: Image.Image, view: Mapping[str, Any]) -> None:
    """The spec asks for our invented card data to be labelled as such in the UI."""
    if (view.get("legend") or {}).get("adapted", True):
        text = "Building names, colours and values: our adaptation, not the printed cards"
        fonts.role_label(img, (PANEL_R - 12, LEGEND_TOP - 26), text, "cond", 16, MUTED, "rs")


def _base() -> Image.Image:
    """What never changes: the surround, the open grid and the legend (copied for every image;
    ``_draw_city`` expects the open grid in place)."""

    def make() -> Image.Image:
        img = Image.new("RGB", (W, H), CANVAS)
        img.paste(_open_grid(), (GX, GY))
        _draw_legend(img, LEGEND_TOP)
        return img

    return shapes.cached(("base",), make)


def draw_board(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """The public image as RGB (``W`` × ``H``): the city and the side panel."""
    img = _base().copy()
    city = read_city(view)
    last = read_last(view, city)
    draw_city(img, city, last)
    y = _draw_header(img, view, names, 14)
    y = _draw_seats(img, view, names, y)
    y = _draw_deck(img, view, y)
    _draw_notes(img, view, city, last, names, y, LEGEND_TOP - 14)
    _adapted_note(img, view)
    return img


HAND_CARD = 150


def _hand_status(view: Mapping[str, Any], spots: Mapping[Cell, list[Fit]]) -> str:
    seat = view.get("seat")
    stage = view.get("stage")
    if stage == "over":
        return "The game is over."
    if stage == "window":
        window = view.get("window") or {}
        if seat in (window.get("pending") or []):
            if window.get("second_turn") == seat:
                return "You may use your building permit for a second turn now."
            return "You may use your building permit to build before the next player."
        return f"Permit window open; then player {int(window.get('next', 0)) + 1} plays."
    if view.get("actor") == seat:
        if stage == "draw":
            return "Your turn: draw a card, or keep your hand."
        if view.get("permit_turn"):
            return "Your permit turn: place a card or your statue (or decline)."
        if view.get("can_place") is False:
            return "Your turn: nothing fits; discard a card (a draw follows)."
        if not spots:
            return "Your turn: no card fits; statue or discard one."
        return "Your turn: place a card on a marked space."
    actor = view.get("actor")
    who = f"player {int(actor) + 1}" if isinstance(actor, int) else "the others"
    return f"Not your turn: waiting for {who}."


def draw_hand(view: Mapping[str, Any], name: str) -> Image.Image:
    """The private image (``W`` × ``H``): the viewer's hand, and the city with their spots."""
    img = _base().copy()
    city = read_city(view)
    last = read_last(view, city)
    spots = legal_spots(view, city)
    _draw_coordinates(img, city)
    _draw_city(img, city, last)
    if last is not None:
        _draw_last(img, city, last)
    _draw_legal(img, city, spots, statue_spots(view, city, spots))

    d = ImageDraw.Draw(img)
    x0, x1 = PANEL_X, PANEL_R
    seat = int(view.get("seat", 0))
    fonts.role_label(
        img, (x0, 36), "POMPEJI · your hand (only you see this)", "serif_bold", 22, MUTED
    )
    d.rounded_rectangle((x0, 54, x1, 146), radius=10, fill=PANEL_HI, outline=LEGAL, width=2)
    _seat_badge(img, (x0 + 34, 86), seat, 20)
    fonts.fitted_line(
        img, (x0 + 66, 96), fonts.clean(name) or f"Player {seat + 1}", "bold", 28, TEXT, x1 - 14
    )
    fonts.fitted_line(img, (x0 + 16, 132), _hand_status(view, spots), "regular", 20, TEXT, x1 - 14)

    codes = hand_codes(view)
    per_card: dict[str, list[tuple[Cell, int]]] = {}
    for cell, fits in spots.items():
        for fit in fits:
            per_card.setdefault(fit.code, []).append((cell, fit.points))
    y = 166
    gap = 24
    size = min(HAND_CARD, int((x1 - x0 - gap * (len(codes) - 1)) / max(1, len(codes))))
    for i, code in enumerate(codes):  # three cards; more would be drawn smaller
        cx = x0 + i * (size + gap)
        img.paste(card_tile(code, size, CANVAS), (cx, y + HAND_CARD - size))
        b, c, v = face_of(code)
        fonts.role_label(
            img,
            (cx + size / 2, y + HAND_CARD + 26),
            f"{D.BUILDINGS[b][1]}",
            "bold",
            20,
            TEXT,
            "ms",
        )
        fonts.role_label(
            img,
            (cx + size / 2, y + HAND_CARD + 50),
            f"{D.COLOURS[c][1]} · {v}",
            "cond",
            20,
            MUTED,
            "ms",
        )
        places = sorted(per_card.get(code, []), key=lambda t: (-t[1], t[0]))
        if places:
            best_cell, best = places[0]
            lines = (_plural(len(places), "space"), f"best +{best} on {cell_code(best_cell)}")
        else:
            lines = ("fits nowhere", "")
        for j, line in enumerate(lines):
            fonts.role_label(
                img,
                (cx + size / 2, y + HAND_CARD + 78 + j * 24),
                line,
                "cond",
                20,
                LEGAL if places else END_PHASE,
                "ms",
            )
    if not codes:
        fonts.role_label(img, (x0 + 16, y + 60), "No cards in hand", "bold", 28, MUTED)

    y = 440
    d.rounded_rectangle((x0, y, x1, y + 140), radius=10, fill=PANEL)
    seats = view.get("seats") or []
    me: Mapping[str, Any] = next((s for s in seats if s.get("seat") == seat), {})
    used = bool(me.get("statue_used"))
    statue = art.statue_sprite(44, MUTED if used else TEXT)
    img.paste(statue, (x0 + 12, y + 12), statue)
    statue_line = "Statue: used" if used else "Statue: joker worth 1, fits any open edge; no draw"
    fonts.fitted_line(
        img, (x0 + 66, y + 42), statue_line, "cond", 20, MUTED if used else TEXT, x1 - 12
    )
    left = int(me.get("permits_left", 0))
    for i in range(int(view.get("permit_uses", 1))):
        _permit_icon(img, x0 + 20 + i * 34, y + 66, i < left)
    permit_line = f"Building permit: {left} use{'s' if left != 1 else ''} left"
    fonts.role_label(
        img,
        (x0 + 66 + 34 * max(0, int(view.get("permit_uses", 1)) - 1), y + 92),
        permit_line,
        "cond",
        20,
        TEXT if left else MUTED,
    )
    hand_value = int(view.get("hand_value", 0))
    score = int(me.get("score", 0))
    fonts.role_label(
        img,
        (x0 + 16, y + 128),
        f"Your score {score} · hand counts −{hand_value} at the end",
        "cond",
        20,
        TEXT,
    )

    y = 598
    d.rounded_rectangle((x0, y, x1, y + 112), radius=10, fill=PANEL)
    d.rounded_rectangle(
        (x0 + 12, y + 14, x0 + 96, y + 64), radius=8, fill=LEGAL_FILL, outline=LEGAL, width=4
    )
    fonts.role_label(img, (x0 + 54, y + 40), "Tr +8", "cond_bold", 22, (255, 255, 255), "mm")
    fonts.role_label(img, (x0 + 110, y + 34), "a space where your card fits,", "cond", 20, TEXT)
    fonts.role_label(img, (x0 + 110, y + 58), "with the points it would score", "cond", 20, TEXT)
    top_fit = max(
        ((fit.points, fit.code, cell) for cell, fits in spots.items() for fit in fits),
        key=lambda t: (t[0], t[1], (-t[2][0], -t[2][1])),
        default=None,
    )
    example = (
        f"play {top_fit[1]} {cell_code(top_fit[2])}"
        if top_fit
        else f"discard {codes[0]}"
        if codes
        else "play Tr g8"
    )
    fonts.role_label(
        img, (x0 + 16, y + 96), f"/move {example}   (card, column, row)", "cond", 20, MUTED
    )
    head, detail = deck_lines(view)
    volcanoes = int(view.get("volcanoes", 0))
    for i in range(2):
        sprite = art.volcano_sprite(44, erupted=i < volcanoes)
        img.paste(sprite, (x0 + i * 46, y + 134), sprite)
    danger = END_PHASE if detail.startswith("Danger") else TEXT
    fonts.role_label(img, (x0 + 104, y + 152), head, "bold", 22, TEXT)
    fonts.role_label(img, (x0 + 104, y + 178), detail, "cond", 20, danger)
    fonts.role_label(img, (x0, y + 232), "Scores", "cond", 20, MUTED)
    x = x0 + 70
    for sv in seats:
        s = int(sv.get("seat", 0))
        _seat_badge(img, (x + 18, y + 222), s, 16)
        fonts.role_label(img, (x + 42, y + 232), str(sv.get("score", 0)), "bold", 26, TEXT)
        x += 110
    _adapted_note(img, view)
    return img


def _sample_view(private: bool) -> dict[str, Any]:
    """A synthetic crowded city using every card colour and symbol (for the palette)."""
    city = []
    order = [(r, c) for r in range(3, 10) for c in range(3, 10)]
    for i, (r, c) in enumerate(order):
        b, col = (i + 2 * (r % 2)) % 7, (i * 3 + r) % 7
        code = D.BUILDINGS[b][0] + D.COLOURS[col][0]
        card: str | None = code if i % 11 else None
        city.append({"cell": cell_code((r, c)), "card": card, "statue": i % 4, "declared": code})
    return {
        "stage": "play",
        "players": 4,
        "permit_uses": 2,
        "end_phase": True,
        "volcanoes": 1,
        "deck_size": 12,
        "actor": 1,
        "turn": 1,
        "city": city[:-12],
        "seats": [
            {
                "seat": s,
                "score": 100 + s,
                "hand_size": 3,
                "statue_used": s % 2 == 0,
                "permits_left": s % 3,
            }
            for s in range(4)
        ],
        "last": {"seat": 0, "cell": "g7", "points": 23},
        "seat": 1,
        "hand": ["Tr", "Fo", "Ay"] if private else None,
        "hand_value": 9,
    }


def _palette_samples() -> list[Image.Image]:
    names = ["Sample"] * 4
    return [draw_board(_sample_view(False), names), draw_hand(_sample_view(True), "Sample")]


PALETTE = png.Palette(
    _palette_samples,
    keep=[
        *CARD_FILL.values(),
        *(HIGHLIGHT, HIGHLIGHT_EDGE, LEGAL, LEGAL_FILL, CANVAS, PANEL, PANEL_HI, TEXT, MUTED),
        *(INK, PAPER, STONE, OPEN, OPEN_LINE, HATCH, LIMIT, END_PHASE, GOLD),
    ],
)


def render_board(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    return png.encode(draw_board(view, names), PALETTE)


def render_hand(view: Mapping[str, Any], name: str) -> bytes:
    return png.encode(draw_hand(view, name), PALETTE)
