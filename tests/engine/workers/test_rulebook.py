"""The rulebook's facts, locked in (spec §4.8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import IllegalActionError, NotationError, RuleError
from engine.workers import GAME
from engine.workers.catalog import CATALOG
from engine.workers.rules import solo_title
from engine.workers.state import INJURED, READY

from .helpers import (
    CARDS,
    GOOD,
    have,
    legal,
    of_type,
    offering,
    owned,
    play,
    seat_cards,
    solo,
    started,
    types,
    with_goods,
)


def test_grain_becomes_a_gold_coin_through_buildings_7_10_2_15() -> None:
    s = owned(started(2), b7=0, b10=0, b2=0, b15=0)
    s = with_goods(s, 0, grain=2, coal=2)
    s = replace(s, workers=(8, 3))  # enough workers for the chain in one round
    s, _ = play(
        s,
        (0, "produce 7 2"),
        (1, "collect wood"),
        (0, "produce 10 2"),
        (1, "collect wood"),
        (0, "produce 2 2"),
        (1, "collect deer"),
        (0, "produce 15 2"),
    )
    assert have(s, 0, "gold_coin") == 2 and have(s, 0, "grain") == 0 and have(s, 0, "coal") == 0
    for good in ("flour", "bread", "gold"):
        assert have(s, 0, good) == 0
    # and nothing else converts grain, flour, bread or gold
    for b in range(1, 17):
        recipe = GAME.view(s, None)["buildings"][b - 1]["recipe"]
        if b not in (7, 10, 2, 15):
            assert not set(recipe["inputs"]) & {"grain", "flour", "bread"}, b


def test_s30_costs_one_flour_and_adds_one_flour_per_use() -> None:
    s = owned(started(2), b7=0)
    s = seat_cards(with_goods(s, 0, grain=3, flour=1), "hand_s", 0, ["S30"])
    s, events = play(s, (0, "piazza"), (0, "train S30"), (0, "done"), (1, "collect wood"))
    assert have(s, 0, "flour") == 0 and "S30" in s.active_s[0]
    s, events = play(s, (0, "produce 7 3 S30"))
    assert have(s, 0, "flour") == 4 and have(s, 0, "grain") == 0
    assert of_type(events, "GoodsProduced")[0]["amount"] == 4


def test_the_owner_of_a_building_chooses_one_of_the_inputs_used() -> None:
    s = owned(started(2), b15=1)
    s = with_goods(s, 0, gold=2, coal=2)
    s, _ = play(s, (0, "produce 15 2"))
    assert GAME.pending(s)[0].seats == frozenset({1})  # the owner decides
    assert legal(s, 1) == ["bonus coal", "bonus gold"]
    s, events = play(s, (1, "bonus gold"))
    assert have(s, 1, "gold") == 1 and have(s, 0, "gold_coin") == 2
    assert of_type(events, "OwnerBonusPaid")[0]["good"] == "gold"
    assert have(s, 0, "gold") == 0 and have(s, 0, "coal") == 0  # the user pays nothing extra


def test_s35_suppresses_the_bonus_only_at_blue_buildings() -> None:
    s = owned(started(2), b15=1, b7=1)
    s = seat_cards(with_goods(s, 0, gold=1, coal=1, grain=1), "active_s", 0, ["S35"])
    s, events = play(s, (0, "produce 15 1"))
    assert "OwnerBonusDenied" in types(events) and have(s, 1, "gold") == 0
    s, _ = play(s, (1, "collect wood"))
    s, events = play(s, (0, "produce 7 1"))  # red: the owner still gets its grain
    assert have(s, 1, "grain") == 7 and "OwnerBonusPaid" in types(events)


@pytest.mark.parametrize(
    ("text", "good", "received"),
    [
        ("trade gold 4 meat", "meat", 4),
        ("trade gold 4 iron", "iron", 2),
        ("trade gold 4 swords", "swords", 1),
        ("trade pearls 3 meat", "meat", 3),
    ],
)
def test_trade_rates(text: str, good: str, received: int) -> None:
    s = with_goods(started(2), 0, gold=4, pearls=3)
    s, events = play(s, (0, "port"), (0, text))
    assert have(s, 0, good) == received
    assert of_type(events, "GoodsTraded")[0]["received"] == received


def test_one_trade_action_exchanges_one_type_for_one_type() -> None:
    s = with_goods(started(2), 0, gold=4, iron=4)
    s, _ = play(s, (0, "port"))
    with pytest.raises(NotationError):
        GAME.parse_action("trade gold 4 meat iron")
    assert all(len(a.args) == 3 for a in GAME.legal_actions(s, 0) if a.verb == "trade")
    s, _ = play(s, (0, "trade gold 4 meat"))
    assert s.prompts == ()  # the Porta action is over: no second trade
    with pytest.raises(RuleError):
        play(s, (0, "trade iron 4 meat"))


def test_a_second_worker_on_a_field_collects_two_and_a_third_is_refused() -> None:
    s = replace(with_goods(started(2), 0), workers=(4, 4))
    s, events = play(s, (0, "collect fish"), (1, "collect wood"), (0, "collect fish"))
    assert have(s, 0, "fish") == 3
    assert [e["amount"] for e in of_type(events, "GoodsCollected") if e["seat"] == 0] == [1, 2]
    s, _ = play(s, (1, "collect wood"))
    assert "collect fish" not in legal(s, 0)
    with pytest.raises(IllegalActionError):
        play(s, (0, "collect fish"))


def test_building_the_foro_wakes_vesuvius() -> None:
    s = started(3)
    s = with_goods(s, 0, planks=2, pillars=2, clay=2, reed=2)
    persistent_city = [c for c in GAME.new_game(0, 3).city_deck if CARDS[c].timing == "persistent"]
    deck = [c for c in s.city_deck if c not in persistent_city[:1]]
    s = replace(
        s,
        spec_deck=("S01", *[c for c in s.spec_deck if c != "S01"]),
        city_deck=(*deck[:18], persistent_city[0], *deck[18:]),
    )
    s, events = play(s, (0, "build 17"))
    assert s.prosperity and GAME.view(s, None)["vesuvius"] == "B"
    assert "VesuviusAwoke" in types(events)
    assert [len(h) for h in s.hand_c] == [6, 6, 6]
    assert "S01" in s.active_s[0] and persistent_city[0] in s.active_c[0]
    assert {e["card"] for e in of_type(events, "CardActivated")} == {"S01", persistent_city[0]}
    assert GAME.view(s, None)["seats"][1]["workers"] == 3  # the counters
    # this very round ends with offerings
    while s.stage == "place":
        seat = s.turn
        s, _ = play(s, (seat, GAME.format_action(GAME.legal_actions(s, seat)[0])))
    assert s.stage == "offering" and s.round == 1


def test_only_red_buildings_and_then_the_foro_first() -> None:
    s = with_goods(started(2), 0, planks=9, pillars=9, clay=9, reed=9, wood=9, stone=9, olive_oil=9)
    builds = {a for a in legal(s, 0) if a.startswith("build")}
    assert builds == {f"build {b}" for b in range(1, 11) if s.owners[b] < 0} | {"build 17"}
    s = owned(s, b17=1)
    s = replace(s, prosperity=True)
    assert {"build 11", "build 18", "build 19"} <= set(legal(s, 0))


def test_the_requirement_is_every_active_worker_injured_ones_included() -> None:
    s = replace(started(3), workers=(3, 4, 6), injured=(0, 1, 0))
    s = offering(s)
    assert GAME.view(s, None)["offering"]["requirement"] == 13


def test_excess_draws_cards_and_exactly_one_is_kept() -> None:
    s = offering(with_goods(started(2), 0, swords=2))  # value 10 for 3 workers: 7 draws
    s = with_goods(s, 1, grain=6)
    s, _ = play(s, (0, "pledge swords 2"), (0, "lock"), (1, "pledge grain 6"), (1, "lock"))
    assert s.stage == "reward" and s.draws == (7, 3)
    s, events = play(s, (0, "draw specialist"), (0, "draw city"), (0, "draw specialist"))
    kept = s.drawn[0][1]
    hand = len(s.hand_c[0]) + len(s.hand_s[0])
    s, events = play(s, (0, f"keep {kept}"))
    assert len(s.hand_c[0]) + len(s.hand_s[0]) == hand + 1 and s.drawn[0] == ()
    assert len(of_type(events, "CardKept")[0]["discarded"]) == 2
    assert s.draws[0] == 0


def test_a_failed_offering_reveals_a_volcano_card_that_destroys_goods() -> None:
    s = offering(started(2))
    s = replace(s, volcano=("VC01", *[c for c in s.volcano if c != "VC01"]))
    s = with_goods(s, 0, bread=2, grain=3)
    s = with_goods(s, 1, tunics=1, wood=1)
    s, events = play(s, (0, "lock"), (1, "lock"))
    assert "VolcanoRevealed" in types(events)
    assert have(s, 0, "bread") == 0 and have(s, 0, "grain") == 3
    assert have(s, 1, "tunics") == 0 and have(s, 1, "wood") == 1


def test_the_apocalypse_means_everybody_loses_and_c03_does_not_help() -> None:
    s = offering(started(2))
    s = seat_cards(replace(s, volcano=("VX", *s.volcano)), "active_c", 0, ["C03"])
    s, _ = play(s, (0, "lock"), (1, "lock"))
    result = GAME.outcome(s)
    assert result is not None and result.kind == "all_lose" and not result.winners


def test_c03_protects_from_regular_cards() -> None:
    s = offering(started(2))
    s = seat_cards(replace(s, volcano=("VC01", *s.volcano)), "active_c", 0, ["C03"])
    s = with_goods(with_goods(s, 0, bread=2), 1, bread=2)
    s, _ = play(s, (0, "lock"), (1, "lock"))
    assert have(s, 0, "bread") == 2 and have(s, 1, "bread") == 0


def test_the_army_in_the_castrum_wins_at_once_without_a_worker() -> None:
    s = owned(started(2), b20=1)
    s = replace(s, army=(READY, 0), turn=1)
    placed = s.placed[0]
    s, events = play(s, (1, "collect wood"))  # the turn passes to seat 0: its army marches
    assert "ArmyMarched" in types(events) and s.placed[0] == placed
    result = GAME.outcome(s)
    assert result is not None and result.winners == {0} and result.kind == "ranking"


def test_an_injured_army_cannot_enter_the_castrum() -> None:
    s = owned(started(2), b20=1)
    s = replace(s, army=(INJURED, 0), turn=1)
    s, events = play(s, (1, "collect wood"))
    assert "ArmyMarched" not in types(events) and s.stage == "place"


def test_solo_lasts_at_most_18_rounds() -> None:
    from engine.workers.search import playout

    for seed in range(6):
        final = playout(GAME.new_game(seed, 1), seed)
        assert final.stage == "over" and final.round <= 18


def test_solo_reveal_pile_blocks_s14s_flour() -> None:
    shows = [c.id for c in CATALOG.volcano.values() if GOOD["flour"] in c.goods]
    flour = next(c for c in shows if GOOD["grain"] not in CATALOG.volcano[c].goods)
    s = solo(display=("S14", "S01", "S02", "S03", "S04"), revealed=(flour,))
    assert "collect grain" in legal(s, 0) and "collect grain S14" not in legal(s, 0)
    clear = next(c.id for c in CATALOG.volcano.values() if c.set and GOOD["flour"] not in c.goods)
    s = replace(s, revealed=(clear,))
    assert "collect grain S14" in legal(s, 0)


def test_solo_s25_gives_two_pillars_and_two_planks() -> None:
    clear = next(  # W25: a revealed card that blocks neither
        c.id
        for c in CATALOG.volcano.values()
        if c.set and not {GOOD["pillars"], GOOD["planks"]} & set(c.goods)
    )
    s = solo(display=("S25", "S01", "S02", "S03", "S04"), revealed=(clear,))
    s = with_goods(s, 0)
    s, _ = play(s, (0, "use S25"))
    assert have(s, 0, "pillars") == 2 and have(s, 0, "planks") == 2
    assert "S25" not in s.display and "S25" in s.spec_out


@pytest.mark.parametrize(
    ("rounds", "title"),
    [
        (12, "Duumvir"),
        (15, "Duumvir"),
        (16, "Aedile"),
        (17, "Decurion"),
        (18, "Quaestor"),
        (19, ""),
    ],
)
def test_solo_titles(rounds: int, title: str) -> None:
    assert solo_title(rounds) == title
