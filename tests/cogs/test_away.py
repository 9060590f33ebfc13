"""Time that fits people's lives (issue 46), end to end on the loopback Discord with the host's
fake clock: ``/game away`` holds the deadlines of every game and a move ends it early, a server's
yearly cap, "no away" tables, quiet hours, and a time bank that runs down and then times out."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import discord

from tests.cogs.helpers import WAIT, WATCH, play_one, until

HOUR = 3600.0
DAY = 24 * HOUR


async def toy_table(bot: Any, chan: Any, alice: Any, bob: Any, **options: Any) -> int:
    """A 2-player toy game of alice and bob in ``chan``, waiting for alice."""
    lobby = await alice.slash("game new", channel=chan, game="toy", players=2, **options)
    await bob.click("Join", message=lobby.message)
    started = await alice.click("Start", message=lobby.message)
    await started.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    if status.waiting_on[0].user_id != alice.id:
        await play_one(bot, status.game_id)
        await bot.flows.delivery.announce(status.game_id)
        await bot.flows.idle()
    status = await bot.host.views.status(status.game_id)
    assert status.waiting_on[0].user_id == alice.id
    return int(status.game_id)


def timed_out(*chans: Any) -> bool:
    """Every one of ``chans`` was told that a player ran out of time."""
    return all(any("ran out of time" in m.content for m in c.messages) for c in chans)


async def told_timeout(*chans: Any) -> bool:
    return timed_out(*chans)


async def test_away_holds_the_deadlines_of_two_games_within_the_servers_cap(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    guild = fake_discord.guild("Pompeii")
    one, two = guild.channel("general"), guild.add_channel("tavern")
    mod, alice, bob = [await fake_discord.user(n) for n in ("mod", "alice", "bob")]
    guild.give_role(mod, guild.add_role("mods", discord.Permissions(manage_guild=True).value))
    r = await mod.slash("game settings", channel=one, away_days=5)
    assert "away (`/game away`): 5" in r.content
    games = [await toy_table(bot, c, alice, bob, turn_time=3600) for c in (one, two)]
    deadlines = [(await bot.host.views.status(g)).deadline for g in games]
    versions = [(await bot.host.views.status(g)).version for g in games]

    r = await alice.slash("game away", channel=one, days=6)  # over the cap: refused
    assert r.ephemeral and "left this year in this server: 5 of 5" in r.content
    r = await alice.slash("game away", channel=one, days=3)
    assert r.ephemeral and "You are away until" in r.content
    assert f"#{games[0]}, #{games[1]}" in r.content and "2 of 5" in r.content
    for g, d in zip(games, deadlines, strict=True):
        assert (await bot.host.views.status(g)).deadline == d + 3 * DAY
    status = await alice.slash("game status", channel=two)
    assert "⏸ alice (black) is away until <t:" in status.content

    clock.advance(2 * DAY)  # long past the hour each had: nothing times out
    assert await bot.host.scheduler.run_due() == []
    assert [(await bot.host.views.status(g)).version for g in games] == versions
    r = await alice.slash("game away", channel=two, days=4)  # two days taken, three left
    assert r.ephemeral and "left this year in this server: 3 of 5" in r.content
    clock.set(max(deadlines) + 3 * DAY + 60)  # she is back, and her hour is over: both time out
    await until(lambda: told_timeout(one, two))
    for g in games:  # back: the boards no longer say she is away
        assert not any(s.away_until for s in (await bot.host.views.status(g)).seats)


async def test_a_move_ends_the_away_early_in_every_game(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    guild = fake_discord.guild("Pompeii")
    one, two = guild.channel("general"), guild.add_channel("tavern")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    games = [await toy_table(bot, c, alice, bob, turn_time=24 * 3600) for c in (one, two)]
    before = (await bot.host.views.status(games[1])).deadline
    await alice.slash("game away", channel=one, days=7)
    assert (await bot.host.views.status(games[1])).deadline == before + 7 * DAY
    clock.advance(DAY)
    r = await alice.slash("move", channel=one, action="pass")
    await bot.flows.idle()
    assert "You played: Pass" in r.content
    status = await bot.host.views.status(games[1])
    assert status.deadline == before + DAY  # held for the one day she was away
    shown = await alice.slash("game status", channel=two)
    assert "away until" not in shown.content
    mine = await alice.slash("game away", channel=two)
    assert "You are not away" in mine.content


async def test_a_no_away_table_keeps_its_deadline_and_says_so(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    lobby = await alice.slash("game new", channel=chan, game="toy", players=2, away=False)
    assert "no away" in lobby.content
    await bob.click("Join", message=lobby.message)
    await (await alice.click("Start", message=lobby.message)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    game = (await bot.host.views.game_in_channel(chan.id)).game_id
    deadline = (await bot.host.views.status(game)).deadline
    r = await alice.slash("game away", channel=chan, days=2)
    assert f"Game #{game} is played without away: its deadlines run on." in r.content
    assert (await bot.host.views.status(game)).deadline == deadline
    clock.set(deadline + 1)
    await until(lambda: told_timeout(chan))


async def test_quiet_hours_move_a_deadline_out_of_the_night_and_hold_reminders(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: Any
) -> None:
    ams = ZoneInfo("Europe/Amsterdam")

    def at(day: int, hour: int, minute: int = 0) -> float:
        return dt.datetime(2027, 1, day, hour, minute, tzinfo=ams).timestamp()

    clock.set(at(15, 14))
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    r = await alice.slash(
        "game notify", channel=chan, time_zone="Europe/Amsterdam", quiet_hours="22-8"
    )
    assert "Quiet hours: 22:00 to 8:00 (`Europe/Amsterdam`)" in r.content
    bad = await alice.slash("game notify", channel=chan, time_zone="Mars/Olympus")
    assert bad.ephemeral and "not a time zone I know" in bad.content
    game = await toy_table(bot, chan, alice, bob, turn_time=12 * 3600)
    started = (await bot.host.views.status(game)).turn_started
    assert (await bot.host.views.status(game)).deadline == at(16, 8)  # not 02:00 or 03:00
    assert started is not None
    reminders = lambda: [m for m in alice.dms if "Reminder" in m.content]  # noqa: E731
    clock.set(at(15, 21, 59))  # the reminders of 23:00 and 07:00 come before the night
    await alice.wait_for_dm(predicate=lambda m: "Reminder" in m.content, timeout=WAIT)
    sent = len(reminders())
    clock.set(at(16, 7, 59))  # none in the night, and no timeout yet
    await bot.flows.idle()
    assert len(reminders()) == sent and not timed_out(chan)
    clock.set(at(16, 8, 1))
    await until(lambda: told_timeout(chan))


async def test_a_time_bank_runs_down_across_moves_and_then_times_out(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game = await toy_table(bot, chan, alice, bob, turn_time=3600, reserve=12 * 3600)
    lobby = chan.messages[0].content
    assert "1 hour + 12 hours reserve per move" in lobby
    clock.advance(5 * HOUR)  # four hours of her reserve
    await alice.wait_for_dm(predicate=lambda m: "your reserve runs" in m.content, timeout=WAIT)
    await alice.slash("move", channel=chan, action="pass")
    await bot.flows.idle()
    await play_one(bot, game)  # bob, at once
    await bot.flows.delivery.announce(game)
    await bot.flows.idle()
    shown = await alice.slash("game status", channel=chan)
    assert "alice — reserve 8 hours" in shown.content or "(reserve 8 hours)" in shown.content
    assert "Time per decision: 1 hour + 12 hours reserve." in shown.content
    board = [m for m in chan.messages if "board.png" in m.filenames][-1]
    assert "(reserve 8 hours)" in board.content  # the board says what she has left
    assert (await bot.host.views.status(game)).deadline == clock.now() + 9 * HOUR
    clock.advance(9 * HOUR + 60)
    await until(lambda: told_timeout(chan))
    seats = (await bot.host.views.status(game)).seats
    assert [s.reserve for s in seats if s.user_id == alice.id] == [0.0]
