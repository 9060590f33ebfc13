"""The schema of the game database: numbered migrations (``storage/migrations``), connection
settings, the check that a file is one of ours, and one-sentence errors for the operator.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from storage.rows import DatabaseOpenError, StorageError


def migrations() -> list[tuple[int, str]]:
    """The numbered migrations shipped in ``storage/migrations`` (``0001_name.sql``), in order."""
    found: list[tuple[int, str]] = []
    for entry in resources.files("storage").joinpath("migrations").iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise StorageError(f"migrations must be numbered 1..n without gaps, found {numbers}")
    return found


def configure(conn: sqlite3.Connection) -> None:
    """Connection settings every connection to a game database uses."""
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=5000")


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the schema up to date (tracked in ``PRAGMA user_version``); returns the version."""
    current = int(conn.execute("PRAGMA user_version").fetchone()[0])
    available = migrations()
    if current > len(available):
        raise StorageError(
            f"the database has schema version {current}, newer than this code "
            f"({len(available)}); upgrade the bot"
        )
    for number, sql in available[current:]:
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _statements(sql):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version={number}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
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


def verify_schema(conn: sqlite3.Connection) -> None:
    """The tables a game database has (reading the schema also finds a damaged one)."""
    names = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    missing = [t for t in TABLES if t not in names]
    if missing:
        raise StorageError(f"the tables {', '.join(missing)} are missing")


def open_error(path: Path, error: BaseException) -> DatabaseOpenError:
    """One sentence for the operator: the file, what is wrong, what to do."""
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
