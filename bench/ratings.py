"""Ratings benchmarks: ``python -m bench.ratings`` (or ``python -m bench ratings``).

Prints medians of, on a database of 100,000 finished games (5 servers, 300 players each, 2–4
seats a game):
1. ``/game leaderboard``'s host call (one page of a server's board of one game kind);
2. the rating update at a game's end (``storage.ratings.record_game``: results rows, the
   players' ratings, in the last move's transaction);
and once, the full rebuild (``python -m storage.ratings --rebuild``).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

import orjson

from host import FakeClock, Host, HostOptions
from storage.ratings import rebuild, record_game
from storage.schema import configure, migrate
from storage.sqlite import SQLITE

GAMES = 100_000
GUILDS = 5
PLAYERS = 300


def build(path: Path) -> None:
    """Finished games written directly (rows only: the ratings read no state)."""
    rng = random.Random(27)
    conn = SQLITE.connect(path)
    configure(conn)
    migrate(conn)
    games, seats, events = [], [], []
    for gid in range(1, GAMES + 1):
        guild = 1 + gid % GUILDS
        n = rng.choice((2, 3, 4))
        users = rng.sample(range(PLAYERS), n)
        places = list(range(1, n + 1))
        rng.shuffle(places)
        outcome = orjson.dumps(
            {"places": places, "winners": [places.index(1)], "scores": [], "kind": "ranking"}
        )
        at = 1.7e9 + gid * 60.0
        games.append((gid, "toy", guild, 10_000 + gid, users[0], b"{}", gid, n, 1, outcome, at, at))
        seats += [(gid, s, guild * 1000 + u, at) for s, u in enumerate(users)]
        events.append((gid, 1, 0, users[0], "player", "pass", "Pass", b"[]", at))
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO games (id, kind, guild_id, channel_id, creator_id, status, options, seed, "
        "players, version, outcome, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, 'finished', ?, ?, ?, ?, ?, ?, ?)",
        games,
    )
    conn.executemany(
        "INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (?, ?, ?, ?)", seats
    )
    conn.executemany(
        "INSERT INTO events (game_id, seq, seat, user_id, by, action, label, events, at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        events,
    )
    conn.execute("COMMIT")
    t = time.perf_counter()
    rebuild(conn)
    print(f"rebuild of {GAMES:,} finished games: {time.perf_counter() - t:.1f} s")
    conn.close()


async def bench_leaderboard(path: Path) -> None:
    host = await Host.open(path, HostOptions(clock=FakeClock()))
    try:
        times = []
        for i in range(60):
            t = time.perf_counter()
            board = await host.records.leaderboard(1 + i % GUILDS, "toy", i % 10)
            times.append(time.perf_counter() - t)
            assert board.ranked
        print(f"leaderboard page (host call): median {statistics.median(times) * 1000:.2f} ms")
    finally:
        await host.close()


def bench_update(path: Path) -> None:
    conn = SQLITE.connect(path)
    times = []
    for _ in range(200):
        conn.execute("BEGIN IMMEDIATE")
        t = time.perf_counter()
        record_game(conn, GAMES)  # the newest game: rated as if it had just ended
        times.append(time.perf_counter() - t)
        conn.execute("ROLLBACK")
    conn.close()
    print(f"rating update at a game's end: median {statistics.median(times) * 1000:.3f} ms")


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-ratings-") as d:
        path = Path(d) / "ratings.db"
        build(path)
        asyncio.run(bench_leaderboard(path))
        bench_update(path)


if __name__ == "__main__":
    main()
