"""Pompeji engine timings: ``python -m bench cardcity``.

Prints medians for a whole random game, and per call for legal_actions, apply, the views and
the state JSON round trip, measured on states taken from random games.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable

from engine.cardcity.actions import Action
from engine.cardcity.api import GAME
from engine.cardcity.game import State
from engine.core import deciders
from engine.rng import Rng


def random_game(seed: int, players: int) -> list[State]:
    state = GAME.new_game(seed, players)
    states = [state]
    rng = Rng(seed + 12345)
    while deciders(GAME, state):
        seats = sorted(deciders(GAME, state))
        i, rng = rng.below(len(seats))
        legal = GAME.legal_actions(state, seats[i])
        j, rng = rng.below(len(legal))
        state = GAME.apply(state, seats[i], legal[j]).state
        states.append(state)
    return states


def per_call(states: list[State], fn: Callable[[State], object]) -> float:
    """Median microseconds per call over the given states."""
    samples = []
    for state in states:
        start = time.perf_counter()
        fn(state)
        samples.append((time.perf_counter() - start) * 1e6)
    return statistics.median(samples)


_FIRST: dict[int, tuple[int, Action]] = {}


def first_action(state: State) -> object:
    """Apply the first legal action (looked up before timing; see ``prepare``)."""
    seat, action = _FIRST[id(state)]
    return GAME.apply(state, seat, action)


def prepare(states: list[State]) -> None:
    _FIRST.clear()
    for state in states:
        seat = min(deciders(GAME, state))
        _FIRST[id(state)] = (seat, GAME.legal_actions(state, seat)[0])


def main() -> None:
    for players in (2, 3, 4):
        games = []
        states: list[State] = []
        for seed in range(40):
            start = time.perf_counter()
            played = random_game(seed, players)
            games.append((time.perf_counter() - start) * 1e3)
            states += played[:-1]
        print(f"{players} players: random game {statistics.median(games):.1f} ms (median of 40)")
        prepare(states)
        checks: list[tuple[str, Callable[[State], object]]] = [
            ("legal_actions", lambda s: GAME.legal_actions(s, min(deciders(GAME, s)))),
            ("apply", first_action),
            ("public view", lambda s: GAME.view(s, None)),
            ("player view", lambda s: GAME.view(s, 0)),
            (
                "state JSON round trip",
                lambda s: GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s)))),
            ),
        ]
        for name, fn in checks:
            print(f"  {name}: {per_call(states, fn):.1f} µs")


if __name__ == "__main__":
    main()
