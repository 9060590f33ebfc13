"""``/move`` → reply through the loopback Discord, for ``python -m bench scale`` (issue 29).

Real bot processes (the real bot: cogs, host, storage, rendering; forked by
:mod:`tests.sandbox.shard_bots`, as in the crash test) connect to the loopback Discord
(:class:`sandbox.fake.FakeDiscord`, in this process) on their shards, over one database that
holds ``games`` active Downfall games in ``servers`` servers (seeded in SQL by
:func:`bench.scale._seed`, each in a channel of the loopback Discord). Players (``PLAYERS`` per
bot process, each in the servers of that process's shard) pick a game, ask the autocomplete of
``/move`` for their legal moves (the list a player sees as they type; not timed) and send
``/move``: the time from the command to its answer (the confirmation the player reads, after
the move is committed) is what is measured. After each move a player goes to another table
(the games of a real bot's servers move minutes apart: no channel's own rate limit is what
the bench measures), and the players are a trio per server (:class:`World`), so the next
player's DM goes to one of many DM channels too. The bot token's global limit is raised
(:data:`GLOBAL_LIMIT`) as Discord raises it for large bots: the bench measures the processes.

Everything else a move causes runs too and takes its share of the two cores: the board posted
in the channel, the next player's decision by DM, the autocomplete lists.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import aiosqlite
import psycopg

from cogs.moves import HINT
from sandbox.fake import FakeDiscord, Limit
from sandbox.fake.model import Channel
from sandbox.fake.ratelimits import DISCORD_RATE_LIMITS
from sandbox.fake.users import DriverError, InteractionFailed
from tests.sandbox.shard_bots import Zygote

PLAYERS = 12
"""Players sending moves at once, per bot process."""
SHARDS_MADE = 4
"""Servers are spread over this many shards (so over 1, 2 or 4 processes alike)."""
TRIOS = 40
"""Trios of players: server ``i``'s games are trio ``i % TRIOS``'s (120 players in all)."""
GLOBAL_LIMIT = 2000
"""The bot token's global rate limit in this bench (requests a second, Discord's 50 raised as
Discord does for large bots on request; the bots are told by ``VESUVIUS_GLOBAL_LIMIT``): the
bench measures what the processes can answer, not the default limit (docs/deploy.md has the
ceiling that one sets). The per-channel limits stay Discord's."""
CHANNELS = ("general", "tables", "games", "dice", "play", "lava", "ash", "forum", "gate", "road")
PLAYED = "✅ You played"
CAP = 120.0
"""Real-time cap on a wait (connecting, a reply): only catches a hang."""


@dataclass
class Measured:
    """What the players of one configuration saw."""

    moves: int = 0
    replies: list[float] = field(default_factory=list)
    """Seconds from ``/move`` to its answer, for each move played."""
    refused: int = 0
    """Answers that were not "You played" (another player of the bench moved first)."""
    failed: int = 0
    """Interactions that got no answer in time (Discord's 3 seconds)."""
    served: Counter[int] = field(default_factory=Counter)
    """Moves played, by the shard (the bot process) that answered them."""


class World:
    """The loopback Discord's servers, channels and players for ``games`` games: each server's
    games are played by a trio of its own (:data:`TRIOS` trios in turn), so the players' DMs
    spread over many DM channels, as a real bot's do."""

    def __init__(self, fake: FakeDiscord, servers: int, games: int) -> None:
        per = -(-games // servers)
        if per > len(CHANNELS):
            raise ValueError(f"at most {len(CHANNELS)} games a server")
        self.fake = fake
        guilds = [
            fake.add_guild(
                f"server {i}", shard=(i % SHARDS_MADE, SHARDS_MADE), channels=CHANNELS[:per]
            )
            for i in range(servers)
        ]
        trios = [
            tuple(fake.add_user(f"{name}{t}", guilds=[]) for name in ("ana", "ben", "cyd"))
            for t in range(min(TRIOS, servers))
        ]
        for i, g in enumerate(guilds):
            for user in trios[i % len(trios)]:
                fake.add_member(g, user)
        self.tables: list[tuple[int, Channel, tuple[int, ...]]] = [
            (g.id, chan, tuple(u.id for u in trios[i % len(trios)]))
            for i, g in enumerate(guilds)
            for chan in g.channels
        ][:games]

    @property
    def places(self) -> list[tuple[int, int]]:
        return [(g, chan.id) for g, chan, _ in self.tables]

    @property
    def seated(self) -> list[tuple[int, ...]]:
        """Each table's players, in seat order."""
        return [players for _, _, players in self.tables]

    def of_process(self, k: int, processes: int) -> list[Channel]:
        """The channels whose server is on process ``k``'s shard (one shard a process)."""
        return [chan for g, chan, _ in self.tables if (g >> 22) % processes == k]


class Waiting:
    """Who a channel's game waits on, read from the database as an operator would."""

    QUERY = (
        "SELECT s.user_id FROM games g JOIN seats s ON s.game_id = g.id "
        "WHERE g.channel_id = {p} AND g.status = 'active' AND s.waiting_since IS NOT NULL "
        "AND s.user_id IS NOT NULL ORDER BY s.seat LIMIT 1"
    )

    def __init__(self, database: str) -> None:
        self.database = database
        self.pg: psycopg.AsyncConnection[Any] | None = None
        self.lite: aiosqlite.Connection | None = None

    async def open(self) -> None:
        if self.database.startswith("postgresql://"):
            self.pg = await psycopg.AsyncConnection.connect(self.database, autocommit=True)
        else:
            self.lite = await aiosqlite.connect(f"file:{self.database}?mode=ro", uri=True)

    async def user(self, channel_id: int) -> int | None:
        if self.pg is not None:
            cur = await self.pg.execute(self.QUERY.format(p="%s").encode(), (channel_id,))
            row = await cur.fetchone()
        else:
            assert self.lite is not None
            async with self.lite.execute(self.QUERY.format(p="?"), (channel_id,)) as lite:
                row = await lite.fetchone()
        return None if row is None else int(row[0])

    async def close(self) -> None:
        if self.pg is not None:
            await self.pg.close()
        if self.lite is not None:
            await self.lite.close()


def bot_request(
    fake: FakeDiscord, database: str, shard: int, processes: int, tally: Path | None = None
) -> dict[str, Any]:
    """What :class:`~tests.sandbox.shard_bots.Zygote` needs to fork the bot of ``shard``
    (``tally``: where it writes its statements and commits when asked). The bot is told the
    global limit ``fake`` keeps (``VESUVIUS_GLOBAL_LIMIT``), as an operator tells it Discord's."""
    env = {
        "DISCORD_TOKEN": fake.token,
        "VESUVIUS_MODE": "discord",
        "VESUVIUS_AI_WORKERS": "1",
        "VESUVIUS_LOG_LEVEL": "WARNING",
        "VESUVIUS_SHARD_COUNT": str(processes),
        "VESUVIUS_GLOBAL_LIMIT": str(fake.rate_limits.global_requests.requests),
    }
    if database.startswith("postgresql://"):
        env["VESUVIUS_DATABASE_URL"] = database
    else:
        env["VESUVIUS_DB"] = database
    return {
        "shard_ids": str(shard),
        "env": env,
        "api": fake.api_base,
        "gateway": fake.gateway_url,
        "token": fake.token,
        "lease": 60.0,
        **({"tally": str(tally)} if tally is not None else {}),
    }


async def _tallies(pids: list[int], paths: list[Path]) -> tuple[int, int]:
    """The statements and commits the bot processes have sent so far, summed (each asked with
    SIGUSR1 to write its count)."""
    for pid, path in zip(pids, paths, strict=True):
        path.unlink(missing_ok=True)
        os.kill(pid, signal.SIGUSR1)
    await _until(lambda: all(p.exists() for p in paths), "the bots' counts")
    counts = [json.loads(p.read_text()) for p in paths]
    return sum(c[0] for c in counts), sum(c[1] for c in counts)


async def _until(check: Any, what: str) -> None:
    end = time.monotonic() + CAP
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"waited {CAP:.0f} s for {what}")
        await asyncio.sleep(0.05)


async def _player(
    world: World,
    waiting: Waiting,
    chans: list[Channel],
    rng: random.Random,
    out: Measured,
    processes: int,
    *,
    end: float = float("inf"),
    moves: int | None = None,
) -> None:
    """One player moving until ``end`` (or until ``out`` has ``moves`` moves)."""
    chan = rng.choice(chans)
    while time.monotonic() < end and (moves is None or out.moves < moves):
        user_id = await waiting.user(chan.id)
        if user_id is None:  # the game ended (or an AI's turn): another table
            chan = rng.choice(chans)
            continue
        user = world.fake.users_by_id[user_id]
        try:
            options = await user.autocomplete("move", "action", "", channel=chan)
            legal = [str(c.value) for c in options if str(c.value) != HINT]
            if not legal:
                chan = rng.choice(chans)
                continue
            t = time.perf_counter()
            r = await user.slash("move", channel=chan, action=rng.choice(legal), check=False)
            while not r.failed and (r.message is None or r.message.loading):
                if time.perf_counter() - t > CAP:
                    raise AssertionError("a /move without an answer")
                await asyncio.sleep(0.005)
            seconds = time.perf_counter() - t
        except (DriverError, InteractionFailed, TimeoutError):
            out.failed += 1
            continue
        if r.failed:
            out.failed += 1
        elif PLAYED in r.content:
            out.moves += 1
            assert chan.guild is not None
            out.served[(chan.guild.id >> 22) % processes] += 1
            out.replies.append(seconds)
        else:
            out.refused += 1
        chan = rng.choice(chans)


@dataclass
class BotRun:
    name: str
    alone: Measured
    """One player at a time: the answer a player gets from a bot that is not busy."""
    loaded: Measured
    """:data:`PLAYERS` players at once per process."""
    seconds: float
    """How long the loaded players played."""
    cpu: Cpu
    """Where the machine's CPU time went while they played."""
    statements: int
    """Statements the bot processes sent while they played (moves, deliveries, autocomplete,
    the scheduler: everything)."""
    commits: int
    """Commits among them."""

    def per_move(self, value: float) -> float:
        return value / max(1, self.loaded.moves)

    @property
    def rate(self) -> float:
        return self.loaded.moves / self.seconds


@dataclass(frozen=True)
class Cpu:
    """CPU seconds over a stretch of time: the bot processes, this process (the loopback
    Discord and the players), and the whole machine (the rest: PostgreSQL, other work)."""

    bots: float
    fake: float
    machine: float

    @staticmethod
    def now(pids: list[int]) -> Cpu:
        tick = os.sysconf("SC_CLK_TCK")
        bots = 0
        for pid in pids:
            with contextlib.suppress(OSError):
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                bots += int(fields[11]) + int(fields[12])  # utime, stime (threads included)
        times = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        busy = sum(times) - times[3] - times[4]  # all but idle and iowait
        return Cpu(bots / tick, time.process_time(), busy / tick)

    def __sub__(self, other: Cpu) -> Cpu:
        return Cpu(self.bots - other.bots, self.fake - other.fake, self.machine - other.machine)

    @property
    def rest(self) -> float:
        return max(0.0, self.machine - self.bots - self.fake)


async def measure(
    name: str,
    zygote: Zygote,
    database: str,
    processes: int,
    servers: int,
    games: int,
    seconds: float,
    alone: int,
    seed: Callable[
        [str, int, tuple[int, ...], list[tuple[int, int]], list[tuple[int, ...]]], Awaitable[None]
    ],
    *,
    deadline: float = 3.0,
) -> BotRun:
    """Seed ``database`` (by ``seed(database, games, users, places, seated)``), start
    ``processes`` bot processes on it; one player alone plays ``alone`` moves, then
    :data:`PLAYERS` players per process play for ``seconds``. ``deadline``: the interaction's,
    in real seconds (Discord's 3 s; a test that checks behaviour, not speed, gives a generous
    one)."""
    fake = FakeDiscord(
        echo=False,
        interaction_deadline=deadline,
        response_timeout=CAP,
        rate_limits=replace(DISCORD_RATE_LIMITS, global_requests=Limit(GLOBAL_LIMIT, 1.0)),
    )
    await fake.start()
    world = World(fake, servers, games)
    await seed(database, games, world.seated[0], world.places, world.seated)
    waiting = Waiting(database)
    await waiting.open()
    pids: list[int] = []
    counts = [
        Path(tempfile.gettempdir()) / f"vesuvius-tally-{os.getpid()}-{k}" for k in range(processes)
    ]
    try:
        for k in range(processes):
            pids.append(await zygote.start(bot_request(fake, database, k, processes, counts[k])))
        for k in range(processes):
            await _until(lambda k=k: _connected(fake, k, processes), f"shard {k} to connect")
        await _until(lambda: bool(fake.commands), "the commands to be synced")
        await asyncio.sleep(2.0)  # the bots' start-up work (ready, scheduler) out of the way
        rng = random.Random(29)
        first = Measured()
        everywhere = [chan for _, chan, _ in world.tables]
        await _player(
            world, waiting, everywhere, random.Random(rng.random()), first, processes, moves=alone
        )
        loaded = Measured()
        sent = await _tallies(pids, counts)
        before = Cpu.now(pids)
        begun = time.monotonic()
        end = begun + seconds
        await asyncio.gather(
            *(
                _player(
                    world,
                    waiting,
                    world.of_process(k, processes),
                    random.Random(rng.random()),
                    loaded,
                    processes,
                    end=end,
                )
                for k in range(processes)
                for _ in range(PLAYERS)
            )
        )
        took, cpu = time.monotonic() - begun, Cpu.now(pids) - before
        ended = await _tallies(pids, counts)
        statements, commits = ended[0] - sent[0], ended[1] - sent[1]
        return BotRun(name, first, loaded, took, cpu, statements, commits)
    finally:
        for path in counts:
            path.unlink(missing_ok=True)
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        await waiting.close()
        await fake.close()


def _connected(fake: FakeDiscord, shard: int, processes: int) -> bool:
    return any(
        c.identified and (processes == 1 or c.shard == (shard, processes))
        for c in fake._connections
    )
