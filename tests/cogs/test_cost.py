"""What a move costs the database through the bot (issue 43; ``python -m bench cost`` prints
the figures): on SQLite two commits, the move and its delivery's record (the decisions told,
the outbox marked); a process alone writes no claims; the scheduler's pass over a move its
flow already announced costs one read."""

from __future__ import annotations

from typing import Any

from tests.cogs.helpers import WATCH, pick, two_player_game

WRITES = ("INSERT", "UPDATE", "DELETE")


async def test_a_move_announced_costs_two_commits_and_no_claim(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, game_id, mover = await two_player_game(fake_discord, bot)
    await bot.flows.idle()
    legal = [c.notation for c in await bot.host.decisions.legal_choices(game_id, mover.id)]
    tally = bot.host.db.tally
    seen: list[str] = []
    tally.seen, before = seen, tally.mark()
    await mover.slash("move", channel=chan, action=pick(legal))
    await bot.flows.idle()
    tally.seen = None
    cost = tally.since(before)
    moves = [s for s in seen if s.startswith("INSERT INTO events")]
    claims = [s for s in seen if "claims" in s and s.split()[0] in WRITES]
    assert len(moves) == 1 and not claims  # SQLite: one process, nobody to keep out
    assert cost.commits == 2, seen  # the move, and what its delivery did (DMs, outbox marked)
    # The scheduler's pass over the move the flow announced finds nothing left: one read.
    seen.clear()
    tally.seen = seen
    await bot.flows.delivery.announce(game_id, unsent_only=True)
    tally.seen = None
    reads = [s for s in seen if "FROM outbox" in s]  # (the scheduler's loop may look too)
    assert len(reads) == 1 and not [s for s in seen if s.split()[0] in WRITES], seen
