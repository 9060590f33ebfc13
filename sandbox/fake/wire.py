"""The fake Discord's wire: Discord-shaped errors, request records, gateway connections,
interactions in flight, and the constants of the protocol (see :mod:`sandbox.fake.server`)."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import web

from .basics import Json
from .model import Channel, Message
from .users import FakeUser, InteractionResult

log = logging.getLogger(__name__)

LOOPBACK = "127.0.0.1"  # the only address the fake (and the sandbox's page) ever binds
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
    if record.status == 429 and isinstance(record.response, dict):
        scope = "global" if record.response.get("global") else "route"
        parts.append(f"rate limited ({scope}, retry after {record.response.get('retry_after')} s)")
    elif record.status >= 400 and isinstance(record.response, dict):
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


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    # Exactly "application/json": discord.py compares the header for equality.
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={**(headers or {}), "Content-Type": "application/json"},
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


@dataclass(frozen=True)
class Sent:
    """One message the bot created (``kind="new"``) or edited (``"edit"``), as a person would
    notice it: ``files`` are the uploads it carried (name, bytes), ``pinged`` the users whose
    mention in it notified them (a mention in an edit notifies nobody, except when it fills in
    a deferred "thinking" message, as on Discord). ``message`` is live (later edits show)."""

    kind: str
    message: Any
    files: tuple[tuple[str, int], ...]
    pinged: tuple[int, ...]


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
    shard: tuple[int, int] | None = None
    """``(shard_id, shard_count)`` from IDENTIFY; ``None``: unsharded (every event)."""

    def wants(self, guild_id: int | None) -> bool:
        """Whether an event of ``guild_id`` (``None``: no guild, e.g. a DM) goes to this
        connection: Discord sends a guild's events to shard ``(guild_id >> 22) % count`` and
        DMs to shard 0."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        if guild_id is None:
            return shard_id == 0
        return (guild_id >> 22) % count == shard_id


class FakeClock:
    """A manual clock for the interaction deadline: ``clock.advance(3.1)``."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
