"""The world the fake Discord keeps: guilds, roles, channels, threads, users, messages.

Everything here is plain data plus the JSON payload builders discord.py expects (see
/work/shared/testing/fake-discord.md §4). The actors (``FakeUser.slash`` and friends) delegate
to :class:`sandbox.fake.server.FakeDiscord`, which owns the wire.
"""

from __future__ import annotations

import itertools
import mimetypes
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, NamedTuple

import discord

if TYPE_CHECKING:
    from .server import FakeDiscord

Json = dict[str, Any]

DISCORD_EPOCH_MS = 1_420_070_400_000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
HAS_THREAD = 1 << 5
IS_COMPONENTS_V2 = 1 << 15

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
class Message:
    """A message as stored by the fake. Edits mutate it in place, so references stay live."""

    id: int
    channel: Channel
    author: FakeUser
    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    visible_to: int | None = None  # ephemeral: the only user id who can see it
    interaction: Json | None = None  # {"id","type","name","user"} of the interaction it answers
    reference: Json | None = None
    thread: Channel | None = None
    edited_at: str | None = None
    deleted: bool = False
    timestamp: str = field(default_factory=iso_now)

    # -- reading ---------------------------------------------------------------------------

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "Bot is thinking..." placeholder."""
        return bool(self.flags & LOADING)

    @property
    def files(self) -> list[bytes]:
        return [a.data for a in self.attachments]

    @property
    def filenames(self) -> list[str]:
        return [a.filename for a in self.attachments]

    @property
    def in_dm(self) -> bool:
        return self.channel.type == DM

    def walk_components(self) -> Iterator[Json]:
        """Every component in the message, depth first (rows, sections, containers...)."""
        yield from _walk(self.components)

    @property
    def buttons(self) -> list[Json]:
        return [c for c in self.walk_components() if c.get("type") == 2]

    @property
    def selects(self) -> list[Json]:
        return [c for c in self.walk_components() if c.get("type") in (3, 5, 6, 7, 8)]

    @property
    def button_labels(self) -> list[str]:
        return [str(b.get("label", "")) for b in self.buttons]

    def find_component(
        self, label: str | None = None, custom_id: str | None = None, *, kinds: tuple[int, ...]
    ) -> Json | None:
        for comp in self.walk_components():
            if comp.get("type") not in kinds:
                continue
            if custom_id is not None and comp.get("custom_id") == custom_id:
                return comp
            if label is not None and (
                comp.get("label") == label
                or comp.get("custom_id") == label
                or comp.get("placeholder") == label
            ):
                return comp
            if label is None and custom_id is None:
                return comp
        return None

    def __repr__(self) -> str:
        extra = " ephemeral" if self.ephemeral else ""
        files = f" files={self.filenames}" if self.attachments else ""
        return f"<Message {self.id} in {self.channel.name!r}{extra} {self.content[:40]!r}{files}>"

    # -- wire ------------------------------------------------------------------------------

    def _mentions(self) -> list[Json]:
        users = self.author.fake.users_by_id
        ids = dict.fromkeys(int(x) for x in _MENTION.findall(self.content))
        return [users[i].payload() for i in ids if i in users]

    def payload(self) -> Json:
        out: Json = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_at,
            "tts": False,
            "mention_everyone": False,
            "mentions": self._mentions(),
            "mention_roles": [],
            "embeds": self.embeds,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
            "components": self.components,
            "attachments": [a.payload() for a in self.attachments],
        }
        if self.channel.guild is not None:
            out["guild_id"] = str(self.channel.guild.id)
        if self.interaction is not None:
            meta = self.interaction
            out["interaction"] = meta
            out["interaction_metadata"] = {
                "id": meta["id"],
                "type": meta["type"],
                "name": meta.get("name", ""),
                "user": meta["user"],
                "authorizing_integration_owners": {},
            }
        if self.reference is not None:
            out["message_reference"] = self.reference
        if self.thread is not None:
            out["thread"] = self.thread.payload()
        return out


_MENTION = re.compile(r"<@!?(\d+)>")


def _walk(components: list[Json]) -> Iterator[Json]:
    for comp in components:
        yield comp
        if isinstance(comp.get("components"), list):
            yield from _walk(comp["components"])
        if isinstance(comp.get("component"), dict):
            yield from _walk([comp["component"]])
        if isinstance(comp.get("accessory"), dict):
            yield from _walk([comp["accessory"]])


@dataclass(eq=False)
class Channel:
    """A text channel, a thread or a DM channel."""

    id: int
    name: str
    type: int
    guild: Guild | None = None
    parent: Channel | None = None  # threads: the channel they live in
    position: int = 0
    recipient: FakeUser | None = None  # DM channels
    owner_id: int | None = None  # threads
    thread_members: set[int] = field(default_factory=set)
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    overwrites: list[Json] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)
    created: str = field(default_factory=iso_now)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def threads(self) -> list[Channel]:
        if self.guild is None:
            return []
        return [c for c in self.guild.all_channels() if c.parent is self]

    def thread(self, name: str) -> Channel:
        for t in self.threads:
            if t.name == name:
                return t
        raise KeyError(f"no thread {name!r} in #{self.name}")

    @property
    def public_messages(self) -> list[Message]:
        return [m for m in self.messages if not m.deleted and m.visible_to is None]

    @property
    def last_message(self) -> Message | None:
        public = self.public_messages
        return public[-1] if public else None

    def payload(self) -> Json:
        if self.type == DM:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": str(self.messages[-1].id) if self.messages else None,
                "recipients": [self.recipient.payload()],
                "flags": 0,
            }
        assert self.guild is not None
        out: Json = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": self.overwrites,
            "nsfw": False,
            "parent_id": str(self.parent.id) if self.parent else None,
            "topic": None,
            "last_message_id": str(self.messages[-1].id) if self.messages else None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.is_thread:
            count = len([m for m in self.messages if not m.deleted])
            out.update(
                owner_id=str(self.owner_id) if self.owner_id else None,
                message_count=count,
                total_message_sent=count,
                member_count=len(self.thread_members),
                applied_tags=[],
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.created,
                    "locked": self.locked,
                    "invitable": True,
                    "create_timestamp": self.created,
                },
            )
            del out["position"], out["permission_overwrites"], out["topic"], out["nsfw"]
        return out

    def __repr__(self) -> str:
        return f"<Channel {self.name!r} type={self.type} id={self.id}>"


@dataclass(eq=False)
class Guild:
    """A guild with roles (``@everyone`` has the guild's id), channels, threads and members."""

    fake: FakeDiscord
    id: int
    name: str
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    members: dict[int, list[int]] = field(default_factory=dict)  # user id -> role ids
    owner_id: int = 0
    joined_at: str = field(default_factory=iso_now)
    commands: dict[str, Json] = field(default_factory=dict)  # guild-scoped synced commands

    @property
    def everyone(self) -> Role:
        return self.roles[0]

    def all_channels(self) -> list[Channel]:
        return list(self.channels)

    @property
    def threads(self) -> list[Channel]:
        return [c for c in self.channels if c.is_thread]

    def channel(self, name: str) -> Channel:
        for c in self.channels:
            if c.name == name and not c.is_thread:
                return c
        for c in self.channels:
            if c.name == name:
                return c
        raise KeyError(f"no channel {name!r} in guild {self.name!r}")

    def role(self, name: str) -> Role:
        for r in self.roles:
            if r.name == name:
                return r
        raise KeyError(f"no role {name!r} in guild {self.name!r}")

    def add_channel(
        self,
        name: str,
        *,
        overwrites: dict[int, tuple[int, int]] | None = None,
    ) -> Channel:
        """Add a text channel. ``overwrites`` maps a role or user id to (allow, deny) bits."""
        chan = Channel(
            id=snowflake(), name=name, type=TEXT, guild=self, position=len(self.channels)
        )
        for target, (allow, deny) in (overwrites or {}).items():
            is_role = any(r.id == target for r in self.roles)
            chan.overwrites.append(
                {
                    "id": str(target),
                    "type": 0 if is_role else 1,
                    "allow": str(allow),
                    "deny": str(deny),
                }
            )
        self.channels.append(chan)
        self.fake._dispatch("CHANNEL_CREATE", chan.payload())
        return chan

    def add_role(self, name: str, permissions: int = 0) -> Role:
        role = Role(id=snowflake(), name=name, permissions=permissions, position=len(self.roles))
        self.roles.append(role)
        self.fake._dispatch("GUILD_ROLE_CREATE", {"guild_id": str(self.id), "role": role.payload()})
        return role

    def give_role(self, user: FakeUser, role: Role) -> None:
        self.members[user.id].append(role.id)
        self.fake._dispatch(
            "GUILD_MEMBER_UPDATE", {"guild_id": str(self.id), **self.member_payload(user)}
        )

    def set_bot_permissions(self, permissions: int) -> None:
        """Replace the permissions of the bot's managed role (tests of 50013 paths)."""
        role = self.role(self.fake.bot.name)
        role.permissions = permissions
        self.fake._dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(self.id), "role": role.payload()})

    # -- permissions -------------------------------------------------------------------------

    def permissions(self, user_id: int, channel: Channel | None = None) -> int:
        """Discord's permission computation: roles, administrator, then channel overwrites."""
        if user_id == self.owner_id:
            return P.all().value
        role_ids = self.members.get(user_id, [])
        base = self.everyone.permissions
        for r in self.roles:
            if r.id in role_ids:
                base |= r.permissions
        if base & P(administrator=True).value:
            return P.all().value
        if channel is None:
            return base
        target = channel.parent if channel.is_thread and channel.parent else channel
        ow = {int(o["id"]): (int(o["allow"]), int(o["deny"])) for o in target.overwrites}
        if self.id in ow:
            allow, deny = ow[self.id]
            base = (base & ~deny) | allow
        allow_acc = deny_acc = 0
        for rid in role_ids:
            if rid in ow:
                allow_acc |= ow[rid][0]
                deny_acc |= ow[rid][1]
        base = (base & ~deny_acc) | allow_acc
        if user_id in ow:
            allow, deny = ow[user_id]
            base = (base & ~deny) | allow
        return base

    def member_payload(self, user: FakeUser, *, with_user: bool = True) -> Json:
        out: Json = {
            "roles": [str(r) for r in self.members.get(user.id, [])],
            "joined_at": self.joined_at,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": None,
            "avatar": None,
            "banner": None,
            "pending": False,
            "premium_since": None,
            "communication_disabled_until": None,
        }
        if with_user:
            out["user"] = user.payload()
        return out

    def payload(self) -> Json:
        members = [self.member_payload(self.fake.users_by_id[uid]) for uid in self.members]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "unavailable": False,
            "large": False,
            "member_count": len(members),
            "roles": [r.payload() for r in self.roles],
            "channels": [c.payload() for c in self.channels if not c.is_thread],
            "threads": [c.payload() for c in self.channels if c.is_thread],
            "members": members,
            "voice_states": [],
            "presences": [],
            "emojis": [],
            "stickers": [],
            "features": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "vanity_url_code": None,
            "max_members": 500000,
            "joined_at": self.joined_at,
        }

    def __repr__(self) -> str:
        return f"<Guild {self.name!r} id={self.id}>"


@dataclass(eq=False)
class FakeUser:
    """A simulated Discord user (or the bot's own user). Actions go through the fake's wire."""

    fake: FakeDiscord
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    locale: str = "en-US"  # sent as ``interaction.locale``
    _dm: Channel | None = None
    _dm_cursor: int = 0
    _cursors: dict[int, int] = field(default_factory=dict)

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

    def __repr__(self) -> str:
        return f"<FakeUser {self.name!r} id={self.id}>"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    # -- DMs ---------------------------------------------------------------------------------

    @property
    def dm(self) -> Channel:
        """This user's DM channel with the bot (the same one the bot gets from Create DM)."""
        if self._dm is None:
            self._dm = Channel(id=snowflake(), name=f"@{self.name}", type=DM, recipient=self)
            self.fake.dm_channels[self._dm.id] = self._dm
        return self._dm

    @property
    def dms(self) -> list[Message]:
        """The bot's messages in this user's DMs, oldest first."""
        return [m for m in self.dm.messages if not m.deleted and m.author is not self]

    def close_dms(self) -> None:
        """Refuse DMs from the bot: its sends get 403 / 50007 from now on."""
        self.dms_open = False

    def open_dms(self) -> None:
        self.dms_open = True

    async def wait_for_dm(
        self,
        timeout: float = 5.0,  # noqa: ASYNC109
        predicate: Callable[[Message], bool] | None = None,
    ) -> Message:
        """The next DM from the bot this user has not yet been handed by ``wait_for_dm``."""

        def ready() -> Message | None:
            dms = self.dms
            while self._dm_cursor < len(dms):
                msg = dms[self._dm_cursor]
                self._dm_cursor += 1
                if predicate is None or predicate(msg):
                    return msg
            return None

        found = await self.fake.wait_for(ready, timeout=timeout, what=f"a DM to {self.name}")
        assert found is not None
        return found

    async def wait_for_message(
        self,
        channel: Channel,
        predicate: Callable[[Message], bool] | None = None,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> Message:
        """The next bot message in ``channel`` visible to this user that this method has not
        handed out before (ephemeral ones for this user included)."""

        def ready() -> Message | None:
            mine = [m for m in self.visible_messages(channel) if m.author.bot]
            start = self._cursors.get(channel.id, 0)
            for i in range(start, len(mine)):
                self._cursors[channel.id] = i + 1
                if predicate is None or predicate(mine[i]):
                    return mine[i]
            return None

        return await self.fake.wait_for(ready, timeout=timeout, what=f"a message in {channel}")

    # -- what this user can see ----------------------------------------------------------------

    def can_see(self, message: Message) -> bool:
        if message.deleted:
            return False
        if message.visible_to is not None and message.visible_to != self.id:
            return False
        return self.can_view(message.channel)

    def can_view(self, channel: Channel) -> bool:
        if channel.type == DM:
            return channel.recipient is self
        guild = channel.guild
        assert guild is not None
        if self.id not in guild.members:
            return False
        perms = guild.permissions(self.id, channel)
        if not perms & P(view_channel=True).value:
            return False
        if channel.type == PRIVATE_THREAD:
            return self.id in channel.thread_members or bool(perms & P(manage_threads=True).value)
        return True

    def visible_messages(self, channel: Channel) -> list[Message]:
        """What this user sees in ``channel``: public messages plus their own ephemerals."""
        if not self.can_view(channel):
            return []
        return [m for m in channel.messages if self.can_see(m)]

    def last_seen(self, channel: Channel) -> Message | None:
        seen = self.visible_messages(channel)
        return seen[-1] if seen else None

    # -- actions (all delegate to the fake) ------------------------------------------------------

    async def slash(
        self,
        command: str,
        *,
        channel: Channel | None = None,
        check: bool = True,
        **options: Any,
    ) -> InteractionResult:
        """Run ``/command`` (``"game new"`` for groups) with options, as typed in ``channel``."""
        return await self.fake._slash(self, command, channel, options, check=check)

    async def autocomplete(
        self,
        command: str,
        option: str,
        typed: str,
        *,
        channel: Channel | None = None,
        **options: Any,
    ) -> list[Choice]:
        """Type ``typed`` into ``option`` of ``/command``; returns the suggestions shown."""
        return await self.fake._autocomplete(self, command, option, typed, channel, options)

    async def click(
        self,
        label: str | None = None,
        *,
        message: Message | None = None,
        custom_id: str | None = None,
        channel: Channel | None = None,
        check: bool = True,
    ) -> InteractionResult:
        """Click a button by label (or ``custom_id``) on ``message`` or on the newest visible
        message in ``channel`` (or in the DMs) that has it."""
        return await self.fake._click(self, label, custom_id, message, channel, check=check)

    async def select(
        self,
        message: Message,
        values: list[Any],
        *,
        custom_id: str | None = None,
        check: bool = True,
    ) -> InteractionResult:
        """Choose ``values`` in a select menu on ``message``."""
        return await self.fake._select(self, message, values, custom_id, check=check)

    async def submit_modal(
        self, result: InteractionResult, values: dict[str, Any], *, check: bool = True
    ) -> InteractionResult:
        """Fill in the modal the bot opened (``result.modal``) and press Submit."""
        return await self.fake._submit_modal(self, result, values, check=check)

    async def say(
        self,
        channel: Channel | None,
        content: str,
        *,
        files: dict[str, bytes] | None = None,
    ) -> Message:
        """Post a message (``channel=None`` means a DM to the bot)."""
        return await self.fake._user_message(self, channel or self.dm, content, files or {})


@dataclass(eq=False)
class InteractionResult:
    """What the invoking user saw after an interaction. It stays live: follow-ups and edits
    that arrive later show up here (``await result.wait_for_followup()``)."""

    fake: FakeDiscord
    id: int
    token: str
    user: FakeUser
    channel: Channel
    kind: int  # interaction type: 2 command, 3 component, 4 autocomplete, 5 modal submit
    name: str = ""
    response_type: int | None = None  # 4 message, 5 defer, 6 deferred update, 7 update, 8, 9
    message: Message | None = None  # the original response (for components: the clicked message)
    followups: list[Message] = field(default_factory=list)
    choices: list[Choice] | None = None
    modal: Json | None = None
    failed: bool = False
    error: str | None = None
    rejections: list[Json] = field(default_factory=list)
    source_message: Message | None = None

    @property
    def answered(self) -> bool:
        return self.response_type is not None

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def updated(self) -> bool:
        """The clicked message was edited in place (UPDATE_MESSAGE or a deferred update)."""
        return self.response_type in (6, 7)

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def content(self) -> str:
        return self.message.content if self.message is not None else ""

    @property
    def embeds(self) -> list[Json]:
        return self.message.embeds if self.message is not None else []

    @property
    def components(self) -> list[Json]:
        return self.message.components if self.message is not None else []

    @property
    def attachments(self) -> list[Attachment]:
        return self.message.attachments if self.message is not None else []

    @property
    def files(self) -> list[bytes]:
        return self.message.files if self.message is not None else []

    @property
    def messages(self) -> list[Message]:
        """The original response and every follow-up, without duplicates, oldest first."""
        out: list[Message] = []
        for m in ([self.message] if self.message else []) + self.followups:
            if m not in out:
                out.append(m)
        return out

    async def wait_for_followup(self, count: int = 1, timeout: float = 5.0) -> Message:  # noqa: ASYNC109
        """Wait until at least ``count`` follow-ups arrived; returns the ``count``-th."""
        await self.fake.wait_for(
            lambda: len(self.followups) >= count,
            timeout=timeout,
            what=f"follow-up #{count} to {self.name or 'interaction'}",
        )
        return self.followups[count - 1]

    async def wait_until_loaded(self, timeout: float = 5.0) -> Message:  # noqa: ASYNC109
        """After a defer: wait until the "thinking" message was replaced by real content."""
        await self.fake.wait_for(
            lambda: self.message is not None and not self.message.loading,
            timeout=timeout,
            what=f"the deferred response to {self.name or 'interaction'}",
        )
        assert self.message is not None
        return self.message

    def __repr__(self) -> str:
        state = "FAILED" if self.failed else f"response_type={self.response_type}"
        return f"<InteractionResult {self.name!r} {state} content={self.content[:40]!r}>"


class InteractionFailed(AssertionError):
    """The player would see "This interaction failed" (no valid answer within the deadline)."""

    def __init__(self, result: InteractionResult) -> None:
        super().__init__(f"interaction {result.name!r} failed: {result.error}")
        self.result = result


class DriverError(AssertionError):
    """The test asked for something a real player could not do (unknown command, hidden
    message, disabled button...)."""
