"""The data set: counts, the rulebook's facts, provenance, and validation on load."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.workers import catalog
from engine.workers.catalog import CATALOG, DataError, load

from .helpers import GOOD

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "engine" / "workers" / "data"


def test_counts_match_the_components() -> None:
    assert len(CATALOG.goods) == 27
    assert len(CATALOG.buildings) - 1 == 20
    assert len(CATALOG.specialists) == 52 and len(CATALOG.city) == 52
    assert len(CATALOG.volcano) == 55
    sets = Counter(c.set for c in CATALOG.volcano.values())
    assert sets == {"A": 18, "B": 18, "C": 18, "": 1}


def test_every_record_has_a_provenance() -> None:
    for name in ("goods", "buildings", "specialists", "city", "volcano"):
        for record in json.loads((DATA / f"{name}.json").read_text()):
            assert record["provenance"] in ("rulebook", "inferred", "adaptation"), record
    board = json.loads((DATA / "board.json").read_text())
    assert all(section["provenance"] for section in board.values())


def test_values_and_colours_follow_the_rulebook() -> None:
    value = {g.id: g.value for g in CATALOG.goods}
    assert [g for g, v in value.items() if v == 1] == [
        "grain",
        "deer",
        "wood",
        "grass",
        "fish",
        "reed",
        "clay",
        "stone",
        "olives",
        "grapes",
    ]
    assert (value["gold"], value["meat"], value["iron"], value["swords"], value["pearls"]) == (
        4,
        3,
        4,
        5,
        3,
    )
    colours = [b.colour for b in CATALOG.buildings[1:]]
    assert colours == ["red"] * 10 + ["blue"] * 8 + ["green", "purple"]
    names = {b.number: b.name for b in CATALOG.buildings[1:]}
    assert names[2] == "Miniera d'Oro" and names[7] == "Villa del Molino"
    assert names[10] == "Panificio di Modesto" and names[15] == "Officina Monetaria"
    assert names[17] == "Foro di Pompeii" and names[19] == "Terme Stabiane"
    assert names[20] == "Castrum"


def test_red_outputs_are_value_two_to_four_and_blue_three_to_five() -> None:
    for b in CATALOG.buildings[1:17]:
        assert b.recipe is not None
        out = CATALOG.goods[b.recipe.output].value
        assert (2 <= out <= 4) if b.colour == "red" else (3 <= out <= 5), b.name


def test_known_cards_keep_their_ids_and_effects() -> None:
    cards = CATALOG.cards
    assert cards["S30"].name == "Aulus Molinaro" and cards["S30"].cost == ((GOOD["flour"], 1),)
    assert cards["S30"].effect.type == "convert_bonus" and cards["S30"].effect.building == 7
    assert cards["S14"].effect.type == "replace_yield"
    assert cards["S14"].effect.good == GOOD["flour"] and cards["S14"].effect.field == GOOD["grain"]
    assert cards["S05"].effect.count == 5 and cards["S05"].timing == "once"
    assert cards["S06"].effect.type == "steal" and cards["S06"].effect.value == 3
    assert dict(cards["S25"].effect.goods) == {GOOD["pillars"]: 2, GOOD["planks"]: 2}
    assert (
        cards["S27"].effect.type == "extra_owner" and cards["S35"].effect.type == "no_owner_bonus"
    )
    assert cards["C31"].timing == "hand" and cards["C03"].temple
    assert cards["C17"].effect.type == "ignore_limit" and cards["C34"].effect.type == "own_space"
    for cid in ("C01", "C11", "C12", "C14", "C22", "C25", "C28", "C29", "C35", "C40", "C41"):
        assert cards[cid].timing == "once" and cards[cid].provenance == "rulebook", cid


def test_specialist_and_city_groups_add_up() -> None:
    spec = Counter(CATALOG.cards[c].effect.type for c in CATALOG.specialists)
    assert spec["yield_bonus"] == 10 and spec["replace_yield"] == 8 and spec["trade_bonus"] == 1
    assert spec["convert_bonus"] == 16 and spec["skip_convert"] == 6
    assert spec["double_output"] == 2 and spec["waive_cost"] == 4
    city = Counter(CATALOG.cards[c].timing for c in CATALOG.city)
    assert city == {"hand": 5, "persistent": 18, "once": 29}
    assert sum(CATALOG.cards[c].temple for c in CATALOG.city) == 6


def test_the_rulebook_volcano_card_is_in_set_c_unchanged() -> None:
    card = CATALOG.volcano["VC01"]
    names = [CATALOG.goods[g].id for g in card.goods]
    assert names == ["bread", "gold", "meat", "iron", "grass", "sheep", "wool", "fabric", "tunics"]
    assert card.set == "C" and card.provenance == "rulebook"


def test_w42_volcano_sets_follow_the_template() -> None:
    """W42: A destroys a few goods of values I-II; B the workshops' goods (8-11 kinds, values
    II-IV); C every store in the city (12-15 kinds of values II-V, the fields spared), but for
    the rulebook's example card."""
    value = {g.index: g.value for g in CATALOG.goods}
    template = {"A": ((2, 3), {1, 2}), "B": ((8, 11), {2, 3, 4}), "C": ((12, 15), {2, 3, 4, 5})}
    for card in CATALOG.volcano.values():
        if card.apocalypse or card.provenance == "rulebook":
            continue
        (low, high), values = template[card.set]
        assert low <= len(card.goods) <= high, card.id
        assert {value[g] for g in card.goods} <= values, card.id
        if card.set == "C":
            assert max(value[g] for g in card.goods) >= 4
    for vset in "ABC":
        pearls = [
            c for c in CATALOG.volcano.values() if c.set == vset and GOOD["pearls"] in c.goods
        ]
        assert len(pearls) <= 1


def test_w42_a_failure_destroys_more_the_harder_the_set() -> None:
    """W42: on average a C card destroys more kinds and more value a unit held than a B card,
    and a B card more than an A card."""
    value = {g.index: g.value for g in CATALOG.goods}

    def mean(vset: str) -> tuple[float, float]:
        cards = [c for c in CATALOG.volcano.values() if c.set == vset]
        kinds = sum(len(c.goods) for c in cards) / len(cards)
        worth = sum(value[g] for c in cards for g in c.goods) / len(cards)
        return kinds, worth

    a, b, c = mean("A"), mean("B"), mean("C")
    assert a[0] < b[0] < c[0] and a[1] < b[1] < c[1]


def test_the_generator_reproduces_the_committed_files() -> None:
    spec = importlib.util.spec_from_file_location("gen", ROOT / "tools" / "gen_workers_data.py")
    assert spec and spec.loader
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert gen.volcano_cards() == json.loads((DATA / "volcano.json").read_text())
    assert gen.specialists() == json.loads((DATA / "specialists.json").read_text())
    assert gen.city_cards() == json.loads((DATA / "city.json").read_text())
    assert json.loads((DATA / "board.json").read_text()) == gen.BOARD
    assert json.loads((DATA / "buildings.json").read_text()) == gen.BUILDINGS


def _broken(monkeypatch: pytest.MonkeyPatch, file: str, change: Any) -> str:
    real = catalog._read

    def fake(name: str) -> Any:
        data = real(name)
        return change(data) if name == file else data

    monkeypatch.setattr(catalog, "_read", fake)
    with pytest.raises(DataError) as error:
        load()
    return str(error.value)


def test_validation_names_the_file_and_the_record(monkeypatch: pytest.MonkeyPatch) -> None:
    def bad_cost(data: list[dict[str, Any]]) -> list[dict[str, Any]]:
        data[29]["cost"] = {"gold dust": 1}
        return data

    message = _broken(monkeypatch, "specialists.json", bad_cost)
    assert "specialists.json" in message and "S30" in message and "gold dust" in message


@pytest.mark.parametrize(
    ("file", "change", "words"),
    [
        ("goods.json", lambda d: [*d, dict(d[0])], "twice"),
        ("buildings.json", lambda d: [{**d[0], "colour": "pink"}, *d[1:]], "colour"),
        ("city.json", lambda d: [{**d[0], "effect": {"type": "teleport"}}, *d[1:]], "teleport"),
        ("volcano.json", lambda d: [{**d[0], "goods": ["unobtainium"]}, *d[1:]], "VA01"),
        ("board.json", lambda d: {**d, "limits": {**d["limits"], "porta": [1, 2]}}, "porta"),
        ("specialists.json", lambda d: [{**d[0], "provenance": "rumour"}, *d[1:]], "provenance"),
    ],
)
def test_bad_data_is_refused_with_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, file: str, change: Any, words: str
) -> None:
    message = _broken(monkeypatch, file, change)
    assert message.startswith(file) and words in message
