"""The two backends (SQLite, PostgreSQL) behave as one: the same migrations, an append-only log,
moves that commit only on the version they were checked against, check and backup, and the
one-shot move of a SQLite database into PostgreSQL."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import subprocess
import sys
from pathlib import Path

import pytest

from host import FakeClock, StaleVersionError
from storage import schema
from storage.backends import IntegrityErrors, dialect_for
from storage.check import check_database
from storage.db import Database
from storage.migrate_to import counts, migrate
from storage.postgres import pg_tool
from storage.rows import DatabaseOpenError, EventRow, MoveWrite, Schedule, VersionConflictError
from storage.schema import migration_files
from tests.host.conftest import NewDb, OpenHost
from tests.host.helpers import USERS, connect, open_host, random_move, started_game
from tests.pg import TEMPLATE, Cluster
from tests.toy import games

A, B, C = USERS[:3]
ROOT = Path(__file__).resolve().parents[2]


async def test_a_new_database_gets_every_migration(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    target: Path | str = tmp_path / "fresh.db"
    if backend == "postgresql":  # an empty database, without the template's schema
        cluster: Cluster = request.getfixturevalue("pg_cluster")
        target = cluster.new_database("template0")
    db = await Database.open(target)
    try:
        assert await db.schema_version() == len(migration_files())
        assert db.dialect.name == backend
    finally:
        await db.close()


async def test_the_database_refuses_to_edit_or_delete_the_event_log(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    h = await hosts(db_path, clock)
    game = (await started_game(h)).game_id
    await random_move(h, game, random.Random(1))
    conn = connect(db_path)
    try:
        for sql in ("UPDATE events SET label = 'x'", "DELETE FROM events"):
            with pytest.raises(IntegrityErrors, match="append-only"):
                conn.execute(sql)
        if dialect_for(db_path).name == "postgresql":
            with pytest.raises(IntegrityErrors, match="append-only"):
                conn.execute("TRUNCATE events CASCADE")
        assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == 1
    finally:
        conn.close()


async def test_two_hosts_racing_on_one_version_give_exactly_one_move(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    """Two bot processes on one database (the second host stands for the second process):
    both check a move against version 0; exactly one commits, the other is told the board
    changed, and nothing is lost or doubled."""
    first = await hosts(db_path, clock)
    second = await hosts(db_path, clock)
    game = (await started_game(first)).game_id
    status = await second.views.status(game)  # the second process has the game loaded too
    seat = status.waiting_on[0]
    assert seat.user_id is not None
    choice = (await second.decisions.legal_choices(game, seat.user_id))[0].notation
    results = await asyncio.gather(
        first.moves.act(game, seat.user_id, choice, seat.token),
        second.moves.act(game, seat.user_id, choice, seat.token),
        return_exceptions=True,
    )
    won = [r for r in results if not isinstance(r, BaseException)]
    lost = [r for r in results if isinstance(r, BaseException)]
    assert len(won) == 1 and len(lost) == 1, results
    # Told the board changed: at its commit, or (PostgreSQL: processes check their copy of the
    # game against the stored revision) already when it read the game, then as a double click.
    assert isinstance(lost[0], StaleVersionError)
    assert "try again" in str(lost[0]) or "already played" in str(lost[0])
    assert [e.seq for e in await first.db.events.events(game)] == [1]
    assert (await second.views.status(game)).version == 1  # the loser reloads the new board


async def test_two_connections_racing_on_one_version_commit_exactly_one_move(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    h = await hosts(db_path, clock)
    game = (await started_game(h)).game_id
    await h.close()
    one, two = await Database.open(db_path), await Database.open(db_path)
    try:
        bundle = await one.games.load_game(game)
        assert bundle is not None and bundle.snapshot is not None
        event = EventRow(game, 1, 0, A, "player", "x", "x", b"[]", 1.0)
        move = MoveWrite(
            game, 0, event, bundle.snapshot, "active", None, Schedule(None, None, 0, None), (), 1.0
        )
        other = dataclasses.replace(move, event=dataclasses.replace(event, action="y"))
        results = await asyncio.gather(
            one.moves.commit_move(move), two.moves.commit_move(other), return_exceptions=True
        )
        assert sorted(type(r).__name__ for r in results) == ["VersionConflictError", "bool"]
        assert all(r is False or isinstance(r, VersionConflictError) for r in results)
        assert len(await one.events.events(game)) == 1
        assert (await two.games.load_game(game)).game.version == 1  # type: ignore[union-attr]
    finally:
        await one.close()
        await two.close()


async def _play(path: Path | str) -> None:
    h = await open_host(path, FakeClock())
    try:
        rng = random.Random(5)
        for channel in range(2):
            game = (await started_game(h, channel=channel, players=3, kind="downfall")).game_id
            for _ in range(20):
                await random_move(h, game, rng)
        toy = (await started_game(h, channel=9, variants={"max_turns": 6})).game_id
        while await random_move(h, toy, rng) is not None:
            pass
    finally:
        await h.close()


async def test_check_replays_every_game_on_either_backend(db_path: Path | str) -> None:
    await _play(db_path)
    report = await asyncio.to_thread(check_database, db_path, games)
    assert report.ok, report.problems
    assert report.games_checked == 3 and report.moves_replayed >= 40
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "storage.check", str(db_path), "--plugins", "tests.toy"],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and "3 games" in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
async def test_a_postgresql_backup_is_a_pg_dump_that_restores_whole(
    db_path: Path | str, new_db: NewDb, tmp_path: Path, pg_cluster: Cluster
) -> None:
    await _play(db_path)
    h = await open_host(db_path, FakeClock())
    try:
        dump = await h.backup(tmp_path / "games.dump")
    finally:
        await h.close()
    assert dump.is_file() and not (tmp_path / "games.dump.partial").exists()
    command = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "storage.backup", str(db_path), str(tmp_path / "cli.dump")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert command.returncode == 0 and (tmp_path / "cli.dump").stat().st_size > 0, command.stderr
    restored = pg_cluster.new_database("template0")
    done = await asyncio.to_thread(
        subprocess.run,
        [pg_tool("pg_restore"), "--no-owner", "--dbname", restored, str(dump)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = await asyncio.to_thread(check_database, restored, games)
    assert report.ok and report.games_checked == 3
    a, b = connect(db_path), connect(restored)
    try:
        assert counts(a) == counts(b)  # type: ignore[arg-type]
    finally:
        a.close()
        b.close()


async def test_a_sqlite_database_moves_into_postgresql_and_checks_out(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    source = tmp_path / "games.db"
    await _play(source)
    target = pg_cluster.new_database(TEMPLATE)
    assert await asyncio.to_thread(migrate, source, target, games) == []
    a, b = connect(source), connect(target)
    try:
        assert counts(a) == counts(b)  # type: ignore[arg-type]
        assert counts(b)["events"] >= 40
    finally:
        a.close()
        b.close()
    h = await open_host(target, FakeClock())  # the bot carries on where SQLite left off
    try:
        status = await started_game(h, channel=77)
        assert status.game_id == 4  # ids continue after the copied ones
    finally:
        await h.close()
    again = await _migrate_to(target, source)
    assert again.returncode == 2 and "already holds games" in again.stderr


async def _migrate_to(target: str, source: Path) -> subprocess.CompletedProcess[str]:
    """``python -m storage.migrate_to target --from source``, as an operator runs it."""
    return await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "storage.migrate_to", target, "--from", str(source)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def _not_games(folder: Path) -> dict[str, Path]:
    """Files the bot refuses to start on: an empty file, and a file that is not SQLite."""
    folder.mkdir()
    empty = folder / "empty.sqlite3"
    empty.write_bytes(b"")
    text = folder / "notes.sqlite3"
    text.write_text("not a database at all\n" * 200)
    return {"empty": empty, "text": text}


async def test_migrate_to_refuses_a_file_the_bot_refuses_in_its_words(
    tmp_path: Path, pg_cluster: Cluster
) -> None:
    """A 0-byte file was "copied and checked (0 games)" (issue 44, item 22). Every file the bot
    refuses is refused with the bot's own sentence for it, naming it, and nothing is written."""
    bots = _not_games(tmp_path / "bot")
    for name, source in _not_games(tmp_path / "migrate").items():
        with pytest.raises(DatabaseOpenError) as refused:
            await Database.open(bots[name])
        said = str(refused.value).replace(str(bots[name]), str(source))
        target = pg_cluster.new_database("template0")
        done = await _migrate_to(target, source)
        assert done.returncode == 2 and not done.stdout, (name, done.stdout, done.stderr)
        assert done.stderr.strip() == f"nothing was copied: {said}", (name, done.stderr)
        conn = connect(target)
        try:
            tables = conn.execute(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
            ).fetchone()
        finally:
            conn.close()
        assert tables == (0,), name  # not even the schema
    assert bots["empty"].stat().st_size == 0


async def test_a_failed_upgrade_says_so_and_leaves_the_games_as_they_were(
    hosts: OpenHost,
    db_path: Path | str,
    clock: FakeClock,
    backend: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new version's migration that fails is rolled back and reported as a failed upgrade
    (the operator starts the old version again), not as a damaged database to restore."""
    h = await hosts(db_path, clock)
    status = await started_game(h)
    version = await h.db.schema_version()
    await h.close()
    shipped = schema.migrations(dialect_for(db_path))
    broken = "CREATE TABLE half_done (x INTEGER);\nCREATE TABLE broken (;\n"
    monkeypatch.setattr(schema, "migrations", lambda dialect: [*shipped, (version + 1, broken)])
    with pytest.raises(DatabaseOpenError) as failed:
        await Database.open(db_path)
    said = str(failed.value)
    assert f"upgrading the database to schema version {version + 1} failed" in said
    assert "rolled back" in said and "previous version of the bot" in said
    assert "damaged" not in said and "not a Vesuvius game database" not in said
    monkeypatch.undo()
    h = await hosts(db_path, clock)
    assert await h.db.schema_version() == version
    assert await h.views.status(status.game_id) == status
    conn = connect(db_path)
    try:
        with pytest.raises(Exception, match="half_done"):
            conn.execute("SELECT count(*) FROM half_done")
    finally:
        conn.close()
