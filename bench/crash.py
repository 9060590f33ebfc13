"""The long crash run of sharded bot processes: ``python -m bench crash`` (issue 29).

The CI test's scenario (``tests/sandbox/shard_crash.py``: two real bot processes, shard 0 and
shard 1 of two, on one PostgreSQL database and the loopback Discord, players moving by ``/move``
and DM clicks in servers on both shards) with ``KILLS`` SIGKILLs, each of a process drawn at
random (shard 0's, which receives every DM click and syncs the commands, or shard 1's), each
restarted once the other has gone on alone and taken over its claims. The same checks: no
acknowledged move lost, each board posted once and in order, everything announced, ``storage.check``
clean. PostgreSQL is a throwaway server started here with its durable defaults (every commit
flushed), claims' lease 2 s.

Prints the kills, the moves acknowledged (and how many while a process was dead), the boards,
the claims a dead process left and the survivor took over, and the time; exit status 1 when a
check failed. Options: ``python -m bench.crash [kills] [seed]``.
"""

from __future__ import annotations

import asyncio
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.pg import Cluster, bindir
from tests.sandbox import shard_crash

KILLS = 120
LEASE = 2.0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # SIGTERM as Ctrl-C: the throwaway server is stopped on the way out


def main(argv: list[str] | None = None) -> int:
    """``python -m bench crash [kills] [seed]``."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 2 or not all(a.isdigit() for a in args):
        raise SystemExit("bench crash: usage: python -m bench crash [kills] [seed]")
    kills = int(args[0]) if args else KILLS
    seed = int(args[1]) if len(args) > 1 else 29
    signal.signal(signal.SIGTERM, _interrupt)
    bin_ = bindir()
    if bin_ is None:
        print("no PostgreSQL (apt-get install postgresql): nothing to run")
        return 0
    cluster = Cluster(bin_, durable=True)
    cluster.start()
    try:
        cluster.admin("CREATE DATABASE crash TEMPLATE template0")
        with tempfile.TemporaryDirectory(prefix="vesuvius-crash-") as tmp:
            started = time.monotonic()

            def progress(line: str) -> None:
                if line.startswith("kill ") and line.split(":", maxsplit=1)[0].endswith("0"):
                    print(f"  {time.monotonic() - started:6.0f} s  {line}", flush=True)

            summary, problems, records = asyncio.run(
                shard_crash.run(
                    cluster.url("crash"),
                    Path(tmp),
                    kills=kills,
                    lease=LEASE,
                    seed=seed,
                    victims=(0, 1),
                    log=progress,
                )
            )
    finally:
        cluster.stop()
    by_shard = Counter(r.shard for r in records)
    left = sum(1 for r in records if r.left)
    print(
        f"kills: {summary.kills} (shard 0: {by_shard[0]}, shard 1: {by_shard[1]}), lease {LEASE} s"
    )
    print(
        f"moves acknowledged: {summary.acked} ({summary.moves_while_dead} while a process was "
        f"dead); boards posted: {summary.boards}, of which {summary.boards_retelling} "
        "told again a move an earlier board told (a board posted, not recorded, before a kill)"
    )
    print(
        f"claims left by a dead process on work still to do: {summary.claims_taken_over} "
        f"(after {left} of the kills), each taken over by the survivor after the lease"
    )
    moved = [r for r in records if r.shard == 1]
    print(
        "after each kill the survivor posted boards in its own server (at least "
        f"{min(r.survivor_boards for r in records)}); with shard 0 surviving, boards in the dead "
        f"process's server after {sum(1 for r in moved if r.dead_server_boards)} of {len(moved)} "
        "kills (DM clicks)"
    )
    print(f"time: {summary.seconds:.0f} s ({summary.seconds / max(1, summary.kills):.1f} s a kill)")
    if problems:
        print(f"PROBLEMS ({len(problems)}):")
        for p in problems[:50]:
            print(f"  {p}")
        return 1
    print(
        "checks: no acknowledged move lost, no board twice or out of order, nothing left "
        "unsent, no error logged, storage.check clean"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
