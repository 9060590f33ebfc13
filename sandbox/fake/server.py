"""A loopback fake of Discord's gateway (v10) and REST API (v10) for end-to-end tests.

An unmodified discord.py client connects to it once ``Route.BASE`` and
``DiscordWebSocket.DEFAULT_GATEWAY`` point here (see :mod:`sandbox.fake.runner`). It binds
127.0.0.1 on an ephemeral port and never talks to anything else.

The spec is /work/shared/testing/fake-discord.md; the realism rules beyond it (3 s deadline,
40060, 50007, 25 choices, 100-character custom ids, upload limit) follow Discord's documented
behaviour, with Discord's error shapes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import BodyPartReader, WSMsgType, web

from .model import (
    DEFAULT_BOT,
    DEFAULT_EVERYONE,
    DM,
    EPHEMERAL,
    HAS_THREAD,
    LOADING,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT,
    THREAD_TYPES,
    Attachment,
    Channel,
    Choice,
    DriverError,
    FakeUser,
    Guild,
    InteractionFailed,
    InteractionResult,
    Json,
    Message,
    P,
    Role,
    iso_now,
    snowflake,
)

log = logging.getLogger(__name__)

MiB = 1024 * 1024
T = TypeVar("T")
Handler = Callable[..., Awaitable[Any]]

# Intents (gateway bits) that change what the fake dispatches.
GUILD_MEMBERS_INTENT = 1 << 1
GUILD_MESSAGES_INTENT = 1 << 9
DM_MESSAGES_INTENT = 1 << 12
MESSAGE_CONTENT_INTENT = 1 << 15
PRIVILEGED_INTENTS = GUILD_MEMBERS_INTENT | (1 << 8) | MESSAGE_CONTENT_INTENT

# Option types of application commands.
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3, 4, 5, 6, 7, 8, 9, 10, 11,
)  # fmt: skip


class DiscordHTTPError(Exception):
    """Raised inside a handler; becomes a Discord-shaped error response."""

    def __init__(self, status: int, code: int, message: str, errors: Json | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> Json:
        out: Json = {"message": self.message, "code": self.code}
        if self.errors is not None:
            out["errors"] = self.errors
        return out


def form_error(path: list[str | int], code: str, message: str) -> DiscordHTTPError:
    """A 400 / 50035 "Invalid Form Body" with Discord's nested ``errors`` shape."""
    errors: Json = {"_errors": [{"code": code, "message": message}]}
    for key in reversed(path):
        errors = {str(key): errors}
    return DiscordHTTPError(400, 50035, "Invalid Form Body", errors)


_TOKEN_IN_PATH = re.compile(r"(/(?:interactions|webhooks)/\d+/)[^/]+")


def _summary(record: RequestRecord) -> str:
    body = record.body
    if isinstance(body, dict) and isinstance(body.get("data"), dict):
        body = {"type": body.get("type"), **body["data"]}
    parts = []
    if isinstance(body, dict):
        for key in ("type", "content", "flags", "name", "recipient_id"):
            value = body.get(key)
            if value not in (None, "", 0):
                shown = value[:60] if isinstance(value, str) else value
                parts.append(f"{key}={shown!r}")
    if record.files:
        parts.append(f"files={[name for name, _ in record.files]}")
    if record.status >= 400 and isinstance(record.response, dict):
        parts.append(f"error={record.response.get('code')} {record.response.get('message')!r}")
    return (" " + " ".join(parts)) if parts else ""


def _parse_json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        raise DiscordHTTPError(400, 50109, "The request body contains invalid JSON.") from None


def _describe_interaction(itype: int, name: str, data: Json) -> str:
    if itype in (2, 4):
        opts = []
        todo = list(data.get("options") or [])
        while todo:
            o = todo.pop(0)
            if "options" in o:
                name += f" {o['name']}"
                todo = list(o["options"])
            else:
                opts.append(f"{o['name']}={o['value']!r}")
        kind = "/" if itype == 2 else "autocomplete /"
        return f"{kind}{name} {' '.join(opts)}".rstrip()
    if itype == 3:
        values = data.get("values")
        return f"clicks {name!r}" if values is None else f"selects {values} in {name!r}"
    return f"submits modal {name!r}"


def _describe(record: logging.LogRecord) -> str:
    text = record.getMessage()
    if record.exc_info and record.exc_info[1] is not None:
        exc = record.exc_info[1]
        text += f" ({type(exc).__name__}: {exc})"
    return text


def json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py compares the header for equality.
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


@dataclass
class RequestRecord:
    """One REST request the bot made, as the fake saw it."""

    method: str
    path: str  # below /api/v10, e.g. "/channels/123/messages"
    query: dict[str, str]
    body: Any
    files: list[tuple[str, bytes]]
    authorized: bool
    status: int = 0
    response: Any = None


@dataclass
class Rejection:
    """A 4xx the fake answered, with Discord's error body."""

    method: str
    path: str
    status: int
    code: int
    message: str
    errors: Json | None


@dataclass
class Interaction:
    """The fake's side of an interaction: token, deadline, and what the user saw."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel: Channel
    created_at: float  # injected clock
    result: InteractionResult
    source_message: Message | None = None
    responded: asyncio.Event = field(default_factory=asyncio.Event)
    loading_pending: bool = False  # deferred with thinking: next follow-up replaces it
    app_command_name: str = ""
    owned_messages: set[int] = field(default_factory=set)


@dataclass
class GatewayConnection:
    ws: web.WebSocketResponse
    queue: asyncio.Queue[Json | None] = field(default_factory=asyncio.Queue)
    seq: int = 0
    identified: bool = False
    intents: int = 0
    session_id: str = field(default_factory=lambda: secrets.token_hex(16))


class FakeClock:
    """A manual clock for the interaction deadline: ``clock.advance(3.1)``."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class FakeDiscord:
    """Discord on 127.0.0.1: gateway, REST, and simulated users who play.

    ``clock`` (seconds, monotonic) drives the interaction deadline and the 15-minute token
    lifetime; pass a :class:`FakeClock` to control them. ``response_timeout`` caps, in real
    seconds, how long an action waits for the bot's first answer (default: the deadline plus
    a margin; with a fake clock the deadline only passes when the test advances it).
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
    ) -> None:
        self.token = token
        self.clock = clock
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

        # Records for assertions.
        self.requests: list[RequestRecord] = []
        self.unknown_routes: list[tuple[str, str]] = []
        self.rejections: list[Rejection] = []
        self.gateway_log: list[tuple[str, int, str | None]] = []  # (direction, op, event name)
        self.bot_errors: list[logging.LogRecord] = []  # filled by the runner (discord.* ERRORs)
        self.identify_payloads: list[Json] = []
        self.internal_errors: list[str] = []
        # A readable log of play and of the bot's requests. With ``echo`` it is also printed,
        # so pytest shows it under "Captured stdout" when a test fails.
        self.transcript: list[str] = []
        self.echo = echo

        self._connections: list[GatewayConnection] = []
        self._in_flight = 0
        self._last_activity = 0.0
        self._activity = asyncio.Event()
        self.bot = FakeUser(self, id=snowflake(), name=bot_name, bot=True)
        self.application_id = self.bot.id
        self.owner = FakeUser(self, id=snowflake(), name="owner")
        self._register(self.bot)
        self._register(self.owner)
        self.default_guild = self.add_guild(guild_name, channels=channels)

        self._runner: web.AppRunner | None = None
        self.port = 0
        self._routes = self._route_table()

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=self.attachment_size_limit * 11 + MiB)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        app.router.add_get("/gateway/", self._gateway)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{cid}/{aid}/{filename}", self._serve_attachment)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
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

    # ------------------------------------------------------------------ world building

    def _register(self, user: FakeUser) -> None:
        self.users_by_id[user.id] = user
        self.users[user.name] = user

    def add_guild(self, name: str, *, channels: tuple[str, ...] = ("general",)) -> Guild:
        """A guild with ``@everyone``, the bot's managed role, the bot as member and channels."""
        guild = Guild(self, id=snowflake(), name=name, owner_id=self.owner.id)
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

    def archive_thread(self, thread: Channel, *, locked: bool = False) -> None:
        """Archive ``thread`` as Discord does after its inactivity period."""
        if not thread.is_thread:
            raise ValueError(f"{thread!r} is not a thread")
        thread.archived, thread.locked = True, locked
        self._dispatch("THREAD_UPDATE", thread.payload())

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
        self.transcript.append(line)
        if self.echo:
            print(f"[fake discord] {line}")

    # ------------------------------------------------------------------ waiting

    def _touch(self) -> None:
        self._last_activity = time.monotonic()
        self._activity.set()

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

    # ------------------------------------------------------------------ gateway

    def _dispatch(self, event: str, data: Json, *, intent: int = 0) -> None:
        self._touch()
        for conn in self._connections:
            if not conn.identified:
                continue
            if intent and not conn.intents & intent:
                continue
            conn.seq += 1
            conn.queue.put_nowait({"op": 0, "s": conn.seq, "t": event, "d": data})

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = GatewayConnection(ws)
        self._connections.append(conn)
        writer = asyncio.create_task(self._gateway_writer(conn))
        conn.queue.put_nowait({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                self._touch()
                frame = json.loads(msg.data)
                op = frame.get("op")
                self.gateway_log.append(("recv", op, None))
                if op == 1:
                    conn.queue.put_nowait({"op": 11, "d": None, "s": None, "t": None})
                elif op == 2:
                    await self._identify(conn, frame["d"])
                elif op == 8:
                    self._request_members(conn, frame["d"])
                elif op == 6:
                    # RESUME is not modelled: tell the client to start a new session.
                    conn.queue.put_nowait({"op": 9, "d": False, "s": None, "t": None})
        finally:
            conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await writer
            if conn in self._connections:
                self._connections.remove(conn)
        return ws

    async def _gateway_writer(self, conn: GatewayConnection) -> None:
        while True:
            frame = await conn.queue.get()
            if frame is None or conn.ws.closed:
                return
            if "close" in frame:
                await conn.ws.close(code=frame["close"], message=frame["reason"].encode())
                return
            self.gateway_log.append(("send", frame["op"], frame.get("t")))
            self._touch()
            try:
                await conn.ws.send_str(json.dumps(frame))
            except ConnectionError:
                return

    async def _identify(self, conn: GatewayConnection, d: Json) -> None:
        self.identify_payloads.append(d)
        token = str(d.get("token", ""))
        if token.removeprefix("Bot ") != self.token:
            conn.queue.put_nowait({"close": 4004, "reason": "Authentication failed."})
            return
        intents = int(d.get("intents", 0))
        if intents & PRIVILEGED_INTENTS and not self.allow_privileged_intents:
            conn.queue.put_nowait({"close": 4014, "reason": "Disallowed intent(s)."})
            return
        conn.intents = intents
        conn.identified = True
        ready = {
            "v": 10,
            "user": {**self.bot.payload(), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in self.guilds],
            "session_id": conn.session_id,
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "user_settings": {},
            "session_type": "normal",
        }
        if d.get("shard") is not None:
            ready["shard"] = d["shard"]
        conn.seq += 1
        conn.queue.put_nowait({"op": 0, "s": conn.seq, "t": "READY", "d": ready})
        for g in self.guilds:
            conn.seq += 1
            conn.queue.put_nowait({"op": 0, "s": conn.seq, "t": "GUILD_CREATE", "d": g.payload()})

    def _request_members(self, conn: GatewayConnection, d: Json) -> None:
        guild = next((g for g in self.guilds if str(g.id) == str(d.get("guild_id"))), None)
        if guild is None:
            return
        wanted = {int(u) for u in d.get("user_ids") or []}
        query = str(d.get("query") or "").lower()
        members = [
            guild.member_payload(self.users_by_id[uid])
            for uid in guild.members
            if (not wanted or uid in wanted)
            and self.users_by_id[uid].name.lower().startswith(query)
        ]
        chunk: Json = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if d.get("nonce") is not None:
            chunk["nonce"] = d["nonce"]
        conn.seq += 1
        conn.queue.put_nowait({"op": 0, "s": conn.seq, "t": "GUILD_MEMBERS_CHUNK", "d": chunk})

    def _message_intents_ok(self, conn: GatewayConnection, msg: Message) -> Json | None:
        if msg.channel.type == DM:
            if not conn.intents & DM_MESSAGES_INTENT:
                return None
        elif not conn.intents & GUILD_MESSAGES_INTENT:
            return None
        data = msg.payload()
        privileged_ok = (
            conn.intents & MESSAGE_CONTENT_INTENT
            or msg.channel.type == DM
            or msg.author is self.bot
            or self.bot.mention in msg.content
        )
        if not privileged_ok:
            data.update(content="", embeds=[], attachments=[], components=[])
        return data

    def _dispatch_message(self, event: str, msg: Message) -> None:
        if msg.visible_to is not None:
            return  # ephemeral messages never reach the gateway
        for conn in self._connections:
            if not conn.identified:
                continue
            data = self._message_intents_ok(conn, msg)
            if data is None:
                continue
            if msg.channel.guild is not None and msg.author is not self.bot:
                data["member"] = msg.channel.guild.member_payload(msg.author, with_user=False)
            conn.seq += 1
            conn.queue.put_nowait({"op": 0, "s": conn.seq, "t": event, "d": data})

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
            ("PUT", rf"/channels/{S}/thread-members/(@me|\d+)", self.r_thread_join, True),
            ("DELETE", rf"/channels/{S}/thread-members/(@me|\d+)", self.r_thread_leave, True),
            ("GET", rf"/guilds/{S}", self.r_get_guild, True),
            ("GET", rf"/guilds/{S}/channels", self.r_guild_channels, True),
            ("GET", rf"/guilds/{S}/roles", self.r_guild_roles, True),
            ("GET", rf"/guilds/{S}/members/{S}", self.r_get_member, True),
        ]
        return [(m, re.compile(p + r"/?"), h, auth) for m, p, h, auth in table]

    async def _read_body(self, request: web.Request, record: RequestRecord) -> None:
        ctype = request.headers.get("Content-Type", "")
        if ctype.startswith("multipart/"):
            reader = await request.multipart()
            too_big: str | None = None
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):
                    continue
                name = part.name or ""
                chunks = []
                size = 0
                while True:
                    chunk = await part.read_chunk(65536)
                    if not chunk:
                        break
                    size += len(chunk)
                    if name.startswith("files[") and size > self.attachment_size_limit:
                        too_big = part.filename or name
                        continue  # drain, keep nothing
                    chunks.append(chunk)
                data = b"".join(chunks)
                if name == "payload_json":
                    record.body = _parse_json(data)
                elif name.startswith("files["):
                    record.files.append((part.filename or name, data))
            if too_big is not None:
                raise DiscordHTTPError(413, 40005, "Request entity too large")
        elif request.can_read_body:
            raw = await request.read()
            if raw:
                record.body = _parse_json(raw)

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        self._in_flight += 1
        self._touch()
        path = "/" + request.match_info["tail"]
        auth = request.headers.get("Authorization")
        record = RequestRecord(
            method=request.method,
            path=path.rstrip("/") or "/",
            query=dict(request.query),
            body=None,
            files=[],
            authorized=auth is not None,
        )
        self.requests.append(record)
        try:
            for method, pattern, handler, needs_auth in self._routes:
                match = pattern.fullmatch(path)
                if match is None or method != request.method:
                    continue
                if needs_auth and auth != f"Bot {self.token}":
                    raise DiscordHTTPError(401, 0, "401: Unauthorized")
                await self._read_body(request, record)
                result = await handler(record, *match.groups())
                record.status = 204 if result is None else 200
                record.response = result
                if result is None:
                    return web.Response(status=204)
                return json_response(result)
            self.unknown_routes.append((request.method, record.path))
            log.error("fake Discord: unknown route %s %s", request.method, record.path)
            raise DiscordHTTPError(
                404, 0, f"404: Not Found (fake Discord has no {request.method} {path})"
            )
        except DiscordHTTPError as err:
            record.status = err.status
            record.response = err.body()
            self.rejections.append(
                Rejection(
                    request.method, record.path, err.status, err.code, err.message, err.errors
                )
            )
            return json_response(err.body(), status=err.status)
        except Exception as exc:
            # A bug in the fake (or a body it cannot parse): fail the test at teardown, and
            # answer 400 rather than 5xx, which discord.py would retry with back-off.
            log.exception("fake Discord: internal error on %s %s", request.method, record.path)
            self.internal_errors.append(f"{request.method} {record.path}: {exc!r}")
            record.status = 400
            return json_response({"message": f"fake Discord error: {exc!r}", "code": 0}, 400)
        finally:
            self._in_flight -= 1
            self._touch()
            path = _TOKEN_IN_PATH.sub(r"\1<token>", record.path)
            self._note(f"bot {record.method} {path} -> {record.status}{_summary(record)}")

    async def _serve_attachment(self, request: web.Request) -> web.Response:
        att = self.attachments.get(int(request.match_info["aid"]))
        if att is None:
            return web.Response(status=404)
        return web.Response(
            body=att.data, headers={"Content-Type": att.content_type or "application/octet-stream"}
        )

    # ------------------------------------------------------------------ payload helpers

    def _store_files(
        self, channel: Channel, files: list[tuple[str, bytes]], meta: list[Json]
    ) -> list[Attachment]:
        out = []
        by_index = {}
        for m in meta:
            with contextlib.suppress(TypeError, ValueError):
                by_index[int(m.get("id"))] = m  # type: ignore[arg-type]
        for i, (filename, data) in enumerate(files):
            info = by_index.get(i, {})
            aid = snowflake()
            name = str(info.get("filename") or filename)
            att = Attachment(
                id=aid,
                filename=name,
                data=data,
                url=f"{self.base_url}/attachments/{channel.id}/{aid}/{name}",
                description=info.get("description"),
            )
            self.attachments[aid] = att
            out.append(att)
        return out

    def _validate_message(
        self, data: Json, files: list[tuple[str, bytes]], prefix: list[str | int]
    ) -> None:
        content = data.get("content")
        if content is not None and len(str(content)) > 2000:
            raise form_error(
                [*prefix, "content"], "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length."
            )
        if len(data.get("embeds") or []) > 10:
            raise form_error(
                [*prefix, "embeds"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length."
            )
        if len(files) > 10:
            raise DiscordHTTPError(
                400, 30015, "Maximum number of attachments in a message reached (10)"
            )
        components = data.get("components") or []
        v2 = bool(int(data.get("flags") or 0) & (1 << 15))
        if not v2 and len(components) > 5:
            raise form_error(
                [*prefix, "components"], "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."
            )
        seen: set[str] = set()
        self._validate_components(components, [*prefix, "components"], seen, top=not v2)

    def _validate_components(
        self, comps: list[Json], path: list[str | int], seen: set[str], top: bool
    ) -> None:
        for i, comp in enumerate(comps):
            here = [*path, i]
            ctype = comp.get("type")
            if "custom_id" in comp:
                cid = str(comp["custom_id"])
                if not 1 <= len(cid) <= 100:
                    raise form_error(
                        [*here, "custom_id"],
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 100 in length.",
                    )
                if cid in seen:
                    raise form_error(
                        [*here, "custom_id"],
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated",
                    )
                seen.add(cid)
            if ctype == 2 and len(str(comp.get("label") or "")) > 80:
                raise form_error(
                    [*here, "label"], "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length."
                )
            if ctype == 3 and not 1 <= len(comp.get("options") or []) <= 25:
                raise form_error(
                    [*here, "options"],
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 25 in length.",
                )
            if ctype == 1 and top:
                children = comp.get("components") or []
                if len(children) > 5 or (
                    len(children) > 1 and any(c.get("type") != 2 for c in children)
                ):
                    raise form_error(
                        [*here, "components"],
                        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                        "The specified component exceeds the maximum width",
                    )
            if isinstance(comp.get("components"), list):
                self._validate_components(
                    comp["components"], [*here, "components"], seen, top=False
                )
            for key in ("component", "accessory"):
                if isinstance(comp.get(key), dict):
                    self._validate_components([comp[key]], [*here, key], seen, top=False)

    def _new_message(
        self,
        channel: Channel,
        author: FakeUser,
        data: Json,
        files: list[tuple[str, bytes]],
        *,
        visible_to: int | None = None,
        mtype: int = 0,
        interaction: Json | None = None,
    ) -> Message:
        flags = int(data.get("flags") or 0)
        if visible_to is not None:
            flags |= EPHEMERAL
        flags &= ~(1 << 12)  # SUPPRESS_NOTIFICATIONS is request-only
        msg = Message(
            id=snowflake(),
            channel=channel,
            author=author,
            content=str(data.get("content") or ""),
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            attachments=self._store_files(channel, files, list(data.get("attachments") or [])),
            flags=flags,
            type=mtype,
            visible_to=visible_to,
            interaction=interaction,
            reference=data.get("message_reference"),
        )
        channel.messages.append(msg)
        if channel.is_thread and channel.archived and not channel.locked:
            channel.archived = False
        return msg

    def _apply_edit(self, msg: Message, data: Json, files: list[tuple[str, bytes]]) -> None:
        self._validate_message(data, files, [])
        if "content" in data:
            msg.content = str(data["content"] or "")
        if "embeds" in data:
            msg.embeds = list(data["embeds"] or [])
        if "components" in data:
            msg.components = list(data["components"] or [])
        if "attachments" in data:
            keep_ids = set()
            new_meta = []
            existing = {a.id: a for a in msg.attachments}
            for a in data["attachments"] or []:
                aid = int(a["id"])
                if aid in existing:
                    keep_ids.add(aid)
                else:
                    new_meta.append(a)
            msg.attachments = [a for a in msg.attachments if a.id in keep_ids]
            msg.attachments += self._store_files(msg.channel, files, new_meta)
        elif files:
            msg.attachments += self._store_files(msg.channel, files, [])
        if "flags" in data and data["flags"] is not None:
            keep = msg.flags & (EPHEMERAL | HAS_THREAD)
            msg.flags = keep | (int(data["flags"]) & ~(EPHEMERAL | LOADING))
        msg.flags &= ~LOADING
        msg.edited_at = iso_now()

    def _channel_or_404(self, channel_id: str) -> Channel:
        chan = self.channel_by_id(int(channel_id))
        if chan is None:
            raise DiscordHTTPError(404, 10003, "Unknown Channel")
        return chan

    def _message_or_404(self, chan: Channel, message_id: str) -> Message:
        msg = self.message_by_id(chan, int(message_id))
        if msg is None or msg.visible_to is not None:
            raise DiscordHTTPError(404, 10008, "Unknown Message")
        return msg

    def _bot_perms(self, chan: Channel) -> int:
        if chan.guild is None:
            return P.all().value
        return chan.guild.permissions(self.bot.id, chan)

    def _require(self, chan: Channel, **perms: bool) -> None:
        have = self._bot_perms(chan)
        if not have & P(view_channel=True).value:
            raise DiscordHTTPError(403, 50001, "Missing Access")
        need = P(**perms).value
        if have & need != need:
            raise DiscordHTTPError(403, 50013, "Missing Permissions")

    def _check_app(self, app_id: str) -> None:
        if int(app_id) != self.application_id:
            raise DiscordHTTPError(404, 10002, "Unknown Application")

    # ------------------------------------------------------------------ REST: identity

    async def r_get_me(self, rec: RequestRecord) -> Json:
        return {**self.bot.payload(), "verified": True, "mfa_enabled": False, "locale": "en-US"}

    async def r_gateway(self, rec: RequestRecord) -> Json:
        return {"url": self.gateway_url.rstrip("/")}

    async def r_gateway_bot(self, rec: RequestRecord) -> Json:
        return {
            "url": self.gateway_url.rstrip("/"),
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    async def r_application(self, rec: RequestRecord) -> Json:
        return {
            "id": str(self.application_id),
            "name": self.bot.name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.payload(),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "interactions_endpoint_url": None,
            "bot": self.bot.payload(),
            "summary": "",
            "terms_of_service_url": None,
            "privacy_policy_url": None,
            "approximate_guild_count": len(self.guilds),
        }

    async def r_get_user(self, rec: RequestRecord, user_id: str) -> Json:
        user = self.users_by_id.get(int(user_id))
        if user is None:
            raise DiscordHTTPError(404, 10013, "Unknown User")
        return user.payload()

    # ------------------------------------------------------------------ REST: commands

    def _store_commands(self, body: Any, guild: Guild | None) -> list[Json]:
        if not isinstance(body, list):
            raise form_error([], "BASE_TYPE_REQUIRED", "This field is required")
        if len([c for c in body if c.get("type", 1) == 1]) > 100:
            raise DiscordHTTPError(
                400, 30032, "Maximum number of application commands reached (100)"
            )
        out = []
        for i, cmd in enumerate(body):
            name = str(cmd.get("name", ""))
            if not re.fullmatch(r"[-_\w]{1,32}", name) or (
                cmd.get("type", 1) == 1 and name != name.lower()
            ):
                raise form_error(
                    [i, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"
                )
            stored = {
                **cmd,
                "id": str(snowflake()),
                "application_id": str(self.application_id),
                "version": str(snowflake()),
                "type": cmd.get("type", 1),
            }
            if guild is not None:
                stored["guild_id"] = str(guild.id)
            out.append(stored)
        target = guild.commands if guild is not None else self.commands
        target.clear()
        for c in out:
            target[f"{c['type']}:{c['name']}"] = c
        if guild is None:
            self.all_commands = out
        return out

    async def r_put_commands(self, rec: RequestRecord, app_id: str) -> list[Json]:
        self._check_app(app_id)
        return self._store_commands(rec.body, None)

    async def r_get_commands(self, rec: RequestRecord, app_id: str) -> list[Json]:
        self._check_app(app_id)
        return list(self.commands.values())

    async def r_post_command(self, rec: RequestRecord, app_id: str) -> Json:
        self._check_app(app_id)
        body = rec.body
        current = [
            c
            for c in self.commands.values()
            if c["name"] != body.get("name") or c["type"] != body.get("type", 1)
        ]
        stored = self._store_commands([*current, body], None)
        return stored[-1]

    def _guild_or_404(self, guild_id: str) -> Guild:
        for g in self.guilds:
            if g.id == int(guild_id):
                return g
        raise DiscordHTTPError(404, 10004, "Unknown Guild")

    async def r_put_guild_commands(
        self, rec: RequestRecord, app_id: str, guild_id: str
    ) -> list[Json]:
        self._check_app(app_id)
        return self._store_commands(rec.body, self._guild_or_404(guild_id))

    async def r_get_guild_commands(
        self, rec: RequestRecord, app_id: str, guild_id: str
    ) -> list[Json]:
        self._check_app(app_id)
        return list(self._guild_or_404(guild_id).commands.values())

    # ------------------------------------------------------------------ REST: interactions

    def _interaction_for(self, token: str) -> Interaction:
        inter = self._by_token.get(token)
        if inter is None:
            raise DiscordHTTPError(401, 50027, "Invalid Webhook Token")
        if self.clock() - inter.created_at > self.token_lifetime:
            raise DiscordHTTPError(401, 50027, "Invalid Webhook Token")
        return inter

    def _fail(self, inter: Interaction, reason: str) -> None:
        if inter.result.answered or inter.result.failed:
            return
        inter.result.failed = True
        inter.result.error = reason
        inter.responded.set()

    async def r_callback(self, rec: RequestRecord, interaction_id: str, token: str) -> Json | None:
        inter = self.interactions.get(int(interaction_id))
        if inter is None or inter.token != token:
            raise DiscordHTTPError(404, 10062, "Unknown interaction")
        if inter.result.answered:
            raise DiscordHTTPError(400, 40060, "Interaction has already been acknowledged.")
        if inter.result.failed or self.clock() - inter.created_at > self.interaction_deadline:
            self._fail(inter, f"no response within {self.interaction_deadline} s")
            raise DiscordHTTPError(404, 10062, "Unknown interaction")
        try:
            return self._answer(inter, rec)
        except DiscordHTTPError as err:
            inter.result.rejections.append(err.body())
            self._fail(inter, f"response rejected: {err.status} {err.body()}")
            raise

    def _answer(self, inter: Interaction, rec: RequestRecord) -> Json | None:
        body = rec.body or {}
        rtype = int(body.get("type", 0))
        data = body.get("data") or {}
        result = inter.result
        allowed = {
            2: {4, 5, 9},
            3: {4, 5, 6, 7, 9},
            4: {8},
            5: {4, 5, 6, 7},
        }[inter.type]
        if rtype not in allowed:
            raise form_error(
                ["type"],
                "INTERACTION_RESPONSE_TYPE_INVALID",
                f"Interaction response type {rtype} is not valid here",
            )
        meta = {
            "id": str(inter.id),
            "type": inter.type,
            "name": inter.app_command_name,
            "user": inter.user.payload(),
        }
        mtype = 20 if inter.type == 2 else 0
        message: Message | None = None
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        if rtype == 4:
            self._validate_message(data, rec.files, ["data"])
            message = self._new_message(
                inter.channel, self.bot, data, rec.files,
                visible_to=inter.user.id if ephemeral else None, mtype=mtype, interaction=meta,
            )  # fmt: skip
            self._dispatch_message("MESSAGE_CREATE", message)
        elif rtype == 5:
            message = self._new_message(
                inter.channel, self.bot, {"flags": LOADING | (EPHEMERAL if ephemeral else 0)}, [],
                visible_to=inter.user.id if ephemeral else None, mtype=mtype, interaction=meta,
            )  # fmt: skip
            inter.loading_pending = True
            self._dispatch_message("MESSAGE_CREATE", message)
        elif rtype in (6, 7):
            message = inter.source_message
            if message is None:  # a modal opened by a slash command has no message to update
                raise form_error(
                    ["type"], "INTERACTION_RESPONSE_TYPE_INVALID", "No message to update"
                )
            if rtype == 7:
                self._apply_edit(message, data, rec.files)
                self._dispatch_message("MESSAGE_UPDATE", message)
        elif rtype == 8:
            choices = list(data.get("choices") or [])
            if len(choices) > 25:
                raise form_error(
                    ["data", "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
                )
            for i, c in enumerate(choices):
                if not 1 <= len(str(c.get("name", ""))) <= 100:
                    raise form_error(
                        ["data", "choices", i, "name"],
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 100 in length.",
                    )
            result.choices = [Choice(str(c["name"]), c["value"]) for c in choices]
        elif rtype == 9:
            cid = str(data.get("custom_id") or "")
            if not 1 <= len(cid) <= 100:
                raise form_error(
                    ["data", "custom_id"],
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                )
            if not 1 <= len(str(data.get("title") or "")) <= 45:
                raise form_error(
                    ["data", "title"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length."
                )
            self._validate_components(
                list(data.get("components") or []), ["data", "components"], set(), top=False
            )
            result.modal = data
        result.response_type = rtype
        if message is not None:
            result.message = message
            inter.owned_messages.add(message.id)
        inter.responded.set()
        self._touch()
        if rec.query.get("with_response") not in ("1", "true", "True"):
            return None
        resp_interaction: Json = {
            "id": str(inter.id),
            "type": inter.type,
            "response_message_loading": rtype == 5,
            "response_message_ephemeral": bool(message and message.ephemeral),
        }
        resource: Json = {"type": rtype}
        if message is not None:
            resp_interaction["response_message_id"] = str(message.id)
            resource["message"] = message.payload()
        return {"interaction": resp_interaction, "resource": resource}

    async def r_followup(self, rec: RequestRecord, app_id: str, token: str) -> Json | None:
        self._check_app(app_id)
        inter = self._interaction_for(token)
        if not inter.result.answered:
            raise DiscordHTTPError(404, 10015, "Unknown Webhook")
        data = rec.body or {}
        self._validate_message(data, rec.files, [])
        if inter.loading_pending and inter.result.message is not None:
            # Discord: the first follow-up after a defer replaces the "thinking" message.
            msg = inter.result.message
            inter.loading_pending = False
            self._apply_edit(msg, data, rec.files)
            msg.edited_at = None
            self._dispatch_message("MESSAGE_UPDATE", msg)
        else:
            ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
            meta = {
                "id": str(inter.id),
                "type": inter.type,
                "name": inter.app_command_name,
                "user": inter.user.payload(),
            }
            msg = self._new_message(
                inter.channel, self.bot, data, rec.files,
                visible_to=inter.user.id if ephemeral else None,
                mtype=20 if inter.type == 2 else 0, interaction=meta,
            )  # fmt: skip
            self._dispatch_message("MESSAGE_CREATE", msg)
        inter.owned_messages.add(msg.id)
        inter.result.followups.append(msg)
        self._touch()
        if rec.query.get("wait") in ("1", "true", "True"):
            return msg.payload()
        return None

    def _webhook_message(self, inter: Interaction, which: str) -> Message:
        if which == "@original":
            msg = inter.result.message
        else:
            msg = next(
                (
                    m
                    for m in inter.result.messages
                    if m.id == int(which) and m.id in inter.owned_messages
                ),
                None,
            )
        if msg is None or msg.deleted:
            raise DiscordHTTPError(404, 10008, "Unknown Message")
        return msg

    async def r_wh_get(self, rec: RequestRecord, app_id: str, token: str, which: str) -> Json:
        self._check_app(app_id)
        return self._webhook_message(self._interaction_for(token), which).payload()

    async def r_wh_edit(self, rec: RequestRecord, app_id: str, token: str, which: str) -> Json:
        self._check_app(app_id)
        inter = self._interaction_for(token)
        msg = self._webhook_message(inter, which)
        self._apply_edit(msg, rec.body or {}, rec.files)
        if msg is inter.result.message:
            inter.loading_pending = False
        self._dispatch_message("MESSAGE_UPDATE", msg)
        self._touch()
        return msg.payload()

    async def r_wh_delete(self, rec: RequestRecord, app_id: str, token: str, which: str) -> None:
        self._check_app(app_id)
        inter = self._interaction_for(token)
        msg = self._webhook_message(inter, which)
        if msg is inter.result.message:
            inter.loading_pending = False
        self._delete(msg)

    def _delete(self, msg: Message) -> None:
        msg.deleted = True
        if msg.visible_to is None:
            payload: Json = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild is not None:
                payload["guild_id"] = str(msg.channel.guild.id)
            self._dispatch("MESSAGE_DELETE", payload)

    # ------------------------------------------------------------------ REST: channels

    async def r_create_dm(self, rec: RequestRecord) -> Json:
        body = rec.body or {}
        user = self.users_by_id.get(int(body.get("recipient_id", 0)))
        if user is None or user.bot:
            raise DiscordHTTPError(400, 50033, "Invalid Recipient(s)")
        return user.dm.payload()

    async def r_get_channel(self, rec: RequestRecord, channel_id: str) -> Json:
        chan = self._channel_or_404(channel_id)
        if chan.guild is not None:
            self._require(chan)
        return chan.payload()

    async def r_edit_channel(self, rec: RequestRecord, channel_id: str) -> Json:
        chan = self._channel_or_404(channel_id)
        body = rec.body or {}
        if chan.type == DM:
            raise DiscordHTTPError(403, 50003, "Cannot execute action on a DM channel")
        if chan.is_thread:
            if chan.owner_id != self.bot.id:
                self._require(chan, manage_threads=True)
        else:
            self._require(chan, manage_channels=True)
        for key in ("name", "archived", "locked", "auto_archive_duration"):
            if key in body:
                setattr(chan, key, body[key])
        event = "THREAD_UPDATE" if chan.is_thread else "CHANNEL_UPDATE"
        self._dispatch(event, chan.payload())
        return chan.payload()

    async def r_delete_channel(self, rec: RequestRecord, channel_id: str) -> Json:
        chan = self._channel_or_404(channel_id)
        if chan.guild is None:
            raise DiscordHTTPError(403, 50003, "Cannot execute action on a DM channel")
        self._require(
            chan, **({"manage_threads": True} if chan.is_thread else {"manage_channels": True})
        )
        chan.guild.channels.remove(chan)
        payload = chan.payload()
        self._dispatch("THREAD_DELETE" if chan.is_thread else "CHANNEL_DELETE", payload)
        return payload

    async def r_typing(self, rec: RequestRecord, channel_id: str) -> None:
        chan = self._channel_or_404(channel_id)
        if chan.guild is not None:
            self._require(chan, send_messages=not chan.is_thread)

    async def r_history(self, rec: RequestRecord, channel_id: str) -> list[Json]:
        chan = self._channel_or_404(channel_id)
        if chan.guild is not None:
            self._require(chan, read_message_history=True)
        msgs = chan.public_messages
        limit = int(rec.query.get("limit", 50))
        if "before" in rec.query:
            msgs = [m for m in msgs if m.id < int(rec.query["before"])]
        if "after" in rec.query:
            msgs = [m for m in msgs if m.id > int(rec.query["after"])]
            return [m.payload() for m in msgs[:limit]][::-1]
        return [m.payload() for m in msgs[::-1][:limit]]

    async def r_send(self, rec: RequestRecord, channel_id: str) -> Json:
        chan = self._channel_or_404(channel_id)
        data = rec.body or {}
        if chan.type == DM:
            assert chan.recipient is not None
            if not chan.recipient.dms_open:
                raise DiscordHTTPError(403, 50007, "Cannot send messages to this user")
        else:
            need: dict[str, bool] = (
                {"send_messages_in_threads": True} if chan.is_thread else {"send_messages": True}
            )
            if rec.files:
                need["attach_files"] = True
            self._require(chan, **need)
            if chan.is_thread and chan.locked:
                raise DiscordHTTPError(400, 50083, "Thread is archived")
        self._validate_message(data, rec.files, [])
        if not (
            data.get("content")
            or data.get("embeds")
            or rec.files
            or data.get("components")
            or data.get("sticker_ids")
        ):
            raise DiscordHTTPError(400, 50006, "Cannot send an empty message")
        ref = data.get("message_reference")
        if ref is not None and ref.get("fail_if_not_exists", True):
            target = self.channel_by_id(int(ref.get("channel_id") or chan.id))
            if target is None or self.message_by_id(target, int(ref["message_id"])) is None:
                raise form_error(
                    ["message_reference"], "REPLIES_UNKNOWN_MESSAGE", "Unknown message"
                )
        msg = self._new_message(chan, self.bot, data, rec.files, mtype=19 if ref else 0)
        self._dispatch_message("MESSAGE_CREATE", msg)
        return msg.payload()

    async def r_get_message(self, rec: RequestRecord, channel_id: str, message_id: str) -> Json:
        chan = self._channel_or_404(channel_id)
        if chan.guild is not None:
            self._require(chan, read_message_history=True)
        return self._message_or_404(chan, message_id).payload()

    async def r_edit_message(self, rec: RequestRecord, channel_id: str, message_id: str) -> Json:
        chan = self._channel_or_404(channel_id)
        msg = self._message_or_404(chan, message_id)
        if msg.author is not self.bot:
            raise DiscordHTTPError(403, 50005, "Cannot edit a message authored by another user")
        self._apply_edit(msg, rec.body or {}, rec.files)
        self._dispatch_message("MESSAGE_UPDATE", msg)
        return msg.payload()

    async def r_delete_message(self, rec: RequestRecord, channel_id: str, message_id: str) -> None:
        chan = self._channel_or_404(channel_id)
        msg = self._message_or_404(chan, message_id)
        if msg.author is not self.bot:
            if chan.guild is None:
                raise DiscordHTTPError(403, 50003, "Cannot execute action on a DM channel")
            self._require(chan, manage_messages=True)
        self._delete(msg)

    # ------------------------------------------------------------------ REST: threads

    def _new_thread(
        self, parent: Channel, name: str, ttype: int, body: Json, tid: int | None = None
    ) -> Channel:
        assert parent.guild is not None
        if not 1 <= len(name) <= 100:
            raise form_error(
                ["name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
            )
        duration = body.get("auto_archive_duration")
        if duration is not None and int(duration) not in (60, 1440, 4320, 10080):
            raise form_error(
                ["auto_archive_duration"],
                "BASE_TYPE_CHOICES",
                "Value must be one of {60, 1440, 4320, 10080}.",
            )
        thread = Channel(
            id=tid or snowflake(),
            name=name,
            type=ttype,
            guild=parent.guild,
            parent=parent,
            owner_id=self.bot.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        thread.thread_members.add(self.bot.id)
        parent.guild.channels.append(thread)
        self._dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread

    async def r_thread_from_message(
        self, rec: RequestRecord, channel_id: str, message_id: str
    ) -> Json:
        chan = self._channel_or_404(channel_id)
        if chan.guild is None or chan.is_thread:
            raise DiscordHTTPError(400, 50024, "Cannot execute action on this channel type")
        msg = self._message_or_404(chan, message_id)
        self._require(chan, create_public_threads=True)
        if msg.thread is not None:
            raise DiscordHTTPError(
                400, 160004, "A thread has already been created for this message"
            )
        body = rec.body or {}
        thread = self._new_thread(chan, str(body.get("name", "")), PUBLIC_THREAD, body, tid=msg.id)
        msg.thread = thread
        msg.flags |= HAS_THREAD
        return thread.payload()

    async def r_thread(self, rec: RequestRecord, channel_id: str) -> Json:
        chan = self._channel_or_404(channel_id)
        if chan.guild is None or chan.is_thread:
            raise DiscordHTTPError(400, 50024, "Cannot execute action on this channel type")
        body = rec.body or {}
        ttype = int(body.get("type") or PRIVATE_THREAD)
        if ttype not in THREAD_TYPES:
            raise form_error(["type"], "BASE_TYPE_CHOICES", "Value must be one of {11, 12}.")
        self._require(
            chan,
            **(
                {"create_public_threads": True}
                if ttype == PUBLIC_THREAD
                else {"create_private_threads": True}
            ),
        )
        thread = self._new_thread(chan, str(body.get("name", "")), ttype, body)
        return thread.payload()

    def _thread_or_error(self, channel_id: str) -> Channel:
        chan = self._channel_or_404(channel_id)
        if not chan.is_thread:
            raise DiscordHTTPError(400, 50024, "Cannot execute action on this channel type")
        return chan

    async def r_thread_join(self, rec: RequestRecord, channel_id: str, who: str) -> None:
        thread = self._thread_or_error(channel_id)
        uid = self.bot.id if who == "@me" else int(who)
        if uid not in self.users_by_id:
            raise DiscordHTTPError(404, 10013, "Unknown User")
        thread.thread_members.add(uid)

    async def r_thread_leave(self, rec: RequestRecord, channel_id: str, who: str) -> None:
        thread = self._thread_or_error(channel_id)
        thread.thread_members.discard(self.bot.id if who == "@me" else int(who))

    # ------------------------------------------------------------------ REST: guilds

    async def r_get_guild(self, rec: RequestRecord, guild_id: str) -> Json:
        payload = self._guild_or_404(guild_id).payload()
        for key in ("channels", "threads", "members", "voice_states", "presences"):
            payload.pop(key, None)
        return payload

    async def r_guild_channels(self, rec: RequestRecord, guild_id: str) -> list[Json]:
        return [c.payload() for c in self._guild_or_404(guild_id).channels if not c.is_thread]

    async def r_guild_roles(self, rec: RequestRecord, guild_id: str) -> list[Json]:
        return [r.payload() for r in self._guild_or_404(guild_id).roles]

    async def r_get_member(self, rec: RequestRecord, guild_id: str, user_id: str) -> Json:
        guild = self._guild_or_404(guild_id)
        if int(user_id) not in guild.members:
            raise DiscordHTTPError(404, 10007, "Unknown Member")
        return guild.member_payload(self.users_by_id[int(user_id)])

    # ------------------------------------------------------------------ driving: interactions

    def _default_channel(self, channel: Channel | None) -> Channel:
        return channel if channel is not None else self.default_guild.channels[0]

    def _interaction_payload(
        self, inter: Interaction, data: Json, message: Message | None = None
    ) -> Json:
        chan = inter.channel
        guild = chan.guild
        payload: Json = {
            "id": str(inter.id),
            "application_id": str(self.application_id),
            "type": inter.type,
            "token": inter.token,
            "version": 1,
            "channel_id": str(chan.id),
            "channel": chan.payload(),
            "locale": inter.user.locale,
            "entitlements": [],
            "attachment_size_limit": self.attachment_size_limit,
            "data": data,
            "app_permissions": str(self._bot_perms(chan)),
        }
        if guild is not None:
            perms = guild.permissions(inter.user.id, chan)
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": "en-US", "features": []},
                guild_locale="en-US",
                member={**guild.member_payload(inter.user), "permissions": str(perms)},
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=inter.user.payload(),
                authorizing_integration_owners={"0": "0", "1": str(inter.user.id)},
                context=1,
            )
        if message is not None:
            payload["message"] = message.payload()
        return payload

    async def _send_interaction(
        self,
        user: FakeUser,
        channel: Channel,
        itype: int,
        data: Json,
        *,
        name: str,
        source: Message | None = None,
        check: bool,
    ) -> InteractionResult:
        if not self.connected:
            raise DriverError("no bot is connected to the fake gateway")
        if not user.can_view(channel):
            raise DriverError(f"{user.name} cannot see #{channel.name}")
        iid = snowflake()
        token = f"aW50ZXJhY3Rpb246{iid}:{secrets.token_urlsafe(24)}"
        result = InteractionResult(
            self,
            id=iid,
            token=token,
            user=user,
            channel=channel,
            kind=itype,
            name=name,
            source_message=source,
        )
        inter = Interaction(
            id=iid, token=token, type=itype, user=user, channel=channel,
            created_at=self.clock(), result=result, source_message=source,
            app_command_name=name if itype in (2, 4) else "",
        )  # fmt: skip
        self.interactions[iid] = inter
        where = channel.name if channel.type != DM else "DM"
        self._note(f"{user.name} in {where}: {_describe_interaction(itype, name, data)}")
        self._by_token[token] = inter
        self._dispatch("INTERACTION_CREATE", self._interaction_payload(inter, data, source))
        await self._await_answer(inter)
        if result.failed:
            self._note(f"  -> FAILED: {result.error}")
        if result.failed and check:
            raise InteractionFailed(result)
        return result

    async def _await_answer(self, inter: Interaction) -> None:
        loop = asyncio.get_running_loop()
        real_end = loop.time() + self.response_timeout
        errors_before = len(self.bot_errors)
        while not inter.responded.is_set():
            if len(self.bot_errors) > errors_before:
                # discord.py logged an exception (e.g. the command raised): no answer will come.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(inter.responded.wait(), 0.05)
                if not inter.responded.is_set():
                    self._fail(inter, "the bot logged an error: " + _describe(self.bot_errors[-1]))
                break
            if self.clock() - inter.created_at > self.interaction_deadline:
                self._fail(inter, f"the bot did not respond within {self.interaction_deadline} s")
                break
            if loop.time() > real_end:
                self._fail(
                    inter, f"the bot did not respond within {self.response_timeout} s (real time)"
                )
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(inter.responded.wait(), 0.02)

    def _find_command(self, user: FakeUser, channel: Channel, name: str, ctype: int = 1) -> Json:
        key = f"{ctype}:{name}"
        guild = channel.guild
        cmd = guild.commands.get(key) if guild is not None else None
        cmd = cmd or self.commands.get(key)
        if cmd is None:
            where = f"guild {guild.name!r}" if guild else "DMs"
            raise DriverError(f"/{name} was never synced (for {where}); a player could not run it")
        if guild is not None:
            # Discord hides commands the member may not use.
            perms = guild.permissions(user.id, channel)
            needed = cmd.get("default_member_permissions")
            if not perms & P(use_application_commands=True).value:
                raise DriverError(
                    f"{user.name} may not use application commands in #{channel.name}"
                )
            if needed is not None:
                need = int(needed)  # "0": administrators only
                allowed = perms == P.all().value if need == 0 else perms & need == need
                if not allowed:
                    raise DriverError(f"{user.name} lacks the permissions /{name} requires")
        contexts = cmd.get("contexts")
        if guild is None and (
            (contexts is not None and 1 not in contexts) or cmd.get("dm_permission") is False
        ):
            raise DriverError(f"/{name} is not available in DMs")
        if guild is not None and contexts is not None and 0 not in contexts:
            raise DriverError(f"/{name} is not available in guilds")
        return cmd

    def _option_value(self, opt: Json, value: Any, resolved: Json, channel: Channel) -> Any:
        otype = opt["type"]
        name = opt["name"]
        guild = channel.guild

        def bad(expected: str) -> DriverError:
            return DriverError(f"option {name!r} takes {expected}, got {value!r}")

        if otype == STRING:
            if not isinstance(value, str):
                raise bad("a string")
            if "min_length" in opt and len(value) < opt["min_length"]:
                raise bad(f"at least {opt['min_length']} characters")
            if "max_length" in opt and len(value) > opt["max_length"]:
                raise bad(f"at most {opt['max_length']} characters")
        elif otype == INTEGER:
            if isinstance(value, bool) or not isinstance(value, int):
                raise bad("an integer")
        elif otype == NUMBER:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise bad("a number")
        elif otype == BOOLEAN and not isinstance(value, bool):
            raise bad("a boolean")
        if otype in (INTEGER, NUMBER):
            if "min_value" in opt and value < opt["min_value"]:
                raise bad(f">= {opt['min_value']}")
            if "max_value" in opt and value > opt["max_value"]:
                raise bad(f"<= {opt['max_value']}")
        if otype in (STRING, INTEGER, NUMBER):
            choices = opt.get("choices")
            if choices and value not in [c["value"] for c in choices]:
                raise bad(f"one of {[c['value'] for c in choices]}")
            return value
        if otype == BOOLEAN:
            return value
        if otype in (USER, MENTIONABLE) and isinstance(value, FakeUser):
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            if guild is not None and value.id in guild.members:
                member = guild.member_payload(value, with_user=False)
                member["permissions"] = str(guild.permissions(value.id, channel))
                resolved.setdefault("members", {})[str(value.id)] = member
            return str(value.id)
        if otype in (ROLE, MENTIONABLE) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        if otype == CHANNEL and isinstance(value, Channel):
            data = value.payload()
            if guild is not None:
                data["permissions"] = str(guild.permissions(self.bot.id, value))
            resolved.setdefault("channels", {})[str(value.id)] = data
            return str(value.id)
        if otype == ATTACHMENT and isinstance(value, tuple) and len(value) == 2:
            filename, blob = value
            att = self._store_files(channel, [(str(filename), bytes(blob))], [])[0]
            resolved.setdefault("attachments", {})[str(att.id)] = att.payload()
            return str(att.id)
        expected = {
            USER: "a FakeUser",
            ROLE: "a Role",
            CHANNEL: "a Channel",
            MENTIONABLE: "a FakeUser or Role",
            ATTACHMENT: "(filename, bytes)",
        }
        raise bad(expected.get(otype, "?"))

    def _build_options(
        self,
        defs: list[Json],
        path: list[str],
        values: dict[str, Any],
        resolved: Json,
        channel: Channel,
        focused: str | None,
        full_name: str,
    ) -> list[Json]:
        if path:
            head, rest = path[0], path[1:]
            sub = next(
                (
                    o
                    for o in defs
                    if o["name"] == head and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
                ),
                None,
            )
            if sub is None:
                raise DriverError(f"/{full_name}: no subcommand {head!r} was synced")
            inner = self._build_options(
                sub.get("options") or [], rest, values, resolved, channel, focused, full_name
            )
            return [{"type": sub["type"], "name": head, "options": inner}]
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in defs):
            names = [o["name"] for o in defs]
            raise DriverError(f"/{full_name} needs a subcommand, one of {names}")
        by_name = {o["name"]: o for o in defs}
        out = []
        for key, value in values.items():
            opt = by_name.get(key) or by_name.get(key.replace("_", "-"))
            if opt is None:
                raise DriverError(f"/{full_name} has no option {key!r} (synced: {list(by_name)})")
            if key == focused:
                out.append(
                    {"type": opt["type"], "name": opt["name"], "value": value, "focused": True}
                )
                continue
            out.append(
                {
                    "type": opt["type"],
                    "name": opt["name"],
                    "value": self._option_value(opt, value, resolved, channel),
                }
            )
        if focused is None:
            given = {o["name"] for o in out}
            missing = [o["name"] for o in defs if o.get("required") and o["name"] not in given]
            if missing:
                raise DriverError(f"/{full_name} is missing required options {missing}")
        return out

    def _command_data(
        self,
        user: FakeUser,
        channel: Channel,
        command: str,
        options: dict[str, Any],
        focused: str | None,
    ) -> tuple[Json, str]:
        parts = command.strip().lstrip("/").split()
        cmd = self._find_command(user, channel, parts[0])
        resolved: Json = {}
        opts = self._build_options(
            cmd.get("options") or [],
            parts[1:],
            options,
            resolved,
            channel,
            focused,
            " ".join(parts),
        )
        data: Json = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        return data, cmd["name"]

    async def _slash(
        self,
        user: FakeUser,
        command: str,
        channel: Channel | None,
        options: dict[str, Any],
        *,
        check: bool,
    ) -> InteractionResult:
        chan = self._default_channel(channel)
        if not user.can_view(chan):
            raise DriverError(f"{user.name} cannot see #{chan.name}")
        if chan.is_thread and chan.archived:
            raise DriverError(f"#{chan.name} is archived: application commands are refused")
        data, name = self._command_data(user, chan, command, options, None)
        result = await self._send_interaction(user, chan, 2, data, name=name, check=check)
        result.name = command
        return result

    async def _autocomplete(
        self,
        user: FakeUser,
        command: str,
        option: str,
        typed: str,
        channel: Channel | None,
        options: dict[str, Any],
    ) -> list[Choice]:
        chan = self._default_channel(channel)
        data, name = self._command_data(user, chan, command, {**options, option: typed}, option)
        result = await self._send_interaction(user, chan, 4, data, name=name, check=True)
        return list(result.choices or [])

    def _locate(
        self,
        user: FakeUser,
        message: Message | None,
        channel: Channel | None,
        match: Callable[[Message], Json | None],
    ) -> tuple[Message, Json]:
        if message is not None:
            if not user.can_see(message):
                raise DriverError(f"{user.name} cannot see {message!r}")
            comp = match(message)
            if comp is None:
                raise DriverError(
                    f"{message!r} has no such component (buttons: {message.button_labels})"
                )
            return message, comp
        channels = [channel] if channel is not None else [user.dm, *self._guild_channels_of(user)]
        candidates = [m for c in channels for m in user.visible_messages(c)]
        candidates.sort(key=lambda m: m.id)
        for msg in reversed(candidates):
            comp = match(msg)
            if comp is not None:
                return msg, comp
        raise DriverError(f"{user.name} sees no message with such a component")

    def _guild_channels_of(self, user: FakeUser) -> list[Channel]:
        return [c for g in self.guilds if user.id in g.members for c in g.channels]

    async def _click(
        self, user: FakeUser, label: str | None, custom_id: str | None, message: Message | None,
        channel: Channel | None, *, check: bool,
    ) -> InteractionResult:  # fmt: skip
        if label is None and custom_id is None:
            raise DriverError("click() needs a label or a custom_id")
        msg, button = self._locate(
            user, message, channel, lambda m: m.find_component(label, custom_id, kinds=(2,))
        )
        if button.get("disabled"):
            raise DriverError(f"button {button.get('label')!r} is disabled")
        if button.get("style") == 5 or "custom_id" not in button:
            raise DriverError(f"button {button.get('label')!r} is a link or premium button")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._send_interaction(
            user,
            msg.channel,
            3,
            data,
            name=str(button.get("label") or button["custom_id"]),
            source=msg,
            check=check,
        )

    async def _select(
        self,
        user: FakeUser,
        message: Message,
        values: list[Any],
        custom_id: str | None,
        *,
        check: bool,
    ) -> InteractionResult:
        msg, select = self._locate(
            user, message, None, lambda m: m.find_component(None, custom_id, kinds=(3, 5, 6, 7, 8))
        )
        if select.get("disabled"):
            raise DriverError(f"select {select.get('custom_id')!r} is disabled")
        lo, hi = int(select.get("min_values", 1)), int(select.get("max_values", 1))
        if not lo <= len(values) <= hi:
            raise DriverError(
                f"select {select['custom_id']!r} takes {lo}..{hi} values, got {len(values)}"
            )
        data: Json = {"custom_id": select["custom_id"], "component_type": select["type"]}
        if select["type"] == 3:
            allowed = [o["value"] for o in select.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise DriverError(
                    f"select {select['custom_id']!r} has no options {bad} (has {allowed})"
                )
            data["values"] = list(values)
        else:
            resolved: Json = {}
            kind = {5: USER, 6: ROLE, 7: CHANNEL, 8: MENTIONABLE}[select["type"]]
            opt = {"type": kind, "name": select["custom_id"]}
            data["values"] = [self._option_value(opt, v, resolved, msg.channel) for v in values]
            data["resolved"] = resolved
        return await self._send_interaction(
            user, msg.channel, 3, data, name=str(select["custom_id"]), source=msg, check=check
        )

    async def _submit_modal(
        self, user: FakeUser, opened: InteractionResult, values: dict[str, Any], *, check: bool
    ) -> InteractionResult:
        modal = opened.modal
        if modal is None:
            raise DriverError("the bot did not open a modal for this interaction")
        if opened.user is not user:
            raise DriverError(f"{user.name} cannot submit a modal shown to {opened.user.name}")
        remaining = dict(values)

        def fill(comp: Json) -> Json:
            ctype = comp.get("type")
            if ctype == 1:
                return {"type": 1, "components": [fill(c) for c in comp.get("components") or []]}
            if ctype == 18:
                return {"type": 18, "component": fill(comp["component"])}
            cid = str(comp.get("custom_id") or "")
            if ctype == 4:
                value = remaining.pop(cid, comp.get("value") or "")
                if comp.get("required", True) and not value:
                    raise DriverError(f"text input {cid!r} is required")
                return {"type": 4, "custom_id": cid, "value": value}
            if ctype in (3, 5, 6, 7, 8, 22):  # selects and checkbox groups: a list
                chosen: Any = remaining.pop(cid, [])
                return {
                    "type": ctype,
                    "custom_id": cid,
                    "values": chosen if isinstance(chosen, list) else [chosen],
                }
            if ctype == 21:  # radio group: one value
                return {"type": ctype, "custom_id": cid, "value": remaining.pop(cid, None)}
            if ctype == 23:  # checkbox: a boolean
                return {"type": ctype, "custom_id": cid, "value": bool(remaining.pop(cid, False))}
            return {"type": ctype, **({"custom_id": cid} if cid else {})}

        components = [fill(c) for c in modal.get("components") or []]
        if remaining:
            raise DriverError(f"the modal has no inputs {list(remaining)}")
        data = {"custom_id": modal["custom_id"], "components": components}
        source = opened.source_message
        return await self._send_interaction(
            user, opened.channel, 5, data, name=str(modal["custom_id"]), source=source, check=check
        )

    async def _user_message(
        self, user: FakeUser, channel: Channel, content: str, files: dict[str, bytes]
    ) -> Message:
        if not user.can_view(channel):
            raise DriverError(f"{user.name} cannot see #{channel.name}")
        self._note(f"{user.name} says in {channel.name}: {content!r}")
        msg = self._new_message(channel, user, {"content": content}, list(files.items()))
        self._dispatch_message("MESSAGE_CREATE", msg)
        return msg
