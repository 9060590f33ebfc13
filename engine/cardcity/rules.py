"""Placement and scoring on the city grid, as pure functions (docs/rules/cardcity.md §2.4–§3).

They work on any mapping from cell to :data:`Face`, so the rulebook-style examples (whose card
values differ from our data set) can be checked directly, and the game uses the same code.
A cell is ``(row, col)``; row numbers grow downwards, column numbers to the right.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.text import Text

Cell = tuple[int, int]
Face = tuple[int, int, int]
"""What a placed card shows: ``(building, colour, value)``."""

NEUTRAL: Face = (-1, -1, 0)
"""A statue after it has been scored: no building, no colour; it never matches or conflicts."""

FRAME = 7
"""The city may never be wider or taller than 7 cards [R]."""

STREET_FULL = 7
SEVENTH_BONUS = 7

LINES: tuple[tuple[str, int, int], ...] = (
    ("row", 0, 1),
    ("column", 1, 0),
    ("diagonal \\", 1, 1),
    ("diagonal /", 1, -1),
)
"""The four lines through a cell: (name, row step, column step)."""

EDGES: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))

Grid = Mapping[Cell, Face]


@dataclass(frozen=True, slots=True)
class StreetScore:
    """What one street earned for a placement (only streets with another card appear)."""

    line: str
    cells: tuple[Cell, ...]  # the unbroken street, in order along the line
    building: int  # sum of the matching building's values, the new card included (0: no match)
    colour: int  # highest value of the matching colour, the new card included (0: no match)
    seventh: int  # 7 if the street now holds 7 cards

    @property
    def points(self) -> int:
        return self.building + self.colour + self.seventh


def street(grid: Grid, cell: Cell, drow: int, dcol: int) -> tuple[Cell, ...]:
    """The unbroken run of occupied cells through ``cell`` along a line (``cell`` included,
    whether or not it is occupied yet)."""
    before: list[Cell] = []
    r, c = cell[0] - drow, cell[1] - dcol
    while (r, c) in grid:
        before.append((r, c))
        r, c = r - drow, c - dcol
    after: list[Cell] = []
    r, c = cell[0] + drow, cell[1] + dcol
    while (r, c) in grid:
        after.append((r, c))
        r, c = r + drow, c + dcol
    return (*reversed(before), cell, *after)


def score(grid: Grid, cell: Cell, face: Face) -> tuple[StreetScore, ...]:
    """The points for putting ``face`` on the empty ``cell`` of ``grid``, street by street."""
    building, colour, value = face
    out: list[StreetScore] = []
    for name, drow, dcol in LINES:
        cells = street(grid, cell, drow, dcol)
        if len(cells) == 1:
            continue
        others = [grid[c] for c in cells if c != cell]
        same_b = [f[2] for f in others if f[0] == building and f[0] >= 0]
        same_c = [f[2] for f in others if f[1] == colour and f[1] >= 0]
        out.append(
            StreetScore(
                line=name,
                cells=cells,
                building=value + sum(same_b) if same_b else 0,
                colour=max(value, *same_c) if same_c else 0,
                seventh=SEVENTH_BONUS if len(cells) == STREET_FULL else 0,
            )
        )
    return tuple(out)


def points(grid: Grid, cell: Cell, face: Face) -> int:
    return sum(s.points for s in score(grid, cell, face))


def conflict(grid: Grid, cell: Cell, face: Face) -> Cell | None:
    """An edge neighbour that shares ``face``'s building or colour (neutral statues never do)."""
    for dr, dc in EDGES:
        other = grid.get((cell[0] + dr, cell[1] + dc))
        if other is None or other[0] < 0 or face[0] < 0:
            continue
        if other[0] == face[0] or other[1] == face[1]:
            return (cell[0] + dr, cell[1] + dc)
    return None


def has_edge_neighbour(grid: Grid, cell: Cell) -> bool:
    return any((cell[0] + dr, cell[1] + dc) in grid for dr, dc in EDGES)


def fits_frame(grid: Grid, cell: Cell) -> bool:
    """Whether the city stays within 7 × 7 cards with ``cell`` added."""
    rows = [r for r, _ in grid]
    cols = [c for _, c in grid]
    return (
        max(*rows, cell[0]) - min(*rows, cell[0]) < FRAME
        and max(*cols, cell[1]) - min(*cols, cell[1]) < FRAME
    )


def frontier(grid: Grid) -> tuple[Cell, ...]:
    """Every empty cell that touches the city along an edge and keeps it within 7 × 7, sorted."""
    rows = [r for r, _ in grid]
    cols = [c for _, c in grid]
    top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
    found: set[Cell] = set()
    for r, c in grid:
        for dr, dc in EDGES:
            cell = (r + dr, c + dc)
            if cell in grid or cell in found:
                continue
            if max(bottom, cell[0]) - min(top, cell[0]) >= FRAME:
                continue
            if max(right, cell[1]) - min(left, cell[1]) >= FRAME:
                continue
            found.add(cell)
    return tuple(sorted(found))


def why_illegal(grid: Grid, cell: Cell, face: Face) -> Text | None:
    """``None`` if ``face`` may go on ``cell``; otherwise the reason, for the player."""
    if cell in grid:
        return Text("that space is already built on")
    if not has_edge_neighbour(grid, cell):
        return Text("it must touch a card of the city along a whole side (a corner is not enough)")
    if not fits_frame(grid, cell):
        return Text("the city may never be wider or taller than 7 cards")
    if conflict(grid, cell, face) is not None:
        return Text("the same building or colour may never touch along a side")
    return None


def is_legal(grid: Grid, cell: Cell, face: Face) -> bool:
    return why_illegal(grid, cell, face) is None


def legal_cells(grid: Grid, face: Face, cells: Iterable[Cell] | None = None) -> list[Cell]:
    """The cells where ``face`` may be placed; ``cells`` must be ``frontier(grid)`` if given
    (callers that already have it save the work)."""
    candidates = frontier(grid) if cells is None else cells
    return [c for c in candidates if conflict(grid, c, face) is None]


def forbidden(grid: Grid, cell: Cell) -> tuple[frozenset[int], frozenset[int]]:
    """The buildings and colours of ``cell``'s edge neighbours (neutral statues excluded):
    what a card or a declared statue on ``cell`` may not be."""
    buildings: set[int] = set()
    colours: set[int] = set()
    for dr, dc in EDGES:
        other = grid.get((cell[0] + dr, cell[1] + dc))
        if other is not None and other[0] >= 0:
            buildings.add(other[0])
            colours.add(other[1])
    return frozenset(buildings), frozenset(colours)
