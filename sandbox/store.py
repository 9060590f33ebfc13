"""The sandbox's Discord, kept on disk: guild, roles, channels, threads, users, DM channels,
synced commands, messages and their attachments, in one SQLite file beside the bot's game
database. A restarted sandbox shows the same server, history and buttons (the bot's buttons
carry their state in their custom ids, so old ones keep working).

Writes are batched: every change marks what it touched, and one transaction a moment later
(or at :meth:`SandboxStore.close`) writes it. Attachments are stored once per content (the same
board image goes to the channel and to every player's DM).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

from .fake.basics import DM, LOADING, Attachment, Json, Role
from .fake.model import Channel, Guild, Message
from .fake.server import FakeDiscord
from .fake.users import FakeUser

log = logging.getLogger("sandbox.store")

SCHEMA = """
CREATE TABLE IF NOT EXISTS world (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
    id INTEGER PRIMARY KEY, channel_id INTEGER NOT NULL, data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS blobs (sha TEXT PRIMARY KEY, data BLOB NOT NULL);
"""
FORMAT = 1
NO_ANSWER = "⚠️ The application did not respond (the sandbox stopped before it answered)."


class SandboxStore:
    """``store.load_into(fake)`` after ``fake.start()`` (attachment URLs need the port), then
    ``store.attach(fake)`` to save every change; ``close()`` writes what is pending."""

    def __init__(self, path: Path, *, delay: float = 0.25) -> None:
        self.path = path
        self.delay = delay
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        self._shas: dict[int, str] = {}  # attachment id -> content hash
        self._known_blobs = {row[0] for row in self._db.execute("SELECT sha FROM blobs")}
        self._dirty: dict[int, Message] = {}
        self._world_dirty = False
        self._dms_saved: set[int] = set()
        self._fake: FakeDiscord | None = None
        self._flush: asyncio.TimerHandle | None = None

    @property
    def empty(self) -> bool:
        return self._db.execute("SELECT 1 FROM world WHERE key = 'world'").fetchone() is None

    # -- saving ------------------------------------------------------------------------------

    def attach(self, fake: FakeDiscord) -> None:
        """Save ``fake``'s world now and every change from now on."""
        self._fake = fake
        fake.observers.append(self._changed)
        self._world_dirty = True
        for chan in _all_channels(fake):
            for msg in chan.messages:
                self._dirty[msg.id] = msg
        self.flush()

    def _changed(self, kind: str, message: Message | None) -> None:
        if message is not None:
            self._dirty[message.id] = message
            if message.channel.type == DM and message.channel.id not in self._dms_saved:
                self._world_dirty = True  # a DM channel opened since the world was saved
        else:
            self._world_dirty = True
        if self._flush is None:
            self._flush = asyncio.get_running_loop().call_later(self.delay, self.flush)

    def flush(self) -> None:
        """Write everything changed since the last flush, in one transaction."""
        self._flush = None
        fake = self._fake
        if fake is None:
            return
        dirty, self._dirty = self._dirty, {}
        with self._db:
            if self._world_dirty:
                self._world_dirty = False
                self._dms_saved = set(fake.dm_channels)
                self._db.execute(
                    "INSERT OR REPLACE INTO world (key, value) VALUES ('world', ?)",
                    (json.dumps(_world(fake)),),
                )
            for msg in dirty.values():
                if msg.deleted:
                    self._db.execute("DELETE FROM messages WHERE id = ?", (msg.id,))
                    continue
                data = self._message(msg)
                self._db.execute(
                    "INSERT OR REPLACE INTO messages (id, channel_id, data) VALUES (?, ?, ?)",
                    (msg.id, msg.channel.id, json.dumps(data)),
                )

    def close(self) -> None:
        if self._flush is not None:
            self._flush.cancel()
        self.flush()
        if self._fake is not None and self._changed in self._fake.observers:
            self._fake.observers.remove(self._changed)
        self._db.close()

    def _blob(self, att: Attachment) -> str:
        sha = self._shas.get(att.id)
        if sha is None:
            sha = hashlib.sha256(att.data).hexdigest()
            self._shas[att.id] = sha
        if sha not in self._known_blobs:
            self._db.execute(
                "INSERT OR IGNORE INTO blobs (sha, data) VALUES (?, ?)", (sha, att.data)
            )
            self._known_blobs.add(sha)
        return sha

    def _message(self, msg: Message) -> Json:
        return {
            "id": msg.id,
            "channel_id": msg.channel.id,
            "author_id": msg.author.id,
            "content": msg.content,
            "embeds": msg.embeds,
            "components": msg.components,
            "attachments": [
                {
                    "id": a.id,
                    "filename": a.filename,
                    "sha": self._blob(a),
                    "content_type": a.content_type,
                    "description": a.description,
                }
                for a in msg.attachments
            ],
            "flags": msg.flags,
            "type": msg.type,
            "visible_to": msg.visible_to,
            "interaction": msg.interaction,
            "reference": msg.reference,
            "thread_id": msg.thread.id if msg.thread is not None else None,
            "edited_at": msg.edited_at,
            "timestamp": msg.timestamp,
        }

    # -- loading -----------------------------------------------------------------------------

    def load_into(self, fake: FakeDiscord) -> bool:
        """Replace ``fake``'s world with the saved one (``False``: nothing saved yet). Call it
        after ``fake.start()`` and before a bot connects."""
        row = self._db.execute("SELECT value FROM world WHERE key = 'world'").fetchone()
        if row is None:
            return False
        world = json.loads(row[0])
        if world.get("format") != FORMAT:
            raise ValueError(f"{self.path}: unknown sandbox state format {world.get('format')}")
        _restore_world(fake, world)
        channels = {c.id: c for c in _all_channels(fake)}
        rows = self._db.execute("SELECT data FROM messages ORDER BY id").fetchall()
        for (raw,) in rows:
            data = json.loads(raw)
            chan = channels.get(int(data["channel_id"]))
            author = fake.users_by_id.get(int(data["author_id"]))
            if chan is None or author is None:
                continue
            chan.messages.append(self._restore_message(fake, chan, author, data, channels))
        return True

    def _restore_message(
        self,
        fake: FakeDiscord,
        chan: Channel,
        author: FakeUser,
        data: Json,
        channels: dict[int, Channel],
    ) -> Message:
        attachments = []
        for a in data["attachments"]:
            blob = self._db.execute("SELECT data FROM blobs WHERE sha = ?", (a["sha"],)).fetchone()
            aid = int(a["id"])
            att = Attachment(
                id=aid,
                filename=a["filename"],
                data=bytes(blob[0]) if blob else b"",
                url=f"{fake.base_url}/attachments/{chan.id}/{aid}/{a['filename']}",
                content_type=a.get("content_type"),
                description=a.get("description"),
            )
            self._shas[aid] = a["sha"]
            fake.attachments[aid] = att
            attachments.append(att)
        msg = Message(
            id=int(data["id"]),
            channel=chan,
            author=author,
            content=data["content"],
            embeds=data["embeds"],
            components=data["components"],
            attachments=attachments,
            flags=int(data["flags"]),
            type=int(data["type"]),
            visible_to=data["visible_to"],
            interaction=data["interaction"],
            reference=data["reference"],
            thread=channels.get(int(data["thread_id"])) if data["thread_id"] else None,
            edited_at=data["edited_at"],
            timestamp=data["timestamp"],
        )
        if msg.loading:  # deferred, and the answer never came before the stop
            msg.flags &= ~LOADING
            msg.content = NO_ANSWER
        return msg


def _all_channels(fake: FakeDiscord) -> list[Channel]:
    return [c for g in fake.guilds for c in g.channels] + list(fake.dm_channels.values())


def _user(u: FakeUser) -> Json:
    return {
        "id": u.id,
        "name": u.name,
        "bot": u.bot,
        "dms_open": u.dms_open,
        "locale": u.locale,
        "dm": u._dm.id if u._dm is not None else None,
    }


def _channel(c: Channel) -> Json:
    return {
        "id": c.id,
        "name": c.name,
        "type": c.type,
        "parent": c.parent.id if c.parent is not None else None,
        "position": c.position,
        "owner_id": c.owner_id,
        "thread_members": sorted(c.thread_members),
        "archived": c.archived,
        "locked": c.locked,
        "auto_archive_duration": c.auto_archive_duration,
        "overwrites": c.overwrites,
        "created": c.created,
    }


def _world(fake: FakeDiscord) -> Json:
    return {
        "format": FORMAT,
        "bot": fake.bot.id,
        "owner": fake.owner.id,
        "users": [_user(u) for u in fake.users_by_id.values()],
        "commands": fake.commands,
        "all_commands": fake.all_commands,
        "guilds": [
            {
                "id": g.id,
                "name": g.name,
                "owner_id": g.owner_id,
                "joined_at": g.joined_at,
                "roles": [
                    {
                        "id": r.id,
                        "name": r.name,
                        "permissions": r.permissions,
                        "position": r.position,
                        "managed": r.managed,
                    }
                    for r in g.roles
                ],
                "members": {str(uid): roles for uid, roles in g.members.items()},
                "channels": [_channel(c) for c in g.channels],
                "commands": g.commands,
            }
            for g in fake.guilds
        ],
    }


def _restore_world(fake: FakeDiscord, world: dict[str, Any]) -> None:
    fake.users.clear()
    fake.users_by_id.clear()
    fake.dm_channels.clear()
    fake.guilds.clear()
    for u in world["users"]:
        if u["id"] == world["bot"]:
            user = fake.bot
            user.id, user.name = u["id"], u["name"]
        elif u["id"] == world["owner"]:
            user = fake.owner
            user.id, user.name = u["id"], u["name"]
        else:
            user = FakeUser(fake, id=u["id"], name=u["name"], bot=u["bot"])
        user.dms_open = u["dms_open"]
        user.locale = u.get("locale", user.locale)  # saved since issue 44
        user._dm = None
        fake.users_by_id[user.id] = user
        fake.users[user.name] = user
        if u["dm"] is not None:
            dm = Channel(id=u["dm"], name=f"@{user.name}", type=DM, recipient=user)
            user._dm = dm
            fake.dm_channels[dm.id] = dm
    fake.application_id = fake.bot.id
    fake.commands = dict(world["commands"])
    fake.all_commands = list(world["all_commands"])
    for g in world["guilds"]:
        guild = Guild(
            fake, id=g["id"], name=g["name"], owner_id=g["owner_id"], joined_at=g["joined_at"]
        )
        guild.roles = [Role(**r) for r in g["roles"]]
        guild.members = {int(uid): list(roles) for uid, roles in g["members"].items()}
        guild.commands = dict(g["commands"])
        by_id: dict[int, Channel] = {}
        for c in g["channels"]:
            chan = Channel(
                id=c["id"],
                name=c["name"],
                type=c["type"],
                guild=guild,
                parent=by_id.get(c["parent"]) if c["parent"] else None,
                position=c["position"],
                owner_id=c["owner_id"],
                thread_members=set(c["thread_members"]),
                archived=c["archived"],
                locked=c["locked"],
                auto_archive_duration=c["auto_archive_duration"],
                overwrites=c["overwrites"],
                created=c["created"],
            )
            by_id[chan.id] = chan
            guild.channels.append(chan)
        fake.guilds.append(guild)
    if fake.guilds:
        fake.default_guild = fake.guilds[0]
