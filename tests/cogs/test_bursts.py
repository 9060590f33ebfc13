"""Bursts a real server sees (issue 41), with Discord's own rate limits on the loopback Discord
(per channel, per interaction, global) and the bot's pacer at Discord's numbers: thirty games
ending at once, a four-player offering answered at once, fifty reminders falling due together.
Everything arrives, in order, nothing is logged as an error (``WATCH``), and the bot keeps the
limits itself: it meets (almost) no 429."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from cogs.pacing import Pacer
from engine.rng import Rng
from engine.workers import GAME as WORKERS
from engine.workers.search import policy_action
from engine.workers.state import OFFERING
from host import FakeClock, TableOptions
from sandbox.fake import FakeUser, Message
from tests.cogs.helpers import WAIT, WATCH, boards, until
from tests.host.helpers import open_host

ENDINGS = 30
REMINDED = 50
FEW_429S = 1
"""429s the bot may meet in a burst: its pacer keeps Discord's limits with a margin, so none is
expected (a request delayed on its way more than the margin could meet one). Without the pacer,
the fifty reminders alone meet three."""


@pytest.fixture
def fake_discord_options() -> dict[str, Any]:
    """Discord's own rate limits (not the tests' faster clock); the deadline on CPU time."""
    return {"clock": time.process_time, "response_timeout": WAIT}


def real_pace(make_bot: Any, **settings: Any) -> Any:
    """A bot whose requests are paced at Discord's own numbers (not the tests' faster clock)."""
    return make_bot(pacer=Pacer(), **settings)


def met_429s(fake: Any) -> int:
    return int(fake.rate_limited_total)


async def test_thirty_games_ending_at_once_each_get_their_final_board_in_order(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(real_pace(make_bot), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    players = [await fake_discord.user(f"p{i}") for i in range(ENDINGS)]
    for p in players:  # solo tables of one turn, each in a thread of #general
        await p.slash(
            "game new", channel=chan, game="toy", players=1, where="thread", variant="max_turns=1"
        )
    await bot.flows.idle()
    threads = {t.name.rsplit("— ", 1)[-1]: t for t in chan.threads}
    assert len(threads) == ENDINGS
    before = met_429s(fake_discord)
    moves = await asyncio.gather(
        *(p.slash("move", channel=threads[p.name], action="pass", check=False) for p in players)
    )
    assert not [m for m in moves if m.failed]
    for p in players:
        thread = threads[p.name]

        async def over(thread: Any = thread) -> bool:
            posted = boards(thread)
            return bool(posted) and posted[-1].button_labels == ["Replay"]  # the final board

        await until(over, timeout=WAIT * 2)
        versions = [_version(m) for m in boards(thread)]
        assert versions == sorted(versions) and len(set(versions)) == len(versions)
    assert met_429s(fake_discord) - before <= FEW_429S


async def test_a_four_player_offering_answered_at_once_reaches_every_player(
    fake_discord: Any, start_bot: Any, make_bot: Any, tmp_path: Path, clock: FakeClock
) -> None:
    chan = fake_discord.guild("Pompeii").channel("general")
    users = [await fake_discord.user(n) for n in ("vea", "vib", "vox", "vul")]
    game_id = await _to_first_offering(tmp_path / "vesuvius.sqlite3", clock, chan, users)
    bot = await start_bot(real_pace(make_bot), watch_loggers=WATCH)
    await bot.flows.delivery.announce_unsent()
    before = met_429s(fake_discord)
    for step in ("pledge ", "lock"):
        status = await bot.host.views.status(game_id)
        clicks = []
        for seat in status.waiting_on:
            user = fake_discord.users_by_id[seat.user_id]
            decision = await bot.host.decisions.decision(game_id, user.id)
            msg = await _dm_with(user, game_id, decision.token, step)
            cid = next(
                str(c["custom_id"])
                for c in msg.walk_components()
                if str(c.get("custom_id", "")).startswith(f"vz:a:{game_id}:{decision.token}:{step}")
            )
            clicks.append(user.click(custom_id=cid, message=msg))
        version = status.version
        answers = await asyncio.gather(*clicks)  # four players at once
        assert all(a.settled for a in answers)
        await bot.flows.idle()
        assert (await bot.host.views.status(game_id)).version == version + len(clicks)
    for user in users:  # every player's message says what they did last
        assert any("Lock your offering" in m.content for m in user.dms)
    assert met_429s(fake_discord) - before <= FEW_429S


async def test_fifty_reminders_falling_due_together_all_arrive(
    fake_discord: Any, start_bot: Any, make_bot: Any, tmp_path: Path, clock: FakeClock
) -> None:
    guild = fake_discord.guild("Pompeii")
    waiting: dict[int, FakeUser] = {}
    host = await open_host(tmp_path / "vesuvius.sqlite3", clock)
    try:
        for i in range(REMINDED):
            chan = guild.add_channel(f"table-{i}")
            a, b = await fake_discord.user(f"a{i}"), await fake_discord.user(f"b{i}")
            opened = await host.tables.create_game(
                guild.id, chan.id, a.id, TableOptions(kind="downfall", players=2)
            )
            await host.tables.join(opened.game_id, b.id)
            await host.tables.start(opened.game_id, a.id)
            status = await host.views.status(opened.game_id)
            await host.outbox.mark_sent(opened.game_id, status.version)  # announced long ago
            waiting[opened.game_id] = a if status.waiting_on[0].user_id == a.id else b
    finally:
        await host.close()
    bot = await start_bot(real_pace(make_bot), watch_loggers=WATCH)
    before = met_429s(fake_discord)
    clock.advance(13 * 3600)  # past half of the day each player has: fifty reminders due
    bot.wake_scheduler()
    for user in waiting.values():
        await user.wait_for_dm(predicate=lambda m: "left" in m.content, timeout=WAIT)
    assert met_429s(fake_discord) - before <= FEW_429S


def _version(board: Message) -> int:
    head = board.content.split("\n", 1)[0]
    return int(head.rsplit("move ", 1)[-1].strip("* "))


async def _dm_with(user: FakeUser, game_id: int, token: int, notation: str) -> Message:
    """The user's newest DM with a button for ``notation`` (a prefix) of decision ``token``."""

    def found() -> Message | None:
        for msg in sorted(user.dms, key=lambda m: m.id, reverse=True):
            for comp in msg.walk_components():
                cid = str(comp.get("custom_id", ""))
                if cid.startswith(f"vz:a:{game_id}:{token}:{notation}"):
                    return msg
        return None

    msg: Message = await user.fake.wait_for(found, timeout=WAIT, what=f"{user.name}'s DM")
    return msg


async def _to_first_offering(path: Path, clock: FakeClock, chan: Any, users: list[Any]) -> int:
    """A 4-player worker game played to its first offering by a host on the bot's database
    before the bot starts (its announcements are left for the bot to send)."""
    host = await open_host(path, clock)
    try:
        opts = TableOptions(kind="workers", players=4, seat_order="joined")
        game = (await host.tables.create_game(chan.guild.id, chan.id, users[0].id, opts)).game_id
        for u in users[1:]:
            await host.tables.join(game, u.id)
        await host.tables.start(game, users[0].id)
        rng = Rng(2026)
        while True:
            state = (await host.store.get(game)).state
            if state.stage == OFFERING:
                break
            seat = (await host.views.status(game)).waiting_on[0]
            action, rng = policy_action(state, seat.seat, rng, 10**9)
            await host.moves.act(game, seat.user_id, WORKERS.format_action(action), seat.token)
        status = await host.views.status(game)
        await host.outbox.mark_sent(game, status.version - 1)  # the offering itself is still to say
        return game
    finally:
        await host.close()
