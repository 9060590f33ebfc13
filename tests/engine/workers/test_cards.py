"""Every specialist and city card does what its effect says: one parametrized test over all 104,
each checked by its effect primitive's own scenario."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from engine.workers import GAME
from engine.workers.board import BUILDINGS, RECOVERIES, VALUE
from engine.workers.catalog import CATALOG, Card
from engine.workers.state import INJURED, READY, State

from .helpers import (
    GOOD,
    have,
    legal,
    of_type,
    offering,
    owned,
    play,
    prosperous,
    seat_cards,
    started,
    types,
    with_goods,
)

GOODS = CATALOG.goods


def gid(good: int) -> str:
    return GOODS[good].id


def activate(s: State, card: Card, *answers: str) -> tuple[State, list[dict[str, object]]]:
    """Bring ``card`` into play for seat 0 the way the rules do: train a specialist at the
    Piazza (paying its cost), activate a city card at the Foro; then answer its prompts."""
    if card.kind == "specialist":
        s = seat_cards(s, "hand_s", 0, [card.id])
        s = with_goods(s, 0, **{gid(g): n for g, n in card.cost})
        moves = [(0, "piazza"), (0, f"train {card.id}")]
    else:
        s = seat_cards(s, "hand_c", 0, [card.id])
        moves = [(0, f"activate {card.id}")]
    s, events = play(s, *moves, *((0, a) for a in answers))
    return s, events


def check_yield_bonus(card: Card) -> None:
    e = card.effect
    s = seat_cards(started(2), "active_s", 0, [card.id])
    s, _ = play(with_goods(s, 0), (0, f"collect {gid(e.field)} {card.id}"))
    assert have(s, 0, gid(e.field)) == 1 + e.amount


def check_replace_yield(card: Card) -> None:
    e = card.effect
    s = seat_cards(with_goods(started(2), 0), "active_s", 0, [card.id])
    s, _ = play(s, (0, f"collect {gid(e.field)} {card.id}"))
    assert have(s, 0, gid(e.good)) == 1 and have(s, 0, gid(e.field)) == 0


def check_trade_bonus(card: Card) -> None:
    e = card.effect
    s = seat_cards(with_goods(started(2), 0, gold=1), "active_s", 0, [card.id])
    s, _ = play(s, (0, f"port {card.id}"), (0, "trade gold 1 grain"))
    assert have(s, 0, gid(e.good)) == e.amount and have(s, 0, "grain") == 1


def _producer(card: Card, times: int, **extra: int) -> tuple[State, str]:
    e = card.effect
    b = BUILDINGS[e.building]
    inputs = e.inputs if e.type == "skip_convert" else b.recipe.inputs  # type: ignore[union-attr]
    s = owned(prosperous(2), **{f"b{e.building}": 0})
    field = "active_s" if card.kind == "specialist" else "active_c"
    s = seat_cards(s, field, 0, [card.id])
    stock = {gid(g): n * times for g, n in inputs}
    stock.update(extra)
    s = with_goods(s, 0, **stock)
    return s, gid(e.output if e.type == "skip_convert" else b.recipe.output)  # type: ignore[union-attr]


def check_convert_bonus(card: Card) -> None:
    s, out = _producer(card, 2)
    s, events = play(s, (0, f"produce {card.effect.building} 2 {card.id}"))
    assert have(s, 0, out) == 2 + card.effect.amount
    assert of_type(events, "GoodsProduced")[0]["card"] == card.id


def check_skip_convert(card: Card) -> None:
    s, out = _producer(card, 2)
    s, _ = play(s, (0, f"produce {card.effect.building} 2 {card.id}"))
    assert have(s, 0, out) == 2
    assert all(have(s, 0, gid(g)) == 0 for g, _ in card.effect.inputs)


def check_double_output(card: Card) -> None:
    s, out = _producer(card, 2)
    s, _ = play(s, (0, f"produce {card.effect.building} 2 {card.id}"))
    assert have(s, 0, out) == 4


def check_input_discount(card: Card) -> None:
    e = card.effect
    s, out = _producer(card, 2)
    s = with_goods(s, 0, **{gid(e.good): 2 - e.amount})
    assert f"produce {e.building} 2" not in legal(s, 0)
    s, _ = play(s, (0, f"produce {e.building} 2 {card.id}"))
    assert have(s, 0, out) == 2 and have(s, 0, gid(e.good)) == 0


def check_waive_cost(card: Card) -> None:
    waived = card.effect.good
    s = seat_cards(prosperous(2), "active_s", 0, [card.id])
    number = next(
        b.number
        for b in BUILDINGS[1:]
        if s.owners[b.number] < 0 and any(g == waived for g, _ in b.cost)
    )
    s = owned(s, b17=-1) if number == 17 else s
    s = with_goods(s, 0, **{gid(g): n for g, n in BUILDINGS[number].cost if g != waived})
    assert f"build {number}" not in legal(s, 0)
    s, _ = play(s, (0, f"build {number} {card.id}"))
    assert s.owners[number] == 0 or s.window  # the Castrum waits for its window
    assert sum(s.goods[0]) == 0


def check_extra_actions(card: Card) -> None:
    e = card.effect
    s = owned(prosperous(2), b7=0)
    s = with_goods(s, 0, gold=2, grain=2)
    s, events = activate(s, card)
    if card.kind == "specialist":
        s, _ = play(s, (0, "done"))
    assert "ExtraActionsGained" in types(events)
    assert s.turn == 0 and s.extras == (e.only,) * e.count
    if e.only:
        options = {t.split()[0] for t in legal(s, 0)}
        assert options == {"produce" if e.only == "produce" else "port"}


def check_steal(card: Card) -> None:
    e = card.effect
    s = prosperous(3)
    rich = {"grain": 1, "flour": 1, "bread": 1, "gold": 1}
    s = with_goods(with_goods(s, 1, **rich), 2, **rich)
    wanted = next(g for g in rich if e.value == 0 or VALUE[GOOD[g]] == e.value)
    before = have(s, 0, wanted)
    s, events = activate(s, card)
    if e.chooser == "thief":
        s, events = play(s, (0, f"steal 1 {wanted}"), (0, f"steal 2 {wanted}"))
        assert len(of_type(events, "GoodsStolen")) == 2
    else:
        assert GAME.pending(s)[0].seats == {1}
        s, events = play(s, (1, f"give {wanted}"), (2, f"give {wanted}"))
        assert len(of_type(events, "GoodsGiven")) == 2
    assert have(s, 0, wanted) == before + 2
    assert have(s, 1, wanted) == 0 and have(s, 2, wanted) == 0


def check_gain(card: Card) -> None:
    s, events = activate(prosperous(2), card)
    for g, n in card.effect.goods:
        assert have(s, 0, gid(g)) == n
    assert of_type(events, "GoodsGained")[0]["reason"] == card.id


def check_gain_choice(card: Card) -> None:
    e = card.effect
    s, _ = activate(prosperous(2), card)
    choices = legal(s, 0)
    assert "gain bread" in choices and all(
        VALUE[GOOD[t.split()[1]]] <= e.max_value for t in choices
    )
    s, _ = play(s, (0, "gain bread"))
    assert have(s, 0, "bread") == e.amount


def check_extra_owner(card: Card) -> None:
    s = owned(prosperous(2), b7=1, b8=0)
    s, _ = activate(s, card)
    assert "mark 7" in legal(s, 0) and "mark 8" not in legal(s, 0)  # not one's own
    s, _ = play(s, (0, "mark 7"), (0, "done"))
    assert (7, 0) in s.marks
    s = with_goods(s, 1, grain=2)
    s, _ = play(s, (1, "produce 7 2"))
    assert have(s, 0, "grain") == 1  # the marker's bonus


def check_no_owner_bonus(card: Card) -> None:
    s = owned(prosperous(2), b11=1)
    s = seat_cards(with_goods(s, 0, meat=1), "active_s", 0, [card.id])
    s, events = play(s, (0, "produce 11 1"))
    assert "OwnerBonusDenied" in types(events) and have(s, 1, "meat") == 0


def check_ignore_limit(card: Card) -> None:
    s = owned(prosperous(2), b12=1)
    s = replace(with_goods(s, 0, sheep=1), board=((100 + 12, 1, 0),))
    assert "produce 12 1" not in legal(s, 0)
    s, _ = activate(s, card)
    s = replace(s, turn=0, placed=(0, 0))
    assert card.id in s.active_c[0] and "produce 12 1" in legal(s, 0)


def check_own_space(card: Card) -> None:
    s, _ = activate(prosperous(2), card)
    assert s.porta_owner == 0
    s = with_goods(s, 1, grain=2)
    s, _ = play(s, (1, "port"))
    assert have(s, 0, gid(card.effect.good)) == card.effect.amount


def check_injure(card: Card) -> None:
    s = replace(prosperous(2), army=(0, READY))
    s, _ = activate(s, card, "injure 1")
    if card.effect.army:
        assert s.army[1] == INJURED and s.held28 == (0, 1)
    else:
        assert s.injured == (0, 1)
    assert s.available(1) == 2


def check_cover_spaces(card: Card) -> None:
    s = owned(prosperous(2), b7=1, b8=1)
    s, events = activate(s, card, "cover 7", "cover 8")
    assert sorted(s.tokens) == [7, 8] and len(of_type(events, "SpaceCovered")) == card.effect.tokens
    s = with_goods(s, 1, grain=1, bread=1, planks=1)
    assert "produce 7 1" not in legal(s, 1)  # its one place (2 players) is covered
    assert "recover C14 7" not in legal(s, 1)  # the Foro is taken by seat 0's worker this round


def check_take_card(card: Card) -> None:
    s = prosperous(2)
    source = card.effect.source
    if source == "active_specialist":
        s = seat_cards(s, "active_s", 1, ["S01"])
        s, _ = activate(s, card, "take S01")
        assert "S01" in s.hand_s[0] and not s.active_s[1]
    elif source == "active_temple":
        s = seat_cards(s, "active_c", 1, ["C08"])
        s, _ = activate(s, card, "take C08")
        assert "C08" in s.active_c[0] and not s.active_c[1]
    else:
        s = replace(s, city_discard=("C30", "C05"))
        s, _ = activate(s, card)
        assert legal(s, 0) == ["take C30"]  # not a card played from hand
        s, _ = play(s, (0, "take C30"))
        assert have(s, 0, "wine") == 3 and "C30" in s.city_discard


def check_protect(card: Card) -> None:
    e = card.effect
    s = offering(prosperous(2))
    s = seat_cards(replace(s, volcano=("VC01", *s.volcano)), "active_c", 0, [card.id])
    example = {GOODS[g].id: 3 for g in CATALOG.volcano["VC01"].goods}
    s = with_goods(with_goods(s, 0, **example), 1, **example)
    s, _ = play(s, (0, "lock"), (1, "lock"))
    for good in example:
        kept = have(s, 0, good)
        if e.protect_all or GOOD[good] in e.protected:
            assert kept == 3
        elif e.half:
            assert kept == 2  # half of 3, rounded up
        else:
            assert kept == 0
        assert have(s, 1, good) == 0


def check_offering(card: Card) -> None:
    e = card.effect
    s = offering(prosperous(2))
    s = seat_cards(with_goods(s, 0, bread=2), "hand_c", 0, [card.id])
    s = replace(s, volcano=("VA01", *[c for c in s.volcano if c != "VA01"]))
    before = GAME.view(s, None)["offering"]["requirement"]
    s, _ = play(s, (1, "lock"), (0, f"play {card.id}"))
    if e.mode == "cancel":
        assert s.round == 2 and s.revealed == ("VA01",)
        return
    view = GAME.view(s, None)["offering"]
    assert view["waiting"] == ([1] if e.mode == "exempt" else [0, 1])  # unlocked again (W5)
    if e.mode == "exempt":
        assert view["requirement"] == before - 3 and view["exempt"] == [0]
    elif e.mode == "cut":
        assert view["requirement"] == before - e.amount
    else:
        s, _ = play(s, (0, "pledge bread 2"))
        assert GAME.view(s, 0)["pledge_value"] == 2 * (3 + e.amount)


def check_halt_castrum(card: Card) -> None:
    s = with_goods(prosperous(2), 0, pillars=4, planks=4, iron=2, reed=2)
    s = seat_cards(s, "hand_c", 1, [card.id])
    s, events = play(s, (0, "build 20"))
    assert GAME.pending(s)[0].kind == "window" and legal(s, 1) == ["halt", "pass"]
    s, events = play(s, (1, "halt"))
    assert s.castrum_halt == 0 and s.owners[20] == -1 and "CastrumHalted" in types(events)


def check_new_worker(card: Card) -> None:
    s, _ = activate(prosperous(2), card)
    assert s.workers[0] == 4 and s.available(0) == 2  # 3 - 1 placed; the new one waits (W8)


def check_free_build(card: Card) -> None:
    s, _ = activate(with_goods(prosperous(2), 0), card)
    red = [b for b in range(1, 11) if s.owners[b] < 0]
    assert legal(s, 0) == [f"build {b}" for b in red]
    s, _ = play(s, (0, f"build {red[0]}"))
    assert s.owners[red[0]] == 0


def check_draw_cards(card: Card) -> None:
    e = card.effect
    s = replace(prosperous(2), spec_deck=("S01", "S02", "S03", "S04"))
    s, _ = activate(s, card)
    if not e.keep:
        assert {"S01", "S02"} <= set(s.active_s[0])
        return
    assert sorted(s.drawn[0]) == ["S01", "S02", "S03"][: e.count]
    s, _ = play(s, (0, "keep S02"))
    assert "S02" in s.hand_s[0] and {"S01", "S03"} <= set(s.spec_discard)


def check_start_player(card: Card) -> None:
    s, _ = activate(replace(prosperous(3), start=2), card)
    assert s.next_start == 0


def check_free_recovery(card: Card) -> None:
    s = replace(prosperous(2), injured=(1, 0))
    s, _ = activate(s, card)
    assert legal(s, 0) == ["recover C12"]
    s, _ = play(s, (0, "recover C12"))
    assert s.injured == (0, 0) and sum(s.goods[0]) == 6  # nothing paid
    assert set(RECOVERIES) == {"C12", "C14", "C28", "C31"}


def check_search_volcano(card: Card) -> None:
    s = prosperous(2)
    top = s.volcano[:3]
    s, events = activate(s, card)
    assert of_type(events, "VolcanoSearched")[0]["secret"]["cards"] == list(top)
    s, _ = play(s, (0, f"stack {top[2]}"), (0, f"stack {top[0]}"))
    assert s.volcano[:3] == (top[2], top[0], top[1]) and s.known[0] == 3
    assert GAME.view(s, 0)["known_volcano"][0]["id"] == top[2]
    assert GAME.view(s, 1)["known_volcano"] == []


def check_destroy_temples(card: Card) -> None:
    s = seat_cards(seat_cards(prosperous(3), "active_c", 1, ["C03"]), "active_c", 2, ["C13", "C17"])
    s, _ = activate(s, card)
    assert s.active_c[1] == () and s.active_c[2] == ("C17",)


def check_lose_worker(card: Card) -> None:
    s = replace(prosperous(3), workers=(5, 5, 4))
    s, events = activate(s, card)
    assert s.workers == (5, 4, 4) and len(of_type(events, "WorkerLost")) == 1


def check_seize_workers(card: Card) -> None:
    s = owned(prosperous(3), b7=1)
    s = replace(s, board=((107, 1, 0), (107, 2, 0)), placed=(0, 1, 1))
    s, _ = activate(s, card, "seize 7")
    assert s.extras == ("", "") and not s.board[1:] and s.placed == (1, 1, 1)


CHECKS: dict[str, Callable[[Card], None]] = {
    name.removeprefix("check_"): fn for name, fn in globals().items() if name.startswith("check_")
}


@pytest.mark.parametrize("cid", [*CATALOG.specialists, *CATALOG.city])
def test_card_effect(cid: str) -> None:
    card = CATALOG.cards[cid]
    CHECKS[card.effect.type](card)


def test_every_effect_primitive_is_checked() -> None:
    used = {CATALOG.cards[c].effect.type for c in CATALOG.cards}
    assert used <= set(CHECKS)
