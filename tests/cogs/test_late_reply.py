"""A reply that comes too late for Discord (10062: the 3 s were over, e.g. on an overloaded
host) loses nothing: the move stands, the board still reaches the channel and the next player
is still told. The interaction deadline here runs on a clock the test advances."""

from __future__ import annotations

from typing import Any

import pytest

from sandbox.fake.server import FakeClock as InteractionClock
from tests.cogs.helpers import WAIT, WATCH, open_game, pick


@pytest.fixture
def interaction_clock() -> InteractionClock:
    return InteractionClock()


@pytest.fixture
def fake_discord_options(interaction_clock: InteractionClock) -> dict[str, Any]:
    return {"clock": interaction_clock, "response_timeout": WAIT}


async def test_a_move_answered_too_late_still_reaches_the_channel_and_the_next_player(
    fake_discord: Any,
    start_bot: Any,
    make_bot: Any,
    interaction_clock: InteractionClock,
    monkeypatch: Any,
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    status = await bot.host.status(game_id)
    mover, other = (alice, bob) if status.waiting_on[0].user_id == alice.id else (bob, alice)
    boards = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral]
    act = bot.host.act

    async def stalled_act(*args: Any, **kwargs: Any) -> Any:
        result = await act(*args, **kwargs)
        interaction_clock.advance(3.5)  # the host stalled after the move: Discord gives up
        return result

    monkeypatch.setattr(bot.host, "act", stalled_act)
    legal = await mover.autocomplete("move", "action", "", channel=chan)
    seen = len(other.dms)
    r = await mover.slash("move", channel=chan, action=pick([c.value for c in legal]), check=False)
    assert r.failed and "3.0 s" in (r.error or "")  # what the player saw: no answer
    await bot.flows.idle()

    after = await bot.host.status(game_id)
    assert after.version == 1 and [s.user_id for s in after.waiting_on] == [other.id]
    posted = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral]
    assert len(posted) == len(boards) + 1 and "move 1" in posted[-1].content
    assert other.mention in posted[-1].content
    assert len(other.dms) > seen and "Your move" in other.dms[-1].content
    late = [x for x in fake_discord.rejections if "10062" in repr(x)]
    assert late  # the bot did try to answer, too late


async def test_a_late_answer_to_a_decision_that_goes_on_sends_the_next_one_by_dm(
    fake_discord: Any,
    start_bot: Any,
    make_bot: Any,
    interaction_clock: InteractionClock,
    monkeypatch: Any,
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    by_id = {alice.id: alice, bob.id: bob}
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    for _ in range(8):  # with this seed, the 9th move (a 6) has its player place relatives
        status = await bot.host.status(game_id)
        user = status.waiting_on[0].user_id
        legal = [c.notation for c in await bot.host.legal_choices(game_id, user)]
        await bot.host.act(game_id, user, pick(legal))
    await bot.flows.delivery.announce(game_id)  # those moves' boards and DMs are sent
    status = await bot.host.status(game_id)
    mover = by_id[status.waiting_on[0].user_id]
    act = bot.host.act

    async def stalled_act(*args: Any, **kwargs: Any) -> Any:
        result = await act(*args, **kwargs)
        interaction_clock.advance(3.5)
        return result

    monkeypatch.setattr(bot.host, "act", stalled_act)
    legal = await mover.autocomplete("move", "action", "", channel=chan)
    seen = len(mover.dms)
    r = await mover.slash("move", channel=chan, action=pick([c.value for c in legal]), check=False)
    assert r.failed
    await bot.flows.idle()
    after = await bot.host.status(game_id)
    assert after.version == status.version + 1
    assert [s.user_id for s in after.waiting_on] == [mover.id]  # the same player goes on
    assert len(mover.dms) == seen + 1 and "Your move" in mover.dms[-1].content
    assert len(mover.dms[-1].filenames) == 1  # the one picture this decision needs
