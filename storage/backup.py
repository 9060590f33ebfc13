"""Back up a game database while the bot runs: ``python -m storage.backup DBFILE DEST``.

Uses SQLite's online backup API from a read-only connection (see ``storage.db.backup_file``);
exit status 0 on success, 2 when the source is missing or unreadable.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from storage.db import backup_file


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage.backup", description=__doc__)
    parser.add_argument("db", help="the live SQLite database file")
    parser.add_argument("dest", help="where to write the copy")
    args = parser.parse_args(argv)
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
