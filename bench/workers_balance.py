"""The worker game's balance, measured by simulation: ``python -m bench workers_balance``.

Every seat is played by the normal AI level (``engine.workers.ai``); per player count and
difficulty: the median game length in rounds, how games end (an army in the Castrum, the
Apocalypse, the solo clock), the solo titles reached, and the share of the specialist and city
cards that ever mattered (trained, activated, used from the display or played from hand) over
all the games. ``WORKERS_BALANCE_GAMES`` games per cell (default 12); a game still running after
``WORKERS_BALANCE_CAP`` decisions (default 4000) is counted as unfinished. The aims (issue 11):
9–15 rounds, A rarely lost, C a real threat; docs/balance-workers.md records the figures.
"""

from __future__ import annotations

import os
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from engine.ai import choose_normal
from engine.workers import GAME
from engine.workers.ai import WorkersHeuristics
from engine.workers.board import CARDS
from engine.workers.rules import deciding

GAMES = int(os.environ.get("WORKERS_BALANCE_GAMES", "12"))
CAP = int(os.environ.get("WORKERS_BALANCE_CAP", "4000"))
USED = {"SpecialistTrained", "CardActivated", "OfferingCardPlayed", "CastrumHalted"}
HEUR = WorkersHeuristics()


def play(players: int, difficulty: str, seed: int) -> tuple[str, int, str, frozenset[str]]:
    """(ending, rounds, solo title, cards that mattered) of one game of normal players."""
    state = GAME.new_game(seed, players, {"difficulty": difficulty})
    used: set[str] = set()
    for step in range(CAP):
        if state.stage == "over":
            break
        seat = deciding(state)[0]
        action = choose_normal(GAME, state, seat, seed * 10_007 + step, HEUR)
        transition = GAME.apply(state, seat, action)
        for event in transition.events:
            card = event.get("card")
            if event.get("type") in USED and isinstance(card, str):
                used.add(card)
        if action.verb == "use":
            used.add(action.text(0))
        state = transition.state
    outcome = GAME.outcome(state)
    if outcome is None:
        return "unfinished", state.round, "", frozenset(used)
    if outcome.kind == "solo":
        return ("won" if outcome.title else "lost"), state.round, outcome.title, frozenset(used)
    return ("castrum" if outcome.winners else "apocalypse"), state.round, "", frozenset(used)


def main() -> None:
    cells = [(p, d) for p in (1, 2, 3, 4) for d in "ABC"]
    jobs = [(p, d, 1000 + g) for p, d in cells for g in range(GAMES)]
    with ProcessPoolExecutor(max_workers=max(1, os.cpu_count() or 2)) as pool:
        results = list(pool.map(play, *zip(*jobs, strict=True), chunksize=2))
    by_cell: dict[tuple[int, str], list[tuple[str, int, str, frozenset[str]]]] = {}
    for (p, d, _), result in zip(jobs, results, strict=True):
        by_cell.setdefault((p, d), []).append(result)
    used: set[str] = set()
    for (p, d), games in by_cell.items():
        endings = Counter(e for e, _, _, _ in games)
        rounds = statistics.median(r for _, r, _, _ in games)
        titles = Counter(t for _, _, t, _ in games if t)
        for *_, cards in games:
            used |= cards
        shown = ", ".join(f"{k} {v}" for k, v in sorted(endings.items()))
        extra = f"; titles: {dict(titles)}" if p == 1 else ""
        print(f"{p}p {d}: {len(games)} games, median {rounds} rounds; {shown}{extra}", flush=True)
    specialists = [c for c in CARDS if c.startswith("S")]
    cities = [c for c in CARDS if c.startswith("C")]
    print(
        f"cards that mattered: specialists {sum(c in used for c in specialists)}/"
        f"{len(specialists)}, city cards {sum(c in used for c in cities)}/{len(cities)}"
    )


if __name__ == "__main__":
    main()
