"""AI strength and speed for every game: tournaments at a fixed search size, and decision times.

Run: ``python -m bench.ai [game] [games]`` (``game``: ``downfall``, ``cardcity``, ``workers`` or
``all``, the default) or ``python -m bench ai``. Settings (environment):

- ``AI_BENCH_GAMES``: games per match-up (default 24);
- ``AI_BENCH_ONLY``: match-ups to play, e.g. ``hard-normal,4p-hard-3normal`` (default
  :data:`DEFAULT_MATCHES`; ``all`` for every one of :data:`MATCHES`; ``none`` to skip them);
- ``AI_BENCH_PLAYOUTS``: the hard level's iterations per decision, overriding :data:`FIXED`;
- ``AI_BENCH_SECONDS``: play the hard level on the host's time budget of that many CPU seconds
  instead (``host.ai.hard_budget``, capped at three times that in wall time: the machine's
  speed then decides its strength, and on a starved machine the cap: not comparable between
  runs);
- ``AI_BENCH_CONFIG``: the hard level's :class:`~engine.ai.SearchConfig` knobs, e.g.
  ``candidates=4,rollout_steps=6``, changed from the game's own (default: the game's own);
- ``AI_BENCH_FIRST_SEED``: game ``g`` of a match-up is dealt from seed ``first + g`` (default
  7000: no other bench deals these);
- ``AI_BENCH_WORKERS``: games played at a time (default 2);
- ``AI_BENCH_EACH``: ``1`` prints each game's places (in the match-up's order) and rounds as
  it ends;
- ``AI_BENCH_LONG``: a game of more rounds than this is listed as long, with its seed (default
  25; issue 47: no 2-player hard-vs-normal game of the worker game longer than that);
- ``AI_BENCH_OPTIONS``: the games' table options, e.g. ``difficulty=C`` (the worker game's solo
  match-ups ``solo-normal`` and ``solo-hard``: a "win" is the solo game won);
- ``AI_BENCH_TIMES``: ``1`` (default) times each level's decisions on states of normal games,
  the hard level on the host's budget (``host.ai.HARD_SECONDS`` of CPU time, and its CPU time
  printed apart); ``0`` skips it.

The hard level searches a **fixed number of iterations** (:data:`FIXED`: what 0.8 s gives on an
idle 2-core machine, per game and table size), without a clock, so a tournament's result does
not depend on how busy the machine is, and the same seeds give the same games. Seats rotate
from game to game (by the seed: a run that starts at another seed seats the same seed's game
alike), so every player sits in every seat equally often. A "win" is a first place
(a shared first place counts for each seat that shares it); a game lost by everybody (the worker
game's Apocalypse), or unfinished after :data:`CAP` decisions, counts as a loss for every seat.
Win shares come with 95% Wilson intervals. (The worker game's hard level searches only a solo
game; at a table of more it looks ahead without iterations, so there the size changes
nothing.)

Goals (issue 30): hard wins ≥ 75% of 2-player games against normal and ≥ 50% of 4-player games
as the one hard seat against three normal ones; normal beats easy; the hard level's decision
takes at most the host's budget + 10% at the 95th percentile (wall time, on an idle machine: the
budget is CPU time, so on a busy one a decision takes longer, up to the wall cap).
"""

from __future__ import annotations

import math
import os
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, fields, replace
from typing import Any

from engine.ai import (
    Budget,
    Heuristics,
    SearchConfig,
    choose_easy,
    choose_normal,
    choose_random,
    search,
)
from engine.ai.players import game_config
from engine.core import Game
from host.ai import HARD_SECONDS, HARD_WALL_FACTOR
from host.ai import hard_budget as host_budget
from plugins import get

GAME_KEYS = ("downfall", "cardcity", "workers")

FIXED: dict[str, dict[int, int]] = {
    "downfall": {2: 2100, 3: 263, 4: 263},
    "cardcity": {2: 150, 3: 125, 4: 125},
    "workers": {1: 600, 2: 500, 3: 270, 4: 270},
}
"""The hard level's iterations per decision by game and table size: what ``HARD_SECONDS`` gave
on an idle 2-core machine when issue 30 began (3 players: the 4-player figure), kept so that
its tournaments compare; docs/ai.md has what 0.8 s gives now (``AI_BENCH_ONLY=none``). The
Downfall's hard level at three or four is a policy rollout (issue 30, eighth session), whose
iteration costs what 6.46 of the tree search's did (1.957 against 0.303 ms, on the same 43
states of three four-player games, one run): 263 is the CPU time of the 1,700 tree iterations
it replaced. The worker game alone (solo, searched): about 600 in 0.8 s (docs/ai.md)."""

MATCHES: dict[str, tuple[str, ...]] = {
    "hard-normal": ("hard", "normal"),
    "4p-hard-3normal": ("hard", "normal", "normal", "normal"),
    "normal-easy": ("normal", "easy"),
    "hard-random": ("hard", "random"),
    "normal-random": ("normal", "random"),
    "easy-random": ("easy", "random"),
    "3p-hard-2normal": ("hard", "normal", "normal"),
    "3p-hard-normal-easy": ("hard", "normal", "easy"),
    "4p-all-levels": ("hard", "normal", "easy", "random"),
    "solo-normal": ("normal",),
    "solo-hard": ("hard",),
}
DEFAULT_MATCHES = ("hard-normal", "4p-hard-3normal", "normal-easy")
CAP = 4000
"""Decisions after which a game is called unfinished (a loss for everybody)."""


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def hard_budget(key: str, players: int, seconds: float | None, playouts: int | None) -> Budget:
    """The fixed budget of :data:`FIXED` (or ``playouts``); with ``seconds``, the host's time
    budget of that many CPU seconds (:func:`host.ai.hard_budget`)."""
    if seconds is not None:
        return host_budget(seconds)
    return Budget(playouts=playouts or FIXED[key][players])


@dataclass
class Played:
    """One game: each level's place (in the match-up's order; 0 = lost by everybody), and the
    hard seats' decisions (seconds, iterations of the searched ones)."""

    places: list[int]
    decisions: int
    rounds: int = 0
    """The rounds the game took (the round it ended in; 0 for a game without rounds)."""
    times: list[float] = field(default_factory=list)
    iterations: list[int] = field(default_factory=list)


Decide = Callable[[Any, int, int], Any]


def search_config(text: str | None = None, base: SearchConfig | None = None) -> SearchConfig:
    """``AI_BENCH_CONFIG`` (``name=value,...``) as a :class:`SearchConfig`: the knobs it names
    changed from ``base`` (the game's own, :func:`~engine.ai.players.game_config`)."""
    text = os.environ.get("AI_BENCH_CONFIG", "") if text is None else text
    kinds = {f.name: f for f in fields(SearchConfig)}
    values: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        kind = kinds[name.strip()].type
        values[name.strip()] = float(value) if "float" in str(kind) else int(value)
    return replace(base or SearchConfig(), **values)


def chooser(
    key: str,
    level: str,
    budget: Budget,
    heur: Heuristics,
    players: int,
    played: Played | None = None,
) -> Decide:
    """A level as ``decide(state, seat, seed)`` at a table of ``players`` (the hard one records
    into ``played``)."""
    game: Game[Any, Any] = get(key).engine
    if level == "random":
        return lambda state, seat, seed: choose_random(game, state, seat, seed)
    if level == "easy":
        return lambda state, seat, seed: choose_easy(game, state, seat, seed, heur)
    if level == "normal":
        return lambda state, seat, seed: choose_normal(game, state, seat, seed, heur)

    config = search_config(base=game_config(heur, players))

    def hard(state: Any, seat: int, seed: int) -> Any:
        result = search(game, state, seat, seed, heur, budget, config)
        if played is not None and result.iterations:
            played.iterations.append(result.iterations)
        return result.action

    return hard


def play_game(
    key: str,
    levels: tuple[str, ...],
    seed: int,
    rotation: int,
    seconds: float | None = None,
    playouts: int | None = None,
) -> Played:
    """One game of ``key``; ``levels[k]`` sits in seat ``(k + rotation) % n``."""
    plugin = get(key)
    game: Game[Any, Any] = plugin.engine
    heur = plugin.heuristics()
    n = len(levels)
    budget = hard_budget(key, n, seconds, playouts)
    level_of = {(k + rotation) % n: levels[k] for k in range(n)}
    played = Played([0] * n, 0)
    choosers = {s: chooser(key, level, budget, heur, n, played) for s, level in level_of.items()}
    state = game.new_game(seed, n, table_options())
    for step in range(CAP):
        seat = heur.pending(state)
        if seat is None:
            break
        t0 = time.perf_counter()
        action = choosers[seat](state, seat, seed * 7919 + step)
        if level_of[seat] == "hard":
            played.times.append(time.perf_counter() - t0)
        state = game.apply(state, seat, action).state
        played.decisions = step + 1
    rounds = getattr(state, "round", 0)
    played.rounds = rounds if isinstance(rounds, int) else 0
    outcome = game.outcome(state)
    if outcome is not None and outcome.winners:
        played.places = [outcome.places[(k + rotation) % n] for k in range(n)]
    return played


def table_options(text: str | None = None) -> dict[str, str] | None:
    """``AI_BENCH_OPTIONS`` (``name=value,...``) as the games' table options (``None``: none)."""
    text = os.environ.get("AI_BENCH_OPTIONS", "") if text is None else text
    pairs = [part.split("=", 1) for part in text.split(",") if part.strip()]
    return {name.strip(): value.strip() for name, value in pairs} or None


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_match(
    key: str,
    name: str,
    levels: tuple[str, ...],
    games: int,
    pool: ProcessPoolExecutor,
    seconds: float | None,
    playouts: int | None,
) -> None:
    """Play ``games`` games of a match-up and print each level's first places."""
    n = len(levels)
    first = int(os.environ.get("AI_BENCH_FIRST_SEED", "7000"))
    futures = [
        pool.submit(play_game, key, levels, first + g, (first + g) % n, seconds, playouts)
        for g in range(games)
    ]
    results = []
    for g, future in enumerate(futures):
        results.append(future.result())
        if os.environ.get("AI_BENCH_EACH") == "1":  # one line a game, as it finishes
            done = results[-1]
            print(
                f"  game {g} (seed {first + g}): places {done.places}, {done.rounds} rounds",
                flush=True,
            )
    size = f"{seconds} s" if seconds is not None else f"{playouts or FIXED[key][n]} iterations"
    size += f" {os.environ['AI_BENCH_CONFIG']}" if os.environ.get("AI_BENCH_CONFIG") else ""
    nobody = sum(1 for r in results if not any(r.places))
    decisions = statistics.median(r.decisions for r in results)
    print(
        f"{key} {name} ({games} games, {n} players, hard {size}; lost by all {nobody}; "
        f"median {decisions:.0f} decisions):"
    )
    for level in dict.fromkeys(levels):
        same = [j for j in range(n) if levels[j] == level]
        wins = sum(r.places[j] == 1 for r in results for j in same)
        total = games * len(same)
        lo, hi = wilson(wins, total)
        each = f" (each of {len(same)})" if len(same) > 1 else ""
        print(
            f"  {level:7s} first {wins}/{total}{each} = {wins / total:5.1%}  [{lo:5.1%}, {hi:5.1%}]"
        )
    print_rounds(results, first)
    times = [t for r in results for t in r.times]
    iterations = [i for r in results for i in r.iterations]
    if times:
        searched = (
            f"median {statistics.median(iterations):.0f} iterations per searched decision"
            if iterations
            else "none searched (the game settles them itself: Heuristics.hard_choice)"
        )
        print(
            f"  hard: {len(times)} decisions, median {statistics.median(times):.3f} s, "
            f"p95 {_percentile(times, 0.95):.3f} s; {searched}"
        )


def print_rounds(results: list[Played], first: int) -> None:
    """The games' length in rounds (median, max, and the seeds of the games longer than
    ``AI_BENCH_LONG``, default 25), for a game that counts rounds."""
    rounds = [r.rounds for r in results]
    if not any(rounds):
        return
    limit = int(os.environ.get("AI_BENCH_LONG", "25"))
    long = [(first + g, n) for g, n in enumerate(rounds) if n > limit]
    listed = ", ".join(f"seed {seed}: {n}" for seed, n in long)
    print(
        f"  rounds: median {statistics.median(rounds):g}, max {max(rounds)}; "
        f"longer than {limit}: {len(long)}" + (f" ({listed})" if long else "")
    )


def _states(key: str, players: int, seed: int, every: int, limit: int) -> list[tuple[Any, int]]:
    """Every ``every``-th decision of a game of normal players (with its deciding seat)."""
    plugin = get(key)
    game: Game[Any, Any] = plugin.engine
    heur = plugin.heuristics()
    state = game.new_game(seed, players)
    out: list[tuple[Any, int]] = []
    for step in range(CAP):
        seat = heur.pending(state)
        if seat is None or len(out) >= limit:
            break
        if step % every == 0 and len(game.legal_actions(state, seat)) > 1:
            out.append((state, seat))
        state = game.apply(state, seat, choose_normal(game, state, seat, step, heur)).state
    return out


def time_levels(key: str, players: int, limit: int = 12) -> dict[str, list[float]]:
    """Each level deciding on states of two normal games (wall time); hard on the host's time
    budget (its CPU time under ``"hard CPU"``, its iterations under ``"iterations"``)."""
    plugin = get(key)
    heur = plugin.heuristics()
    budget = hard_budget(key, players, HARD_SECONDS, None)
    out: dict[str, list[float]] = {"easy": [], "normal": [], "hard": [], "hard CPU": []}
    played = Played([], 0)
    for seed in (1, 2):
        for state, seat in _states(key, players, seed, 5, limit):
            for level in ("easy", "normal", "hard"):
                decide = chooser(key, level, budget, heur, players, played)
                t0, cpu = time.perf_counter(), time.thread_time()
                decide(state, seat, seed)
                out[level].append(time.perf_counter() - t0)
                if level == "hard":  # the budget's own clock (the search runs in this thread)
                    out["hard CPU"].append(time.thread_time() - cpu)
    out["iterations"] = [float(i) for i in played.iterations]
    return out


def print_times(key: str, pool: ProcessPoolExecutor) -> None:
    players = (1, 2, 3, 4) if key == "workers" else (2, 3, 4)
    jobs = {n: pool.submit(time_levels, key, n) for n in players}
    for n, job in jobs.items():
        cells = []
        measured = job.result()
        iterations = measured.pop("iterations")
        for level, values in measured.items():
            ms = [v * 1000 for v in values]
            median, p95 = statistics.median(ms), _percentile(ms, 0.95)
            cells.append(f"{level} {median:7.1f} ms (p95 {p95:7.1f})")
        cells.append(f"{statistics.median(iterations or [0]):.0f} iterations (median)")
        print(f"{key} {n} player(s), {len(ms)} decisions each: " + " · ".join(cells), flush=True)
    print(
        f"  (hard on the host's budget: {HARD_SECONDS} s of CPU time, at most "
        f"{HARD_SECONDS * HARD_WALL_FACTOR:.1f} s of wall time; goal p95 ≤ "
        f"{HARD_SECONDS * 1.1:.2f} s on an idle machine)"
    )


def main(argv: list[str] | None = None) -> None:
    """``python -m bench ai [game|all] [games]`` (more settings in ``AI_BENCH_*``)."""
    args = sys.argv[1:] if argv is None else argv
    which = args[0] if args else os.environ.get("AI_BENCH_GAME", "all")
    keys = GAME_KEYS if which == "all" else tuple(which.split(","))
    games = int(args[1]) if len(args) > 1 else int(os.environ.get("AI_BENCH_GAMES", "24"))
    seconds_text = os.environ.get("AI_BENCH_SECONDS")
    seconds = float(seconds_text) if seconds_text else None
    playouts_text = os.environ.get("AI_BENCH_PLAYOUTS")
    playouts = int(playouts_text) if playouts_text else None
    workers = min(2, int(os.environ.get("AI_BENCH_WORKERS", "2")))
    only_text = os.environ.get("AI_BENCH_ONLY", ",".join(DEFAULT_MATCHES))
    only = list(MATCHES) if only_text == "all" else [m for m in only_text.split(",") if m]
    with ProcessPoolExecutor(max(1, workers)) as pool:
        for key in keys:
            for name in only:
                if name == "none":
                    continue
                start = time.perf_counter()
                run_match(key, name, MATCHES[name], games, pool, seconds, playouts)
                print(f"  ({time.perf_counter() - start:.0f} s)", flush=True)
            if os.environ.get("AI_BENCH_TIMES", "1") != "0":
                print_times(key, pool)


if __name__ == "__main__":
    main()
