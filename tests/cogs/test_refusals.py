"""Wrong clicks and wrong commands get a clear, private answer, and the game does not change."""

from __future__ import annotations

from typing import Any

from tests.cogs.helpers import (
    WAIT,
    WATCH,
    act_by_component,
    choices_of,
    latest_decision,
    open_game,
    pick,
)


async def test_refusals_leave_the_game_unchanged(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    carol = await fake_discord.user("carol")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    by_id = {alice.id: alice, bob.id: bob}

    async def version() -> int:
        return int((await bot.host.views.status(game_id)).version)

    status = await bot.host.views.status(game_id)
    mover = by_id[status.waiting_on[0].user_id]
    other = bob if mover is alice else alice
    old_dm = latest_decision(mover, game_id, 0)
    assert old_dm is not None and old_dm.in_dm

    # A second game in the same channel: refused, with the way out (a thread).
    r = await carol.slash("game new", channel=chan, game="downfall", players=2)
    assert r.ephemeral and "already has a game (game #1)" in r.content and "thread" in r.content

    # Text that is not a move, and a move that is not legal: the reason and what is legal.
    for text in ("dance", "play 1 a1"):
        r = await mover.slash("move", channel=chan, action=text)
        assert r.ephemeral and r.content.count("Legal now:") == 1, r.content  # listed once
        legal = [c.value for c in await mover.autocomplete("move", "action", "", channel=chan)]
        assert f"`{legal[0]}`" in r.content
    # Out of turn, and not a player at all.
    # The reply names whom the game waits for: a mention in a message, the name in the
    # autocomplete list (which cannot show mentions).
    colour = status.waiting_on[0].colour
    r = await other.slash("move", channel=chan, action="pass")
    assert r.ephemeral and "not your turn" in r.content
    assert f"waiting for {mover.mention} ({colour})" in r.content, r.content
    (hint,) = await other.autocomplete("move", "action", "", channel=chan)
    assert hint.value == "?" and "not your turn" in hint.name
    assert f"waiting for {mover.name} ({colour})" in hint.name and "<@" not in hint.name
    r = await carol.slash("move", channel=chan, action="pass")
    assert r.ephemeral and "not playing" in r.content
    # Only the creator (or a server manager) may cancel.
    r = await carol.slash("game cancel", channel=chan)
    assert r.ephemeral and "creator" in r.content
    assert await version() == 0

    # The mover looks with /hand: their DM says where the decision went and loses its menu.
    # They play with /move: the /hand reply says what was played and offers nothing more.
    hand = await (await mover.slash("hand", channel=chan)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    assert choices_of(hand)
    assert old_dm.components == [] and "moved to" in old_dm.content
    choice = pick([c.value for c in await mover.autocomplete("move", "action", "", channel=chan)])
    await mover.slash("move", channel=chan, action=choice)
    await bot.flows.idle()
    assert await version() == 1
    assert not choices_of(hand) and "You played" in hand.content

    # Closed DMs: the next player is told in the channel (nothing secret) to use /hand, and
    # the bot does not try again for a while.
    status = await bot.host.views.status(game_id)
    now_mover = by_id[status.waiting_on[0].user_id]
    next_up = alice if now_mover is bob else bob
    next_up.close_dms()
    while (await bot.host.views.status(game_id)).waiting_on[0].user_id == now_mover.id:
        msg = latest_decision(now_mover, game_id, await version(), chan)
        assert msg is not None
        notation = pick(choices_of(msg))
        r = await now_mover.slash("move", channel=chan, action=notation)
        await bot.flows.idle()
    notice = [m for m in chan.messages if "can't send you direct messages" in m.content]
    assert len(notice) == 1 and next_up.mention in notice[0].content
    assert (
        "try again in 15 minutes" in notice[0].content and "Privacy Settings" in notice[0].content
    )
    assert not notice[0].ephemeral and "Your hand" not in notice[0].content
    refused = [x for x in fake_discord.rejections if "50007" in repr(x)]
    assert len(refused) == 1
    # /hand works instead, with the menu of the decision.
    r = await next_up.slash("hand", channel=chan)
    secret = await r.wait_until_loaded(timeout=WAIT)
    assert secret.ephemeral and "hand.png" in secret.filenames and choices_of(secret)
    assert not now_mover.can_see(secret) and not carol.can_see(secret)
    before = await version()
    while (await bot.host.views.status(game_id)).waiting_on[0].user_id == next_up.id:
        msg = latest_decision(next_up, game_id, await version(), chan)
        assert msg is not None and msg.ephemeral
        await act_by_component(next_up, msg, pick(choices_of(msg)))
        await bot.flows.idle()
    assert await version() > before
    # When the turn comes back to them, still no second DM attempt.
    status = await bot.host.views.status(game_id)
    mover = by_id[status.waiting_on[0].user_id]
    while (await bot.host.views.status(game_id)).waiting_on[0].user_id == mover.id:
        legal = await mover.autocomplete("move", "action", "", channel=chan)
        await mover.slash("move", channel=chan, action=pick([c.value for c in legal]))
        await bot.flows.idle()
    assert len([x for x in fake_discord.rejections if "50007" in repr(x)]) == 1
    board = [m for m in chan.messages if "board.png" in m.filenames][-1]
    assert (
        f"{next_up.mention} (" in board.content and "DMs closed: use `/hand` here" in board.content
    )
    # Their reminder comes as a mention in the channel instead of a DM.
    clock.advance(13 * 3600)
    reminder = await carol.wait_for_message(
        chan, predicate=lambda m: "⏳" in m.content, timeout=WAIT
    )
    assert next_up.mention in reminder.content and "waiting for your move" in reminder.content
    assert "11 hours left" in reminder.content and "Your hand" not in reminder.content


async def test_a_second_game_goes_to_a_thread(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    await alice.slash("game new", channel=chan, game="downfall", players=2)
    r = await bob.slash("game new", channel=chan, game="downfall", players=3, where="thread")
    assert not r.ephemeral and "game #2" in r.content
    await bot.flows.idle()
    thread = chan.threads[0]
    lobby = next(m for m in thread.messages if "waiting for players" in m.content)
    assert lobby.button_labels == ["Join", "Leave", "Start"]
    status = await bot.host.views.game_in_channel(thread.id)
    assert status is not None and status.game_id == 2 and status.options.players == 3


async def test_missing_permissions_are_named(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    from discord import Permissions

    guild = fake_discord.guild("Pompeii")
    bot_role = guild.role(fake_discord.bot.name)
    chan = guild.add_channel(
        "no-files", overwrites={bot_role.id: (0, Permissions(attach_files=True).value)}
    )
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    alice = await fake_discord.user("alice")
    r = await alice.slash("game new", channel=chan, game="downfall", players=2)
    assert r.ephemeral and "**Attach Files**" in r.content and "Send Messages" not in r.content
    assert await bot.host.views.game_in_channel(chan.id) is None
