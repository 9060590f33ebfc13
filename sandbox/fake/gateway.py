"""The fake gateway (v10): one websocket per client, events dispatched as the world changes.

Sharding: a client that identifies with ``shard: [id, count]`` gets the events of the guilds
Discord would route to that shard (``(guild_id >> 22) % count``) and, on shard 0, the events
with no guild (DMs, interactions from DMs); READY lists only its guilds. An unsharded client
gets everything, as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import json

from aiohttp import WSMsgType, web

from .basics import DM, Json
from .model import Message
from .state import FakeState
from .wire import (
    DM_MESSAGES_INTENT,
    GUILD_MESSAGES_INTENT,
    MESSAGE_CONTENT_INTENT,
    PRIVILEGED_INTENTS,
    GatewayConnection,
)

GUILD_EVENTS = ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE")
"""Events whose payload is the guild itself (its ``id``); the others name it in ``guild_id``."""


class Gateway(FakeState):
    """The gateway: HELLO, IDENTIFY, READY, heartbeats, member chunks and dispatched events."""

    heartbeat_ack_delay = 0.05
    """Seconds before a heartbeat's ACK, as a network's round trip takes. discord.py notes
    when a heartbeat was sent only after its sending thread wakes up again; an ACK that gets
    there first is measured against the heartbeat before, and discord.py warns "Can't keep
    up, websocket is 41.3s behind" (a false alarm the sandbox's terminal showed now and
    then)."""

    def _dispatch(self, event: str, data: Json, *, intent: int = 0) -> None:
        self._touch()
        if event.startswith(("CHANNEL_", "THREAD_", "GUILD_")):
            self._observe("world")
        guild = data.get("id") if event in GUILD_EVENTS else data.get("guild_id")
        guild_id = None if guild is None else int(guild)
        for conn in self._connections:
            if not conn.identified or not conn.wants(guild_id):
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
                if self.record:
                    self.gateway_log.append(("recv", op, None))
                if op == 1:
                    ack = {"op": 11, "d": None, "s": None, "t": None}
                    loop = asyncio.get_running_loop()
                    loop.call_later(self.heartbeat_ack_delay, conn.queue.put_nowait, ack)
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
            self._observe("world")  # the bot went offline
        return ws

    async def _gateway_writer(self, conn: GatewayConnection) -> None:
        while True:
            frame = await conn.queue.get()
            if frame is None or conn.ws.closed:
                return
            if "close" in frame:
                await conn.ws.close(code=frame["close"], message=frame["reason"].encode())
                return
            if self.record:
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
        shard = d.get("shard")
        if shard is not None:
            shard_id, count = (int(x) for x in shard)
            if not 0 <= shard_id < count:
                conn.queue.put_nowait({"close": 4010, "reason": "Invalid shard."})
                return
            conn.shard = (shard_id, count)
        conn.intents = intents
        conn.identified = True
        self._observe("world")  # the bot is online
        ready = {
            "v": 10,
            "user": {**self.bot.payload(), "verified": True, "mfa_enabled": False},
            "guilds": [
                {"id": str(g.id), "unavailable": True} for g in self.guilds if conn.wants(g.id)
            ],
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
            if not conn.wants(g.id):
                continue
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
        self._observe("message", msg)
        if msg.visible_to is not None:
            return  # ephemeral messages never reach the gateway
        guild = msg.channel.guild
        for conn in self._connections:
            if not conn.identified or not conn.wants(None if guild is None else guild.id):
                continue
            data = self._message_intents_ok(conn, msg)
            if data is None:
                continue
            if msg.channel.guild is not None and msg.author is not self.bot:
                data["member"] = msg.channel.guild.member_payload(msg.author, with_user=False)
            conn.seq += 1
            conn.queue.put_nowait({"op": 0, "s": conn.seq, "t": event, "d": data})
