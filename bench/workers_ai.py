"""The worker game's AI: decision times per level and player count, and the hard level against
normal: ``python -m bench workers_ai``.

Settings: ``WORKERS_AI_GAMES`` (hard-vs-normal games, default 8), ``WORKERS_AI_SECONDS`` (the
hard level's time per decision, default the host's ``HARD_SECONDS``), ``WORKERS_AI_CAP``
(decisions before a game is called unfinished, default 3000). Seats rotate from game to game.
A "win" is a first place; a game lost by everybody (the Apocalypse) is a win for nobody.
"""

from __future__ import annotations

import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bench.ai import wilson
from engine.ai import Budget, choose_easy, choose_hard, choose_normal
from engine.workers import GAME, rules, trajectory
from engine.workers.ai import WorkersHeuristics
from host.ai import HARD_PLAYOUT_CAP, HARD_SECONDS

HEUR = WorkersHeuristics()
GAMES = int(os.environ.get("WORKERS_AI_GAMES", "8"))
SECONDS = float(os.environ.get("WORKERS_AI_SECONDS", str(HARD_SECONDS)))
CAP = int(os.environ.get("WORKERS_AI_CAP", "3000"))


def _budget() -> Budget:
    return Budget(playouts=HARD_PLAYOUT_CAP, seconds=SECONDS, clock=time.perf_counter)


def decide(level: str, state: Any, seat: int, seed: int) -> Any:
    if level == "easy":
        return choose_easy(GAME, state, seat, seed, HEUR)
    if level == "normal":
        return choose_normal(GAME, state, seat, seed, HEUR)
    return choose_hard(GAME, state, seat, seed, HEUR, _budget())


def times(players: int) -> dict[str, list[float]]:
    """Each level deciding at every 7th state of two policy games."""
    out: dict[str, list[float]] = {"easy": [], "normal": [], "hard": []}
    for seed in (1, 2):
        states = list(trajectory(GAME.new_game(seed, players), seed))[:-1:7][:25]
        for state in states:
            seat = rules.deciding(state)[0]
            for level, spent in out.items():
                t0 = time.perf_counter()
                decide(level, state, seat, seed)
                spent.append(time.perf_counter() - t0)
    return out


def play(levels: tuple[str, ...], seed: int, rotation: int) -> tuple[list[int], int, bool]:
    """One game: each level's place (0 = lost with everybody), rounds, finished."""
    n = len(levels)
    level_of = {(k + rotation) % n: levels[k] for k in range(n)}
    state = GAME.new_game(seed, n)
    for step in range(CAP):
        if state.stage == "over":
            break
        seat = rules.deciding(state)[0]
        state = rules.play(state, seat, decide(level_of[seat], state, seat, seed + step)).state
    outcome = GAME.outcome(state)
    if outcome is None:
        return [0] * n, state.round, False
    places = [0 if not outcome.winners else outcome.places[(k + rotation) % n] for k in range(n)]
    return places, state.round, True


def main() -> None:
    print(f"hard: {SECONDS:.2f} s per decision (host: {HARD_SECONDS:.2f} s)")
    for players in (1, 2, 3, 4):
        measured = times(players)
        cells = []
        for level, values in measured.items():
            ms = sorted(v * 1000 for v in values)
            p95 = ms[int(0.95 * (len(ms) - 1))]
            cells.append(f"{level} {statistics.median(ms):6.1f} ms (p95 {p95:6.1f})")
        print(f"{players} player(s), median decision: " + " · ".join(cells), flush=True)
    levels = ("hard", "normal")
    with ProcessPoolExecutor(max_workers=max(1, (os.cpu_count() or 2))) as pool:
        results = list(pool.map(play, [levels] * GAMES, range(500, 500 + GAMES), range(GAMES)))
    wins = sum(1 for places, _, _ in results if places[0] == 1)
    losses = sum(1 for places, _, _ in results if places[1] == 1)
    nobody = GAMES - wins - losses
    unfinished = sum(1 for *_, done in results if not done)
    lo, hi = wilson(wins, GAMES)
    rounds = statistics.median(r for _, r, _ in results)
    print(
        f"hard vs normal, 2 players, {GAMES} games: hard first {wins}/{GAMES} = "
        f"{wins / GAMES:.0%} [{lo:.0%}, {hi:.0%}], normal first {losses}, nobody {nobody} "
        f"(unfinished after {CAP} decisions: {unfinished}); median {rounds} rounds"
    )


if __name__ == "__main__":
    main()
