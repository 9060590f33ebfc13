"""Reading a channel's game: /game log, board and status once the game is over (after a restart
too), and /move's autocomplete when more moves are legal than Discord can list."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.cogs.helpers import WAIT, WATCH, open_game, pick


async def play_via_host(
    bot: Any, game_id: int, stop: Callable[[Any], bool] = lambda page: False
) -> None:
    """Play quick moves through the host (nothing is posted) until ``stop(legal_choices)``
    holds for the player to move, or the game is over."""
    while True:
        status = await bot.host.views.status(game_id)
        if status.status != "active":
            return
        user = status.waiting_on[0].user_id
        page = await bot.host.decisions.legal_choices(game_id, user)
        if stop(page):
            return
        await bot.host.moves.act(game_id, user, pick([c.notation for c in page]), status.version)


async def test_a_finished_and_a_cancelled_game_are_still_shown_after_a_restart(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    first = await start_bot(make_bot(), watch_loggers=WATCH)
    guild = fake_discord.guild("Pompeii")
    chan, quiet = guild.channel("general"), guild.add_channel("quiet")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    sam = await fake_discord.user("sam")  # a spectator
    game_id = await open_game(fake_discord, first, chan, [alice, bob])
    await play_via_host(first, game_id)
    final = await first.host.views.status(game_id)
    assert final.status == "finished" and final.outcome is not None
    last = (await first.host.views.log(game_id, None, limit=1))[0]
    lobby = await alice.slash("game new", channel=quiet, game="downfall", players=2)
    assert not lobby.ephemeral
    await alice.slash("game cancel", channel=quiet)
    await start_bot.stop(first)

    second = await start_bot(make_bot(), watch_loggers=WATCH)
    log = await sam.slash("game log", channel=chan, count=3)
    assert log.ephemeral and f"**Game #{game_id}** · the last 3 moves" in log.content
    assert f"`{last.version:>3}` " in log.content and f"`{last.notation}`" in log.content
    r = await sam.slash("game board", channel=chan)
    board = await r.wait_until_loaded(timeout=WAIT)
    assert board.ephemeral and "board.png" in board.filenames
    assert f"**Game #{game_id}**" in board.content and f"move {final.version}" in board.content
    assert "Final ranking" in board.content
    r = await sam.slash("game status", channel=chan)
    assert r.ephemeral and f"**Game #{game_id}**" in r.content and "finished" in r.content
    # Nothing is open, so there is nothing to move in.
    r = await alice.slash("move", channel=chan, action="pass")
    assert r.ephemeral and "no game in this channel" in r.content
    assert (await second.host.views.status(game_id)).version == final.version

    # A lobby cancelled before it started: it is named, and it never had a board.
    r = await sam.slash("game board", channel=quiet)
    assert r.ephemeral and f"Game #{lobby_id(lobby)} was cancelled before it started" in r.content
    r = await sam.slash("game status", channel=quiet)
    assert r.ephemeral and "cancelled" in r.content
    r = await sam.slash("game log", channel=quiet)
    assert r.ephemeral and "No moves have been made yet" in r.content

    # A new game in the channel is the one shown from then on.
    new = await bob.slash("game new", channel=chan, game="downfall", players=2)
    r = await sam.slash("game log", channel=chan)
    assert r.ephemeral and "No moves have been made yet" in r.content
    r = await sam.slash("game status", channel=chan)
    assert f"game #{lobby_id(new)}" in r.content and "waiting for players" in r.content


def lobby_id(lobby: Any) -> int:
    """The game number a lobby message announces."""
    match = re.search(r"game #(\d+)", lobby.content)
    assert match is not None, lobby.content
    return int(match[1])


async def test_autocomplete_says_how_many_moves_match_beyond_the_25_it_can_list(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    await play_via_host(bot, game_id, stop=lambda page: page.total > 25)  # the escape phase
    status = await bot.host.views.status(game_id)
    user = {alice.id: alice, bob.id: bob}[status.waiting_on[0].user_id]
    page = await bot.host.decisions.legal_choices(game_id, user.id)
    assert page.total > 25

    choices = await user.autocomplete("move", "action", "", channel=chan)
    assert len(choices) == 25  # Discord's limit: 24 moves and a note
    assert [c.value for c in choices[:24]] == [c.notation for c in page[:24]]
    note = choices[-1]
    assert note.value == "?"
    assert note.name == f"… showing 24 of {page.total}: type to narrow the list"

    # Typing narrows the list; once everything fits, there is no note.
    typed = " ".join(page[0].notation.split()[:2])  # e.g. "move i3": one piece's moves
    narrow = await bot.host.decisions.legal_choices(game_id, user.id, typed)
    assert 0 < narrow.total <= 25
    narrowed = await user.autocomplete("move", "action", typed, channel=chan)
    assert [c.value for c in narrowed] == [c.notation for c in narrow]

    # /hand offers every move in menus of 25 (up to 4 of them on one message).
    r = await user.slash("hand", channel=chan)
    hand = await r.wait_until_loaded(timeout=WAIT)
    menus = [c for c in hand.walk_components() if c.get("type") == 3]
    options = [o["value"] for c in menus for o in c["options"]]
    assert hand.ephemeral and page.total <= 100 and len(options) == page.total
    assert len(menus) == -(-page.total // 25) and options[:25] == [c.notation for c in page]
    assert (await bot.host.views.status(game_id)).version == status.version
