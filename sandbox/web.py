"""The sandbox's web page: a Discord-like view of the fake's server for the local users.

Served by the fake's own aiohttp application (so on 127.0.0.1 only): ``/`` and ``/static/``
are the page (plain HTML, CSS and JavaScript in ``sandbox/static``), ``/sandbox/...`` is its
JSON API, and ``/sandbox/ws`` pushes every change the acting user may see. Every action goes
through the fake's driver (:class:`~sandbox.fake.users.FakeUser`), exactly as the end-to-end
tests act, so the page can do nothing a Discord user could not.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from aiohttp import WSMsgType, web

from .fake.basics import DM, Json, Person
from .fake.model import Channel, Message
from .fake.server import FakeDiscord
from .fake.users import DriverError, FakeUser, InteractionResult
from .fake.wire import SUB_COMMAND, SUB_COMMAND_GROUP

log = logging.getLogger("sandbox.web")

STATIC = Path(__file__).resolve().parent / "static"
HISTORY = 200  # messages a channel view loads
DECISION = re.compile(r"vz:(a|s|gs):")
"""The custom ids of the bot's components that take a decision (``cogs/components.py``: an
action button, a menu of actions, the first step of a two-step choice). The bot takes them off
a DM once its decision is over; its other buttons (a hand, a board) may stay."""
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(eq=False)
class _Viewer:
    """One open page: the websocket and the local user it acts as."""

    ws: web.WebSocketResponse
    user_id: int
    queue: asyncio.Queue[Json | None] = field(default_factory=asyncio.Queue)


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG's header (the page reserves the space before it loads)."""
    if len(data) >= 24 and data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR":
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return None


def attachment_path(msg: Message, aid: int, filename: str) -> str:
    return f"/attachments/{msg.channel.id}/{aid}/{quote(filename)}"


def is_decision(msg: Message) -> bool:
    """A message that still asks its reader to decide: it carries a live (enabled) button or
    menu of the bot's that takes a decision."""
    if msg.deleted:
        return False
    return any(
        c.get("type") in (2, 3)
        and not c.get("disabled")
        and DECISION.match(str(c.get("custom_id", "")))
        for c in msg.walk_components()
    )


def waits_on(fake: FakeDiscord, user: Person, msg: Message) -> bool:
    """Whether ``msg`` is one of the decisions the game waits on ``user`` for: a message of the
    bot's only they see that still asks them to decide (:func:`is_decision`). That is a DM, or
    a private reply (ephemeral) to their own command or click, which carries the decision once
    they used ``/move`` or ``/hand`` (their DM then loses its controls). A private reply counts
    only while its interaction's token lives (15 minutes): the bot can close it until then, and
    not after (then it is stale, as Discord's client shows it until reloaded)."""
    if not msg.author.bot or not is_decision(msg):
        return False
    if msg.channel.type == DM:
        return msg.channel.recipient is user
    if msg.visible_to != user.id or msg.interaction is None:
        return False
    inter = None
    with contextlib.suppress(KeyError, TypeError, ValueError):
        inter = fake.interactions.get(int(msg.interaction["id"]))
    return inter is not None and fake.clock() - inter.created_at <= fake.token_lifetime


def pending_decisions(fake: FakeDiscord, user: FakeUser) -> list[Message]:
    """The messages the game waits on ``user`` for (:func:`waits_on`): their DMs and their
    private replies in the server's channels."""
    chans = [user.dm, *(c for g in fake.guilds for c in g.channels)]
    return [m for c in chans for m in c.messages if waits_on(fake, user, m)]


def message_view(msg: Message) -> Json:
    """What the page shows of a message (the viewer may see it: checked by the caller)."""
    meta = msg.interaction
    interaction = None
    if meta is not None:
        interaction = {
            "type": meta.get("type"),
            "name": meta.get("name") or "",
            "user_id": str(meta.get("user", {}).get("id", "")),
            "user_name": meta.get("user", {}).get("global_name")
            or meta.get("user", {}).get("username", ""),
        }
    return {
        "id": str(msg.id),
        "channel_id": str(msg.channel.id),
        "author": {"id": str(msg.author.id), "name": msg.author.name, "bot": msg.author.bot},
        "content": msg.content,
        "embeds": msg.embeds,
        "components": msg.components,
        "attachments": [
            {
                "id": str(a.id),
                "filename": a.filename,
                "url": attachment_path(msg, a.id, a.filename),
                "content_type": a.content_type,
                "size": a.size,
                "dimensions": png_size(a.data),
            }
            for a in msg.attachments
        ],
        "ephemeral": msg.ephemeral,
        "loading": msg.loading,
        "edited": msg.edited_at is not None,
        "timestamp": msg.timestamp,
        "interaction": interaction,
        "thread": {"id": str(msg.thread.id), "name": msg.thread.name} if msg.thread else None,
    }


def flatten_commands(commands: list[Json]) -> list[Json]:
    """Slash commands as the message box offers them: ``game new`` with its options."""
    out: list[Json] = []

    def walk(prefix: str, description: str, options: list[Json], cmd: Json) -> None:
        subs = [o for o in options if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        if subs:
            for sub in subs:
                walk(
                    f"{prefix} {sub['name']}",
                    sub.get("description", ""),
                    sub.get("options", []),
                    cmd,
                )
            return
        contexts = cmd.get("contexts")
        out.append(
            {
                "name": prefix,
                "description": description,
                "dm": cmd.get("dm_permission") is not False and (contexts is None or 1 in contexts),
                "options": [
                    {
                        key: o[key]
                        for key in (
                            "name",
                            "description",
                            "type",
                            "required",
                            "choices",
                            "autocomplete",
                            "min_value",
                            "max_value",
                            "min_length",
                            "max_length",
                        )
                        if key in o
                    }
                    for o in options
                ],
            }
        )

    for cmd in commands:
        if cmd.get("type", 1) == 1:
            walk(cmd["name"], cmd.get("description", ""), cmd.get("options") or [], cmd)
    return sorted(out, key=lambda c: str(c["name"]))


class Page:
    """The page's routes and live updates; ``setup`` adds them to the fake's application."""

    def __init__(self, fake: FakeDiscord, local_users: list[str]) -> None:
        self.fake = fake
        self.local_users = local_users
        self._viewers: list[_Viewer] = []
        self._opened: dict[int, InteractionResult] = {}  # interactions that opened a modal
        self.fast_forward: Callable[[float], float] | None = None
        """Moves the bot's clock ahead by so many seconds and says how far ahead it is (set
        by ``bot.py``: the sandbox knows nothing of the host). ``None``: no such control."""
        self.ahead = 0.0

    def setup(self, app: web.Application) -> None:
        r = app.router
        r.add_get("/", self._index)
        r.add_static("/static/", STATIC, append_version=False)
        r.add_get("/sandbox/state", self._guarded(self._state))
        r.add_get("/sandbox/messages", self._guarded(self._messages))
        r.add_get("/sandbox/ws", self._guarded(self._ws))
        r.add_post("/sandbox/slash", self._guarded(self._slash))
        r.add_post("/sandbox/autocomplete", self._guarded(self._autocomplete))
        r.add_post("/sandbox/click", self._guarded(self._click))
        r.add_post("/sandbox/select", self._guarded(self._select))
        r.add_post("/sandbox/modal", self._guarded(self._modal))
        r.add_post("/sandbox/say", self._guarded(self._say))
        r.add_post("/sandbox/locale", self._guarded(self._locale))
        r.add_post("/sandbox/clock", self._guarded(self._clock))

    def start(self) -> None:
        self.fake.observers.append(self._changed)

    async def close(self) -> None:
        if self._changed in self.fake.observers:
            self.fake.observers.remove(self._changed)
        for viewer in list(self._viewers):
            viewer.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await viewer.ws.close()

    # -- plumbing ----------------------------------------------------------------------------

    def _guarded(self, handler: Handler) -> Handler:
        """Only this machine's browser, on the page's own origin: a web site open in the same
        browser must not be able to play (or read hands) through 127.0.0.1."""

        async def guarded(request: web.Request) -> web.StreamResponse:
            port = self.fake.port
            if request.host not in (f"127.0.0.1:{port}", f"localhost:{port}"):
                raise web.HTTPForbidden(text="the sandbox answers its own page only")
            origin = request.headers.get("Origin")
            if origin is not None and origin != f"http://{request.host}":
                raise web.HTTPForbidden(text="the sandbox answers its own page only")
            return await handler(request)

        return guarded

    def _user(self, value: Any) -> FakeUser:
        try:
            user = self.fake.users_by_id[int(value)]
        except (KeyError, TypeError, ValueError):
            raise web.HTTPBadRequest(text=f"no user {value!r}") from None
        if user.bot or user.name not in self.local_users:
            raise web.HTTPBadRequest(text=f"{user.name} is not a local user")
        return user

    def _channel(self, value: Any) -> Channel:
        chan = None
        with contextlib.suppress(TypeError, ValueError):
            chan = self.fake.channel_by_id(int(value))
        if chan is None:
            raise web.HTTPBadRequest(text=f"no channel {value!r}")
        return chan

    def _message(self, user: FakeUser, value: Any) -> Message:
        with contextlib.suppress(TypeError, ValueError):
            mid = int(value)
            for chan in [user.dm, *self._guild_channels()]:
                for msg in chan.messages:
                    if msg.id == mid and user.can_see(msg):
                        return msg
        raise web.HTTPBadRequest(text=f"{user.name} sees no message {value!r}")

    def _guild_channels(self) -> list[Channel]:
        return [c for g in self.fake.guilds for c in g.channels]

    @staticmethod
    async def _body(request: web.Request) -> Json:
        try:
            body = await request.json()
        except ValueError:
            raise web.HTTPBadRequest(text="a JSON body is expected") from None
        if not isinstance(body, dict):
            raise web.HTTPBadRequest(text="a JSON object is expected")
        return body

    # -- reading -----------------------------------------------------------------------------

    async def _index(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def _state(self, request: web.Request) -> web.StreamResponse:
        me = self._user(request.query.get("user") or self._default_user().id)
        guild = self.fake.default_guild
        channels = [
            {
                "id": str(c.id),
                "name": c.name,
                "type": c.type,
                "parent_id": str(c.parent.id) if c.parent is not None else None,
                "archived": c.archived,
                "position": c.position,
            }
            for c in guild.channels
            if me.can_view(c)
        ]
        commands = flatten_commands([*self.fake.commands.values(), *guild.commands.values()])
        locals_ = [self.fake.users[n] for n in self.local_users if n in self.fake.users]
        return web.json_response(
            {
                "me": {"id": str(me.id), "name": me.name},
                "local_users": [
                    {"id": str(u.id), "name": u.name, "locale": u.locale} for u in locals_
                ],
                "users": {
                    str(u.id): {"name": u.name, "bot": u.bot}
                    for u in self.fake.users_by_id.values()
                },
                "bot": {
                    "id": str(self.fake.bot.id),
                    "name": self.fake.bot.name,
                    "online": self.fake.connected,
                },
                "guild": {
                    "id": str(guild.id),
                    "name": guild.name,
                    "owner_id": str(guild.owner_id),
                    "channels": channels,
                },
                "dm": {"id": str(me.dm.id)},
                "clock": {"ahead": self.ahead, "can_forward": self.fast_forward is not None},
                "commands": commands,
                "dm_ids": {str(u.id): [str(m.id) for m in u.dms[-50:]] for u in locals_},
                "pending": {
                    str(u.id): [str(m.id) for m in pending_decisions(self.fake, u)] for u in locals_
                },
            }
        )

    def _default_user(self) -> FakeUser:
        return self.fake.users[self.local_users[0]]

    async def _messages(self, request: web.Request) -> web.StreamResponse:
        user = self._user(request.query.get("user"))
        chan = self._channel(request.query.get("channel"))
        if not user.can_view(chan):
            raise web.HTTPForbidden(text=f"{user.name} cannot see #{chan.name}")
        shown = user.visible_messages(chan)[-HISTORY:]
        return web.json_response({"messages": [message_view(m) for m in shown]})

    # -- acting ------------------------------------------------------------------------------

    async def _interaction(self, action: Awaitable[InteractionResult]) -> web.Response:
        """Run a user's action; the answer says whether Discord would show it as failed (and
        the modal, if the bot opened one). Something a user could not do is a 400."""
        try:
            result = await action
        except DriverError as e:
            return web.json_response({"ok": False, "error": str(e)}, status=400)
        body: Json = {"ok": not result.failed, "error": result.error}
        if result.modal is not None:
            self._opened[result.id] = result
            body.update(modal=result.modal, interaction=str(result.id))
        return web.json_response(body)

    async def _slash(self, request: web.Request) -> web.StreamResponse:
        body = await self._body(request)
        user = self._user(body.get("user"))
        chan = self._channel(body.get("channel"))
        options = body.get("options") or {}
        command = str(body.get("command"))
        return await self._interaction(user.slash(command, channel=chan, check=False, **options))

    async def _autocomplete(self, request: web.Request) -> web.StreamResponse:
        body = await self._body(request)
        user = self._user(body.get("user"))
        chan = self._channel(body.get("channel"))
        options = {k: v for k, v in (body.get("options") or {}).items() if k != body.get("option")}
        try:
            choices = await user.autocomplete(
                str(body.get("command")),
                str(body.get("option")),
                str(body.get("typed") or ""),
                channel=chan,
                **options,
            )
        except (DriverError, AssertionError) as e:
            return web.json_response({"choices": [], "error": str(e)})
        return web.json_response({"choices": [{"name": c.name, "value": c.value} for c in choices]})

    async def _click(self, request: web.Request) -> web.StreamResponse:
        body = await self._body(request)
        user = self._user(body.get("user"))
        msg = self._message(user, body.get("message"))
        cid = str(body.get("custom_id"))
        return await self._interaction(user.click(custom_id=cid, message=msg, check=False))

    async def _select(self, request: web.Request) -> web.StreamResponse:
        body = await self._body(request)
        user = self._user(body.get("user"))
        msg = self._message(user, body.get("message"))
        values = body.get("values")
        if not isinstance(values, list):
            raise web.HTTPBadRequest(text="values must be a list")
        cid = str(body.get("custom_id"))
        return await self._interaction(user.select(msg, values, custom_id=cid, check=False))

    async def _modal(self, request: web.Request) -> web.StreamResponse:
        body = await self._body(request)
        user = self._user(body.get("user"))
        opened = None
        with contextlib.suppress(TypeError, ValueError):
            opened = self._opened.pop(int(body.get("interaction") or 0), None)
        if opened is None:
            raise web.HTTPBadRequest(text="no such modal is open")
        values = dict(body.get("values") or {})
        return await self._interaction(user.submit_modal(opened, values, check=False))

    async def _say(self, request: web.Request) -> web.StreamResponse:
        body = await self._body(request)
        user = self._user(body.get("user"))
        chan = self._channel(body.get("channel"))
        text = str(body.get("content") or "").strip()
        if not text:
            raise web.HTTPBadRequest(text="nothing to say")
        try:
            msg = await user.say(None if chan.type == DM else chan, text[:2000])
        except DriverError as e:
            return web.json_response({"ok": False, "error": str(e)}, status=400)
        return web.json_response({"ok": True, "id": str(msg.id)})

    async def _locale(self, request: web.Request) -> web.StreamResponse:
        """A local user picks their Discord language (their client's setting): a Discord
        locale code, sent as ``locale`` in their interactions from now on."""
        body = await self._body(request)
        user = self._user(body.get("user"))
        try:
            self.fake.set_locale(user, str(body.get("locale")))
        except ValueError as e:
            raise web.HTTPBadRequest(text=str(e)) from None
        return web.json_response({"ok": True, "locale": user.locale})

    async def _clock(self, request: web.Request) -> web.StreamResponse:
        """Fast-forward the bot's clock by ``days`` (1 to 7; issue 46): deadlines, reminders,
        quiet hours and away run out as they would days later, at once."""
        body = await self._body(request)
        days = body.get("days", 1)
        if self.fast_forward is None:
            raise web.HTTPBadRequest(text="this sandbox's clock cannot be moved")
        if not isinstance(days, int) or not 1 <= days <= 7:
            raise web.HTTPBadRequest(text="days must be 1 to 7")
        self.ahead = self.fast_forward(days * 86400.0)
        return web.json_response({"ok": True, "ahead": self.ahead})

    # -- live updates ------------------------------------------------------------------------

    async def _ws(self, request: web.Request) -> web.StreamResponse:
        user = self._user(request.query.get("user"))
        ws = web.WebSocketResponse(heartbeat=30.0)
        await ws.prepare(request)
        viewer = _Viewer(ws, user.id)
        self._viewers.append(viewer)
        writer = asyncio.create_task(self._writer(viewer))
        try:
            async for frame in ws:
                if frame.type != WSMsgType.TEXT:
                    continue
                with contextlib.suppress(ValueError, TypeError, web.HTTPBadRequest):
                    data = json.loads(frame.data)
                    if isinstance(data, dict) and "as" in data:
                        viewer.user_id = self._user(data["as"]).id
        finally:
            viewer.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await writer
            if viewer in self._viewers:
                self._viewers.remove(viewer)
        return ws

    @staticmethod
    async def _writer(viewer: _Viewer) -> None:
        while True:
            event = await viewer.queue.get()
            if event is None or viewer.ws.closed:
                return
            try:
                await viewer.ws.send_str(json.dumps(event))
            except ConnectionError:
                return

    def _changed(self, kind: str, msg: Message | None) -> None:
        if msg is None:
            for viewer in self._viewers:
                viewer.queue.put_nowait({"type": kind})
            return
        view: Json | None = None
        for viewer in self._viewers:
            user = self.fake.users_by_id.get(viewer.user_id)
            if user is None:
                continue
            if user.can_see(msg):
                view = view or message_view(msg)
                viewer.queue.put_nowait({"type": "message", "message": view})
            elif msg.deleted:
                viewer.queue.put_nowait(
                    {"type": "gone", "id": str(msg.id), "channel_id": str(msg.channel.id)}
                )
        if not msg.author.bot:
            return
        note: Json | None = None
        if msg.channel.type == DM and msg.channel.recipient is not None:
            recipient = msg.channel.recipient
            note = {"type": "dm", "user": str(recipient.id), "gone": msg.deleted}
        elif msg.visible_to is not None and msg.visible_to in self.fake.users_by_id:
            # A private reply: it may carry the user's decision (after /move or /hand).
            recipient = self.fake.users_by_id[msg.visible_to]
            note = {"type": "pending", "user": str(recipient.id)}
        if note is not None:
            note.update(id=str(msg.id), pending=waits_on(self.fake, recipient, msg))
            for viewer in self._viewers:
                viewer.queue.put_nowait(note)
