"""Answer first, then work (issue 41): every interaction is acknowledged before the bot waits
for anything — a game's lock, the database, a picture — so a slow step never costs a player
"This interaction failed". And when an interaction reaches the bot too late anyway (10062: the
3 s were over before it could answer, e.g. on an overloaded host), nothing is lost: the move
stands, the board still reaches the channel and the next player is still told. The interaction
deadline here runs on a clock the test advances."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from cogs import answer
from sandbox.fake import Message
from sandbox.fake.server import FakeClock as InteractionClock
from tests.cogs.helpers import (
    WAIT,
    WATCH,
    choices_of,
    latest_decision,
    open_game,
    pick,
    two_player_game,
)


@pytest.fixture
def interaction_clock() -> InteractionClock:
    return InteractionClock()


@pytest.fixture
def fake_discord_options(interaction_clock: InteractionClock) -> dict[str, Any]:
    return {"clock": interaction_clock, "response_timeout": WAIT}


def decision_click(
    mover: Any, game_id: int, version: int
) -> tuple[Message, Callable[[], Awaitable[Any]]]:
    """The mover's DM of their decision at ``version``, and a click on one of its moves (the
    button, or the pick in its menu), unchecked: it can be sent more than once."""
    dm = latest_decision(mover, game_id, version)
    assert dm is not None
    notation = pick(choices_of(dm))

    def offers(comp: dict[str, Any]) -> bool:
        cid = str(comp.get("custom_id", ""))
        if comp.get("type") == 2:
            return cid.startswith("vz:a:") and cid.split(":", 4)[4] == notation
        return comp.get("type") == 3 and notation in [o["value"] for o in comp["options"]]

    (use,) = [comp for comp in dm.walk_components() if offers(comp)]

    async def click() -> Any:
        if use.get("type") == 2:
            return await mover.click(custom_id=use["custom_id"], message=dm, check=False)
        return await mover.select(dm, values=[notation], custom_id=use["custom_id"], check=False)

    return dm, click


def reached_too_late(monkeypatch: Any, interaction_clock: InteractionClock) -> None:
    """The next interaction reaches the bot when Discord's 3 s are over (a stalled host)."""
    acknowledge = answer.acknowledge
    stalled = [False]

    async def late(*args: Any, **kwargs: Any) -> bool:
        if not stalled[0]:
            stalled[0] = True
            interaction_clock.advance(3.5)
        return await acknowledge(*args, **kwargs)

    monkeypatch.setattr(answer, "acknowledge", late)


async def test_a_second_click_is_answered_at_once_while_a_slow_board_holds_the_game(
    fake_discord: Any,
    start_bot: Any,
    make_bot: Any,
    interaction_clock: InteractionClock,
    monkeypatch: Any,
) -> None:
    """A player clicks their move twice. The first click's board takes longer than Discord's
    3 s to draw (a busy machine), holding the game: the second click is still acknowledged in
    time and told that the first counted, and the DM keeps what was played."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    _chan, game_id, mover = await two_player_game(fake_discord, bot)
    version = (await bot.host.views.status(game_id)).version
    dm, click = decision_click(mover, game_id, version)  # a double click sends it twice

    drawing, release = asyncio.Event(), asyncio.Event()
    board_image = bot.flows.private.board_image

    async def slow_board(*args: Any, **kwargs: Any) -> Any:
        drawing.set()
        await release.wait()
        return await board_image(*args, **kwargs)

    monkeypatch.setattr(bot.flows.private, "board_image", slow_board)
    first, second = asyncio.create_task(click()), asyncio.create_task(click())  # at once
    await asyncio.wait_for(drawing.wait(), WAIT)  # one click's board is being drawn
    await asyncio.wait({second}, timeout=WAIT / 6)  # acknowledged (or not) meanwhile
    interaction_clock.advance(3.5)  # the drawing takes longer than Discord waits
    release.set()
    again = await second
    assert not again.failed, again.error
    assert await again.wait_until_settled()
    assert again.reply is not None and again.reply.ephemeral
    assert "already played" in again.reply.content
    played = await first
    assert not played.failed and await played.wait_until_settled()
    await bot.flows.idle()
    assert (await bot.host.views.status(game_id)).version == version + 1  # one move
    assert "✅ You played" in dm.content  # the DM says what was played, not "already played"
    assert "already played" not in dm.content


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
    status = await bot.host.views.status(game_id)
    mover, other = (alice, bob) if status.waiting_on[0].user_id == alice.id else (bob, alice)
    boards = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral]
    legal = await mover.autocomplete("move", "action", "", channel=chan)
    seen = len(other.dms)
    reached_too_late(monkeypatch, interaction_clock)
    r = await mover.slash("move", channel=chan, action=pick([c.value for c in legal]), check=False)
    assert r.failed and "3.0 s" in (r.error or "")  # what the player saw: no answer
    await bot.flows.idle()

    after = await bot.host.views.status(game_id)
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
        status = await bot.host.views.status(game_id)
        user = status.waiting_on[0].user_id
        legal = [c.notation for c in await bot.host.decisions.legal_choices(game_id, user)]
        await bot.host.moves.act(game_id, user, pick(legal))
    await bot.flows.delivery.announce(game_id)  # those moves' boards and DMs are sent
    status = await bot.host.views.status(game_id)
    mover = by_id[status.waiting_on[0].user_id]
    legal = await mover.autocomplete("move", "action", "", channel=chan)
    seen = len(mover.dms)
    reached_too_late(monkeypatch, interaction_clock)
    r = await mover.slash("move", channel=chan, action=pick([c.value for c in legal]), check=False)
    assert r.failed
    await bot.flows.idle()
    after = await bot.host.views.status(game_id)
    assert after.version == status.version + 1
    assert [s.user_id for s in after.waiting_on] == [mover.id]  # the same player goes on
    assert len(mover.dms) == seen + 1 and "Your move" in mover.dms[-1].content
    assert len(mover.dms[-1].filenames) == 1  # the one picture this decision needs


async def test_a_click_that_reached_the_bot_too_late_still_plays_and_its_dm_says_so(
    fake_discord: Any,
    start_bot: Any,
    make_bot: Any,
    interaction_clock: InteractionClock,
    monkeypatch: Any,
) -> None:
    """Discord gave up on the click before the bot could acknowledge it: the player saw "This
    interaction failed", but the move stands and their DM is brought up to date anyway (through
    the DM itself, not the dead interaction); nothing is logged as a bug (WATCH)."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    _chan, game_id, mover = await two_player_game(fake_discord, bot)
    version = (await bot.host.views.status(game_id)).version
    dm, click = decision_click(mover, game_id, version)
    reached_too_late(monkeypatch, interaction_clock)
    r = await click()
    assert r.failed
    await bot.flows.idle()
    assert (await bot.host.views.status(game_id)).version == version + 1
    assert "✅ You played" in dm.content and not list(dm.walk_components())
