"""The fake's gateway as a websocket client sees it (no discord.py in between)."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp

from sandbox.fake import FakeDiscord
from sandbox.fake.wire import DM_MESSAGES_INTENT as DMS
from sandbox.fake.wire import GUILD_MESSAGES_INTENT

GUILDS = 1 | GUILD_MESSAGES_INTENT

HANG = 60.0  # real-time cap on a wait: only catches a hang


async def test_a_heartbeat_is_acknowledged_after_a_round_trip(fake_discord: FakeDiscord) -> None:
    # discord.py's heartbeat thread notes the send time only once it wakes up after sending;
    # an ACK sent straight back (loopback, same process) could get there first and make
    # discord.py warn "Can't keep up, websocket is 41.3s behind". The fake waits a network's
    # round trip first (a lower bound: a slow machine only makes the wait longer).
    async with aiohttp.ClientSession() as http, http.ws_connect(fake_discord.gateway_url) as ws:
        hello = await ws.receive_json(timeout=HANG)
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] == 41250
        loop = asyncio.get_running_loop()
        sent = loop.time()
        await ws.send_json({"op": 1, "d": None})
        ack = await ws.receive_json(timeout=HANG)
        assert ack["op"] == 11
        assert loop.time() - sent >= fake_discord.heartbeat_ack_delay > 0


async def _identify(http: aiohttp.ClientSession, fake: FakeDiscord, shard: list[int] | None) -> Any:
    ws = await http.ws_connect(fake.gateway_url)
    await ws.receive_json(timeout=HANG)  # HELLO
    d: dict[str, Any] = {"token": fake.token, "intents": GUILDS | DMS, "properties": {}}
    if shard is not None:
        d["shard"] = shard
    await ws.send_json({"op": 2, "d": d})
    return ws


async def _events(ws: Any) -> list[tuple[str, str | None]]:
    """The dispatches received until the connection is quiet: (event, its guild id)."""
    out: list[tuple[str, str | None]] = []
    while True:
        try:
            frame = await ws.receive_json(timeout=0.3)
        except TimeoutError:
            return out
        if frame.get("op") == 0:
            d = frame["d"]
            guild = d.get("id") if frame["t"] == "GUILD_CREATE" else d.get("guild_id")
            out.append((frame["t"], guild))
            if frame["t"] == "READY":
                out += [("READY guild", g["id"]) for g in d["guilds"]]


async def test_each_shard_gets_its_guilds_events_and_shard_0_the_dms(
    fake_discord: FakeDiscord,
) -> None:
    zero = fake_discord.add_guild("Zero", shard=(0, 2))
    one = fake_discord.add_guild("One", shard=(1, 2))
    assert ((zero.id >> 22) % 2, (one.id >> 22) % 2) == (0, 1)
    async with aiohttp.ClientSession() as http:
        s0 = await _identify(http, fake_discord, [0, 2])
        s1 = await _identify(http, fake_discord, [1, 2])
        plain = await _identify(http, fake_discord, None)
        got = [await _events(ws) for ws in (s0, s1, plain)]
        every = {str(g.id) for g in fake_discord.guilds}
        for events, shard in zip(got[:2], (0, 1), strict=True):
            mine = {str(g.id) for g in fake_discord.guilds if (g.id >> 22) % 2 == shard}
            assert {g for e, g in events if e == "READY guild"} == mine
            assert {g for e, g in events if e == "GUILD_CREATE"} == mine
        assert {g for e, g in got[2] if e == "GUILD_CREATE"} == every  # unsharded: all
        # A message in a guild goes to its shard; a DM to shard 0 only.
        alice = fake_discord.add_user("alice", guilds=[zero, one])
        await alice.say(one.channel("general"), "hello")
        await alice.say(None, "help")
        got = [await _events(ws) for ws in (s0, s1, plain)]
        created = [[g for e, g in events if e == "MESSAGE_CREATE"] for events in got]
        assert created == [[None], [str(one.id)], [str(one.id), None]]
        bad = await _identify(http, fake_discord, [2, 2])
        closed = await bad.receive(timeout=HANG)
        assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == 4010
        for ws in (s0, s1, plain):
            await ws.close()
