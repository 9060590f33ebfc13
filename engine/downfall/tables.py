"""Index tables derived from :mod:`engine.downfall.board`, precomputed once for speed.

Squares are indexed ``row * 11 + col`` (0..76); buildings by their position in ``BUILDINGS``;
cards are ``1``..``11`` plus :data:`OMEN` and :data:`AD79`; lava tiles are ``0``..``5`` (the
symbols in ``SYMBOLS`` order) and ``6``..``8`` (the dual vent tiles in ``DUAL_VENT_TILES`` order).
"""

from __future__ import annotations

from engine.downfall.board import (
    BUILDINGS,
    CARD_COUNTS,
    CITY,
    COLS,
    DUAL_VENT_TILES,
    FIRST_LAVA,
    GATES,
    NEIGHBOURS,
    ROWS,
    SYMBOLS,
    square_index,
    square_name,
)

NSQ = ROWS * COLS
STRIDE = 4
"""Pieces are kept as one flat tuple ``men[square * STRIDE + seat]`` (4 seats at most)."""

OMEN = 12
AD79 = 13
NUMBERS: tuple[int, ...] = tuple(sorted(CARD_COUNTS))

NAMES: tuple[str, ...] = tuple(square_name(i) for i in range(NSQ))
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
IS_CITY: tuple[bool, ...] = tuple(name in set(CITY) for name in NAMES)
CITY_IDX: tuple[int, ...] = tuple(i for i in range(NSQ) if IS_CITY[i])
NEIGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(square_index(n) for n in NEIGHBOURS[NAMES[i]]) if IS_CITY[i] else () for i in range(NSQ)
)

GATE_IDX: tuple[int, ...] = tuple(square_index(sq) for _, sq, _ in GATES)
IS_GATE: tuple[bool, ...] = tuple(i in GATE_IDX for i in range(NSQ))
GATE_NAME: dict[int, str] = {square_index(sq): name for _, sq, name in GATES}

NB = len(BUILDINGS)
B_SQUARES: tuple[tuple[int, ...], ...] = tuple(
    tuple(square_index(sq) for sq, _ in b.squares) for b in BUILDINGS
)
B_NUMBER: tuple[int, ...] = tuple(b.number or 0 for b in BUILDINGS)
B_COLOUR: tuple[str, ...] = tuple(b.colour for b in BUILDINGS)
B_LABEL: tuple[str, ...] = tuple(b.label for b in BUILDINGS)
B_CAPACITY: tuple[int, ...] = tuple(b.capacity for b in BUILDINGS)
SQ_BUILDING: tuple[int, ...] = tuple(
    next((bi for bi, sqs in enumerate(B_SQUARES) if i in sqs), -1) for i in range(NSQ)
)
SQ_SPACES: tuple[int, ...] = tuple(
    dict(BUILDINGS[SQ_BUILDING[i]].squares)[NAMES[i]] if SQ_BUILDING[i] >= 0 else 0
    for i in range(NSQ)
)
BY_NUMBER: dict[int, tuple[int, ...]] = {
    n: tuple(bi for bi in range(NB) if B_NUMBER[bi] == n) for n in NUMBERS
}
RELATIVE_TARGETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        bj
        for bj in range(NB)
        if bj != bi and (B_COLOUR[bj] == "neutral" or B_COLOUR[bj] == B_COLOUR[bi])
    )
    for bi in range(NB)
)
"""R-relatives: for a triggering building, the other buildings of its colour plus the neutral
ones (the trigger itself never)."""
BUILDING_SQUARES: tuple[int, ...] = tuple(i for sqs in B_SQUARES for i in sqs)
"""Every square that has spaces, in building order."""

NTILES = len(SYMBOLS) + len(DUAL_VENT_TILES)
TILE_NAMES: tuple[str, ...] = SYMBOLS + tuple(f"{a}/{b}" for a, b in DUAL_VENT_TILES)
TILE_SIDES: tuple[tuple[int, ...], ...] = tuple((s,) for s in range(len(SYMBOLS))) + tuple(
    (SYMBOLS.index(a), SYMBOLS.index(b)) for a, b in DUAL_VENT_TILES
)
FIRST_LAVA_IDX: tuple[int, ...] = tuple(square_index(FIRST_LAVA[s]) for s in SYMBOLS)
FIRST_LAVA_OF: tuple[int, ...] = tuple(
    FIRST_LAVA_IDX.index(i) if i in FIRST_LAVA_IDX else -1 for i in range(NSQ)
)
"""Square -> symbol whose first-lava square it is, or -1 (R4)."""

INITIAL_TILES = 6
"""Lava tiles placed at the eruption, one per symbol, before phase 2's moves."""
BOTTOM = 15
"""The first A.D. 79 is shuffled into the bottom 15 cards of the stock."""
