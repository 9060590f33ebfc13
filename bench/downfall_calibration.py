"""How sharp the Downfall's values should be: the softmax temperature, fitted.

Run: ``python -m bench.downfall_calibration`` (or ``python -m bench downfall_calibration``).
Plays two-player games of the normal level against itself (one decision in five at the easy
level, so that leads of every size occur), records ``V(seat 0) − V(seat 1)``
(:func:`engine.downfall.ai.seat_values`) at every decision with the tiles still in the bag, and
fits ``P(seat 0 wins) = 1 / (1 + exp(−lead / T))`` by maximum likelihood: one ``T`` in phase 1,
one while the first six tiles are laid, and ``T = a + b · tiles in the bag`` in phase 2, printed
beside :func:`engine.downfall.ai.duel_temperature`'s constants (a shared first place counts
half). Settings: ``AI_CAL_GAMES`` games per block (default 700), two blocks dealt from seeds
100000 and 200000 (the ninth session's 1,400 games), ``AI_CAL_WORKERS`` (default 2),
``AI_CAL_PLAYERS`` (default 2): at three or four players every seat's ``V`` is recorded and
``P(seat s first) = exp(V_s / T) / Σ exp(V_j / T)`` is fitted the same way (a first place
shared by k seats counts 1/k for each), printed beside the engine's ``SOFTMAX_T``.
"""

from __future__ import annotations

import math
import os
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from engine.ai import choose_easy, choose_normal
from engine.downfall import ai
from engine.downfall.state import BUILD, ESCAPE, LAVA_SETUP
from plugins import get

BLOCKS = (100000, 200000)
Row = tuple[str, int, tuple[float, ...], tuple[float, ...]]
"""A decision: phase, tiles in the bag, every seat's ``V``, every seat's share of the first
place (1 or 0; ``1/k`` each for a first place shared by ``k`` seats)."""


def play(seed: int, players: int = 2) -> list[Row]:
    """One game's decisions, each with the game's result."""
    game = get("downfall").engine
    heur = ai.DownfallHeuristics()
    state = game.new_game(seed, players)
    seen: list[tuple[str, int, tuple[float, ...]]] = []
    step = 0
    while (seat := heur.pending(state)) is not None:
        seen.append((state.phase, sum(state.bag), tuple(ai.seat_values(state))))
        level = choose_normal if (step * 7 + seed) % 5 else choose_easy
        state = game.apply(state, seat, level(game, state, seat, seed * 7919 + step, heur)).state
        step += 1
    outcome = game.outcome(state)
    assert outcome is not None
    first = [outcome.places[s] == 1 for s in range(players)]
    share = tuple(float(f) / sum(first) for f in first)
    return [(phase, bag, v, share) for phase, bag, v in seen]


def log_likelihood(rows: list[Row], a: float, b: float = 0.0) -> float:
    """Mean log-likelihood of the first places under ``T = a + b · bag`` (a softmax of the
    seats' ``V``; at two seats the logistic curve of the lead)."""
    total = 0.0
    for _, bag, v, share in rows:
        t = a + b * bag
        top = max(v)
        weights = [math.exp(max(-50.0, (x - top) / t)) for x in v]
        whole = sum(weights)
        total += sum(
            r * math.log(max(w / whole, 1e-9)) for r, w in zip(share, weights, strict=True)
        )
    return total / len(rows)


def fit(rows: list[Row], slopes: tuple[float, ...] = (0.0,)) -> tuple[float, float]:
    """The ``(a, b)`` with the best likelihood: for each slope ``b``, ``a`` by golden-section
    search in [0.05, 6] (the likelihood has one peak in ``a``), to 0.01."""

    def best_a(b: float) -> float:
        lo, hi = 0.05, 6.0
        ratio = (math.sqrt(5) - 1) / 2
        x1, x2 = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        f1, f2 = log_likelihood(rows, x1, b), log_likelihood(rows, x2, b)
        while hi - lo > 0.01:
            if f1 < f2:
                lo, x1, f1 = x1, x2, f2
                x2 = lo + ratio * (hi - lo)
                f2 = log_likelihood(rows, x2, b)
            else:
                hi, x2, f2 = x2, x1, f1
                x1 = hi - ratio * (hi - lo)
                f1 = log_likelihood(rows, x1, b)
        return (lo + hi) / 2

    fits = [(best_a(b), b) for b in slopes]
    return max(fits, key=lambda ab: log_likelihood(rows, *ab))


def main() -> None:
    games = int(os.environ.get("AI_CAL_GAMES", "700"))
    workers = int(os.environ.get("AI_CAL_WORKERS", "2"))
    players = int(os.environ.get("AI_CAL_PLAYERS", "2"))
    seeds = [first + g for first in BLOCKS for g in range(games)]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max(1, workers)) as pool:
        played = pool.map(partial(play, players=players), seeds, chunksize=8)
        rows = [row for game in played for row in game]
    print(f"{len(seeds)} games, {len(rows)} decisions in {time.perf_counter() - t0:.0f} s")
    by_phase = {p: [r for r in rows if r[0] == p] for p in (BUILD, LAVA_SETUP, ESCAPE)}
    build, _ = fit(by_phase[BUILD])
    setup, _ = fit(by_phase[LAVA_SETUP])
    slopes = tuple(0.005 * k for k in range(13))
    a, b = fit(by_phase[ESCAPE], slopes)
    print(f"{players} players")
    print(f"phase 1:     T = {build:.2f}  (engine: {ai.SOFTMAX_T})")
    print(f"first tiles: T = {setup:.2f}  (engine at two players: {ai.DUEL_T_SETUP})")
    print(
        f"phase 2:     T = {a:.2f} + {b:.3f} · tiles in the bag  "
        f"(engine at two players: {ai.DUEL_T_ESCAPE} + {ai.DUEL_T_PER_TILE})"
    )
    for ta, tb in ((a, b), (ai.DUEL_T_ESCAPE, ai.DUEL_T_PER_TILE), (ai.SOFTMAX_T, 0.0)):
        ll = log_likelihood(by_phase[ESCAPE], ta, tb)
        print(f"  phase 2 log-likelihood at T = {ta:.2f} + {tb:.3f} · bag: {ll:.4f}")


if __name__ == "__main__":
    main()
