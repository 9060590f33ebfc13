"""The sandbox: a :class:`~sandbox.fake.FakeDiscord` with local users, its web page and its
state file, all on 127.0.0.1 in this process. ``bot.py`` runs the real bot against it::

    sandbox = Sandbox(state_path=Path("data/sandbox-discord.sqlite3"), port=8765)
    url = await sandbox.start()
    try:
        async with bot:
            await sandbox.run(bot)  # until the bot closes
    finally:
        await sandbox.close()
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

import discord

from .fake.ratelimits import DISCORD_RATE_LIMITS, RateLimits
from .fake.runner import RunningBot
from .fake.server import FakeDiscord
from .fake.wire import LOOPBACK
from .store import SandboxStore
from .web import Page

LOCAL_USERS = ("Aurelia", "Brutus", "Cornelia", "Decimus")
"""The people at the keyboard: the page switches between them (hot seat). The first owns the
server (every permission, Manage Server included); each picks their Discord language."""
SERVER = "Pompeii"
CHANNELS = ("general", "games")


class Sandbox:
    """Discord on 127.0.0.1 for one person playing as several local users."""

    def __init__(
        self,
        *,
        state_path: Path | None,
        port: int = 8765,
        users: Sequence[str] = LOCAL_USERS,
        clock: Callable[[], float] = time.monotonic,
        response_timeout: float | None = None,
        rate_limits: RateLimits = DISCORD_RATE_LIMITS,
    ) -> None:
        # ``clock`` runs Discord's 3-second interaction deadline; ``response_timeout`` caps the
        # real time an action waits for the bot (tests on a loaded machine raise both);
        # ``rate_limits``: Discord's (tests that play whole games run them on a faster clock).
        self.fake = FakeDiscord(
            bot_name="Vesuvius",
            guild_name=SERVER,
            channels=CHANNELS,
            clock=clock,
            response_timeout=response_timeout,
            rate_limits=rate_limits,
            echo=False,
            record=False,  # runs for days: keep no request log
        )
        self.port = port
        self.local_users = list(users)
        self.store = SandboxStore(state_path) if state_path is not None else None
        self.page = Page(self.fake, self.local_users)
        self.restored = False

    @property
    def url(self) -> str:
        """The page's address (known once started)."""
        return f"http://{LOOPBACK}:{self.fake.port}/"

    async def start(self) -> str:
        """Listen, restore the saved server (or keep the fresh one) and return the page's URL.
        Raises ``OSError`` when the port is taken."""
        try:
            await self.fake.start(port=self.port, setup=self.page.setup)
            if self.store is not None:
                self.restored = self.store.load_into(self.fake)
            for name in self.local_users:
                if name not in self.fake.users:
                    self.fake.add_user(name)
            if self.local_users:  # the first local user owns the server: /game settings
                self.fake.set_owner(self.fake.default_guild, self.fake.users[self.local_users[0]])
            if self.store is not None:
                self.store.attach(self.fake)
            self.page.start()
        except BaseException:
            await self.close()
            raise
        return self.url

    async def connect(
        self,
        client: discord.Client,
        *,
        ready_timeout: float = 60.0,
        watch_loggers: tuple[str, ...] = (),
    ) -> RunningBot:
        """Log ``client`` in against the fake (its ``setup_hook`` and command sync run), connect
        it and wait for READY; ``await running.stop()`` ends it. ERRORs logged by
        ``watch_loggers`` are collected in ``fake.bot_errors`` (tests check them)."""
        running = RunningBot(self.fake, client, watch_loggers=watch_loggers)
        await running.start(ready_timeout=ready_timeout, guild_ready_timeout=0.05)
        return running

    async def run(self, client: discord.Client) -> None:
        """Run ``client`` against the fake until it closes (or this task is cancelled)."""
        running = await self.connect(client)
        try:
            if running.task is not None:
                await running.task
        finally:
            await running.stop()

    async def close(self) -> None:
        await self.page.close()
        if self.store is not None:
            self.store.close()
            self.store = None
        await self.fake.close()
