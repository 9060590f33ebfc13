"""Discord's rate limits in the fake: per-route buckets and their headers, 429s without side
effects, the global limit (interaction endpoints exempt), invalid requests, and a real
discord.py client pacing itself against them.

Raw requests (aiohttp with the bot's token) show what Discord answers; the tests that need the
windows to pass without waiting give the fake a :class:`FakeClock` as its ``rate_clock``."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest

from sandbox.fake import FakeClock, FakeDiscord, Limit, RateLimits
from sandbox.fake.ratelimits import HITS_KEPT, RateLimiter, bucket_hash
from tests.fakediscord.plugin import StartBot
from tests.fakediscord.sample_bot import SampleBot

Reply = tuple[int, dict[str, str], Any]


class Raw:
    """Requests to the fake's REST API as a bot would make them, without discord.py's pacing."""

    def __init__(self, fake: FakeDiscord, session: aiohttp.ClientSession) -> None:
        self.fake, self.session = fake, session

    async def __call__(
        self, method: str, path: str, json: Any = None, *, token: str | None = None
    ) -> Reply:
        auth = {"Authorization": f"Bot {token or self.fake.token}"}
        url = self.fake.api_base + path
        async with self.session.request(method, url, json=json, headers=auth) as resp:
            body = await resp.json() if resp.content_type == "application/json" else None
            if body is None and resp.status != 204:
                body = await resp.text()
            return resp.status, dict(resp.headers), body

    async def send(self, channel_id: int, content: str = "hi", **extra: Any) -> Reply:
        return await self("POST", f"/channels/{channel_id}/messages", {"content": content, **extra})


@pytest.fixture
async def raw(fake_discord: FakeDiscord) -> AsyncIterator[Raw]:
    async with aiohttp.ClientSession() as session:
        yield Raw(fake_discord, session)


def rate_clock(fake: FakeDiscord) -> FakeClock:
    clock = fake.limiter.clock
    assert isinstance(clock, FakeClock)
    return clock


def with_rate_clock(**limits: Limit) -> Any:
    """Parametrize the fake with a manual rate clock (and optionally other limits)."""
    options = {"rate_clock": FakeClock(), "rate_limits": RateLimits(**limits)}
    return pytest.mark.parametrize("fake_discord_options", [options], indirect=True)


def test_discords_numbers_are_the_default() -> None:
    fake = FakeDiscord(echo=False)
    limits = fake.rate_limits
    assert limits == RateLimits()
    assert (limits.global_requests.requests, limits.global_requests.per) == (50, 1.0)
    assert (limits.channel_messages.requests, limits.channel_messages.per) == (5, 5.0)
    assert (limits.message_edits.requests, limits.message_edits.per) == (5, 5.0)
    assert (limits.interaction_webhooks.requests, limits.interaction_webhooks.per) == (5, 2.0)
    assert fake.limiter.clock is time.monotonic and fake.clock is time.monotonic


@with_rate_clock()
async def test_headers_are_present_and_count_down(fake_discord: FakeDiscord, raw: Raw) -> None:
    general = fake_discord.guild().channel("general")
    before = time.time()
    seen = []
    for n in range(5):
        # The fifth is an error: errors of a limited route carry the headers and count too.
        status, headers, body = await raw.send(general.id, f"m{n}" if n < 4 else "")
        assert status == (200 if n < 4 else 400)
        seen.append(headers)
        rate_clock(fake_discord).advance(0.5)
    assert body["code"] == 50006
    assert [h["X-RateLimit-Remaining"] for h in seen] == ["4", "3", "2", "1", "0"]
    assert {h["X-RateLimit-Limit"] for h in seen} == {"5"}
    assert [h["X-RateLimit-Reset-After"] for h in seen] == [
        "5.000",
        "4.500",
        "4.000",
        "3.500",
        "3.000",
    ]
    reset = float(seen[0]["X-RateLimit-Reset"])
    assert before + 5.0 <= reset <= time.time() + 5.0 + 0.01
    sends = bucket_hash("channel_messages")
    assert {h["X-RateLimit-Bucket"] for h in seen} == {sends}
    # The same hash for another channel (its own count), another for edits and deletes,
    # which share theirs; routes without a limit of their own carry no headers.
    other = fake_discord.add_guild("Herculaneum").channel("general")
    _, headers, msg = await raw.send(other.id)
    assert headers["X-RateLimit-Bucket"] == sends and headers["X-RateLimit-Remaining"] == "4"
    path = f"/channels/{other.id}/messages/{msg['id']}"
    _, edit, _ = await raw("PATCH", path, {"content": "edited"})
    _, delete, _ = await raw("DELETE", path)
    assert edit["X-RateLimit-Bucket"] == delete["X-RateLimit-Bucket"] != sends
    assert (edit["X-RateLimit-Remaining"], delete["X-RateLimit-Remaining"]) == ("4", "3")
    _, headers, _ = await raw("GET", f"/channels/{other.id}")
    assert not [h for h in headers if h.startswith("X-RateLimit")]


@with_rate_clock()
async def test_a_sixth_message_within_five_seconds_is_refused_and_changes_nothing(
    fake_discord: FakeDiscord, raw: Raw
) -> None:
    general = fake_discord.guild().channel("general")
    for n in range(5):
        assert (await raw.send(general.id, f"m{n}"))[0] == 200
    rate_clock(fake_discord).advance(1.5)
    events = len(fake_discord.gateway_log)
    status, headers, body = await raw.send(general.id, "sixth", nonce="n6", enforce_nonce=True)
    assert status == 429
    assert body == {"message": "You are being rate limited.", "retry_after": 3.5, "global": False}
    assert headers["Retry-After"] == "4" and headers["X-RateLimit-Scope"] == "user"
    assert headers["Via"] == "1.1 google" and "X-RateLimit-Global" not in headers
    assert headers["X-RateLimit-Remaining"] == "0" and headers["X-RateLimit-Reset-After"] == "3.500"
    # No side effect: no message, no event, no nonce remembered, not a rejection.
    assert [m.content for m in general.messages] == [f"m{n}" for n in range(5)]
    assert len(fake_discord.gateway_log) == events and fake_discord.nonces == {}
    assert fake_discord.rejections == [] and fake_discord.requests[-1].status == 429
    assert fake_discord.requests[-1].body["content"] == "sixth"
    (hit,) = fake_discord.rate_limited
    assert (hit.method, hit.path, hit.bucket, hit.major) == (
        "POST", f"/channels/{general.id}/messages", "channel_messages", str(general.id),
    )  # fmt: skip
    assert (hit.scope, hit.retry_after) == ("user", 3.5) and fake_discord.rate_limited_total == 1
    assert any("-> 429" in line and "rate limited" in line for line in fake_discord.transcript)
    # Another channel, and edits in this one, are unaffected.
    other = fake_discord.add_guild("Herculaneum").channel("general")
    assert (await raw.send(other.id))[0] == 200
    assert (await raw("PATCH", f"/channels/{general.id}/messages/{general.messages[0].id}"))[
        0
    ] == 200
    # The window resets 5 s after its first request; the refused one did not count.
    rate_clock(fake_discord).advance(3.5)
    status, headers, _ = await raw.send(general.id, "sixth", nonce="n6", enforce_nonce=True)
    assert status == 200 and headers["X-RateLimit-Remaining"] == "4"
    assert headers["X-RateLimit-Reset-After"] == "5.000" and general.messages[-1].content == "sixth"


@with_rate_clock()
async def test_edits_and_deletes_share_a_bucket_of_their_own(
    fake_discord: FakeDiscord, raw: Raw
) -> None:
    general = fake_discord.guild().channel("general")
    ids = [(await raw.send(general.id, f"m{n}"))[2]["id"] for n in range(3)]
    for n in range(4):
        assert (await raw("PATCH", f"/channels/{general.id}/messages/{ids[0]}", {"content": n}))[
            0
        ] == 200
    assert (await raw("DELETE", f"/channels/{general.id}/messages/{ids[1]}"))[0] == 204
    status, _, body = await raw("DELETE", f"/channels/{general.id}/messages/{ids[2]}")
    assert status == 429 and body["retry_after"] == 5.0
    assert not general.messages[2].deleted and general.messages[1].deleted
    assert (await raw.send(general.id, "sends have their own bucket"))[0] == 200


@with_rate_clock(interaction_webhooks=Limit(3, 2.0))
async def test_interaction_webhooks_are_limited_per_token_without_side_effects(
    fake_discord: FakeDiscord, start_bot: StartBot, raw: Raw
) -> None:
    bot = await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    r = await alice.slash("later", check=False)  # defers; its answer comes later
    inter = next(i for i in fake_discord.interactions.values() if i.result is r)
    path = f"/webhooks/{fake_discord.application_id}/{inter.token}"
    s1, h1, first = await raw("POST", path + "?wait=1", {"content": "one"})
    s2, _, _ = await raw("GET", path + "/messages/@original")
    s3, h3, _ = await raw("PATCH", path + f"/messages/{first['id']}", {"content": "one'"})
    assert (s1, s2, s3) == (200, 200, 200) and h3["X-RateLimit-Remaining"] == "0"
    assert h1["X-RateLimit-Bucket"] == bucket_hash("interaction_webhooks")
    status, headers, body = await raw("POST", path + "?wait=1", {"content": "two"})
    assert status == 429 and headers["X-RateLimit-Scope"] == "user" and body["retry_after"] == 2.0
    assert [m.content for m in r.followups] == ["one'"]  # nothing sent
    # Another interaction's token has its own bucket.
    r2 = await alice.slash("ping")
    assert r2.content == "pong"
    # After the window, the bot's own follow-up goes through.
    rate_clock(fake_discord).advance(2.0)
    bot.release_later.set()
    await r.wait_for_followup(2)
    assert r.followups[1].content == "later" and "later_error" not in bot.seen
    assert [h.bucket for h in fake_discord.rate_limited] == ["interaction_webhooks"]


@with_rate_clock(global_requests=Limit(5, 1.0))
async def test_interaction_endpoints_do_not_count_towards_the_global_limit(
    fake_discord: FakeDiscord, start_bot: StartBot, raw: Raw
) -> None:
    bot = await start_bot(SampleBot())
    rate_clock(fake_discord).advance(1.0)  # a new global window after the login's requests
    alice = await fake_discord.user("alice")
    answers = [
        await alice.slash("ping"),  # callback
        await alice.slash("board"),  # callback (defer), PATCH @original
        await alice.slash("big", size=10),  # callback (defer), follow-up
        await alice.slash("burst", n=3),  # callback (defer), 3 follow-ups
        await alice.slash("oops"),  # callback, DELETE @original
    ]
    await answers[3].wait_for_followup(3)
    await fake_discord.wait_for(lambda: bot.seen.get("oops_deleted"))
    assert answers[0].content == "pong" and answers[2].files == [b"\0" * 10]
    assert fake_discord.rate_limited_total == 0
    # The global window is still empty: five authorized requests go, the sixth does not.
    for _ in range(5):
        assert (await raw("GET", "/users/@me"))[0] == 200
    status, headers, body = await raw("GET", "/users/@me")
    assert status == 429 and body == {
        "message": "You are being rate limited.", "retry_after": 1.0, "global": True,
    }  # fmt: skip
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert headers["Via"] == "1.1 google" and "X-RateLimit-Bucket" not in headers
    # ... while interactions still answer.
    assert (await alice.slash("ping")).content == "pong"
    (hit,) = fake_discord.rate_limited
    assert (hit.bucket, hit.scope, hit.major) == ("global_requests", "global", None)


@with_rate_clock(channel_messages=Limit(1, 5.0, shared=True), invalid_requests=Limit(3, 600.0))
async def test_invalid_requests_lead_to_a_cloudflare_ban_shared_limits_do_not(
    fake_discord: FakeDiscord, raw: Raw
) -> None:
    general = fake_discord.guild().channel("general")
    assert (await raw.send(general.id))[0] == 200
    for _ in range(3):  # a shared limit's 429s are not held against the bot
        status, headers, body = await raw.send(general.id)
        assert status == 429 and headers["X-RateLimit-Scope"] == "shared"
        assert body["message"] == "The resource is being rate limited."
    for _ in range(3):
        assert (await raw("GET", "/users/@me", token="wrong"))[0] == 401
    status, headers, body = await raw("GET", "/users/@me")
    assert (status, body) == (429, "error code: 1015") and "Via" not in headers
    assert fake_discord.rate_limited[-1].scope == "cloudflare"
    rate_clock(fake_discord).advance(600.0)
    assert (await raw("GET", "/users/@me"))[0] == 200


def test_the_record_of_429s_is_bounded_and_ended_windows_are_forgotten() -> None:
    clock = FakeClock()
    limiter = RateLimiter(RateLimits(global_requests=Limit(1, 1.0)), clock)
    assert limiter.admit("GET", "/users/@me", "Bot t").hit is None
    for _ in range(HITS_KEPT + 500):
        assert limiter.admit("GET", "/users/@me", "Bot t").hit is not None
    assert len(limiter.hits) == HITS_KEPT and limiter.hits_total == HITS_KEPT + 500
    for n in range(100):  # a new interaction token each: a bucket each
        limiter.admit("POST", f"/webhooks/1/token{n}", None)
    assert len(limiter._windows) == 101
    clock.advance(2.0)
    limiter.admit("GET", "/users/@me", "Bot t")
    assert len(limiter._windows) == 1


async def test_record_off_still_counts_429s() -> None:
    async with (
        FakeDiscord(
            echo=False,
            record=False,
            rate_clock=FakeClock(),
            rate_limits=RateLimits(global_requests=Limit(1, 1.0)),
        ) as fake,
        aiohttp.ClientSession() as session,
    ):
        raw = Raw(fake, session)
        assert [(await raw("GET", "/users/@me"))[0] for _ in range(3)] == [200, 429, 429]
        assert fake.requests == [] and fake.rate_limited_total == 2 and len(fake.rate_limited) == 2


# ---------------------------------------------------------------- discord.py against the limits


def text_channel(bot: discord.Client, channel_id: int) -> discord.TextChannel:
    chan = bot.get_channel(channel_id)
    assert isinstance(chan, discord.TextChannel)
    return chan


async def test_discord_py_paces_twelve_messages_into_one_channel(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    general = fake_discord.guild().channel("general")
    chan = text_channel(bot, general.id)
    start = time.monotonic()
    sent = await asyncio.gather(*(chan.send(f"m{n}") for n in range(12)))
    elapsed = time.monotonic() - start
    # Discord's 5 per 5 s: three windows, the third opening about 10 s after the first.
    assert elapsed >= 10.0 - 0.05, elapsed
    assert [m.content for m in general.messages] == [f"m{n}" for n in range(12)]
    assert [m.content for m in sent] == [f"m{n}" for n in range(12)]
    assert list(fake_discord.rate_limited) == []


async def test_discord_py_waits_out_the_global_limit_and_every_message_arrives(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    many = fake_discord.add_guild("Many", channels=tuple(f"c{n}" for n in range(60)))
    bot = await start_bot(SampleBot())
    chans = [text_channel(bot, c.id) for c in many.channels]
    await asyncio.gather(*(chan.send(f"to {chan.name}") for chan in chans))
    assert [[m.content for m in c.messages] for c in many.channels] == [
        [f"to {c.name}"] for c in many.channels
    ]
    hits = list(fake_discord.rate_limited)
    assert hits and {(h.bucket, h.scope) for h in hits} == {("global_requests", "global")}
    assert all(0 < h.retry_after <= 1.0 for h in hits)
    refused = [r for r in fake_discord.requests if r.status == 429]
    assert len(refused) == len(hits) and all(r.path.endswith("/messages") for r in refused)
    # The fixture's teardown fails the test on any ERROR discord.py logged.


async def test_discord_py_paces_follow_ups_of_one_interaction(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    start = time.monotonic()
    r = await alice.slash("burst", n=7)
    await r.wait_for_followup(7, timeout=10.0)
    elapsed = time.monotonic() - start
    assert [m.content for m in r.followups] == [f"follow-up {n}" for n in range(1, 8)]
    assert elapsed >= 2.0 - 0.05 and list(fake_discord.rate_limited) == []


async def test_discord_py_may_take_one_429_per_channel_while_it_learns_the_bucket(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    """discord.py keys a bucket by route until the first response names its hash; a channel
    whose first send was already in flight then keeps that first bucket object unregistered,
    and its next send starts a fresh one (limit unknown: one request may go). So a new client
    sending into several channels at once may go past a channel's limit once: one 429, scope
    ``user``, retried after ``retry_after``; the message still arrives, in order."""
    side = fake_discord.add_guild("Herculaneum").channel("general")
    bot = await start_bot(SampleBot())
    general = fake_discord.guild().channel("general")
    a, b = text_channel(bot, side.id), text_channel(bot, general.id)
    burst = asyncio.gather(a.send("a0"), *(b.send(f"b{n}") for n in range(5)))
    await fake_discord.wait_for(lambda: len(general.messages) == 5)
    await b.send("b5")  # while the burst's last send still waits out the window
    await burst
    assert [m.content for m in general.messages] == [f"b{n}" for n in range(6)]
    hits = list(fake_discord.rate_limited)
    assert len(hits) <= 1
    for hit in hits:
        assert (hit.bucket, hit.major, hit.scope) == ("channel_messages", str(general.id), "user")
