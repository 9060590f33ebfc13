"""Pompeji positions played on the real engine, for the render tests, goldens and the bench.

A fixed greedy policy plays every seat: place the card that scores most (the statue when it
beats the best card by 6 or more), discard the cheapest card when nothing fits, claim a
permit window only for 15 points or more, and in the end phase draw only with at most one
card left. Chosen by points and notation, never by the order of ``legal_actions``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.cardcity import GAME as CARDCITY
from engine.cardcity import rules
from engine.cardcity.actions import Claim, Decline, Discard, Draw, NoDraw, PlayCard, PlayStatue
from engine.cardcity.data import STATUE_VALUE
from engine.cardcity.game import State, card_value, face_of
from engine.core import Event, waited

NAMES = ["Aurelia", "Brutus", "Cornelia", "Decimus"]
GAME = CARDCITY
SEED = 7
PLAYERS = 3


def _points(state: State, action: PlayCard | PlayStatue) -> int:
    if isinstance(action, PlayCard):
        return rules.points(state.grid(), action.cell, face_of(action.card))
    return rules.points(state.grid(), action.cell, (action.building, action.colour, STATUE_VALUE))


def choose(state: State, seat: int) -> Any:
    actions = list(GAME.legal_actions(state, seat))
    fmt = GAME.format_action

    def best(kind: type[PlayCard] | type[PlayStatue]) -> tuple[int, Any] | None:
        scored = [(_points(state, a), a) for a in actions if isinstance(a, kind)]
        if not scored:
            return None
        return max(scored, key=lambda t: (t[0], fmt(t[1])))

    if any(isinstance(a, Claim) for a in actions):
        wanted = Claim if best_card_points(state, seat) >= 15 else Decline
        return next(a for a in actions if isinstance(a, wanted))
    if any(isinstance(a, Draw) for a in actions):
        hand = len(state.hands[seat])
        return next(a for a in actions if isinstance(a, Draw if hand <= 1 else NoDraw))
    card, statue = best(PlayCard), best(PlayStatue)
    if statue and (card is None or statue[0] >= card[0] + 6):
        return statue[1]
    if card:
        return card[1]
    discards = [a for a in actions if isinstance(a, Discard)]
    if discards:
        return min(discards, key=lambda a: (card_value(a.card), fmt(a)))
    return min(actions, key=fmt)


def best_card_points(state: State, seat: int) -> int:
    grid = state.grid()
    best = 0
    for card in state.hands[seat]:
        for cell in rules.legal_cells(grid, face_of(card), state.frontier()):
            best = max(best, rules.points(grid, cell, face_of(card)))
    return best


@dataclass(frozen=True)
class Step:
    state: State
    events: tuple[Event, ...]  # the events that led to this state


def play(seed: int = SEED, players: int = PLAYERS) -> Iterator[Step]:
    """Every state of one game, the start included, to its end."""
    state = GAME.new_game(seed, players, {"permit_uses": 2})
    yield Step(state, ())
    for _ in range(2000):
        acting = sorted(waited(GAME.pending(state)))  # not the next player's option (C20)
        if not acting:
            return
        seat = acting[0]
        tr = GAME.apply(state, seat, choose(state, seat))
        state = tr.state
        yield Step(state, tr.events)
    raise AssertionError("the game did not end")


def _placements(step: Step) -> bool:
    return any(e["type"] in ("CardPlayed", "StatuePlayed") for e in step.events)


@cache
def game(seed: int = SEED, players: int = PLAYERS) -> tuple[Step, ...]:
    return tuple(play(seed, players))


GOLDEN = ("early", "mid", "end_phase", "game_over")


def state_of(name: str) -> State:
    """A named position of the benchmark game (seed 7, three players, two permit uses)."""
    steps = game()
    placed = [i for i, s in enumerate(steps) if _placements(s)]
    if name == "early":
        return _at_play(steps, placed[3])
    if name == "mid":
        return _at_play(steps, placed[18])
    if name == "end_phase":
        first = next(i for i, s in enumerate(steps) if s.state.volcanoes == 1)
        return _at_play(steps, next(i for i in placed if i > first + 4))
    if name == "game_over":
        return steps[-1].state
    raise KeyError(name)


def _at_play(steps: tuple[Step, ...], i: int) -> State:
    """The first state from ``i`` on where a seat is to place (windows passed by)."""
    while steps[i].state.stage not in ("play", "over"):
        i += 1
    return steps[i].state


def public(name: str) -> dict[str, Any]:
    return GAME.view(state_of(name), None)


def private(name: str, seat: int | None = None) -> dict[str, Any]:
    state = state_of(name)
    if seat is None:
        seat = state.actor if state.actor >= 0 else 0
    return GAME.view(state, seat)


def names(view: dict[str, Any]) -> list[str]:
    return NAMES[: view["players"]]
