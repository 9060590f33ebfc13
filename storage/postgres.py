"""The PostgreSQL side of :class:`storage.db.Database`: one psycopg connection on its own thread
(the storage code's transactions run there in one hop, as SQLite's run on aiosqlite's thread),
and backups with ``pg_dump``.
"""

from __future__ import annotations

import asyncio
import glob
import os
import shutil
import subprocess
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from storage.dialect import PgConnection, shown
from storage.tally import Tally

T = TypeVar("T")


class PgRunner:
    """A PostgreSQL connection owned by one thread: ``await run(fn)`` calls ``fn(connection)``
    there (psycopg's synchronous API, so the storage code is the same for both dialects)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="vesuvius-pg")
        self._conn: PgConnection | None = None

    async def connect(self, *, read_only: bool = False) -> None:
        def connect() -> None:
            self._conn = PgConnection.connect(self.url, read_only=read_only)

        try:
            await self.call(connect)
        except BaseException:
            self._thread.shutdown(wait=False)
            raise

    @property
    def tally(self) -> Tally:
        """What the connection was asked to do (statements, commits)."""
        assert self._conn is not None, "connect first"
        return self._conn.tally

    async def call(self, fn: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn)

    async def run(self, fn: Callable[[PgConnection], T]) -> T:
        conn = self._conn
        assert conn is not None, "connect first"
        return await self.call(lambda: fn(conn))

    async def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            await self.call(conn.close)
        self._thread.shutdown(wait=True)


def pg_tool(name: str) -> str:
    """The path of a PostgreSQL client program (``pg_dump``): on the PATH, or the newest in
    Debian's ``/usr/lib/postgresql/<version>/bin``."""
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if not versions:
        raise FileNotFoundError(f"{name} is not installed (Debian: apt-get install postgresql)")
    return versions[-1]


def backup_url(url: str, dest: str | Path) -> Path:
    """Dump the PostgreSQL database at ``url`` to ``dest`` with ``pg_dump --format=custom`` (a
    consistent snapshot while the bot keeps playing; restore with ``pg_restore``). The dump is
    written under a temporary name and renamed, so ``dest`` is never half-written."""
    dest = Path(dest)
    tmp = dest.with_name(dest.name + ".partial")
    tmp.unlink(missing_ok=True)
    done = subprocess.run(
        [pg_tool("pg_dump"), "--format=custom", "--no-owner", "--file", str(tmp), "--dbname", url],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PGCONNECT_TIMEOUT": os.environ.get("PGCONNECT_TIMEOUT", "10")},
    )
    if done.returncode != 0:
        tmp.unlink(missing_ok=True)
        raise OSError(f"pg_dump of {shown(url)} failed: {done.stderr.strip()}")
    tmp.replace(dest)
    return dest
