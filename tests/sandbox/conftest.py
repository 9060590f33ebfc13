"""The sandbox as ``make run`` starts it without a token (the real bot, its cogs, host, storage
and renderer against ``sandbox.fake`` and the page), in ``tmp_path``, with the bot's clock and
seed injected as in ``tests/cogs``. Discord's 3-second deadline runs on CPU time and every wait
has a real-time cap that only catches a hang (see ``tests/cogs/conftest.py``)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot import VesuviusBot, create_bot
from cogs.pacing import Pacer
from host import FakeClock
from sandbox.app import Sandbox
from sandbox.fake.ratelimits import DISCORD_RATE_LIMITS
from tests.cogs.helpers import RATE_SCALE, WAIT, WATCH

SEED = 7


@dataclass
class Playground:
    sandbox: Sandbox
    bot: VesuviusBot
    clock: FakeClock

    @property
    def url(self) -> str:
        return self.sandbox.url

    def user_id(self, name: str) -> int:
        return self.sandbox.fake.users[name].id


@pytest.fixture(scope="session", autouse=True)
def _warm_renderers() -> None:
    from cogs.runtime import warm_up_renderers

    warm_up_renderers()


async def start_playground(
    tmp_path: Path, clock: FakeClock, seed: int = SEED
) -> tuple[Playground, Any]:
    sandbox = Sandbox(
        state_path=tmp_path / "sandbox.discord.sqlite3",
        port=0,
        clock=time.process_time,
        response_timeout=WAIT,
        rate_limits=DISCORD_RATE_LIMITS.scaled(RATE_SCALE),
    )
    await sandbox.start()
    bot = create_bot(
        pacer=Pacer(scale=RATE_SCALE),
        db_path=tmp_path / "sandbox.sqlite3",
        dev_guild_id=sandbox.fake.default_guild.id,
        clock=clock,
        seed_source=lambda: seed,
        scheduler_max_sleep=0.05,
    )
    running = await sandbox.connect(bot, ready_timeout=WAIT, watch_loggers=WATCH)
    return Playground(sandbox, bot, clock), running


@pytest.fixture
def seed() -> int:
    """The games' seed (a test module may override this fixture for a game it needs)."""
    return SEED


@pytest.fixture
async def playground(tmp_path: Path, seed: int) -> AsyncIterator[Playground]:
    """A started sandbox with the bot connected; at teardown the bot must not have logged an
    error nor called a route the fake does not know."""
    play, running = await start_playground(tmp_path, FakeClock(), seed)
    try:
        yield play
    finally:
        await running.stop()
        await play.sandbox.close()
    play.sandbox.fake.verify()
