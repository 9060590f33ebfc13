"""The game database: one connection (SQLite through aiosqlite, or PostgreSQL through psycopg on
a thread of its own: ``storage.dialect``), its migrations, and the services the host uses, one
concept each, all running on that connection (:meth:`Database.run`):

- ``db.games``: the games and seats rows, a table's writes outside a move (:mod:`storage.games`);
- ``db.events``: the event log's reads (:mod:`storage.events`);
- ``db.moves``: the one write path of a move, group-committed (:mod:`storage.moves`);
- ``db.schedule``: what is due when in the active games (:mod:`storage.schedule`);
- ``db.outbox``: announcements and private notices to deliver (:mod:`storage.outbox`);
- ``db.people``: each user's settings (:mod:`storage.people`);
- ``db.servers``: each server's settings (:mod:`storage.servers`);
- ``db.claims``: several processes on one database, claims with a lease (:mod:`storage.claims`);
- ``db.records``: results and ratings (:mod:`storage.records`).

Every write the host makes for one move (event row, snapshot, game row, seat rows) is a single
function run on the database thread: one hop, one ``BEGIN IMMEDIATE ... COMMIT``. SQLite's
connection settings: WAL, ``synchronous=FULL`` (a commit survives power loss), foreign keys on.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar, cast

import aiosqlite

from storage.claims import Claims
from storage.dialect import (
    POSTGRESQL,
    SQLITE,
    Connection,
    DatabaseErrors,
    is_url,
    schema_version,
)
from storage.events import Events
from storage.games import Games
from storage.moves import Moves
from storage.outbox import Outbox
from storage.people import People
from storage.postgres import PgRunner, backup_url
from storage.ratings import needs_rebuild, rebuild
from storage.records import Records
from storage.rows import DatabaseOpenError, StorageError
from storage.schedule import Scheduling
from storage.schema import configure, migrate, open_error, verify_schema
from storage.servers import Servers
from storage.tally import Tally

T = TypeVar("T")
OPEN_ERRORS: tuple[type[Exception], ...] = (
    *DatabaseErrors,
    UnicodeDecodeError,
    OSError,
    StorageError,
)


class Database:
    """An open game database. Create with ``await Database.open(path)``; ``await db.close()``.
    Its calls are those of its services (see the module): ``await db.outbox.unsent(game)``."""

    def __init__(self, conn: aiosqlite.Connection | PgRunner, path: Path | str) -> None:
        self._conn = conn
        self.path = path
        """The SQLite file, or the PostgreSQL URL."""
        self.dialect = POSTGRESQL if isinstance(conn, PgRunner) else SQLITE
        self.tally = conn.tally if isinstance(conn, PgRunner) else Tally()
        """Statements and commits sent to the database so far (:mod:`storage.tally`)."""

        def run(fn: Callable[[Connection], T]) -> Awaitable[T]:
            return self.run(fn)  # looked up at each call: every hop goes through ``db.run``

        self.games = Games(run)
        self.events = Events(run)
        self.moves = Moves(run)
        self.schedule = Scheduling(run)
        self.outbox = Outbox(run)
        self.people = People(run)
        self.servers = Servers(run)
        self.claims = Claims(run)
        self.records = Records(run)

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        """Open (creating if needed) and migrate the database at ``path``: a SQLite file, or a
        ``postgresql://`` URL. A database that cannot be used (damaged, not ours, read-only, a
        full disk, an empty file that is not new, a server that refuses) raises
        :class:`DatabaseOpenError` with a sentence for the operator."""
        if is_url(path):
            url = str(path)
            runner = PgRunner(url)
            try:
                await runner.connect()
            except DatabaseErrors as e:
                raise open_error(url, e) from e
            return await cls(runner, url)._prepare()
        path = Path(path)
        if path.is_file() and path.stat().st_size == 0:
            raise DatabaseOpenError(
                f"{path} is an empty file (0 bytes), not a game database. If you meant to "
                "start with a new database, delete it (or set VESUVIUS_DB to a new file); if "
                "your games were in it, restore a copy made with `python -m storage.backup`."
            )
        try:
            # A plain open first: when it fails (a folder, no permission), aiosqlite's worker
            # thread would otherwise outlive the error and print a traceback at exit.
            await asyncio.to_thread(_probe, path)
            conn = await aiosqlite.connect(path, isolation_level=None)
        except (sqlite3.Error, OSError) as e:
            raise open_error(path, e) from e
        return await cls(conn, path)._prepare()

    async def _prepare(self) -> Database:
        """Configure, migrate and check the schema (closing the connection if that fails)."""
        db, conn, path = self, self._conn, self.path
        try:
            if not isinstance(conn, PgRunner):  # SQLite tells every statement it runs
                await conn.set_trace_callback(self.tally.saw)
            await db.run(configure)
            await db.run(migrate)
            await db.run(verify_schema)
            if await db.run(needs_rebuild):  # finished games from before the ratings
                await db.run(rebuild)
        except OPEN_ERRORS as e:
            await conn.close()
            if isinstance(e, DatabaseOpenError):
                raise
            raise open_error(path, e) from e
        except BaseException:
            await conn.close()
            raise
        return db

    async def close(self) -> None:
        """Close after the moves already handed to ``db.moves.commit_move`` are written."""
        await self.moves.settle()
        await self._conn.close()

    async def run(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(connection)`` on the database thread: one hop for any number of statements.

        aiosqlite has no public call for this; ``_execute`` is the queue every public method
        uses, and this is the only place that touches it.
        """
        conn = self._conn
        if isinstance(conn, PgRunner):
            return await conn.run(fn)
        return cast(T, await conn._execute(lambda: fn(conn._conn)))  # type: ignore[no-untyped-call]

    async def schema_version(self) -> int:
        return await self.run(schema_version)

    async def backup(self, dest: str | Path) -> Path:
        """Copy the whole database to ``dest`` while the bot runs (see :func:`backup_file`; for
        PostgreSQL a ``pg_dump`` archive, :func:`storage.postgres.backup_url`)."""
        if isinstance(self.path, str):
            return await asyncio.to_thread(backup_url, self.path, dest)
        return await asyncio.to_thread(backup_file, self.path, dest)


def backup_file(source: str | Path, dest: str | Path) -> Path:
    """Copy a database with SQLite's online backup API, from its own read connection, so the
    bot keeps committing moves during the copy (WAL). The copy is written to a temporary name
    and renamed, so ``dest`` is never half-written."""
    dest = Path(dest)
    tmp = dest.with_name(dest.name + ".partial")
    tmp.unlink(missing_ok=True)
    src = sqlite3.connect(f"file:{Path(source)}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(tmp)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
    tmp.replace(dest)
    return dest


def _probe(path: Path) -> None:
    """Open and close ``path`` with the standard library (raises what opening it raises)."""
    if path.is_dir():
        raise IsADirectoryError(f"{path} is a folder")
    sqlite3.connect(path).close()
