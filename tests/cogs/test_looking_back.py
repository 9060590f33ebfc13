"""A lost solo game and looking back on games (issue 44, items 5 and 10): no medal for a loss,
solo texts that speak to one player and say the offering's sum once, `/game stats` of a kind
without finished games names it, the replay of a running game reads naturally, `/help` lists
every command."""

from __future__ import annotations

import re
from typing import Any

from tests.cogs.helpers import WAIT, WATCH, help_read
from tests.cogs.workers_play import newest, play_until, solo_table


async def test_a_lost_solo_game_its_texts_stats_replay_and_help(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    alice = await fake_discord.user("alice")
    chan = fake_discord.guild("Pompeii").channel("general")
    table = await solo_table(bot, chan, alice)

    # The replay of a game in play says so naturally.
    r = await alice.slash("game replay", channel=chan)
    first = await r.wait_until_loaded(timeout=WAIT)
    assert "so far" not in first.content and "(active" not in first.content
    assert re.search(r"in play, up to move \d+", first.content), first.content

    # The offering, alone: no "others", and its sum said once.
    await play_until(table, "offering")
    offer = newest(alice, table.game_id, "lock", chan)
    assert offer is not None
    text = offer.content
    assert "other" not in text and "all of you" not in text, text
    assert len(re.findall(r"\d+ of \d+ needed", text)) == 1, text

    while await table.active():
        await table.step()
    status = await bot.host.views.status(table.game_id)
    assert status.outcome is not None and status.outcome.kind == "solo"
    assert not status.outcome.winners  # the random policy loses to the round clock
    r = await alice.slash("game status", channel=chan)
    assert "Solo game lost" in r.content
    assert not any(medal in r.content for medal in "🥇🥈🥉"), r.content

    # Stats of a kind without finished games name it; the kind played is counted.
    r = await alice.slash("game stats", channel=chan, game="downfall")
    assert "You have no finished games of The Downfall of Pompeii in this server yet" in (
        r.content
    ), r.content
    r = await alice.slash("game stats", channel=chan, game="workers")
    assert "1 game" in r.content

    # `/help` names every command there is.
    help_text = await help_read(alice, chan)
    assert "**The games**" in help_text
    game = next(c for c in bot.tree.get_commands() if c.name == "game")
    for sub in game.commands:  # type: ignore[attr-defined]
        assert f"/game {sub.name}" in help_text, sub.name
    for name in ("move", "hand", "help"):
        assert f"/{name}" in help_text
    assert "`text:True`" in help_text
