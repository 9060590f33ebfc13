"""Back up a game database while the bot runs: ``python -m storage.backup DBFILE|URL DEST``.

A SQLite file is copied with SQLite's online backup API from a read-only connection (see
``storage.sqlite.backup_file``); a ``postgresql://`` database is dumped with ``pg_dump
--format=custom`` (restore with ``pg_restore``; ``storage.postgres.backup_url``): each
backend's ``dialect.backup``. Exit status 0
on success, 2 when the source is missing or unreadable.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from storage.backends import dialect_for


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage.backup", description=__doc__)
    parser.add_argument("db", help="the live SQLite database file, or a postgresql:// URL")
    parser.add_argument("dest", help="where to write the copy")
    args = parser.parse_args(argv)
    dialect = dialect_for(args.db)
    source = dialect.where(args.db)
    missing = dialect.missing(source)
    if missing:
        print(missing, file=sys.stderr)
        return 2
    errors: tuple[type[Exception], ...] = (*dialect.errors, OSError)
    try:
        dest = dialect.backup(source, args.dest)
    except errors as e:
        print(f"{dialect.shown(source)}: cannot back up ({e})", file=sys.stderr)
        return 2
    print(f"backed up {dialect.shown(source)} to {dest} ({dest.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
