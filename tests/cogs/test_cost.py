"""What a move costs the database through the bot (issue 43; ``python -m bench cost`` prints
the figures): on SQLite at most 12 statements and two commits, the move and its delivery's
record (the decisions told, the outbox marked); a process alone writes no claims; the
delivery's reads (the board's words, what is unsent) come from the game's recent past in
memory; a move that leaves nothing due before the scheduler's next look does not wake it; the
scheduler's pass over a move its flow already announced costs no statement."""

from __future__ import annotations

from typing import Any

from tests.cogs.helpers import WATCH, pick, two_player_game, until

WRITES = ("INSERT", "UPDATE", "DELETE")
MOST = 12
"""Statements a move answered and announced may cost (issue 43's target; 12 when written)."""


async def test_a_move_announced_costs_two_commits_few_statements_and_no_claim(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    # The scheduler sleeps as the bot's does (not the tests' 50 ms): only what the move
    # causes is counted.
    bot = await start_bot(make_bot(scheduler_max_sleep=60.0), watch_loggers=WATCH)
    chan, game_id, _first = await two_player_game(fake_discord, bot)
    players = {u.id: u for u in [await fake_discord.user(n) for n in ("alice", "bob")]}
    await bot.flows.idle()
    tally = bot.host.db.tally
    seen: list[str] = []
    for _ in range(3):  # several moves, boards and not
        status = await bot.host.views.status(game_id)
        mover = players[status.waiting_on[0].user_id]
        legal = [c.notation for c in await bot.host.decisions.legal_choices(game_id, mover.id)]

        async def asleep() -> bool:  # the scheduler's own look (after the start) is over
            return bool(bot.scheduler_asleep)

        await until(asleep)
        seen = []
        tally.seen, before = seen, tally.mark()
        await mover.slash("move", channel=chan, action=pick(legal))
        await bot.flows.idle()
        tally.seen = None
        cost = tally.since(before)
        moves = [s for s in seen if s.startswith("INSERT INTO events")]
        claims = [s for s in seen if "claims" in s and s.split()[0] in WRITES]
        assert len(moves) == 1 and not claims  # SQLite: one process, nobody to keep out
        assert cost.commits == 2, seen  # the move, and what its delivery did
        assert cost.statements <= MOST, seen
        assert not [s for s in seen if "FROM outbox" in s or "FROM events" in s], seen
    # The scheduler's pass over the move the flow announced finds nothing left, in memory.
    seen.clear()
    tally.seen = seen
    await bot.flows.delivery.announce(game_id, unsent_only=True)
    tally.seen = None
    assert not [s for s in seen if "outbox" in s], seen
