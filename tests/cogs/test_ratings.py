"""Statistics and ratings through the real bot on the loopback Discord (docs/ratings.md): games
played to their end with ``/move``, then ``/game stats`` (ratings as openskill computes them by
hand, the chart attached), ``/game history`` and ``/game leaderboard`` with its ◀ ▶ pages."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import pytest
from openskill.models import PlackettLuce
from PIL import Image

from sandbox.fake import FakeUser
from sandbox.fake.users import DriverError
from tests.cogs.helpers import WAIT, WATCH, boards

PL = PlackettLuce()


async def play_toy(bot: Any, chan: Any, users: list[FakeUser], winner: FakeUser) -> Any:
    """A two-player toy game to 5 points: ``winner`` plays its highest card, the other passes
    when they may; returns the finished status."""
    lobby = await users[0].slash(
        "game new", channel=chan, game="toy", players=2, variant="target=5"
    )
    await users[1].click("Join", message=lobby.message)
    await (await users[0].click("Start", message=lobby.message)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    by_id = {u.id: u for u in users}
    for _ in range(60):
        now = await bot.host.views.status(status.game_id)
        if now.status != "active":
            return now
        user = by_id[now.waiting_on[0].user_id]
        legal = [
            c.notation for c in await bot.host.decisions.legal_choices(status.game_id, user.id)
        ]
        plays = sorted((c for c in legal if c.startswith("play")), key=lambda c: c.split()[1])
        action = plays[-1] if user is winner and plays else "pass" if "pass" in legal else plays[0]
        r = await user.slash("move", channel=chan, action=action)
        await r.wait_until_loaded(timeout=WAIT)
        await bot.flows.idle()
    raise AssertionError("the game did not end")


async def test_stats_history_and_ratings_after_two_games(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    guild = fake_discord.guild("Pompeii")
    chan = guild.channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    carol = await fake_discord.user("carol")
    first = await play_toy(bot, chan, [alice, bob], winner=alice)
    second = await play_toy(bot, chan, [bob, alice], winner=bob)

    # openskill by hand: each game's places, in order of ending.
    ratings = {alice.id: PL.rating(), bob.id: PL.rating()}
    for game in (first, second):
        users = [s.user_id for s in game.seats]
        out = PL.rate([[ratings[u]] for u in users], ranks=[float(p) for p in game.outcome.places])
        ratings.update({u: t[0] for u, t in zip(users, out, strict=True)})

    r = await alice.slash("game stats", channel=chan)
    msg = await r.wait_for_followup()
    a = ratings[alice.id]
    assert f"Rating **{a.ordinal():.1f}** (skill {a.mu:.1f} ± {3 * a.sigma:.1f})" in msg.content
    assert "**Toy**: 2 games, 1 won" in msg.content and "after 2 rated games" in msg.content
    assert msg.ephemeral and msg.filenames == ["rating.png"]
    chart = Image.open(io.BytesIO(msg.files[0]))
    assert chart.format == "PNG" and chart.width >= 400

    # Someone else's stats, by name; a player with no games gets a friendly word.
    r = await carol.slash("game stats", channel=chan, player=bob)
    msg = await r.wait_for_followup()
    b = ratings[bob.id]
    assert "📊 **bob**" in msg.content and f"Rating **{b.ordinal():.1f}**" in msg.content
    r = await carol.slash("game stats", channel=chan)
    assert r.ephemeral and not r.attachments
    assert r.content.startswith("You have no finished games in this server yet.")

    # The history: both games, newest first, with the final board linked.
    r = await carol.slash("game history", channel=chan)
    lines = r.content.splitlines()
    assert lines[1].startswith(f"#{second.game_id} Toy · <t:") and lines[2].startswith(
        f"#{first.game_id} Toy"
    )
    assert f"`/game replay game:{first.game_id}`" in lines[2]
    link = f"https://discord.com/channels/{guild.id}/{chan.id}/"
    assert link in lines[1] and link in lines[2]
    ends = [m for m in boards(chan) if "Final ranking" in m.content]
    assert len(ends) == 2  # each game's final board, linked from its line
    assert f"{link}{ends[1].id})" in lines[1] and f"{link}{ends[0].id})" in lines[2]
    assert "🥇 <@" in lines[1]


async def test_an_ai_levels_stats_are_looked_up_by_level(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """``/game stats ai:hard``: every hard AI seat of the server is one rated player; asking
    for a player and a level at once gets a friendly word."""
    bot = await start_bot(make_bot(ai_pace=0.0), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice = await fake_discord.user("alice")
    lobby = await alice.slash(
        "game new",
        channel=chan,
        game="toy",
        players=2,
        ai_seats=1,
        ai_level="hard",
        variant="target=5",
    )
    await lobby.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    for _ in range(200):
        now = await bot.host.views.status(status.game_id)
        if now.status != "active":
            break
        if alice.id not in {w.user_id for w in now.waiting_on}:  # the AI's move, still coming
            await asyncio.sleep(0.01)
            await bot.flows.idle()
            continue
        legal = [
            c.notation for c in await bot.host.decisions.legal_choices(status.game_id, alice.id)
        ]
        action = "pass" if "pass" in legal else legal[0]
        r = await alice.slash("move", channel=chan, action=action)
        await r.wait_until_loaded(timeout=WAIT)
        await bot.flows.idle()
    assert now.status != "active"
    won = now.outcome.places[[s.ai is not None for s in now.seats].index(True)] == 1
    r = await alice.slash("game stats", channel=chan, ai="hard")
    msg = await r.wait_for_followup()
    assert msg.ephemeral and "📊 **AI hard**" in msg.content
    assert f"**Toy**: 1 game, {int(won)} won" in msg.content
    r = await alice.slash("game stats", channel=chan, ai="easy")
    assert r.content.startswith("AI easy has no finished games in this server yet.")
    r = await alice.slash("game stats", channel=chan, ai="hard", player=alice)
    assert r.ephemeral and r.content == "Choose a player or an AI level, not both."


async def test_the_leaderboard_is_private_and_pages_in_place(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    guild = fake_discord.guild("Pompeii")
    chan = guild.channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    # 23 ranked players and 2 with too few games (ratings are derived rows: written directly).
    rows = [(guild.id, "toy", str(1000 + i), 30.0 - i, 2.0, 24.0 - i, 5) for i in range(23)]
    rows += [(guild.id, "toy", str(2000 + i), 40.0, 6.0, 22.0, 1) for i in range(2)]
    rows.append((guild.id + 1, "toy", "3000", 50.0, 1.0, 47.0, 9))  # another server's

    def write(c: Any) -> None:
        c.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?)", rows)

    await bot.host.db.run(write)
    r = await alice.slash("game leaderboard", channel=chan, game="toy")
    board = r.message
    assert board is not None and board.ephemeral and "page 1/3" in board.content
    assert "1. <@1000> — **24.0**" in board.content and "10. <@1009>" in board.content
    assert "11." not in board.content and "<@3000>" not in board.content
    assert "Fewer than 3 rated games, not ranked yet: <@2000> (1), <@2001> (1)" in board.content
    back, forward = board.buttons
    assert back["disabled"] and not forward.get("disabled")
    with pytest.raises(DriverError):  # only the one who asked sees it
        await bob.click("▶", message=board)
    clicked = await alice.click("▶", message=board)
    assert clicked.updated and "page 2/3" in board.content and "11. <@1010>" in board.content
    await alice.click("▶", message=board)
    assert "page 3/3" in board.content and "23. <@1022>" in board.content
    assert board.buttons[1]["disabled"]
    await alice.click("◀", message=board)
    assert "page 2/3" in board.content


def test_the_commands_are_registered_under_game() -> None:
    from cogs.game import GameCog

    names = {c.name for c in GameCog.__cog_app_commands__}
    assert {"stats", "leaderboard", "history", "new", "status"} <= names
