"""Shared helpers for host tests: open a host on a temp file, seat players, play random moves."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from host import FakeClock, Host, HostOptions, TableOptions
from host.model import GameStatus, MoveResult
from storage.backends import connect  # noqa: F401  (re-exported for the tests)
from tests.toy import games

USERS = (101, 202, 303, 404)
GUILD = 7
THREADS = ThreadPoolExecutor(4, thread_name_prefix="test-ai")
"""Where host tests run AI decisions: threads, so test choosers need not pickle (the process
pool the bot uses is tested on its own in test_ai_processes.py)."""


class Seeds:
    """A deterministic seed source, so games (and seat orders) repeat between runs."""

    def __init__(self, start: int = 1000) -> None:
        self.next = start

    def __call__(self) -> int:
        self.next += 1
        return self.next


async def open_host(path: Path | str, clock: FakeClock, **kwargs: Any) -> Host:
    kwargs.setdefault("seed_source", Seeds())
    kwargs.setdefault("games", games)
    kwargs.setdefault("ai_executor", THREADS)
    return await Host.open(path, HostOptions(clock=clock, **kwargs))


async def started_game(
    host: Host,
    channel: int = 500,
    players: int = 3,
    *,
    kind: str = "toy",
    **options: Any,
) -> GameStatus:
    """A started game in ``channel`` with ``USERS[:players]`` seated in join order."""
    options.setdefault("seat_order", "joined")
    status = await host.tables.create_game(
        GUILD, channel, USERS[0], TableOptions(kind=kind, players=players, **options)
    )
    for user in USERS[1 : players - int(options.get("ai_seats", 0))]:
        await host.tables.join(status.game_id, user)
    started = await host.tables.start(status.game_id, USERS[0])
    return started.status


async def waited_user(host: Host, game_id: int) -> int:
    status = await host.views.status(game_id)
    user = status.waiting_on[0].user_id
    assert user is not None
    return user


async def random_move(host: Host, game_id: int, rng: random.Random) -> MoveResult | None:
    """Play one random legal move for the seat the game waits on (None once it is over)."""
    status = await host.views.status(game_id)
    if status.status != "active":
        return None
    seat = status.waiting_on[0]
    assert seat.user_id is not None
    choices = await host.decisions.legal_choices(game_id, seat.user_id)
    if not choices:  # more than 25 legal actions are cut off; any listed one is legal
        raise AssertionError("a waited-on seat must have a legal action")
    choice = rng.choice(choices)
    return await host.moves.act(game_id, seat.user_id, choice.notation, seat.token)
