"""Reading the Pompeji views: the city (cards, statues, its extent and the shown window), the
last play with the points it scored street by street, and the viewer's legal spots. Where the
view does not spell something out, it is derived from the view's own fields with the engine's
pure rules (``engine.cardcity.rules``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cardcity import data as D
from engine.cardcity import rules
from render import fonts
from render.cardcity.layout import GRID, SPAN, Cell

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


BUILDING_INDEX = {code: i for i, (code, _name) in enumerate(D.BUILDINGS)}
COLOUR_INDEX = {code: i for i, (code, _name, _emoji) in enumerate(D.COLOURS)}


def face_of(code: str, value: int | None = None) -> rules.Face:
    """``"Tr"`` as ``(building, colour, value)``; the value from the data unless given."""
    b, c = BUILDING_INDEX[code[0]], COLOUR_INDEX[code[1]]
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


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


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
