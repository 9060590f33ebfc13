"""Placing a worker: every legal placement, and what each does.

A worker goes to a space and performs either the space's standard action or the action of ONE
card its owner may use there (an activated specialist or city card, or in solo a face-up
display specialist); cards replace the standard action and never combine [R]. Placements that
need more choices continue as prompts (``port`` → ``trade``, ``piazza`` → ``train``/``swap``).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.workers import effects
from engine.workers.actions import Action, act, series
from engine.workers.board import (
    BOARD,
    CARDS,
    CAUPONA,
    COSTS,
    FIELD_GOODS,
    FORO,
    GOODS,
    PRODUCERS,
    TERME,
    army_cost,
    beyond_limit,
    blocked,
    buildable,
    can_enter,
    can_trade,
    card_index,
    collect_yield,
    conversion,
    cost_of,
    denies_bonus,
    free_places,
    gains_nothing,
    limit,
    max_times,
    occupancy,
    own_count,
    passive_card,
    recipe,
    recoveries,
    recovery_cost,
    room,
    space_name,
)
from engine.workers.catalog import Effect
from engine.workers.prompts import SWAP_GOODS, trainable
from engine.workers.state import (
    BUILDING,
    COSTRUZIONE,
    NONE,
    PIAZZA,
    PORTA,
    READY,
    Prompt,
    Readable,
    Work,
    affordable,
)


def placements(s: Readable, seat: int, only: str = "") -> list[Action]:
    """Every legal placement of ``seat`` (``only``: an extra action limited to ``produce`` or
    ``trade``)."""
    out: list[Action] = []
    goods = s.goods[seat]
    stop = blocked(s)
    cards = card_index(s, seat)
    if not only:
        _collects(s, seat, stop, cards, out)
    if only in ("", "produce"):
        _produces(s, seat, goods, stop, cards, out)
    if not only and can_enter(s, seat, COSTRUZIONE):
        _builds(s, seat, goods, cards.get(("costruzione", -1), []), out)
    if only in ("", "trade") and can_enter(s, seat, PORTA) and can_trade(s, goods):  # W27
        out.append(_PORT)
        out.extend(
            act("port", cid) for cid, _ in cards.get(("porta", -1), []) if not gains_nothing(s, cid)
        )
    if only:
        return out
    if s.hand_s[seat] and can_enter(s, seat, PIAZZA) and _piazza_open(s, seat):
        out.append(_PIAZZA)
    if s.owners[FORO] >= 0 and can_enter(s, seat, BUILDING + FORO):
        out.extend(
            act("activate", c)
            for c in dict.fromkeys(s.hand_c[seat])
            if CARDS[c].timing != "hand" and not gains_nothing(s, c)  # W25
        )
        for cid, number in recoveries(s, seat):
            if affordable(goods, recovery_cost(cid)):
                out.append(act("recover", cid, number) if number else act("recover", cid))
    if (
        s.owners[TERME] >= 0
        and s.army[seat] == NONE
        and affordable(goods, army_cost(s.players == 1))
        and can_enter(s, seat, BUILDING + TERME)
    ):
        out.append(_ARMY)
    if (
        s.owners[CAUPONA] >= 0
        and s.workers[seat] < BOARD.workers_max
        and affordable(goods, COSTS["worker"])
        and can_enter(s, seat, BUILDING + CAUPONA)
    ):
        out.append(_HIRE)
    if s.display:
        out.extend(
            act("use", c)
            for c in s.display
            if CARDS[c].timing == "once" and not gains_nothing(s, c)  # W25
        )
    return out


def _piazza_open(s: Readable, seat: int) -> bool:
    """Something to do at the Piazza: a specialist to train, or a good to pay for a swap."""
    goods = s.goods[seat]
    return any(goods[g] >= BOARD.swap_amount for g in SWAP_GOODS) or bool(trainable(s, seat))


_RECIPES = {number: recipe(number, None) for number in PRODUCERS}
_PORT, _PIAZZA, _ARMY, _HIRE = act("port"), act("piazza"), act("army"), act("hire")
_COLLECT = {f: act("collect", f) for f in FIELD_GOODS}
Cards = Mapping[tuple[str, int], list[tuple[str, Effect]]]


def _collects(
    s: Readable, seat: int, stop: tuple[int, ...], cards: Cards, out: list[Action]
) -> None:
    own = occupancy(s.board)[1]
    most = limit(s.players, FIELD_GOODS[0])
    for field in FIELD_GOODS:
        if own.get(field * 8 + seat, 0) >= most:
            continue
        if field not in stop:
            out.append(_COLLECT[field])
        for cid, effect in cards.get(("field", field), ()):
            good = effect.good if effect.type == "replace_yield" else field
            if good not in stop:  # W25: the solo block applies to cards too [R: S14's flour]
                out.append(act("collect", field, cid))


def _produces(
    s: Readable,
    seat: int,
    goods: tuple[int, ...],
    stop: tuple[int, ...],
    cards: Cards,
    out: list[Action],
) -> None:
    owners = s.owners
    free = free_places(s.board, s.tokens, s.players)
    for number in PRODUCERS:
        if owners[number] < 0:
            continue
        full = free[BUILDING + number] <= 0
        if full and not can_enter(s, seat, BUILDING + number):
            continue
        # W13: a worker beyond the limit uses C17, so no other card [R: "cannot be combined"]
        mine = None if full else cards.get(("building", number))
        if not mine:  # the standard recipe only (the common case)
            base = _RECIPES[number]
            if base[1] not in stop:
                times = max_times(goods, base[0], base[4])
                if times > 0:
                    out += series("produce", (number,), (), times)
            continue
        options: list[tuple[str, Effect | None]] = [("", None), *mine]
        for cid, effect in options:
            inputs, output, _, _, discount = recipe(number, effect)
            if output in stop:
                continue
            times = max_times(goods, inputs, discount)
            if times > 0:
                out += series("produce", (number,), (cid,) if cid else (), times)


def _builds(
    s: Readable,
    seat: int,
    goods: tuple[int, ...],
    waivers: list[tuple[str, Effect]],
    out: list[Action],
) -> None:
    for number in buildable(s, seat):
        solo = s.players == 1
        if affordable(goods, cost_of(number, solo=solo)):
            out.append(act("build", number))
        for cid, effect in waivers:
            if affordable(goods, cost_of(number, effect.good, solo)):
                out.append(act("build", number, cid))


# --------------------------------------------------------------------------- apply


def space_of(a: Action) -> int:
    """The worker space a placement occupies (-1: none, a solo display card)."""
    verb = a.verb
    if verb == "collect":
        return a.num(0)
    if verb == "produce":
        return BUILDING + a.num(0)
    if verb == "build":
        return COSTRUZIONE
    if verb == "port":
        return PORTA
    if verb == "piazza":
        return PIAZZA
    if verb in ("activate", "recover"):
        return BUILDING + FORO
    if verb == "army":
        return BUILDING + TERME
    if verb == "hire":
        return BUILDING + CAUPONA
    return -1


def place(w: Work, seat: int, a: Action) -> None:
    """Place a worker (or an extra action's coin) and carry out the action."""
    extra = bool(w.extras)
    if extra:
        w.extras = w.extras[1:]
    else:
        w.bump("placed", seat, 1)
    space = space_of(a)
    last = a.args[-1] if a.args else ""
    card = last if isinstance(last, str) and a.verb in _CARD_VERBS else ""
    # W13: a worker beyond a blue building's limit is there by C17, the card it uses
    shown = passive_card(w, seat, "ignore_limit") if beyond_limit(w, space) else card
    if space >= 0:
        w.board = (*w.board, (space, seat, int(extra)))
    w.emit(
        {
            "type": "WorkerPlaced",
            "seat": seat,
            "space": space_name_of(space),
            "card": shown,
            "extra": extra,
        }
    )
    if card and card in w.display:  # W24: a solo display card is used once, then leaves
        w.display = tuple(c for c in w.display if c != card)
        w.spec_out = (*w.spec_out, card)
    _ACTIONS[a.verb](w, seat, a, card)


def space_name_of(space: int) -> str:
    return space_name(space) if space >= 0 else "display"


def _collect(w: Work, seat: int, a: Action, card: str) -> None:
    field = a.num(0)
    good, amount = collect_yield(w, seat, field, card, own_count(w, seat, field) - 1)
    w.gain(seat, good, amount)
    w.emit(
        {
            "type": "GoodsCollected",
            "seat": seat,
            "field": GOODS[field].id,
            "good": GOODS[good].id,
            "amount": amount,
            "card": card,
        }
    )


def _produce(w: Work, seat: int, a: Action, card: str) -> None:
    number, times = a.num(0), a.num(1)
    paid, output, made = conversion(number, CARDS[card].effect if card else None, times)
    w.pay(seat, paid)
    w.gain(seat, output, made)
    w.emit(
        {
            "type": "GoodsProduced",
            "seat": seat,
            "building": number,
            "times": times,
            "paid": effects.goods_json(paid),
            "good": GOODS[output].id,
            "amount": made,
            "card": card,
        }
    )
    # W13: with room < 0 the worker stands beyond the limit, by C17 (the card it uses)
    alone = not card and room(w, BUILDING + number) >= 0
    _owner_bonus(w, seat, number, tuple(g for g, _ in paid), alone)


def _owner_bonus(w: Work, user: int, number: int, used: tuple[int, ...], alone: bool) -> None:
    """The owner (and S27 markers) of a building someone else uses takes 1 of an input used,
    its choice [R]; S35 denies the owner's bonus at a blue building when it is the one card
    the worker uses there (``alone``: no other card, C17 included; W22)."""
    if not used:
        return
    owner = w.owners[number]
    recipients = [owner] if owner not in (-1, user) else []
    if recipients and alone and denies_bonus(w, user, number):
        w.emit({"type": "OwnerBonusDenied", "seat": owner, "user": user, "building": number})
        recipients = []
    recipients += [m for b, m in w.marks if b == number and m != user and m not in recipients]
    prompts = []
    for seat in recipients:
        if len(used) == 1:
            w.gain(seat, used[0], 1)
            w.emit(
                {
                    "type": "OwnerBonusPaid",
                    "seat": seat,
                    "good": GOODS[used[0]].id,
                    "user": user,
                    "building": number,
                }
            )
        else:  # W3: the owner chooses, as a decision of its own
            prompts.append(Prompt("bonus", seat, user, str(number), used))
    w.push(prompts)


def _build(w: Work, seat: int, a: Action, card: str) -> None:
    number = a.num(0)
    cost = cost_of(number, CARDS[card].effect.good if card else -1, w.players == 1)
    w.pay(seat, cost)
    w.push(effects.complete_build(w, seat, number, cost, "costruzione"))


def _port(w: Work, seat: int, a: Action, card: str) -> None:
    owner = w.porta_owner
    if owner >= 0 and owner != seat:  # G22, W30: C34's owner takes a fish, before the trade
        effect = next(
            CARDS[c].effect for c in w.active_c[owner] if CARDS[c].effect.type == "own_space"
        )
        w.gain(owner, effect.good, effect.amount)
        w.emit(
            {
                "type": "PortaFeePaid",
                "seat": owner,
                "user": seat,
                "good": GOODS[effect.good].id,
                "amount": effect.amount,
            }
        )
    w.push([Prompt("trade", seat, 0, card)])


def _piazza(w: Work, seat: int, a: Action, card: str) -> None:
    w.push([Prompt("piazza", seat, 0)])


def _activate(w: Work, seat: int, a: Action, card: str) -> None:
    cid = a.text(0)
    w.drop_card("hand_c", seat, cid)
    w.push(effects.activate(w, seat, cid, "foro"))


def _recover(w: Work, seat: int, a: Action, card: str) -> None:
    cid = a.text(0)
    cost = recovery_cost(cid)
    w.pay(seat, cost)
    effects.recover(w, seat, cid, a.num(1) if len(a.args) > 1 else 0, cost)


def _army(w: Work, seat: int, a: Action, card: str) -> None:
    cost = army_cost(w.players == 1)
    w.pay(seat, cost)
    w.put("army", seat, READY)
    w.emit({"type": "ArmyRecruited", "seat": seat, "paid": effects.goods_json(cost)})


def _hire(w: Work, seat: int, a: Action, card: str) -> None:
    w.pay(seat, COSTS["worker"])
    w.emit({"type": "WorkerHired", "seat": seat, "paid": effects.goods_json(COSTS["worker"])})
    effects.gain_worker(w, seat, "caupona")


def _use(w: Work, seat: int, a: Action, card: str) -> None:
    cid = a.text(0)
    w.display = tuple(c for c in w.display if c != cid)
    w.push(effects.activate(w, seat, cid, "display"))


_ACTIONS = {
    "collect": _collect,
    "produce": _produce,
    "build": _build,
    "port": _port,
    "piazza": _piazza,
    "activate": _activate,
    "recover": _recover,
    "army": _army,
    "hire": _hire,
    "use": _use,
}
PLACEMENTS = frozenset(_ACTIONS)
_CARD_VERBS = frozenset(("collect", "produce", "build", "port"))
