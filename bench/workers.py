"""Pompeii (the worker game) engine timings: ``python -m bench workers``.

Prints, per player count, the median time of one step (``legal_actions`` + a checked
``apply``, and the unchecked apply the AI uses), of a whole game played by the progress policy
(``engine.workers.search.playout``, setup included), of the views and the state JSON round
trip; then a longer sweep (``WORKERS_BENCH_SWEEP`` games, default 2,000) with the median game
length in rounds and the endings per difficulty. Goal: a 4-player game well under 100 ms.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections import Counter
from collections.abc import Callable

from engine.workers import GAME, playout
from engine.workers.rules import deciding, play
from engine.workers.search import trajectory
from engine.workers.state import State

GAMES = 30
SWEEP = int(os.environ.get("WORKERS_BENCH_SWEEP", "2000"))


def policy_states(players: int, games: int) -> list[State]:
    """Every decision state of a few policy games (the mix a playout really meets)."""
    return [
        state
        for seed in range(games)
        for state in trajectory(GAME.new_game(seed, players), seed)
        if state.stage != "over"
    ]


def bench_step(states: list[State]) -> tuple[float, float]:
    """Median µs of legal_actions + a checked apply of the middle action, and of the unchecked
    apply alone."""
    checked, unchecked = [], []
    for state in states:
        seat = deciding(state)[0]
        t0 = time.perf_counter()
        actions = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, actions[len(actions) // 2])
        t1 = time.perf_counter()
        play(state, seat, actions[len(actions) // 2])
        t2 = time.perf_counter()
        checked.append(t1 - t0)
        unchecked.append(t2 - t1)
    return statistics.median(checked) * 1e6, statistics.median(unchecked) * 1e6


def bench_games(players: int) -> tuple[float, float, float]:
    """Median ms of a whole policy game (setup + playout), games per second, median steps."""
    times, steps = [], []
    for seed in range(GAMES):
        t0 = time.perf_counter()
        final = playout(GAME.new_game(seed, players), seed)
        times.append(time.perf_counter() - t0)
        steps.append(final.version)
    return statistics.median(times) * 1e3, len(times) / sum(times), statistics.median(steps)


def per_call(states: list[State], fn: Callable[[State], object]) -> float:
    samples = []
    for state in states[::7]:
        t0 = time.perf_counter()
        fn(state)
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples) * 1e6


def sweep(games: int) -> None:
    """Endings and lengths over many games: every player count and difficulty in turn."""
    endings: Counter[tuple[int, str, str]] = Counter()
    rounds: dict[int, list[int]] = {p: [] for p in (1, 2, 3, 4)}
    t0 = time.perf_counter()
    for seed in range(games):
        players = 1 + seed % 4
        difficulty = "ABC"[(seed // 4) % 3]
        final = playout(GAME.new_game(10_000 + seed, players, {"difficulty": difficulty}), seed)
        assert final.stage == "over", (seed, players)
        endings[(players, difficulty, final.result)] += 1
        rounds[players].append(final.round)
    seconds = time.perf_counter() - t0
    print(f"sweep: {games} games in {seconds:.0f} s, all ended", flush=True)
    for players in (1, 2, 3, 4):
        median = statistics.median(rounds[players]) if rounds[players] else 0
        parts = []
        for difficulty in "ABC":
            row = {r: n for (p, d, r), n in endings.items() if p == players and d == difficulty}
            if players == 1:
                won, lost = row.get("solo_win", 0), row.get("solo_time", 0)
                parts.append(f"{difficulty}: {won} won / {lost} lost")
            else:
                won, lost = row.get("castrum", 0), row.get("apocalypse", 0)
                parts.append(f"{difficulty}: {won} Castrum / {lost} Apocalypse")
        print(f"  {players}p: median {median:.0f} rounds; " + "; ".join(parts), flush=True)


def main() -> None:
    for players in (1, 2, 3, 4):
        states = policy_states(players, 6)
        checked, unchecked = bench_step(states)
        median_ms, per_second, steps = bench_games(players)
        public = per_call(states, lambda s: GAME.view(s, None))
        mine = per_call(states, lambda s: GAME.view(s, 0))
        round_trip = per_call(
            states, lambda s: GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s))))
        )
        print(
            f"workers {players}p: step (legal_actions + apply) median {checked:.0f} µs "
            f"(unchecked apply {unchecked:.0f} µs); policy game median {median_ms:.1f} ms "
            f"({steps:.0f} steps, {per_second:.0f} games/s); views {public:.0f}/{mine:.0f} µs; "
            f"state JSON round trip {round_trip:.0f} µs",
            flush=True,
        )
    sweep(SWEEP)


if __name__ == "__main__":
    main()
