"""The generic side of the AI: what a game must offer the search, budgets, and a fallback.

A :class:`Heuristics` object adapts one game to the players in :mod:`engine.ai.players`: how to
sample the hidden information a seat cannot know (``determinize``), a fast step for actions
already known to be legal, a per-seat evaluation, and a cheap per-action score used by the
weak level, by rollouts and to order the search. Each game's plugin names its heuristics (the
Downfall has its own, ``engine.downfall.ai``); :class:`GenericHeuristics` works for any game of
the engine contract (exact values at the end, uniform before; random rollouts).

The engine may not read a clock, so a time budget takes its clocks as callables from the caller.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from engine.core import Game, Outcome, Seat, waited
from engine.rng import Rng

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a search may run: at most ``playouts`` iterations; with a ``clock``, at most
    ``seconds`` by that clock; with a ``wall_clock`` too, at most ``wall_seconds`` by that one.
    The search stops at whichever limit comes first (and always runs one iteration). Without
    clocks the budget is the playout count alone, and the choice is a pure function of the
    state and the seed (tests, replays, benchmarks).

    The engine reads no clock itself: the caller passes them as callables. The host's hard
    level counts the worker thread's CPU time (``clock``), so that a busy machine does not cut
    its search short, and caps the wall time (``wall_clock``) so that a starved machine still
    answers in time (``host.ai.hard_budget``)."""

    playouts: int = 200
    seconds: float | None = None
    clock: Callable[[], float] | None = None
    wall_seconds: float | None = None
    wall_clock: Callable[[], float] | None = None

    @property
    def timed(self) -> bool:
        """Whether a clock limits the search (either of the two)."""
        return (self.clock is not None and self.seconds is not None) or (
            self.wall_clock is not None and self.wall_seconds is not None
        )

    def timer(self) -> Callable[[], bool] | None:
        """Starts the budget's clocks now: a check that says whether the time is up (either
        clock's limit reached); ``None`` for an untimed budget (nothing to check)."""
        limits: list[tuple[Callable[[], float], float, float]] = []
        if self.clock is not None and self.seconds is not None:
            limits.append((self.clock, self.clock(), self.seconds))
        if self.wall_clock is not None and self.wall_seconds is not None:
            limits.append((self.wall_clock, self.wall_clock(), self.wall_seconds))
        if not limits:
            return None

        def over() -> bool:
            return any(clock() - start >= limit for clock, start, limit in limits)

        return over


class Heuristics(Protocol):
    """What the search needs to know about a game (``Any`` stands for its state and action).

    Two optional members, read with ``getattr`` by :mod:`engine.ai.players`:
    ``hard_choice(state, seat, legal, seed)`` (the hard level's own choice among ``legal``,
    made on determinizations drawn from ``seed``, at the decisions the game settles without
    the search; ``None``: search) and ``search_config(players)`` (the game's own
    :class:`~engine.ai.players.SearchConfig` at a table of ``players``)."""

    def determinize(self, state: Any, seat: Seat, seed: int) -> Any:
        """A state ``seat`` cannot tell from ``state``, all it cannot know resampled from
        ``seed``; the result must depend only on what ``seat`` can see (and on ``seed``)."""
        ...

    @property
    def honest(self) -> bool:
        """Whether ``determinize`` really hides what the seat cannot know (searching without
        it would peek, so the hard level falls back to the normal one)."""
        ...

    @property
    def informed(self) -> bool:
        """Whether ``score`` and ``values`` judge unfinished games (else only the end counts)."""
        ...

    def horizon(self, state: Any) -> int:
        """How many decisions a rollout plays before the values are read."""
        ...

    def pending(self, state: Any) -> Seat | None:
        """The seat whose decision the search explores next (``None`` once over)."""
        ...

    def legal(self, state: Any, seat: Seat) -> Sequence[Any]:
        """The legal actions, as ``Game.legal_actions``."""
        ...

    def step(self, state: Any, seat: Seat, action: Any) -> Any:
        """Apply an action known to be legal (no checks, no events needed)."""
        ...

    def values(self, state: Any) -> tuple[float, ...]:
        """Per seat, an estimate in [0, 1] of its share of the win (exact once over)."""
        ...

    def score(self, state: Any, seat: Seat) -> float:
        """How good ``state`` is for ``seat`` (higher is better): the normal level's objective."""
        ...

    def action_scores(self, state: Any, seat: Seat, legal: Sequence[Any]) -> list[float]:
        """A cheap score per legal action (no ``step``): rollouts, the easy level, ordering."""
        ...

    def candidates(self, state: Any, seat: Seat, width: int) -> Sequence[Any]:
        """At most ``width`` promising legal actions (the search's choices below the root)."""
        ...

    def rollout_action(self, state: Any, seat: Seat, rng: Rng) -> tuple[Any, Rng]:
        """The rollout policy: a quick, mostly good, slightly random legal action."""
        ...


def outcome_values(outcome: Outcome, players: int) -> tuple[float, ...]:
    """1 for a sole winner, shared equally on a shared win, 0 for everybody else."""
    share = 1.0 / max(1, len(outcome.winners))
    return tuple(share if s in outcome.winners else 0.0 for s in range(players))


class GenericHeuristics:
    """Works for every game of the contract: the game's ``determinize`` when its plugin gives
    one (without it the search would peek, so it is not honest), values only at the end
    (uniform before), every action scored alike (random rollouts)."""

    def __init__(
        self,
        game: Game[Any, Any],
        determinize: Callable[[Any, Seat, int], Any] | None = None,
    ) -> None:
        self.game = game
        self._determinize = determinize

    informed = False

    @property
    def honest(self) -> bool:
        return self._determinize is not None

    def horizon(self, state: Any) -> int:
        return 100_000  # play to the end: only the end can be judged

    def determinize(self, state: Any, seat: Seat, seed: int) -> Any:
        if self._determinize is None:
            return state
        return self._determinize(state, seat, seed)

    def pending(self, state: Any) -> Seat | None:
        decisions = self.game.pending(state)
        seats = waited(decisions) or frozenset(s for d in decisions for s in d.seats)
        return min(seats) if seats else None

    def legal(self, state: Any, seat: Seat) -> Sequence[Any]:
        return self.game.legal_actions(state, seat)

    def step(self, state: Any, seat: Seat, action: Any) -> Any:
        return self.game.apply(state, seat, action).state

    def players(self, state: Any) -> int:
        players = getattr(state, "players", None)
        return players if isinstance(players, int) else self.game.capabilities.max_players

    def values(self, state: Any) -> tuple[float, ...]:
        outcome = self.game.outcome(state)
        if outcome is not None:
            return outcome_values(outcome, len(outcome.places))
        n = self.players(state)
        return (1.0 / n,) * n

    def score(self, state: Any, seat: Seat) -> float:
        values = self.values(state)
        return values[seat] if seat < len(values) else 0.0

    def action_scores(self, state: Any, seat: Seat, legal: Sequence[Any]) -> list[float]:
        return [0.0] * len(legal)

    def candidates(self, state: Any, seat: Seat, width: int) -> Sequence[Any]:
        return self.legal(state, seat)

    def rollout_action(self, state: Any, seat: Seat, rng: Rng) -> tuple[Any, Rng]:
        legal = self.legal(state, seat)
        index, rng = rng.below(len(legal))
        return legal[index], rng


def seeds(seed: int) -> Callable[[], int]:
    """A deterministic stream of 63-bit seeds derived from ``seed``."""
    state = [Rng(seed)]

    def take() -> int:
        value, state[0] = state[0].next64()
        return value >> 1

    return take


def argmax(scores: Sequence[float]) -> int:
    """The first index of the largest score (ties go to the earlier action, deterministically)."""
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best]:
            best = i
    return best
