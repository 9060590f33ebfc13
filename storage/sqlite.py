"""The SQLite backend (the default): a file, one aiosqlite connection for the bot (its thread runs
the storage code's transactions, one hop each), ``PRAGMA user_version`` for the schema version,
``PRAGMA integrity_check``, and backups with SQLite's online backup API."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import ClassVar, TypeVar, cast

import aiosqlite

from storage.dialect import Connection, Dialect, Target, upgrade_failed
from storage.rows import DatabaseOpenError, MigrationError, StorageError
from storage.tally import Tally

T = TypeVar("T")


class SqliteConnection(sqlite3.Connection):
    """A ``sqlite3`` connection that knows its dialect (``sqlite3.connect(factory=…)``)."""

    @property
    def dialect(self) -> SqliteDialect:
        return SQLITE


class SqliteLink:
    """The bot's aiosqlite connection: ``run(fn)`` calls ``fn(connection)`` on its thread."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.tally = Tally()

    async def run(self, fn: Callable[[Connection], T]) -> T:
        """aiosqlite has no public call for this; ``_execute`` is the queue every public method
        uses, and this is the only place that touches it."""
        conn = cast(SqliteConnection, self.conn._conn)
        return cast(T, await self.conn._execute(lambda: fn(conn)))  # type: ignore[no-untyped-call]

    async def close(self) -> None:
        await self.conn.close()


class SqliteDialect(Dialect):
    """SQLite: the file ``VESUVIUS_DB``; WAL, ``synchronous=FULL``, foreign keys on."""

    name = "sqlite"
    errors = (sqlite3.Error,)
    integrity_errors = (sqlite3.IntegrityError,)
    shared_by_default = False
    fragments: ClassVar[Mapping[str, str]] = {
        "int": "INTEGER",
        "real": "REAL",
        "blob": "BLOB",
        "autoincrement_id": "INTEGER PRIMARY KEY",  # the rowid
        "without_rowid": " WITHOUT ROWID",
        "events_append_only": (
            "CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events\n"
            "BEGIN\n"
            "    SELECT RAISE(ABORT, 'the event log is append-only');\n"
            "END;\n"
            "CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events\n"
            "BEGIN\n"
            "    SELECT RAISE(ABORT, 'the event log is append-only');\n"
            "END;"
        ),
        "events_append_only_update_drop": "DROP TRIGGER events_append_only_update;",
        "events_append_only_update": (
            "CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events\n"
            "BEGIN\n"
            "    SELECT RAISE(ABORT, 'the event log is append-only');\n"
            "END;"
        ),
    }

    def handles(self, target: object) -> bool:
        return isinstance(target, (str, Path))

    def where(self, target: Target) -> Path:
        return Path(target)

    def missing(self, target: Target) -> str | None:
        return None if Path(target).is_file() else f"{target}: no such file"

    def connect(self, target: Target, *, read_only: bool = False) -> SqliteConnection:
        if read_only:
            return sqlite3.connect(
                f"file:{Path(target)}?mode=ro", uri=True, factory=SqliteConnection
            )
        return sqlite3.connect(target, isolation_level=None, factory=SqliteConnection)

    async def open(self, target: Target) -> SqliteLink:
        path = Path(target)
        # A plain open first: when it fails (a folder, no permission), aiosqlite's worker
        # thread would otherwise outlive the error and print a traceback at exit.
        await asyncio.to_thread(_probe, path)
        conn = await aiosqlite.connect(path, isolation_level=None, factory=SqliteConnection)
        link = SqliteLink(conn)
        await conn.set_trace_callback(link.tally.saw)  # SQLite tells every statement it runs
        return link

    def configure(self, c: Connection) -> None:
        c.execute("PRAGMA journal_mode=WAL")
        c.execute("PRAGMA synchronous=FULL")
        c.execute("PRAGMA foreign_keys=ON")
        c.execute("PRAGMA busy_timeout=5000")

    def continue_ids(self, c: Connection) -> None:
        """(A new rowid is always after the largest.)"""

    def schema_version(self, c: Connection) -> int:
        return int(c.execute("PRAGMA user_version").fetchone()[0])

    def set_schema_version(self, c: Connection, number: int) -> None:
        c.execute(f"PRAGMA user_version={int(number)}")

    def table_names(self, c: Connection) -> set[str]:
        """(Reading SQLite's schema also finds a damaged file.)"""
        return {str(r[0]) for r in c.execute("SELECT name FROM sqlite_master WHERE type='table'")}

    def columns(self, c: Connection, table: str) -> list[str]:
        return [str(r[1]) for r in c.execute(f"PRAGMA table_info({table})")]

    def apply(self, c: Connection, sql: str) -> None:
        for statement in statements(sql):
            c.execute(statement)

    def integrity(self, c: Connection) -> str:
        return "; ".join(str(r[0]) for r in c.execute("PRAGMA integrity_check").fetchall())

    def backup(self, target: Target, dest: Target) -> Path:
        return backup_file(target, dest)

    def open_error(self, target: Target, error: BaseException) -> DatabaseOpenError:
        path, text = target, str(error)
        low = text.lower()
        if "readonly" in low or "read-only" in low or isinstance(error, PermissionError):
            return DatabaseOpenError(
                f"{path} cannot be written ({text}): the bot must be able to write the file "
                "and its folder; fix their permissions or set VESUVIUS_DB to a writable place."
            )
        if "full" in low or "disk i/o" in low or "no space" in low:
            return DatabaseOpenError(
                f"{path} cannot be written because the disk is full or failing ({text}): free "
                "some space (or check the disk), then start the bot again."
            )
        if "unable to open" in low or isinstance(error, (FileNotFoundError, IsADirectoryError)):
            if Path(path).is_file():  # there, yet not openable: a read-only mount, permissions
                return DatabaseOpenError(self.unreadable(path, error))
            return DatabaseOpenError(
                f"{path} cannot be opened ({text}): check that its folder exists and the path "
                "is a file, or set VESUVIUS_DB to another file."
            )
        if "newer than this code" in low:
            return DatabaseOpenError(f"{path}: {text}.")
        if isinstance(error, MigrationError):
            return DatabaseOpenError(upgrade_failed(str(path), text))
        return DatabaseOpenError(
            f"{path} is damaged or is not a Vesuvius game database ({type(error).__name__}: "
            f"{text}): restore it from a copy made with `python -m storage.backup`, or move it "
            "away to start with a new database."
        )

    def unreadable(self, target: Target, error: BaseException) -> str:
        if isinstance(error, sqlite3.OperationalError) and _cannot_open(error):
            return (
                f"{target} cannot be opened or read here ({error}): the file itself may well be "
                "intact. Check its permissions and the disk (a full disk, or a read-only "
                "mount: a database in use keeps -wal and -shm files beside it that must be "
                "readable too; copy the three files somewhere writable and check the copy). Do "
                "not restore a backup over it: that would lose the games since the backup."
            )
        return (
            f"{target}: not a readable game database ({type(error).__name__}: {error}): it is "
            "damaged or is not a Vesuvius database. Restore it from a backup made with "
            "`python -m storage.backup`."
        )


SQLITE = SqliteDialect()


def backup_file(source: Target, dest: Target) -> Path:
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


def statements(sql: str) -> Iterable[str]:
    """Split a migration into statements (``sqlite3.complete_statement`` handles triggers)."""
    buffer = ""
    for line in sql.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statement = buffer.strip()
            if statement.strip(";").strip() and not _only_comments(statement):
                yield statement
            buffer = ""
    if buffer.strip() and not _only_comments(buffer):
        raise StorageError(f"incomplete statement at the end of a migration: {buffer[:60]!r}")


def _only_comments(text: str) -> bool:
    return all(not ln.strip() or ln.strip().startswith("--") for ln in text.splitlines())


def _cannot_open(error: sqlite3.OperationalError) -> bool:
    """The file could not be opened or read where it is (permissions, a read-only mount, a full
    disk), as opposed to a file whose content is damaged."""
    text = str(error).lower()
    return any(
        w in text
        for w in ("unable to open", "readonly", "read-only", "disk", "full", "locked", "permission")
    )


def refuse_empty(path: Path) -> None:
    """Raise :class:`DatabaseOpenError` for an empty file that already exists: it is never
    silently made a new database (the bot's refusal, and ``storage.migrate_to``'s)."""
    if path.is_file() and path.stat().st_size == 0:
        raise DatabaseOpenError(
            f"{path} is an empty file (0 bytes), not a game database. If you meant to "
            "start with a new database, delete it (or set VESUVIUS_DB to a new file); if "
            "your games were in it, restore a copy made with `python -m storage.backup`."
        )


def _probe(path: Path) -> None:
    """Open and close ``path`` with the standard library (raises what opening it raises; an
    empty file that already exists is refused: :func:`refuse_empty`)."""
    refuse_empty(path)
    if path.is_dir():
        raise IsADirectoryError(f"{path} is a folder")
    sqlite3.connect(path).close()
