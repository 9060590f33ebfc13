"""End-to-end fixtures: the real bot (``bot.create_bot``), a real SQLite file in ``tmp_path``, the
loopback Discord of ``tests/fakediscord``, and a fake clock shared by the host and the tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot import VesuviusBot, create_bot
from host import FakeClock
from tests.fakediscord.plugin import (  # noqa: F401
    fake_discord,
    fake_discord_options,
    start_bot,
)

SEED = 7


@pytest.fixture(scope="session", autouse=True)
def _warm_renderers() -> None:
    """Build the renderer's caches once per test process (seconds on a loaded machine), so
    no test's interaction deadline pays for it."""
    from cogs.runtime import warm_up_renderers

    warm_up_renderers()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make_bot(tmp_path: Path, clock: FakeClock) -> Any:
    """``make_bot(**settings)``: a fresh bot on the test's database (the same file each call,
    so a second bot is a restart)."""

    def make(**overrides: Any) -> VesuviusBot:
        overrides.setdefault("db_path", tmp_path / "vesuvius.sqlite3")
        overrides.setdefault("scheduler_max_sleep", 0.05)
        return create_bot(clock=clock, seed_source=lambda: SEED, **overrides)

    return make
