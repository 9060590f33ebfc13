"""The worked scoring examples of docs/rules/cardcity.md §3.2, with the example's own values
(they differ from our card data on purpose), checked with the engine's placement and scoring."""

from __future__ import annotations

from engine.cardcity import rules
from engine.cardcity.rules import Cell, Face

B = {"T": 0, "F": 1, "A": 2, "B": 3, "V": 4, "W": 5, "G": 6}
C = {"red": 0, "yel": 2, "grn": 3, "blue": 4, "pur": 5, "wht": 6}


def face(text: str) -> Face:
    """``T·yel·3`` -> (building, colour, value)."""
    b, c, v = text.split("·")
    return (B[b], C[c], int(v))


def rc(text: str) -> Cell:
    """``r2c4`` -> (2, 4): the spec's row/column names, used as grid cells directly."""
    r, c = text[1:].split("c")
    return (int(r), int(c))


EXAMPLE_1 = {
    "r1c1": "V·blue·2",
    "r1c3": "W·yel·5",
    "r2c1": "T·red·5",
    "r2c2": "F·blue·3",
    "r2c3": "A·grn·2",
    "r3c2": "B·yel·4",
    "r3c3": "T·pur·7",
}


def grid_of(layout: dict[str, str]) -> dict[Cell, Face]:
    return {rc(k): face(v) for k, v in layout.items()}


def by_line(streets: tuple[rules.StreetScore, ...]) -> dict[str, int]:
    return {s.line: s.points for s in streets}


def test_example_1_layout_is_legal_card_by_card() -> None:
    grid = grid_of(EXAMPLE_1)
    for cell, f in grid.items():
        rest = {k: v for k, v in grid.items() if k != cell}
        assert rules.conflict(rest, cell, f) is None, cell


def test_example_1_temple_scores_in_three_streets_for_23() -> None:
    grid = grid_of(EXAMPLE_1)
    x = face("T·yel·3")
    assert rules.is_legal(grid, rc("r2c4"), x)
    streets = rules.score(grid, rc("r2c4"), x)
    assert by_line(streets) == {"row": 8, "diagonal \\": 5, "diagonal /": 10}
    row = next(s for s in streets if s.line == "row")
    assert (row.building, row.colour, row.seventh) == (8, 0, 0)
    diag = next(s for s in streets if s.line == "diagonal \\")
    assert (diag.building, diag.colour) == (0, 5)
    assert rules.points(grid, rc("r2c4"), x) == 23


def test_example_1_yellow_baths_off_the_lines_does_not_count() -> None:
    grid = grid_of(EXAMPLE_1)
    streets = rules.score(grid, rc("r2c4"), face("T·yel·3"))
    assert all(rc("r3c2") not in s.cells for s in streets)


def test_example_1_illegal_alternatives() -> None:
    grid = grid_of(EXAMPLE_1)
    assert rules.why_illegal(grid, rc("r2c4"), face("T·grn·4")) is not None  # green A·grn·2
    grid[rc("r2c4")] = face("T·yel·3")
    for colour in ("red", "yel", "grn", "blue", "pur", "wht"):
        temple = (B["T"], C[colour], 1)
        assert not rules.is_legal(grid, rc("r3c4"), temple)


def example_2_grid() -> dict[Cell, Face]:
    grid = grid_of(EXAMPLE_1)
    grid[rc("r2c4")] = face("T·yel·3")
    return grid


def test_example_2_gap_breaks_the_row_and_the_villa_scores_nothing() -> None:
    grid = example_2_grid()
    y = face("V·red·4")
    assert rules.is_legal(grid, rc("r1c4"), y)
    row = next(s for s in rules.score(grid, rc("r1c4"), y) if s.line == "row")
    assert row.cells == (rc("r1c3"), rc("r1c4"))
    assert rules.points(grid, rc("r1c4"), y) == 0


def test_example_2_filling_the_gap_joins_the_row() -> None:
    grid = example_2_grid()
    grid[rc("r1c4")] = face("V·red·4")
    g = face("G·wht·6")
    assert rules.is_legal(grid, rc("r1c2"), g)
    grid[rc("r1c2")] = g
    assert rules.street(grid, rc("r1c4"), 0, 1) == tuple(rc(f"r1c{c}") for c in (1, 2, 3, 4))


def example_3_grid() -> dict[Cell, Face]:
    grid = example_2_grid()
    grid[rc("r1c4")] = face("V·red·4")
    grid[rc("r1c2")] = face("G·wht·6")
    return grid


def test_example_3_statue_declarations() -> None:
    grid = example_3_grid()
    cell = rc("r3c4")
    assert all(not rules.is_legal(grid, cell, (B["T"], c, 1)) for c in range(7))
    assert all(not rules.is_legal(grid, cell, (b, C["yel"], 1)) for b in range(7))
    assert all(not rules.is_legal(grid, cell, (b, C["pur"], 1)) for b in range(7))
    assert rules.is_legal(grid, cell, (B["A"], C["red"], 1))


def test_example_3_statue_as_red_amphitheatre_scores_7() -> None:
    grid = example_3_grid()
    streets = rules.score(grid, rc("r3c4"), (B["A"], C["red"], 1))
    assert by_line(streets) == {"column": 4, "diagonal \\": 3, "row": 0}
    assert rules.points(grid, rc("r3c4"), (B["A"], C["red"], 1)) == 7


def example_4_grid() -> dict[Cell, Face]:
    row = ["G·red·2", "W·blue·6", "G·grn·3", "A·red·1", "F·yel·7", "B·pur·5"]
    return {(4, c): face(f) for c, f in enumerate(row, start=1)}


def test_example_4_seventh_card_adds_7() -> None:
    grid = example_4_grid()
    g = face("G·wht·4")
    assert rules.is_legal(grid, (4, 7), g)
    (row,) = rules.score(grid, (4, 7), g)
    assert (row.building, row.colour, row.seventh, row.points) == (9, 0, 7, 16)


def test_example_4_other_end_also_completes_and_eight_wide_is_illegal() -> None:
    grid = example_4_grid()
    assert not rules.is_legal(grid, (4, 0), face("G·wht·4"))  # next to G·red·2
    assert rules.is_legal(grid, (4, 0), face("T·wht·4"))
    (row,) = rules.score(grid, (4, 0), face("T·wht·4"))
    assert (row.seventh, row.points) == (7, 7)
    grid[(4, 7)] = face("G·wht·4")
    assert rules.why_illegal(grid, (4, 8), face("T·blue·1")) == (
        "the city may never be wider or taller than 7 cards"
    )
