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
    assert (board.ROWS, board.COLS) == (DATA["grid"]["rows"], DATA["grid"]["cols"])
    assert board.OUTSIDE == {name(rc) for rc in DATA["grid"]["outsideSquares"]}
    assert board.DECORATIVE == {name(rc) for rc in DATA["decorativeSquares"]}
    assert len(board.CITY) == DATA["grid"]["citySquares"] == 70


def test_gates_and_first_lava_squares() -> None:
    assert board.GATES == tuple((g["id"], name(g["square"]), g["name"]) for g in DATA["gates"])
    assert board.FIRST_LAVA == {s: name(rc) for s, rc in DATA["firstLavaSquares"].items()}


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
    assert board.OMENS == DATA["otherCards"]["omen"]
    tiles = {k: v for k, v in DATA["lavaTiles"].items() if k != "total"}
    assert board.LAVA_COUNTS == tiles and sum(tiles.values()) == 45
    assert board.DUAL_VENT_TILES == tuple(
        tuple(p) for p in DATA["dualVentTiles"]["pairs_unconfirmed"]
    )
    per_player = DATA["pieces"]["amigo2004"]["perPlayer"]
    assert board.PIECES_PER_PLAYER == {int(k): v for k, v in per_player.items()}


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
