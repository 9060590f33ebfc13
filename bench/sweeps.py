"""The long random sweeps the suite plays short: ``python -m bench sweeps [games]``.

The suite plays 50 random games a table size of The Downfall of Pompeii and of Pompeji through
every invariant check (``tests/engine/*/test_playouts.py``); this plays the same checks over
``games`` (default 200) a table size, seeds 0, 1, ..., and prints how long each sweep took. A
failed check stops it with the assertion, as in the suite. (A sweep of checks, not a timing:
its seconds only say what the suite saves.)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from tests.engine.cardcity import test_playouts as cardcity
from tests.engine.downfall import test_playouts as downfall

GAMES = 200
SWEEPS: dict[str, Callable[[int, int], None]] = {
    "The Downfall of Pompeii": downfall.sweep,
    "Pompeji": cardcity.sweep,
}


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1 or not all(a.isdigit() and int(a) > 0 for a in args):
        raise SystemExit("bench sweeps: usage: python -m bench sweeps [games]")
    games = int(args[0]) if args else GAMES
    for name, sweep in SWEEPS.items():
        for players in (2, 3, 4):
            start = time.perf_counter()
            sweep(players, games)  # every check, and the totals over all the games
            took = time.perf_counter() - start
            print(f"{name}, {players} players: {games} games checked in {took:.0f} s", flush=True)


if __name__ == "__main__":
    main()
