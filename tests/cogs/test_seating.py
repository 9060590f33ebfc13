"""Seats change hands (issue 46): a seat handed over in the middle of a game, an AI seat claimed
by a human, a seat whose player left claimed from ``/game list``, the refusals, and the
ratings of a game whose seat changed hands, through the real bot on the loopback Discord."""

from __future__ import annotations

import random
from typing import Any

import discord

from sandbox.fake import FakeUser
from tests.cogs.helpers import (
    WAIT,
    WATCH,
    act_by_component,
    choices_of,
    latest_decision,
    open_game,
    pick,
    two_player_game,
    until,
)

VIEW = discord.Permissions(view_channel=True).value


def _said(chan: Any, text: str) -> list[Any]:
    """The bot's public messages in ``chan`` that contain ``text``."""
    return [m for m in chan.messages if not m.ephemeral and text in m.content]


async def test_a_seat_handed_over_mid_game_goes_on_with_the_new_players_dms(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, game_id, mover = await two_player_game(fake_discord, bot)
    carol = await fake_discord.user("carol")
    status = await bot.host.views.status(game_id)
    seat = status.seat_of(mover.id)
    assert seat is not None
    old_dm = latest_decision(mover, game_id, seat.token)
    assert old_dm is not None and choices_of(old_dm)

    said = await mover.slash("game seat replace", channel=chan, user=carol)
    await bot.flows.idle()
    assert f"Seat {seat.seat + 1} of game #{game_id} is carol's now" in said.content
    # The old player's open decision says what happened and keeps no button to click.
    assert old_dm.components == [] and "handed over" in old_dm.content
    assert f"<@{carol.id}> plays it now" in old_dm.content
    # The channel is told, in public words (a mention of the new player, no hand).
    told = _said(chan, f"handed their seat {seat.seat + 1} of game #{game_id} to <@{carol.id}>")
    assert told and mover.name in told[0].content
    # The new player has the decision by DM, with its buttons.
    now = await bot.host.views.status(game_id)
    assert now.seat_of(carol.id) is not None and now.seat_of(mover.id) is None
    dm = latest_decision(carol, game_id, now.seats[seat.seat].token)
    assert dm is not None and "You play seat" in dm.content and choices_of(dm)
    # The old player's buttons and commands get a friendly answer, nothing is played.
    refused = await mover.slash("move", channel=chan, action=pick(choices_of(dm)))
    assert "was handed over" in refused.content and f"<@{carol.id}> plays it now" in refused.content
    hand = await mover.slash("hand", channel=chan)
    assert "was handed over" in hand.content
    assert (await bot.host.views.status(game_id)).version == 0
    # The new player plays on from their DM; the log says it was them.
    await act_by_component(carol, dm, pick(choices_of(dm)))
    await bot.flows.idle()
    log = await bot.host.views.log(game_id, None)
    assert log[-1].user_id == carol.id and log[-1].by == "player"
    # The replay tells the hand-over (a host-level event beside the engine's moves).
    replay = await carol.slash("game replay", channel=chan)
    await replay.wait_until_loaded(timeout=WAIT)
    shown = replay.reply
    assert shown is not None and f"Seating, in turn order: {mover.name}" in shown.content
    last = f"vz:r:{game_id}:e:l"  # ⏭: the step of carol's move, after the hand-over
    await carol.click(custom_id=last, message=shown)
    await bot.flows.idle()
    handed = f"🔁 Seat {seat.seat + 1} was handed from {mover.name} to carol."
    assert handed in shown.content
    changes = await bot.host.seats.changes(game_id)
    assert [(c.from_user, c.to_user, c.how, c.version) for c in changes] == [
        (mover.id, carol.id, "handed", 0)
    ]


async def test_a_human_claims_an_ai_seat_of_a_table_that_offers_them(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, carol = await fake_discord.user("alice"), await fake_discord.user("carol")
    start = await alice.slash(
        "game new", channel=chan, game="downfall", players=2, ai_seats=1, claimable_ai=True
    )
    await start.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None and status.options.claimable_ai
    ai_seat = next(s for s in status.seats if s.ai is not None)
    listing = await carol.slash("game list", channel=chan)
    assert "looking for a player" in listing.content
    take = f"Take seat {ai_seat.seat + 1} of game #{status.game_id}"
    assert any(c.get("label") == take for c in listing.message.walk_components())
    await carol.click(take, message=listing.message)
    await bot.flows.idle()
    now = await bot.host.views.status(status.game_id)
    seat = now.seats[ai_seat.seat]
    assert seat.user_id == carol.id and seat.ai is None and not seat.ai_controlled
    assert _said(chan, f"<@{carol.id}> took over seat {ai_seat.seat + 1}")
    assert any("You play seat" in m.content for m in carol.dms)

    async def carol_to_move() -> bool:
        s = await bot.host.views.status(status.game_id)
        return any(w.user_id == carol.id for w in s.waiting_on)

    async def someone_to_move() -> bool:
        return bool((await bot.host.views.status(status.game_id)).waiting_on)

    # The AI plays that seat no more: carol's turn waits for her.
    await until(someone_to_move)
    if not await carol_to_move():
        legal = await bot.host.decisions.legal_choices(status.game_id, alice.id)
        await alice.slash("move", channel=chan, action=pick([c.notation for c in legal]))
        await bot.flows.idle()
    await until(carol_to_move)
    (change,) = await bot.host.seats.changes(status.game_id)
    assert (change.from_user, change.from_ai, change.to_user) == (None, ai_seat.ai, carol.id)
    log = await bot.host.views.log(status.game_id, None, limit=100)
    after = [e for e in log if e.version > change.version and e.seat == ai_seat.seat]
    assert not [e for e in after if e.by == "ai"]


async def test_a_seat_whose_player_left_is_claimed_from_the_list(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob, dave = [await fake_discord.user(n) for n in ("alice", "bob", "dave")]
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    await bob.slash("game resign", channel=chan)
    await bot.flows.idle()
    bob_seat = (await bot.host.views.status(game_id)).seat_of(bob.id)
    assert bob_seat is not None and bob_seat.resigned
    number = bob_seat.seat + 1
    # Nobody else may take it before the table looks for a player.
    early = await dave.slash("game seat claim", channel=chan, seat=number)
    assert f"Seat {number} does not look for a player" in early.content
    # Only the table or a manager marks it: dave is neither.
    stranger = await dave.slash("game seat seek", channel=chan, seat=number)
    assert "Only the game's players" in stranger.content
    offered = await alice.autocomplete("game seat seek", "seat", "", channel=chan)
    assert any(c.value == number and "resigned" in c.name for c in offered)
    await alice.slash("game seat seek", channel=chan, seat=number)
    await bot.flows.idle()
    assert _said(chan, f"looks for a player for seat {number}")
    shown = await dave.slash("game status", channel=chan)
    assert f"🪑 looks for a player: `/game seat claim seat:{number}`" in shown.content
    listing = await dave.slash("game list", channel=chan)
    assert "looking for a player" in listing.content and "bob" in listing.content
    await dave.click(f"Take seat {number} of game #{game_id}", message=listing.message)
    await bot.flows.idle()
    seat = (await bot.host.views.status(game_id)).seats[bob_seat.seat]
    assert seat.user_id == dave.id and not seat.resigned and not seat.seeking
    assert _said(chan, f"<@{dave.id}> took over seat {number} (bob")
    # Taken: the list offers it no more.
    again = await alice.slash("game list", channel=chan)
    assert "looking for a player" not in again.content
    changes = await bot.host.seats.changes(game_id)
    assert [(c.from_user, c.to_user, c.by_user, c.how) for c in changes] == [
        (bob.id, dave.id, dave.id, "claimed")
    ]


async def test_hand_overs_that_are_refused_say_why(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    guild = fake_discord.guild("Pompeii")
    alice, bob, carol, dave = [
        await fake_discord.user(n) for n in ("alice", "bob", "carol", "dave")
    ]
    mod = await fake_discord.user("mod")
    guild.give_role(mod, guild.add_role("mods", discord.Permissions(manage_guild=True).value))
    robot = await fake_discord.user("robot")
    robot.bot = True
    bot_role = guild.role(fake_discord.bot.name)
    chan = guild.add_channel(
        "table",
        overwrites={
            guild.id: (0, VIEW),
            bot_role.id: (VIEW, 0),
            **{u.id: (VIEW, 0) for u in (alice, bob, carol, dave, mod)},
        },
    )
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    status = await bot.host.views.status(game_id)
    bob_seat = status.seat_of(bob.id)
    assert bob_seat is not None

    async def refused(asker: FakeUser, **options: Any) -> str:
        result = await asker.slash("game seat replace", channel=chan, **options)
        return str(result.content)

    assert "You have no seat in this game" in await refused(dave, user=carol)
    assert "Only the seat's own player or a server manager" in await refused(
        alice, user=carol, seat=bob_seat.seat + 1
    )
    assert f"<@{bob.id}> still plays seat" in await refused(mod, user=carol, seat=bob_seat.seat + 1)
    assert f"<@{bob.id}> already has a seat in this game" in await refused(alice, user=bob)
    assert "Bots can't take a seat" in await refused(alice, user=robot)
    outsider = await fake_discord.user("erin")  # not allowed to view #table
    assert "can't see this channel" in await refused(alice, user=outsider)
    assert (await bot.host.seats.changes(game_id)) == []
    # A manager may once the player is gone from the server.
    del guild.members[bob.id]
    done = await mod.slash("game seat replace", channel=chan, user=carol, seat=bob_seat.seat + 1)
    await bot.flows.idle()
    assert "is carol's now" in done.content
    assert _said(chan, f"mod handed seat {bob_seat.seat + 1} (bob")
    assert (await bot.host.views.status(game_id)).seats[bob_seat.seat].user_id == carol.id


async def test_a_game_whose_seat_changed_hands_counts_for_whoever_finished_it(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob, carol = [await fake_discord.user(n) for n in ("alice", "bob", "carol")]
    lobby = await alice.slash("game new", channel=chan, game="toy", players=2, variant="target=5")
    await bob.click("Join", message=lobby.message)
    await (await alice.click("Start", message=lobby.message)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None
    game_id = status.game_id
    await bob.slash("game seat replace", channel=chan, user=carol)
    await bot.flows.idle()
    rng = random.Random(46)
    for _ in range(500):
        now = await bot.host.views.status(game_id)
        if now.status != "active":
            break
        user = now.waiting_on[0].user_id
        legal = [c.notation for c in await bot.host.decisions.legal_choices(game_id, user)]
        await bot.host.moves.act(game_id, user, rng.choice(legal))
    await bot.flows.delivery.announce(game_id)
    await bot.flows.idle()
    assert (await bot.host.views.status(game_id)).status == "finished"
    guild_id = fake_discord.guild("Pompeii").id
    mine = await bot.host.records.stats(guild_id, carol.id)
    assert [k.played for k in mine.kinds] == [1]
    gone = await bot.host.records.stats(guild_id, bob.id)
    assert not gone.kinds  # bob left before the end: the game is not his
    rated = [k.rating for k in mine.kinds]
    assert rated and rated[0] is not None and rated[0].games == 1
    stats = await carol.slash("game stats", channel=chan)
    assert "Toy" in stats.content
