"""The "never peeking" check every game's AI tests run: resampling what a seat cannot know
(its game's ``determinize``, consistently with what it sees) must change no level's choice,
and a search that peeks at the real state must be caught by the same comparison."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.ai import Budget, Heuristics, SearchConfig, choose_easy, choose_normal, search
from engine.core import Game

Cases = Sequence[tuple[Any, int]]
Determinize = Callable[[Any, int, int], Any]


def assert_blind(
    game: Game[Any, Any],
    heuristics: Heuristics,
    cases: Cases,
    determinize: Determinize,
    hidden_differs: Callable[[Any, Any, int], bool],
    budget: Budget,
    salt: int = 4242,
    config: SearchConfig | None = None,
) -> None:
    """Every level chooses the same on each state and on a resampling of it (and the
    resampling really changed hidden things in all but at most one case); ``config``: the
    search's knobs (each evaluation path a knob selects is checked the same way)."""
    scrambled = 0
    for state, seat in cases:
        other = determinize(state, seat, salt + state.version)
        scrambled += hidden_differs(state, other, seat)
        assert search(game, state, seat, 8, heuristics, budget, config) == search(
            game, other, seat, 8, heuristics, budget, config
        )
        assert choose_normal(game, state, seat, 9, heuristics) == choose_normal(
            game, other, seat, 9, heuristics
        )
        assert choose_easy(game, state, seat, 9, heuristics) == choose_easy(
            game, other, seat, 9, heuristics
        )
    assert scrambled >= len(cases) - 1  # the test really scrambled hidden things


def peeks_caught(
    game: Game[Any, Any],
    cheat: Heuristics,
    cases: Cases,
    determinize: Determinize,
    budget: Budget,
    salt: int = 4242,
    config: SearchConfig | None = None,
) -> int:
    """How many cases a peeking search (``cheat``: heuristics whose ``determinize`` returns
    the real state) chooses differently on the state and on its resampling: more than none
    shows the comparison above would catch it."""
    differences = 0
    for state, seat in cases:
        other = determinize(state, seat, salt + state.version)
        differences += search(game, state, seat, 8, cheat, budget, config) != search(
            game, other, seat, 8, cheat, budget, config
        )
    return differences
