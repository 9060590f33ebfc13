"""Host and storage benchmarks: ``python -m bench.host`` (or ``python -m bench host``).

Prints medians of:
1. one ``act`` on a Downfall game already in the cache (parse, apply, views, append + snapshot
   commit), and the commit alone (goal: act ≤ 5 ms median);
2. moves per second across 1,000 games driven concurrently (batched commits);
3. opening a database of 10,000 finished and 1,000 active games until ready to serve (first
   ``run_due`` / ``game_in_channel`` / ``status``), time and memory, in a fresh process
   (goal: ≤ 1 s, ≤ 200 MB).
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from host import FakeClock, Host, HostOptions, TableOptions
from storage.rows import MoveWrite

USERS = (11, 22, 33, 44)


async def _new_game(host: Host, channel: int, players: int = 3) -> int:
    opts = TableOptions(kind="downfall", players=players, seat_order="joined")
    game = (await host.tables.create_game(1, channel, USERS[0], opts)).game_id
    for user in USERS[1:players]:
        await host.tables.join(game, user)
    await host.tables.start(game, USERS[0])
    return game


async def _one_move(host: Host, game: int, rng: random.Random) -> float | None:
    """Pick a random legal move (not timed), then time ``act`` alone; None once over."""
    status = await host.views.status(game)
    if status.status != "active":
        return None
    seat = status.waiting_on[0]
    user = seat.user_id
    assert user is not None
    choice = rng.choice(await host.decisions.legal_choices(game, user))
    start = time.perf_counter()
    await host.moves.act(game, user, choice.notation, seat.token)
    return time.perf_counter() - start


async def bench_act(tmp: Path) -> None:
    host = await Host.open(tmp / "act.db", HostOptions(clock=FakeClock()))
    commits: list[float] = []
    original = host.db.moves.commit_move

    async def timed_commit(move: MoveWrite) -> bool:
        start = time.perf_counter()
        took = await original(move)
        commits.append(time.perf_counter() - start)
        return took

    host.db.moves.commit_move = timed_commit  # type: ignore[method-assign]
    rng = random.Random(1)
    acts: list[float] = []
    channel = 0
    while len(acts) < 600:
        channel += 1
        game = await _new_game(host, channel)
        while (t := await _one_move(host, game, rng)) is not None:
            acts.append(t)
    await host.close()
    assert len(commits) == len(acts)
    rest = [a - c for a, c in zip(acts, commits, strict=True)]
    print(
        f"act (cached game, apply + views + commit): median {statistics.median(acts) * 1e3:.2f} ms"
        f", p90 {statistics.quantiles(acts, n=10)[-1] * 1e3:.2f} ms over {len(acts)} moves"
    )
    print(
        f"  the commit alone (one transaction, synchronous=FULL): median "
        f"{statistics.median(commits) * 1e3:.2f} ms; everything else: median "
        f"{statistics.median(rest) * 1e3:.2f} ms"
    )
    print(
        "  baseline, this disk: a bare SQLite WAL commit of one 2 KB row, synchronous=FULL: "
        f"median {_bare_commit(tmp) * 1e3:.2f} ms"
    )


def _bare_commit(tmp: Path) -> float:
    conn = sqlite3.connect(tmp / "bare.db", isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("CREATE TABLE t (a INTEGER PRIMARY KEY, b BLOB)")
    times = []
    for _ in range(200):
        start = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO t (b) VALUES (?)", (b"x" * 2000,))
        conn.execute("COMMIT")
        times.append(time.perf_counter() - start)
    conn.close()
    return statistics.median(times)


async def bench_throughput(tmp: Path, games: int = 1000, moves_each: int = 10) -> None:
    host = await Host.open(tmp / "many.db", HostOptions(clock=FakeClock()))
    ids = [await _new_game(host, c) for c in range(games)]
    rng = random.Random(2)

    async def drive(game: int) -> int:
        done = 0
        for _ in range(moves_each):
            if await _one_move(host, game, rng) is None:
                break
            done += 1
        return done

    start = time.perf_counter()
    total = sum(await asyncio.gather(*(drive(g) for g in ids)))
    elapsed = time.perf_counter() - start
    await host.close()
    print(
        f"throughput: {total} moves across {games} concurrent games in {elapsed:.2f} s = "
        f"{total / elapsed:.0f} moves/s (each move: status + legal_choices + act)"
    )


def _build_big_db(path: Path, finished: int = 10_000, active: int = 1_000) -> None:
    """A database of real Downfall games: a few played through the host, copied many times."""

    async def seed_games() -> None:
        host = await Host.open(path, HostOptions(clock=FakeClock()))
        rng = random.Random(3)
        for channel in range(4):  # finished games
            game = await _new_game(host, channel, players=2 + channel % 3)
            while await _one_move(host, game, rng) is not None:
                pass
        for channel in range(4, 8):  # games in progress
            game = await _new_game(host, channel, players=2 + channel % 3)
            for _ in range(60):
                await _one_move(host, game, rng)
        await host.close()

    asyncio.run(seed_games())
    conn = sqlite3.connect(path)
    games = conn.execute("SELECT * FROM games ORDER BY id").fetchall()
    seats = {
        g: conn.execute("SELECT * FROM seats WHERE game_id = ?", (g,)).fetchall() for g, *_ in games
    }
    events = {
        g: conn.execute("SELECT * FROM events WHERE game_id = ?", (g,)).fetchall()
        for g, *_ in games
    }
    snaps = {
        g: conn.execute("SELECT * FROM snapshots WHERE game_id = ?", (g,)).fetchall()
        for g, *_ in games
    }
    done = [g for g in games if g[5] == "finished"]
    live = [g for g in games if g[5] == "active"]
    next_id = max(g[0] for g in games) + 1
    conn.execute("BEGIN")
    for count, templates in ((finished - len(done), done), (active - len(live), live)):
        for i in range(count):
            t = templates[i % len(templates)]
            gid = next_id
            next_id += 1
            row = list(t)
            row[0], row[3] = gid, 10_000 + gid  # new id, own channel
            conn.execute(f"INSERT INTO games VALUES ({','.join('?' * len(row))})", row)
            for table, source in (("seats", seats), ("events", events), ("snapshots", snaps)):
                rows = [(gid, *r[1:]) for r in source[t[0]]]
                if rows:
                    conn.executemany(
                        f"INSERT INTO {table} VALUES ({','.join('?' * len(rows[0]))})", rows
                    )
    conn.execute("COMMIT")
    conn.close()


_OPEN_PROBE = """
import asyncio, resource, sys, time
t0 = time.perf_counter()
from host import Host
async def main():
    start = time.perf_counter()
    host = await Host.open(sys.argv[1])
    await host.scheduler.run_due(now=0.0)          # nothing is due at time 0; runs the due query
    await host.scheduler.next_due()
    some = await host.views.game_in_channel(10_000 + 1010)
    status = await host.views.status(some.game_id if some else 1)
    ready = time.perf_counter() - start
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    await host.close()
    print(f"{ready:.4f} {rss:.1f} {time.perf_counter() - t0:.4f}")
asyncio.run(main())
"""


def bench_open(tmp: Path) -> None:
    path = tmp / "big.db"
    start = time.perf_counter()
    _build_big_db(path)
    built = time.perf_counter() - start
    conn = sqlite3.connect(path)
    counts = dict(conn.execute("SELECT status, count(*) FROM games GROUP BY status").fetchall())
    n_events = conn.execute("SELECT count(*) FROM events").fetchone()[0]
    conn.close()
    size = path.stat().st_size / 1e6
    print(
        f"open: database with {counts.get('finished', 0)} finished + {counts.get('active', 0)} "
        f"active games, {n_events} events, {size:.0f} MB (built in {built:.0f} s)"
    )
    readies, rsss, totals = [], [], []
    for _ in range(5):
        out = subprocess.run(
            [sys.executable, "-c", _OPEN_PROBE, str(path)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        readies.append(float(out[0]))
        rsss.append(float(out[1]))
        totals.append(float(out[2]))
    print(
        f"  open → ready to serve: median {statistics.median(readies) * 1e3:.1f} ms "
        f"(process incl. imports {statistics.median(totals) * 1e3:.0f} ms), "
        f"peak RSS median {statistics.median(rsss):.0f} MB"
    )


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-host-") as d:
        tmp = Path(d)
        asyncio.run(bench_act(tmp))
        asyncio.run(bench_throughput(tmp))
        bench_open(tmp)


if __name__ == "__main__":
    main()
