"""Engine speed: one legal_actions + apply step, and whole random games per second.

Run: ``python -m bench.engine``. The goal is a full random 4-player game of The Downfall of
Pompeii in under 20 ms (median), so an AI can search thousands of playouts.
"""

from __future__ import annotations

import statistics
import time

from engine.downfall import GAME, playout
from engine.downfall.queries import legal_actions
from engine.downfall.rules import play
from engine.downfall.state import State
from engine.rng import Rng

GAMES = 60


def _states(players: int, games: int) -> list[State]:
    """Every decision state of a few random games (the mix a playout really meets)."""
    out = []
    for seed in range(games):
        rng = Rng(seed)
        state = GAME.new_game(seed, players)
        while state.phase != "over":
            out.append(state)
            actions = legal_actions(state, state.seat)
            index, rng = rng.below(len(actions))
            state = play(state, state.seat, actions[index]).state
    return out


def bench_step(players: int) -> tuple[float, float]:
    """Median microseconds of legal_actions + checked apply (the host's path), and unchecked."""
    states = _states(players, 10)
    checked, unchecked = [], []
    for state in states:
        seat = state.seat
        t0 = time.perf_counter()
        actions = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, actions[len(actions) // 2])
        t1 = time.perf_counter()
        play(state, seat, legal_actions(state, seat)[len(actions) // 2])
        t2 = time.perf_counter()
        checked.append(t1 - t0)
        unchecked.append(t2 - t1)
    return statistics.median(checked) * 1e6, statistics.median(unchecked) * 1e6


def bench_games(players: int) -> tuple[float, float]:
    """Median milliseconds of one whole random game (setup + playout), and games per second."""
    times = []
    for seed in range(GAMES):
        t0 = time.perf_counter()
        playout(GAME.new_game(seed, players), seed)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3, len(times) / sum(times)


def sweep(players: int, games: int) -> str:
    """A longer sweep than the tests run: every game ends with every piece accounted for."""
    total = {2: 36, 3: 30, 4: 25}[players]
    saved = 0
    t0 = time.perf_counter()
    for seed in range(10_000, 10_000 + games):
        final = playout(GAME.new_game(seed, players, {"dual_vent": seed % 2 == 0}), seed)
        assert final.phase == "over" and sum(final.in_city) == 0
        for seat in range(players):
            kept = final.saved[seat] + final.volcano[seat] + final.box[seat] + final.supply[seat]
            assert kept == total, (seed, seat)
        saved += sum(final.saved)
    seconds = time.perf_counter() - t0
    return (
        f"{games} games in {seconds:.1f} s, all ended, pieces conserved; "
        f"{saved / games:.1f} saved per game"
    )


def main() -> None:
    for players in (2, 3, 4):
        print(f"downfall {players}p sweep: {sweep(players, 300)}", flush=True)
    for players in (2, 3, 4):
        checked, unchecked = bench_step(players)
        median_ms, per_second = bench_games(players)
        print(
            f"downfall {players}p: step (legal_actions + apply) median {checked:.0f} µs "
            f"(unchecked {unchecked:.0f} µs); random game median {median_ms:.1f} ms, "
            f"{per_second:.0f} games/s",
            flush=True,
        )


if __name__ == "__main__":
    main()
