"""What one move costs: ``python -m bench cost [moves] [show] [sqlite] [profile]`` (issue 43;
``show`` lists the statements of the move that sent the most, ``sqlite`` skips PostgreSQL,
``profile`` adds where the bot's CPU goes, by area).

A Downfall game between two players through the loopback Discord (``sandbox/fake``), the real
bot on SQLite and, when PostgreSQL is installed, on a throwaway PostgreSQL server: each move is
a ``/move``, answered and announced (the board in the channel, the next player's DM), then the
bot is idle. The games' seeds are 1, 2, … so every run plays the same moves (two runs, or two
branches, compare the same work). Per move: the statements and commits the database was sent
(``storage.tally``: the move itself and everything its delivery writes and reads) and the bot's
CPU time, as medians: on its event loop (the Discord client, the host, storage's encoding, the
words) and in all (its other threads too: the pictures drawn in ``asyncio.to_thread``, the
database's).

The fake Discord runs on a thread and event loop of its own, so its CPU (parsing the bot's
uploads, its gateway, the simulated users) is measured apart and counted in neither figure.
"""

from __future__ import annotations

import asyncio
import cProfile
import itertools
import pstats
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Coroutine
from concurrent.futures import thread as _pool
from pathlib import Path
from typing import Any, TypeVar

from bot import create_bot
from cogs.runtime import VesuviusBot, warm_up_renderers
from host import TableOptions
from sandbox.fake import FakeDiscord, bot_running
from sandbox.fake.ratelimits import is_interaction_endpoint
from tests.pg import Cluster, bindir

MOVES = 40
WARM_UP = 4
"""Moves not counted: the first ones pay for caches (fonts, the palette, prepared statements)."""

T = TypeVar("T")


class FakeThread:
    """The fake Discord's own thread and event loop: the bot talks to it over loopback sockets
    only, so what the fake spends is on this thread's CPU clock, not the bot's."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="fake-discord")
        self.thread.start()

    async def call(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` on the fake's loop and wait for it from the bot's."""
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coro, self.loop))

    def cpu(self) -> float:
        """The fake's thread's CPU time, in seconds."""
        assert self.thread.ident is not None
        return time.clock_gettime(time.pthread_getcpuclockid(self.thread.ident))

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join()
        self.loop.close()


async def _started() -> FakeDiscord:
    return await FakeDiscord(echo=False).start()


AREAS = (  # (area, what a profiled function's file path contains), the first match wins
    ("fonts and text layout", "/render/fonts.py"),
    ("PNG writing", "/render/png.py"),
    ("render (drawing)", "/render/"),
    ("Pillow", "/PIL/"),
    ("engine", "/engine/"),
    ("host", "/host/"),
    ("storage", "/storage/"),
    ("storage", "aiosqlite"),
    ("storage", "sqlite3"),
    ("cogs", "/cogs/"),
    ("discord.py", "/discord/"),
    ("aiohttp", "/aiohttp/"),
    ("aiohttp", "/yarl/"),
    ("aiohttp", "/multidict/"),
    ("asyncio", "/asyncio/"),
    ("asyncio", "selectors"),
    ("JSON", "/json/"),
)
BUILTINS = (  # C functions by name: (area, what their name contains)
    ("Pillow", "ImagingCore"),
    ("Pillow", "Imaging"),
    ("Pillow", "'Font'"),
    ("PNG writing", "deflate"),
    ("PNG writing", "zlib"),
    ("storage", "sqlite3"),
    ("storage", "orjson"),
    ("asyncio", "epoll"),
    ("asyncio", "_asyncio"),
)


def _area(path: str, name: str) -> str:
    if path == "~":
        return next((a for a, part in BUILTINS if part in name), "other (builtins)")
    return next((a for a, part in AREAS if part in path), "other")


class Profiler:
    """cProfile on the bot's CPU clocks while ``on``: its event loop, and each job its thread
    pool runs (the pictures, drawn in ``asyncio.to_thread``). The database's thread is not
    profiled (its CPU is in the "other threads" figure)."""

    def __init__(self) -> None:
        self.loop = cProfile.Profile(time.thread_time)
        self.pool: dict[int, cProfile.Profile] = {}
        self.on = False
        self._run = _pool._WorkItem.run

    def install(self) -> None:
        run = self._run

        def profiled(item: Any) -> None:
            if not self.on:
                return run(item)
            profile = self.pool.setdefault(
                threading.get_ident(), cProfile.Profile(time.thread_time)
            )
            profile.enable()
            try:
                return run(item)
            finally:
                profile.disable()

        _pool._WorkItem.run = profiled  # type: ignore[method-assign,assignment]

    def uninstall(self) -> None:
        _pool._WorkItem.run = self._run  # type: ignore[method-assign]

    def report(self, moves: int) -> None:
        pool = list(self.pool.values())
        for title, profiles in (("event loop", [self.loop]), ("pictures' threads", pool)):
            areas: dict[str, float] = {}
            for profile in profiles:
                stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
                for (path, _line, name), (_cc, _nc, own, _cum, _callers) in stats.items():
                    area = _area(path, name)
                    areas[area] = areas.get(area, 0.0) + own
            total = sum(areas.values())
            print(f"  profiled, {title}: {total * 1000 / moves:.1f} ms a move (profiler included)")
            for area, own in sorted(areas.items(), key=lambda item: -item[1]):
                if own * 1000 / moves >= 0.05:
                    print(f"    {area:24} {own * 1000 / moves:6.2f} ms  {own / total:4.0%}")


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


async def _measure(
    target: str | Path, moves: int, profiler: Profiler | None = None
) -> tuple[dict[str, list[float]], list[str]]:
    """The costs of ``moves`` moves, and the statements of the one that sent the most."""
    out: dict[str, list[float]] = {
        "statements": [],
        "commits": [],
        "loop": [],
        "cpu": [],
        "fake": [],
        "requests": [],
        "global": [],
    }
    last: list[str] = []
    most: list[str] = []
    fake_thread = FakeThread()
    try:
        fake = await fake_thread.call(_started())
        overrides: dict[str, Any] = (
            {"database_url": target} if isinstance(target, str) else {"db_path": target}
        )
        seeds = itertools.count(1)
        bot = create_bot(sync_commands=True, seed_source=lambda: next(seeds), **overrides)
        async with bot_running(fake, bot):
            chan = fake.default_guild.channel("general")
            players = [await fake_thread.call(fake.user(name)) for name in ("alice", "bob")]
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
                counted = played >= WARM_UP
                if profiler is not None and counted:
                    profiler.on = True
                    profiler.loop.enable()
                tally.seen = last = []
                before = tally.mark()
                asked = len(fake.requests)
                cpu, loop, fake_cpu = time.process_time(), time.thread_time(), fake_thread.cpu()
                slash = by_id[user_id].slash("move", channel=chan, action=legal[0].notation)
                await fake_thread.call(slash)
                await bot.flows.idle()
                fake_cpu = fake_thread.cpu() - fake_cpu
                loop = time.thread_time() - loop
                spent = time.process_time() - cpu - fake_cpu
                if profiler is not None:
                    profiler.loop.disable()
                    profiler.on = False
                tally.seen = None
                cost = tally.since(before)
                played += 1
                if counted and len(last) > len(most):
                    most = last
                if counted:
                    sent = fake.requests[asked:]
                    out["requests"].append(len(sent))
                    out["global"].append(
                        len([r for r in sent if not is_interaction_endpoint(r.path.split("?")[0])])
                    )
                    out["statements"].append(cost.statements)
                    out["commits"].append(cost.commits)
                    out["loop"].append(loop * 1000)
                    out["cpu"].append(spent * 1000)
                    out["fake"].append(fake_cpu * 1000)
        await fake_thread.call(fake.close())
    finally:
        fake_thread.stop()
    return out, most


def _report(
    name: str,
    measured: tuple[dict[str, list[float]], list[str]],
    show: bool,
    profiler: Profiler | None = None,
) -> None:
    found, last = measured
    med = {k: statistics.median(v) for k, v in found.items()}
    print(
        f"{name}: per /move (answered and announced), median of {len(found['cpu'])}: "
        f"{med['statements']:.0f} statements, {med['commits']:.0f} commits, "
        f"bot CPU {med['loop']:.1f} ms on its event loop, {med['cpu']:.1f} ms in all "
        f"(the fake Discord's {med['fake']:.1f} ms apart; max {max(found['statements']):.0f} "
        f"statements, {max(found['commits']):.0f} commits)",
        flush=True,
    )
    print(
        f"  Discord: {med['requests']:.0f} requests a move, {med['global']:.0f} of them under the "
        f"bot's global limit (50 a second: {50 / max(1.0, med['global']):.0f} moves a second "
        "per bot token at most, unless Discord raises it)",
        flush=True,
    )
    if profiler is not None:
        profiler.report(len(found["cpu"]))
    if show:
        print(f"  the statements of the move that sent the most ({len(last)}), in order:")
        for sql in last:
            print(f"    {sql[:110]}")


USAGE = "bench cost: usage: python -m bench cost [moves] [show] [sqlite] [profile]"


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    flags = {a for a in args if a in ("show", "sqlite", "profile")}
    args = [a for a in args if a not in flags]
    if len(args) > 1 or not all(a.isdigit() for a in args):
        raise SystemExit(USAGE)
    moves = int(args[0]) if args else MOVES
    show = "show" in flags
    warm_up_renderers()
    profiler = Profiler() if "profile" in flags else None
    with tempfile.TemporaryDirectory(prefix="bench-cost-") as tmp:
        if profiler is not None:
            profiler.install()
        try:
            found = asyncio.run(_measure(Path(tmp) / "cost.sqlite3", moves, profiler))
        finally:
            if profiler is not None:
                profiler.uninstall()
        _report("SQLite", found, show, profiler)
    if "sqlite" in flags:
        return
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
