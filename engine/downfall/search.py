"""Helpers for search-based AI: sampling the hidden information, and cheap random playouts."""

from __future__ import annotations

from dataclasses import replace

from engine.downfall.queries import legal_actions
from engine.downfall.rules import play
from engine.downfall.state import BUILD, OVER, State
from engine.downfall.tables import AD79, BOTTOM, OMEN
from engine.rng import Rng


def determinize(state: State, seat: int, seed: int) -> State:
    """A state ``seat`` cannot tell from ``state``: everything it cannot know resampled.

    Resampled: the other hands, the unused piles, the stock order and the bag's generator. Kept:
    everything public and ``seat``'s own hand. The stock respects what is known of it: before
    Vesuvius seethes, A.D. 79 lies under exactly as many cards as the visible stock size says
    and only house numbers lie above it (the Omens are all below); afterwards A.D. 79 is among
    the bottom 16 cards (15 + itself), uniformly among those not yet drawn.
    """
    rng = Rng(seed)
    if state.phase != BUILD:
        return replace(state, rng=rng)
    others = [s for s in range(state.players) if s != seat]
    pool = [c for s in others for c in state.hands[s]]
    pool += state.removed
    pool += [c for c in state.stock if c not in (OMEN, AD79)]
    omens = state.stock.count(OMEN)
    cards, rng = rng.shuffle(pool)
    pos = 0
    hands = list(state.hands)
    for s in others:
        size = len(state.hands[s])
        hands[s] = tuple(sorted(cards[pos : pos + size]))
        pos += size
    removed = cards[pos : pos + len(state.removed)]
    pos += len(state.removed)
    rest = list(cards[pos:])
    length = len(state.stock)
    if not state.seething:
        above = length - 33  # the 32-card pile (25 numbers + 7 Omens) lies under A.D. 79
        lower, rng = rng.shuffle(rest[above:] + [OMEN] * omens)
        stock = (*rest[:above], AD79, *lower)
    else:
        mixed, rng = rng.shuffle(rest + [OMEN] * omens)
        depth, rng = rng.below(min(BOTTOM, length - 1) + 1)
        cut = len(mixed) - depth
        stock = (*mixed[:cut], AD79, *mixed[cut:])
    return replace(state, hands=tuple(hands), removed=removed, stock=stock, rng=rng)


def playout(state: State, seed: int) -> State:
    """Play uniformly random legal actions of the pending seat until the game ends.

    Out-of-turn eruption calls are left out (the seat on turn may still call). About 10 ms for
    a whole 4-player game on the CI machine (see bench/engine.py).
    """
    rng = Rng(seed)
    while state.phase != OVER:
        seat = state.seat
        actions = legal_actions(state, seat)
        index, rng = rng.below(len(actions))
        state = play(state, seat, actions[index]).state
    return state
