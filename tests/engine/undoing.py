"""Random games walked for the undo hook's tests (issue 46): every action with whether the
game lets it be taken back."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import JSON, Event, Game, Seat, deciders
from engine.rng import Rng


@dataclass(frozen=True)
class Step:
    """One action of a walk: the state before, who took it, what it did, and whether it may
    be taken back."""

    before: Any
    seat: Seat
    action: Any
    events: tuple[Event, ...]
    after: Any
    undoable: bool
    secret: bool

    @property
    def types(self) -> set[str]:
        return {str(e.get("type")) for e in self.events}


def walk(
    game: Game[Any, Any],
    seed: int,
    players: int,
    options: Mapping[str, JSON] | None = None,
    limit: int = 600,
) -> Iterator[Step]:
    """Random legal actions from a new game (a random seat that may act, then a random one
    of its legal actions) until the game ends or ``limit`` actions."""
    state = game.new_game(seed, players, options)
    rng = Rng(seed)
    for _ in range(limit):
        seats = [s for s in sorted(deciders(game, state)) if game.legal_actions(state, s)]
        if not seats:
            return
        i, rng = rng.below(len(seats))
        actions = game.legal_actions(state, seats[i])
        j, rng = rng.below(len(actions))
        seat, action = seats[i], actions[j]
        done = game.apply(state, seat, action)
        yield Step(
            state,
            seat,
            action,
            done.events,
            done.state,
            game.undoable(state, seat, action, done.state),
            game.secret(state, seat, action),
        )
        state = done.state


def steps(
    game: Game[Any, Any],
    players: int,
    seeds: range,
    options: Mapping[str, JSON] | None = None,
    limit: int = 600,
) -> list[Step]:
    """Every step of the walks from ``seeds``."""
    return [s for seed in seeds for s in walk(game, seed, players, options, limit)]
