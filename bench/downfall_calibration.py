"""How sharp the Downfall's two-player values should be: the softmax temperature, fitted.

Run: ``python -m bench.downfall_calibration`` (or ``python -m bench downfall_calibration``).
Plays two-player games of the normal level against itself (one decision in five at the easy
level, so that leads of every size occur), records ``V(seat 0) − V(seat 1)``
(:func:`engine.downfall.ai.seat_values`) at every decision with the tiles still in the bag, and
fits ``P(seat 0 wins) = 1 / (1 + exp(−lead / T))`` by maximum likelihood: one ``T`` in phase 1,
one while the first six tiles are laid, and ``T = a + b · tiles in the bag`` in phase 2, printed
beside :func:`engine.downfall.ai.duel_temperature`'s constants (a shared first place counts
half). Settings: ``AI_CAL_GAMES`` games per block (default 700), two blocks dealt from seeds
100000 and 200000 (the ninth session's 1,400 games), ``AI_CAL_WORKERS`` (default 2).
"""

from __future__ import annotations

import math
import os
import time
from concurrent.futures import ProcessPoolExecutor

from engine.ai import choose_easy, choose_normal
from engine.downfall import ai
from engine.downfall.state import BUILD, ESCAPE, LAVA_SETUP
from plugins import get

BLOCKS = (100000, 200000)
Row = tuple[str, int, float, float]
"""A decision: phase, tiles in the bag, seat 0's lead in ``V``, seat 0's result (1, ½, 0)."""


def play(seed: int) -> list[Row]:
    """One game's decisions, each with the game's result for seat 0."""
    game = get("downfall").engine
    heur = ai.DownfallHeuristics()
    state = game.new_game(seed, 2)
    seen: list[tuple[str, int, float]] = []
    step = 0
    while (seat := heur.pending(state)) is not None:
        v = ai.seat_values(state)
        seen.append((state.phase, sum(state.bag), v[0] - v[1]))
        level = choose_normal if (step * 7 + seed) % 5 else choose_easy
        state = game.apply(state, seat, level(game, state, seat, seed * 7919 + step, heur)).state
        step += 1
    outcome = game.outcome(state)
    assert outcome is not None
    first = [outcome.places[s] == 1 for s in range(2)]
    result = 0.5 if first[0] == first[1] else float(first[0])
    return [(phase, bag, lead, result) for phase, bag, lead in seen]


def log_likelihood(rows: list[Row], a: float, b: float = 0.0) -> float:
    """Mean log-likelihood of the results under ``T = a + b · bag``."""
    total = 0.0
    for _, bag, lead, result in rows:
        x = max(-50.0, min(50.0, lead / (a + b * bag)))
        p = min(max(1.0 / (1.0 + math.exp(-x)), 1e-9), 1 - 1e-9)
        total += result * math.log(p) + (1 - result) * math.log(1 - p)
    return total / len(rows)


def fit(rows: list[Row], slopes: tuple[float, ...] = (0.0,)) -> tuple[float, float]:
    """The ``(a, b)`` on a grid (``a`` in steps of 0.05) with the best likelihood."""
    grid = [(0.2 + 0.05 * k, b) for k in range(40) for b in slopes]
    return max(grid, key=lambda ab: log_likelihood(rows, *ab))


def main() -> None:
    games = int(os.environ.get("AI_CAL_GAMES", "700"))
    workers = int(os.environ.get("AI_CAL_WORKERS", "2"))
    seeds = [first + g for first in BLOCKS for g in range(games)]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max(1, workers)) as pool:
        rows = [row for game in pool.map(play, seeds, chunksize=8) for row in game]
    print(f"{len(seeds)} games, {len(rows)} decisions in {time.perf_counter() - t0:.0f} s")
    by_phase = {p: [r for r in rows if r[0] == p] for p in (BUILD, LAVA_SETUP, ESCAPE)}
    build, _ = fit(by_phase[BUILD])
    setup, _ = fit(by_phase[LAVA_SETUP])
    slopes = tuple(0.005 * k for k in range(9))
    a, b = fit(by_phase[ESCAPE], slopes)
    print(f"phase 1:     T = {build:.2f}  (engine: {ai.SOFTMAX_T})")
    print(f"first tiles: T = {setup:.2f}  (engine: {ai.DUEL_T_SETUP})")
    print(
        f"phase 2:     T = {a:.2f} + {b:.3f} · tiles in the bag  "
        f"(engine: {ai.DUEL_T_ESCAPE} + {ai.DUEL_T_PER_TILE})"
    )
    for ta, tb in ((a, b), (ai.DUEL_T_ESCAPE, ai.DUEL_T_PER_TILE), (ai.SOFTMAX_T, 0.0)):
        ll = log_likelihood(by_phase[ESCAPE], ta, tb)
        print(f"  phase 2 log-likelihood at T = {ta:.2f} + {tb:.3f} · bag: {ll:.4f}")


if __name__ == "__main__":
    main()
