"""What players noticed in real sessions (issue 14), each as a player would see it: hostile
names, one lobby message per table, finished and cancelled games, AI turns that read once,
hints and long text, plain DMs, and how closed DMs are retried."""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest

from tests.cogs import helpers
from tests.cogs.helpers import WAIT, WATCH, choices_of, latest_decision, open_game, pick, until

HOSTILE = "cool_guy_99`*x*"


async def test_hostile_names_are_shown_as_they_are_everywhere(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    odd, bob = await fake_discord.user(HOSTILE), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, bot, chan, [odd, bob])
    escaped = "cool\\_guy\\_99ˋ\\*x\\*"
    lobby = next(m for m in chan.messages if f"game #{game_id}" in m.content)
    assert escaped in lobby.content and HOSTILE not in lobby.content
    seating = next(m for m in chan.messages if "Seating" in m.content)
    assert escaped in seating.content
    status = await bob.slash("game status", channel=chan)
    assert escaped in status.content and HOSTILE not in status.content
    boards = len(chan.messages)
    moved = False
    while not moved:  # until the hostile name's own move is narrated in the channel
        mover = (
            odd if (await bot.host.views.status(game_id)).waiting_on[0].user_id == odd.id else bob
        )
        legal = [c.value for c in await mover.autocomplete("move", "action", "", channel=chan)]
        await mover.slash("move", channel=chan, action=pick(legal))
        await bot.flows.idle()
        moved = mover is odd
    said = [m.content for m in chan.messages[boards:] if "board.png" in m.filenames]
    assert any(f"• {escaped} played" in c for c in said), said  # the narration
    assert not any(HOSTILE in c for c in said)
    log = await bob.slash("game log", channel=chan)
    assert log.content.count("`") % 2 == 0  # code spans stay closed
    assert escaped in log.content and HOSTILE not in log.content


async def test_one_lobby_message_per_table_edited_and_closed(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    cara = await fake_discord.user("cara")
    lobby = await alice.slash("game new", channel=chan, game="downfall", players=3)
    r = await bob.slash("game join", channel=chan)
    assert "bob joined game #1" in r.content and not r.components
    assert "bob" in lobby.message.content  # the first lobby message is edited
    lobbies = [m for m in chan.messages if "waiting for players" in m.content]
    assert lobbies == [lobby.message]
    await cara.click("Join", message=lobby.message)
    cancelled = await alice.slash("game cancel", channel=chan)
    assert "cancelled" in cancelled.content
    await bot.flows.idle()
    assert "was cancelled" in lobby.message.content and lobby.message.components == []


async def test_finished_and_cancelled_games_say_so(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    status = await bot.host.views.status(game_id)
    mover = alice if status.waiting_on[0].user_id == alice.id else bob
    old = await (await mover.slash("hand", channel=chan)).wait_until_loaded(timeout=WAIT)
    r = await bob.slash("game leave", channel=chan)  # a started game is left by resigning
    assert r.ephemeral and "use `/game resign` to leave it" in r.content
    await alice.slash("game cancel", channel=chan)
    await bot.flows.idle()
    # The decision shown to the mover before (a private reply) says so and offers nothing.
    assert "The game was cancelled" in old.content and not choices_of(old)
    hand = await (await mover.slash("hand", channel=chan)).wait_until_loaded(timeout=WAIT)
    assert "This game was cancelled" in hand.content and not choices_of(hand)


async def test_a_finished_games_status_shows_the_result(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice = await fake_discord.user("alice")
    started = await alice.slash("game new", channel=chan, game="toy", players=1)
    await started.wait_until_loaded(timeout=WAIT)  # a table of one starts at once
    await bot.flows.idle()
    first = next(m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral)
    assert "My hand" in first.button_labels
    while (await bot.host.views.game_in_channel(chan.id)) is not None:
        await (await alice.slash("move", channel=chan, action="pass")).wait_until_loaded(
            timeout=WAIT
        )
        legal = await alice.autocomplete("move", "action", "play", channel=chan)
        if legal and legal[0].value != "?":
            await (
                await alice.slash("move", channel=chan, action=legal[0].value)
            ).wait_until_loaded(timeout=WAIT)
        await bot.flows.idle()
    status = await alice.slash("game status", channel=chan)
    assert "finished" in status.content and "Solo game" in status.content
    final = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral][-1]
    assert final.button_labels == ["Replay"]  # no "My hand" under a finished game: its replay
    # An older board's "My hand" still answers, and says the game is over.
    hand = await (await alice.click("My hand", message=first)).wait_until_loaded(timeout=WAIT)
    assert hand.ephemeral and "This game is over." in hand.content and not choices_of(hand)


async def test_an_ai_turn_reads_once_and_the_seating_starts_with_the_first_player(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice = await fake_discord.user("alice")
    # alice and an AI fill the table: it starts at once, no lobby to wait in.
    started = await alice.slash(
        "game new", channel=chan, game="downfall", players=2, ai_seats=1, ai_level="easy"
    )
    await started.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    first = next(m for m in chan.messages if "The game has started" in m.content)
    seats = (await bot.host.views.status(1)).seats
    order = ["alice" if s.user_id == alice.id else "AI 1, easy" for s in seats]
    # In seat order (as the lobby and /game status list it), and who begins.
    assert f"turn order: {order[0]} (" in first.content and f"{order[1]} (" in first.content
    assert ") (" not in first.content and "begins." in first.content
    begins = first.content.split(" begins.")[0].rsplit(". ", 1)[-1]
    name = "alice" if begins.startswith("alice") else "AI 1, easy"
    first_seat = seats[order.index(name)]

    async def ai_moved() -> bool:
        return any("🤖" in m.content for m in chan.messages)

    if first_seat.user_id == alice.id and name == "alice":
        while (await bot.host.views.status(1)).waiting_on[0].user_id == alice.id:
            legal = [c.value for c in await alice.autocomplete("move", "action", "", channel=chan)]
            await (await alice.slash("move", channel=chan, action=pick(legal))).wait_until_loaded(
                timeout=WAIT
            )
    bot.wake_scheduler()
    await until(ai_moved)
    await bot.flows.idle()
    board = next(m for m in chan.messages if "🤖" in m.content)
    assert board.content.count("🤖") == 1  # the AI's own line only
    assert "(the easy AI) moved" not in board.content and "moved." not in board.content


async def test_hints_long_text_and_plain_dms_get_a_useful_answer(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    status = await bot.host.views.status(game_id)
    mover = alice if status.waiting_on[0].user_id == alice.id else bob
    r = await mover.slash("move", channel=chan, action="?")
    assert r.ephemeral and "hint, not a move" in r.content
    r = await mover.slash("move", channel=chan, action="play 6 d4 " * 300)
    assert r.ephemeral and "too long" in r.content and "Legal now" not in r.content
    assert len(r.content) < 300
    r = await mover.slash("move", channel=chan, action="pass", check=False)
    await bob.say(None, "help")

    async def answered() -> bool:
        return any("/game new" in m.content for m in bob.dms)

    await until(answered)
    first = next(i for i, m in enumerate(bob.dms) if "/game new" in m.content)
    assert any(f"game #{game_id}" in m.content for m in bob.dms[:first])  # their games first
    assert any("**The games**" in m.content for m in bob.dms[first:])  # the whole help


async def test_back_does_not_send_a_decision_the_player_already_has(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    status = await bot.host.views.status(game_id)
    mover = alice if status.waiting_on[0].user_id == alice.id else bob
    assert latest_decision(mover, game_id, 0) is not None
    r = await mover.slash("game back", channel=chan)
    assert r.ephemeral and "already playing your seat" in r.content
    await bot.flows.idle()
    assert sum("Your move" in m.content for m in mover.dms) == 1


async def test_an_image_only_when_it_shows_something(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    users = {alice.id: alice, bob.id: bob}
    # In phase 2 no card is left in any hand: no hand image, only the board.
    while (await bot.host.views.public_view(game_id))["phase"] != "escape":
        await helpers.play_one(bot, game_id)
    await bot.flows.delivery.announce(game_id)
    await bot.flows.idle()
    mover = users[(await bot.host.views.status(game_id)).waiting_on[0].user_id]
    hand = await (await mover.slash("hand", channel=chan)).wait_until_loaded(timeout=WAIT)
    assert hand.filenames == ["board.png"] and choices_of(hand)
    last_dm = mover.dms[-1]
    assert "hand.png" not in last_dm.filenames and "board.png" in last_dm.filenames


async def test_pompeji_sends_one_image_where_one_serves(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    lobby = await alice.slash("game new", channel=chan, game="cardcity", players=2)
    await bob.click("Join", message=lobby.message)
    await (await alice.click("Start", message=lobby.message)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    dms = [*alice.dms, *bob.dms]
    assert dms and all(dm.filenames == ["hand.png"] for dm in dms)  # the hand shows the city


async def test_closed_dms_are_tried_again_after_a_quarter_of_an_hour(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: Any
) -> None:
    """A player who opens their DMs mid-game used to wait up to 6 hours for DMs again: the
    notice says how to open them and when the bot tries again, and it does."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    users = {alice.id: alice, bob.id: bob}
    first = users[(await bot.host.views.status(game_id)).waiting_on[0].user_id]
    other = bob if first is alice else alice

    async def play_turn(user: Any) -> None:
        while (await bot.host.views.status(game_id)).waiting_on[0].user_id == user.id:
            legal = [c.value for c in await user.autocomplete("move", "action", "", channel=chan)]
            await user.slash("move", channel=chan, action=pick(legal))
            await bot.flows.idle()

    other.close_dms()
    before = len(other.dms)  # their starting hand
    await play_turn(first)
    [notice] = [m for m in chan.messages if "can't send you direct messages" in m.content]
    assert "Privacy Settings" in notice.content and "try again in 15 minutes" in notice.content
    other.open_dms()  # they open them at once, but the bot does not know yet
    await play_turn(other)
    await play_turn(first)
    assert len(other.dms) == before  # within the quarter of an hour: not tried again
    await play_turn(other)
    clock.advance(16 * 60)
    await play_turn(first)
    assert len(other.dms) == before + 1
    assert "Your move" in other.dms[-1].content and choices_of(other.dms[-1])


async def test_the_voice_libraries_are_not_missed_at_startup(
    make_bot: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """The bot uses no voice: discord.py's "PyNaCl is not installed, voice will NOT be
    supported" (and davey's) would only alarm whoever reads the log."""
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = True  # as in a fresh process
    with caplog.at_level(logging.WARNING):
        make_bot()
    assert not [r.getMessage() for r in caplog.records if "voice" in r.getMessage()]
