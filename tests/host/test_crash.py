"""Crash safety: a process applying moves is killed with SIGKILL at random moments, 50 times.

After every kill the database opens, passes ``PRAGMA integrity_check`` and the replay check,
and holds every move the child acknowledged (printed) before it died.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

from storage.check import check_database

ROOT = Path(__file__).resolve().parents[2]
KILLS = 50


def _run_and_kill(db: Path, seed: int, rng: random.Random) -> dict[int, int]:
    """Start the child, kill it at a random moment after its first move; the acked versions."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.host.crash_child", str(db), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None
    acked: dict[int, int] = {}
    first = threading.Event()

    def read() -> None:
        assert child.stdout is not None
        for raw in child.stdout:
            if raw.endswith(b"\n"):  # a line cut by the kill was never acknowledged
                game, version = map(int, raw.split())
                acked[game] = max(acked.get(game, 0), version)
                first.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    if not first.wait(timeout=30):
        child.kill()
        raise AssertionError(f"the child made no move: {child.stderr.read()!r}")  # type: ignore[union-attr]
    time.sleep(rng.uniform(0, 0.06))  # a random moment in a short window of moves
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    reader.join(timeout=30)
    assert child.returncode == -signal.SIGKILL
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
