"""Sub-decisions (prompts): what each kind offers, and what each answer does.

A prompt belongs to one seat: the placing player's follow-ups (``trade``, ``piazza``, a card's
choices) or another seat's (``bonus`` for an owner, ``give`` for C35's victims). Each is one
atomic decision; repeatable steps (Piazza, C14 tokens, a Search) re-push themselves until
``done`` or exhausted.
"""

from __future__ import annotations

from engine.workers import decks, effects
from engine.workers.actions import Action, act, series
from engine.workers.board import (
    BOARD,
    CARDS,
    GOODS,
    RATES,
    RED,
    VALUE,
    WORKPLACES,
    blocked,
    recoveries,
)
from engine.workers.catalog import Goods
from engine.workers.state import BUILDING, READY, Prompt, Readable, Work, affordable

DONE = act("done")
SWAP_GOODS = tuple(g.index for g in GOODS if g.value == BOARD.swap_value)


def trades(s: Readable, seat: int) -> list[Action]:
    """Every trade ``seat`` can make: one good type for one other, any amount it can pay
    for, the amount given a multiple of the rate [R]; never into pearls (W44)."""
    rates = RATES[s.options.trade_steps]
    out: list[Action] = []
    for give, have in enumerate(s.goods[seat]):
        if have <= 0:
            continue
        row = rates[give]
        for get, rate in enumerate(row):
            if get != give and 0 < rate <= have:
                out += series("trade", (give,), (get,), have // rate, rate)
    return out


def trainable(s: Readable, seat: int) -> list[str]:
    goods = s.goods[seat]
    return [c for c in s.hand_s[seat] if affordable(goods, CARDS[c].cost)]


def swaps(s: Readable, seat: int) -> list[Action]:
    goods = s.goods[seat]
    paid = [g for g in SWAP_GOODS if goods[g] >= BOARD.swap_amount]
    return [act("swap", c, g) for c in dict.fromkeys(s.hand_s[seat]) for g in paid]


def prompt_actions(s: Readable, p: Prompt) -> list[Action]:
    """The legal answers to prompt ``p`` now (empty: the prompt lapses)."""
    seat, kind = p.seat, p.kind
    if kind == "trade":
        return [*trades(s, seat), DONE]  # W27: done ends the step at any time
    if kind == "piazza":  # p.n = 1 once a card is trained: training goes on, no swap [R]
        out: list[Action] = [act("train", c) for c in dict.fromkeys(trainable(s, seat))]
        if p.n != 1:
            out += swaps(s, seat)
        return [*out, DONE]
    if kind == "bonus":
        return [act("bonus", g) for g in p.goods]
    if kind == "steal":
        value = p.goods[0]
        return [
            act("steal", p.n, g)
            for g, n in enumerate(s.goods[p.n])
            if n > 0 and (value == 0 or VALUE[g] == value)
        ]
    if kind == "give":
        return [act("give", g) for g, n in enumerate(s.goods[seat]) if n > 0]
    if kind == "mark":
        return [
            act("mark", b)
            for b in RED
            if s.owners[b] not in (-1, seat) and (b, seat) not in s.marks
        ]
    if kind == "injure":  # W33: C28 (p.n) only a purchased army [R]; C12 a worker
        return [
            act("injure", v)
            for v in range(s.players)
            if v != seat and (s.army[v] == READY if p.n else effects.injurable(s, v))
        ]
    if kind == "take":
        return [act("take", c) for c in _takeable(s, seat, p.ref)]
    if kind == "cover":
        return [*(act("cover", b) for b in WORKPLACES if s.owners[b] >= 0), DONE]
    if kind == "keep":
        return [act("keep", c) for c in dict.fromkeys(s.drawn[seat])]
    if kind == "stack":
        return [act("stack", c) for c in s.searching[p.n :]]
    if kind == "choose":  # W25: never a good the solo volcano card blocks
        stop = blocked(s)
        return [act("gain", g.index) for g in GOODS if g.value <= p.n and g.index not in stop]
    if kind == "freebuild":
        return [act("build", b) for b in RED if s.owners[b] < 0]
    if kind == "seize":
        return [act("seize", b) for b in WORKPLACES if _seizable(s, seat, b)]
    if kind == "recover":
        return [act("recover", c, b) if b else act("recover", c) for c, b in recoveries(s, seat)]
    raise AssertionError(f"unknown prompt {kind}")


def _takeable(s: Readable, seat: int, source: str) -> list[str]:
    if source == "active_specialist":
        return [c for v in range(s.players) if v != seat for c in s.active_s[v]]
    if source == "active_temple":
        return [c for v in range(s.players) if v != seat for c in s.active_c[v] if CARDS[c].temple]
    # W20: C25 takes a card activated at the Foro, never the five played from hand nor another
    # copy of its own effect (which could chain forever)
    return list(
        dict.fromkeys(
            c
            for c in s.city_discard
            if CARDS[c].timing != "hand"
            and not (CARDS[c].effect.type == "take_card" and CARDS[c].effect.source == source)
        )
    )


def _seizable(s: Readable, seat: int, number: int) -> bool:
    space = BUILDING + number
    return any(sp == space and owner != seat for sp, owner, _ in s.board)


def has_answer(s: Readable, p: Prompt) -> bool:
    """Whether prompt ``p`` has any answer (repeatable steps always have ``done``)."""
    return p.kind in ("trade", "piazza", "cover") or bool(prompt_actions(s, p))


def prompt_default(s: Readable, p: Prompt) -> Action | None:
    """What the rules play for ``p`` on a timeout (W21), where a natural answer exists."""
    if p.kind == "bonus":
        return act("bonus", max(p.goods, key=lambda g: (VALUE[g], -g)))
    if p.kind == "give":
        held = [g for g, n in enumerate(s.goods[p.seat]) if n > 0]
        return act("give", min(held, key=lambda g: (VALUE[g], g))) if held else None
    if p.kind == "keep" and s.drawn[p.seat]:
        return act("keep", s.drawn[p.seat][0])
    if p.kind == "stack" and s.searching[p.n :]:
        return act("stack", s.searching[p.n])
    return None


def prompt_skip(p: Prompt) -> Action | None:
    """A seat's pass in a repeatable step (the ``skip`` timeout policy plays it)."""
    return DONE if p.kind in ("trade", "piazza", "cover") else None


# --------------------------------------------------------------------------- answers


def answer(w: Work, p: Prompt, a: Action) -> None:
    """Apply answer ``a`` to the head prompt ``p`` (already checked to be legal)."""
    w.prompts = w.prompts[1:]
    seat = p.seat
    verb = a.verb
    if verb == "done":
        w.emit({"type": "StepEnded", "seat": seat, "step": p.kind})
    elif verb == "trade":
        _trade(w, seat, a.num(0), a.num(1), a.num(2), p.ref)
    elif verb == "train":
        cid = a.text(0)
        cost = CARDS[cid].cost
        w.pay(seat, cost)
        w.drop_card("hand_s", seat, cid)
        w.emit(
            {
                "type": "SpecialistTrained",
                "seat": seat,
                "card": cid,
                "paid": effects.goods_json(cost),
            }
        )
        w.push([Prompt("piazza", seat, 1)])
        w.push(effects.activate(w, seat, cid, "piazza"))  # W37: a one-time card resolves now
    elif verb == "swap":  # W46: one swap, and the worker's action is over
        _swap(w, seat, a.text(0), a.num(1))
    elif verb == "bonus":
        w.gain(seat, a.num(0), 1)
        w.emit(
            {
                "type": "OwnerBonusPaid",
                "seat": seat,
                "good": GOODS[a.num(0)].id,
                "user": p.n,
                "building": int(p.ref),
            }
        )
    elif verb in ("steal", "give"):
        victim, thief = (a.num(0), seat) if verb == "steal" else (seat, p.n)
        good = a.num(1) if verb == "steal" else a.num(0)
        w.gain(victim, good, -1)
        w.gain(thief, good, 1)
        w.emit(
            {
                "type": "GoodsStolen" if verb == "steal" else "GoodsGiven",
                "seat": thief,
                "victim": victim,
                "good": GOODS[good].id,
            }
        )
    elif verb == "mark":
        w.marks = (*w.marks, (a.num(0), seat))
        w.emit({"type": "MarkerPlaced", "seat": seat, "building": a.num(0)})
    elif verb == "injure":
        effects.injure(w, seat, a.num(0), bool(p.n), p.ref)
    elif verb == "take":
        _take(w, seat, a.text(0), p.ref)
    elif verb == "cover":
        w.tokens = (*w.tokens, a.num(0))
        w.emit({"type": "SpaceCovered", "seat": seat, "building": a.num(0)})
        if p.n > 1:
            w.push([Prompt("cover", seat, p.n - 1, p.ref)])
    elif verb == "keep":
        keep(w, seat, a.text(0), p.ref)
    elif verb == "stack":  # ``searching`` keeps the cards placed so far first (p.n of them)
        card, done = a.text(0), p.n + 1
        rest = [c for c in w.searching[p.n :] if c != card]
        w.searching = (*w.searching[: p.n], card, *rest)
        if len(rest) <= 1:
            effects.finish_search(w, seat, list(w.searching))
        else:
            w.push([Prompt("stack", seat, done)])
    elif verb == "gain":
        effects.gain_bundle(w, seat, ((a.num(0), p.goods[0]),), p.ref)
    elif verb == "build":
        w.push(effects.complete_build(w, seat, a.num(0), (), "free"))
    elif verb == "seize":
        _seize(w, seat, a.num(0))
    elif verb == "recover":
        w.emit({"type": "RecoveryFree", "seat": seat, "card": p.ref})
        effects.recover(w, seat, a.text(0), a.num(1) if len(a.args) > 1 else 0, ())
    else:
        raise AssertionError(f"no answer {verb} to a {p.kind} prompt")


def _trade(w: Work, seat: int, give: int, amount: int, get: int, card: str) -> None:
    received = amount // RATES[w.options.trade_steps][give][get]
    w.gain(seat, give, -amount)
    w.gain(seat, get, received)
    event = {
        "type": "GoodsTraded",
        "seat": seat,
        "gave": GOODS[give].id,
        "given": amount,
        "got": GOODS[get].id,
        "received": received,
        "card": card,
    }
    w.emit(event)
    if card:
        bonus = CARDS[card].effect
        effects.gain_bundle(w, seat, ((bonus.good, bonus.amount),), card)


def _swap(w: Work, seat: int, cid: str, good: int) -> None:
    """Pay one value-I good, discard an inactive specialist, draw a new one: one per Piazza
    action (W46)."""
    w.gain(seat, good, -BOARD.swap_amount)
    w.drop_card("hand_s", seat, cid)
    decks.discard(w, cid)
    drawn = decks.draw(w, decks.SPECIALIST)
    if drawn is not None:
        w.add_card("hand_s", seat, drawn)
    w.emit(
        {
            "type": "SpecialistSwapped",
            "seat": seat,
            "card": cid,
            "paid": GOODS[good].id,
            "secret": {"drawn": drawn},
            "secret_for": [seat],
        }
    )


def _take(w: Work, seat: int, cid: str, source: str) -> None:
    if source == "city_discard":
        discard = list(w.city_discard)
        discard.remove(cid)
        w.city_discard = tuple(discard)
        w.push(effects.activate(w, seat, cid, "discard"))
        return
    name = "active_s" if source == "active_specialist" else "active_c"
    victim = next(v for v in range(w.players) if v != seat and cid in getattr(w, name)[v])
    w.drop_card(name, victim, cid)
    w.add_card("hand_s" if source == "active_specialist" else "active_c", seat, cid)  # G25
    w.emit({"type": "CardTaken", "seat": seat, "victim": victim, "card": cid, "source": source})


def keep(w: Work, seat: int, cid: str, reason: str) -> None:
    """Keep one drawn card in hand (secret); the others go face up to their discard piles."""
    drawn = list(w.drawn[seat])
    drawn.remove(cid)
    w.add_card("hand_s" if cid.startswith("S") else "hand_c", seat, cid)
    for other in drawn:
        decks.discard(w, other)
    w.put("drawn", seat, ())
    w.emit(
        {
            "type": "CardKept",
            "seat": seat,
            "discarded": drawn,
            "reason": reason,
            "secret": {"card": cid},
            "secret_for": [seat],
        }
    )


def _seize(w: Work, seat: int, number: int) -> None:
    """C01: other players' workers leave the building; each is an extra action now (G24)."""
    space = BUILDING + number
    taken = [owner for sp, owner, _ in w.board if sp == space and owner != seat]
    w.board = tuple(e for e in w.board if not (e[0] == space and e[1] != seat))
    w.extras = (*w.extras, *([""] * len(taken)))
    w.emit({"type": "WorkersSeized", "seat": seat, "building": number, "from": taken})


def goods_of(bundle: Goods) -> tuple[int, ...]:
    return tuple(g for g, n in bundle if n > 0)
