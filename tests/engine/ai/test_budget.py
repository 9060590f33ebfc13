"""engine/ai/base.py Budget: the search stops at whichever limit comes first (its CPU clock, its
wall clock, its playouts), read from fake clocks only: no test here depends on real time."""

from __future__ import annotations

from typing import Any

from engine.ai import Budget, search
from engine.downfall import GAME
from engine.downfall.ai import DownfallHeuristics


class Ticking:
    """A fake clock that moves ``step`` seconds each time it is read (``step=0``: stands still)."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def _search(budget: Budget) -> Any:
    state = GAME.new_game(8, 2)  # the first decision of a duel: searched (several actions)
    return search(GAME, state, state.seat, 1, DownfallHeuristics(), budget)


def test_the_cpu_clock_reaching_its_budget_stops_the_search() -> None:
    cpu, wall = Ticking(0.25), Ticking(0.0)
    budget = Budget(playouts=10_000, seconds=1.0, clock=cpu, wall_seconds=3.0, wall_clock=wall)
    result = _search(budget)
    # Read at the start, then before every iteration after the first: 1.0 s after four.
    assert result.iterations == 4
    assert cpu.reads == 5


def test_a_wall_clock_racing_ahead_stops_the_search_at_its_cap() -> None:
    # A starved worker: the wall clock runs while the search gets no CPU time at all.
    cpu, wall = Ticking(0.0), Ticking(0.25)
    budget = Budget(playouts=10_000, seconds=1.0, clock=cpu, wall_seconds=3.0, wall_clock=wall)
    result = _search(budget)
    assert result.iterations == 12  # 3.0 s of the wall clock in steps of 0.25 s
    assert cpu.now == 0.0


def test_clocks_that_stand_still_leave_the_playouts_as_the_limit() -> None:
    still = Ticking(0.0)
    timed = Budget(playouts=40, seconds=1.0, clock=still, wall_seconds=3.0, wall_clock=still)
    result = _search(timed)
    assert result.iterations == 40
    # ... and then the search is the fixed-playout one: the same action and visits.
    assert result == _search(Budget(playouts=40))


def test_one_clock_alone_limits_the_search_too() -> None:
    assert _search(Budget(playouts=10_000, seconds=1.0, clock=Ticking(0.5))).iterations == 2
    wall = Budget(playouts=10_000, wall_seconds=1.0, wall_clock=Ticking(0.5))
    assert _search(wall).iterations == 2


def test_a_fixed_budget_reads_no_clock_and_has_no_timer() -> None:
    assert Budget(playouts=30).timer() is None
    assert not Budget(playouts=30).timed
    assert not Budget(seconds=1.0).timed  # a limit without its clock limits nothing
    assert Budget(wall_seconds=1.0, wall_clock=Ticking(0.0)).timed
