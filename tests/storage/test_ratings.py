"""The results and ratings are derived data: migration 0006 adds them, a database from before it
gets them at its next open, and ``python -m storage.ratings --rebuild`` gives the same numbers."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

from host import FakeClock, TableOptions
from storage.db import Database
from storage.schema import migrations
from tests.host.conftest import OpenHost
from tests.host.helpers import GUILD, USERS, connect
from tests.host.test_ratings import finished, play_to_end

A, B, C, D = USERS


def derived(path: Path | str) -> list[tuple[Any, ...]]:
    conn = connect(path)
    rows = conn.execute("SELECT * FROM ratings ORDER BY guild_id, kind, player").fetchall()
    rows += conn.execute("SELECT * FROM results ORDER BY game_id, seat").fetchall()
    conn.close()
    return rows


async def some_games(hosts: OpenHost, path: Path, clock: FakeClock) -> None:
    host = await hosts(path, clock)
    await finished(host, (A, B), 500, winner=A)
    clock.advance(60)
    await finished(host, (A, B, C, D), 501, winner=D)
    clock.advance(60)
    await finished(host, (B, C), 502, winner=C, guild=GUILD + 1)
    await finished(host, (A,), 503, winner=A, players=1)
    await finished(host, (C,), 504, winner=C, players=3, ai_seats=2, ai_level="easy")
    cancelled = await host.tables.create_game(GUILD, 505, A, TableOptions(kind="toy", players=2))
    await host.tables.join(cancelled.game_id, B)
    await host.tables.start(cancelled.game_id, A)
    await host.tables.cancel(cancelled.game_id, A)
    await host.close()


async def test_the_rebuild_command_gives_the_same_numbers(
    hosts: OpenHost, db_path: Path, clock: FakeClock
) -> None:
    await some_games(hosts, db_path, clock)
    live = derived(db_path)
    assert len([r for r in live if len(r) == 7]) >= 6  # ratings rows: A..D, two servers, AI easy
    conn = connect(db_path)
    conn.execute("UPDATE ratings SET mu = 0")  # spoil them: the rebuild must restore them
    conn.close()
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "storage.ratings", "--rebuild", str(db_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "from 5 finished games" in done.stdout  # the cancelled game is not one
    assert derived(db_path) == live


async def test_a_database_from_before_the_ratings_gets_them_at_open(
    hosts: OpenHost, db_path: Path, clock: FakeClock
) -> None:
    await some_games(hosts, db_path, clock)
    live = derived(db_path)
    conn = connect(db_path)
    conn.execute("DELETE FROM ratings")
    conn.execute("DELETE FROM results")
    conn.close()
    db = await Database.open(db_path)
    try:
        assert await db.schema_version() == len(migrations()) >= 6
    finally:
        await db.close()
    assert derived(db_path) == live


async def test_the_final_board_message_is_kept(host: Any) -> None:
    status = await host.tables.create_game(
        GUILD, 500, A, TableOptions(kind="toy", players=2, variants={"target": 5})
    )
    await host.tables.join(status.game_id, B)
    await host.tables.start(status.game_id, A)
    await play_to_end(host, status.game_id, A)
    end = await host.views.status(status.game_id)
    await host.outbox.mark_sent(status.game_id, end.version, 987654)
    (game,) = await host.records.history(GUILD)
    assert game.board_message == 987654 and game.game_id == status.game_id


def test_the_rebuild_command_refuses_a_missing_file(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "storage.ratings", "--rebuild", str(tmp_path / "none.db")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "no such database" in done.stderr
    assert not (tmp_path / "none.db").exists()
