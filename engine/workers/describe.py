"""Words for menus and logs: action labels, the current decision, and which actions are
secret (``secret``)."""

from __future__ import annotations

from engine.core import JSON, Seat
from engine.workers.actions import Action
from engine.workers.board import (
    BUILDINGS,
    CARDS,
    COSTS,
    GOODS,
    RATES,
    VALUE,
    army_cost,
    beyond_limit,
    blocked,
    card_gains,
    collect_yield,
    conversion,
    cost_of,
    denies_bonus,
    own_count,
    passive_card,
    recovery_cost,
    solo_house_rule,
)
from engine.workers.effects import goods_json
from engine.workers.offering import reward_seats
from engine.workers.state import (
    BUILDING,
    OFFERING,
    OVER,
    PLACE,
    REWARD,
    SETUP_GOODS,
    SETUP_RED,
    State,
)

_RECOVERY = {
    "C12": "heal an injured worker",
    "C14": "remove the C14 token from your building",
    "C28": "heal your army and free your worker",
    "C31": "finish your halted Castrum",
}
_PROMPTS = {
    "trade": "trade at the Porta (or done)",
    "piazza": "train specialists at the Piazza (then done), or swap one",
    "bonus": "choose your ownership bonus",
    "steal": "choose a good to take",
    "give": "choose a good to give",
    "mark": "choose a red building for your ownership marker",
    "injure": "choose whom to injure",
    "take": "choose a card to take",
    "cover": "choose a building to cover (or done)",
    "keep": "keep one of the drawn cards",
    "stack": "put the searched volcano cards back in order",
    "choose": "choose a good to take",
    "freebuild": "choose a red building to build for free",
    "seize": "choose a building to take the workers from",
    "recover": "choose an effect to undo for free",
}


def goods_text(bundle: dict[str, int]) -> str:
    return ", ".join(f"{n} {GOODS[_index(g)].name}" for g, n in bundle.items()) or "nothing"


def _index(gid: str) -> int:
    return next(g.index for g in GOODS if g.id == gid)


def card_label(cid: str) -> str:
    card = CARDS[cid]
    return f"{cid} {card.name}{'†' if card.adapted else ''}"


def building_label(number: int) -> str:
    b = BUILDINGS[number]
    return f"{number} {b.name}{'†' if b.provenance == 'adaptation' else ''}"


def decision_view(s: State) -> dict[str, JSON]:
    """What the game waits for, for the channel: kind, seats and a sentence."""
    if s.stage == OVER:
        return {"kind": "over", "seats": [], "text": "The game is over."}
    if s.stage == SETUP_RED:
        return {
            "kind": "setup_red",
            "seats": [s.turn],
            "text": f"Seat {s.turn}: take a red building for free.",
        }
    if s.stage == SETUP_GOODS:
        seats = [seat for seat in range(s.players) if s.setup_left[seat]]
        return {
            "kind": "setup_goods",
            "seats": seats,
            "text": "Place your 6 starting units on value-I goods.",
        }
    if s.stage == OFFERING:
        seats = [seat for seat in range(s.players) if not s.locked[seat]]
        how = "in secret" if s.options.secret_pledges else "in the open"
        return {
            "kind": "offering",
            "seats": seats,
            "text": f"Offerings to Vesuvius: pledge goods {how}, then lock.",
        }
    if s.stage == REWARD:
        return {
            "kind": "reward",
            "seats": sorted(reward_seats(s)),
            "text": "Generous offerings: draw your rewards, then keep one card.",
        }
    if s.stage == PLACE and s.window:
        return {
            "kind": "window",
            "seats": list(s.window),
            "text": f"Seat {s.turn} is building the Castrum: play C31 to halt it, or pass.",
        }
    if s.prompts:
        p = s.prompts[0]
        return {"kind": p.kind, "seats": [p.seat], "text": f"Seat {p.seat}: {_PROMPTS[p.kind]}."}
    what = "an extra action" if s.extras else "place a worker"
    if s.extras and s.extras[0]:
        what = f"an extra {s.extras[0]} action"
    return {"kind": "place", "seats": [s.turn], "text": f"Seat {s.turn}: {what}."}


def describe_action(s: State, seat: Seat, a: Action) -> str:
    verb = a.verb
    if verb == "start_red":
        return f"Take red building {_with_recipe(a.num(0))} for free"
    if verb == "start_goods":
        return f"Put {a.num(1)} of your starting units on {GOODS[a.num(0)].name}"
    if verb == "collect":
        return _collect(s, seat, a)
    if verb == "produce":
        return _produce(s, seat, a)
    if verb == "build":
        cost = cost_of(a.num(0), CARDS[a.text(1)].effect.good if a.text(1) else -1, s.players == 1)
        house = _house(f"building_{a.num(0)}", s)
        paid = "free" if s.prompts else f"pay {goods_text(goods_json(cost))}{house}"
        return f"Build {building_label(a.num(0))} ({paid}){_using(a.text(1))}"
    if verb == "port":
        return f"Go to the Porta di Pompeii to trade{_using(a.text(0))}{_withheld(s, a.text(0))}"
    if verb == "piazza":
        return "Go to the Piazza: train specialists, or swap one"
    if verb == "activate":
        cid = a.text(0)
        return f"Activate {card_label(cid)} at the Foro: {CARDS[cid].text}{_withheld(s, cid)}"
    if verb == "recover":
        paid = "free" if s.prompts else f"pay {goods_text(goods_json(recovery_cost(a.text(0))))}"
        where = f" on building {a.num(1)}" if len(a.args) > 1 else ""
        return f"Recover at the Foro: {_RECOVERY[a.text(0)]}{where} ({paid})"
    if verb == "army":
        price = goods_text(goods_json(army_cost(s.players == 1))) + _house("army", s)
        return f"Recruit your army at the Terme (pay {price})"
    if verb == "hire":
        return f"Hire a new worker (pay {goods_text(goods_json(COSTS['worker']))})"
    if verb == "use":
        return f"Use {card_label(a.text(0))}: {CARDS[a.text(0)].text}{_withheld(s, a.text(0))}"
    if verb == "trade":
        give, amount, get = a.num(0), a.num(1), a.num(2)
        rate = RATES[s.options.trade_steps][give][get]
        got = amount // rate if rate else 0
        return f"Trade {amount} {GOODS[give].name} for {got} {GOODS[get].name}"
    if verb in ("train", "swap", "take", "keep", "play"):
        return _card_action(a)
    if verb == "done":
        return "Done"
    if verb == "bonus":
        return f"Take 1 {GOODS[a.num(0)].name} as your ownership bonus"
    if verb == "steal":
        return f"Take 1 {GOODS[a.num(1)].name} from seat {a.num(0)}"
    if verb == "give":
        receiver = s.prompts[0].n if s.prompts else -1
        return f"Give 1 {GOODS[a.num(0)].name} to seat {receiver}"
    if verb == "mark":
        return f"Put your ownership marker on {building_label(a.num(0))}"
    if verb == "cover":
        return f"Cover a worker space of {building_label(a.num(0))}"
    if verb == "seize":
        return f"Take the other players' workers off {building_label(a.num(0))}"
    if verb == "injure":
        army = bool(s.prompts and s.prompts[0].n)
        return f"Injure seat {a.num(0)}'s {'army and a worker' if army else 'worker'}"
    if verb == "stack":
        return f"Put {a.text(0)} next from the top of the volcano deck"
    if verb == "gain":
        return f"Take {GOODS[a.num(0)].name}"
    if verb == "halt":
        return "Play C31: halt the Castrum's construction"
    if verb == "pass":
        return "Decline the reward" if s.stage == REWARD else "Let it pass"
    if verb == "pledge":
        good, n = a.num(0), a.num(1)
        if not n:
            return f"Offer no {GOODS[good].name}"
        return f"Offer {n} {GOODS[good].name} (value {n * VALUE[good]})"
    if verb == "lock":
        return "Lock your offering"
    if verb == "draw":
        return "Draw a specialist" if a.text(0) == "specialist" else "Draw a city card"
    raise TypeError(f"not a Pompeii action: {a!r}")


def _house(item: str, s: State) -> str:
    """`` †`` after a price that is the solo game's house rule (W41)."""
    return " †" if solo_house_rule(item, s.players == 1) else ""


def _using(cid: str) -> str:
    return f", using {card_label(cid)}" if cid else ""


def _withheld(s: State, cid: str) -> str:
    """W25 (solo): the goods of a card's gain that the revealed volcano card blocks."""
    stop = blocked(s) if cid else ()
    held = [GOODS[g].name for g in card_gains(cid) if g in stop] if stop else []
    return f" (the volcano card blocks {', '.join(held)} this round: not gained)" if held else ""


def _with_recipe(number: int) -> str:
    r = BUILDINGS[number].recipe
    if r is None:
        return building_label(number)
    inputs = " + ".join(GOODS[g].name for g, _ in r.inputs)
    return f"{building_label(number)} ({inputs} → {GOODS[r.output].name})"


def _collect(s: State, seat: int, a: Action) -> str:
    field, cid = a.num(0), a.text(1)
    good, amount = collect_yield(s, seat, field, cid, own_count(s, seat, field))
    return f"Collect {amount} {GOODS[good].name} at the {GOODS[field].name} field{_using(cid)}"


def _produce(s: State, seat: int, a: Action) -> str:
    number, times, cid = a.num(0), a.num(1), a.text(2)
    paid_goods, output, made = conversion(number, CARDS[cid].effect if cid else None, times)
    paid = goods_text(goods_json(paid_goods))
    used = _using(cid)
    if beyond_limit(s, BUILDING + number):  # W13: C17 is the one card used
        used = f"{_using(passive_card(s, seat, 'ignore_limit'))} (a worker beyond the limit)"
    elif not cid and denies_bonus(s, seat, number):  # W22: S35 is the one card used
        used = f"{_using(passive_card(s, seat, 'no_owner_bonus'))} (the owner gets no bonus)"
    return f"Produce at {building_label(number)}: {paid} → {made} {GOODS[output].name}{used}"


def _card_action(a: Action) -> str:
    cid = a.text(0)
    card = CARDS[cid]
    if a.verb == "train":
        return f"Train {card_label(cid)} (pay {goods_text(goods_json(card.cost))}): {card.text}"
    if a.verb == "swap":
        return f"Swap {card_label(cid)} for a new specialist (pay 1 {GOODS[a.num(1)].name})"
    if a.verb == "take":
        return f"Take {card_label(cid)}"
    if a.verb == "keep":
        return f"Keep {card_label(cid)}"
    return f"Play {card_label(cid)}: {card.text}"


def secret(s: State, seat: Seat, a: Action) -> bool:
    """The secret actions: a kept card, a Search's order, and a pledge under the
    ``secret_pledges`` variant (W4: pledges are open by default). The others learn only what
    their events show them."""
    if a.verb == "pledge":
        return s.options.secret_pledges
    return a.verb in ("keep", "stack")
