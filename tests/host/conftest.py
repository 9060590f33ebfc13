from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from host import FakeClock, Host
from tests.host.helpers import open_host
from tests.pg import Cluster

OpenHost = Callable[..., Awaitable[Host]]
NewDb = Callable[[str], "Path | str"]
BACKENDS = ("sqlite", "postgresql")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Every test that opens a database runs on SQLite and on PostgreSQL."""
    return str(request.param)


@pytest.fixture
def new_db(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> NewDb:
    """``new_db(name)``: a new, empty game database of this test's backend (a file in the test's
    folder, or a fresh PostgreSQL database already migrated)."""
    if backend == "sqlite":
        return lambda name: tmp_path / f"{name}.db"
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    made: dict[str, str] = {}

    def make(name: str) -> str:
        if name not in made:
            made[name] = cluster.new_database()
        return made[name]

    return make


@pytest.fixture
def db_path(new_db: NewDb) -> Path | str:
    """The test's game database: a SQLite file, or a PostgreSQL URL."""
    return new_db("games")


@pytest.fixture
async def hosts() -> AsyncIterator[OpenHost]:
    """``await hosts(path, clock, **kwargs)`` opens a host that is closed after the test, even
    when the test fails (an open aiosqlite thread would keep the test process alive)."""
    opened: list[Host] = []

    async def opener(path: Path | str, clock: FakeClock, **kwargs: Any) -> Host:
        h = await open_host(path, clock, **kwargs)
        opened.append(h)
        return h

    yield opener
    for h in opened:
        await h.close()


@pytest.fixture
async def host(hosts: OpenHost, db_path: Path | str, clock: FakeClock) -> Host:
    return await hosts(db_path, clock)
