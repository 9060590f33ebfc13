"""End-to-end fixtures: the real bot (``bot.create_bot``), a real SQLite file in ``tmp_path``, the
loopback Discord of ``sandbox/fake``, and a fake clock shared by the host and the tests.

Time limits: these tests assert what players see, not how fast (``bench/`` measures that). On a
loaded 2-core machine the test process can go unscheduled for seconds, so nothing here may fail
because wall time passed: Discord's 3-second interaction deadline runs on the process's CPU time
(work the bot and the fake did, not time spent waiting for a core), and every wait for the bot
has the generous real-time cap ``WAIT``, which only catches a hang.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import VesuviusBot, create_bot
from cogs.pacing import Pacer
from host import FakeClock
from plugins import PLUGINS
from sandbox.fake import FakeDiscord
from sandbox.fake.ratelimits import DISCORD_RATE_LIMITS
from tests.cogs.helpers import RATE_SCALE, WAIT
from tests.fakediscord.plugin import BotStarter, fake_discord  # noqa: F401
from tests.host.helpers import THREADS
from tests.toy import PLUGIN as TOY

SEED = 7


@pytest.fixture
def fake_discord_options() -> dict[str, Any]:
    """The interaction deadline on CPU time (see the module docstring); ``response_timeout``
    is the real-time cap on waiting for an answer at all; Discord's rate limits on a clock ten
    times as fast (``RATE_SCALE``), as the bots' pacing."""
    return {
        "clock": time.process_time,
        "response_timeout": WAIT,
        "rate_limits": DISCORD_RATE_LIMITS.scaled(RATE_SCALE),
    }


class _Starter(BotStarter):
    """``start_bot`` with real-time caps for READY and for closing that a loaded machine does
    not reach. (The runner gives the closing client's connection 5 s, then fails the teardown
    with a ``TimeoutError`` chained to the gateway's ``ConnectionClosed ... 1000``: seen when a
    worker stalled during teardown. Here the client is closed and its connection awaited first,
    within ``WAIT``, so the runner's own wait finds it done.)"""

    async def __call__(self, client: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("ready_timeout", WAIT)
        return await super().__call__(client, **kwargs)

    async def stop(self, client: discord.Client) -> None:
        running = self.running.get(id(client))
        if running is not None:
            if not client.is_closed():
                await client.close()
            if running.task is not None:
                with contextlib.suppress(asyncio.CancelledError, discord.ConnectionClosed):
                    await asyncio.wait_for(asyncio.shield(running.task), WAIT)
        await super().stop(client)

    async def stop_all(self) -> None:
        for running in reversed(list(self.running.values())):
            await self.stop(running.client)


@pytest.fixture
async def start_bot(fake_discord: FakeDiscord) -> AsyncIterator[BotStarter]:  # noqa: F811
    """As ``tests.fakediscord.plugin.start_bot``; every bot is stopped at teardown."""
    starter = _Starter(fake_discord)
    yield starter
    await starter.stop_all()


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
        overrides.setdefault("ai_executor", THREADS)
        overrides.setdefault("plugin_list", (*PLUGINS, TOY))
        overrides.setdefault("pacer", Pacer(scale=RATE_SCALE))
        return create_bot(clock=clock, seed_source=lambda: SEED, **overrides)

    return make
