"""Scaling past one process: ``python -m bench scale`` (issue 29).

A database of ``SERVERS`` servers and ``GAMES`` active Downfall games (3 players, seeded
directly: one game started through the host, its rows copied in SQL), then every bot process
drives moves for ``SECONDS`` on its own share of the games (as shards split servers), with
``TABLES`` players moving at once per process. Configurations: one process on SQLite (the
default deployment), and 1, 2 and 4 processes on one PostgreSQL (a throwaway server started here
with PostgreSQL's durable defaults: fsync on, every commit flushed, as SQLite's
``synchronous=FULL``; or ``VESUVIUS_BENCH_DATABASE_URL``, an empty database).

Per configuration: moves per second, and the latency of the ``/move``'s host call (``act``:
the copy of the game checked against the database when shared, the rules, the commit) median and
p95, each as a ratio to SQLite's. Discord's round trip and the board's rendering, which a
``/move`` also waits for, are the same in every configuration and left out (``bench.bot``
measures them). Options: ``python -m bench.scale [seconds] [games]``.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from host import FakeClock, Host, HostError, HostOptions, TableOptions
from storage.rows import SEAT_COLUMNS
from storage.writes import transaction
from tests.pg import Cluster, bindir

SERVERS = 1000
GAMES = 10_000
SECONDS = 20.0
TABLES = 24
"""Players moving at once in each process (each in a game of their own at a time)."""
USERS = (11, 22, 33)


@dataclass(frozen=True)
class Run:
    name: str
    moves: int
    seconds: float
    latencies: list[float]

    @property
    def rate(self) -> float:
        return self.moves / self.seconds

    def quantile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _seed(database: str | Path, games: int) -> None:
    """``games`` started games in ``SERVERS`` servers: one through the host, the rest copied."""
    host = await Host.open(database, HostOptions(clock=FakeClock(), ai_workers=1))
    opts = TableOptions(kind="downfall", players=3, seat_order="joined")
    first = (await host.create_game(1, 1, USERS[0], opts)).game_id
    for user in USERS[1:]:
        await host.join(first, user)
    await host.start(first, USERS[0])
    seat_cols = ", ".join(c.strip() for c in SEAT_COLUMNS.split(",") if c.strip() != "game_id")
    numbers = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "

    def copy(c: Any) -> None:
        with transaction(c):
            c.execute("UPDATE outbox SET sent_at = created_at WHERE game_id = ?", (first,))
            c.execute(
                numbers + "INSERT INTO games (id, kind, guild_id, channel_id, creator_id, status, "
                "options, seed, players, version, turn_started, deadline, reminders_done, "
                "next_due, outcome, created_at, updated_at, revision) "
                "SELECT t.id + n.i, t.kind, 1000 + n.i % ?, 100000 + n.i, t.creator_id, t.status, "
                "t.options, t.seed + n.i, t.players, t.version, t.turn_started, t.deadline, "
                "t.reminders_done, t.next_due, t.outcome, t.created_at, t.updated_at, t.revision "
                "FROM games t, n WHERE t.id = ?",
                (games - 1, SERVERS, first),
            )
            for table, cols in (
                ("seats", seat_cols),
                ("snapshots", "seq, state"),
                ("outbox", "version, note, board, created_at, sent_at, quiet"),
            ):
                c.execute(
                    numbers + f"INSERT INTO {table} (game_id, {cols}) "
                    f"SELECT t.game_id + n.i, {cols} FROM {table} t, n WHERE t.game_id = ?",
                    (games - 1, first),
                )

    await host.db.run(copy)
    if host.db.dialect == "postgresql":
        await host.db.run(
            lambda c: c.execute(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), max(id)) FROM games"
            )
        )
    await host.close()


async def _drive(
    database: str, shared: bool, part: int, parts: int, games: int, seconds: float, start: Any
) -> tuple[int, list[float]]:
    host = await Host.open(database, HostOptions(ai_workers=1, shared=shared))
    mine = [g for g in range(1, games + 1) if g % parts == part]
    rng = random.Random(part)
    latencies: list[float] = []
    start.wait()
    end = time.perf_counter() + seconds

    async def player() -> None:
        game = rng.choice(mine)
        while time.perf_counter() < end:
            status = await host.status(game)
            if status.status != "active":
                game = rng.choice(mine)
                continue
            seat = status.waiting_on[0]
            assert seat.user_id is not None
            try:  # another player of this process may have moved in this game meanwhile
                choice = rng.choice(await host.legal_choices(game, seat.user_id))
                t = time.perf_counter()
                await host.act(game, seat.user_id, choice.notation, seat.token)
            except HostError:
                game = rng.choice(mine)
                continue
            latencies.append(time.perf_counter() - t)
            if rng.random() < 0.2:  # players come and go: other games get their turn
                game = rng.choice(mine)

    await asyncio.gather(*(player() for _ in range(TABLES)))
    await host.close()
    return len(latencies), latencies


def _worker(args: tuple[Any, ...], start: Any, out: Any) -> None:
    out.put(asyncio.run(_drive(*args, start)))


def _run(name: str, database: str, shared: bool, parts: int, games: int, seconds: float) -> Run:
    ctx = multiprocessing.get_context("spawn")
    start, out = ctx.Event(), ctx.Queue()
    procs = [
        ctx.Process(target=_worker, args=((database, shared, k, parts, games, seconds), start, out))
        for k in range(parts)
    ]
    for p in procs:
        p.start()
    time.sleep(3.0)  # imports and opening the database, not measured
    begun = time.perf_counter()
    start.set()
    results = [out.get(timeout=seconds + 300) for _ in procs]  # a worker that died: no hang
    elapsed = time.perf_counter() - begun
    for p in procs:
        p.join()
    moves = sum(m for m, _ in results)
    return Run(name, moves, elapsed, [t for _, lat in results for t in lat])


def _fresh_pg(cluster: Any, name: str) -> str:
    cluster.admin(f"CREATE DATABASE {name} TEMPLATE template0")
    return str(cluster.url(name))


def main(seconds: float = SECONDS, games: int = GAMES) -> None:
    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="vesuvius-scale-") as tmp:
        path = str(Path(tmp) / "scale.db")
        t = time.perf_counter()
        asyncio.run(_seed(path, games))
        print(f"seeded {games} games in {SERVERS} servers: SQLite {time.perf_counter() - t:.1f} s")
        runs.append(_run("SQLite, 1 process", path, False, 1, games, seconds))
        given = os.environ.get("VESUVIUS_BENCH_DATABASE_URL", "")
        cluster = None
        if not given:
            bin_ = bindir()
            if bin_ is None:
                print("no PostgreSQL (apt-get install postgresql): only SQLite measured")
            else:
                cluster = Cluster(bin_, durable=True)
                cluster.start()
        try:
            for parts in (1, 2, 4):
                if cluster is None and not given:
                    break
                url = given if given else _fresh_pg(cluster, f"scale{parts}")
                t = time.perf_counter()
                asyncio.run(_seed(url, games))
                seeded = time.perf_counter() - t
                print(f"seeded {games} games in PostgreSQL ({parts} process run): {seeded:.1f} s")
                name = f"PostgreSQL, {parts} process{'es' if parts > 1 else ''}"
                runs.append(_run(name, url, True, parts, games, seconds))
                if given:
                    break  # a given database is seeded once
        finally:
            if cluster is not None:
                cluster.stop()
    base = runs[0]
    print(
        f"{os.cpu_count()} cores; {TABLES} players at once per process, {seconds:.0f} s each, "
        "latency = the /move's host call (act)"
    )
    for r in runs:
        print(
            f"{r.name:24s} {r.rate:7.0f} moves/s ({r.rate / base.rate:4.2f}x)  "
            f"act median {statistics.median(r.latencies) * 1e3:6.2f} ms "
            f"({statistics.median(r.latencies) / statistics.median(base.latencies):4.2f}x)  "
            f"p95 {r.quantile(0.95) * 1e3:6.2f} ms ({r.quantile(0.95) / base.quantile(0.95):4.2f}x)"
        )


if __name__ == "__main__":
    args = [float(a) for a in sys.argv[1:3]]
    main(*(args[:1] or [SECONDS]), *([int(args[1])] if len(args) > 1 else []))
