"""The board of The Downfall of Pompeii, from ``docs/rules/downfall-board.json``.

The data is embedded (the engine does no I/O); ``tests/engine/downfall/test_board.py`` checks it
against the JSON file. Squares are named ``a1``–``k7`` (columns a–k west to east, rows 1–7 north
to south) and indexed ``row * 11 + col`` inside the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

ROWS = 7
COLS = 11

OUTSIDE = frozenset({"i1", "j1", "k1", "k2", "a7", "b7", "c7"})
"""Squares outside the city wall (not part of the game)."""

DECORATIVE = frozenset({"d1", "f2", "i2", "a4", "i4", "c6", "g6", "e7", "h7", "j6"})
"""City squares with decorative art but no spaces (plain squares in play)."""

# gate id, square, name
GATES: tuple[tuple[str, str, str], ...] = (
    ("G1", "a1", "Porta Ercolano"),
    ("G2", "f1", "Porta Vesuvio"),
    ("G3", "j2", "Porta di Nola"),
    ("G4", "a5", "Porta Marina"),
    ("G5", "k5", "Porta di Sarno"),
    ("G6", "g7", "Porta di Stabia"),
    ("G7", "i7", "Porta di Nocera"),
)

SYMBOLS: tuple[str, ...] = ("scroll", "coin", "column", "vase", "helmet", "mask")
FIRST_LAVA: dict[str, str] = {
    "scroll": "h1",
    "coin": "c2",
    "vase": "k3",
    "column": "e4",
    "mask": "d7",
    "helmet": "j7",
}
LAVA_COUNTS: dict[str, int] = {
    "scroll": 8,
    "coin": 8,
    "column": 8,
    "vase": 7,
    "helmet": 7,
    "mask": 7,
}
DUAL_VENT_TILES: tuple[tuple[str, str], ...] = (
    ("helmet", "mask"),
    ("vase", "scroll"),
    ("column", "coin"),
)
CARD_COUNTS: dict[int, int] = {1: 4, 2: 4, 3: 5, 4: 7, 5: 4, 6: 7, 7: 3, 8: 5, 9: 4, 10: 5, 11: 5}
CARD_COLOURS: dict[int, str] = {
    1: "grey",
    2: "purple",
    3: "purple",
    4: "grey",
    5: "purple",
    6: "turquoise",
    7: "purple",
    8: "grey",
    9: "turquoise",
    10: "brown",
    11: "brown",
}
OMENS = 7
PIECES_PER_PLAYER: dict[int, int] = {2: 36, 3: 30, 4: 25}
COLOURS: tuple[str, ...] = ("red", "black", "yellow", "blue")


@dataclass(frozen=True, slots=True)
class Building:
    """A building: ``number`` is ``None`` for a neutral (beige) one; ``squares`` pairs each
    square it covers with the number of round spaces on that square."""

    id: str
    number: int | None
    colour: str
    squares: tuple[tuple[str, int], ...]

    @property
    def capacity(self) -> int:
        return sum(spaces for _, spaces in self.squares)

    @property
    def label(self) -> str:
        """How players name it: ``6b`` for B6b, ``N3`` for a neutral one."""
        return self.id[1:] if self.number is not None else self.id


BUILDINGS: tuple[Building, ...] = (
    Building(
        "B1",
        1,
        "grey",
        (
            ("a2", 2),
            ("b2", 2),
        ),
    ),
    Building(
        "B2",
        2,
        "purple",
        (
            ("e1", 2),
            ("e2", 2),
        ),
    ),
    Building("B3a", 3, "purple", (("c3", 3),)),
    Building("B3b", 3, "purple", (("d3", 2),)),
    Building("B4a", 4, "grey", (("f3", 3),)),
    Building("B4b", 4, "grey", (("g3", 4),)),
    Building("B5", 5, "purple", (("i3", 4),)),
    Building(
        "B6a",
        6,
        "turquoise",
        (
            ("c4", 2),
            ("c5", 1),
        ),
    ),
    Building(
        "B6b",
        6,
        "turquoise",
        (
            ("d4", 2),
            ("d5", 2),
        ),
    ),
    Building("B7", 7, "purple", (("f5", 3),)),
    Building("B8a", 8, "grey", (("g4", 3),)),
    Building("B8b", 8, "grey", (("g5", 2),)),
    Building("B9", 9, "turquoise", (("e6", 4),)),
    Building("B10a", 10, "brown", (("f6", 3),)),
    Building("B10b", 10, "brown", (("f7", 2),)),
    Building(
        "B11a",
        11,
        "brown",
        (
            ("i6", 1),
            ("i7", 1),
        ),
    ),
    Building(
        "B11b",
        11,
        "brown",
        (
            ("k6", 2),
            ("k7", 1),
        ),
    ),
    Building("N1", None, "neutral", (("b1", 1),)),
    Building("N2", None, "neutral", (("g1", 2),)),
    Building("N3", None, "neutral", (("d2", 3),)),
    Building("N4", None, "neutral", (("h2", 2),)),
    Building("N5", None, "neutral", (("a3", 2),)),
    Building("N6", None, "neutral", (("e3", 2),)),
    Building("N7", None, "neutral", (("b4", 3),)),
    Building("N8", None, "neutral", (("h4", 3),)),
    Building("N9", None, "neutral", (("j4", 2),)),
    Building("N10", None, "neutral", (("k4", 1),)),
    Building("N11", None, "neutral", (("b6", 2),)),
    Building("N12", None, "neutral", (("d6", 2),)),
    Building("N13", None, "neutral", (("h6", 2),)),
)


def square_name(index: int) -> str:
    """``row * 11 + col`` -> ``"d4"``."""
    return chr(97 + index % COLS) + str(index // COLS + 1)


def square_index(name: str) -> int:
    """``"d4"`` -> ``row * 11 + col``; raises ``ValueError`` for a name off the grid."""
    name = name.strip().lower()
    if len(name) < 2 or not ("a" <= name[0] <= "k") or not name[1:].isdigit():
        raise ValueError(name)
    row = int(name[1:]) - 1
    if not 0 <= row < ROWS:
        raise ValueError(name)
    return row * COLS + ord(name[0]) - 97


ALL_SQUARES: tuple[str, ...] = tuple(square_name(i) for i in range(ROWS * COLS))
CITY: tuple[str, ...] = tuple(s for s in ALL_SQUARES if s not in OUTSIDE)
"""The 70 city squares, in index order."""

GATE_AT: dict[str, str] = {square: name for _, square, name in GATES}
"""Gate square -> gate name."""

BUILDING_AT: dict[str, Building] = {sq: b for b in BUILDINGS for sq, _ in b.squares}
SPACES_AT: dict[str, int] = {sq: n for b in BUILDINGS for sq, n in b.squares}
BUILDINGS_BY_NUMBER: dict[int, tuple[Building, ...]] = {
    n: tuple(b for b in BUILDINGS if b.number == n) for n in CARD_COUNTS
}
BUILDING_BY_ID: dict[str, Building] = {b.id: b for b in BUILDINGS}


def _neighbours(name: str) -> tuple[str, ...]:
    i = square_index(name)
    row, col = divmod(i, COLS)
    out = []
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
        r, c = row + dr, col + dc
        if 0 <= r < ROWS and 0 <= c < COLS:
            n = square_name(r * COLS + c)
            if n not in OUTSIDE:
                out.append(n)
    return tuple(out)


NEIGHBOURS: dict[str, tuple[str, ...]] = {s: _neighbours(s) for s in CITY}
"""Orthogonally adjacent city squares (north, east, south, west order)."""
