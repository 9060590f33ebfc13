"""Drawing cards: the specialist and city decks (reshuffled from their discards when empty,
G31) and the volcano deck. Every draw is recorded in an event; a card's identity is secret to
the drawer where the rules hide it."""

from __future__ import annotations

from engine.workers.state import Work

SPECIALIST, CITY = "specialist", "city"


def _piles(deck: str) -> tuple[str, str]:
    return ("spec_deck", "spec_discard") if deck == SPECIALIST else ("city_deck", "city_discard")


def drawable(w: Work, deck: str) -> bool:
    pile, discard = _piles(deck)
    return bool(getattr(w, pile) or getattr(w, discard))


def draw(w: Work, deck: str) -> str | None:
    """The top card of ``deck`` (the discard pile is shuffled into a new deck when it runs
    out); ``None`` when both are empty. The caller records who got it."""
    pile, discard = _piles(deck)
    cards: tuple[str, ...] = getattr(w, pile)
    if not cards:
        used: tuple[str, ...] = getattr(w, discard)
        if not used:
            return None
        cards, w.rng = w.rng.shuffle(sorted(used))
        setattr(w, discard, ())
        w.emit({"type": "DeckReshuffled", "deck": deck, "size": len(cards)})
    setattr(w, pile, cards[1:])
    return cards[0]


def draw_secret(w: Work, seat: int, deck: str, count: int, reason: str) -> list[str]:
    """Draw ``count`` cards for ``seat``; one event, the cards secret to ``seat``."""
    cards = [c for c in (draw(w, deck) for _ in range(count)) if c is not None]
    w.emit(
        {
            "type": "CardsDrawn",
            "seat": seat,
            "deck": deck,
            "count": len(cards),
            "reason": reason,
            "secret": {"cards": cards},
            "secret_for": [seat],
        }
    )
    return cards


def discard(w: Work, cid: str) -> None:
    """A used or dropped card onto its discard pile (solo: used specialists leave the game)."""
    if cid.startswith("S"):
        w.spec_discard = (*w.spec_discard, cid)
    else:
        w.city_discard = (*w.city_discard, cid)
