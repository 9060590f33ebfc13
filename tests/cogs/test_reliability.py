"""Reliability, end to end: a move saved but not yet announced when the bot dies is announced
after the restart; components forged for another server's game are refused; a stranger's stale
click gets a clear answer; shutdown finishes in bounded time."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from sandbox.fake import FakeClock as InteractionClock
from tests.cogs.helpers import (
    WAIT,
    WATCH,
    boards,
    choices_of,
    latest_decision,
    open_game,
    pick,
    until,
)


@pytest.fixture
def interaction_clock() -> InteractionClock:
    return InteractionClock()


@pytest.fixture
def fake_discord_options(interaction_clock: InteractionClock) -> dict[str, Any]:
    """Discord's 3-second deadline on a clock the tests advance (a dying bot never answers)."""
    return {"clock": interaction_clock, "response_timeout": WAIT}


async def test_a_move_saved_before_the_bot_died_is_announced_after_the_restart(
    fake_discord: Any, start_bot: Any, make_bot: Any, interaction_clock: InteractionClock
) -> None:
    first = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, first, chan, [alice, bob])
    by_id = {alice.id: alice, bob.id: bob}
    status = await first.host.views.status(game_id)
    mover = by_id[status.waiting_on[0].user_id]
    other = bob if mover is alice else alice

    async def die(*args: Any, **kwargs: Any) -> None:
        interaction_clock.advance(3.5)  # Discord gives up on the player's command ...
        raise asyncio.CancelledError  # ... and the process stops here: saved, nothing sent

    first.flows.delivery.announce = die  # type: ignore[method-assign]
    boards = [m for m in chan.messages if "board.png" in m.filenames]
    dms = len(other.dms)
    # A move that ends the turn (a Downfall card and its relatives, or the card alone).
    while (await first.host.views.status(game_id)).waiting_on[0].user_id == mover.id:
        legal = [c.value for c in await mover.autocomplete("move", "action", "", channel=chan)]
        r = await mover.slash("move", channel=chan, action=pick(legal), check=False)
        await first.flows.idle()
        assert r.deferred and not r.settled  # the player saw "thinking…", then nothing
    saved = await first.host.views.status(game_id)
    assert saved.version >= 1 and [r.version for r in await first.host.outbox.unsent(game_id)]
    assert [m for m in chan.messages if "board.png" in m.filenames] == boards  # not announced
    assert len(other.dms) == dms
    fake_discord.bot_errors.clear()  # the dying bot's unanswered command: expected
    await start_bot.stop(first)

    second = await start_bot(make_bot(), watch_loggers=WATCH)
    board = await alice.wait_for_message(
        chan,
        predicate=lambda m: "board.png" in m.filenames and f"move {saved.version}" in m.content,
        timeout=WAIT,
    )
    assert other.mention in board.content
    dm = await other.wait_for_dm(predicate=lambda m: "Your move" in m.content, timeout=WAIT)
    assert choices_of(dm)

    async def sent() -> bool:
        return not await second.host.outbox.unsent(game_id)

    await until(sent)
    await second.flows.idle()
    again = [m for m in chan.messages if "board.png" in m.filenames]
    assert len(again) == len(boards) + 1  # once, not again on the next scheduler round


async def test_a_bot_killed_between_posting_a_board_and_recording_it_posts_it_once(
    fake_discord: Any, start_bot: Any, make_bot: Any, interaction_clock: InteractionClock
) -> None:
    """Exactly once: the board was posted, then the bot died before the outbox said so. After
    the restart the announcement goes out again, with the same nonce, and Discord (the fake,
    as Discord does) returns the board already posted instead of posting it twice."""
    first = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, first, chan, [alice, bob])
    by_id = {alice.id: alice, bob.id: bob}
    mover = by_id[(await first.host.views.status(game_id)).waiting_on[0].user_id]

    mark_sent = first.host.outbox.mark_sent

    async def die(game: int, through: int, board_message: int | None = None) -> None:
        if any(f"move {through}\n" in m.content for m in chan.messages if m.filenames):
            interaction_clock.advance(3.5)
            raise asyncio.CancelledError  # the board is out; the process stops before marking
        await mark_sent(game, through, board_message)

    first.host.outbox.mark_sent = die  # type: ignore[method-assign]
    before = len([m for m in chan.messages if "board.png" in m.filenames])
    while (await first.host.views.status(game_id)).waiting_on[0].user_id == mover.id:
        legal = [c.value for c in await mover.autocomplete("move", "action", "", channel=chan)]
        await mover.slash("move", channel=chan, action=pick(legal), check=False)
        await first.flows.idle()
    version = (await first.host.views.status(game_id)).version
    posted = [
        m for m in chan.messages if "board.png" in m.filenames and f"move {version}" in m.content
    ]
    assert len(posted) == 1 and await first.host.outbox.unsent(game_id)  # out, not recorded as sent
    fake_discord.bot_errors.clear()  # the dying bot's unfinished command: expected
    await start_bot.stop(first)

    second = await start_bot(make_bot(), watch_loggers=WATCH)

    async def sent() -> bool:
        return not await second.host.outbox.unsent(game_id)

    await until(sent)
    await second.flows.idle()
    boards = [m for m in chan.messages if "board.png" in m.filenames]
    again = [m for m in boards if f"move {version}" in m.content]
    assert len(again) == 1 and len(boards) == before + 1, [m.content[:40] for m in boards]


async def test_a_bot_killed_before_the_next_players_decision_went_out_sends_it_after_restart(
    fake_discord: Any, start_bot: Any, make_bot: Any, interaction_clock: InteractionClock
) -> None:
    """The board of a move was posted, then the bot died before the next player's decision
    DM went out (found by the sharded crash test: that player could not click, and nothing
    ever sent it). The announcement counts as sent only once the decision messages are out,
    so the restarted bot sends it again: the DM comes, and the board stays one (its nonce)."""
    first = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, first, chan, [alice, bob])
    by_id = {alice.id: alice, bob.id: bob}
    mover = by_id[(await first.host.views.status(game_id)).waiting_on[0].user_id]
    other = bob if mover is alice else alice
    notify = first.flows.inbox.notify

    async def die(status: Any, *, answered: int | None = None) -> None:
        if status.waiting_on and status.waiting_on[0].user_id == other.id:
            interaction_clock.advance(3.5)
            raise asyncio.CancelledError  # the board is out; the process stops here
        await notify(status, answered=answered)

    first.flows.inbox.notify = die  # type: ignore[method-assign]
    before = len(boards(chan))
    while (await first.host.views.status(game_id)).waiting_on[0].user_id == mover.id:
        legal = [c.value for c in await mover.autocomplete("move", "action", "", channel=chan)]
        await mover.slash("move", channel=chan, action=pick(legal), check=False)
        await first.flows.idle()
    version = (await first.host.views.status(game_id)).version
    posted = [m for m in boards(chan) if f"move {version}" in m.content]
    assert len(posted) == 1
    assert not [m for m in other.dms if "Your move" in m.content]
    fake_discord.bot_errors.clear()  # the dying bot's unfinished command: expected
    await start_bot.stop(first)

    second = await start_bot(make_bot(), watch_loggers=WATCH)
    dm = await other.wait_for_dm(predicate=lambda m: "Your move" in m.content, timeout=WAIT)
    assert choices_of(dm)

    async def sent() -> bool:
        return not await second.host.outbox.unsent(game_id)

    await until(sent)
    await second.flows.idle()
    assert len(boards(chan)) == before + 1
    assert len([m for m in boards(chan) if f"move {version}" in m.content]) == 1


async def test_components_forged_for_another_servers_game_are_refused(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    home = fake_discord.guild("Pompeii").channel("general")
    elsewhere = fake_discord.add_guild("Herculaneum").channel("general")
    alice = await fake_discord.user("alice")
    mallory = fake_discord.add_user("mallory", guilds=[fake_discord.guild("Herculaneum")])
    victim = await alice.slash("game new", channel=home, game="downfall", players=2)
    victim_id = (await bot.host.views.game_in_channel(home.id)).game_id  # type: ignore[union-attr]
    # Mallory's own lobby in her server, with its buttons rewritten to name Alice's game.
    own = await mallory.slash("game new", channel=elsewhere, game="downfall", players=2)
    for row in own.message.components:
        for button in row["components"]:
            what = button["custom_id"].split(":")[2]
            button["custom_id"] = f"vz:l:{what}:{victim_id}"
    for label in ("Join", "Start"):
        r = await mallory.click(label, message=own.message)
        assert r.reply is not None and r.reply.ephemeral
        assert f"no game #{victim_id} in this server" in r.reply.content
    status = await bot.host.views.status(victim_id)
    assert status.status == "lobby" and [s.user_id for s in status.seats] == [alice.id]
    assert not [m for m in elsewhere.messages if "board.png" in m.filenames]
    assert victim.message.button_labels == ["Join", "Leave", "Start"]
    # Navigation, a group menu and a picture, forged for her game or for no game at all: the
    # same clear answer, never "something went wrong" (and no ERROR logged: WATCH).
    planted = fake_discord.post(
        elsewhere,
        "an old decision",
        components=[
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 2, "label": f"nav {g}", "custom_id": f"vz:n:{g}:0:p:1"}
                    for g in (victim_id, 999)
                ]
                + [
                    {"type": 2, "style": 2, "label": f"pic {g}", "custom_id": f"vz:p:{g}:board"}
                    for g in (victim_id, 999)
                ],
            },
            {
                "type": 1,
                "components": [
                    {
                        "type": 3,
                        "custom_id": f"vz:gs:{victim_id}:0",
                        "options": [{"label": "g8", "value": "g8"}],
                    }
                ],
            },
        ],
    )
    for label in (f"nav {victim_id}", "nav 999", f"pic {victim_id}", "pic 999"):
        r = await mallory.click(label, message=planted)
        assert r.reply is not None and r.reply.ephemeral
        assert "no game #" in r.reply.content, (label, r.reply.content)
        assert "went wrong" not in r.reply.content
        assert planted.content == "an old decision"  # the message they used stays as it was
    r = await mallory.select(planted, values=["g8"], custom_id=f"vz:gs:{victim_id}:0")
    assert r.reply is not None and r.reply.ephemeral
    assert f"no game #{victim_id} in this server" in r.reply.content


async def test_a_strangers_old_move_button_says_they_do_not_play(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    sam = await fake_discord.user("sam")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    status = await bot.host.views.status(game_id)
    mover = alice if status.waiting_on[0].user_id == alice.id else bob
    dm = latest_decision(mover, game_id, 0)
    assert dm is not None
    notation = pick(choices_of(dm))
    await mover.slash("move", channel=chan, action=notation)
    await bot.flows.idle()
    # A copy of the spent button on a message the stranger can click (as a forged one would).
    board = next(m for m in chan.messages if "board.png" in m.filenames)
    board.components[0]["components"][0]["custom_id"] = f"vz:a:{game_id}:0:{notation}"
    r = await sam.click(custom_id=f"vz:a:{game_id}:0:{notation}", message=board)
    assert r.reply is not None and r.reply.ephemeral
    assert "not playing in this game" in r.reply.content
    assert "Sorry" not in r.reply.content and not fake_discord.bot_errors


async def test_shutdown_is_bounded_even_right_after_the_scheduler_was_woken(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    for _ in range(4):
        bot = await start_bot(make_bot(), watch_loggers=WATCH)
        await asyncio.sleep(0.05)
        bot.wake_scheduler()
        await asyncio.wait_for(bot.close(), timeout=WAIT)  # ends (a hang fails); not timed
        assert bot.is_closed()
        await start_bot.stop(bot)


async def test_with_an_ai_seat_and_forced_moves_boards_come_in_move_order(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice = await fake_discord.user("alice")
    started = await alice.slash(
        "game new", channel=chan, game="downfall", players=2, ai_seats=1, forced_moves=True
    )
    await started.wait_until_loaded(timeout=WAIT)  # full at once: no lobby
    game_id = (await bot.host.views.game_in_channel(chan.id)).game_id  # type: ignore[union-attr]
    for _ in range(24):
        await bot.flows.idle()
        status = await bot.host.views.status(game_id)
        if status.status != "active":
            break
        if status.waiting_on[0].user_id != alice.id:
            bot.wake_scheduler()  # the AI's turn: the scheduler plays it
            await asyncio.sleep(0.05)
            continue
        legal = [c.value for c in await alice.autocomplete("move", "action", "", channel=chan)]
        r = await alice.slash("move", channel=chan, action=pick(legal))
        await r.wait_until_loaded(timeout=WAIT)

    async def settled() -> bool:
        status = await bot.host.views.status(game_id)
        mine = status.status != "active" or status.waiting_on[0].user_id == alice.id
        return mine and not await bot.host.outbox.unsent(game_id)

    await until(settled)
    await bot.flows.idle()
    boards = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral]
    moves = [int(m.content.split(" · move ")[1].split("\n")[0]) for m in boards]
    assert moves == sorted(moves) and len(set(moves)) == len(moves) and len(moves) > 4
    status = await bot.host.views.status(game_id)
    if status.status == "active":
        assert f"Waiting for {alice.mention}" in boards[-1].content  # the newest board is right
    # No DM still offers a decision alice no longer has.
    now = (await bot.host.decisions.decision(game_id, alice.id)).token
    for dm in alice.dms:
        for c in dm.walk_components():
            cid = str(c.get("custom_id", ""))
            if cid.startswith(f"vz:a:{game_id}:") or cid.startswith(f"vz:s:{game_id}:"):
                assert int(cid.split(":")[3]) == now, dm.content
