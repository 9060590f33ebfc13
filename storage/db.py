"""The game database: one connection on the database's own thread (SQLite through aiosqlite, or
PostgreSQL through psycopg: its backend, ``storage.dialect``), its migrations, and the services
the host uses, one concept each, all running on that connection (:meth:`Database.run`):

- ``db.games``: the games and seats rows, a table's writes outside a move (:mod:`storage.games`);
- ``db.events``: the event log's reads (:mod:`storage.events`);
- ``db.moves``: the one write path of a move, group-committed (:mod:`storage.moves`);
- ``db.schedule``: what is due when in the active games (:mod:`storage.schedule`);
- ``db.outbox``: announcements and private notices to deliver (:mod:`storage.outbox`);
- ``db.people``: each user's settings (:mod:`storage.people`);
- ``db.servers``: each server's settings (:mod:`storage.servers`);
- ``db.claims``: several processes on one database, claims with a lease (:mod:`storage.claims`);
- ``db.records``: results and ratings (:mod:`storage.records`);
- ``db.seats``: seats handed over or claimed, and those that look for a player
  (:mod:`storage.seats`).

Every write the host makes for one move (event row, snapshot, game row, seat rows) is a single
function run on the database thread: one hop, one ``BEGIN IMMEDIATE ... COMMIT``. SQLite's
connection settings: WAL, ``synchronous=FULL`` (a commit survives power loss), foreign keys on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from storage.backends import dialect_for
from storage.claims import Claims
from storage.dialect import Connection, Link
from storage.events import Events
from storage.games import Games
from storage.moves import Moves
from storage.outbox import Outbox
from storage.people import People
from storage.ratings import needs_rebuild, rebuild
from storage.records import Records
from storage.rows import DatabaseOpenError, StorageError
from storage.schedule import Scheduling
from storage.schema import configure, migrate, schema_version, verify_schema
from storage.seats import Seats
from storage.servers import Servers
from storage.undo import UndoRequests

T = TypeVar("T")


class Database:
    """An open game database. Create with ``await Database.open(path)``; ``await db.close()``.
    Its calls are those of its services (see the module): ``await db.outbox.unsent(game)``."""

    def __init__(self, link: Link, path: Path | str) -> None:
        self._link = link
        self.path = path
        """The SQLite file, or the PostgreSQL URL."""
        self.dialect = dialect_for(path)
        """The backend (:mod:`storage.dialect`)."""
        self.tally = link.tally
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
        self.seats = Seats(run)
        self.undos = UndoRequests(run)

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        """Open (creating if needed) and migrate the database at ``path``: a SQLite file, or a
        ``postgresql://`` URL. A database that cannot be used (damaged, not ours, read-only, a
        full disk, an empty file that is not new, a server that refuses) raises
        :class:`DatabaseOpenError` with a sentence for the operator."""
        dialect = dialect_for(path)
        target = dialect.where(path)
        errors: tuple[type[Exception], ...] = (*dialect.errors, OSError)
        try:
            link = await dialect.open(target)
        except errors as e:
            raise dialect.open_error(target, e) from e
        return await cls(link, target)._prepare()

    async def _prepare(self) -> Database:
        """Configure, migrate and check the schema (closing the connection if that fails)."""
        errors: tuple[type[Exception], ...] = (
            *self.dialect.errors,
            UnicodeDecodeError,
            OSError,
            StorageError,
        )
        try:
            await self.run(configure)
            await self.run(migrate)
            await self.run(verify_schema)
            if await self.run(needs_rebuild):  # finished games from before the ratings
                await self.run(rebuild)
        except errors as e:
            await self._link.close()
            if isinstance(e, DatabaseOpenError):
                raise
            raise self.dialect.open_error(self.path, e) from e
        except BaseException:
            await self._link.close()
            raise
        return self

    async def close(self) -> None:
        """Close after the moves already handed to ``db.moves.commit_move`` are written."""
        await self.moves.settle()
        await self._link.close()

    async def run(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(connection)`` on the database thread: one hop for any number of
        statements."""
        return await self._link.run(fn)

    async def schema_version(self) -> int:
        return await self.run(schema_version)

    async def backup(self, dest: str | Path) -> Path:
        """Copy the whole database to ``dest`` while the bot runs (SQLite: the online backup
        API; PostgreSQL: a ``pg_dump`` archive)."""
        return await asyncio.to_thread(self.dialect.backup, self.path, dest)
