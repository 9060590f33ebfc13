"""The end of a round: offerings (a simultaneous step), the volcano, rewards, cleanup, and the
solo mode's round end (display, reveal pile, Prosperity, the 18-round limit).

Offerings [R] with our digital procedure (G13, W4–W6): every seat pledges goods in the open
(``pledge bread 2`` sets one good's amount; every player sees each seat's pledge and the
running total), may revise, and ``lock`` s; offering cards are played openly meanwhile. With
the ``secret_pledges`` variant a pledge is seen only by its seat until the offering resolves.
When all have locked: if the pledges reach the requirement everybody pays and the generous draw
rewards, otherwise nobody pays (G12) and a volcano card is revealed.
"""

from __future__ import annotations

from engine.base import choice_event
from engine.core import Event
from engine.workers import decks, effects
from engine.workers.actions import Action, act, series
from engine.workers.board import BOARD, CARDS, CASTRUM, FORO, GOODS, VALUE
from engine.workers.catalog import CATALOG
from engine.workers.prompts import keep
from engine.workers.state import OFFERING, OVER, REWARD, ROUND_END, Readable, Work, zero_goods

LOCK = act("lock")
PASS = act("pass")
VOLCANO = CATALOG.volcano


# --------------------------------------------------------------------------- offering


def requirement(s: Readable) -> int:
    """The total active workers, injured ones included, of every seat taking part (an exempt
    seat's do not count), less any reduction card [R]."""
    total = sum(s.workers[seat] for seat in range(s.players) if not s.exempt[seat])
    return max(0, total - s.cut)


def offered(s: Readable, seat: int) -> int:
    """The value of a seat's pledge (each unit +1 with a value-bonus card)."""
    bonus = 1 if s.boosted[seat] else 0
    return sum(n * (VALUE[g] + bonus) for g, n in enumerate(s.pledges[seat]) if n)


def pledged(s: Readable) -> int:
    """The running total: the value of every pledge that counts (an exempt seat's does not)."""
    return sum(offered(s, seat) for seat in range(s.players) if not s.exempt[seat])


def open_pledges(s: Readable) -> bool:
    """W4: pledges are public as they change, unless the table plays the secret variant."""
    return not s.options.secret_pledges


def open_offering(w: Work) -> None:
    w.stage = OFFERING
    n = w.players
    w.pledges = (zero_goods(),) * n
    w.locked = (False,) * n
    w.exempt = (False,) * n
    w.boosted = (False,) * n
    w.cut = 0
    w.emit(
        {
            "type": "OfferingOpened",
            "round": w.round,
            "requirement": requirement(w),
            "open": open_pledges(w),
        }
    )


def offering_seats(s: Readable) -> frozenset[int]:
    return frozenset(seat for seat in range(s.players) if not s.locked[seat])


def offering_actions(s: Readable, seat: int) -> list[Action]:
    """Set a pledge (any amount up to what one holds, except the current one: W34), lock, or
    play an offering card from hand (W39 in the spec's sense of W5: only before locking)."""
    out: list[Action] = []
    pledge = s.pledges[seat]
    for good, have in enumerate(s.goods[seat]):
        if have > 0:
            amounts = series("pledge", (good,), (), have + 1, 1, 0)
            current = pledge[good]
            out += amounts[:current]
            out += amounts[current + 1 :]
    out.append(LOCK)
    out.extend(
        act("play", c) for c in dict.fromkeys(s.hand_c[seat]) if CARDS[c].effect.type == "offering"
    )
    return out


def offering_answer(w: Work, seat: int, a: Action) -> None:
    if a.verb == "pledge":
        good, amount = a.num(0), a.num(1)
        row = list(w.pledges[seat])
        row[good] = amount
        w.put("pledges", seat, tuple(row))
        event: Event = {"type": "PledgeChanged", "seat": seat}
        sealed = not open_pledges(w)  # W4; the variant: secret until the offering resolves
        if not sealed:  # everyone sees the pledge and where the offering stands
            event["pledge"] = effects.goods_json(dict(enumerate(row)))
            event |= {"value": offered(w, seat), "total": pledged(w), "requirement": requirement(w)}
        choice = {"good": GOODS[good].id, "amount": amount}
        w.emit(choice_event(event, seat, choice, sealed=sealed))
    elif a.verb == "lock":
        w.put("locked", seat, True)
        w.emit({"type": "OfferingLocked", "seat": seat})
    else:
        _play_card(w, seat, a.text(0))


def _play_card(w: Work, seat: int, cid: str) -> None:
    """An offering card, played openly from hand and discarded (W5: a card that changes the
    sums unlocks every seat, so nobody is bound to a pledge made under other terms)."""
    effect = CARDS[cid].effect
    w.drop_card("hand_c", seat, cid)
    decks.discard(w, cid)
    w.emit({"type": "OfferingCardPlayed", "seat": seat, "card": cid, "mode": effect.mode})
    if effect.mode == "cancel":  # G26: nobody pays, a volcano card with full effect
        w.locked = (True,) * w.players
        w.emit({"type": "OfferingCancelled", "seat": seat})
        _fail(w)
        if w.stage != OVER:
            w.stage = ROUND_END
        return
    if effect.mode == "exempt":
        w.put("exempt", seat, True)
        w.put("pledges", seat, zero_goods())
        w.put("locked", seat, True)
    elif effect.mode == "value_bonus":
        w.put("boosted", seat, True)
    else:
        w.cut += effect.amount
    w.locked = tuple(w.exempt[s] or (s == seat and w.locked[s]) for s in range(w.players))
    w.emit({"type": "OfferingTermsChanged", "requirement": requirement(w)})


def resolve_offering(w: Work) -> None:
    need = requirement(w)
    values = [0 if w.exempt[s] else offered(w, s) for s in range(w.players)]
    success = sum(values) >= need
    w.emit(
        {
            "type": "OfferingResolved",
            "round": w.round,
            "requirement": need,
            "total": sum(values),
            "success": success,
            "values": values,
            "pledges": [effects.goods_json(dict(enumerate(p))) for p in w.pledges],
            "exempt": [s for s in range(w.players) if w.exempt[s]],
        }
    )
    if not success:
        _fail(w)
        return
    for seat in range(w.players):
        paid = tuple((g, n) for g, n in enumerate(w.pledges[seat]) if n)
        if paid:
            w.pay(seat, paid)
    if w.solo:
        reveal(w, lose=False)
    draws = tuple(
        max(0, values[s] - w.workers[s]) if not w.exempt[s] else 0 for s in range(w.players)
    )
    w.pledges = (zero_goods(),) * w.players
    if any(draws):  # G14: one draw per point above one's own worker count
        w.draws = draws
        w.stage = REWARD
        w.emit({"type": "RewardsEarned", "draws": list(draws)})


def _fail(w: Work) -> None:
    w.pledges = (zero_goods(),) * w.players
    reveal(w, lose=True)


def reveal(w: Work, lose: bool) -> None:
    """Turn up the next volcano card. A regular card destroys every unit of its goods for
    every player unless a temple protects them (G23); the Apocalypse ends the game."""
    if not w.volcano:
        return
    cid, w.volcano = w.volcano[0], w.volcano[1:]
    w.known = tuple(max(0, k - 1) for k in w.known)
    w.revealed = (*w.revealed, cid)
    card = VOLCANO[cid]
    w.checkpoint = True
    if card.apocalypse:
        w.emit(
            {
                "type": "VolcanoRevealed",
                "card": cid,
                "apocalypse": True,
                "goods": [],
                "losses": [{} for _ in range(w.players)],
                "destroys": lose,
            }
        )
        game_over(w, "apocalypse", -1)
        return
    losses = []
    for seat in range(w.players):
        lost = _losses(w, seat, card.goods) if lose else {}
        for good, n in lost.items():
            w.gain(seat, good, -n)
        losses.append(effects.goods_json(lost))
    w.emit(
        {
            "type": "VolcanoRevealed",
            "card": cid,
            "apocalypse": False,
            "goods": [GOODS[g].id for g in card.goods],
            "losses": losses,
            "destroys": lose,
        }
    )


def _losses(w: Work, seat: int, goods: tuple[int, ...]) -> dict[int, int]:
    temples = [CARDS[c].effect for c in w.active_c[seat] if CARDS[c].temple]
    if any(t.protect_all for t in temples):
        return {}
    safe = set().union(*(t.protected for t in temples)) if temples else set()
    half = any(t.half for t in temples)
    out: dict[int, int] = {}
    for good in goods:
        have = w.goods[seat][good]
        if have and good not in safe:
            out[good] = have // 2 if half else have  # W7: half kept, rounded up
    return {g: n for g, n in out.items() if n}


# --------------------------------------------------------------------------- rewards


def reward_seats(s: Readable) -> frozenset[int]:
    return frozenset(seat for seat in range(s.players) if s.draws[seat] or s.drawn[seat])


def reward_actions(s: Readable, seat: int) -> list[Action]:
    out: list[Action] = []
    if s.draws[seat]:  # W36: not from a deck that is empty with its discard pile
        out.extend(
            act("draw", deck) for deck in (decks.SPECIALIST, decks.CITY) if _drawable(s, deck)
        )
    out.extend(act("keep", c) for c in dict.fromkeys(s.drawn[seat]))
    if not s.drawn[seat]:
        out.append(PASS)
    return out


def _drawable(s: Readable, deck: str) -> bool:
    if deck == decks.SPECIALIST:
        return bool(s.spec_deck or s.spec_discard)
    return bool(s.city_deck or s.city_discard)


def reward_default(s: Readable, seat: int) -> Action:
    """W6: a timeout keeps the first card drawn, or declines when nothing was drawn."""
    return act("keep", s.drawn[seat][0]) if s.drawn[seat] else PASS


def reward_answer(w: Work, seat: int, a: Action) -> None:
    if a.verb == "draw":
        w.bump("draws", seat, -1)
        cards = decks.draw_secret(w, seat, a.text(0), 1, "offering")
        w.put("drawn", seat, (*w.drawn[seat], *cards))
        if w.draws[seat] and not any(_drawable(w, d) for d in (decks.SPECIALIST, decks.CITY)):
            w.put("draws", seat, 0)
    elif a.verb == "keep":
        w.put("draws", seat, 0)
        keep(w, seat, a.text(0), "offering")
    else:
        w.put("draws", seat, 0)
        w.emit({"type": "RewardDeclined", "seat": seat})


# --------------------------------------------------------------------------- round end


def end_round(w: Work) -> None:
    """Cleanup (G15): workers come back (not those on C12/C28/C31), the pacing coin goes, the
    start player passes left; solo: the display, the reveal pile and the round limit."""
    w.checkpoint = True
    w.emit({"type": "RoundEnded", "round": w.round})
    w.board = ()
    w.placed = (0,) * w.players
    w.fresh = (0,) * w.players
    w.extras = ()
    if w.owners[CASTRUM] >= 0 and any(w.held31):
        w.held31 = (0,) * w.players
    if w.foro_coins > 0:
        w.foro_coins -= 1
        w.emit({"type": "ForoCoinRemoved", "left": w.foro_coins})
    if w.solo:
        _solo_round_end(w)
        if w.stage == OVER:
            return
    if w.next_start >= 0:  # W39: the start-player card
        w.start, w.next_start = w.next_start, -1
    else:
        w.start = (w.start + 1) % w.players
    w.round += 1


def solo_clock_out(s: Readable) -> bool:
    """W38: a solo game in its last round's Prosperity: it is lost when the round ends (the
    army is not in the Castrum, or the game would be over)."""
    return s.players == 1 and s.prosperity and s.round >= BOARD.solo["rounds"]


def _solo_round_end(w: Work) -> None:
    """W38: the reveal pile in Founding, Prosperity after round 9, a loss after round 18."""
    if solo_clock_out(w):  # G36: the 9th upper card
        w.emit({"type": "ApocalypseExposed", "round": w.round})
        game_over(w, "solo_time", -1)
        return
    refresh_display(w)
    if w.prosperity:
        return
    if w.lower_left > 0:
        w.lower_left -= 1
        reveal(w, lose=False)
        return
    w.owners = (*w.owners[:FORO], 0, *w.owners[FORO + 1 :])  # the Foro, built for free
    w.emit(
        {
            "type": "BuildingBuilt",
            "seat": 0,
            "building": FORO,
            "name": "Foro di Pompeii",
            "paid": {},
            "how": "solo",
        }
    )
    effects.awaken(w, -1)


def refresh_display(w: Work) -> None:
    """Solo: unused display cards go face down to the discard pile; 5 new ones are laid out."""
    w.spec_discard = (*w.spec_discard, *w.display)
    cards = [decks.draw(w, decks.SPECIALIST) for _ in range(BOARD.solo["display"])]
    w.display = tuple(c for c in cards if c is not None)
    w.emit({"type": "DisplayRefreshed", "cards": list(w.display)})


def game_over(w: Work, result: str, winner: int) -> None:
    w.stage = OVER
    w.result = result
    w.winner = winner
    w.turn = -1
    w.busy = False
    w.prompts = ()
    w.window = ()
    w.checkpoint = True
    w.emit({"type": "GameEnded", "result": result, "winner": winner, "round": w.round})
