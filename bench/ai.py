"""AI strength and speed: tournaments with fixed seeds, win rates with 95% Wilson intervals.

Run: ``python -m bench.ai [games] [seconds]``; or set ``AI_BENCH_GAMES``, ``AI_BENCH_SECONDS``,
``AI_BENCH_WORKERS``, ``AI_BENCH_ONLY=hard-random,hard-normal`` and ``AI_BENCH_FIRST_SEED``.
``games`` is the number of games per match-up (default 20); ``seconds`` the hard level's time
budget per decision (default: the host's, ``host.ai.HARD_SECONDS``). Seats rotate from game to
game, so every player sits in every seat equally often; game ``g`` of a match-up is dealt from
seed ``first + g`` (``AI_BENCH_FIRST_SEED``, default 1000).

A "win" is a first place (a shared first place counts for each seat that shares it). Goals
(issue 8): hard wins ≥ 80% of 2-player games against random and ≥ 60% against normal, and ranks
first in ≥ 45% of 4-player games against three normal players; hard takes a median ≤ 1 s and a
95th percentile ≤ 3 s per decision.
"""

from __future__ import annotations

import math
import os
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine.ai import Budget, choose_easy, choose_normal, choose_random, search
from engine.downfall import GAME
from engine.downfall.ai import DownfallHeuristics
from host.ai import HARD_PLAYOUT_CAP, HARD_SECONDS

MATCHES: dict[str, tuple[str, ...]] = {
    "hard-random": ("hard", "random"),
    "hard-normal": ("hard", "normal"),
    "4p-hard-3normal": ("hard", "normal", "normal", "normal"),
    "normal-random": ("normal", "random"),
    "easy-random": ("easy", "random"),
    "normal-easy": ("normal", "easy"),
    "3p-hard-normal-easy": ("hard", "normal", "easy"),
    "3p-hard-2normal": ("hard", "normal", "normal"),
    "4p-all-levels": ("hard", "normal", "easy", "random"),
}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _chooser(level: str, seconds: float, iterations: list[int]) -> Callable[[Any, int, int], Any]:
    if level == "random":
        return lambda state, seat, seed: choose_random(GAME, state, seat, seed)
    heur = DownfallHeuristics()
    if level == "easy":
        return lambda state, seat, seed: choose_easy(GAME, state, seat, seed, heur)
    if level == "normal":
        return lambda state, seat, seed: choose_normal(GAME, state, seat, seed, heur)
    budget = Budget(playouts=HARD_PLAYOUT_CAP, seconds=seconds, clock=time.perf_counter)

    def hard(state: Any, seat: int, seed: int) -> Any:
        result = search(GAME, state, seat, seed, heur, budget)
        if result.iterations:
            iterations.append(result.iterations)
        return result.action

    return hard


def play_game(
    levels: tuple[str, ...], seed: int, rotation: int, seconds: float
) -> tuple[list[int], list[float], list[int]]:
    """One game; ``levels[k]`` sits in seat ``(k + rotation) % n``. Returns each level's place
    (in ``levels`` order), the hard level's decision times and its search iterations."""
    n = len(levels)
    seat_level = {(k + rotation) % n: levels[k] for k in range(n)}
    iterations: list[int] = []
    choosers = {seat: _chooser(level, seconds, iterations) for seat, level in seat_level.items()}
    state = GAME.new_game(seed, n)
    times: list[float] = []
    while True:
        outcome = GAME.outcome(state)
        if outcome is not None:
            break
        seat = state.seat
        t0 = time.perf_counter()
        action = choosers[seat](state, seat, seed * 7919 + state.version)
        if seat_level[seat] == "hard":
            times.append(time.perf_counter() - t0)
        state = GAME.apply(state, seat, action).state
    return [outcome.places[(k + rotation) % n] for k in range(n)], times, iterations


def run_match(
    name: str, levels: tuple[str, ...], games: int, seconds: float, pool: ProcessPoolExecutor
) -> tuple[list[float], list[int]]:
    n = len(levels)
    first = int(os.environ.get("AI_BENCH_FIRST_SEED", "1000"))
    futures = [pool.submit(play_game, levels, first + g, g % n, seconds) for g in range(games)]
    firsts = [0] * n
    times: list[float] = []
    iterations: list[int] = []
    for future in futures:
        places, decision_times, searched = future.result()
        for k in range(n):
            firsts[k] += places[k] == 1
        times += decision_times
        iterations += searched
    print(f"{name} ({games} games, {n} players):")
    done = set()
    for level in levels:
        if level in done:
            continue
        done.add(level)
        same = [j for j in range(n) if levels[j] == level]
        wins = sum(firsts[j] for j in same)
        total = games * len(same)
        lo, hi = wilson(wins, total)
        share = f" (each of {len(same)})" if len(same) > 1 else ""
        rate = wins / total
        print(f"  {level:7s} first {wins}/{total}{share} = {rate:5.1%}  [{lo:5.1%}, {hi:5.1%}]")
    return times, iterations


def main() -> None:
    args = sys.argv[1:]
    games = int(args[0]) if args else int(os.environ.get("AI_BENCH_GAMES", "20"))
    seconds = (
        float(args[1]) if len(args) > 1 else float(os.environ.get("AI_BENCH_SECONDS", HARD_SECONDS))
    )
    workers = int(os.environ.get("AI_BENCH_WORKERS", str(os.cpu_count() or 1)))
    only = [m for m in os.environ.get("AI_BENCH_ONLY", "").split(",") if m]
    print(
        f"hard budget {seconds} s per decision (cap {HARD_PLAYOUT_CAP} playouts), {workers} workers"
    )
    times: list[float] = []
    iterations: list[int] = []
    with ProcessPoolExecutor(workers) as pool:
        for name, levels in MATCHES.items():
            if only and name not in only:
                continue
            start = time.perf_counter()
            match_times, match_iterations = run_match(name, levels, games, seconds, pool)
            times += match_times
            iterations += match_iterations
            print(f"  ({time.perf_counter() - start:.0f} s)", flush=True)
    if times:
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"hard decision time over {len(times)} decisions: "
            f"median {statistics.median(times):.3f} s, p95 {p95:.3f} s, max {times[-1]:.3f} s"
        )
    if iterations:
        print(
            f"hard search iterations over {len(iterations)} searched decisions: "
            f"median {statistics.median(iterations):.0f}"
        )


if __name__ == "__main__":
    main()
