"""The database file: migrations, connection settings, the append-only log, atomic moves,
online backup."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from host import FakeClock, HostError
from storage import codec
from storage.check import check_database
from storage.db import Database
from storage.rows import (
    EventRow,
    MoveWrite,
    Schedule,
    StepMessage,
    StorageError,
    VersionConflictError,
)
from storage.schema import migrations
from tests.host.helpers import open_host, random_move, started_game
from tests.toy import games


async def test_a_new_file_gets_every_migration_and_durable_settings(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "g.db")
    try:
        assert await db.schema_version() == len(migrations()) >= 1
        pragmas = await db.run(
            lambda c: [
                c.execute(f"PRAGMA {p}").fetchone()[0]
                for p in ("journal_mode", "synchronous", "foreign_keys")
            ]
        )
        assert pragmas == ["wal", 2, 1]  # synchronous=2 is FULL
    finally:
        await db.close()


async def test_reopening_keeps_the_data_and_does_not_migrate_again(tmp_path: Path) -> None:
    clock = FakeClock()
    h = await open_host(tmp_path / "g.db", clock)
    status = await started_game(h)
    await h.close()
    h = await open_host(tmp_path / "g.db", clock)
    try:
        assert await h.views.status(status.game_id) == status
        assert await h.db.schema_version() == len(migrations())
    finally:
        await h.close()


async def test_a_database_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version=999")
    conn.close()
    with pytest.raises(StorageError, match="newer than this code"):
        await Database.open(path)


async def test_the_event_log_is_append_only(tmp_path: Path) -> None:
    clock = FakeClock()
    h = await open_host(tmp_path / "g.db", clock)
    try:
        game = (await started_game(h)).game_id
        await h.moves.act(game, 101, "pass")
        for sql in ("UPDATE events SET action = 'play 6'", "DELETE FROM events"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                await h.db.run(lambda c, sql=sql: c.execute(sql))
        assert [e.notation for e in await h.views.log(game)] == ["pass"]
    finally:
        await h.close()


async def test_a_move_written_against_an_old_version_writes_nothing(tmp_path: Path) -> None:
    clock = FakeClock()
    h = await open_host(tmp_path / "g.db", clock)
    try:
        game = (await started_game(h)).game_id
        await h.moves.act(game, 101, "pass")
        stale = MoveWrite(
            game_id=game,
            expected_version=0,
            event=EventRow(game, 1, 0, 101, "player", "pass", "Pass", b"[]", clock.now()),
            snapshot=b"{}",
            status="active",
            outcome=None,
            schedule=Schedule(None, None, 0, None),
            seats=(),
            at=clock.now(),
        )
        ok = dataclass_replace_version(stale, game)
        results = await asyncio.gather(
            h.db.moves.commit_move(stale), h.db.moves.commit_move(ok), return_exceptions=True
        )
        assert isinstance(results[0], VersionConflictError) and results[1] is False
        events = await h.db.events.events(game)
        assert [e.seq for e in events] == [1, 2]  # the stale move left no trace, the other landed
        bundle = await h.db.games.load_game(game)
        assert bundle is not None and bundle.snapshot == b"{}" and bundle.game.version == 2
    finally:
        await h.close()


def dataclass_replace_version(move: MoveWrite, game: int) -> MoveWrite:
    """The same move written on top of version 1 (it shares a batch with the stale one)."""
    return dataclasses.replace(
        move, expected_version=1, event=dataclasses.replace(move.event, seq=2, seat=1)
    )


async def test_an_online_backup_is_a_consistent_copy_while_games_are_played(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    h = await open_host(tmp_path / "live.db", clock)
    try:
        ids = [(await started_game(h, channel=c)).game_id for c in range(10)]
        rng = random.Random(3)

        async def play() -> None:
            for _ in range(20):
                for game in ids:
                    await random_move(h, game, rng)

        player = asyncio.create_task(play())
        await asyncio.sleep(0.01)
        backup = await h.backup(tmp_path / "copy.db")
        await player
    finally:
        await h.close()
    conn = sqlite3.connect(backup)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 10
    finally:
        conn.close()
    report = check_database(backup, games)
    assert report.ok, report.problems
    assert report.games_checked == 10


async def test_stored_states_carry_a_type_and_schema_version(tmp_path: Path) -> None:
    clock = FakeClock()
    h = await open_host(tmp_path / "g.db", clock)
    try:
        game = (await started_game(h)).game_id
        bundle = await h.db.games.load_game(game)
        assert bundle is not None and bundle.snapshot is not None
        envelope = codec.loads(bundle.snapshot)
        assert envelope["type"] == "toy/state" and envelope["schema"] == codec.STATE_SCHEMA
        with pytest.raises(codec.CodecError):
            codec.decode_state("downfall", bundle.snapshot)
    finally:
        await h.close()


def backup_command(source: Path, dest: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "storage.backup", str(source), str(dest)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


async def test_the_backup_command_copies_a_database_in_use(tmp_path: Path) -> None:
    clock = FakeClock()
    h = await open_host(tmp_path / "live.db", clock)
    try:
        game = (await started_game(h)).game_id
        await h.moves.act(game, 101, "pass")
        done = await asyncio.to_thread(backup_command, tmp_path / "live.db", tmp_path / "copy.db")
        assert done.returncode == 0, done.stderr
        await h.moves.act(game, 202, "pass")  # the bot keeps playing
    finally:
        await h.close()
    report = check_database(tmp_path / "copy.db", games)
    assert report.ok and report.moves_replayed == 1
    missing = backup_command(tmp_path / "nope.db", tmp_path / "x.db")
    assert missing.returncode == 2 and "no such file" in missing.stderr


async def test_a_version_1_database_upgrades_and_finds_a_channels_last_game_by_index(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    conn.executescript(migrations()[0][1])
    conn.execute("PRAGMA user_version=1")
    conn.close()
    db = await Database.open(path)
    try:
        assert await db.schema_version() == len(migrations()) >= 2
        plan = await db.run(
            lambda c: c.execute(
                "EXPLAIN QUERY PLAN SELECT id FROM games WHERE channel_id = ? "
                "ORDER BY id DESC LIMIT 1",
                (1,),
            ).fetchall()
        )
        assert any("games_by_channel" in str(row) for row in plan)
        assert await db.games.newest_game_in_channel(1) is None
    finally:
        await db.close()


async def test_a_players_notification_setting_is_kept_for_all_their_games(tmp_path: Path) -> None:
    clock = FakeClock()
    host = await open_host(tmp_path / "n.db", clock)
    try:
        assert await host.people.notify_setting(11) == "dm"  # the default: a DM per decision
        assert await host.people.set_notify_setting(11, "both") == "both"
        with pytest.raises(HostError, match="mention"):
            await host.people.set_notify_setting(11, "loud")
        assert await host.people.notify_setting(11) == "both"
        assert await host.people.notify_setting(12) == "dm"
    finally:
        await host.close()
    again = await open_host(tmp_path / "n.db", clock)
    try:
        assert await again.people.notify_setting(11) == "both"
    finally:
        await again.close()


async def test_a_steps_status_message_and_quiet_moves_are_remembered(tmp_path: Path) -> None:
    clock = FakeClock()
    host = await open_host(tmp_path / "s.db", clock)
    try:
        game = (await started_game(host)).game_id
        assert await host.outbox.step_message(game) is None
        await host.outbox.set_step_message(game, StepMessage(game, "bid:1", 777, False))
        await host.outbox.set_step_message(game, StepMessage(game, "bid:1", 777, True))
        assert await host.outbox.step_message(game) == StepMessage(game, "bid:1", 777, True)
        await host.outbox.set_step_message(game, None)
        assert await host.outbox.step_message(game) is None
        assert await host.outbox.quiet_versions(game, 0) == set()
    finally:
        await host.close()


async def test_a_version_4_log_keeps_which_moves_were_secret(tmp_path: Path) -> None:
    """Migration 5 turns the engine's words for a secret move (``public_label``) into a flag;
    the log stays append-only."""
    path = tmp_path / "v4.db"
    conn = sqlite3.connect(path)
    for number, sql in migrations()[:4]:
        conn.executescript(sql)
        conn.execute(f"PRAGMA user_version={number}")
    rows = [(1, 1, "pass", None), (1, 2, "bid 2", "changed their bid")]
    conn.executemany(
        "INSERT INTO events (game_id, seq, seat, user_id, by, action, label, events, at, "
        "public_label) VALUES (?, ?, 0, NULL, 'player', ?, 'x', '[]', 0, ?)",
        rows,
    )
    conn.commit()
    conn.close()
    db = await Database.open(path)
    try:
        assert await db.schema_version() == len(migrations()) >= 5
        flags = await db.run(
            lambda c: c.execute("SELECT seq, secret FROM events ORDER BY seq").fetchall()
        )
        assert [tuple(r) for r in flags] == [(1, 0), (2, 1)]
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            await db.run(lambda c: c.execute("UPDATE events SET secret = 0"))
    finally:
        await db.close()
