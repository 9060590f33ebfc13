"""``python -m bench scale``'s measurement through the loopback Discord (issue 29), at a tiny
size: real bot processes on two shards of one PostgreSQL answer the players' ``/move`` in
servers of both shards, and what the bench reports is what the players saw. Behaviour only:
every move is answered, within a generous deadline (the bench, not this test, times them)."""

from __future__ import annotations

from pathlib import Path

from bench import scale_bot
from bench.scale import _seed
from tests.cogs.helpers import WAIT
from tests.pg import Cluster
from tests.sandbox.shard_bots import start_zygote, stop_zygote


async def test_players_on_both_shards_get_their_moves_answered(
    pg_cluster: Cluster, tmp_path: Path
) -> None:
    zygote = await start_zygote(tmp_path / "bots.log")
    try:
        run = await scale_bot.measure(
            "PostgreSQL, 2 processes",
            zygote,
            pg_cluster.new_database(),
            processes=2,
            servers=4,
            games=40,
            seconds=3.0,
            alone=3,
            seed=_seed,
            deadline=WAIT,  # behaviour, not speed: every move answered (the bench times it)
        )
    finally:
        await stop_zygote(zygote)
    assert run.alone.moves == 3 and len(run.alone.replies) == 3
    assert run.loaded.moves > 0 and len(run.loaded.replies) == run.loaded.moves
    assert run.alone.failed == run.loaded.failed == 0
    assert set(run.loaded.served) == {0, 1}  # both processes answered moves
    assert run.cpu.bots > 0 and run.rate > 0
    # What the bots sent while they played, counted in the bot processes: a move is at least
    # its own commit, and reads and writes beside it.
    assert run.commits >= run.loaded.moves and run.statements > run.commits
