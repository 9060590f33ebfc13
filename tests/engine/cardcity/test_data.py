"""The card data [ADAPT] and the registration of the game."""

from __future__ import annotations

import re
from pathlib import Path

from engine.cardcity import GAME
from engine.cardcity.data import BUILDINGS, COLOURS, VALUES

SPEC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "cardcity.md"


def test_c2_values_are_the_spec_table() -> None:
    text = SPEC.read_text(encoding="utf-8")
    rows = re.findall(r"^ *\| ([\w/]+) \((\w)\) \| ([\d |]+)\|$", text, flags=re.MULTILINE)
    table = {code: [int(v) for v in cells.split("|")] for _, code, cells in rows}
    assert [table[code] for code, _ in BUILDINGS] == [list(r) for r in VALUES]


def test_every_building_and_colour_holds_each_value_once() -> None:
    for b in range(7):
        assert sorted(VALUES[b]) == list(range(1, 8))
    for c in range(7):
        assert sorted(VALUES[b][c] for b in range(7)) == list(range(1, 8))


def test_codes_are_distinct_letters() -> None:
    assert len({code for code, _ in BUILDINGS}) == 7
    assert len({code for code, _, _ in COLOURS}) == 7


def test_registered_under_cardcity() -> None:
    game = GAME
    assert (game.key, game.title) == ("cardcity", "Pompeji — the card game")
    assert game.capabilities.player_counts == (2, 3, 4)
