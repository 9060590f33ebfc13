"""The sharded crash scenario (issue 29), shared by the CI test (``test_shard_crash.py``, a few
kills) and the long run (``python -m bench crash``, 100 and more).

Two real bot processes (forked by :mod:`tests.sandbox.shard_bots`), shard 0 and shard 1 of two,
share one PostgreSQL database and one loopback Discord (:class:`sandbox.fake.FakeDiscord`, in
this process). Players in servers on both shards keep playing toy games: ``/move`` in the
channel (it reaches the process of the server's shard) and clicks on their decision DMs (they
reach shard 0's process, whoever's server the game is in); some tables have an AI seat, whose
turns are due work the processes claim. Meanwhile one process is killed with SIGKILL, again and
again, and started again each time.

What a player or an operator would notice is recorded and checked (:meth:`Crash.verify`):

- **No acknowledged move lost**: every move whose interaction was answered "✅ You played" is
  in the game's event log, by that player, with that action.
- **Each board posted once**: in every channel, no two board messages carry the same nonce
  (``vz{game}.{version}``: the game and the version the board shows) and a game's boards go
  forward (a board for an older version never follows a newer one).
- **Everything announced**: at the end no outbox row is unsent and no AI turn is left due;
  the bots logged no error and the loopback Discord saw no unknown route.
- **The database checks out**: ``storage.check`` replays every game to its stored snapshot.
- **The survivor never stalls**: after each kill, before the dead process is started again,
  the other one moved and delivered games in its own server, was alone for longer than a
  lease, and took over every claim the dead process left on work still to do (a delivery with
  rows unsent, a due AI turn). Boards it posted in the dead process's server (DM clicks, when
  it runs shard 0) are counted per kill (the bench reports them; a few kills may have none).

Every wait has the cap :data:`CAP`, which only catches a hang; nothing is timed.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import psycopg

from sandbox.fake import FakeDiscord, FakeUser, Message
from sandbox.fake.users import DriverError, InteractionFailed, InteractionResult
from tests.cogs.helpers import choices_of
from tests.sandbox.shard_bots import Zygote, start_zygote, stop_zygote
from tests.sandbox.shard_checks import Checks

T = TypeVar("T")

CAP = 90.0
SOON = 30.0
"""Seconds ahead in which a game's next due work (an AI turn) still counts as work to come when
everything is to be settled: far more than the AI's pace, far less than a human's deadline."""
"""Real-time cap on every wait: only catches a hang (a loaded 2-core machine is slow)."""
SHARDS = 2
CLAIM_LOOKS = 1000
PLAYED = "✅ You played"
SERVERS = ("Left", "Right")
"""Server ``i`` is on shard ``i``."""
TABLES = (("one", False), ("two", False), ("three", True))
"""The channels of each server, and whether their table has an AI seat."""


@dataclass
class Ack:
    """A move the player was told was played."""

    game: int
    after: int
    """The game's version the player saw before moving."""
    user: int
    action: str


@dataclass
class KillRecord:
    shard: int
    left: list[tuple[str, int]]
    """Claims the dead process held on work still to do, ``(kind, game)``."""
    survivor_boards: int = 0
    dead_server_boards: int = 0


@dataclass
class Summary:
    kills: int
    acked: int
    boards: int
    seconds: float
    claims_taken_over: int
    moves_while_dead: int
    boards_retelling: int


class Crash(Checks):
    """The two processes, the players, and the records."""

    def __init__(
        self,
        fake: FakeDiscord,
        url: str,
        zygote: Zygote,
        *,
        lease: float,
        seed: int,
        log: Callable[[str], None] = lambda _line: None,
    ) -> None:
        self.fake = fake
        self.url = url
        self.zygote = zygote
        self.lease = lease
        self.rng = random.Random(seed)
        self.log = log
        self.pids: dict[int, int] = {}
        self.alive: dict[int, bool] = dict.fromkeys(range(SHARDS), False)
        self.generation: dict[int, int] = dict.fromkeys(range(SHARDS), 0)
        self.acks: list[Ack] = []
        self.kills: list[KillRecord] = []
        self.moves_while_dead = 0
        self.stopping = False
        self.broken: Exception | None = None
        self.bots_log = zygote.log
        self.db: psycopg.AsyncConnection[Any] | None = None
        self._background: set[asyncio.Task[Any]] = set()
        self.users: list[FakeUser] = []
        self.tables: list[tuple[int, Any, list[FakeUser], bool]] = []  # shard, channel, humans, ai

    # -- the world and the processes ---------------------------------------------------------

    def build(self) -> None:
        """Two servers, one per shard, three tables each; four players in both servers."""
        guilds = [
            self.fake.add_guild(name, shard=(i, SHARDS), channels=tuple(c for c, _ in TABLES))
            for i, name in enumerate(SERVERS)
        ]
        self.users = [
            self.fake.add_user(name, guilds=guilds) for name in ("ana", "ben", "cyd", "dot")
        ]
        for shard, guild in enumerate(guilds):
            for n, (chan, ai) in enumerate(TABLES):
                humans = [self.users[n % 4]] if ai else [self.users[n % 4], self.users[(n + 1) % 4]]
                self.tables.append((shard, guild.channel(chan), humans, ai))

    def request(self, shard: int) -> dict[str, Any]:
        return {
            "shard_ids": str(shard),
            "env": {
                "DISCORD_TOKEN": self.fake.token,
                "VESUVIUS_MODE": "discord",
                "VESUVIUS_DATABASE_URL": self.url,
                "VESUVIUS_SHARD_COUNT": str(SHARDS),
                "VESUVIUS_AI_WORKERS": "1",
                "VESUVIUS_AI_PACE": "0.2",
                "VESUVIUS_LOG_LEVEL": "WARNING",
            },
            "api": self.fake.api_base,
            "gateway": self.fake.gateway_url,
            "token": self.fake.token,
            "lease": self.lease,
        }

    def _connected(self, shard: int) -> bool:
        return any(c.identified and c.shard == (shard, SHARDS) for c in self.fake._connections)

    async def start(self, shard: int) -> None:
        """Fork the bot of ``shard`` and wait for its gateway connection."""
        self.pids[shard] = await self.zygote.start(self.request(shard))
        await self.until(lambda: self._connected(shard), f"shard {shard} to connect")
        if shard == 0:  # the one that syncs the commands
            await self.until(lambda: bool(self.fake.commands), "the commands to be synced")
        self.alive[shard] = True

    def kill(self, shard: int) -> int:
        pid = self.pids.pop(shard)
        self.alive[shard] = False
        self.generation[shard] += 1
        os.kill(pid, signal.SIGKILL)
        return pid

    async def until(
        self, check: Callable[[], bool] | Callable[[], Awaitable[bool]], what: str
    ) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + CAP
        while True:
            if self.broken is not None:
                raise self.broken
            found = check()
            if not isinstance(found, bool):
                found = await found
            if found:
                return
            if loop.time() > end:
                raise AssertionError(f"waited {CAP:.0f} s for {what}: a hang")
            await asyncio.sleep(0.05)

    # -- the database, read as an operator would -----------------------------------------------

    async def sql(self, query: str, *args: Any) -> list[tuple[Any, ...]]:
        if self.db is None:
            self.db = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        cur = await self.db.execute(query.encode(), args)
        return await cur.fetchall()

    async def game_in(self, channel_id: int) -> tuple[int, str, int] | None:
        rows = await self.sql(
            "SELECT id, status, version FROM games WHERE channel_id = %s ORDER BY id DESC LIMIT 1",
            channel_id,
        )
        return None if not rows else (int(rows[0][0]), str(rows[0][1]), int(rows[0][2]))

    async def waiting(self, game: int) -> list[tuple[int, int]]:
        """``(user, token)`` of the human seats the game waits on."""
        rows = await self.sql(
            "SELECT user_id, token FROM seats WHERE game_id = %s AND waiting_since IS NOT NULL "
            "AND user_id IS NOT NULL AND ai_controlled = 0 ORDER BY seat",
            game,
        )
        return [(int(u), int(t)) for u, t in rows]

    async def claims_of(self, pid: int) -> list[tuple[str, int]]:
        rows = await self.sql("SELECT kind, game_id, owner FROM claims ORDER BY kind, game_id")
        return [(str(k), int(g)) for k, g, owner in rows if f":{pid}:" in str(owner)]

    async def pending(self, kind: str, game: int) -> bool:
        """Whether the game still has work of ``kind`` to do (rows unsent, an AI turn due)."""
        if kind == "deliver":
            rows = await self.sql(
                "SELECT 1 FROM outbox WHERE game_id = %s AND sent_at IS NULL LIMIT 1", game
            )
        else:
            rows = await self.sql(
                "SELECT 1 FROM games WHERE id = %s AND status = 'active' AND next_due <= %s",
                game,
                time.time(),
            )
        return bool(rows)

    async def held_by(self, kind: str, game: int) -> str | None:
        rows = await self.sql(
            "SELECT owner FROM claims WHERE kind = %s AND game_id = %s", kind, game
        )
        return None if not rows else str(rows[0][0])

    # -- the players ------------------------------------------------------------------------

    async def interact(self, shard: int, action: Coroutine[Any, Any, T]) -> T | None:
        """Run a player's action that reaches the process of ``shard``; ``None`` when that
        process died before answering (the player sees "interaction failed" later)."""
        generation = self.generation[shard]
        task = asyncio.create_task(action)
        self._background.add(task)
        task.add_done_callback(_forget)
        task.add_done_callback(self._background.discard)
        while not task.done():
            if self.generation[shard] != generation:
                return None
            await asyncio.wait({task}, timeout=0.05)
        try:
            return task.result()
        except (DriverError, InteractionFailed, TimeoutError):
            return None

    async def answered(self, shard: int, r: InteractionResult) -> bool:
        """A click's deferred answer came (``False``: failed, or its process died)."""
        generation = self.generation[shard]
        while not r.failed and not r.settled:
            if self.generation[shard] != generation or self.stopping:
                return False
            await asyncio.sleep(0.02)
        return not r.failed

    async def loaded(self, shard: int, r: InteractionResult) -> bool:
        """A deferred answer got its content (``False``: failed, or its process died)."""
        generation = self.generation[shard]
        while not r.failed and (r.message is None or r.message.loading):
            if self.generation[shard] != generation or self.stopping:
                return False
            await asyncio.sleep(0.02)
        return not r.failed

    async def play(self, shard: int, chan: Any, humans: list[FakeUser], ai: bool) -> None:
        """One table, forever: open a game when there is none, else the waited-for player
        moves (``/move`` or a click on their DM), until :attr:`stopping`."""
        while not self.stopping:
            try:
                moved = await self._step(shard, chan, humans, ai)
            except (DriverError, AssertionError) as e:  # a message not there yet, a kill
                self.log(f"{chan.name}@{shard}: {e}")
                moved = False
            except Exception as e:
                self.broken = e  # the driver's own bug: stop the run with it
                raise
            if not moved:
                await asyncio.sleep(0.05)

    async def _step(self, shard: int, chan: Any, humans: list[FakeUser], ai: bool) -> bool:
        found = await self.game_in(chan.id)
        if found is None or found[1] not in ("lobby", "active"):
            if not self.alive[shard]:
                return False
            players = 2
            r = await self.interact(
                shard,
                humans[0].slash(
                    "game new",
                    channel=chan,
                    game="toy",
                    players=players,
                    variant="target=100",  # longer games: fewer tables between games
                    check=False,
                    **({"ai_seats": 1} if ai else {}),
                ),
            )
            return r is not None and not r.failed
        game, status, version = found
        if status == "lobby":
            if not self.alive[shard]:
                return False
            # By command, not the lobby's buttons: its message may never have been posted (the
            # process died after opening it), and a player would type these.
            seated = {
                int(r[0])
                for r in await self.sql(
                    "SELECT user_id FROM seats WHERE game_id = %s AND user_id IS NOT NULL", game
                )
            }
            for user in humans[1:]:
                if user.id not in seated:
                    await self.interact(shard, user.slash("game join", channel=chan, check=False))
            await self.interact(shard, humans[0].slash("game start", channel=chan, check=False))
            return True
        seats = await self.waiting(game)
        if not seats:
            return False  # an AI's turn: the scheduler's
        user_id, token = seats[0]
        user = self.fake.users_by_id[user_id]
        dm = _decision(user, game, token) if self.alive[0] else None
        ways = (["dm"] if dm is not None else []) + (["move"] if self.alive[shard] else [])
        if not ways:
            return False
        dead = not all(self.alive.values())
        if self.rng.choice(ways) == "dm":
            assert dm is not None
            choices = [c for c in choices_of(dm) if c != "knock"]
            if not choices:
                return False
            choice = self.rng.choice(choices)
            r = await self.interact(0, _act(user, dm, choice))
            # The click is acknowledged at once (the DM deferred) and the move comes after:
            # only the DM's edit that follows says it was played. Before it, the DM may already
            # say "✅ You played" about the seat's move before.
            ok = r is not None and await self.answered(0, r) and _closed(r, game, token)
        else:
            options = await self.interact(
                shard, user.autocomplete("move", "action", "", channel=chan)
            )
            if not isinstance(options, list):
                return False
            values = [str(c.value) for c in options]  # a hint line has no move in it
            choices = [v for v in values if v.startswith("play ") or v == "pass"]
            if not choices:
                return False
            choice = self.rng.choice(choices)
            r = await self.interact(
                shard, user.slash("move", channel=chan, action=choice, check=False)
            )
            ok = r is not None and await self.loaded(shard, r) and PLAYED in r.content
        if ok:
            self.acks.append(Ack(game, version, user_id, choice))
            self.moves_while_dead += dead
        return ok

    # -- the run --------------------------------------------------------------------------------

    def boards(self) -> list[Message]:
        return [m for shard in range(SHARDS) for m in self.boards_in(shard, 0)]

    def boards_in(self, shard: int, after: int) -> list[Message]:
        guild = self.fake.guild(SERVERS[shard])
        return [
            m
            for chan in guild.channels
            for m in chan.messages
            if "board.png" in m.filenames and not m.ephemeral and m.id > after
        ]

    async def one_kill(self, victim: int) -> None:
        survivor = 1 - victim
        # Up for a while: some moves of its own acknowledged since it started.
        wanted = len(self.acks) + self.rng.randint(2, 12)
        await self.until(
            lambda: len(self.acks) >= wanted, f"moves before kill {len(self.kills) + 1}"
        )
        pid = self.pids[victim]
        if len(self.kills) % 2 == 0:
            # Every other kill comes while it holds a claim (delivering a game, or running its
            # due work), if that happens within a thousand looks: what is left must be taken
            # over. The others come at a random moment.
            for _ in range(CLAIM_LOOKS):
                if await self.claims_of(pid):
                    break
        else:
            await asyncio.sleep(self.rng.uniform(0, 0.3))
        mark = max((m.id for m in self.boards()), default=0)
        self.kill(victim)
        killed_at = time.monotonic()
        pending = [c for c in await self.claims_of(pid) if await self.pending(*c)]
        record = KillRecord(victim, pending)
        self.kills.append(record)
        self.log(f"kill {len(self.kills)}: shard {victim} (pid {pid}), claims left {pending}")

        async def taken_over() -> bool:
            for kind, game in record.left:
                owner = await self.held_by(kind, game)
                if owner is not None and f":{pid}:" in owner and await self.pending(kind, game):
                    return False
            return True

        def survivor_delivered() -> bool:
            record.survivor_boards = len(self.boards_in(survivor, mark))
            record.dead_server_boards = len(self.boards_in(victim, mark))
            # Its own server's games always can (their commands reach it). The dead process's
            # games move only by DM clicks to shard 0, and only where the waited-for player
            # has their decision in a DM (given in a reply in the channel, its buttons reach
            # the dead shard): counted, and required over the whole run (the test).
            return record.survivor_boards > 0

        what = f"the survivor (shard {survivor}) to go on after kill {len(self.kills)}"
        try:
            await self.until(survivor_delivered, what)
            # Alone for longer than a lease: whatever the dead process held has run out.
            await self.until(lambda: time.monotonic() > killed_at + self.lease, "a lease")
            await self.until(taken_over, f"the claims of the dead process (kill {len(self.kills)})")
        except AssertionError as e:
            raise AssertionError(f"{e}\n{record}\n{await self.state()}") from None
        await self.start(victim)

    async def state(self) -> str:
        """The games, claims and unsent announcements, for a failure's message."""
        games = await self.sql(
            "SELECT g.id, g.guild_id, g.status, g.version, g.next_due, "
            "(SELECT count(*) FROM outbox o WHERE o.game_id = g.id AND o.sent_at IS NULL) "
            "FROM games g WHERE g.status IN ('lobby', 'active') ORDER BY g.id"
        )
        claims = await self.sql("SELECT kind, game_id, owner, lease_until FROM claims")
        return f"open games (id, server, status, version, next_due, unsent): {games}\n" + (
            f"claims: {claims}; now {time.time():.1f}; pids {self.pids}"
        )

    async def settle(self) -> None:
        """Both processes up, the players stopped: everything gets announced."""
        self.stopping = True
        for task in list(self._background):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, CAP)

        async def quiet() -> bool:
            # Work still to come counts as well as work due: an AI turn is due a pace (0.2 s)
            # after the move before it, so "nothing due now" could hold just before an AI
            # moved, and its announcement would then be unsent when the outbox is checked (seen
            # on a loaded machine). A human's deadline is hours away, beyond SOON.
            unsent = await self.sql("SELECT count(*) FROM outbox WHERE sent_at IS NULL")
            due = await self.sql(
                "SELECT count(*) FROM games WHERE status = 'active' AND next_due <= %s",
                time.time() + SOON,
            )
            return int(unsent[0][0]) == 0 and int(due[0][0]) == 0

        await self.until(quiet, "every announcement to go out at the end")

    def summary(self, seconds: float) -> Summary:
        return Summary(
            kills=len(self.kills),
            acked=len(self.acks),
            boards=len(self.boards()),
            seconds=seconds,
            claims_taken_over=sum(len(k.left) for k in self.kills),
            moves_while_dead=self.moves_while_dead,
            boards_retelling=self.retelling(),
        )


def _forget(task: asyncio.Task[Any]) -> None:
    """An action abandoned when its process died ends on its own (failed): nothing to say."""
    if not task.cancelled():
        task.exception()


def _decision(user: FakeUser, game: int, token: int) -> Message | None:
    """The user's DM carrying the game's decision drawn for ``token``."""
    for msg in sorted(user.dms, key=lambda m: m.id, reverse=True):
        if _offers(msg, game, token):
            return msg
    return None


def _closed(r: InteractionResult, game: int, token: int) -> bool:
    """The clicked DM was closed saying the move was played: no private refusal came, it says
    "✅ You played" and it no longer offers the decision drawn for ``token``."""
    msg = r.message
    return (
        not r.followups
        and msg is not None
        and PLAYED in msg.content
        and not _offers(msg, game, token)
    )


def _offers(msg: Message, game: int, token: int) -> bool:
    """Whether ``msg`` has the controls of the game's decision drawn for ``token``."""
    ids = [str(c.get("custom_id", "")) for c in msg.walk_components()]
    return any(i.startswith((f"vz:a:{game}:{token}:", f"vz:s:{game}:{token}")) for i in ids)


async def _act(user: FakeUser, msg: Message, notation: str) -> InteractionResult:
    for comp in msg.walk_components():
        cid = str(comp.get("custom_id", ""))
        if comp.get("type") == 2 and cid.endswith(":" + notation):
            return await user.click(custom_id=cid, message=msg, check=False)
        if comp.get("type") == 3 and any(o["value"] == notation for o in comp["options"]):
            return await user.select(msg, values=[notation], custom_id=cid, check=False)
    return await user.select(msg, values=[notation], check=False)


async def run(
    url: str,
    workdir: Path,
    *,
    kills: int,
    lease: float = 2.0,
    seed: int = 29,
    victims: tuple[int, ...] = (1,),
    log: Callable[[str], None] = lambda _line: None,
    echo: bool = False,
) -> tuple[Summary, list[str], list[KillRecord]]:
    """The whole scenario on the database at ``url``: ``kills`` kills of a process of
    ``victims`` (drawn each time), then everything settled and verified (``echo``: print the
    loopback Discord's transcript, to debug). Returns the
    summary, the problems found (empty: all is well) and what each kill left."""
    started = time.monotonic()
    fake = FakeDiscord(echo=echo, interaction_deadline=3.0, response_timeout=CAP)
    await fake.start()
    zygote = await start_zygote(workdir / "bots.log")
    crash = Crash(fake, url, zygote, lease=lease, seed=seed, log=log)
    players: list[asyncio.Task[None]] = []
    try:
        crash.build()
        for shard in range(SHARDS):
            await crash.start(shard)
        players = [asyncio.create_task(crash.play(*t)) for t in crash.tables]
        for _ in range(kills):
            await crash.one_kill(crash.rng.choice(victims))
            for task in players:
                if task.done():
                    task.result()  # a player's loop that ended raised: show it
        await crash.settle()
        problems = await crash.verify()
        return crash.summary(time.monotonic() - started), problems, crash.kills
    finally:
        crash.stopping = True
        for task in players:
            task.cancel()
        for task in [*players, *crash._background]:
            with contextlib.suppress(BaseException):
                await task
        for pid in list(crash.pids.values()):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        await stop_zygote(zygote)
        if crash.db is not None:
            await crash.db.close()
        await fake.close()
