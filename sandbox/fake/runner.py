"""Point an unmodified discord.py client at a :class:`FakeDiscord` and run it.

The two override points (spec §2) are class attributes: ``discord.http.Route.BASE`` (REST,
interaction callbacks and webhooks alike) and ``DiscordWebSocket.DEFAULT_GATEWAY``. They are
process-wide, so :func:`redirect_discord` sets them only while a fake is in use and restores
the previous values afterwards; nesting with the same fake is fine, two different fakes at once
are refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any, TypeVar

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .server import FakeDiscord

ClientT = TypeVar("ClientT", bound=discord.Client)


class _Redirected:
    """Which fake discord.py currently talks to, and how deeply nested."""

    fake: FakeDiscord | None = None
    depth = 0


@contextlib.contextmanager
def redirect_discord(fake: FakeDiscord) -> Iterator[None]:
    """Send discord.py's REST and gateway traffic to ``fake`` for the duration of the block."""
    if _Redirected.fake is not None and _Redirected.fake is not fake:
        raise RuntimeError("discord.py is already redirected to another FakeDiscord")
    if not fake.port:
        raise RuntimeError("start the FakeDiscord before redirecting discord.py to it")
    saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
    Route.BASE = fake.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    _Redirected.fake = fake
    _Redirected.depth += 1
    try:
        yield
    finally:
        _Redirected.depth -= 1
        if _Redirected.depth == 0:
            _Redirected.fake = None
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved


class _ErrorCollector(logging.Handler):
    """Collects ERROR records from discord.* loggers: discord.py only logs command errors."""

    def __init__(self, sink: list[logging.LogRecord]) -> None:
        super().__init__(level=logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(record)


class RunningBot:
    """A discord.py client connected to a fake. ``await running.stop()`` closes it cleanly."""

    def __init__(
        self,
        fake: FakeDiscord,
        client: discord.Client,
        watch_loggers: tuple[str, ...] = ("discord",),
    ) -> None:
        self.fake = fake
        self.client = client
        self.watch_loggers = watch_loggers
        self.task: asyncio.Task[None] | None = None
        self._stack = contextlib.ExitStack()
        self._handler = _ErrorCollector(fake.bot_errors)

    async def start(
        self,
        *,
        token: str | None = None,
        ready_timeout: float = 60.0,
        guild_ready_timeout: float = 0.05,
    ) -> None:
        self._stack.enter_context(redirect_discord(self.fake))
        for name in self.watch_loggers:
            logging.getLogger(name).addHandler(self._handler)
        state: Any = getattr(self.client, "_connection", None)
        if state is not None and hasattr(state, "guild_ready_timeout"):
            # READY waits this long after the last GUILD_CREATE (default 2 s).
            state.guild_ready_timeout = min(state.guild_ready_timeout, guild_ready_timeout)
        try:
            await self.client.login(token if token is not None else self.fake.token)
            self.task = asyncio.create_task(self.client.connect(reconnect=False))
            ready = asyncio.create_task(self.client.wait_until_ready())
            done, _ = await asyncio.wait(
                {self.task, ready}, timeout=ready_timeout, return_when=asyncio.FIRST_COMPLETED
            )
            if ready not in done:
                ready.cancel()
                if self.task in done:
                    self.task.result()  # raises the connection error
                raise TimeoutError(f"the bot was not ready after {ready_timeout} s")
        except BaseException:
            await self.stop()
            raise

    async def stop(self) -> None:
        try:
            if not self.client.is_closed():
                await self.client.close()
            if self.task is not None:
                with contextlib.suppress(asyncio.CancelledError, discord.ConnectionClosed):
                    await asyncio.wait_for(self.task, 60.0)  # only catches a hang
        finally:
            for name in self.watch_loggers:
                logging.getLogger(name).removeHandler(self._handler)
            self._stack.close()


async def start_bot(
    fake: FakeDiscord,
    client: ClientT,
    *,
    token: str | None = None,
    ready_timeout: float = 60.0,
    guild_ready_timeout: float = 0.05,
    watch_loggers: tuple[str, ...] = ("discord",),
) -> RunningBot:
    """Redirect discord.py to ``fake``, ``login`` (runs ``setup_hook``, so the command sync),
    ``connect(reconnect=False)`` in a task and wait for READY. Stop it with ``.stop()``.

    ERROR records of ``watch_loggers`` (and their children) land in ``fake.bot_errors``, which
    ``fake.verify()`` (the fixture's teardown) requires to be empty; add the bot's own logger
    names to catch errors the bot logs itself."""
    running = RunningBot(fake, client, watch_loggers)
    await running.start(
        token=token, ready_timeout=ready_timeout, guild_ready_timeout=guild_ready_timeout
    )
    return running


@contextlib.asynccontextmanager
async def bot_running(fake: FakeDiscord, client: ClientT, **kwargs: Any) -> AsyncIterator[ClientT]:
    """``async with bot_running(fake, bot): ...`` — start, yield the client, stop."""
    running = await start_bot(fake, client, **kwargs)
    try:
        yield client
    finally:
        await running.stop()
