"""The schema of the game database: the numbered migrations (``storage/migrations``, written
once for every backend: their placeholders become each dialect's SQL), connection settings, and
the check that a database is one of ours.
"""

from __future__ import annotations

from importlib import resources

from storage.dialect import Connection, Dialect
from storage.rows import MigrationError, StorageError
from storage.sqlite import SQLITE


def migration_files() -> list[tuple[int, str, str]]:
    """``(number, file name, SQL as written)`` of the shipped migrations, in order."""
    folder = resources.files("storage").joinpath("migrations")
    found: list[tuple[int, str, str]] = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), name, entry.read_text(encoding="utf-8")))
    found.sort()
    return found


def migrations(dialect: Dialect = SQLITE) -> list[tuple[int, str]]:
    """The numbered migrations in ``dialect``'s SQL, in order."""
    found = [(n, dialect.migration(sql)) for n, _name, sql in migration_files()]
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise StorageError(f"migrations must be numbered 1..n without gaps, found {numbers}")
    return found


def configure(conn: Connection) -> None:
    """Connection settings every connection to a game database uses (the dialect's)."""
    conn.dialect.configure(conn)


def schema_version(conn: Connection) -> int:
    """The number of the last migration applied (0 for a new database)."""
    return conn.dialect.schema_version(conn)


def migrate(conn: Connection) -> int:
    """Bring the schema up to date, each migration in one transaction with the record of its
    number (the dialect's schema version); returns the version."""
    dialect = conn.dialect
    with dialect.migrating(conn):
        current = dialect.schema_version(conn)
        available = migrations(dialect)
        if current > len(available):
            raise StorageError(
                f"the database has schema version {current}, newer than this code "
                f"({len(available)}); upgrade the bot"
            )
        for number, sql in available[current:]:
            conn.execute("BEGIN IMMEDIATE")
            try:
                dialect.apply(conn, sql)
                dialect.set_schema_version(conn, number)
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
    "seat_changes",
    "undo_requests",
)


def verify_schema(conn: Connection) -> None:
    """The tables a game database has (reading the schema also finds a damaged one)."""
    names = conn.dialect.table_names(conn)
    missing = [t for t in TABLES if t not in names]
    if missing:
        raise StorageError(f"the tables {', '.join(missing)} are missing")
