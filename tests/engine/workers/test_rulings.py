"""One test (at least) per implementation ruling W1–W46 of docs/rules/workers.md: ``test_w<N>_``."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import RuleError, redact
from engine.workers import GAME
from engine.workers.catalog import CATALOG
from engine.workers.state import BUILDING, COSTRUZIONE, INJURED, NONE, READY

from .helpers import (
    GOOD,
    finish_round,
    have,
    legal,
    of_type,
    offering,
    owned,
    play,
    prosperous,
    seat_cards,
    solo,
    started,
    types,
    with_goods,
)


def test_w1_a_skipped_seat_marches_when_the_turn_order_passes_it() -> None:
    s = owned(replace(started(2), army=(0, READY), placed=(0, 3)), b20=0)
    s, events = play(s, (0, "collect grain"))
    assert of_type(events, "ArmyMarched")[0]["seat"] == 1 and s.stage == "over"


def test_w1_it_marches_at_the_end_of_its_own_action() -> None:
    s = owned(prosperous(2), b19=1, b20=1)
    s = with_goods(s, 0, swords=2, tunics=2, gold_coin=1, meat=2)
    s, events = play(s, (0, "army"))
    assert types(events)[-2:] == ["ArmyMarched", "GameEnded"]


def test_w2_a_card_changes_the_recipe_in_one_place() -> None:
    s = owned(with_goods(started(2), 0, grain=3), b10=0)
    s = seat_cards(s, "active_s", 0, ["S41"])  # at 10: grain -> bread
    assert CATALOG.cards["S41"].effect.type == "skip_convert"
    s, _ = play(s, (0, "produce 10 3 S41"))
    assert have(s, 0, "bread") == 3 and have(s, 0, "grain") == 0


def test_w3_one_input_type_pays_the_owner_at_once() -> None:
    s = owned(with_goods(started(2), 0, grain=2), b7=1)
    s, events = play(s, (0, "produce 7 2"))
    assert have(s, 1, "grain") == 7 and s.turn == 1 and "OwnerBonusPaid" in types(events)


def test_w3_two_types_ask_the_owner_with_a_default() -> None:
    s = owned(with_goods(started(2), 0, gold=1, coal=1), b15=1)
    s, _ = play(s, (0, "produce 15 1"))
    decision = GAME.pending(s)[0]
    assert decision.seats == {1} and GAME.format_action(decision.defaults[1]) == "bonus gold"


def test_w4_pledges_are_open_as_they_change() -> None:
    """The rulebook's table decides together how much each gives: every player sees each
    seat's pledge and the running total as they change; lock and the one deadline stay."""
    s = offering(with_goods(with_goods(started(2), 0, bread=2), 1, wine=1))
    t = GAME.apply(s, 0, GAME.parse_action("pledge bread 2"))
    (event,) = t.events
    assert redact(event, 1) == event == redact(event, None)
    assert event["pledge"] == {"bread": 2} and (event["value"], event["total"]) == (6, 6)
    assert not GAME.secret(s, 0, GAME.parse_action("pledge bread 2"))
    for viewer in (1, None):  # the other player and the public see it alike
        offering_view = GAME.view(t.state, viewer)["offering"]
        assert offering_view["pledges"] == [{"bread": 2}, {}]
        assert offering_view["values"] == [6, 0] and offering_view["total"] == 6
    s, _ = play(t.state, (1, "pledge wine 1"), (0, "pledge bread 1"))  # revised: shown so
    offering_view = GAME.view(s, 1)["offering"]
    assert offering_view["pledges"] == [{"bread": 1}, {"wine": 1}]
    assert offering_view["values"] == [3, 2] and offering_view["total"] == 5
    decision = GAME.pending(s)[0]
    assert decision.kind == "simultaneous" and decision.key == "offering:1"
    assert {GAME.format_action(a) for a in decision.defaults.values()} == {"lock"}
    _s2, events = play(s, (0, "lock"), (1, "lock"))
    assert of_type(events, "OfferingResolved")[0]["pledges"] == [{"bread": 1}, {"wine": 1}]


def test_w4_the_secret_pledges_variant_hides_them_until_resolved() -> None:
    s = started(2, options={"secret_pledges": True})
    s = offering(with_goods(s, 0, bread=2))
    t = GAME.apply(s, 0, GAME.parse_action("pledge bread 2"))
    event = t.events[0]
    assert redact(event, 1) == {"type": "PledgeChanged", "seat": 0}
    assert redact(event, 0)["secret"] == {"good": "bread", "amount": 2}
    assert GAME.secret(s, 0, GAME.parse_action("pledge bread 2"))
    assert GAME.view(t.state, 1)["pledge"] == {} and GAME.view(t.state, 0)["pledge"] == {"bread": 2}
    for viewer in (1, None):
        shown = GAME.view(t.state, viewer)["offering"]
        assert shown["open"] is False and not {"pledges", "values", "total"} & set(shown)
    decision = GAME.pending(t.state)[0]
    assert decision.kind == "simultaneous" and decision.key == "offering:1"
    assert {GAME.format_action(a) for a in decision.defaults.values()} == {"lock"}
    _s2, events = play(t.state, (0, "lock"), (1, "lock"))
    assert of_type(events, "OfferingResolved")[0]["pledges"][0] == {"bread": 2}


def test_w5_an_offering_card_unlocks_the_others() -> None:
    s = seat_cards(offering(started(3)), "hand_c", 2, ["C05"])
    s, _ = play(s, (0, "lock"), (1, "lock"), (2, "play C05"))
    assert s.locked == (False, False, False)
    assert GAME.view(s, None)["offering"]["requirement"] == 9 - 3


def test_w6_reward_one_draw_at_a_time_keep_or_pass() -> None:
    s = offering(with_goods(started(2), 0, swords=2))
    s, _ = play(s, (0, "pledge swords 2"), (0, "lock"), (1, "lock"))
    assert legal(s, 0) == ["draw specialist", "draw city", "pass"]
    decision = GAME.pending(s)[0]
    assert decision.kind == "simultaneous" and GAME.format_action(decision.defaults[0]) == "pass"
    s, _ = play(s, (0, "draw city"))
    assert "pass" not in legal(s, 0)
    assert GAME.format_action(GAME.pending(s)[0].defaults[0]) == f"keep {s.drawn[0][0]}"
    s, _ = play(s, (0, f"keep {s.drawn[0][0]}"))
    assert s.stage == "place" and s.round == 2


def test_w7_half_kept_rounded_up() -> None:
    s = offering(seat_cards(started(2), "active_c", 0, ["C13"]))
    s = replace(with_goods(s, 0, bread=5), volcano=("VC01", *s.volcano))
    s, _ = play(s, (0, "lock"), (1, "lock"))
    assert have(s, 0, "bread") == 3


def test_w8_a_hired_worker_waits_for_the_next_round_but_counts_at_once() -> None:
    s = owned(replace(with_goods(started(2), 0, wine=3), prosperity=True), b17=1, b18=1)
    s, _ = play(s, (0, "hire"))
    assert s.workers[0] == 4 and s.available(0) == 2 and s.fresh[0] == 1
    s = finish_round(s)
    assert GAME.view(s, None)["offering"]["requirement"] == 7
    s, _ = play(s, (0, "lock"), (1, "lock"))
    assert s.available(0) == 4


def test_w8_no_seventh_worker() -> None:
    s = replace(prosperous(2), workers=(6, 3))
    s = seat_cards(s, "hand_c", 0, ["C39"])
    s, events = play(s, (0, "activate C39"))
    assert s.workers[0] == 6 and "WorkerNotGained" in types(events)


def test_w9_pacing_coins_keep_the_foro_closed() -> None:
    s = with_goods(started(2, options={"foro_wait": True}), 0, planks=2, pillars=2, clay=2, reed=2)
    assert s.foro_coins == 9 and "build 17" not in legal(s, 0)
    s = finish_round(replace(s, foro_coins=1))
    s = with_goods(s, s.turn, planks=2, pillars=2, clay=2, reed=2)
    assert s.foro_coins == 0 and "build 17" in legal(s, s.turn)


def test_w9_solo_founding_builds_red_only() -> None:
    s = with_goods(solo(), 0, planks=2, pillars=2, clay=2, reed=2)
    assert "build 17" not in legal(s, 0)


def test_w10_house_rule_trades_up_per_step() -> None:
    s = with_goods(started(2, options={"trade_steps": True}), 0, grain=8)
    s, _ = play(s, (0, "port"))
    assert "trade grain 8 bread" in legal(s, 0) and "trade grain 4 bread" not in legal(s, 0)


def test_w11_moves_name_things_not_positions() -> None:
    for text in ("collect grain S14", "trade gold 4 meat", "steal 2 meat", "recover C14 5"):
        assert GAME.format_action(GAME.parse_action(text)) == text


def test_w12_c01_takes_only_other_players_workers_from_workplaces() -> None:
    s = owned(prosperous(3), b7=0, b18=1)
    s = replace(s, board=((107, 0, 0), (107, 1, 0), (118, 2, 0)), placed=(1, 1, 1))
    s = seat_cards(s, "hand_c", 0, ["C01"])
    s, _ = play(s, (0, "activate C01"))
    assert legal(s, 0) == ["seize 7", "seize 18"]
    s, _ = play(s, (0, "seize 7"))
    assert (107, 0, 0) in s.board and (107, 1, 0) not in s.board and s.extras == ("",)


def test_w13_c17_ignores_c14_tokens_at_blue_buildings() -> None:
    s = owned(prosperous(2), b12=1)
    s = replace(with_goods(s, 0, sheep=1), tokens=(12,))
    assert "produce 12 1" not in legal(s, 0)
    assert "produce 12 1" in legal(seat_cards(s, "active_c", 0, ["C17"]), 0)


def test_w13_a_worker_placed_with_c17_uses_no_other_card() -> None:
    """Rulebook, city cards: "C17 Casa Fontana Piccola allows a player to place an extra
    worker at a blue building" and "Specialist and city cards that are active for the same
    location cannot be combined. If a player has multiple specialist or city cards active at
    the same location, the player must choose 1 card to use." C17 is the card a worker beyond
    the limit uses: no conversion card (S34) and no S35 with it."""
    s = owned(replace(prosperous(2), board=((BUILDING + 11, 1, 0),)), b11=1)  # 11 is full
    s = seat_cards(with_goods(s, 0, meat=2), "active_s", 0, ["S34", "S35"])
    s = seat_cards(s, "active_c", 0, ["C17"])
    options = legal(s, 0)
    assert "produce 11 1" in options and "produce 11 1 S34" not in options
    assert GAME.describe_action(s, 0, GAME.parse_action("produce 11 1")).endswith(
        "using C17 Casa Fontana Piccola (a worker beyond the limit)"
    )
    s, events = play(s, (0, "produce 11 1"))
    assert have(s, 0, "iron") == 1 and have(s, 1, "meat") == 1  # no S34, no S35
    assert of_type(events, "WorkerPlaced")[0]["card"] == "C17"
    assert "OwnerBonusDenied" not in types(events)


def test_w14_c40_takes_an_unplaced_worker_first() -> None:
    s = seat_cards(replace(prosperous(2), workers=(3, 5), placed=(0, 2)), "hand_c", 0, ["C40"])
    s, _ = play(s, (0, "activate C40"))
    assert s.workers[1] == 4 and s.placed[1] == 2 and s.available(1) == 2


def test_w14_c40_with_every_worker_placed() -> None:
    s = seat_cards(replace(prosperous(2), workers=(3, 5), placed=(0, 5)), "hand_c", 0, ["C40"])
    s, _ = play(s, (0, "activate C40"))
    assert s.workers[1] == 4 and s.placed[1] == 4


def test_w15_an_injured_worker_is_an_unplaced_one_first() -> None:
    s = seat_cards(replace(prosperous(2), placed=(0, 3)), "hand_c", 0, ["C12"])
    s, _ = play(s, (0, "activate C12"), (0, "injure 1"))
    assert s.injured[1] == 1 and s.placed[1] == 2 and s.available(1) == 0


def test_w16_a_halted_builder_recovers_at_the_foro() -> None:
    s = replace(prosperous(2), castrum_halt=0, held31=(1, 0), workers=(4, 3))
    s = with_goods(s, 0, pillars=4, planks=4, iron=2, reed=2, olive_oil=2)
    assert "build 20" not in legal(s, 0) and "recover C31" in legal(s, 0)
    s, events = play(s, (0, "recover C31"))
    assert "WindowOpened" in types(events)
    s, events = play(s, (1, "pass"))
    assert s.owners[20] == 0 and s.held31 == (0, 0)


def test_w17_every_other_seat_answers_the_window() -> None:
    s = with_goods(prosperous(3), 0, pillars=4, planks=4, iron=2, reed=2)
    s = seat_cards(s, "hand_c", 2, ["C31"])
    s, _ = play(s, (0, "build 20"))
    decision = GAME.pending(s)[0]
    assert decision.kind == "window" and decision.seats == {1, 2}
    assert legal(s, 1) == ["pass"] and legal(s, 2) == ["halt", "pass"]
    assert {GAME.format_action(a) for a in decision.defaults.values()} == {"pass"}
    s, _ = play(s, (1, "pass"))
    assert GAME.pending(s)[0].key == decision.key
    s, _ = play(s, (2, "halt"))
    assert s.window == () and s.castrum_halt == 0


def test_w18_a_hand_card_as_the_builders_bonus_goes_to_the_hand() -> None:
    s = with_goods(started(2), 0, planks=2, pillars=2, clay=2, reed=2)
    deck = [c for c in s.city_deck if c != "C06"]
    s = replace(s, city_deck=(*deck[:12], "C06", *deck[12:]))
    s, _ = play(s, (0, "build 17"))
    assert "C06" in s.hand_c[0] and len(s.hand_c[0]) == 7 and len(s.hand_c[1]) == 6


def test_w19_a_healed_worker_works_this_round() -> None:
    s = with_goods(replace(prosperous(2), injured=(1, 0), workers=(4, 3)), 0, bread=1)
    assert s.available(0) == 3
    s, _ = play(s, (0, "recover C12"))
    assert s.available(0) == 3  # one placed at the Foro, the healed one back


def test_w20_c25_never_takes_a_hand_card_or_another_c25() -> None:
    s = seat_cards(replace(prosperous(2), city_discard=("C06", "C31", "C30")), "hand_c", 0, ["C25"])
    s, _ = play(s, (0, "activate C25"))
    assert legal(s, 0) == ["take C30"]


def test_w21_repeatable_steps_skip_with_done() -> None:
    s = with_goods(started(2), 0, gold=1)
    s, _ = play(s, (0, "port"))
    decision = GAME.pending(s)[0]
    assert GAME.format_action(decision.skips[0]) == "done" and not decision.defaults


def test_w22_s35_does_not_combine_with_another_card() -> None:
    """Rulebook, specialists: "Specialist and city cards that are active for the same location
    cannot be combined. If a player has multiple specialist or city cards active at the same
    location, the player must choose only 1 card to use." S35 is active at another player's
    blue building: a worker that uses S34 there leaves the owner its bonus; without another
    card, S35 is the card used."""
    s = owned(prosperous(2), b11=1)
    s = seat_cards(with_goods(s, 0, meat=2), "active_s", 0, ["S35", "S34"])
    t, events = play(s, (0, "produce 11 1 S34"))
    assert have(t, 0, "iron") == 2 and have(t, 1, "meat") == 1
    assert "OwnerBonusDenied" not in types(events)
    assert GAME.describe_action(s, 0, GAME.parse_action("produce 11 1")).endswith(
        "using S35 Titus Prefetti (the owner gets no bonus)"
    )
    t, events = play(s, (0, "produce 11 1"))
    assert have(t, 0, "iron") == 1 and have(t, 1, "meat") == 0
    assert "OwnerBonusDenied" in types(events)


def test_w23_setup_red_in_reverse_order_then_goods_at_once() -> None:
    s = GAME.new_game(0, 3, {"first_seat": 1})
    assert GAME.pending(s)[0].seats == {0}
    s, _ = play(s, (0, "start red 7"))
    assert GAME.pending(s)[0].seats == {2}
    s, _ = play(s, (2, "start red 8"), (1, "start red 9"))
    decision = GAME.pending(s)[0]
    assert decision.kind == "simultaneous" and decision.seats == {0, 1, 2}
    assert GAME.format_action(decision.defaults[0]) == "start grain 6"
    assert GAME.format_action(decision.defaults[2]) == "start grapes 6"
    s, _ = play(s, (2, "start fish 2"), (2, "start wood 4"))
    assert GAME.pending(s)[0].seats == {0, 1}
    s, _ = play(s, (0, "start grain 6"), (1, "start grass 6"))
    assert s.stage == "place" and s.turn == 1


def test_w24_solo_display_cards_are_free_and_leave_the_game() -> None:
    spares = next(  # W25: a revealed card that blocks neither grain nor flour
        c.id
        for c in CATALOG.volcano.values()
        if not c.apocalypse and not {GOOD["grain"], GOOD["flour"]} & set(c.goods)
    )
    s = with_goods(solo(display=("S14", "S05", "S01", "S02", "S03"), revealed=(spares,)), 0)
    s, _ = play(s, (0, "collect grain S14"))
    assert have(s, 0, "flour") == 1 and "S14" in s.spec_out and "S14" not in s.display
    s, _ = play(s, (0, "use S05"))
    assert len(s.extras) == 5 and "S05" in s.spec_out and s.placed[0] == 2


def test_w25_the_solo_block_spares_only_trades() -> None:
    """Solo rules: "The resources and goods shown on the card cannot be collected or produced
    in the next game round. These can only be obtained through trade." A card's gain of a
    blocked good (S25's pillars) gives nothing of it; the Porta's trade still does."""
    card = next(
        c.id
        for c in CATALOG.volcano.values()
        if GOOD["pillars"] in c.goods and GOOD["planks"] not in c.goods
    )
    s = with_goods(solo(display=("S25", "S01", "S02", "S03", "S04"), revealed=(card,)), 0, grain=4)
    assert GAME.describe_action(s, 0, GAME.parse_action("use S25")).endswith(
        "(the volcano card blocks pillars this round: not gained)"
    )
    s, events = play(s, (0, "use S25"))
    assert have(s, 0, "pillars") == 0 and have(s, 0, "planks") == 2
    assert of_type(events, "GoodsGained")[0]["blocked"] == {"pillars": 2}
    s, _ = play(s, (0, "port"), (0, "trade grain 4 pillars"))
    assert have(s, 0, "pillars") == 1


def test_w25_a_card_gain_of_only_blocked_goods_is_not_offered() -> None:
    """The same sentence: a good of one's choice (C52) is never a blocked one, and a card
    whose only gain is blocked (S21's pearl at the Porta, S25 with both goods blocked) is not
    offered, as a collect of a blocked good is not."""
    card = next(c.id for c in CATALOG.volcano.values() if GOOD["pearls"] in c.goods)
    s = solo(display=("S21", "S01", "S02", "S03", "S04"), revealed=(card,))
    s = replace(owned(s, b17=0), prosperity=True)
    s = seat_cards(with_goods(s, 0, grain=2), "hand_c", 0, ["C52"])
    assert "port" in legal(s, 0) and "port S21" not in legal(s, 0)
    s, _ = play(s, (0, "activate C52"))
    shown = CATALOG.volcano[card].goods
    free = next(g for g in ("meat", "bread", "wool") if GOOD[g] not in shown)
    assert "gain pearls" not in legal(s, 0) and f"gain {free}" in legal(s, 0)
    both = next(
        c.id for c in CATALOG.volcano.values() if {GOOD["pillars"], GOOD["planks"]} <= set(c.goods)
    )
    s = solo(display=("S25", "S01", "S02", "S03", "S04"), revealed=(both,))
    assert "use S25" not in legal(s, 0)


def test_w26_a_choice_without_targets_lapses() -> None:
    s = seat_cards(with_goods(solo(), 0, meat=1), "hand_s", 0, ["S06"])
    s, _events = play(s, (0, "piazza"), (0, "train S06"))
    assert s.prompts[0].kind == "piazza"  # the theft had nobody to steal from


def test_w27_a_space_needs_something_to_do() -> None:
    s = replace(with_goods(started(2), 0, grain=1), hand_s=((), ()))
    assert "port" not in legal(s, 0) and "piazza" not in legal(s, 0)
    s = with_goods(s, 0, grain=2)
    s, _ = play(s, (0, "port"), (0, "done"))
    assert s.turn == 1 and have(s, 0, "grain") == 2


def test_w28_an_impossible_extra_action_lapses() -> None:
    s = seat_cards(with_goods(prosperous(2), 0), "hand_c", 0, ["C47"])
    s, events = play(s, (0, "activate C47"))
    assert "ExtraActionLost" in types(events) and s.turn == 1


def test_w28_coins_do_not_count_for_offerings() -> None:
    s = seat_cards(with_goods(prosperous(2), 0), "hand_c", 0, ["C49"])
    s, _ = play(s, (0, "activate C49"), (0, "collect fish"))
    assert (GOOD["fish"], 0, 1) in s.board and s.placed[0] == 1
    s = finish_round(s)
    assert GAME.view(s, None)["offering"]["requirement"] == 6


def test_w29_c14_tokens_move_and_the_owner_removes_one() -> None:
    s = owned(prosperous(3), b7=1)
    s = seat_cards(replace(s, tokens=(7, 7)), "hand_c", 0, ["C14"])
    s, events = play(s, (0, "activate C14"))
    assert s.tokens == () and "TokensRemoved" in types(events)
    s, _ = play(s, (0, "cover 7"), (0, "cover 7"))
    assert s.tokens == (7, 7) and GAME.view(s, None)["buildings"][6]["free"] == 0
    s = with_goods(s, 1, planks=1)
    s, _ = play(s, (1, "recover C14 7"))
    assert s.tokens == (7,)


def test_w30_the_porta_fee_comes_before_the_trade() -> None:
    s = replace(seat_cards(started(3), "active_c", 2, ["C34"]), porta_owner=2)
    s, events = play(with_goods(s, 0, grain=2), (0, "port"))
    assert "PortaFeePaid" in types(events) and s.prompts[0].kind == "trade"


def test_w31_search_is_secret_to_the_searcher() -> None:
    s = seat_cards(replace(prosperous(2), known=(0, 2)), "hand_c", 0, ["C51"])
    t = GAME.apply(s, 0, GAME.parse_action("activate C51"))
    event = of_type(t.events, "VolcanoSearched")[0]
    assert "secret" not in redact(event, 1) and t.state.known == (0, 0)
    assert GAME.view(t.state, 0)["searching"] and not GAME.view(t.state, 1)["searching"]
    assert GAME.secret(t.state, 0, GAME.parse_action("stack VA01"))


def test_w32_outcomes() -> None:
    s = owned(replace(started(2), army=(READY, 0), turn=1), b20=1)
    s, _ = play(s, (1, "collect wood"))
    result = GAME.outcome(s)
    assert result is not None and result.places == (1, 2) and result.kind == "ranking"
    s = owned(solo(army=(READY,), round=16), b20=0)
    s = finish_round(replace(s, placed=(2,)))
    result = GAME.outcome(s)
    assert result is not None and result.kind == "solo" and result.title == "Aedile"


def test_w33_c28_targets_only_a_purchased_army() -> None:
    """Rulebook, city cards: "C28 L'Ultimo Fuggiasco Injure another player's purchased army.
    Place one of their workers on field C31." (field C28: G19) A player without an army is no
    target; an army whose workers are all on special fields is still injured."""
    s = replace(prosperous(3), army=(NONE, NONE, READY), injured=(0, 0, 3), workers=(3, 3, 3))
    s = seat_cards(s, "hand_c", 0, ["C28"])
    t, _ = play(s, (0, "activate C28"))
    assert legal(t, 0) == ["injure 2"]
    t, _ = play(t, (0, "injure 2"))
    assert t.army[2] == INJURED and t.held28[2] == 0
    s = replace(s, army=(NONE, NONE, NONE))
    t, events = play(s, (0, "activate C28"))
    assert of_type(events, "ChoiceLapsed")[0]["kind"] == "injure" and t.held28 == (0, 0, 0)


def test_w34_the_current_pledge_is_not_offered_again() -> None:
    s = offering(with_goods(started(2), 0, bread=2))
    s, _ = play(s, (0, "pledge bread 1"))
    options = legal(s, 0)
    assert "pledge bread 1" not in options and {"pledge bread 0", "pledge bread 2"} <= set(options)
    with pytest.raises(RuleError):
        play(s, (0, "pledge bread 3"))


def test_w35_the_deal_comes_from_the_seed() -> None:
    assert GAME.new_game(7, 3) == GAME.new_game(7, 3)
    assert GAME.new_game(7, 3).hand_s != GAME.new_game(8, 3).hand_s
    assert {GAME.new_game(seed, 4).start for seed in range(40)} == {0, 1, 2, 3}


def test_w36_no_draw_from_an_empty_deck_and_discard() -> None:
    s = offering(with_goods(started(2), 0, swords=2))
    s, _ = play(s, (0, "pledge swords 2"), (0, "lock"), (1, "lock"))
    s = replace(s, spec_deck=(), spec_discard=())
    assert legal(s, 0) == ["draw city", "pass"]


def test_w37_s05_extra_actions_follow_the_piazza_action() -> None:
    s = seat_cards(with_goods(started(2), 0, wine=2, bread=2, meat=1), "hand_s", 0, ["S05", "S06"])
    s, _ = play(s, (0, "piazza"), (0, "train S05"))
    assert s.prompts[0].kind == "piazza" and len(s.extras) == 5
    s, _ = play(s, (0, "train S06"))
    assert s.prompts[0].kind == "piazza"  # nobody had a value-III good to steal


def test_w38_solo_ends_after_round_18() -> None:
    s = solo(round=18, prosperity=True)
    s = owned(replace(s, volcano=s.volcano[-1:], lower_left=0), b17=0)
    s = finish_round(s)
    s, _ = play(s, (0, "lock"))
    result = GAME.outcome(s)
    assert (
        result is not None and result.kind == "solo" and not result.winners and result.title == ""
    )


def test_w38_every_solo_round_end_is_a_checkpoint() -> None:
    s = started(1)
    seen = []
    while s.round == 1:
        t = GAME.apply(s, 0, GAME.legal_actions(s, 0)[0])
        seen.append(t.checkpoint)
        s = t.state
    assert seen[-1] and not any(seen[:-1])


def test_w39_the_start_player_card() -> None:
    s = seat_cards(replace(prosperous(3), start=0), "hand_c", 1, ["C45"])
    s, _ = play(s, (0, "collect grain"), (1, "activate C45"))
    s = finish_round(s)
    s, _ = play(s, (0, "lock"), (1, "lock"), (2, "lock"))
    assert s.start == 1 and s.turn == 1


def test_w40_no_textoria_at_any_player_count() -> None:
    s = owned(replace(started(3, options={"no_textoria": True}), prosperity=True), b17=0)
    s = with_goods(s, 0, planks=2, pillars=2, clay=1, reed=1)
    assert "build 14" not in legal(s, 0) and "build 13" in legal(s, 0)


def test_w38_a_solo_round_end_checkpoint_marks_volcano_and_display() -> None:
    s = finish_round(started(1))
    assert s.round == 2 and len(s.revealed) == 2 and len(s.display) == 5
    assert BUILDING + 1 not in {sp for sp, _, _ in s.board} and COSTRUZIONE > 0


def test_w43_the_others_rank_by_army_then_goods_value_then_workers() -> None:
    s = replace(started(4), army=(INJURED, READY, 0, 0), workers=(3, 3, 4, 3), turn=1)
    s = with_goods(s, 0, grain=1)  # an army (injured), goods worth 1
    s = with_goods(s, 2, wine=3)  # no army, worth 6, 4 workers
    s = with_goods(s, 3, wine=2, grain=2)  # no army, worth 6, 3 workers
    s = owned(s, b20=1)
    s, _ = play(s, (1, "collect wood"))
    result = GAME.outcome(s)
    assert result is not None and result.winners == {1}
    assert result.places == (2, 1, 3, 4)
    assert [dict(x) for x in result.scores][2] == {"round": 1, "army": 0, "value": 6, "workers": 4}


def test_w43_equal_figures_share_a_place() -> None:
    s = replace(started(4), army=(0, READY, 0, 0), turn=1)
    for seat in (0, 2, 3):
        s = with_goods(s, seat, wine=1)
    s, _ = play(owned(s, b20=1), (1, "collect wood"))
    result = GAME.outcome(s)
    assert result is not None and result.places == (2, 1, 2, 2)
    s = with_goods(s, 3, wine=2)
    result = GAME.outcome(s)
    assert result is not None and result.places == (3, 1, 3, 2)


def test_w44_nothing_is_traded_into_pearls() -> None:
    """Rulebook, Trade: "Only pearls may be traded at a 1:1 ratio for other goods with a value
    of III. Pearls can only be obtained through specialist cards and/or city cards." The spec's
    G11 let the Porta sell them (`trade meat 2 pearls`)."""
    s = with_goods(started(2), 0, meat=2, gold=4, grain=4, pearls=1)
    s, _ = play(s, (0, "port"))
    options = legal(s, 0)
    assert not [t for t in options if t.endswith(" pearls")]
    assert "trade pearls 1 meat" in options  # pearls still trade out
    for text in ("trade meat 2 pearls", "trade gold 1 pearls", "trade grain 4 pearls"):
        with pytest.raises(RuleError):
            play(s, (0, text))


def test_w45_no_owner_bonus_at_the_terme_or_building_18() -> None:
    """Rulebook, ownership bonus: "The owner adds 1 of the goods used for the conversion to
    their inventory tablet." Recruiting and hiring convert nothing: their owner gets nothing."""
    s = owned(prosperous(2), b18=1, b19=1)
    s = with_goods(s, 0, swords=1, tunics=1, gold_coin=1, wine=3)
    before = s.goods[1]
    for move in ("army", "hire"):
        t, events = play(s, (0, move))
        assert t.goods[1] == before and not t.prompts
        assert "OwnerBonusPaid" not in types(events)


def test_w46_one_swap_per_piazza_action() -> None:
    """Rulebook, Piazza: "Pay one value I good to discard 1 inactive specialist card and draw a
    new specialist card." Training is "as many specialists as they can"; a trade is one card,
    and it ends the worker's action."""
    s = seat_cards(with_goods(started(2), 0, grain=2), "hand_s", 0, ["S30", "S01"])
    s, events = play(s, (0, "piazza"), (0, "swap S01 grain"))
    assert not s.prompts and s.turn == 1 and have(s, 0, "grain") == 1
    assert types(events).count("SpecialistSwapped") == 1
