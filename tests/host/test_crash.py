"""Crash safety: a process applying moves is killed with SIGKILL at random moments, 50 times.

After every kill the database opens, passes ``PRAGMA integrity_check`` and the replay check,
and holds every move the child acknowledged (wrote to its pipe) before it died. The child is
forked from the test process (the imports are already loaded, so each run starts in tens of
milliseconds) and runs ``tests.host.crash_child.main``.
"""

from __future__ import annotations

import asyncio
import os
import random
import select
import signal
import sqlite3
import time
from pathlib import Path

from storage.check import check_database
from tests.host import crash_child

KILLS = 50


def _child(db: Path, seed: int, write_fd: int) -> None:
    """Runs in the forked process; never returns into the test runner."""
    try:
        with os.fdopen(write_fd, "w") as out:
            asyncio.run(crash_child.main(str(db), seed, out))
    finally:
        os._exit(1)


def _read_acks(read_fd: int, until: float, acked: dict[int, int], buffer: bytearray) -> bool:
    """Read acknowledged ``game version`` lines until ``until`` (monotonic); False on EOF."""
    while (left := until - time.monotonic()) > 0:
        ready, _, _ = select.select([read_fd], [], [], left)
        if not ready:
            break
        chunk = os.read(read_fd, 65536)
        if not chunk:
            return False
        buffer += chunk
        *lines, rest = buffer.split(b"\n")  # a line cut by the kill was never acknowledged
        buffer[:] = rest
        for line in lines:
            game, version = map(int, line.split())
            acked[game] = max(acked.get(game, 0), version)
    return True


def _run_and_kill(db: Path, seed: int, rng: random.Random) -> dict[int, int]:
    """Fork the child, kill it at a random moment after its first move; the acked versions."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        _child(db, seed, write_fd)
    os.close(write_fd)
    acked: dict[int, int] = {}
    buffer = bytearray()
    try:
        deadline = time.monotonic() + 30
        while not acked and _read_acks(
            read_fd, min(deadline, time.monotonic() + 0.05), acked, buffer
        ):
            if time.monotonic() > deadline:
                break
        assert acked, "the child made no move"
        # A random moment in a short window of moves, reading acks meanwhile.
        _read_acks(read_fd, time.monotonic() + rng.uniform(0, 0.06), acked, buffer)
        os.kill(pid, signal.SIGKILL)
    finally:
        _, status = os.waitpid(pid, 0)
        # Whatever was written before the kill was acknowledged too.
        _read_acks(read_fd, time.monotonic() + 1, acked, buffer)
        os.close(read_fd)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    return acked


def test_killing_the_host_at_random_moments_loses_no_acknowledged_move(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    rng = random.Random(2024)
    acked: dict[int, int] = {}
    for kill in range(KILLS):
        for game, version in _run_and_kill(db, kill, rng).items():
            acked[game] = max(acked.get(game, 0), version)
        conn = sqlite3.connect(db)
        try:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            stored = dict(conn.execute("SELECT id, version FROM games").fetchall())
        finally:
            conn.close()
        lost = {g: (v, stored.get(g)) for g, v in acked.items() if stored.get(g, -1) < v}
        assert lost == {}, f"after kill {kill + 1}: acknowledged moves lost {lost}"
        report = check_database(db)
        assert report.ok, f"after kill {kill + 1}: {report.problems}"
    assert sum(acked.values()) > KILLS  # the child got well past its first move each time
