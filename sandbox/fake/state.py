"""The fake Discord's state: settings, the world (users, guilds, DM channels, commands,
interactions, attachments) and the records tests assert on."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import deque
from collections.abc import Callable

from aiohttp import web

from .basics import Attachment, Json
from .model import Channel, Guild, Message
from .ratelimits import RateLimiter, RateLimitHit, RateLimits
from .users import FakeUser
from .wire import (
    GatewayConnection,
    Handler,
    Interaction,
    Rejection,
    RequestRecord,
    Sent,
    log,
)

NONCE_WINDOW = 300.0
"""Seconds Discord remembers a message's nonce (``enforce_nonce``: "a few minutes")."""


class FakeState:
    """What the fake knows and records; the wire classes build on it (gateway, REST, driver)."""

    bot: FakeUser
    owner: FakeUser
    application_id: int
    default_guild: Guild

    def __init__(
        self,
        *,
        token: str,
        clock: Callable[[], float],
        interaction_deadline: float,
        token_lifetime: float,
        response_timeout: float | None,
        attachment_size_limit: int,
        allow_privileged_intents: bool,
        echo: bool,
        record: bool,
        rate_limits: RateLimits,
        rate_clock: Callable[[], float],
    ) -> None:
        self.token = token
        self.clock = clock
        # Discord's rate limits, on a real clock of their own: discord.py sleeps in real time.
        self.limiter = RateLimiter(rate_limits, rate_clock)
        self.interaction_deadline = interaction_deadline
        self.token_lifetime = token_lifetime
        self.response_timeout = (
            response_timeout if response_timeout is not None else interaction_deadline + 2.0
        )
        self.attachment_size_limit = attachment_size_limit
        self.allow_privileged_intents = allow_privileged_intents

        self.users_by_id: dict[int, FakeUser] = {}
        self.users: dict[str, FakeUser] = {}
        self.guilds: list[Guild] = []
        self.dm_channels: dict[int, Channel] = {}
        self.commands: dict[str, Json] = {}  # global synced commands by name (type 1 slash)
        self.all_commands: list[Json] = []  # every global command as last synced
        self.interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self.attachments: dict[int, Attachment] = {}
        # Messages sent with ``enforce_nonce``: (channel, author, nonce) -> (message, when).
        self.nonces: dict[tuple[int, int, str], tuple[Message, float]] = {}
        self.nonce_window = NONCE_WINDOW

        # Records for assertions.
        self.requests: list[RequestRecord] = []
        self.unknown_routes: list[tuple[str, str]] = []
        self.rejections: list[Rejection] = []
        self.gateway_log: list[tuple[str, int, str | None]] = []  # (direction, op, event name)
        self.bot_errors: list[logging.LogRecord] = []  # filled by the runner (discord.* ERRORs)
        self.identify_payloads: list[Json] = []
        self.internal_errors: list[str] = []
        self.sent: list[Sent] = []  # every message the bot created or edited, in order
        # Every 429 is counted (``rate_limited_total``) and the newest 1,000 kept in
        # ``rate_limited``, with ``record`` or without: a sandbox that runs for days stays small.
        # A readable log of play and of the bot's requests. With ``echo`` it is also printed,
        # so pytest shows it under "Captured stdout" when a test fails.
        self.transcript: list[str] = []
        self.echo = echo
        # Without ``record`` (a long-lived sandbox) none of these records grow, and
        # interactions are forgotten once their tokens expire.
        self.record = record

        self._connections: list[GatewayConnection] = []
        self._in_flight = 0
        self._last_activity = 0.0
        self._activity = asyncio.Event()

        # Who else wants to hear of changes (the sandbox's store and page): called with
        # "message" and the message (created, edited or deleted, ephemeral ones included),
        # "world" (channels, threads, roles, members) or "commands" (a sync), and None.
        self.observers: list[Callable[[str, Message | None], None]] = []

        self._runner: web.AppRunner | None = None
        self.port = 0
        self._routes: list[tuple[str, re.Pattern[str], Handler, bool]] = []

    @property
    def rate_limits(self) -> RateLimits:
        return self.limiter.limits

    @property
    def rate_limited(self) -> deque[RateLimitHit]:
        """The newest 429s the fake answered (at most 1,000), oldest first."""
        return self.limiter.hits

    @property
    def rate_limited_total(self) -> int:
        """How many 429s the fake answered since it was made."""
        return self.limiter.hits_total

    @property
    def addresses(self) -> list[tuple[str, int]]:
        """Where it listens, (host, port) pairs: 127.0.0.1 only (empty before ``start``)."""
        if self._runner is None:
            return []
        return [(str(a[0]), int(a[1])) for a in self._runner.addresses]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """The value for ``discord.http.Route.BASE``."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """The value for ``DiscordWebSocket.DEFAULT_GATEWAY``."""
        return f"ws://127.0.0.1:{self.port}/gateway/"

    @property
    def connected(self) -> bool:
        return any(c.identified for c in self._connections)

    def channel_by_id(self, channel_id: int) -> Channel | None:
        if channel_id in self.dm_channels:
            return self.dm_channels[channel_id]
        for g in self.guilds:
            for c in g.channels:
                if c.id == channel_id:
                    return c
        return None

    def message_by_id(self, channel: Channel, message_id: int) -> Message | None:
        for m in channel.messages:
            if m.id == message_id and not m.deleted:
                return m
        return None

    def _note(self, line: str) -> None:
        if self.record:
            self.transcript.append(line)
        if self.echo:
            print(f"[fake discord] {line}")

    def _touch(self) -> None:
        self._last_activity = time.monotonic()
        self._activity.set()

    def _observe(self, kind: str, message: Message | None = None) -> None:
        for observer in list(self.observers):
            try:
                observer(kind, message)
            except Exception:
                log.exception("fake Discord: an observer failed on %s", kind)
