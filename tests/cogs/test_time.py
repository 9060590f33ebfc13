"""Time and restarts: the scheduler loop with the host's fake clock, AI seats, and a bot process
stopped and started again in the middle of a game."""

from __future__ import annotations

from typing import Any

from tests.cogs.helpers import WAIT, WATCH, choices_of, latest_decision, open_game, pick, until


async def _board_count(chan: Any) -> int:
    return sum(1 for m in chan.messages if "board.png" in m.filenames and not m.ephemeral)


async def test_reminder_then_timeout_with_the_skip_policy(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(
        fake_discord, bot, chan, [alice, bob], turn_time=300, timeout_policy="skip"
    )
    status = await bot.host.views.status(game_id)
    late = alice if status.waiting_on[0].user_id == alice.id else bob
    boards = await _board_count(chan)

    clock.advance(160)  # past half time: a reminder by DM, with the decision's menu
    dm = await late.wait_for_dm(predicate=lambda m: "Reminder" in m.content, timeout=WAIT)
    assert "2 minutes left" in dm.content and "game #1" in dm.content and "#general" in dm.content
    assert f"https://discord.com/channels/{chan.guild.id}/{chan.id}" in dm.content
    assert choices_of(dm) and "hand.png" in dm.filenames
    assert (await bot.host.views.status(game_id)).version == 0

    clock.advance(150)  # past the deadline: the policy decides and the channel is told
    board = await late.wait_for_message(
        chan, predicate=lambda m: "ran out of time" in m.content, timeout=WAIT
    )
    await bot.flows.idle()
    assert "⏰" in board.content and "board.png" in board.filenames
    assert "passing is not possible here" in board.content  # phase 1: a card must be played
    assert await _board_count(chan) == boards + 1
    log = await bot.host.views.log(game_id, None)
    assert log[-1].by == "timeout"
    # The reminder says what became of the decision; nothing stale is left to click.
    assert dm.components == [] and "⏱ Time ran out" in dm.content and "played for you" in dm.content
    assert (await bot.host.views.status(game_id)).version == 1


async def test_an_ai_seat_plays_its_turns(fake_discord: Any, start_bot: Any, make_bot: Any) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice = await fake_discord.user("alice")
    start = await alice.slash(
        "game new", channel=chan, game="downfall", players=2, ai_seats=1, ai_level="easy"
    )
    await start.wait_until_loaded(timeout=WAIT)  # the table is full: it starts at once
    await bot.flows.idle()
    assert any("AI 1, easy" in m.content for m in chan.messages)
    game_id = (await bot.host.views.game_in_channel(chan.id)).game_id

    async def alice_to_move() -> bool:
        status = await bot.host.views.status(game_id)
        return bool(status.waiting_on) and status.waiting_on[0].user_id == alice.id

    for _ in range(3):
        await until(alice_to_move)
        await bot.flows.idle()
        legal = await alice.autocomplete("move", "action", "", channel=chan)
        await alice.slash("move", channel=chan, action=pick([c.value for c in legal]))
    await until(alice_to_move)
    await bot.flows.idle()
    log = await bot.host.views.log(game_id, None, limit=100)
    assert {e.by for e in log} == {"player", "ai"}
    ai_boards = [m for m in chan.messages if "board.png" in m.filenames and "🤖" in m.content]
    assert ai_boards and all("AI 1 (easy)" in m.content for m in ai_boards)


async def test_a_restart_keeps_the_game_its_buttons_and_its_deadlines(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: Any
) -> None:
    first = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, first, chan, [alice, bob])
    status = await first.host.views.status(game_id)
    by_id = {alice.id: alice, bob.id: bob}
    mover = by_id[status.waiting_on[0].user_id]
    dm = latest_decision(mover, game_id, 0)
    assert dm is not None
    await start_bot.stop(first)

    second = await start_bot(make_bot(), watch_loggers=WATCH)
    boards = await _board_count(chan)
    # The menu sent by the first process works in the second one.
    await mover.select(dm, values=[pick(choices_of(dm))])
    await second.flows.idle()
    status = await second.host.views.status(game_id)
    assert status.version >= 1 and status.status == "active"
    assert await _board_count(chan) == boards + 1
    # The deadline carries over: a day later the next player's decision times out.
    waiting = by_id[status.waiting_on[0].user_id]
    version = status.version
    clock.advance(24 * 3600 + 1)
    board = await waiting.wait_for_message(
        chan, predicate=lambda m: "ran out of time" in m.content, timeout=WAIT
    )
    assert "board.png" in board.filenames
    await second.flows.idle()
    assert (await second.host.views.status(game_id)).version > version
