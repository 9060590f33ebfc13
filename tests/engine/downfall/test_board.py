"""The board embedded in engine/downfall/board.py is the one in docs/rules/downfall-board.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.downfall import board
from tests.engine.downfall.helpers import legal, position

DATA: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[3] / "docs/rules/downfall-board.json").read_text("utf-8")
)


def name(rc: list[int]) -> str:
    return chr(97 + rc[1]) + str(rc[0] + 1)


def test_grid_outside_and_decorative_squares() -> None:
    assert (DATA["grid"]["rows"], DATA["grid"]["cols"]) == (board.ROWS, board.COLS)
    assert {name(rc) for rc in DATA["grid"]["outsideSquares"]} == board.OUTSIDE
    assert {name(rc) for rc in DATA["decorativeSquares"]} == board.DECORATIVE
    assert len(board.CITY) == DATA["grid"]["citySquares"] == 70


def test_gates_and_first_lava_squares() -> None:
    assert tuple((g["id"], name(g["square"]), g["name"]) for g in DATA["gates"]) == board.GATES
    assert {s: name(rc) for s, rc in DATA["firstLavaSquares"].items()} == board.FIRST_LAVA


def test_buildings() -> None:
    expected = {
        b["id"]: (
            b["number"],
            b["colour"],
            tuple((name(s["rc"]), s["spaces"]) for s in b["squares"]),
        )
        for b in DATA["buildings"]
    }
    got = {b.id: (b.number, b.colour, b.squares) for b in board.BUILDINGS}
    assert got == expected
    assert sum(b.capacity for b in board.BUILDINGS) == DATA["capacityTotals"]["all"] == 80
    for square in DATA["squares"]:
        if "building" in square:
            assert board.BUILDING_AT[name(square["rc"])].id == square["building"]
            assert board.SPACES_AT[name(square["rc"])] == square["spaces"]


def test_cards_tiles_and_pieces() -> None:
    cards = {c["number"]: (c["count"], c["colour"]) for c in DATA["pompeiiCards"]}
    assert cards == {n: (board.CARD_COUNTS[n], board.CARD_COLOURS[n]) for n in board.CARD_COUNTS}
    assert DATA["otherCards"]["omen"] == board.OMENS
    tiles = {k: v for k, v in DATA["lavaTiles"].items() if k != "total"}
    assert tiles == board.LAVA_COUNTS and sum(tiles.values()) == 45
    assert (
        tuple(tuple(p) for p in DATA["dualVentTiles"]["pairs_unconfirmed"]) == board.DUAL_VENT_TILES
    )
    per_player = DATA["pieces"]["amigo2004"]["perPlayer"]
    assert {int(k): v for k, v in per_player.items()} == board.PIECES_PER_PLAYER


def test_card_counts_equal_the_spaces_of_each_number() -> None:
    for number, count in board.CARD_COUNTS.items():
        assert sum(b.capacity for b in board.BUILDINGS_BY_NUMBER[number]) == count


@pytest.mark.parametrize(
    "square",
    [s for s in DATA["squares"] if s["type"] != "outside"],
    ids=lambda s: name(s["rc"]),
)
def test_fewest_move_points_to_leave_match_the_board_data(square: dict[str, Any]) -> None:
    """A piece escapes from a square with exactly the points the board data says (empty board)."""
    sq = name(square["rc"])
    points = square["movePointsToExit_noLava"]
    enough = position(phase="escape", pending="move", pieces={sq: "0" * points})
    assert any(" out " in a for a in legal(enough, 0) if a.startswith(f"move {sq} "))
    if points > 1:
        short = position(phase="escape", pending="move", pieces={sq: "0" * (points - 1)})
        assert not any(" out " in a for a in legal(short, 0))
