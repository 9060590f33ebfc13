"""The world the fake Discord keeps: guilds, roles, channels, threads, users, messages.

Everything here is plain data plus the JSON payload builders discord.py expects (see
/work/shared/testing/fake-discord.md §4). The actors (``FakeUser.slash`` and friends) delegate
to :class:`sandbox.fake.server.FakeDiscord`, which owns the wire. It imports only
:mod:`sandbox.fake.basics`: the fake reads top-down, basics ← model ← users ← wire ←
state ← gateway ← rest ← messages ← interactions ← driver ← server ← runner.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from .basics import (
    DM,
    EPHEMERAL,
    LOADING,
    TEXT,
    THREAD_TYPES,
    Attachment,
    Json,
    P,
    Person,
    Role,
    World,
    iso_now,
    snowflake,
)


@dataclass(eq=False)
class Message:
    """A message as stored by the fake. Edits mutate it in place, so references stay live."""

    id: int
    channel: Channel
    author: Person
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
    pinged: tuple[int, ...] = ()
    """The users its mentions name with a notice (Discord's ``allowed_mentions`` applied)."""
    silent: bool = False
    """Sent with ``SUPPRESS_NOTIFICATIONS``: nobody gets a push or desktop notification."""
    nonce: str | None = None

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
        if self.nonce is not None:
            out["nonce"] = self.nonce
        if self.thread is not None:
            out["thread"] = self.thread.payload()
        return out


_MENTION = re.compile(r"<@!?(\d+)>")


def mentioned(content: str, allowed: Json | None) -> tuple[int, ...]:
    """The user ids a message's mentions notify: every ``<@id>`` in ``content`` that
    ``allowed`` (Discord's ``allowed_mentions``; ``None``: the default, everyone mentioned)
    lets through."""
    ids = tuple(dict.fromkeys(int(x) for x in _MENTION.findall(content)))
    if allowed is None or "users" in (allowed.get("parse") or []):
        return ids
    listed = {int(x) for x in allowed.get("users") or []}
    return tuple(i for i in ids if i in listed)


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
    recipient: Person | None = None  # DM channels
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

    fake: World
    id: int
    name: str
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    members: dict[int, list[int]] = field(default_factory=dict)  # user id -> role ids
    owner_id: int = 0
    joined_at: str = field(default_factory=iso_now)
    commands: dict[str, Json] = field(default_factory=dict)  # guild-scoped synced commands
    locale: str = "en-US"  # the server's ``preferred_locale`` and ``interaction.guild_locale``

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

    def give_role(self, user: Person, role: Role) -> None:
        self.members[user.id].append(role.id)
        self.fake._dispatch(
            "GUILD_MEMBER_UPDATE", {"guild_id": str(self.id), **self.member_payload(user)}
        )

    def take_role(self, user: Person, role: Role) -> None:
        self.members[user.id].remove(role.id)
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

    def member_payload(self, user: Person, *, with_user: bool = True) -> Json:
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
            "preferred_locale": self.locale,
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
