"""A loopback fake of Discord's gateway (v10) and REST API (v10): the sandbox's stand-in for
Discord and the end-to-end tests' Discord.

An unmodified discord.py client connects to it once ``Route.BASE`` and
``DiscordWebSocket.DEFAULT_GATEWAY`` point here (see :mod:`sandbox.fake.runner`). It binds
127.0.0.1 on an ephemeral port and never talks to anything else.

The spec is /work/shared/testing/fake-discord.md; the realism rules beyond it (3 s deadline,
40060, 50007, 25 choices, 100-character custom ids, upload limit) follow Discord's documented
behaviour, with Discord's error shapes.

The class is built in layers, one module per concern: ``state`` (what the fake knows and
records) <- ``gateway`` <- ``rest`` (plumbing, identity, commands, guilds) <- ``messages``
(channels, messages, threads) <- ``interactions`` (callbacks, follow-ups) <- ``driver``
(simulated users act) <- :class:`FakeDiscord` (lifecycle, world building, waiting).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Callable

import discord
from aiohttp import web

from .basics import (
    DEFAULT_BOT,
    DEFAULT_EVERYONE,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT,
    Json,
    Role,
    snowflake,
    snowflake_on_shard,
)
from .driver import Driver
from .model import Channel, Guild, Message
from .ratelimits import DISCORD_RATE_LIMITS, Limit, RateLimitHit, RateLimits
from .users import FakeUser
from .wire import (
    GUILD_MEMBERS_INTENT,
    LOOPBACK,
    FakeClock,
    Handler,
    MiB,
    Rejection,
    RequestRecord,
    T,
)

DISCORD_LOCALES = frozenset(locale.value for locale in discord.Locale)
"""Discord's locale codes (``discord.Locale``): a user's ``locale`` is one of them."""

__all__ = [
    "FakeClock",
    "FakeDiscord",
    "Limit",
    "RateLimitHit",
    "RateLimits",
    "Rejection",
    "RequestRecord",
]


class FakeDiscord(Driver):
    """Discord on 127.0.0.1: gateway, REST, and simulated users who play.

    ``clock`` (seconds, monotonic) drives the interaction deadline and the 15-minute token
    lifetime; pass a :class:`FakeClock` to control them. ``response_timeout`` caps, in real
    seconds, how long an action waits for the bot's first answer (default: the deadline plus
    a margin; with a fake clock the deadline only passes when the test advances it).

    ``rate_limits`` are Discord's REST rate limits (:class:`RateLimits`, Discord's numbers by
    default; see :mod:`sandbox.fake.ratelimits`). They run on ``rate_clock``, a real monotonic
    clock by default, apart from ``clock``: discord.py waits them out in real time.
    """

    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        bot_name: str = "Vesuvius",
        guild_name: str = "Pompeii",
        channels: tuple[str, ...] = ("general",),
        clock: Callable[[], float] = time.monotonic,
        interaction_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        response_timeout: float | None = None,
        attachment_size_limit: int = 25 * MiB,
        allow_privileged_intents: bool = True,
        echo: bool = True,
        record: bool = True,
        rate_limits: RateLimits = DISCORD_RATE_LIMITS,
        rate_clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(
            token=token,
            clock=clock,
            interaction_deadline=interaction_deadline,
            token_lifetime=token_lifetime,
            response_timeout=response_timeout,
            attachment_size_limit=attachment_size_limit,
            allow_privileged_intents=allow_privileged_intents,
            echo=echo,
            record=record,
            rate_limits=rate_limits,
            rate_clock=rate_clock,
        )
        self.bot = FakeUser(self, id=snowflake(), name=bot_name, bot=True)
        self.application_id = self.bot.id
        self.owner = FakeUser(self, id=snowflake(), name="owner")
        self._register(self.bot)
        self._register(self.owner)
        self.default_guild = self.add_guild(guild_name, channels=channels)

        self._routes = self._route_table()

    # ------------------------------------------------------------------ lifecycle

    async def start(
        self, *, port: int = 0, setup: Callable[[web.Application], None] | None = None
    ) -> FakeDiscord:
        """Listen on 127.0.0.1 (only) at ``port`` (0: any free port). ``setup`` may add routes
        to the same application before it starts (the sandbox's web page)."""
        app = web.Application(client_max_size=self.attachment_size_limit * 11 + MiB)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        app.router.add_get("/gateway/", self._gateway)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{cid}/{aid}/{filename}", self._serve_attachment)
        if setup is not None:
            setup(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, LOOPBACK, port)
        try:
            await site.start()
        except BaseException:
            await self._runner.cleanup()
            self._runner = None
            raise
        self.port = int(self._runner.addresses[0][1])
        return self

    async def close(self) -> None:
        for conn in list(self._connections):
            conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await conn.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------------ world building

    def _register(self, user: FakeUser) -> None:
        self.users_by_id[user.id] = user
        self.users[user.name] = user

    def add_guild(
        self,
        name: str,
        *,
        channels: tuple[str, ...] = ("general",),
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """A guild with ``@everyone``, the bot's managed role, the bot as member and channels;
        ``shard``: ``(shard_id, shard_count)`` whose connection its events go to."""
        gid = snowflake() if shard is None else snowflake_on_shard(*shard)
        guild = Guild(self, id=gid, name=name, owner_id=self.owner.id)
        guild.roles.append(Role(id=guild.id, name="@everyone", permissions=DEFAULT_EVERYONE))
        bot_role = Role(
            id=snowflake(), name=self.bot.name, permissions=DEFAULT_BOT, position=1, managed=True
        )
        guild.roles.append(bot_role)
        guild.members[self.bot.id] = [bot_role.id]
        guild.members[self.owner.id] = []
        for i, cname in enumerate(channels):
            guild.channels.append(
                Channel(id=snowflake(), name=cname, type=TEXT, guild=guild, position=i)
            )
        self.guilds.append(guild)
        if self.connected:
            self._dispatch("GUILD_CREATE", guild.payload())
        return guild

    def guild(self, name: str | None = None) -> Guild:
        """A guild by name; without a name the default guild."""
        if name is None:
            return self.default_guild
        for g in self.guilds:
            if g.name == name:
                return g
        raise KeyError(f"no guild {name!r}")

    def add_user(
        self, name: str, *, guilds: list[Guild] | None = None, dms_open: bool = True
    ) -> FakeUser:
        """A user who is a member of ``guilds`` (default: the default guild)."""
        if name in self.users:
            raise ValueError(f"user {name!r} exists")
        user = FakeUser(self, id=snowflake(), name=name, dms_open=dms_open)
        self._register(user)
        for g in guilds if guilds is not None else [self.default_guild]:
            self.add_member(g, user)
        return user

    def add_member(self, guild: Guild, user: FakeUser) -> None:
        if user.id in guild.members:
            return
        guild.members[user.id] = []
        self._dispatch(
            "GUILD_MEMBER_ADD",
            {"guild_id": str(guild.id), **guild.member_payload(user)},
            intent=GUILD_MEMBERS_INTENT,
        )

    def set_owner(self, guild: Guild, user: FakeUser) -> None:
        """Make the member ``user`` the owner of ``guild`` (every permission, as Discord's
        transfer of ownership does); a connected bot hears GUILD_UPDATE."""
        if user.id not in guild.members:
            raise ValueError(f"{user.name} is not a member of {guild.name}")
        if guild.owner_id == user.id:
            return
        guild.owner_id = user.id
        if self.connected:
            self._dispatch("GUILD_UPDATE", guild.payload())
        self._observe("world")

    def set_locale(self, user: FakeUser, locale: str) -> None:
        """The language ``user`` chose in their Discord client: one of Discord's locale codes
        (``en-US``, ``es-ES``, ``nl``, ``de``, …), sent as ``locale`` in their interactions."""
        if locale not in DISCORD_LOCALES:
            raise ValueError(f"{locale!r} is not a Discord locale")
        if user.locale != locale:
            user.locale = locale
            self._observe("world")

    async def user(
        self, name: str, *, guilds: list[Guild] | None = None, dms_open: bool = True
    ) -> FakeUser:
        """The user called ``name``, created (in the default guild) on first use."""
        if name in self.users:
            return self.users[name]
        return self.add_user(name, guilds=guilds, dms_open=dms_open)

    def post(
        self,
        channel: Channel,
        content: str = "",
        *,
        author: FakeUser | None = None,
        components: list[Json] | None = None,
        files: dict[str, bytes] | None = None,
    ) -> Message:
        """Put a message straight into ``channel`` (default author: the bot), as if it had
        been sent earlier, e.g. by a previous run of the bot whose views are now gone. The bot
        gets a MESSAGE_CREATE."""
        data: Json = {"content": content, "components": components or []}
        msg = self._new_message(channel, author or self.bot, data, list((files or {}).items()))
        self._dispatch_message("MESSAGE_CREATE", msg)
        return msg

    def add_thread(
        self,
        parent: Channel,
        name: str,
        *,
        private: bool = False,
        members: tuple[FakeUser, ...] = (),
    ) -> Channel:
        """A thread of ``parent`` (as if the bot had opened it), with ``members`` (users) in
        it: a private thread is seen only by its members (and who may manage threads)."""
        thread = self._new_thread(parent, name, PRIVATE_THREAD if private else PUBLIC_THREAD, {})
        thread.thread_members.update(m.id for m in members)
        return thread

    def archive_thread(self, thread: Channel, *, locked: bool = False) -> None:
        """Archive ``thread`` as Discord does after its inactivity period."""
        if not thread.is_thread:
            raise ValueError(f"{thread!r} is not a thread")
        thread.archived, thread.locked = True, locked
        self._dispatch("THREAD_UPDATE", thread.payload())

    # ------------------------------------------------------------------ waiting
    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        *,
        timeout: float = 5.0,  # noqa: ASYNC109
        what: str = "condition",
    ) -> T:
        """Poll ``predicate`` (re-checked on every request) until truthy; returns its value."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            left = end - loop.time()
            if left <= 0:
                raise TimeoutError(f"timed out after {timeout} s waiting for {what}")
            self._activity.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._activity.wait(), min(left, 0.05))

    async def settle(self, quiet: float = 0.1, timeout: float = 5.0) -> None:  # noqa: ASYNC109
        """Wait until the bot has gone ``quiet`` seconds without a request or gateway frame
        and no request is in flight. Work the bot does silently (e.g. rendering without any
        request) is invisible to this; prefer waiting for the message you expect."""

        def idle() -> bool:
            return self._in_flight == 0 and time.monotonic() - self._last_activity >= quiet

        await asyncio.sleep(0)
        await self.wait_for(idle, timeout=timeout, what="the bot to settle")

    def verify(self) -> None:
        """Raise AssertionError if the bot called a route the fake does not know, or logged
        an ERROR through a discord.* logger while running (the end-to-end fixture calls this
        at teardown; clear the lists after asserting on expected ones)."""
        problems = []
        if self.unknown_routes:
            problems.append(
                f"the bot called REST routes the fake does not know: {self.unknown_routes}"
            )
        if self.internal_errors:
            problems.append(f"the fake itself failed: {self.internal_errors}")
        if self.bot_errors:
            msgs = [f"{r.name}: {r.getMessage()}" for r in self.bot_errors]
            problems.append(f"the bot logged errors: {msgs}")
        if problems:
            raise AssertionError("; ".join(problems))

    # ------------------------------------------------------------------ REST plumbing

    def _route_table(self) -> list[tuple[str, re.Pattern[str], Handler, bool]]:
        S = r"(\d+)"  # a snowflake
        TOK = r"([^/]+)"
        table: list[tuple[str, str, Handler, bool]] = [
            ("GET", r"/users/@me", self.r_get_me, True),
            ("GET", r"/gateway", self.r_gateway, False),
            ("GET", r"/gateway/bot", self.r_gateway_bot, True),
            ("GET", r"/oauth2/applications/@me", self.r_application, True),
            ("GET", r"/applications/@me", self.r_application, True),
            ("GET", rf"/users/{S}", self.r_get_user, True),
            ("PUT", rf"/applications/{S}/commands", self.r_put_commands, True),
            ("GET", rf"/applications/{S}/commands", self.r_get_commands, True),
            ("POST", rf"/applications/{S}/commands", self.r_post_command, True),
            ("PUT", rf"/applications/{S}/guilds/{S}/commands", self.r_put_guild_commands, True),
            ("GET", rf"/applications/{S}/guilds/{S}/commands", self.r_get_guild_commands, True),
            ("POST", rf"/interactions/{S}/{TOK}/callback", self.r_callback, False),
            ("POST", rf"/webhooks/{S}/{TOK}", self.r_followup, False),
            ("GET", rf"/webhooks/{S}/{TOK}/messages/(@original|\d+)", self.r_wh_get, False),
            ("PATCH", rf"/webhooks/{S}/{TOK}/messages/(@original|\d+)", self.r_wh_edit, False),
            ("DELETE", rf"/webhooks/{S}/{TOK}/messages/(@original|\d+)", self.r_wh_delete, False),
            ("POST", r"/users/@me/channels", self.r_create_dm, True),
            ("GET", rf"/channels/{S}", self.r_get_channel, True),
            ("PATCH", rf"/channels/{S}", self.r_edit_channel, True),
            ("DELETE", rf"/channels/{S}", self.r_delete_channel, True),
            ("POST", rf"/channels/{S}/typing", self.r_typing, True),
            ("GET", rf"/channels/{S}/messages", self.r_history, True),
            ("POST", rf"/channels/{S}/messages", self.r_send, True),
            ("GET", rf"/channels/{S}/messages/{S}", self.r_get_message, True),
            ("PATCH", rf"/channels/{S}/messages/{S}", self.r_edit_message, True),
            ("DELETE", rf"/channels/{S}/messages/{S}", self.r_delete_message, True),
            ("POST", rf"/channels/{S}/messages/{S}/threads", self.r_thread_from_message, True),
            ("POST", rf"/channels/{S}/threads", self.r_thread, True),
            ("GET", rf"/channels/{S}/thread-members/(@me|\d+)", self.r_thread_member, True),
            ("PUT", rf"/channels/{S}/thread-members/(@me|\d+)", self.r_thread_join, True),
            ("DELETE", rf"/channels/{S}/thread-members/(@me|\d+)", self.r_thread_leave, True),
            ("GET", rf"/guilds/{S}", self.r_get_guild, True),
            ("GET", rf"/guilds/{S}/channels", self.r_guild_channels, True),
            ("GET", rf"/guilds/{S}/roles", self.r_guild_roles, True),
            ("GET", rf"/guilds/{S}/members/{S}", self.r_get_member, True),
        ]
        return [(m, re.compile(p + r"/?"), h, auth) for m, p, h, auth in table]
