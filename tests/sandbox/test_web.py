"""The page's API acts only for the page itself and shows each local user only what Discord
would show them."""

from __future__ import annotations

import socket
from typing import Any

import aiohttp

from sandbox.web import is_decision
from tests.cogs.helpers import WAIT
from tests.sandbox.conftest import Playground


async def _call(method: str, url: str, **kwargs: Any) -> tuple[int, Any]:
    async with aiohttp.ClientSession() as http, http.request(method, url, **kwargs) as r:
        body = await r.json() if r.content_type == "application/json" else await r.text()
        return r.status, body


def _other_address() -> str | None:
    """This machine's address on its network (not loopback), if it has one: the one its
    packets would leave from (a UDP connect sends nothing)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
        except OSError:
            return None
        host = str(probe.getsockname()[0])
    return None if host.startswith("127.") else host


async def test_it_listens_on_127_0_0_1_only(playground: Playground) -> None:
    fake = playground.sandbox.fake
    assert fake.addresses == [("127.0.0.1", fake.port)]
    assert playground.url == f"http://127.0.0.1:{fake.port}/"
    other = _other_address()
    if other is not None:  # from the network the port is closed
        with socket.socket() as s:
            s.settimeout(WAIT)
            assert s.connect_ex((other, fake.port)) != 0


async def test_other_sites_cannot_use_the_page(playground: Playground) -> None:
    url = playground.url
    me = playground.user_id("Aurelia")
    general = playground.sandbox.fake.default_guild.channel("general").id
    say = {"user": me, "channel": general, "content": "hello"}
    status, _ = await _call(
        "POST", f"{url}sandbox/say", json=say, headers={"Origin": "http://example.com"}
    )
    assert status == 403
    status, _ = await _call("GET", f"{url}sandbox/state", headers={"Host": "example.com"})
    assert status == 403
    assert playground.sandbox.fake.default_guild.channel("general").messages == []
    status, body = await _call("POST", f"{url}sandbox/say", json=say)
    assert status == 200 and body["ok"]


async def test_each_user_sees_only_their_own_replies_and_dms(playground: Playground) -> None:
    fake = playground.sandbox.fake
    general = fake.default_guild.channel("general")
    aurelia, brutus = fake.users["Aurelia"], fake.users["Brutus"]
    lobby = await aurelia.slash("game new", channel=general, game="downfall", players=2)
    await brutus.click("Join", message=lobby.message)
    await (await aurelia.click("Start", message=lobby.message)).wait_until_loaded(timeout=WAIT)
    hand = await aurelia.slash("hand", channel=general)
    secret = await hand.wait_until_loaded(timeout=WAIT) if hand.deferred else hand.message
    assert secret is not None and secret.ephemeral

    def ids(body: Any) -> set[str]:
        return {m["id"] for m in body["messages"]}

    query = {"channel": general.id}
    _, mine = await _call(
        "GET", f"{playground.url}sandbox/messages", params={**query, "user": aurelia.id}
    )
    _, theirs = await _call(
        "GET", f"{playground.url}sandbox/messages", params={**query, "user": brutus.id}
    )
    assert str(secret.id) in ids(mine) and str(secret.id) not in ids(theirs)
    status, _ = await _call(
        "GET",
        f"{playground.url}sandbox/messages",
        params={"user": brutus.id, "channel": aurelia.dm.id},
    )
    assert status == 403  # Aurelia's DMs are hers
    status, _ = await _call(
        "GET",
        f"{playground.url}sandbox/messages",
        params={"user": fake.bot.id, "channel": general.id},
    )
    assert status == 400  # only local users act through the page


async def test_a_decision_carried_by_a_private_reply_is_still_pending(
    playground: Playground,
) -> None:
    """Issue 44, 19: after a /move that leaves the game waiting on the same player (the worker
    game's setup: the first of several starting placements), the bot's DM loses its controls
    and the private reply carries the decision: the page still counts it, in its state and
    live (the websocket's "pending" event), and no longer once the decision is over."""
    fake = playground.sandbox.fake
    general = fake.default_guild.channel("general")
    aurelia = fake.users["Aurelia"]
    url = playground.url

    async def pending() -> list[str]:
        _, state = await _call("GET", f"{url}sandbox/state", params={"user": aurelia.id})
        return list(state["pending"][str(aurelia.id)])

    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(f"{url}sandbox/ws", params={"user": str(aurelia.id)}) as ws,
    ):
        started = await aurelia.slash("game new", channel=general, game="workers", players=1)
        if started.deferred:
            await started.wait_until_loaded(timeout=WAIT)
        await playground.bot.flows.idle()
        dm = [str(m.id) for m in aurelia.dms]
        assert await pending() == dm and len(dm) == 1

        choices = await aurelia.autocomplete("move", "action", "", channel=general)
        moved = await aurelia.slash("move", channel=general, action=choices[0].value)
        if moved.deferred:
            await moved.wait_until_loaded(timeout=WAIT)
        await playground.bot.flows.idle()
        status = await playground.bot.host.views.status(1)
        assert [w.user_id for w in status.waiting_on] == [aurelia.id]  # still her decision
        replies = [m for m in aurelia.visible_messages(general) if m.ephemeral]
        carrier = [str(m.id) for m in replies if is_decision(m)]
        assert len(carrier) == 1 and await pending() == carrier

        seen: dict[str, bool] = {}  # the last word on each (a reply is a placeholder first)
        while seen.get(carrier[0]) is not True or seen.get(dm[0]) is not False:
            event = await ws.receive_json(timeout=WAIT)
            if event.get("type") == "dm":
                seen[event["id"]] = event["pending"]
            if event.get("type") == "pending":
                assert event["user"] == str(aurelia.id)
                seen[event["id"]] = event["pending"]

    # Once the token of the reply has run out the bot cannot close it: it no longer counts.
    fake.token_lifetime = -1.0
    assert await pending() == []
