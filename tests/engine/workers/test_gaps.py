"""One test per behavioural gap resolution of the spec (docs/rules/workers.md §3):
``test_g<N>_``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import RuleError
from engine.workers import GAME
from engine.workers.board import BOARD, COSTS, cost_of, limit
from engine.workers.catalog import CATALOG
from engine.workers.state import BUILDING, COSTRUZIONE, INJURED, PORTA, READY

from .helpers import (
    GOOD,
    finish_round,
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


def test_g2_produce_converts_any_amount_one_recipe_one_unit_each() -> None:
    s = owned(with_goods(started(2), 0, gold=5, coal=3), b15=0)
    assert [t for t in legal(s, 0) if t.startswith("produce 15")] == [
        "produce 15 1",
        "produce 15 2",
        "produce 15 3",
    ]
    s, _ = play(s, (0, "produce 15 3"))
    assert (have(s, 0, "gold"), have(s, 0, "coal"), have(s, 0, "gold_coin")) == (2, 0, 3)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_g3_worker_space_limits_follow_the_table(players: int) -> None:
    expected = {1: 1, 2: 1, 3: 2, 4: 2}[players]
    for space in (BUILDING + 7, COSTRUZIONE, PORTA, BUILDING + 17, BUILDING + 19):
        assert limit(players, space) == expected
    assert limit(players, GOOD["grain"]) == 2


def test_g4_red_is_1_to_10_and_blue_11_to_18() -> None:
    colours = {b.number: b.colour for b in CATALOG.buildings[1:]}
    assert all(colours[n] == "red" for n in range(1, 11))
    assert all(colours[n] == "blue" for n in range(11, 19))


def test_g5_the_foro_pays_no_ownership_bonus() -> None:
    s = owned(replace(started(2), prosperity=True), b17=1)
    s = seat_cards(s, "hand_c", 0, ["C30"])
    before = s.goods[1]
    s, events = play(s, (0, f"activate {s.hand_c[0][0]}"))
    assert "OwnerBonusPaid" not in types(events) and s.goods[1] == before


def test_g6_one_city_card_per_foro_worker() -> None:
    s = owned(replace(started(2), prosperity=True), b17=1)
    s = seat_cards(s, "hand_c", 0, ["C30", "C32"])
    s, _ = play(s, (0, "activate C30"))
    assert s.turn == 1 and "C32" in s.hand_c[0]


def test_g7_a_new_worker_costs_wine_at_building_18() -> None:
    s = owned(replace(with_goods(started(2), 0, wine=3), prosperity=True), b17=1, b18=1)
    s, events = play(s, (0, "hire"))
    assert s.workers[0] == 4 and have(s, 0, "wine") == 0
    assert dict(COSTS["worker"]) == {GOOD["wine"]: 3}
    assert "WorkerHired" in types(events)


def _named(bundle: tuple[tuple[int, int], ...]) -> dict[str, int]:
    return {CATALOG.goods[g].id: n for g, n in bundle}


def _short(bundle: tuple[tuple[int, int], ...]) -> dict[str, int]:
    """The bundle less one unit of its first good."""
    named = _named(bundle)
    first = next(iter(named))
    return {**named, first: named[first] - 1}


def test_g8_costs_come_from_the_data_tables() -> None:
    s = owned(replace(started(2), prosperity=True), b17=1, b19=1)
    s = with_goods(s, 0, **_short(COSTS["army"]))
    assert "army" not in legal(s, 0)
    s = with_goods(s, 0, **_named(COSTS["army"]))
    s, events = play(s, (0, "army"))
    assert s.army[0] == READY and sum(s.goods[0]) == 0
    assert of_type(events, "ArmyRecruited")[0]["paid"] == _named(COSTS["army"])


def test_g8_the_solo_game_pays_its_own_army_terme_and_castrum_costs() -> None:
    # The solo player has the board alone, five free specialists and a free Foro: the data
    # gives the solo game dearer costs (docs/balance-workers.md), and only the solo game.
    army, terme, castrum = (
        BOARD.solo_costs["army"],
        BOARD.solo_costs["building_19"],
        BOARD.solo_costs["building_20"],
    )
    assert army != COSTS["army"] and terme != CATALOG.buildings[19].cost
    assert castrum != CATALOG.buildings[20].cost
    assert cost_of(19, solo=True) == terme and cost_of(19) == CATALOG.buildings[19].cost
    s = owned(solo(prosperity=True), b17=0, b19=0)
    s = with_goods(s, 0, **_named(COSTS["army"]))  # the multiplayer price is not enough
    assert "army" not in legal(s, 0)
    s = with_goods(s, 0, **_named(army))
    s, events = play(s, (0, "army"))
    assert of_type(events, "ArmyRecruited")[0]["paid"] == _named(army)
    s = owned(solo(prosperity=True), b17=0)
    s = with_goods(s, 0, **_short(terme))
    assert "build 19" not in legal(s, 0)
    s = with_goods(s, 0, **_named(terme))
    assert "build 19" in legal(s, 0)
    view = GAME.view(s, None)
    terme_view = next(b for b in view["buildings"] if b["number"] == 19)
    assert terme_view["cost"] == _named(terme)
    assert view["legend"]["costs"]["army"] == _named(army)


def test_g8_the_solo_costs_are_a_house_rule_marked_with_a_dagger() -> None:
    # W41: the rulebook prints one set of costs ("All basic principles and rules of the
    # multiplayer game are valid in the solo game"); the solo game's dearer prices are ours, so
    # the action labels and the board's costs mark them †, and only in the solo game.
    s = with_goods(owned(solo(prosperity=True), b17=0), 0, **_named(BOARD.solo_costs["army"]))
    s = with_goods(s, 0, **_named(BOARD.solo_costs["building_19"]))
    assert GAME.describe_action(s, 0, GAME.parse_action("build 19")).endswith(" †)")
    view = GAME.view(s, None)
    marked = {b["number"] for b in view["buildings"] if b["cost_house_rule"]}
    assert marked == {19, 20}
    assert view["legend"]["army_house_rule"] is True
    s, _ = play(s, (0, "build 19"))
    s = finish_round(s)
    assert GAME.describe_action(s, 0, GAME.parse_action("army")).endswith(" †)")
    m = owned(replace(started(2), prosperity=True), b17=0)
    m = with_goods(m, 0, **_named(CATALOG.buildings[19].cost))
    assert "†" not in GAME.describe_action(m, 0, GAME.parse_action("build 19"))
    view = GAME.view(m, None)
    assert not any(b["cost_house_rule"] for b in view["buildings"])
    assert view["legend"]["army_house_rule"] is False


def test_g9_the_terme_must_stand_before_an_army() -> None:
    s = owned(replace(started(2), prosperity=True), b17=1)
    s = with_goods(s, 0, swords=5, tunics=5, gold_coin=5, meat=5)
    assert "army" not in legal(s, 0)


def test_g10_trading_up_is_a_flat_four_to_one_with_an_optional_house_rule() -> None:
    s = with_goods(started(2), 0, grass=8)
    s, _ = play(s, (0, "port"))
    assert "trade grass 4 tunics" in legal(s, 0)
    steps = with_goods(started(2, options={"trade_steps": True}), 0, grass=16)
    steps, _ = play(steps, (0, "port"))
    assert "trade grass 4 tunics" not in legal(steps, 0)
    assert "trade grass 16 tunics" in legal(steps, 0)  # 4 per value step: I -> V is 16


def test_g11_pearls_trade_one_to_one_into_value_three() -> None:
    s = with_goods(started(2), 0, pearls=4, meat=2)
    s, _ = play(s, (0, "port"))
    options = legal(s, 0)
    assert "trade pearls 1 meat" in options and "trade pearls 1 grain" in options
    assert "trade pearls 4 gold" in options and "trade pearls 1 gold" not in options
    assert "trade meat 2 pearls" not in options  # W44: pearls come only from cards


def test_g12_nobody_pays_a_failed_offering() -> None:
    s = offering(with_goods(started(2), 0, gold=1))
    s = replace(s, volcano=("VA01", *[c for c in s.volcano if c != "VA01"]))
    s, events = play(s, (0, "pledge gold 1"), (0, "lock"), (1, "lock"))
    assert have(s, 0, "gold") == 1 and of_type(events, "OfferingResolved")[0]["success"] is False


def test_g13_pledges_are_revised_until_locked_and_resolve_when_all_lock() -> None:
    s = offering(with_goods(with_goods(started(2), 0, bread=3), 1, bread=3))
    s, _ = play(s, (0, "pledge bread 3"), (0, "pledge bread 1"), (1, "pledge bread 2"))
    assert s.pledges[0][GOOD["bread"]] == 1 and s.stage == "offering"
    s, _ = play(s, (1, "lock"))
    assert GAME.pending(s)[0].seats == frozenset({0})
    s, events = play(s, (0, "pledge bread 2"), (0, "lock"))
    resolved = of_type(events, "OfferingResolved")[0]
    assert resolved["success"] and resolved["total"] == 12 and have(s, 0, "bread") == 1


def test_g14_rewards_one_draw_per_point_above_own_workers_each_deck_chosen() -> None:
    s = offering(with_goods(with_goods(started(2), 0, swords=1), 1, flour=2))
    s, _ = play(s, (0, "pledge swords 1"), (0, "lock"), (1, "pledge flour 2"), (1, "lock"))
    assert s.draws == (2, 1)
    s, events = play(s, (0, "draw city"), (0, "draw specialist"))
    assert [e["deck"] for e in of_type(events, "CardsDrawn")] == ["city", "specialist"]
    city, spec = s.drawn[0]
    s, _ = play(s, (0, f"keep {city}"), (1, "draw specialist"))
    s, _ = play(s, (1, f"keep {s.drawn[1][0]}"))
    assert city in s.hand_c[0] and city not in s.active_c[0]
    assert spec in s.spec_discard


def test_g15_offerings_come_before_cleanup_and_the_token_passes_after() -> None:
    s = offering(started(2))
    s, events = play(s, (0, "lock"), (1, "lock"))
    kinds = types(events)
    assert kinds.index("OfferingResolved") < kinds.index("RoundEnded") < kinds.index("RoundStarted")
    assert s.start == 1 and s.placed == (0, 0)


def test_g16_the_round_the_foro_is_built_ends_with_offerings() -> None:
    s = with_goods(started(2), 0, planks=2, pillars=2, clay=2, reed=2)
    s, _ = play(s, (0, "build 17"))
    s = finish_round(s)
    assert s.stage in ("offering",) and s.round == 1


def test_g17_injured_workers_count_cannot_be_placed_and_stay() -> None:
    s = replace(started(2), injured=(1, 0))
    assert s.available(0) == 2
    s = finish_round(s)
    assert s.round == 2 and s.injured == (1, 0) and s.available(0) == 2


def test_g18_recovery_is_allowed_on_any_later_turn() -> None:
    s = owned(replace(started(2), prosperity=True, injured=(1, 0), round=5), b17=1)
    s = with_goods(s, 0, bread=1)
    s, events = play(s, (0, "recover C12"))
    assert s.injured == (0, 0) and "EffectRecovered" in types(events)


def test_g19_an_injured_army_waits_for_healing_at_the_foro() -> None:
    s = owned(replace(started(2), prosperity=True, army=(INJURED, 0), held28=(1, 0)), b17=1, b20=1)
    s = with_goods(s, 0, meat=1, tunics=1)
    s, events = play(s, (0, "recover C28"))
    assert "ArmyMarched" in types(events)  # healed during its own turn: it marches at once


def test_g20_a_halted_castrum_is_void_when_a_rival_finishes_first() -> None:
    s = owned(replace(started(2), prosperity=True, workers=(4, 4)), b17=0)
    cost = _named(cost_of(20))
    s = with_goods(with_goods(s, 0, **cost), 1, **cost)
    s = seat_cards(s, "hand_c", 1, ["C31"])
    s, events = play(s, (0, "build 20"), (1, "halt"))
    assert s.castrum_halt == 0 and s.held31 == (1, 0) and s.owners[20] == -1
    assert have(s, 0, "iron") == 0  # no refund
    s, events = play(s, (1, "build 20"), (0, "pass"))
    assert s.owners[20] == 1 and "CastrumHaltVoided" in types(events)
    s = finish_round(s)
    s, _ = play(s, (0, "lock"), (1, "lock"))
    assert s.round == 2 and s.held31 == (0, 0)


def test_g21_c17_places_beyond_the_limit_at_a_blue_building() -> None:
    s = owned(replace(started(2), prosperity=True, board=((BUILDING + 11, 1, 0),)), b11=1, b17=1)
    s = with_goods(s, 0, meat=1)
    assert "produce 11 1" not in legal(s, 0)
    s = seat_cards(s, "active_c", 0, ["C17"])
    assert "produce 11 1" in legal(s, 0)


def test_g22_c34_makes_its_holder_the_porta_owner() -> None:
    s = replace(seat_cards(started(3), "active_c", 1, ["C34"]), porta_owner=1)
    s = with_goods(s, 0, grain=2)
    s, events = play(s, (0, "port"))
    assert have(s, 1, "fish") == 1 and "PortaFeePaid" in types(events)
    s, _ = play(s, (0, "trade grain 2 deer"))
    s, events = play(s, (1, "port"))
    assert "PortaFeePaid" not in types(events)


def test_g23_temples_protect_c22_destroys_them_all_c29_takes_one() -> None:
    s = owned(replace(started(3), prosperity=True), b17=0)
    s = seat_cards(seat_cards(s, "active_c", 1, ["C03"]), "active_c", 2, ["C07"])
    s = seat_cards(s, "hand_c", 0, ["C29", "C22"])
    s, _ = play(s, (0, "activate C29"), (0, "take C07"))
    assert "C07" in s.active_c[0] and "C07" not in s.active_c[2]
    s, _ = play(s, (1, "collect wood"), (2, "collect wood"), (0, "activate C22"))
    assert not any(CATALOG.cards[c].temple for row in s.active_c for c in row)
    assert {"C03", "C07"} <= set(s.city_discard)


def test_g24_c01_turns_other_workers_into_extra_actions() -> None:
    s = owned(
        replace(started(2), prosperity=True, board=((BUILDING + 7, 1, 0),), placed=(0, 1)),
        b17=0,
        b7=1,
    )
    s = seat_cards(s, "hand_c", 0, ["C01"])
    s, events = play(s, (0, "activate C01"), (0, "seize 7"))
    assert of_type(events, "WorkersSeized")[0]["from"] == [1]
    assert s.turn == 0 and s.extras == ("",) and s.placed == (1, 1)
    s, _ = play(s, (0, "collect fish"))
    assert s.turn == 1 and (GOOD["fish"], 0, 1) in s.board  # a coin, not a worker


def test_g25_c11_takes_a_specialist_into_the_hand() -> None:
    s = owned(replace(started(2), prosperity=True), b17=0)
    s = seat_cards(seat_cards(s, "active_s", 1, ["S01"]), "hand_c", 0, ["C11"])
    s, _ = play(s, (0, "activate C11"), (0, "take S01"))
    assert "S01" in s.hand_s[0] and "S01" not in s.active_s[0] and s.active_s[1] == ()


def test_g26_the_cancel_card_reveals_a_volcano_card_apocalypse_included() -> None:
    s = offering(started(2))
    s = seat_cards(replace(s, volcano=("VX", *s.volcano)), "hand_c", 0, ["C06"])
    assert CATALOG.cards["C06"].effect.mode == "cancel"
    s, events = play(s, (0, "play C06"))
    assert "OfferingCancelled" in types(events) and GAME.outcome(s).kind == "all_lose"  # type: ignore[union-attr]


def test_g27_s05_gives_five_extra_actions_in_a_row_not_counted_as_workers() -> None:
    s = seat_cards(with_goods(started(2), 0, wine=2, bread=2), "hand_s", 0, ["S05"])
    s, _ = play(s, (0, "piazza"), (0, "train S05"), (0, "done"))
    assert s.turn == 0 and len(s.extras) == 5
    for field in ("grain", "grain", "deer", "deer", "wood"):
        s, _ = play(s, (0, f"collect {field}"))
    assert s.turn == 1 and s.placed[0] == 1 and s.workers[0] == 3
    assert "collect grain" not in legal(replace(s, turn=0, extras=("",)), 0)  # limits still apply


def test_g28_s06_the_thief_picks_the_good() -> None:
    s = seat_cards(with_goods(started(3), 0, meat=1), "hand_s", 0, ["S06"])
    s = with_goods(with_goods(s, 1, bread=1, wool=2), 2, grain=4)
    s, _ = play(s, (0, "piazza"), (0, "train S06"))
    assert legal(s, 0) == ["steal 1 bread", "steal 1 wool"]  # seat 2 has no value-III good
    s, events = play(s, (0, "steal 1 wool"))
    assert have(s, 0, "wool") == 1 and of_type(events, "ChoiceLapsed")


def test_g29_s14_gives_as_much_flour_as_the_field_would_grain() -> None:
    s = seat_cards(replace(started(2), workers=(4, 4)), "active_s", 0, ["S14"])
    s, _ = play(s, (0, "collect grain S14"), (1, "collect wood"), (0, "collect grain S14"))
    assert have(s, 0, "flour") == 3


def test_g30_training_and_swapping_do_not_share_an_action() -> None:
    s = seat_cards(with_goods(started(2), 0, grain=2, flour=1), "hand_s", 0, ["S30", "S01"])
    s, _ = play(s, (0, "piazza"), (0, "swap S01 grain"))
    assert s.turn == 1 and not s.prompts  # W46: one swap, and the action is over
    t, _ = play(
        seat_cards(with_goods(started(2), 0, flour=1, grain=1), "hand_s", 0, ["S30"]),
        (0, "piazza"),
        (0, "train S30"),
    )
    assert not any(x.startswith("swap") for x in legal(t, 0))


def test_g31_an_empty_deck_is_reshuffled_from_its_discards() -> None:
    s = seat_cards(with_goods(started(2), 0, grain=1), "hand_s", 0, ["S01"])
    s = replace(s, spec_deck=(), spec_discard=("S02", "S03"))
    s, events = play(s, (0, "piazza"), (0, "swap S01 grain"))
    assert "DeckReshuffled" in types(events) and len(s.hand_s[0]) == 1


def test_g32_hands_have_no_limit() -> None:
    s = seat_cards(started(2), "hand_s", 0, CATALOG.specialists[:20])
    assert len(s.hand_s[0]) == 20 and GAME.view(s, 0)["seats"][0]["hand_specialists"] == 20


def test_g33_an_army_marches_only_on_its_own_turn() -> None:
    s = owned(replace(started(2), prosperity=True, army=(0, READY)), b17=0)
    s = with_goods(s, 0, **_named(cost_of(20)))
    s, events = play(s, (0, "build 20"), (1, "pass"))
    assert s.owners[20] == 0 and "ArmyMarched" in types(events)
    assert of_type(events, "ArmyMarched")[0]["seat"] == 1  # when the turn reached seat 1
    assert types(events).index("BuildingBuilt") < types(events).index("ArmyMarched")


def test_g34_the_castrum_needs_pillars_and_planks() -> None:
    cost = {CATALOG.goods[g].id for g, _ in CATALOG.buildings[20].cost}
    assert {"pillars", "planks"} <= cost


def test_g35_solo_trade_is_not_blocked() -> None:
    flour = next(c.id for c in CATALOG.volcano.values() if GOOD["flour"] in c.goods)
    s = with_goods(solo(revealed=(flour,)), 0, gold=1)
    s, _ = play(s, (0, "port"))
    assert "trade gold 1 flour" in legal(s, 0)


def test_g36_solo_founding_is_nine_rounds_then_prosperity() -> None:
    s = started(1)
    for _ in range(9):
        assert not s.prosperity
        s = finish_round(s)
    assert s.prosperity and s.round == 10 and s.owners[17] == 0 and len(s.hand_c[0]) == 5
    assert s.lower_left == 0 and len(s.volcano) == 9


def test_g37_solo_display_keeps_refreshing_in_prosperity() -> None:
    s = started(1)
    for _ in range(9):
        s = finish_round(s)
    before = s.display
    s = finish_round(s)
    s, _ = play(s, (0, "lock"))
    assert s.round == 11 and s.display != before and len(s.display) == 5


def test_g38_solo_rewards_count_against_own_workers() -> None:
    s = offering(with_goods(solo(), 0, swords=1))
    s, _ = play(s, (0, "pledge swords 1"), (0, "lock"))
    assert s.stage == "reward" and s.draws == (2,)


def test_g39_solo_never_meets_the_apocalypse_in_a_deck() -> None:
    s = started(1)
    assert "VX" not in s.volcano
    s = offering(with_goods(s, 0, bread=1))
    s = replace(s, volcano=tuple(c for c in s.volcano if c != "VX"))
    s, events = play(s, (0, "lock"))
    assert GAME.outcome(s) is None and "VolcanoRevealed" in types(events)


def test_g18_no_recovery_without_an_effect() -> None:
    s = owned(replace(started(2), prosperity=True), b17=1)
    s = with_goods(s, 0, bread=3, planks=3, meat=3, tunics=3, olive_oil=3)
    assert not [t for t in legal(s, 0) if t.startswith("recover")]
    with pytest.raises(RuleError):
        play(s, (0, "recover C12"))
