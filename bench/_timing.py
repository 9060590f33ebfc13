"""Median timings shared by the render benchmarks (``_`` keeps ``python -m bench`` from running
this module as a benchmark of its own)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

ROUNDS = 40


def _median_ms(fn: Callable[[], object], rounds: int, clock: Callable[[], float]) -> float:
    times = []
    for _ in range(rounds):
        t = clock()
        fn()
        times.append(clock() - t)
    return statistics.median(times) * 1000


def median_ms(fn: Callable[[], object], rounds: int = ROUNDS) -> float:
    """Median wall time in ms (see ``median_cpu_ms`` on a busy machine)."""
    return _median_ms(fn, rounds, time.perf_counter)


def median_cpu_ms(fn: Callable[[], object], rounds: int = ROUNDS) -> float:
    """Median CPU time of this thread in ms: what one render costs even when other processes
    compete for the cores (the wall time then includes waiting)."""
    return _median_ms(fn, rounds, time.thread_time)
