"""A busy server (issue 41): what a player types is answered even when the bot's database is
stuck behind other work. Autocomplete cannot be deferred, so it answers from the games in
memory, and an answer that needs the database gives way to a friendly line after two seconds
instead of missing Discord's deadline."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.cogs.helpers import WATCH, two_player_game


@contextmanager
def stuck_database(bot: Any) -> Iterator[asyncio.Event]:
    """Every database call waits until the event is set (a database busy with other work)."""
    db = bot.host.db
    run = db.run
    free = asyncio.Event()

    async def waiting(fn: Any) -> Any:
        await free.wait()
        return await run(fn)

    db.run = waiting
    try:
        yield free
    finally:
        free.set()
        db.run = run


async def test_move_autocomplete_answers_from_memory_while_the_database_is_stuck(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, game_id, mover = await two_player_game(fake_discord, bot)
    legal = [c.notation for c in await bot.host.decisions.legal_choices(game_id, mover.id)]
    await bot.flows.idle()
    with stuck_database(bot):
        shown = await mover.autocomplete("move", "action", "", channel=chan)
    assert [c.value for c in shown] == legal[: len(shown)] and shown


async def test_an_autocomplete_that_needs_the_database_gives_way_instead_of_failing(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice = await fake_discord.user("alice")
    with stuck_database(bot):
        games = await alice.autocomplete("game replay", "game", "", channel=chan)
        moves = await alice.autocomplete("move", "action", "", channel=chan)
    assert games == []  # nothing to offer yet, but an answer: never "loading options failed"
    assert len(moves) == 1 and "loading" in moves[0].name
    shown = await alice.autocomplete("move", "action", "", channel=chan)  # the database is back
    assert len(shown) == 1 and "no game in this channel" in shown[0].name.lower()
