"""Phase 1, building Pompeii: a card played and its piece placed, relatives, the draw (the
Omen and A.D. 79), and the eruption that ends the phase."""

from __future__ import annotations

from engine.downfall.actions import (
    PlayCard,
)
from engine.downfall.eruption import end_game, start_lava_turn
from engine.downfall.queries import relative_squares
from engine.downfall.state import (
    LAVA_SETUP,
    NONE,
    OMEN_CHOICE,
    PLAY,
    RELATIVE,
)
from engine.downfall.tables import (
    AD79,
    B_LABEL,
    B_NUMBER,
    B_SQUARES,
    BOTTOM,
    INDEX,
    NAMES,
    OMEN,
    SQ_BUILDING,
)
from engine.downfall.work import Work

# --- phase 1


def play_card(w: Work, seat: int, action: PlayCard) -> None:
    w.hands[seat].remove(action.card)
    w.discard.append(action.card)
    if action.square is None:
        w.emit(
            {
                "type": "CardPlayed",
                "seat": seat,
                "card": action.card,
                "square": None,
                "building": None,
                "joker": False,
            }
        )
        draw(w, seat)
        return
    square = INDEX[action.square]
    building = SQ_BUILDING[square]
    joker = B_NUMBER[building] != action.card
    already = sum(w.occ[i] for i in B_SQUARES[building])
    w.supply[seat] -= 1
    w.put(square, seat)
    w.emit(
        {
            "type": "CardPlayed",
            "seat": seat,
            "card": action.card,
            "square": action.square,
            "building": B_LABEL[building],
            "joker": joker,
        }
    )
    # R16: relatives only once Vesuvius seethes; k counts the pieces before this one. Never from a
    # joker, never chained.
    if w.seething and not joker and already:
        w.rel_left = already
        w.rel_from = building
        w.rel_used = 1 << building
        w.emit(
            {
                "type": "RelativesEarned",
                "seat": seat,
                "count": already,
                "building": B_LABEL[building],
            }
        )
        if relatives_possible(w, seat):
            w.pending = RELATIVE
            w.seat = seat
            return
        relatives_lost(w, seat)
    draw(w, seat)


def relatives_possible(w: Work, seat: int) -> bool:
    """R10: a relatives step with nothing placeable is never asked."""
    return (
        w.rel_left > 0
        and w.supply[seat] > 0
        and bool(relative_squares(w.occ, w.rel_from, w.rel_used))
    )


def relatives_lost(w: Work, seat: int) -> None:
    if w.rel_left:
        reason = "no supply" if w.supply[seat] == 0 else "no space"
        w.emit({"type": "RelativesEnded", "seat": seat, "unused": w.rel_left, "reason": reason})
    w.rel_left = 0


def relative(w: Work, seat: int, square: int) -> None:
    building = SQ_BUILDING[square]
    w.supply[seat] -= 1
    w.put(square, seat)
    w.rel_used |= 1 << building
    w.rel_left -= 1
    w.emit(
        {
            "type": "RelativePlaced",
            "seat": seat,
            "square": NAMES[square],
            "building": B_LABEL[building],
        }
    )
    if relatives_possible(w, seat):
        return
    relatives_lost(w, seat)
    draw(w, seat)


def draw(w: Work, seat: int) -> None:
    """The draw step: back to four cards, resolving A.D. 79 and Omens on the way."""
    w.pending = NONE
    while True:
        if not w.stock:
            # R14: cannot happen (the second A.D. 79 always lies in the stock); kept safe anyway.
            next_build_turn(w, seat)
            return
        card = w.stock.pop(0)
        if card == AD79:
            if w.seething:
                # R17: the second A.D. 79 ends phase 1 whenever it is drawn.
                erupt(w, seat, called=False)
                return
            # First A.D. 79: a replacement is drawn at once, then A.D. 79 is shuffled into the
            # bottom 15 cards. R15: Vesuvius seethes from this moment, so a replacement Omen acts.
            w.seething = True
            card = w.stock.pop(0)
            depth, w.rng = w.rng.below(min(BOTTOM, len(w.stock)) + 1)
            w.stock.insert(len(w.stock) - depth, AD79)
            w.emit(
                {
                    "type": "VesuviusSeethes",
                    "seat": seat,
                    "secret": {"ad79_depth": depth},
                    "secret_for": [],
                }
            )
        if card == OMEN:
            w.discard.append(OMEN)
            w.emit({"type": "OmenDrawn", "seat": seat})
            if sum(w.in_city) > w.in_city[seat]:
                w.pending = OMEN_CHOICE
                w.seat = seat
                return
            # R2: no other player has a piece on the board: the Omen has no effect.
            w.emit({"type": "OmenNoVictim", "seat": seat})
            continue
        hand = w.hands[seat]
        hand.append(card)
        hand.sort()
        w.emit({"type": "CardDrawn", "seat": seat, "secret": {"card": card}, "secret_for": [seat]})
        next_build_turn(w, seat)
        return


def next_build_turn(w: Work, seat: int) -> None:
    nxt = w.next_seat(seat)
    w.begin_turn(nxt)
    w.pending = PLAY
    w.seat = nxt


def erupt(w: Work, seat: int, *, called: bool) -> None:
    """Vesuvius erupts: hands to the discard pile, supply to the box, the lava comes.

    R3: a caller counts as the player who triggered the eruption. R12: a pending relatives or
    Omen step is abandoned.
    """
    hands = [list(h) for h in w.hands]  # R24: the hands go face up on the discard pile
    boxed = list(w.supply)
    for s in range(w.players):
        w.discard.extend(w.hands[s])
        w.hands[s] = []
        w.box[s] += w.supply[s]
        w.supply[s] = 0
    w.rel_left = 0
    w.rel_from = -1
    w.rel_used = 0
    w.erupted_by = seat
    w.phase = LAVA_SETUP
    w.pending = NONE
    w.emit(
        {"type": "VesuviusErupted", "seat": seat, "called": called, "hands": hands, "boxed": boxed}
    )
    if sum(w.in_city) == 0:  # R18
        end_game(w, "no pieces were left in the city")
        return
    start_lava_turn(w, w.next_seat(seat))
