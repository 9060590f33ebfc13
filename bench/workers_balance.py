"""The worker game's balance, measured by simulation: ``python -m bench workers_balance``.

Every seat is played by the normal AI level (``engine.workers.ai``); per player count and
difficulty: the median game length in rounds, how games end (an army in the Castrum, the
Apocalypse, the solo clock), the solo titles reached, and the share of the specialist and city
cards that ever mattered (trained, activated, used from the display or played from hand) over
all the games. ``WORKERS_BALANCE_GAMES`` games per cell (default 12); a game still running after
``WORKERS_BALANCE_CAP`` decisions (default 4000) is counted as unfinished. The aims (issue 11):
9–15 rounds, A rarely lost, C a real threat; docs/balance-workers.md records the figures.

A second table measures what the difficulty is for: a table that under-pays. One seat (a
different one each game) is the **easy** level, which pledges carelessly; per player count and
difficulty it prints how games end, the offerings that failed, and the value a failure
destroyed on the table. ``WORKERS_BALANCE_CARELESS`` games per cell (default 40; 0 skips it).

To measure a part: ``WORKERS_BALANCE_PLAYERS`` lists the player counts to play (default
``1,2,3,4``; e.g. ``1`` for the solo game alone, whose seats have no careless table),
``WORKERS_BALANCE_DIFFICULTIES`` the difficulties (default ``ABC``), and
``WORKERS_BALANCE_PROCESSES`` how many processes play (default: one a core).
"""

from __future__ import annotations

import os
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from engine.ai import choose_easy, choose_normal
from engine.workers import GAME
from engine.workers.ai import WorkersHeuristics
from engine.workers.board import CARDS, VALUE
from engine.workers.catalog import CATALOG
from engine.workers.rules import deciding

GAMES = int(os.environ.get("WORKERS_BALANCE_GAMES", "12"))
CAP = int(os.environ.get("WORKERS_BALANCE_CAP", "4000"))
CARELESS = int(os.environ.get("WORKERS_BALANCE_CARELESS", "40"))
PLAYERS = tuple(int(p) for p in os.environ.get("WORKERS_BALANCE_PLAYERS", "1,2,3,4").split(","))
DIFFICULTIES = os.environ.get("WORKERS_BALANCE_DIFFICULTIES", "ABC")
PROCESSES = int(os.environ.get("WORKERS_BALANCE_PROCESSES", "0")) or os.cpu_count() or 2
USED = {"SpecialistTrained", "CardActivated", "OfferingCardPlayed", "CastrumHalted"}
HEUR = WorkersHeuristics()
GOOD = CATALOG.good_ids


class Result(NamedTuple):
    ending: str  # castrum, apocalypse, won, lost (solo) or unfinished
    rounds: int
    title: str  # solo
    used: frozenset[str]  # cards that mattered
    offerings: int
    failed: int
    destroyed: int  # value of the goods failed offerings destroyed, all seats
    placed: float  # workers placed a player


def play(players: int, difficulty: str, seed: int, careless: int = -1) -> Result:
    """One game of normal players (the ``careless`` seat, if any, plays the easy level)."""
    state = GAME.new_game(seed, players, {"difficulty": difficulty})
    used: set[str] = set()
    offerings = failed = destroyed = placed = 0
    for step in range(CAP):
        if state.stage == "over":
            break
        seat = deciding(state)[0]
        choose = choose_easy if seat == careless else choose_normal
        action = choose(GAME, state, seat, seed * 10_007 + step, HEUR)
        transition = GAME.apply(state, seat, action)
        for event in transition.events:
            card = event.get("card")
            kind = event.get("type")
            if kind in USED and isinstance(card, str):
                used.add(card)
            elif kind == "WorkerPlaced":
                placed += 1
            elif kind == "OfferingResolved":
                offerings += 1
                failed += not event["success"]
            elif kind == "VolcanoRevealed" and event["destroys"]:
                destroyed += sum(
                    VALUE[GOOD[g]] * n for loss in event["losses"] for g, n in loss.items()
                )
        if action.verb == "use":
            used.add(action.text(0))
        state = transition.state
    outcome = GAME.outcome(state)
    ending, title = "unfinished", ""
    if outcome is not None and outcome.kind == "solo":
        ending, title = ("won" if outcome.title else "lost"), outcome.title
    elif outcome is not None:
        ending = "castrum" if outcome.winners else "apocalypse"
    return Result(
        ending, state.round, title, frozenset(used), offerings, failed, destroyed, placed / players
    )


def careless(players: int, difficulty: str, seed: int) -> Result:
    return play(players, difficulty, seed, seed % players)


def careless_table(pool: ProcessPoolExecutor) -> None:
    cells = [(p, d) for p in PLAYERS if p > 1 for d in DIFFICULTIES]
    if not cells:
        return
    jobs = [(p, d, 1000 + g) for p, d in cells for g in range(CARELESS)]
    results = list(pool.map(careless, *zip(*jobs, strict=True), chunksize=2))
    print("one careless (easy) seat among normal ones:")
    for p, d in cells:
        games = [r for (q, e, _), r in zip(jobs, results, strict=True) if (q, e) == (p, d)]
        endings = Counter(r.ending for r in games)
        lost = endings["apocalypse"]
        failed = sum(r.failed for r in games)
        per_failure = sum(r.destroyed for r in games) / max(1, failed)
        offerings = sum(r.offerings for r in games)
        rounds = statistics.median(r.rounds for r in games)
        print(
            f"{p}p {d}: {len(games)} games, median {rounds} rounds; lost {lost} "
            f"({100 * lost / len(games):.0f} %); offerings failed {failed}/{offerings}; "
            f"a failure destroyed {per_failure:.1f} value",
            flush=True,
        )


def main() -> None:
    cells = [(p, d) for p in PLAYERS for d in DIFFICULTIES]
    jobs = [(p, d, 1000 + g) for p, d in cells for g in range(GAMES)]
    pool = ProcessPoolExecutor(max_workers=PROCESSES)
    results = list(pool.map(play, *zip(*jobs, strict=True), chunksize=2))
    by_cell: dict[tuple[int, str], list[Result]] = {}
    for (p, d, _), result in zip(jobs, results, strict=True):
        by_cell.setdefault((p, d), []).append(result)
    used: set[str] = set()
    for (p, d), games in by_cell.items():
        endings = Counter(r.ending for r in games)
        rounds = statistics.median(r.rounds for r in games)
        titles = Counter(r.title for r in games if r.title)
        for r in games:
            used |= r.used
        shown = ", ".join(f"{k} {v}" for k, v in sorted(endings.items()))
        extra = f"; titles: {dict(titles)}" if p == 1 else ""
        turns = statistics.median(r.placed for r in games)
        print(
            f"{p}p {d}: {len(games)} games, median {rounds} rounds, {turns:.0f} placements a "
            f"player; {shown}{extra}",
            flush=True,
        )
    specialists = [c for c in CARDS if c.startswith("S")]
    cities = [c for c in CARDS if c.startswith("C")]
    print(
        f"cards that mattered: specialists {sum(c in used for c in specialists)}/"
        f"{len(specialists)}, city cards {sum(c in used for c in cities)}/{len(cities)}",
        flush=True,
    )
    if CARELESS:
        careless_table(pool)
    pool.shutdown()


if __name__ == "__main__":
    main()
