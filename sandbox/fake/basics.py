"""The small things of the fake Discord's world: ids (snowflakes), message and channel flags,
default permissions, roles, attachments and people, and ``World``, what they need of the fake
(a protocol). The first module of the fake: it imports nothing of the fake's own."""

from __future__ import annotations

import itertools
import mimetypes
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, NamedTuple, Protocol

import discord

Json = dict[str, Any]


class World(Protocol):
    """What messages, guilds and people need of the fake (:class:`sandbox.fake.server.FakeDiscord`):
    its people by id, its bot, and the gateway to tell the bot of a change."""

    @property
    def users_by_id(self) -> Mapping[int, Person]: ...

    @property
    def bot(self) -> Person: ...

    def _dispatch(self, event: str, data: Json, *, intent: int = 0) -> None: ...


DISCORD_EPOCH_MS = 1_420_070_400_000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
HAS_THREAD = 1 << 5
IS_COMPONENTS_V2 = 1 << 15
SUPPRESS_NOTIFICATIONS = 1 << 12
"""A message sent silently: no push or desktop notification, not even for whom it mentions."""

# Channel types (the subset the fake models).
TEXT, DM, CATEGORY, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 4, 11, 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

P = discord.Permissions
# @everyone in a freshly created guild: see, talk, read history, use commands, make threads.
DEFAULT_EVERYONE = P(
    view_channel=True,
    send_messages=True,
    read_message_history=True,
    use_application_commands=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    use_external_emojis=True,
    mention_everyone=False,
    change_nickname=True,
).value
# The bot's managed role: what an invite link with the usual game-bot scopes grants.
DEFAULT_BOT = (
    DEFAULT_EVERYONE
    | P(
        manage_messages=True,
        manage_threads=True,
        create_public_threads=True,
        create_private_threads=True,
        send_messages_in_threads=True,
    ).value
)

_counter = itertools.count(1)


def snowflake() -> int:
    """A fresh snowflake: milliseconds since the Discord epoch, shifted, plus a counter."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def snowflake_on_shard(shard_id: int, shard_count: int) -> int:
    """A fresh snowflake whose guild would be served by shard ``shard_id`` of ``shard_count``
    (``(id >> 22) % shard_count``): the timestamp part nudged back to fit."""
    flake = snowflake()
    ms = flake >> 22
    ms -= (ms - shard_id) % shard_count
    return (ms << 22) | (flake & 0x3FFFFF)


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


class Choice(NamedTuple):
    """One autocomplete suggestion as the player's client would show it."""

    name: str
    value: str | int | float


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> Json:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
            "icon": None,
            "unicode_emoji": None,
        }


@dataclass(eq=False)
class Attachment:
    """A stored upload; ``data`` is exactly the bytes the client sent."""

    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> Json:
        out: Json = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
        }
        ctype = self.content_type or mimetypes.guess_type(self.filename)[0]
        if ctype:
            out["content_type"] = ctype
        if self.description is not None:
            out["description"] = self.description
        return out


@dataclass(eq=False)
class Person:
    """A Discord user as messages, channels and guilds know one: the bot's own user, or a
    simulated person (:class:`sandbox.fake.users.FakeUser` adds what a person does)."""

    fake: World
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    locale: str = "en-US"  # sent as ``interaction.locale``

    def payload(self) -> Json:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"
