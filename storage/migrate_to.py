"""Move a SQLite game database into PostgreSQL, once, then check the copy:
``python -m storage.migrate_to postgresql://user:password@host/dbname [--from DBFILE]``.

The SQLite file (``--from``, else ``VESUVIUS_DB``, else ``data/vesuvius.sqlite3``) is never
written: an online backup of it is taken first and brought to the current schema. The
PostgreSQL database must exist and hold no games; it gets the schema, every row of every table
in one transaction (ids kept, the id sequence moved past them), and then the check: the row
count of every table equal on both sides, and every game replaying from its seed and log to its
snapshot in PostgreSQL as in the copy (``storage.check``). Stop the bot while it runs, then set
``VESUVIUS_DATABASE_URL``. A file the bot refuses to start on (empty, damaged, not SQLite) is
refused with the bot's sentence for it, before anything is written. Exit status 0: copied and
checked; 1: copied but the check differs; 2: nothing copied (one sentence why).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import plugins
from plugins import PluginResolver
from storage.backends import DatabaseErrors, connect, dialect_for
from storage.check import CheckReport, check_database
from storage.db import Database
from storage.dialect import Connection
from storage.postgres import POSTGRESQL
from storage.rows import DatabaseOpenError, StorageError
from storage.schema import TABLES
from storage.sqlite import SQLITE, refuse_empty

BATCH = 2000
FAILURES: tuple[type[Exception], ...] = (*DatabaseErrors, StorageError, OSError)


def counts(conn: Connection) -> dict[str, int]:
    """The number of rows of every table."""
    found: dict[str, int] = {}
    for table in TABLES:
        row = conn.execute(f"SELECT count(*) FROM {table}").fetchone()
        found[table] = int(row[0]) if row else 0
    return found


def copy_rows(source: Connection, target: Connection) -> None:
    """Every row of every table, in the order the foreign keys need, in one transaction (ids
    kept: the target's new games get ids after them)."""
    target.execute("BEGIN")
    try:
        for table in TABLES:
            columns = source.dialect.columns(source, table)
            names = ", ".join(columns)
            insert = f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(columns))})"
            rows = source.execute(f"SELECT {names} FROM {table}")
            while batch := rows.fetchmany(BATCH):
                target.executemany(insert, batch)
        target.dialect.continue_ids(target)
        target.execute("COMMIT")
    except BaseException:
        target.execute("ROLLBACK")
        raise


def migrate(source: Path, url: str, games: PluginResolver = plugins.get) -> list[str]:
    """Copy ``source`` into the empty PostgreSQL database at ``url`` and check it; returns the
    differences found (none: the copy is whole). Raises :class:`StorageError` (with a sentence)
    when nothing could be copied."""
    with tempfile.TemporaryDirectory(prefix="vesuvius-migrate-") as folder:
        copy = _current_copy(source, Path(folder) / "copy.sqlite3")
        asyncio.run(_open_close(url))  # the schema in PostgreSQL
        src, dst = SQLITE.connect(copy), POSTGRESQL.connect(url)
        try:
            if any(counts(dst).values()):
                raise StorageError(
                    f"{POSTGRESQL.shown(url)} already holds games: migrate into a new, empty "
                    "database"
                )
            copy_rows(src, dst)
            before, after = counts(src), counts(dst)
        finally:
            src.close()
            dst.close()
        problems = [
            f"table {t}: {before[t]} rows in SQLite, {after[t]} in PostgreSQL"
            for t in TABLES
            if before[t] != after[t]
        ]
        old, new = check_database(copy, games), check_database(url, games)
    problems += [f"in SQLite already: {p}" for p in old.problems]
    problems += [f"in PostgreSQL: {p}" for p in new.problems]
    if (old.games_checked, old.moves_replayed) != (new.games_checked, new.moves_replayed):
        problems.append(f"replayed {_summary(old)} in SQLite but {_summary(new)} in PostgreSQL")
    return problems


def _summary(report: CheckReport) -> str:
    return f"{report.games_checked} games, {report.moves_replayed} moves"


def _current_copy(source: Path, copy: Path) -> Path:
    """A copy of ``source`` brought to the current schema (never the source itself). A file the
    bot would refuse to start on (empty, damaged, not a Vesuvius database) raises the bot's own
    :class:`DatabaseOpenError` for it, naming ``source``, before anything is written."""
    try:
        refuse_empty(source)
        SQLITE.backup(source, copy)
        asyncio.run(_open_close(copy))
    except DatabaseOpenError as e:
        if e.__cause__ is None:  # a sentence about ``source`` already
            raise
        raise SQLITE.open_error(source, e.__cause__) from e.__cause__
    except SQLITE.errors as e:
        raise SQLITE.open_error(source, e) from e
    return copy


async def _open_close(target: Path | str) -> None:
    await (await Database.open(target)).close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage.migrate_to", description=__doc__)
    parser.add_argument("url", help="the PostgreSQL database: postgresql://user:pw@host/dbname")
    parser.add_argument(
        "--from",
        dest="source",
        default=os.environ.get("VESUVIUS_DB", "").strip() or "data/vesuvius.sqlite3",
        help="the SQLite database file (default: VESUVIUS_DB, else data/vesuvius.sqlite3)",
    )
    args = parser.parse_args(argv)
    source = Path(args.source)
    if dialect_for(args.url) is not POSTGRESQL:
        print(f"{args.url!r} is not a postgresql:// URL", file=sys.stderr)
        return 2
    missing = SQLITE.missing(source)
    if missing:
        print(missing, file=sys.stderr)
        return 2
    try:
        problems = migrate(source, args.url)
    except FAILURES as e:
        print(f"nothing was copied: {e}", file=sys.stderr)
        return 2
    where = POSTGRESQL.shown(args.url)
    for problem in problems:
        print(problem)
    if problems:
        print(f"copied {source} to {where}, but the check differs (see above)")
        return 1
    conn = connect(args.url)
    try:
        games = conn.execute("SELECT count(*) FROM games").fetchone()
    finally:
        conn.close()
    print(
        f"copied {source} to {where} and checked it ({games[0] if games else 0} "
        "games): set VESUVIUS_DATABASE_URL to it and start the bot"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
