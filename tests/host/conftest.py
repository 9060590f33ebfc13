from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from host import FakeClock, Host
from tests.host.helpers import open_host

OpenHost = Callable[..., Awaitable[Host]]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
async def hosts() -> AsyncIterator[OpenHost]:
    """``await hosts(path, clock, **kwargs)`` opens a host that is closed after the test, even
    when the test fails (an open aiosqlite thread would keep the test process alive)."""
    opened: list[Host] = []

    async def opener(path: Path, clock: FakeClock, **kwargs: Any) -> Host:
        h = await open_host(path, clock, **kwargs)
        opened.append(h)
        return h

    yield opener
    for h in opened:
        await h.close()


@pytest.fixture
async def host(hosts: OpenHost, db_path: Path, clock: FakeClock) -> Host:
    return await hosts(db_path, clock)
