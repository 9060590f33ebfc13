"""The bot keeps Discord's rate limits itself (issue 41): the pacer in front of discord.py's REST
client, on a clock of its own (no real waiting)."""

from __future__ import annotations

import asyncio
from typing import Any

from discord.http import Route

from cogs.pacing import Pacer
from cogs.settings import Settings


class Time:
    """A clock that moves only when someone sleeps on it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += max(0.0, seconds)
        await asyncio.sleep(0)


class Discord:
    """Records what reaches it, and when (by the pacer's clock)."""

    def __init__(self, time: Time) -> None:
        self.time = time
        self.seen: list[tuple[float, str, str, dict[str, Any]]] = []

    async def request(self, route: Route, **kwargs: Any) -> Any:
        self.seen.append((self.time(), route.method, route.url, kwargs))
        await asyncio.sleep(0)
        return {"sent": len(self.seen), **kwargs.get("json", {})}


def most_in_any(times: list[float], period: float) -> int:
    return max((sum(1 for u in times if t <= u < t + period) for t in times), default=0)


def pacer_and_discord() -> tuple[Pacer, Discord]:
    time = Time()
    return Pacer(clock=time, sleep=time.sleep), Discord(time)


def post(channel: int) -> Route:
    return Route("POST", "/channels/{channel_id}/messages", channel_id=channel)


def edit(channel: int, message: int) -> Route:
    return Route(
        "PATCH",
        "/channels/{channel_id}/messages/{message_id}",
        channel_id=channel,
        message_id=message,
    )


async def test_messages_to_one_channel_go_out_in_order_five_per_five_seconds() -> None:
    pacer, discord = pacer_and_discord()
    sent = await asyncio.gather(
        *(pacer.request(discord.request, post(7), json={"n": n}) for n in range(12))
    )
    assert [s["n"] for s in sent] == list(range(12))
    assert [kw["json"]["n"] for _t, _m, _u, kw in discord.seen] == list(range(12))
    assert most_in_any([t for t, *_ in discord.seen], 5.0) <= 5


async def test_a_burst_over_many_channels_stays_under_the_global_limit() -> None:
    pacer, discord = pacer_and_discord()
    await asyncio.gather(*(pacer.request(discord.request, post(c)) for c in range(120)))
    assert len(discord.seen) == 120
    assert most_in_any([t for t, *_ in discord.seen], 1.0) <= 45


async def test_a_process_with_half_the_shards_takes_half_the_global_limit() -> None:
    time = Time()
    half = Settings(shard_count=2, shard_ids=(1,)).rest_per_second
    pacer, discord = Pacer(per_second=half, clock=time, sleep=time.sleep), Discord(time)
    await asyncio.gather(*(pacer.request(discord.request, post(c)) for c in range(60)))
    assert most_in_any([t for t, *_ in discord.seen], 1.0) <= 22


async def test_a_global_limit_discord_raised_is_used_and_shared_by_the_processes() -> None:
    """``VESUVIUS_GLOBAL_LIMIT=500`` (Discord raised the bot's limit): one process of two sends
    up to its half less the margin, 225 a second, and never more."""
    settings = Settings(global_limit=500, shard_count=2, shard_ids=(0,))
    time = Time()
    pacer = Pacer(per_second=settings.rest_per_second, clock=time, sleep=time.sleep)
    discord = Discord(time)
    await asyncio.gather(*(pacer.request(discord.request, post(c)) for c in range(700)))
    assert most_in_any([t for t, *_ in discord.seen], 1.0) == 225


async def test_queued_edits_of_one_message_send_only_the_newest_words() -> None:
    pacer, discord = pacer_and_discord()
    others = [pacer.request(discord.request, edit(7, 100 + n), json={"n": n}) for n in range(5)]
    await asyncio.gather(*others)  # the channel's edits for this period are spent
    waiting = [
        asyncio.ensure_future(pacer.request(discord.request, edit(7, 1), json={"text": t}))
        for t in ("one", "two", "three")
    ]
    answers = await asyncio.gather(*waiting)
    mine = [kw["json"] for _t, m, url, kw in discord.seen if url.endswith("/messages/1")]
    assert mine == [{"text": "three"}]  # one request, the newest words
    assert [a["text"] for a in answers] == ["three"] * 3  # every caller has the message now
    assert pacer.stats.merged == 2


async def test_an_edit_that_uploads_a_picture_is_never_replaced() -> None:
    pacer, discord = pacer_and_discord()
    await asyncio.gather(*(pacer.request(discord.request, edit(7, 100 + n)) for n in range(5)))
    picture = asyncio.ensure_future(
        pacer.request(discord.request, edit(7, 1), json={"text": "a"}, files=["board.png"])
    )
    words = asyncio.ensure_future(pacer.request(discord.request, edit(7, 1), json={"text": "b"}))
    await asyncio.gather(picture, words)
    mine = [kw for _t, m, url, kw in discord.seen if url.endswith("/messages/1")]
    assert [kw["json"]["text"] for kw in mine] == ["a", "b"]
    assert mine[0]["files"] == ["board.png"]


async def test_an_edit_merged_into_another_is_sent_even_if_the_first_caller_gives_up() -> None:
    pacer, discord = pacer_and_discord()
    await asyncio.gather(*(pacer.request(discord.request, edit(7, 100 + n)) for n in range(5)))
    first = asyncio.ensure_future(pacer.request(discord.request, edit(7, 1), json={"text": "a"}))
    await asyncio.sleep(0)
    second = asyncio.ensure_future(pacer.request(discord.request, edit(7, 1), json={"text": "b"}))
    await asyncio.sleep(0)
    first.cancel()
    assert (await second)["text"] == "b"
    assert [kw["json"] for _t, _m, url, kw in discord.seen if url.endswith("/messages/1")] == [
        {"text": "b"}
    ]
