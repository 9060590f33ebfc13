"""The two SQL dialects the game database speaks: SQLite (the default, a file) and PostgreSQL
(``postgresql://…``). Every query in ``storage`` is written once, in the SQL both agree on, with
``?`` placeholders, and runs on a synchronous connection on the database's own thread (one hop
per transaction). For PostgreSQL :class:`PgConnection` wraps a psycopg 3 connection so it looks
like a ``sqlite3.Connection`` to that code: it turns ``?`` into psycopg's ``%s`` and
``BEGIN IMMEDIATE`` into ``BEGIN``. What truly differs (migrations, the schema version, the
schema check, backup, integrity checks) asks :func:`is_postgres`.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit, urlunsplit

import psycopg

from storage.tally import Tally

T = TypeVar("T")

SQLITE = "sqlite"
POSTGRESQL = "postgresql"


class Cursor(Protocol):
    """What the storage code reads from a statement (``sqlite3.Cursor`` and psycopg's)."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """A connection in autocommit mode (transactions are explicit ``BEGIN`` … ``COMMIT``)."""

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Cursor: ...

    def executemany(self, sql: str, parameters: Sequence[Sequence[Any]], /) -> Cursor: ...


class Runner(Protocol):
    """Runs ``fn(connection)`` on the database thread, one hop (:meth:`storage.db.Database.run`):
    what each of the database's services (``db.games``, ``db.outbox``, ...) is built on."""

    def __call__(self, fn: Callable[[Connection], T], /) -> Awaitable[T]: ...


IntegrityErrors: tuple[type[Exception], ...] = (sqlite3.IntegrityError, psycopg.IntegrityError)
"""A constraint refused the write (a unique index, the append-only log), in either dialect."""
DatabaseErrors: tuple[type[Exception], ...] = (sqlite3.Error, psycopg.Error)
"""Any error the database reported, in either dialect."""


def is_url(target: object) -> bool:
    """Whether ``target`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def shown(url: str) -> str:
    """The URL without its password, to name the database in messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


@lru_cache(maxsize=512)
def translate(sql: str) -> str:
    """The query in psycopg's form: ``?`` → ``%s`` (a literal ``%`` doubled), and SQLite's
    ``BEGIN IMMEDIATE`` (take the write lock now) → ``BEGIN`` (PostgreSQL locks rows)."""
    if sql.startswith("BEGIN IMMEDIATE"):
        return "BEGIN"
    return sql.replace("%", "%%").replace("?", "%s")


class PgConnection:
    """A psycopg connection (autocommit) that takes the storage code's ``?`` queries."""

    dialect = POSTGRESQL

    def __init__(self, conn: psycopg.Connection[Any], url: str) -> None:
        self.raw = conn
        self.url = url
        self.tally = Tally()
        """The statements and commits sent through :meth:`execute` and :meth:`executemany`."""

    @classmethod
    def connect(cls, url: str, *, read_only: bool = False) -> PgConnection:
        options = "-c default_transaction_read_only=on" if read_only else None
        conn = psycopg.connect(url, autocommit=True, options=options)
        return cls(conn, url)

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> psycopg.Cursor[Any]:
        self.tally.saw(sql)
        return self.raw.execute(translate(sql), parameters)

    def executemany(self, sql: str, parameters: Sequence[Sequence[Any]], /) -> psycopg.Cursor[Any]:
        for _ in parameters:
            self.tally.saw(sql)
        cur = self.raw.cursor()
        cur.executemany(translate(sql), parameters)
        return cur

    def script(self, sql: str) -> None:
        """Run several statements (a migration) as they are written (no placeholders)."""
        self.raw.execute(sql.encode())

    def close(self) -> None:
        self.raw.close()


def connect(target: str | os.PathLike[str]) -> sqlite3.Connection | PgConnection:
    """A plain synchronous connection (autocommit) to a SQLite file or a PostgreSQL URL, for the
    command-line tools; ``close()`` it."""
    if is_url(target):
        return PgConnection.connect(str(target))
    return sqlite3.connect(target, isolation_level=None)


def is_postgres(c: Connection) -> bool:
    return isinstance(c, PgConnection)


def schema_version(c: Connection) -> int:
    """The number of the last migration applied (0 for a new database)."""
    if isinstance(c, PgConnection):
        found = c.execute("SELECT to_regclass('schema_version') IS NOT NULL").fetchone()
        if not found or not found[0]:
            return 0
        row = c.execute("SELECT version FROM schema_version").fetchone()
        return 0 if row is None else int(row[0])
    return int(c.execute("PRAGMA user_version").fetchone()[0])


def set_schema_version(c: Connection, number: int) -> None:
    """Record ``number`` as the last migration applied (inside the migration's transaction)."""
    if isinstance(c, PgConnection):
        c.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        c.execute("DELETE FROM schema_version")
        c.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))
    else:
        c.execute(f"PRAGMA user_version={int(number)}")


def table_names(c: Connection) -> set[str]:
    """The tables of the database (reading SQLite's schema also finds a damaged file)."""
    rows: Iterable[Any]
    if isinstance(c, PgConnection):
        rows = c.execute(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        )
    else:
        rows = c.execute("SELECT name FROM sqlite_master WHERE type='table'")
    return {str(r[0]) for r in rows}


def ints(conn: Connection, sql: str, params: Sequence[object] = ()) -> list[int]:
    """The first column of every row of a query, as ints (ids, versions)."""
    return [int(r[0]) for r in conn.execute(sql, tuple(params)).fetchall()]
