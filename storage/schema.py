"""The schema of the game database: numbered migrations (``storage/migrations`` for SQLite, the
same numbers and names in ``storage/migrations/postgresql``), connection settings, the check that
a database is one of ours, and one-sentence errors for the operator.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from storage.dialect import (
    POSTGRESQL,
    SQLITE,
    Connection,
    PgConnection,
    schema_version,
    set_schema_version,
    shown,
    table_names,
)
from storage.rows import DatabaseOpenError, MigrationError, StorageError


def migration_files(dialect: str = SQLITE) -> list[tuple[int, str, str]]:
    """``(number, file name, SQL)`` of the migrations shipped for ``dialect``, in order."""
    folder = resources.files("storage").joinpath("migrations")
    if dialect == POSTGRESQL:
        folder = folder.joinpath("postgresql")
    found: list[tuple[int, str, str]] = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), name, entry.read_text(encoding="utf-8")))
    found.sort()
    return found


def migrations(dialect: str = SQLITE) -> list[tuple[int, str]]:
    """The numbered migrations shipped for ``dialect`` (``0001_name.sql``), in order."""
    found = [(n, sql) for n, _name, sql in migration_files(dialect)]
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise StorageError(f"migrations must be numbered 1..n without gaps, found {numbers}")
    return found


def configure(conn: Connection) -> None:
    """Connection settings every connection to a game database uses (PostgreSQL's defaults are
    already durable: ``synchronous_commit=on``, ``fsync=on``)."""
    if isinstance(conn, PgConnection):
        conn.execute("SET TIME ZONE 'UTC'")
        return
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=5000")


def migrate(conn: Connection) -> int:
    """Bring the schema up to date (tracked in SQLite's ``PRAGMA user_version``, PostgreSQL's
    ``schema_version`` table); returns the version."""
    pg = isinstance(conn, PgConnection)
    if pg:  # two processes opening a new database at once: one migrates, the other waits
        conn.execute("SELECT pg_advisory_lock(?)", (MIGRATION_LOCK,))
    try:
        return _migrate(conn)
    finally:
        if pg:
            conn.execute("SELECT pg_advisory_unlock(?)", (MIGRATION_LOCK,))


MIGRATION_LOCK = 0x56455355
"""PostgreSQL's advisory lock taken while migrating ("VESU")."""


def _migrate(conn: Connection) -> int:
    current = schema_version(conn)
    available = migrations(POSTGRESQL if isinstance(conn, PgConnection) else SQLITE)
    if current > len(available):
        raise StorageError(
            f"the database has schema version {current}, newer than this code "
            f"({len(available)}); upgrade the bot"
        )
    for number, sql in available[current:]:
        conn.execute("BEGIN IMMEDIATE")
        try:
            if isinstance(conn, PgConnection):
                conn.script(sql)
            else:
                for statement in _statements(sql):
                    conn.execute(statement)
            set_schema_version(conn, number)
            conn.execute("COMMIT")
        except BaseException as e:
            conn.execute("ROLLBACK")
            if isinstance(e, Exception):
                raise MigrationError(number, e) from e
            raise
    return len(available)


TABLES = (
    "games",
    "seats",
    "events",
    "snapshots",
    "guild_settings",
    "outbox",
    "user_settings",
    "step_messages",
    "results",
    "ratings",
)


def verify_schema(conn: Connection) -> None:
    """The tables a game database has (reading the schema also finds a damaged one)."""
    names = table_names(conn)
    missing = [t for t in TABLES if t not in names]
    if missing:
        raise StorageError(f"the tables {', '.join(missing)} are missing")


def open_error(path: Path | str, error: BaseException) -> DatabaseOpenError:
    """One sentence for the operator: the file, what is wrong, what to do."""
    if isinstance(path, str):
        return _pg_open_error(path, error)
    text = str(error)
    low = text.lower()
    if "readonly" in low or "read-only" in low or isinstance(error, PermissionError):
        return DatabaseOpenError(
            f"{path} cannot be written ({text}): the bot must be able to write the file and "
            "its folder; fix their permissions or set VESUVIUS_DB to a writable place."
        )
    if "full" in low or "disk i/o" in low or "no space" in low:
        return DatabaseOpenError(
            f"{path} cannot be written because the disk is full or failing ({text}): free "
            "some space (or check the disk), then start the bot again."
        )
    if "unable to open" in low or isinstance(error, (FileNotFoundError, IsADirectoryError)):
        return DatabaseOpenError(
            f"{path} cannot be opened ({text}): check that its folder exists and the path is "
            "a file, or set VESUVIUS_DB to another file."
        )
    if "newer than this code" in low:
        return DatabaseOpenError(f"{path}: {text}.")
    if isinstance(error, MigrationError):
        return DatabaseOpenError(_upgrade_failed(str(path), text))
    return DatabaseOpenError(
        f"{path} is damaged or is not a Vesuvius game database ({type(error).__name__}: "
        f"{text}): restore it from a copy made with `python -m storage.backup`, or move it "
        "away to start with a new database."
    )


def _statements(sql: str) -> Iterable[str]:
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


def _pg_open_error(url: str, error: BaseException) -> DatabaseOpenError:
    """The sentence for a PostgreSQL database that cannot be used."""
    where, text = shown(url), " ".join(str(error).split())
    if "newer than this code" in text:
        return DatabaseOpenError(f"{where}: {text}.")
    if isinstance(error, MigrationError):
        return DatabaseOpenError(_upgrade_failed(where, text))
    if isinstance(error, StorageError):
        return DatabaseOpenError(
            f"{where} is not a Vesuvius game database ({text}): point VESUVIUS_DATABASE_URL at "
            "the right database, or restore it from a `python -m storage.backup` dump."
        )
    return DatabaseOpenError(
        f"{where} cannot be used ({type(error).__name__}: {text}): check that the server is "
        "running, the database exists and the user may create tables in it, or correct "
        "VESUVIUS_DATABASE_URL."
    )


def _upgrade_failed(where: str, text: str) -> str:
    """The sentence for a schema upgrade that failed (and was rolled back)."""
    return (
        f"{where}: {text}. The upgrade was rolled back: the games in it are as they were, and "
        "the previous version of the bot still opens it. Start that version again (or restore "
        "a copy made with `python -m storage.backup`) and report this error."
    )
