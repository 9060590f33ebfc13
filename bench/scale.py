"""Scaling past one process: ``python -m bench scale`` (issue 29).

Configurations: one bot process on SQLite (the default deployment), and 1, 2 and 4 processes on
one PostgreSQL (a throwaway server started here with PostgreSQL's durable defaults: fsync on,
every commit flushed, as SQLite's ``synchronous=FULL``), each process on its own shard. Each
run gets a fresh database of ``GAMES`` active Downfall games (3 players) in ``GAMES / 10``
servers, seeded directly (one game started through the host, its rows copied in SQL).

1. **The host's call**: every process drives moves through the host (``act``: the copy of the
   game checked against the database when shared, the rules, the commit) for ``SECONDS`` on its
   own share of the games, ``TABLES`` players at once per process: moves per second, ``act``
   median and p95.
2. **``/move`` → its answer through the loopback Discord** (:mod:`bench.scale_bot`): the real
   bot processes on their shards, players sending ``/move`` (after its autocomplete) in the
   servers: one player alone first (what a player gets from a bot that is not busy), then
   ``scale_bot.PLAYERS`` players at once per process: moves per second, answer median and p95.
   The board each move posts, the next player's DM and the autocomplete lists run too.
3. **As the games grow**: both measurements for SQLite and for 2 PostgreSQL processes at
   ``GROWTH`` active games beside ``GAMES``.

Every figure is also printed as a ratio to SQLite's in the same run. Options:
``python -m bench.scale [seconds] [games]``; about 10 minutes with the defaults.
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

from bench import scale_bot
from host import FakeClock, Host, HostError, HostOptions, TableOptions
from storage.rows import SEAT_COLUMNS
from storage.writes import transaction
from tests.pg import Cluster, bindir
from tests.sandbox.shard_bots import start_zygote, stop_zygote

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


async def _seed(
    database: str | Path,
    games: int,
    users: tuple[int, ...] = USERS,
    places: list[tuple[int, int]] | None = None,
    seated: list[tuple[int, ...]] | None = None,
) -> None:
    """``games`` started games of ``users`` in ``SERVERS`` servers: one through the host, the
    rest copied; ``places``: each game's ``(server, channel)`` (default: made-up ids);
    ``seated``: each game's players in seat order (default: ``users`` everywhere)."""
    host = await Host.open(database, HostOptions(clock=FakeClock(), ai_workers=1))
    opts = TableOptions(kind="downfall", players=3, seat_order="joined")
    guild, channel = places[0] if places else (1, 1)
    users = seated[0] if seated else users
    first = (await host.tables.create_game(guild, channel, users[0], opts)).game_id
    for user in users[1:]:
        await host.tables.join(first, user)
    await host.tables.start(first, users[0])
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
            if places:
                c.executemany(
                    "UPDATE games SET guild_id = ?, channel_id = ? WHERE id = ?",
                    [(g, ch, first + i) for i, (g, ch) in enumerate(places[1:games], start=1)],
                )
            if seated:
                c.executemany(
                    "UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                    [
                        (user, first + i, seat)
                        for i, players in enumerate(seated[1:games], start=1)
                        for seat, user in enumerate(players)
                    ],
                )

    await host.db.run(copy)
    await host.db.run(lambda c: c.dialect.continue_ids(c))
    # The seeding's writes flushed now, not during the measurement that follows.
    checkpoint = (
        "CHECKPOINT" if host.db.dialect.name == "postgresql" else "PRAGMA wal_checkpoint(TRUNCATE)"
    )
    await host.db.run(lambda c: c.execute(checkpoint))
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
            status = await host.views.status(game)
            if status.status != "active":
                game = rng.choice(mine)
                continue
            seat = status.waiting_on[0]
            assert seat.user_id is not None
            try:  # another player of this process may have moved in this game meanwhile
                choice = rng.choice(await host.decisions.legal_choices(game, seat.user_id))
                t = time.perf_counter()
                await host.moves.act(game, seat.user_id, choice.notation, seat.token)
            except HostError:
                game = rng.choice(mine)
                continue
            latencies.append(time.perf_counter() - t)
            if rng.random() < 0.2:  # players come and go: other games get their turn
                game = rng.choice(mine)

    await asyncio.gather(*(player() for _ in range(TABLES)))
    await host.close()
    return len(latencies), latencies


def _worker(args: tuple[str, bool, int, int, int, float], start: Any, out: Any) -> None:
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


class Databases:
    """A fresh database per run: a SQLite file, or a database of one throwaway PostgreSQL server
    (PostgreSQL's durable defaults)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.made = 0
        bin_ = bindir()
        self.cluster: Cluster | None = None if bin_ is None else Cluster(bin_, durable=True)

    def __enter__(self) -> Databases:
        if self.cluster is not None:
            self.cluster.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.cluster is not None:
            self.cluster.stop()

    def new(self, postgres: bool) -> str:
        self.made += 1
        if not postgres:
            return str(self.folder / f"scale{self.made}.db")
        assert self.cluster is not None
        self.cluster.admin(f"CREATE DATABASE scale{self.made} TEMPLATE template0")
        return str(self.cluster.url(f"scale{self.made}"))


CONFIGS: tuple[tuple[str, bool, int], ...] = (
    ("SQLite, 1 process", False, 1),
    ("PostgreSQL, 1 process", True, 1),
    ("PostgreSQL, 2 processes", True, 2),
    ("PostgreSQL, 4 processes", True, 4),
)
"""Name, whether on PostgreSQL, bot processes."""
GROWTH = (1_000, 50_000)
"""Active games measured beside :data:`GAMES` (ten a server), for SQLite and 2 PostgreSQL
processes."""
ALONE = 30
"""Moves of one player alone, for the answer a bot that is not busy gives."""


def _host_run(dbs: Databases, config: tuple[str, bool, int], games: int, seconds: float) -> Run:
    name, postgres, parts = config
    database = dbs.new(postgres)
    asyncio.run(_seed(database, games))
    return _run(name, database, postgres, parts, games, seconds)


async def _bot_runs(
    dbs: Databases, wanted: list[tuple[tuple[str, bool, int], int]], seconds: float, log: Path
) -> list[scale_bot.BotRun]:
    zygote = await start_zygote(log)
    try:
        return [
            await scale_bot.measure(
                name, zygote, dbs.new(pg), parts, max(1, games // 10), games, seconds, ALONE, _seed
            )
            for (name, pg, parts), games in wanted
        ]
    finally:
        await stop_zygote(zygote)


def _ms(values: list[float], q: float | None = None) -> float:
    if q is None:
        return statistics.median(values) * 1e3
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1e3


def main(argv: list[str] | None = None) -> None:
    """``python -m bench scale [seconds] [games]``."""
    args = sys.argv[1:] if argv is None else argv
    try:
        seconds = float(args[0]) if args else SECONDS
        games = int(args[1]) if len(args) > 1 else GAMES
    except ValueError:
        raise SystemExit("bench scale: usage: python -m bench scale [seconds] [games]") from None
    if len(args) > 2:
        raise SystemExit("bench scale: usage: python -m bench scale [seconds] [games]")
    with tempfile.TemporaryDirectory(prefix="vesuvius-scale-") as tmp, Databases(Path(tmp)) as dbs:
        configs = CONFIGS if dbs.cluster is not None else CONFIGS[:1]
        if dbs.cluster is None:
            print("no PostgreSQL (apt-get install postgresql): only SQLite measured")
        runs = [_host_run(dbs, c, games, seconds) for c in configs]
        growing = [c for c in configs if c[2] == (2 if c[1] else 1)]
        grown = {(c[0], n): _host_run(dbs, c, n, seconds) for n in GROWTH for c in growing}
        wanted = [(c, games) for c in configs] + [(c, n) for n in GROWTH for c in growing]
        bots = asyncio.run(_bot_runs(dbs, wanted, seconds, Path(tmp) / "bots.log"))
    for r in runs:
        grown[(r.name, games)] = r
    print(f"{games} active games in {games // 10} servers, {os.cpu_count()} cores")
    base = runs[0]
    print(
        f"\nThe host's /move call (act) alone: {TABLES} players at once per process, "
        f"{seconds:.0f} s"
    )
    for r in runs:
        print(
            f"  {r.name:24s} {r.rate:7.0f} moves/s ({r.rate / base.rate:4.2f}x)  "
            f"act median {_ms(r.latencies):6.1f} ms "
            f"({_ms(r.latencies) / _ms(base.latencies):4.2f}x)  "
            f"p95 {_ms(r.latencies, 0.95):6.1f} ms "
            f"({_ms(r.latencies, 0.95) / _ms(base.latencies, 0.95):4.2f}x)"
        )
    print(
        "\n/move -> its answer through the loopback Discord (real bot processes: the board, the "
        f"DMs and autocomplete included); one player alone ({ALONE} moves), then "
        f"{scale_bot.PLAYERS} players at once per process for {seconds:.0f} s"
    )
    first = bots[0]
    for b in bots[: len(configs)]:
        alone, loaded = b.alone.replies, b.loaded.replies
        print(
            f"  {b.name:24s} {b.rate:5.1f} moves/s ({b.rate / first.rate:4.2f}x)  "
            f"alone median {_ms(alone):5.0f} ms p95 {_ms(alone, 0.95):5.0f} ms "
            f"({_ms(alone) / _ms(first.alone.replies):4.2f}x)  "
            f"loaded median {_ms(loaded):5.0f} ms p95 {_ms(loaded, 0.95):5.0f} ms "
            f"({_ms(loaded) / _ms(first.loaded.replies):4.2f}x)  "
            f"refused {b.loaded.refused}, no answer {b.loaded.failed + b.alone.failed}"
        )
        print(
            f"  {'':24s} per move: {b.per_move(b.statements):5.1f} statements, "
            f"{b.per_move(b.commits):4.2f} commits, bot CPU {b.per_move(b.cpu.bots) * 1e3:5.1f} ms "
            f"(all a move causes: its board, DMs, autocomplete, the scheduler)"
        )
        print(
            f"  {'':24s} CPU while loaded: bot processes {b.cpu.bots:4.1f} s, the loopback "
            f"Discord and its players {b.cpu.fake:4.1f} s, the rest (PostgreSQL) "
            f"{b.cpu.rest:4.1f} s, of {b.seconds * (os.cpu_count() or 1):.0f} s"
        )
    print("\nAs the active games grow (ten a server)")
    by_games = {(b.name, n): b for b, (_, n) in zip(bots, wanted, strict=True)}
    for n in sorted({games, *GROWTH}):
        for c in growing:
            h, b = grown[(c[0], n)], by_games[(c[0], n)]
            print(
                f"  {n:6d} games  {c[0]:24s} act {h.rate:5.0f} moves/s, median "
                f"{_ms(h.latencies):5.1f} ms  |  bot {b.rate:5.1f} moves/s, alone median "
                f"{_ms(b.alone.replies):4.0f} ms, loaded median {_ms(b.loaded.replies):4.0f} ms "
                f"p95 {_ms(b.loaded.replies, 0.95):5.0f} ms"
            )


if __name__ == "__main__":
    main()
