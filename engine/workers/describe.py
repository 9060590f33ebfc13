"""Words for menus and logs: action labels, the current decision, and which actions are
secret (``secret``)."""

from __future__ import annotations

from engine.core import JSON, Seat
from engine.text import One, Term, Text
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
    "C12": Text("heal an injured worker"),
    "C14": Text("remove the C14 token from your building"),
    "C28": Text("heal your army and free your worker"),
    "C31": Text("finish your halted Castrum"),
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


def goods_text(bundle: dict[str, int]) -> Text:
    """``{"grain": 2, "wood": 1}`` -> ``2 grain, 1 wood`` (``nothing`` when empty)."""
    parts = [Text("{n} {good}", n=n, good=good(_index(g), n)) for g, n in bundle.items()]
    return listing(parts) if parts else Text("nothing")


def listing(parts: list[Text]) -> Text:
    """Words joined with commas, each part said in the reader's language."""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = Text("{first}, {rest}", first=part, rest=out)
    return out


ONE_NAMES = {
    "olives": "olive",
    "grapes": "grape",
    "planks": "plank",
    "pillars": "pillar",
    "pearls": "pearl",
    "swords": "sword",
    "tunics": "tunic",
}
"""A good's word for one unit where its name is a plural ("1 sword"); the other names are
said as they are after 1 in English (grain, deer, wood …), but every good has its form for one
in the catalog (:class:`~engine.text.One`: "1 ciervo", "4 ciervos")."""

MANY_NAMES = {"gold coin": "gold coins"}
"""A good's word after a count other than 1 where its name is singular."""


def good_word(name: str, n: int | None = None) -> str:
    """The English word for ``n`` units of the good named ``name`` (its name without ``n``)."""
    if n is None:
        return name
    return ONE_NAMES.get(name, name) if n == 1 else MANY_NAMES.get(name, name)


def good(index: int, n: int | None = None) -> Term:
    """A good's name as a game word; with ``n``, in the form that count asks for."""
    name = GOODS[index].name
    word = good_word(name, n)
    return One(word) if n == 1 else Term(word)


def _index(gid: str) -> int:
    return next(g.index for g in GOODS if g.id == gid)


def card_label(cid: str) -> Text:
    card = CARDS[cid]
    return Text("{id} {name}{mark}", id=cid, name=Term(card.name), mark="†" if card.adapted else "")


def card_text(cid: str) -> Term:
    return Term(CARDS[cid].text)


def building_label(number: int) -> Text:
    b = BUILDINGS[number]
    mark = "†" if b.provenance == "adaptation" else ""
    return Text("{id} {name}{mark}", id=number, name=Term(b.name), mark=mark)


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


def describe_action(s: State, seat: Seat, a: Action) -> Text:
    verb = a.verb
    if verb == "start_red":
        return Text("Take red building {building} for free", building=_with_recipe(a.num(0)))
    if verb == "start_goods":
        return Text("Put {n} of your starting units on {good}", n=a.num(1), good=good(a.num(0)))
    if verb == "collect":
        return _collect(s, seat, a)
    if verb == "produce":
        return _produce(s, seat, a)
    if verb == "build":
        cost = cost_of(a.num(0), CARDS[a.text(1)].effect.good if a.text(1) else -1, s.players == 1)
        house = _house(f"building_{a.num(0)}", s)
        if s.prompts:
            return Text(
                "Build {building} (free){using}",
                building=building_label(a.num(0)),
                using=_using(a.text(1)),
            )
        return Text(
            "Build {building} (pay {goods}{house}){using}",
            building=building_label(a.num(0)),
            goods=goods_text(goods_json(cost)),
            house=house,
            using=_using(a.text(1)),
        )
    if verb == "port":
        return Text(
            "Go to the Porta di Pompeii to trade{using}{withheld}",
            using=_using(a.text(0)),
            withheld=_withheld(s, a.text(0)),
        )
    if verb == "piazza":
        return Text("Go to the Piazza: train specialists, or swap one")
    if verb == "activate":
        cid = a.text(0)
        return Text(
            "Activate {card} at the Foro: {text}{withheld}",
            card=card_label(cid),
            text=card_text(cid),
            withheld=_withheld(s, cid),
        )
    if verb == "recover":
        where = Text(" on building {n}", n=a.num(1)) if len(a.args) > 1 else ""
        effect = _RECOVERY[a.text(0)]
        if s.prompts:
            return Text("Recover at the Foro: {effect}{where} (free)", effect=effect, where=where)
        return Text(
            "Recover at the Foro: {effect}{where} (pay {goods})",
            effect=effect,
            where=where,
            goods=goods_text(goods_json(recovery_cost(a.text(0)))),
        )
    if verb == "army":
        return Text(
            "Recruit your army at the Terme (pay {goods}{house})",
            goods=goods_text(goods_json(army_cost(s.players == 1))),
            house=_house("army", s),
        )
    if verb == "hire":
        return Text(
            "Hire a new worker (pay {goods})", goods=goods_text(goods_json(COSTS["worker"]))
        )
    if verb == "use":
        cid = a.text(0)
        return Text(
            "Use {card}: {text}{withheld}",
            card=card_label(cid),
            text=card_text(cid),
            withheld=_withheld(s, cid),
        )
    if verb == "trade":
        give, amount, get = a.num(0), a.num(1), a.num(2)
        rate = RATES[s.options.trade_steps][give][get]
        got = amount // rate if rate else 0
        return Text(
            "Trade {n} {good} for {got} {other}",
            n=amount,
            good=good(give, amount),
            got=got,
            other=good(get, got),
        )
    if verb in ("train", "swap", "take", "keep", "play"):
        return _card_action(a)
    if verb == "done":
        return Text("Done")
    if verb == "bonus":
        return Text("Take 1 {good} as your ownership bonus", good=good(a.num(0), 1))
    if verb == "steal":
        return Text("Take 1 {good} from seat {seat}", good=good(a.num(1), 1), seat=a.num(0))
    if verb == "give":
        receiver = s.prompts[0].n if s.prompts else -1
        return Text("Give 1 {good} to seat {seat}", good=good(a.num(0), 1), seat=receiver)
    if verb == "mark":
        return Text("Put your ownership marker on {building}", building=building_label(a.num(0)))
    if verb == "cover":
        return Text("Cover a worker space of {building}", building=building_label(a.num(0)))
    if verb == "seize":
        return Text(
            "Take the other players' workers off {building}", building=building_label(a.num(0))
        )
    if verb == "injure":
        if s.prompts and s.prompts[0].n:
            return Text("Injure seat {seat}'s army and a worker", seat=a.num(0))
        return Text("Injure seat {seat}'s worker", seat=a.num(0))
    if verb == "stack":
        return Text("Put {card} next from the top of the volcano deck", card=a.text(0))
    if verb == "gain":
        return Text("Take {good}", good=good(a.num(0)))
    if verb == "halt":
        return Text("Play C31: halt the Castrum's construction")
    if verb == "pass":
        return Text("Decline the reward") if s.stage == REWARD else Text("Let it pass")
    if verb == "pledge":
        n = a.num(1)
        if not n:
            return Text("Offer no {good}", good=good(a.num(0)))
        return Text(
            "Offer {n} {good} (value {value})",
            n=n,
            good=good(a.num(0), n),
            value=n * VALUE[a.num(0)],
        )
    if verb == "lock":
        return Text("Lock your offering")
    if verb == "draw":
        if a.text(0) == "specialist":
            return Text("Draw a specialist")
        return Text("Draw a city card")
    raise TypeError(f"not a Pompeii action: {a!r}")


def _house(item: str, s: State) -> str:
    """`` †`` after a price that is the solo game's house rule (W41)."""
    return " †" if solo_house_rule(item, s.players == 1) else ""


def _using(cid: str) -> Text | str:
    return Text(", using {card}", card=card_label(cid)) if cid else ""


def _withheld(s: State, cid: str) -> Text | str:
    """W25 (solo): the goods of a card's gain that the revealed volcano card blocks."""
    stop = blocked(s) if cid else ()
    held = [good(g) for g in card_gains(cid) if g in stop] if stop else []
    if not held:
        return ""
    goods = listing([Text("{good}", good=g) for g in held])
    return Text(" (the volcano card blocks {goods} this round: not gained)", goods=goods)


def _with_recipe(number: int) -> Text:
    r = BUILDINGS[number].recipe
    if r is None:
        return building_label(number)
    inputs = Text("{good}", good=good(r.inputs[0][0]))
    for g, _ in r.inputs[1:]:
        inputs = Text("{first} + {good}", first=inputs, good=good(g))
    return Text(
        "{building} ({inputs} → {output})",
        building=building_label(number),
        inputs=inputs,
        output=good(r.output),
    )


def _collect(s: State, seat: int, a: Action) -> Text:
    field, cid = a.num(0), a.text(1)
    got, amount = collect_yield(s, seat, field, cid, own_count(s, seat, field))
    return Text(
        "Collect {n} {good} at the {field} field{using}",
        n=amount,
        good=good(got, amount),
        field=good(field),
        using=_using(cid),
    )


def _produce(s: State, seat: int, a: Action) -> Text:
    number, times, cid = a.num(0), a.num(1), a.text(2)
    paid_goods, output, made = conversion(number, CARDS[cid].effect if cid else None, times)
    used: Text | str = _using(cid)
    if beyond_limit(s, BUILDING + number):  # W13: C17 is the one card used
        card = _using(passive_card(s, seat, "ignore_limit"))
        used = Text("{using} (a worker beyond the limit)", using=card)
    elif not cid and denies_bonus(s, seat, number):  # W22: S35 is the one card used
        card = _using(passive_card(s, seat, "no_owner_bonus"))
        used = Text("{using} (the owner gets no bonus)", using=card)
    return Text(
        "Produce at {building}: {paid} → {n} {good}{using}",
        building=building_label(number),
        paid=goods_text(goods_json(paid_goods)),
        n=made,
        good=good(output, made),
        using=used,
    )


def _card_action(a: Action) -> Text:
    cid = a.text(0)
    card = CARDS[cid]
    if a.verb == "train":
        return Text(
            "Train {card} (pay {goods}): {text}",
            card=card_label(cid),
            goods=goods_text(goods_json(card.cost)),
            text=card_text(cid),
        )
    if a.verb == "swap":
        return Text(
            "Swap {card} for a new specialist (pay 1 {good})",
            card=card_label(cid),
            good=good(a.num(1), 1),
        )
    if a.verb == "take":
        return Text("Take {card}", card=card_label(cid))
    if a.verb == "keep":
        return Text("Keep {card}", card=card_label(cid))
    return Text("Play {card}: {text}", card=card_label(cid), text=card_text(cid))


def secret(s: State, seat: Seat, a: Action) -> bool:
    """The secret actions: a kept card, a Search's order, and a pledge under the
    ``secret_pledges`` variant (W4: pledges are open by default). The others learn only what
    their events show them."""
    if a.verb == "pledge":
        return s.options.secret_pledges
    return a.verb in ("keep", "stack")


def reveals(s: State, seat: Seat, a: Action, after: State) -> bool:
    """Whether an action showed anything new, so it may not be taken back (issue 46): a card
    drawn or dealt face up (the decks, the drawn cards awaiting a keep, a solo display), a
    volcano card revealed or seen by a Search, any use of the shuffle, another seat's cards,
    or a step that ends with sealed pledges shown. A worker placed, goods produced or traded
    and an open pledge show nothing that was hidden."""
    hidden = (
        "rng",
        "spec_deck",
        "city_deck",
        "volcano",
        "revealed",
        "volcano_unused",
        "known",
        "drawn",
        "searching",
    )
    if any(getattr(after, name) != getattr(s, name) for name in hidden):
        return True
    if not set(after.display) <= set(s.display):  # solo: a card taken from it shows nothing
        return True
    others = (o for o in range(s.players) if o != seat)
    if any(after.hand_s[o] != s.hand_s[o] or after.hand_c[o] != s.hand_c[o] for o in others):
        return True
    return s.options.secret_pledges and (after.stage != s.stage or after.pledges != s.pledges)
