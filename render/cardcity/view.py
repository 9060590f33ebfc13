"""Reading the Pompeji views: the city (cards, statues, its extent and the shown window), the
last play with the points it scored street by street, and where the viewer's cards fit. All of
it is read from the view (``docs/views-cardcity.md``): the engine says what scored and what
fits; nothing here applies the rules itself."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cardcity import data as D
from engine.cardcity import rules
from render import fonts
from render.cardcity.lang import _
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


@dataclass(frozen=True)
class Street:
    """What one street earned for the last placement (``view["last"]["streets"]``)."""

    line: str
    cells: tuple[Cell, ...]
    building: int
    colour: int
    seventh: int

    @property
    def points(self) -> int:
        return self.building + self.colour + self.seventh


@dataclass(frozen=True)
class LastPlay:
    seat: int
    placed: Placed
    points: int
    streets: tuple[Street, ...] | None  # None when the view has no breakdown


def read_last(view: Mapping[str, Any], city: City) -> LastPlay | None:
    """The last placement, with the points it scored street by street (from the view)."""
    last = view.get("last")
    if not last or not city.cells:
        return None
    cell = parse_cell(str(last.get("cell", "")))
    points = int(last.get("points", 0))
    seat = int(last.get("seat", 0))
    placed = city.by_cell.get(cell)
    if placed is None:
        return None
    raw = last.get("streets")
    streets = None
    if isinstance(raw, list):
        streets = tuple(
            Street(
                str(s.get("line", "")),
                tuple(parse_cell(str(c)) for c in s.get("cells") or ()),
                int(s.get("building", 0)),
                int(s.get("colour", 0)),
                int(s.get("seventh", 0)),
            )
            for s in raw
            if isinstance(s, Mapping)
        )
    return LastPlay(seat, placed, points, streets)


@dataclass(frozen=True)
class Turn:
    """The latest turn (``view["last_turn"]``) with its placement, if it placed."""

    seat: int
    permit: bool
    discarded: str  # the card discarded; "" when the turn placed
    drew: int  # building cards drawn
    volcano: int  # the volcano drawn in it: 1, 2; 0 none
    kept: bool  # the end-phase draw declined
    placed: LastPlay | None


def read_turn(view: Mapping[str, Any], last: LastPlay | None) -> Turn | None:
    """The latest turn, from ``view["last_turn"]``; ``None`` before the first one."""
    raw = view.get("last_turn")
    if not isinstance(raw, Mapping):  # a view without it (a state stored before): the placement
        return None if last is None else Turn(last.seat, False, "", 0, 0, False, last)
    seat = int(raw.get("seat", 0))
    discarded = str(raw.get("discarded") or "")
    placed = last if last is not None and not discarded and last.seat == seat else None
    return Turn(
        seat,
        bool(raw.get("permit")),
        discarded,
        int(raw.get("drew", 0)),
        int(raw.get("volcano", 0)),
        bool(raw.get("kept")),
        placed,
    )


@dataclass(frozen=True)
class Fit:
    code: str
    points: int


def legal_spots(view: Mapping[str, Any], city: City | None = None) -> dict[Cell, list[Fit]]:
    """Where each card of the viewer's hand may go, with the points it would score there, best
    first (``view["fits"]``: the engine's; empty in a public view or a finished game)."""
    out: dict[Cell, list[Fit]] = {}
    if view.get("stage") == "over":
        return out
    for fit in view.get("fits") or []:
        if isinstance(fit, Mapping):
            cell = parse_cell(str(fit.get("cell", "")))
            out.setdefault(cell, []).append(
                Fit(str(fit.get("card", "")), int(fit.get("points", 0)))
            )
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
    return name or _("Player {n}").format(n=seat + 1)


def statue_spots(
    view: Mapping[str, Any], city: City, spots: Mapping[Cell, list[Fit]]
) -> list[Cell]:
    """Open edges where no hand card fits but the viewer's unused statue would
    (``view["statue_cells"]``)."""
    if view.get("stage") == "over":
        return []
    return [parse_cell(str(c)) for c in view.get("statue_cells") or []]
