"""Back up a game database while the bot runs: ``python -m storage.backup DBFILE|URL DEST``.

A SQLite file is copied with SQLite's online backup API from a read-only connection (see
``storage.db.backup_file``); a ``postgresql://`` database is dumped with ``pg_dump
--format=custom`` (restore with ``pg_restore``; ``storage.postgres.backup_url``). Exit status 0
on success, 2 when the source is missing or unreadable.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from storage.db import backup_file
from storage.dialect import is_url, shown
from storage.postgres import backup_url


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage.backup", description=__doc__)
    parser.add_argument("db", help="the live SQLite database file, or a postgresql:// URL")
    parser.add_argument("dest", help="where to write the copy")
    args = parser.parse_args(argv)
    if is_url(args.db):
        try:
            dest = backup_url(args.db, args.dest)
        except OSError as e:
            print(f"cannot back up: {e}", file=sys.stderr)
            return 2
        print(f"dumped {shown(args.db)} to {dest} ({dest.stat().st_size} bytes)")
        return 0
    source = Path(args.db)
    if not source.is_file():
        print(f"{source}: no such file", file=sys.stderr)
        return 2
    try:
        dest = backup_file(source, args.dest)
    except sqlite3.DatabaseError as e:
        print(f"{source}: cannot back up ({e})", file=sys.stderr)
        return 2
    print(f"backed up {source} to {dest} ({dest.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
