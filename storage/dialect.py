"""The storage backend interface. Every query in ``storage`` is written once, in the SQL the
backends agree on, with ``?`` placeholders, inside a plain synchronous function that runs on a
:class:`Connection` on the database's own thread (one hop per transaction). What truly differs
between backends is one :class:`Dialect` object per backend, which each connection carries
(``conn.dialect``): the SQL text a statement becomes, the schema version, the table listing,
the integrity check, how a migration is applied and what its placeholders become, backups, the
error classes and the operator's sentences. The storage code asks it instead of branching.

The backends are :mod:`storage.sqlite` (the default, a file) and :mod:`storage.postgres`
(``postgresql://…``); :mod:`storage.backends` picks one for a path or URL. A third backend is one
more module implementing :class:`Dialect` (and :class:`Link`), listed there.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar

from storage.rows import DatabaseOpenError, StorageError
from storage.tally import Tally

T = TypeVar("T")
Target = str | Path
"""Where a database is: a SQLite file, or a URL (``postgresql://…``)."""


class Cursor(Protocol):
    """What the storage code reads from a statement (``sqlite3.Cursor`` and psycopg's)."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def fetchmany(self, size: int = ..., /) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """A connection in autocommit mode (transactions are explicit ``BEGIN`` … ``COMMIT``) that
    knows its backend."""

    @property
    def dialect(self) -> Dialect: ...

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Cursor: ...

    def executemany(self, sql: str, parameters: Sequence[Sequence[Any]], /) -> Cursor: ...

    def close(self) -> None: ...


class Runner(Protocol):
    """Runs ``fn(connection)`` on the database thread, one hop (:meth:`storage.db.Database.run`):
    what each of the database's services (``db.games``, ``db.outbox``, ...) is built on."""

    def __call__(self, fn: Callable[[Connection], T], /) -> Awaitable[T]: ...


class Link(Protocol):
    """The open connection of a :class:`storage.db.Database`, owned by one thread."""

    @property
    def tally(self) -> Tally:
        """The statements and commits sent so far (:mod:`storage.tally`)."""
        ...

    async def run(self, fn: Callable[[Connection], T]) -> T:
        """``fn(connection)`` on the connection's thread (one hop)."""
        ...

    async def close(self) -> None: ...


Write = tuple[str, Sequence[Any]]
"""One statement whose result nobody reads, and its parameters."""

PLACEHOLDER = re.compile(r"\{(\w+)\}")
"""A placeholder of a migration (``{int}``): what :attr:`Dialect.fragments` names."""


class Dialect(ABC):
    """One backend: what its SQL, schema bookkeeping and tools do differently."""

    name: str
    """``sqlite``, ``postgresql``."""
    errors: tuple[type[Exception], ...]
    """Any error the database reports."""
    integrity_errors: tuple[type[Exception], ...]
    """A constraint refused the write (a unique index, the append-only log)."""
    shared_by_default: bool
    """Whether several processes are taken to share a database of this backend (``claims``)."""
    fragments: ClassVar[Mapping[str, str]]
    """What each placeholder of the migrations (``{int}``, ``{blob}``, ...) becomes. A released
    migration's placeholders never change meaning; a new need is a new placeholder."""

    @abstractmethod
    def handles(self, target: object) -> bool:
        """Whether ``target`` (a path or URL) names a database of this backend."""

    def where(self, target: Target) -> Target:
        """``target`` as this backend keeps it (a SQLite file's :class:`Path`, a URL's text)."""
        return target

    def shown(self, target: Target) -> str:
        """``target`` as messages and logs name it (no password)."""
        return str(target)

    def missing(self, target: Target) -> str | None:
        """Why the tools cannot even try ``target`` (``None``: try it)."""
        return None

    # connections

    @abstractmethod
    def connect(self, target: Target, *, read_only: bool = False) -> Connection:
        """A plain synchronous connection (autocommit), for the tools and the tests."""

    @abstractmethod
    async def open(self, target: Target) -> Link:
        """The connection :class:`storage.db.Database` runs on (raises what opening raises)."""

    def translate(self, sql: str) -> str:
        """The storage code's SQL (``?`` placeholders, ``BEGIN IMMEDIATE``) as this backend
        takes it."""
        return sql

    @abstractmethod
    def configure(self, c: Connection) -> None:
        """Settings every connection to a game database uses."""

    def atomically(self, c: Connection, writes: Sequence[Write]) -> None:
        """Run ``writes`` (statements on different tables, whose results nobody reads) as one
        atomic unit, the first write's rows locked first (as a move locks its game's row
        first: no two writers wait on each other): here in one transaction, in order; a backend
        that can may send them as one statement (issue 43: a delivery's record)."""
        if not writes:
            return
        c.execute("BEGIN IMMEDIATE")
        try:
            for sql, params in writes:
                c.execute(sql, params)
        except BaseException:
            c.execute("ROLLBACK")
            raise
        c.execute("COMMIT")

    # schema

    @abstractmethod
    def schema_version(self, c: Connection) -> int:
        """The number of the last migration applied (0 for a new database)."""

    @abstractmethod
    def set_schema_version(self, c: Connection, number: int) -> None:
        """Record ``number`` as the last migration applied (inside the migration's
        transaction)."""

    @abstractmethod
    def table_names(self, c: Connection) -> set[str]:
        """The tables of the database."""

    @abstractmethod
    def columns(self, c: Connection, table: str) -> list[str]:
        """The column names of ``table``, in order."""

    def migration(self, sql: str) -> str:
        """A migration as written (``storage/migrations``) in this backend's SQL: each
        placeholder replaced by its :attr:`fragments`."""

        def fragment(m: re.Match[str]) -> str:
            if m[1] not in self.fragments:
                raise StorageError(f"the {self.name} dialect has no migration fragment {m[0]}")
            return self.fragments[m[1]]

        return PLACEHOLDER.sub(fragment, sql)

    def migrating(self, c: Connection) -> AbstractContextManager[object]:
        """Held while the migrations run (against a second process migrating at once)."""
        return nullcontext()

    @abstractmethod
    def apply(self, c: Connection, sql: str) -> None:
        """Run one migration's statements (inside its transaction)."""

    @abstractmethod
    def continue_ids(self, c: Connection) -> None:
        """After rows were copied in with their ids: new games get ids after them."""

    # tools

    def integrity(self, c: Connection) -> str:
        """``ok``, or what the backend's own check of its storage found."""
        return "ok"

    @abstractmethod
    def backup(self, target: Target, dest: Target) -> Path:
        """Copy the whole database to ``dest`` while the bot runs; never half-written."""

    @abstractmethod
    def open_error(self, target: Target, error: BaseException) -> DatabaseOpenError:
        """One sentence for the operator: the database, what is wrong, what to do."""

    @abstractmethod
    def unreadable(self, target: Target, error: BaseException) -> str:
        """The sentence of ``python -m storage.check`` for a database it could not read."""


def upgrade_failed(where: str, text: str) -> str:
    """The sentence for a schema upgrade that failed (and was rolled back)."""
    return (
        f"{where}: {text}. The upgrade was rolled back: the games in it are as they were, and "
        "the previous version of the bot still opens it. Start that version again (or restore "
        "a copy made with `python -m storage.backup`) and report this error."
    )


def ints(conn: Connection, sql: str, params: Sequence[object] = ()) -> list[int]:
    """The first column of every row of a query, as ints (ids, versions)."""
    return [int(r[0]) for r in conn.execute(sql, tuple(params)).fetchall()]


def value(conn: Connection, sql: str, params: Sequence[object] = ()) -> Any:
    """The first column of the first row of a query (``None``: no row, or a NULL)."""
    row = conn.execute(sql, tuple(params)).fetchone()
    return None if row is None else row[0]
