"""How a game ends when its humans leave (issue 44, item 4): the last human who resigns leaves
the game to the AIs, who finish it with a final board, and resigning counts as a loss."""

from __future__ import annotations

from typing import Any

from tests.cogs.helpers import WATCH, boards, help_read, open_game, until


async def test_the_last_human_to_resign_leaves_the_game_to_the_ais_who_finish_it(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(ai_pace=0.0), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    r = await alice.slash("game resign", channel=chan)
    assert "an AI plays their seat" in r.content
    r = await bob.slash("game resign", channel=chan)
    assert not r.ephemeral and "resigned" in r.content
    # Not "so game #1 ends": the AIs play every seat out and the final board comes here.
    assert "so game" not in r.content and "the AIs play it out" in r.content, r.content

    async def finished() -> bool:
        return (await bot.host.views.status(game_id)).status == "finished"

    await until(finished)
    await bot.flows.idle()
    status = await bot.host.views.status(game_id)
    assert status.outcome is not None and all(s.resigned for s in status.seats)
    final = boards(chan)[-1]
    assert "Final ranking" in final.content and "Waiting for" not in final.content
    # Resigning counts as a loss: both share last place, neither won (docs/ratings.md).
    for user in (alice, bob):
        stats = await user.slash("game stats", channel=chan, game="downfall")
        assert "1 game, 0 won" in stats.content, stats.content
    help_text = await help_read(alice, chan)
    assert "AI" in help_text and "call it off" in help_text
