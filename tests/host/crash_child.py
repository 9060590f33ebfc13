"""The child of the crash test: plays random legal Downfall moves in channel 1 forever (now and
then letting a deadline pass so the scheduler's timeout move is written instead), printing
``game_id version`` after each move is acknowledged (returned to the caller), until killed.

The crash test forks it from the test process (``main``); it also runs on its own:
``python -m tests.host.crash_child DBFILE SEED``.
"""

from __future__ import annotations

import asyncio
import random
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TextIO

from host import Host, HostOptions, MoveResult, TableOptions

CHANNEL = 1
USERS = (11, 22, 33)
LATE = 8 * 24 * 3600.0  # past any deadline


async def main(path: str, seed: int, out: TextIO = sys.stdout) -> None:
    rng = random.Random(seed)
    host = await Host.open(
        path,
        HostOptions(seed_source=lambda: rng.randrange(1 << 62), ai_executor=ThreadPoolExecutor(1)),
    )
    while True:
        status = await host.views.game_in_channel(CHANNEL)
        if status is None:
            status = await host.tables.create_game(
                1, CHANNEL, USERS[0], TableOptions(kind="downfall")
            )
        if status.status == "lobby":  # new, or killed before it started
            for user in USERS[len(status.seats) : rng.choice((2, 3))]:
                await host.tables.join(status.game_id, user)
            status = (await host.tables.start(status.game_id, USERS[0])).status
        if rng.random() < 0.1:  # now and then a player runs out of time (the scheduler moves)
            results = [
                n
                for n in await host.scheduler.run_due(now=time.time() + LATE)
                if isinstance(n, MoveResult)
            ]
        else:
            seat = status.waiting_on[0]
            assert seat.user_id is not None
            choice = rng.choice(await host.decisions.legal_choices(status.game_id, seat.user_id))
            results = [
                await host.moves.act(status.game_id, seat.user_id, choice.notation, seat.token)
            ]
        for result in results:
            out.write(f"{result.game_id} {result.version}\n")
        out.flush()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
