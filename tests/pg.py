"""A throwaway PostgreSQL server for the tests: ``initdb`` in a temporary folder, listening only on
a Unix socket in that folder (no TCP), started once per test process (each xdist worker has its
own), one migrated template database, and a fresh database per test copied from it
(``CREATE DATABASE … TEMPLATE``, a few milliseconds). Stopped and deleted at the end.

PostgreSQL refuses to run as root: as root the server runs as the ``postgres`` user (Debian's
package makes it), or ``nobody``. Without PostgreSQL's programs the PostgreSQL-parametrized tests
skip, or fail with a clear message when ``VESUVIUS_REQUIRE_POSTGRES=1`` (CI).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import psycopg
import pytest

SUPERUSER = "vesuvius"
TEMPLATE = "vesuvius_template"


def bindir() -> Path | None:
    """Where ``initdb``, ``pg_ctl`` and ``postgres`` are (the newest Debian version), if any."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    pg_ctl = shutil.which("pg_ctl")
    return Path(pg_ctl).parent if pg_ctl else None


def unavailable(reason: str) -> None:
    """Fail (``VESUVIUS_REQUIRE_POSTGRES=1``) or skip a PostgreSQL test that cannot run."""
    if os.environ.get("VESUVIUS_REQUIRE_POSTGRES") == "1":
        pytest.fail(f"PostgreSQL is required here (VESUVIUS_REQUIRE_POSTGRES=1): {reason}")
    pytest.skip(f"PostgreSQL not available: {reason}")


class Cluster:
    """One running throwaway server."""

    def __init__(self, bin_: Path, *, durable: bool = False) -> None:
        self.bin = bin_
        self.durable = durable
        """Write to disk as a real server does (``bench.scale``); tests need no durability."""
        self.root = Path(tempfile.mkdtemp(prefix="vesuvius-pg-"))
        self.data = self.root / "data"
        self.socket = self.root
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = next(
                (u for u in ("postgres", "nobody") if _exists(u)), None
            )  # initdb refuses root
            if self.user is None:
                raise RuntimeError("running as root and there is no postgres or nobody user")
            entry = pwd.getpwnam(self.user)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self._names = itertools.count(1)
        self.started = False

    def _run(self, *args: str) -> None:
        command = [*(("runuser", "-u", self.user, "--") if self.user else ()), *args]
        done = subprocess.run(command, capture_output=True, text=True, check=False, cwd="/")
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed: {done.stdout}{done.stderr}")

    def start(self) -> None:
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--no-locale",
            "-E",
            "UTF8",
            "--no-sync",
        )
        options = (
            f"-c listen_addresses='' -k {self.socket} -c fsync=off -c synchronous_commit=off "
            "-c full_page_writes=off -c shared_buffers=16MB -c max_connections=60 "
            "-c max_wal_size=1GB"
        )
        if self.durable:  # PostgreSQL's own defaults: every commit flushed to disk
            options = (
                f"-c listen_addresses='' -k {self.socket} -c shared_buffers=128MB "
                "-c max_connections=60 -c max_wal_size=1GB"
            )
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.root / "server.log"),
            "-w",
            "start",
        )
        self.started = True

    def url(self, dbname: str) -> str:
        return f"postgresql://{SUPERUSER}@/{dbname}?host={self.socket}"

    def admin(self, sql: str) -> None:
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(sql.encode())

    def new_database(self, template: str = TEMPLATE) -> str:
        """A fresh database copied from ``template`` (``template0``: empty); its URL."""
        name = f"test_{next(self._names)}"
        self.admin(f"CREATE DATABASE {name} TEMPLATE {template} STRATEGY FILE_COPY")
        return self.url(name)

    def stop(self) -> None:
        try:
            if self.started:
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def _exists(user: str) -> bool:
    try:
        pwd.getpwnam(user)
    except KeyError:
        return False
    return True
