"""pytest fixtures for end-to-end tests against the fake Discord.

Use from a conftest.py::

    from tests.fakediscord.plugin import fake_discord, fake_discord_options, start_bot  # noqa: F401

Override ``fake_discord_options`` in a conftest or module to configure the fake (clock,
deadline, attachment limit...).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord
import pytest

from .runner import RunningBot
from .runner import start_bot as _start_bot
from .server import FakeDiscord

StartBot = Callable[..., Awaitable[Any]]


@pytest.fixture
def fake_discord_options() -> dict[str, Any]:
    """Keyword arguments for :class:`FakeDiscord`; override to configure it."""
    return {}


@pytest.fixture
async def fake_discord(fake_discord_options: dict[str, Any]) -> AsyncIterator[FakeDiscord]:
    """A started fake on 127.0.0.1 (ephemeral port). At teardown it fails the test if the bot
    called an unknown REST route or logged an ERROR through a discord.* logger."""
    fake = FakeDiscord(**fake_discord_options)
    await fake.start()
    try:
        yield fake
    finally:
        await fake.close()
    fake.verify()


@pytest.fixture
async def start_bot(fake_discord: FakeDiscord) -> AsyncIterator[StartBot]:
    """``bot = await start_bot(MyBot(...))``: runs the client against ``fake_discord`` until
    the test ends (then closes it and restores discord.py's URLs)."""
    running: list[RunningBot] = []

    async def _start(client: discord.Client, **kwargs: Any) -> discord.Client:
        bot = await _start_bot(fake_discord, client, **kwargs)
        running.append(bot)
        return client

    yield _start
    for bot in reversed(running):
        await bot.stop()
