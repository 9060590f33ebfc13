"""The fake's gateway as a websocket client sees it (no discord.py in between)."""

from __future__ import annotations

import asyncio

import aiohttp

from sandbox.fake import FakeDiscord

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
