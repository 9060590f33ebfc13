"""AI decisions run in worker processes, not in the bot's own process (a search there would hold
the interpreter lock against every other table's replies), and give the same moves."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from host import AiRunner, FakeClock, RandomChooser
from tests.host.conftest import OpenHost
from tests.host.helpers import USERS, started_game

A = USERS[0]


class RecordingChooser(RandomChooser):
    """A random chooser that writes the id of the process it ran in to a file."""

    def __init__(self, record: Path) -> None:
        self.record = record

    def choose(self, game: Any, heuristics: Any, state: Any, seat: int, seed: int) -> Any:
        with self.record.open("a") as f:
            f.write(f"{os.getpid()}\n")
        return super().choose(game, heuristics, state, seat, seed)


async def test_an_ai_seat_decides_in_a_worker_process_with_the_same_result(
    hosts: OpenHost, tmp_path: Path
) -> None:
    record = tmp_path / "pids.txt"
    chooser = RecordingChooser(record)
    in_process = await hosts(
        tmp_path / "pool.db", FakeClock(), chooser=chooser, ai_executor=None, ai_workers=1
    )
    workers = await in_process.ai.warm_up()
    assert workers and os.getpid() not in workers
    game = (await started_game(in_process, players=2, ai_seats=1)).game_id
    await in_process.act(game, A, "pass")  # then the AI seat (seat 1, seated as joined) moves
    notes = await in_process.run_due()
    assert [n.by for n in notes] == ["ai"]
    pids = {int(line) for line in record.read_text().split()}
    assert pids and os.getpid() not in pids and pids <= workers
    # The same seed and state give the same move in this process.
    log = await in_process.log(game)
    threads = await hosts(tmp_path / "threads.db", FakeClock(), chooser=RandomChooser())
    again = (await started_game(threads, players=2, ai_seats=1)).game_id
    await threads.act(again, A, "pass")
    await threads.run_due()
    assert [e.notation for e in await threads.log(again)] == [e.notation for e in log]


def test_the_pool_is_one_fewer_than_the_cores_and_at_least_one() -> None:
    cores = os.cpu_count() or 2
    assert AiRunner().workers == max(1, cores - 1)
    assert AiRunner(workers=0).workers == 1


def test_every_plugins_rules_and_heuristics_reach_a_worker_process() -> None:
    import pickle

    from plugins import PLUGINS

    for plugin in PLUGINS:
        game, heuristics = pickle.loads(pickle.dumps((plugin.engine, plugin.heuristics)))
        assert game.key == plugin.key and heuristics() is not None
