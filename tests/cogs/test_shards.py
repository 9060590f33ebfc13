"""Two bot processes on one PostgreSQL database and the loopback Discord (issue 29), each on one
of two shards (two bots in this Python process, each with its own host, cache, claims and
gateway connection): a server's interactions reach the bot of its shard, every DM reaches
shard 0, and the database decides between them. (Real processes killed under load:
tests/sandbox/test_shard_crash.py.)"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from host import FakeClock
from sandbox.fake import FakeDiscord, FakeUser
from tests.cogs.helpers import (
    WAIT,
    WATCH,
    act_by_component,
    choices_of,
    latest_decision,
    until,
)
from tests.pg import Cluster

DAY = 24 * 3600.0


def board_posts(fake: FakeDiscord, chan: Any, game: int, version: int) -> int:
    """How many times a bot asked to post the board of ``version`` in ``chan`` (its nonce names
    the game and version; Discord would drop a repeat, so the requests are what is counted)."""
    nonce = f"vz{game}.{version}"
    return sum(
        1
        for r in fake.requests
        if r.method == "POST"
        and r.path == f"/channels/{chan.id}/messages"
        and isinstance(r.body, dict)
        and r.body.get("nonce") == nonce
    )


class Shards:
    """Two bots, shard 0 and shard 1 of two, the interactions each received, and a server on
    each shard."""

    def __init__(self, fake: FakeDiscord, bots: list[Any]) -> None:
        self.fake = fake
        self.bots = bots
        self.seen: list[list[str]] = [[], []]
        for i, bot in enumerate(bots):

            async def record(interaction: discord.Interaction[Any], i: int = i) -> None:
                where = "dm" if interaction.guild_id is None else str(interaction.guild_id)
                self.seen[i].append(where)

            bot.add_listener(record, "on_interaction")

    async def version(self, game: int) -> int:
        return (await self.bots[0].host.views.status(game)).version

    async def settled(self, game: int) -> None:
        """Every version of the game announced (by whichever bot)."""

        async def sent() -> bool:
            return not await self.bots[0].host.outbox.unsent(game)

        await until(sent)
        for bot in self.bots:
            await bot.flows.idle()


@pytest.fixture
async def shards(
    fake_discord: FakeDiscord, start_bot: Any, make_bot: Any, pg_cluster: Cluster
) -> Shards:
    url = pg_cluster.new_database()
    left = fake_discord.add_guild("Left", shard=(0, 2))
    right = fake_discord.add_guild("Right", shard=(1, 2))
    for name in ("alice", "bob"):
        fake_discord.add_user(name, guilds=[left, right])
    bots = [make_bot(database_url=url, shard_count=2, shard_ids=(i,)) for i in (0, 1)]
    for bot in bots:
        await start_bot(bot, watch_loggers=WATCH)
    return Shards(fake_discord, bots)


async def new_game(s: Shards, guild: str, players: list[FakeUser], **options: Any) -> int:
    chan = s.fake.guild(guild).channel("general")
    lobby = await players[0].slash(
        "game new",
        channel=chan,
        game="toy",
        players=len(players) + options.get("ai_seats", 0),
        **options,
    )
    for user in players[1:]:
        await user.click("Join", message=lobby.message)
    if "Start" in lobby.message.button_labels:  # a table full at once starts by itself
        started = await players[0].click("Start", message=lobby.message)
        await started.wait_until_loaded(timeout=WAIT)
    status = await s.bots[0].host.views.game_in_channel(chan.id)
    assert status is not None
    await s.settled(status.game_id)
    return status.game_id


async def dm_decision(s: Shards, game: int) -> tuple[FakeUser, Any, str]:
    """The player the game waits for, the DM carrying their decision, and a choice on it."""
    status = await s.bots[0].host.views.status(game)
    seat = status.waiting_on[0]
    user = s.fake.users_by_id[seat.user_id]
    msg = latest_decision(user, game, seat.token)
    assert msg is not None, "the decision went by DM"
    choices = choices_of(msg)
    return user, msg, "pass" if "pass" in choices else choices[0]


async def test_servers_on_both_shards_and_dm_clicks_for_the_other_process(
    shards: Shards, fake_discord: FakeDiscord
) -> None:
    s = shards
    ids = {tuple(p["shard"]) for p in fake_discord.identify_payloads}
    assert ids == {(0, 2), (1, 2)}
    alice, bob = fake_discord.users["alice"], fake_discord.users["bob"]
    right = fake_discord.guild("Right")
    game = await new_game(s, "Right", [alice, bob])
    assert str(right.id) in s.seen[1] and str(right.id) not in s.seen[0]
    # The decision came by DM; its click arrives on shard 0, whose process never saw the
    # game before: it reads it from the database and the move counts.
    user, msg, choice = await dm_decision(s, game)
    before = await s.version(game)
    clicked = await act_by_component(user, msg, choice)
    assert not clicked.failed and "dm" in s.seen[0] and "dm" not in s.seen[1]
    await s.settled(game)
    assert await s.version(game) == before + 1
    assert board_posts(fake_discord, right.channel("general"), game, before + 1) == 1
    # The process of shard 1 sees that move at once: its /move for the next player counts.
    status = await s.bots[1].host.views.status(game)
    assert status.version == before + 1
    nxt = fake_discord.users_by_id[status.waiting_on[0].user_id]
    r = await nxt.slash("move", channel=right.channel("general"), action="pass")
    await r.wait_until_loaded(timeout=WAIT)
    await s.settled(game)
    assert await s.version(game) == before + 2


async def test_the_same_decision_sent_to_both_processes_at_once_is_one_move(
    shards: Shards, fake_discord: FakeDiscord
) -> None:
    s = shards
    alice, bob = fake_discord.users["alice"], fake_discord.users["bob"]
    chan = fake_discord.guild("Right").channel("general")
    game = await new_game(s, "Right", [alice, bob])
    for _ in range(3):
        user, msg, choice = await dm_decision(s, game)
        before = await s.version(game)
        # The DM's button reaches shard 0's process, /move in the server shard 1's.
        answers = await asyncio.gather(
            act_by_component(user, msg, choice),
            user.slash("move", channel=chan, action=choice),
        )
        assert not any(a.failed for a in answers)
        await s.settled(game)
        assert await s.version(game) == before + 1
        events = await s.bots[0].host.db.events.events(game)
        assert [e.seq for e in events] == list(range(1, before + 2))
        assert board_posts(fake_discord, chan, game, before + 1) <= 1


async def test_a_deadline_fires_once_and_an_ai_seat_moves_once(
    shards: Shards, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    s = shards
    alice, bob = fake_discord.users["alice"], fake_discord.users["bob"]
    left, right = fake_discord.guild("Left"), fake_discord.guild("Right")
    timed = await new_game(s, "Right", [alice, bob], timeout_policy="skip")
    with_ai = await new_game(s, "Left", [alice], ai_seats=1)
    before = await s.version(timed)
    clock.advance(DAY + 1)
    for bot in s.bots:
        bot.wake_scheduler()

    async def timed_out() -> bool:
        return await s.version(timed) > before

    await until(timed_out)
    await s.settled(timed)
    events = await s.bots[1].host.db.events.events(timed)
    assert [e.by for e in events if e.seq > before] == ["timeout"]
    assert board_posts(fake_discord, right.channel("general"), timed, before + 1) == 1
    # The AI game: whoever waits moves, the AI answers once, whichever process claims it.
    for _ in range(3):
        status = await s.bots[0].host.views.status(with_ai)
        if status.waiting_on and status.waiting_on[0].user_id == alice.id:
            user, msg, choice = await dm_decision(s, with_ai)
            await act_by_component(user, msg, choice)
        for bot in s.bots:
            bot.wake_scheduler()

        async def alices_turn() -> bool:
            st = await s.bots[1].host.views.status(with_ai)
            return st.status != "active" or st.waiting_on[0].user_id == alice.id

        await until(alices_turn)
        await s.settled(with_ai)
    events = await s.bots[0].host.db.events.events(with_ai)
    ai = [e.seq for e in events if e.by == "ai"]
    assert ai and len(set(ai)) == len(ai)
    chan = left.channel("general")
    assert all(board_posts(fake_discord, chan, with_ai, v) <= 1 for v in range(1, len(events) + 1))
