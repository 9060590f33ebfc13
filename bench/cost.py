"""What one move costs: ``python -m bench cost [moves] [show]`` (issue 43; ``show`` lists the
statements of one move).

A Downfall game between two players through the loopback Discord (``sandbox/fake``), the real
bot on SQLite and, when PostgreSQL is installed, on a throwaway PostgreSQL server: each move is
a ``/move``, answered and announced (the board in the channel, the next player's DM), then the
bot is idle. Per move: the statements and commits the database was sent (``storage.tally``:
the move itself and everything its delivery writes and reads) and the bot process's CPU time
(every thread: the event loop, the database's, the pictures'), as medians, and the host's move
alone (``host.moves.act``) beside it.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot import create_bot
from cogs.runtime import VesuviusBot, warm_up_renderers
from host import TableOptions
from sandbox.fake import FakeDiscord, bot_running
from tests.pg import Cluster, bindir

MOVES = 40
WARM_UP = 4
"""Moves not counted: the first ones pay for caches (fonts, the palette, prepared statements)."""


async def _game(bot: VesuviusBot, guild: int, channel: int, users: list[int]) -> int:
    status = await bot.host.tables.create_game(
        guild, channel, users[0], TableOptions(kind="downfall", players=2)
    )
    for u in users[1:]:
        await bot.host.tables.join(status.game_id, u)
    await bot.host.tables.start(status.game_id, users[0])
    await bot.flows.delivery.announce(status.game_id)
    await bot.flows.idle()
    return status.game_id


async def _measure(target: str | Path, moves: int) -> tuple[dict[str, list[float]], list[str]]:
    """The costs of ``moves`` moves, and the statements of the last one."""
    out: dict[str, list[float]] = {"statements": [], "commits": [], "cpu": []}
    last: list[str] = []
    async with FakeDiscord(echo=False) as fake:
        overrides: dict[str, Any] = (
            {"database_url": target} if isinstance(target, str) else {"db_path": target}
        )
        bot = create_bot(sync_commands=True, **overrides)
        async with bot_running(fake, bot):
            chan = fake.default_guild.channel("general")
            players = [await fake.user("alice"), await fake.user("bob")]
            by_id = {u.id: u for u in players}
            game = await _game(bot, fake.default_guild.id, chan.id, list(by_id))
            tally = bot.host.db.tally
            played = 0
            while played < moves + WARM_UP:
                status = await bot.host.views.status(game)
                if status.status != "active":
                    game = await _game(bot, fake.default_guild.id, chan.id, list(by_id))
                    continue
                user_id = status.waiting_on[0].user_id
                assert user_id is not None
                legal = await bot.host.decisions.legal_choices(game, user_id)
                tally.seen = last = []
                before, cpu = tally.mark(), time.process_time()
                await by_id[user_id].slash("move", channel=chan, action=legal[0].notation)
                await bot.flows.idle()
                spent = time.process_time() - cpu
                tally.seen = None
                cost = tally.since(before)
                played += 1
                if played > WARM_UP:
                    out["statements"].append(cost.statements)
                    out["commits"].append(cost.commits)
                    out["cpu"].append(spent * 1000)
    return out, last


def _report(name: str, measured: tuple[dict[str, list[float]], list[str]], show: bool) -> None:
    found, last = measured
    med = {k: statistics.median(v) for k, v in found.items()}
    print(
        f"{name}: per /move (answered and announced), median of {len(found['cpu'])}: "
        f"{med['statements']:.0f} statements, {med['commits']:.0f} commits, "
        f"bot CPU {med['cpu']:.1f} ms (max {max(found['statements']):.0f} statements, "
        f"{max(found['commits']):.0f} commits)",
        flush=True,
    )
    if show:
        print(f"  the statements of the last move ({len(last)}), in order:")
        for sql in last:
            print(f"    {sql[:110]}")


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    show = "show" in args
    args = [a for a in args if a != "show"]
    if len(args) > 1 or not all(a.isdigit() for a in args):
        raise SystemExit("bench cost: usage: python -m bench cost [moves] [show]")
    moves = int(args[0]) if args else MOVES
    warm_up_renderers()
    with tempfile.TemporaryDirectory(prefix="bench-cost-") as tmp:
        _report("SQLite", asyncio.run(_measure(Path(tmp) / "cost.sqlite3", moves)), show)
    bin_ = bindir()
    if bin_ is None:
        print("PostgreSQL: not installed (apt-get install postgresql): not measured")
        return
    cluster = Cluster(bin_, durable=True)
    cluster.start()
    try:
        cluster.admin("CREATE DATABASE cost TEMPLATE template0")
        _report("PostgreSQL", asyncio.run(_measure(cluster.url("cost"), moves)), show)
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
