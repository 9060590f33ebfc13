"""pytest fixtures for end-to-end tests against the fake Discord.

Use from a conftest.py::

    from tests.fakediscord.plugin import fake_discord, fake_discord_options, start_bot  # noqa: F401

Override ``fake_discord_options`` in a conftest or module to configure the fake (clock,
deadline, attachment limit...).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any, TypeVar

import discord
import pytest

from sandbox.fake.runner import RunningBot
from sandbox.fake.runner import start_bot as _start_bot
from sandbox.fake.server import FakeDiscord

ClientT = TypeVar("ClientT", bound=discord.Client)


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


class BotStarter:
    """The ``start_bot`` fixture: ``bot = await start_bot(MyBot(...))`` runs the client against
    the fake until the test ends; ``await start_bot.stop(bot)`` stops it early (restarts)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.running: dict[int, RunningBot] = {}

    async def __call__(self, client: ClientT, **kwargs: Any) -> ClientT:
        self.running[id(client)] = await _start_bot(self.fake, client, **kwargs)
        return client

    async def stop(self, client: discord.Client) -> None:
        running = self.running.pop(id(client), None)
        if running is not None:
            await running.stop()

    async def stop_all(self) -> None:
        for running in reversed(list(self.running.values())):
            await running.stop()
        self.running.clear()


@pytest.fixture
async def start_bot(fake_discord: FakeDiscord) -> AsyncIterator[BotStarter]:
    """Start discord.py clients against ``fake_discord``; all are closed at teardown (and
    discord.py's URLs restored) before the fake checks for unknown routes and errors."""
    starter = BotStarter(fake_discord)
    yield starter
    await starter.stop_all()


StartBot = BotStarter  # the fixture's type, for annotations in tests
