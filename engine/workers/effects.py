"""Card effects and the consequences of building: one function per effect primitive.

A card's effect is data (``catalog.Effect``); :func:`resolve` carries out a one-time effect
and returns the sub-decisions (prompts) it needs, which the caller pushes. Building the Foro
wakes Vesuvius (:func:`awaken`); building the Castrum opens the C31 window
(:func:`castrum_ready`).
"""

from __future__ import annotations

from engine.core import Event
from engine.workers import decks
from engine.workers.board import (
    BOARD,
    BUILDINGS,
    CARDS,
    CASTRUM,
    FORO,
    GOODS,
    blocked,
)
from engine.workers.catalog import Goods
from engine.workers.state import COSTRUZIONE, INJURED, READY, Prompt, Readable, Work


def goods_json(bundle: Goods | dict[int, int]) -> dict[str, int]:
    items = bundle.items() if isinstance(bundle, dict) else bundle
    return {GOODS[g].id: n for g, n in items if n}


def gain_bundle(w: Work, seat: int, bundle: Goods, reason: str) -> None:
    """A card's gain; in solo the goods the revealed volcano card blocks are withheld (W25:
    "These can only be obtained through trade"), and the event names them."""
    stop = blocked(w)
    kept = tuple((g, n) for g, n in bundle if g not in stop)
    for good, amount in kept:
        w.gain(seat, good, amount)
    event: Event = {
        "type": "GoodsGained",
        "seat": seat,
        "goods": goods_json(kept),
        "reason": reason,
    }
    withheld = tuple((g, n) for g, n in bundle if g in stop)
    if withheld:
        event["blocked"] = goods_json(withheld)
    w.emit(event)


# --------------------------------------------------------------------------- activation


def activate(w: Work, seat: int, cid: str, source: str) -> list[Prompt]:
    """Activate ``cid`` for ``seat`` (already taken out of wherever it was): a one-time card
    resolves and is discarded, a persistent one stays face up beside the tablet."""
    card = CARDS[cid]
    w.emit({"type": "CardActivated", "seat": seat, "card": cid, "source": source})
    if card.timing == "once":
        if w.solo and card.kind == "specialist" and source == "display":
            w.spec_out = (*w.spec_out, cid)
        else:
            decks.discard(w, cid)
        return resolve(w, seat, cid)
    w.add_card("active_s" if card.kind == "specialist" else "active_c", seat, cid)
    if card.effect.type == "own_space":
        w.porta_owner = seat  # G22: C34 makes its holder the one owner of the Porta
    return []


def resolve(w: Work, seat: int, cid: str) -> list[Prompt]:
    """Carry out the one-time effect of ``cid`` for ``seat``; return the prompts it needs."""
    e = CARDS[cid].effect
    t = e.type
    if t == "gain":
        gain_bundle(w, seat, e.goods, cid)
    elif t == "gain_choice":
        return [Prompt("choose", seat, e.max_value, cid, (e.amount,))]
    elif t == "extra_actions":
        w.extras = (*w.extras, *([e.only] * e.count))
        w.emit({"type": "ExtraActionsGained", "seat": seat, "count": e.count, "only": e.only})
    elif t == "steal":  # G28: the thief picks the good; C35: each victim picks
        if e.chooser == "victim":
            return [Prompt("give", victim, seat) for victim in w.others(seat)]
        return [Prompt("steal", seat, victim, cid, (e.value,)) for victim in w.others(seat)]
    elif t == "extra_owner":
        return [Prompt("mark", seat, 0, cid)]
    elif t == "injure":
        return [Prompt("injure", seat, 1 if e.army else 0, cid)]
    elif t == "cover_spaces":
        if w.tokens:  # W29: the tokens move to where the new card puts them
            w.emit({"type": "TokensRemoved", "buildings": list(w.tokens)})
            w.tokens = ()
        return [Prompt("cover", seat, e.tokens, cid)]
    elif t == "take_card":
        return [Prompt("take", seat, 0, e.source)]
    elif t == "destroy_temples":
        _destroy_temples(w)
    elif t == "lose_worker":
        for victim in w.others(seat):
            if w.workers[victim] >= e.min_workers:
                lose_worker(w, victim, cid)
    elif t == "draw_cards":
        cards = decks.draw_secret(w, seat, e.deck, e.count, cid) if e.keep else []
        if e.keep:
            w.put("drawn", seat, (*w.drawn[seat], *cards))
            return [Prompt("keep", seat, e.keep, cid)] if cards else []
        prompts: list[Prompt] = []
        for _ in range(e.count):  # C41: drawn face up and activated at once
            drawn = decks.draw(w, e.deck)
            if drawn is not None:
                prompts += activate(w, seat, drawn, cid)
        return prompts
    elif t == "seize_workers":
        return [Prompt("seize", seat, 0, cid)]
    elif t == "new_worker":
        gain_worker(w, seat, cid)
    elif t == "free_build":
        return [Prompt("freebuild", seat, 0, cid)]
    elif t == "start_player":
        w.next_start = seat
        w.emit({"type": "StartPlayerClaimed", "seat": seat})
    elif t == "free_recovery":
        return [Prompt("recover", seat, 0, cid)]
    elif t == "search_volcano":
        return _search(w, seat, e.count)
    return []


def gain_worker(w: Work, seat: int, reason: str) -> None:
    """A new worker from the supply, placeable from the next round (W8); at most 6."""
    if w.workers[seat] >= BOARD.workers_max:
        w.emit({"type": "WorkerNotGained", "seat": seat, "reason": reason})
        return
    w.bump("workers", seat, 1)
    w.bump("fresh", seat, 1)
    w.emit({"type": "WorkerGained", "seat": seat, "workers": w.workers[seat], "reason": reason})


def lose_worker(w: Work, seat: int, reason: str) -> None:
    """C40: a worker goes back to the supply (an unplaced one if any, W14)."""
    w.bump("workers", seat, -1)
    if w.available(seat) < 0:
        for name in ("fresh", "placed", "injured", "held28", "held31"):
            if getattr(w, name)[seat] > 0:
                w.bump(name, seat, -1)
                break
    w.emit({"type": "WorkerLost", "seat": seat, "workers": w.workers[seat], "reason": reason})


def injure(w: Work, seat: int, victim: int, army: bool, cid: str) -> None:
    """C12: a worker of ``victim`` to field C12; C28: its army is injured and a worker goes to
    field C28 (W15: an unplaced worker if it has one, else one already placed this round)."""
    field = "held28" if army else "injured"
    if injurable(w, victim):
        if w.available(victim) <= 0:
            name = "placed" if w.placed[victim] > 0 else "fresh"
            w.bump(name, victim, -1)
        w.bump(field, victim, 1)
    hurt_army = army and w.army[victim] == READY
    if hurt_army:
        w.put("army", victim, INJURED)
    w.emit(
        {
            "type": "ArmyInjured" if army else "WorkerInjured",
            "seat": seat,
            "victim": victim,
            "field": cid,
            "army": hurt_army,
        }
    )


def injurable(s: Readable, victim: int) -> bool:
    """Whether ``victim`` has a worker that is not already on a special field."""
    return s.workers[victim] - s.injured[victim] - s.held28[victim] - s.held31[victim] > 0


def _destroy_temples(w: Work) -> None:
    """C22: every activated temple card of every player is discarded (G23)."""
    lost: list[str] = []
    for seat in range(w.players):
        temples = [c for c in w.active_c[seat] if CARDS[c].temple]
        for cid in temples:
            w.drop_card("active_c", seat, cid)
            decks.discard(w, cid)
        lost += temples
    w.emit({"type": "TemplesDestroyed", "cards": lost})


def _search(w: Work, seat: int, count: int) -> list[Prompt]:
    """W31: look at the top volcano cards (secretly) and put them back in an order of one's
    choice; the others forget what they knew of the order."""
    cards = w.volcano[:count]
    if not cards:
        return []
    w.volcano = w.volcano[len(cards) :]
    w.searching = cards
    w.known = (0,) * w.players
    w.emit(
        {
            "type": "VolcanoSearched",
            "seat": seat,
            "count": len(cards),
            "secret": {"cards": list(cards)},
            "secret_for": [seat],
        }
    )
    if len(cards) == 1:
        finish_search(w, seat, list(cards))
        return []
    return [Prompt("stack", seat)]


def finish_search(w: Work, seat: int, order: list[str]) -> None:
    w.volcano = (*order, *w.volcano)
    w.searching = ()
    w.put("known", seat, len(order))
    w.emit(
        {
            "type": "VolcanoStacked",
            "seat": seat,
            "count": len(order),
            "secret": {"order": order},
            "secret_for": [seat],
        }
    )


# --------------------------------------------------------------------------- building


def complete_build(w: Work, seat: int, number: int, paid: Goods, how: str) -> list[Prompt]:
    """Turn building ``number`` face up for ``seat`` (paid already); the Foro wakes Vesuvius,
    the Castrum first gives C31 holders their chance (its window)."""
    if number == CASTRUM:
        w.emit({"type": "CastrumBegun", "seat": seat, "paid": goods_json(paid), "how": how})
        castrum_ready(w, seat)
        return []
    w.owners = (*w.owners[:number], seat, *w.owners[number + 1 :])
    w.emit(
        {
            "type": "BuildingBuilt",
            "seat": seat,
            "building": number,
            "name": BUILDINGS[number].name,
            "paid": goods_json(paid),
            "how": how,
        }
    )
    if number == FORO:
        return awaken(w, seat)
    return []


def castrum_ready(w: Work, seat: int) -> None:
    """The Castrum's construction is complete unless someone halts it with C31: in a
    multiplayer game every other seat answers a window (W17: all of them, so the window
    reveals nothing about hands)."""
    if w.solo:
        finish_castrum(w, seat)
        return
    w.window = w.others(seat)
    w.emit({"type": "WindowOpened", "seat": seat, "seats": list(w.window), "kind": "halt_castrum"})


def finish_castrum(w: Work, seat: int) -> None:
    w.owners = (*w.owners[:CASTRUM], seat, *w.owners[CASTRUM + 1 :])
    if w.castrum_halt >= 0:  # G20: a halted construction is void; its worker returns at cleanup
        w.emit({"type": "CastrumHaltVoided", "seat": w.castrum_halt})
        w.castrum_halt = -1
    w.emit(
        {
            "type": "BuildingBuilt",
            "seat": seat,
            "building": CASTRUM,
            "name": BUILDINGS[CASTRUM].name,
            "paid": {},
            "how": "castrum",
        }
    )


def halt_castrum(w: Work, halter: int, builder: int, cid: str) -> None:
    """C31: the builder's worker moves from the Costruzione to field C31 (G20: no refund)."""
    w.drop_card("hand_c", halter, cid)
    decks.discard(w, cid)
    w.window = ()
    w.castrum_halt = builder
    for i in range(len(w.board) - 1, -1, -1):
        space, owner, marker = w.board[i]
        if space == COSTRUZIONE and owner == builder:
            w.board = (*w.board[:i], *w.board[i + 1 :])
            if not marker:
                w.bump("placed", builder, -1)
                w.bump("held31", builder, 1)
            break
    w.emit({"type": "CastrumHalted", "seat": halter, "card": cid, "builder": builder})


def awaken(w: Work, builder: int) -> list[Prompt]:
    """The Foro stands: Vesuvius turns to side B, offerings end every round from this one on,
    everybody receives city cards, and the builder draws a specialist and a city card that are
    activated at once (W18: a play-from-hand city card goes to the hand instead)."""
    w.prosperity = True
    w.checkpoint = True
    w.emit({"type": "VesuviusAwoke", "seat": builder, "workers": list(w.workers)})
    count = BOARD.solo["city_cards"] if w.solo else BOARD.setup["city_cards_at_foro"]
    for seat in range(w.players):
        cards = decks.draw_secret(w, seat, decks.CITY, count, "foro")
        w.put("hand_c", seat, (*w.hand_c[seat], *cards))
    if builder < 0:
        return []
    prompts: list[Prompt] = []
    for _ in range(BOARD.setup["foro_builder_specialists"]):
        cid = decks.draw(w, decks.SPECIALIST)
        if cid is not None:
            prompts += activate(w, builder, cid, "foro")
    for _ in range(BOARD.setup["foro_builder_city_cards"]):
        cid = decks.draw(w, decks.CITY)
        if cid is None:
            continue
        if CARDS[cid].timing == "hand":
            w.add_card("hand_c", builder, cid)
            w.emit(
                {
                    "type": "CardsDrawn",
                    "seat": builder,
                    "deck": decks.CITY,
                    "count": 1,
                    "reason": "foro",
                    "secret": {"cards": [cid]},
                    "secret_for": [builder],
                }
            )
        else:
            prompts += activate(w, builder, cid, "foro")
    return prompts


# --------------------------------------------------------------------------- recoveries


def recover(w: Work, seat: int, cid: str, number: int, paid: Goods) -> None:
    """Undo a C12 / C14 / C28 / C31 effect (W19: a freed worker may be placed at once)."""
    event: Event = {"type": "EffectRecovered", "seat": seat, "card": cid, "paid": goods_json(paid)}
    if cid == "C12":
        w.bump("injured", seat, -1)
    elif cid == "C14":
        tokens = list(w.tokens)
        tokens.remove(number)
        w.tokens = tuple(tokens)
        event["building"] = number
    elif cid == "C28":
        if w.army[seat] == INJURED:
            w.put("army", seat, READY)
        if w.held28[seat] > 0:
            w.bump("held28", seat, -1)
    else:  # C31: pay, and the Castrum's construction completes
        w.bump("held31", seat, -w.held31[seat])
        w.emit(event)
        w.castrum_halt = -1
        castrum_ready(w, seat)
        return
    w.emit(event)
