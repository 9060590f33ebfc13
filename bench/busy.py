"""The bot on a busy machine: ``python -m bench busy``.

Discord gives a bot 3 seconds to acknowledge an interaction, on the real clock; a bot that
answers a click only after the game's lock, the rendering and the database fails it on a loaded
machine ("This interaction failed"). This bench measures that, so a fix can be shown before and
after.

- **The machine is oversubscribed**: ``2 × cores`` CPU burners (busy loops at normal priority,
  in processes that die with the bench) run while the scenarios do; the 1-minute load average
  reached is printed.
- **The real bot in its own process** (forked by the zygote of
  :mod:`tests.sandbox.shard_bots`, as ``bench scale`` does) on a SQLite file, connected to the
  loopback Discord (:mod:`sandbox.fake`) in this process, whose interaction deadline runs on
  the real clock (``time.monotonic``, 3.0 s). While the burners run, this process's event loop
  (the loopback Discord and its users) has nice -10 (as root; ``priority=0`` leaves it at 0):
  Discord is not on the busy machine, and a starved fake fails interactions of its own (at 16
  burners: 145 of 300 clicks at nice 0, none at -10).
- **The games** are set up before the burners start, through the bot's own commands as players
  do (``/game new``, **Join**, **Start**), except the worker game, whose first offering comes
  after about 140 decisions: that game is played to its offering through the host (the bot's
  own code, seconds) before the bot starts, and the bot announces it at startup.

Scenarios (their sizes, ``ROUNDS`` and the others, are in :mod:`bench._busy`), each printing
interactions sent and failed, moves made, interaction → acknowledgement (the fake's first
callback) and interaction → visible result (the board in the channel at the new version, or
the player's message showing the move), HTTP 429s the fake gave
the bot, and the ERROR lines and tracebacks of the bot's log:

a. **Identical clicks**: ``ROUNDS`` rounds; in each, the player the 2-player Downfall game
   waits on clicks the same control of their decision DM ``CLICKS`` times at once (its first
   button, else its menu's first option: Downfall offers its moves in a menu); exactly one
   move must be made, and the DM must still say what was played, not "already played".
b. **Many tables**: ``MOVE_GAMES`` 2-player Downfall games in as many channels, ``MOVE_GAMES``
   players seated in a ring (each in two games); ``WAVES`` waves, each a ``/move`` (a legal
   move read from the stored state) in every game at once: ``WAVES × MOVE_GAMES`` moves.
c. **Everyone decides at once**: a 4-player worker game's offering; all four press **+** on a
   pledge at the same moment, then all four **Lock** at the same moment; each player's DM must
   be edited for the others' answers.
d. **Games ending at once**: ``ENDINGS`` solo toy games (``max_turns=1``) in threads of one
   channel (``where:thread``); their last move (``/move pass``) is sent at once; every final
   board must arrive, after the game's earlier boards.

The last line: ``busy: <failed> of <n> interactions failed, <k> 429s, max ack <ms> ms``.
Settings: ``python -m bench busy burners=16 rounds=3 ...`` (any field of :class:`Config`).
About a minute and a half with the defaults (30 s of it the burners' warm-up);
``tests/bench/test_busy.py`` runs a tiny configuration.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from bench._busy import (
    CAP,
    DRAIN,
    PLAYED,
    SETUP_DEADLINE,
    WORKER_PLAYERS,
    BotLog,
    Burners,
    Config,
    Db,
    Figures,
    Outcome,
    TimedDiscord,
    button,
    control,
    gist,
    press,
    renice,
    runnable,
    spread,
)
from bench.scale_bot import bot_request
from engine.rng import Rng
from engine.workers import GAME as WORKERS
from engine.workers.search import policy_action
from engine.workers.state import OFFERING
from host import Host, HostOptions, TableOptions
from sandbox.fake import Channel, FakeUser, InteractionResult, Message
from tests.sandbox.shard_bots import start_zygote, stop_zygote


class Bench:
    """One run: the loopback Discord, the bot process, the games and the scenarios."""

    def __init__(self, cfg: Config, folder: Path, out: Callable[[str], None]) -> None:
        self.cfg = cfg
        self.out = out
        self.db_path = folder / "busy.sqlite3"
        self.botlog = BotLog(folder / "bot.log")
        self.db = Db(self.db_path)
        self.fake = TimedDiscord(
            echo=False, interaction_deadline=SETUP_DEADLINE, response_timeout=CAP
        )
        names = (
            "clicks",
            *(f"moves-{i}" for i in range(cfg.move_games)),
            "offering",
            "endings",
        )
        self.guild = self.fake.add_guild("Busy", channels=names)
        self.load = 0.0
        self.runnable: list[int] = []
        self.measuring = False

    def user(self, name: str) -> FakeUser:
        return self.fake.users.get(name) or self.fake.add_user(name, guilds=[self.guild])

    def chan(self, name: str) -> Channel:
        return self.guild.channel(name)

    # -- setting up -----------------------------------------------------------------------------

    async def seed_offering(self) -> int:
        """A 4-player worker game played to its first offering through the host (the bot's
        own code) before the bot starts; the bot announces it at startup."""
        users = [self.user(n).id for n in WORKER_PLAYERS]
        with ThreadPoolExecutor(1) as threads:
            host = await Host.open(
                self.db_path, HostOptions(seed_source=lambda: 7, ai_executor=threads)
            )
            try:
                opts = TableOptions(kind="workers", players=4, seat_order="joined")
                chan = self.chan("offering")
                game = (
                    await host.tables.create_game(self.guild.id, chan.id, users[0], opts)
                ).game_id
                for u in users[1:]:
                    await host.tables.join(game, u)
                await host.tables.start(game, users[0])
                rng = Rng(2026)
                while True:
                    state = (await host.store.get(game)).state
                    assert state is not None
                    if state.stage == OFFERING:
                        break
                    seat = (await host.views.status(game)).waiting_on[0]
                    assert seat.user_id is not None
                    action, rng = policy_action(state, seat.seat, rng, 10**9)
                    await host.moves.act(
                        game, seat.user_id, WORKERS.format_action(action), seat.token
                    )
            finally:
                await host.close()
        return game

    async def open_table(self, chan: Channel, users: list[FakeUser], **options: Any) -> None:
        """``users[0]`` runs ``/game new``; the others **Join**; **Start** (when a lobby)."""
        lobby = await users[0].slash("game new", channel=chan, **options)
        if len(users) > 1:
            for u in users[1:]:
                await u.click("Join", message=lobby.message)
            started = await users[0].click("Start", message=lobby.message)
            await started.wait_until_loaded(timeout=CAP)

    async def quiet(self) -> None:
        """Until the outbox is sent and the loopback Discord has been quiet a moment."""
        end = time.monotonic() + CAP
        while await self.db.unsent():
            if time.monotonic() > end:
                break
            await asyncio.sleep(0.05)
        with contextlib.suppress(TimeoutError):
            await self.fake.settle(quiet=0.5, timeout=CAP)

    async def send(self, actions: list[Awaitable[InteractionResult]]) -> list[Any]:
        """Every action at once; a result, or the ``DriverError`` of one that could not be sent."""
        return list(await asyncio.gather(*actions, return_exceptions=True))

    async def drain(self, results: list[InteractionResult]) -> int:
        """Until the bot has tried to answer every one of ``results`` (in time or late), the
        answers it deferred have come, and everything it owes is sent; returns how many it
        never answered (no acknowledgement, or a deferral whose answer never came)."""
        end = time.monotonic() + DRAIN

        def answered(r: InteractionResult) -> bool:
            return r.id in self.fake.tried and (r.failed or r.settled)

        while not all(answered(r) for r in results):
            if time.monotonic() > end:
                break
            await asyncio.sleep(0.05)
        await self.quiet()
        return sum(1 for r in results if not answered(r))

    async def watch_load(self) -> None:
        """The 1-minute load average's highest value and, once the scenarios run, how many
        processes are runnable at each half second (``/proc/loadavg``: the machine's load now,
        which the 1-minute average follows only slowly)."""
        while True:
            self.load = max(self.load, os.getloadavg()[0])
            now = runnable() if self.measuring else None
            if now is not None:
                self.runnable.append(now)
            await asyncio.sleep(0.5)

    # -- the scenarios --------------------------------------------------------------------------

    def _sent(self, fig: Figures, results: list[Any]) -> list[InteractionResult]:
        for r in results:
            if isinstance(r, BaseException):
                fig.problems.append(f"an interaction could not be sent: {r}")
        return [r for r in results if isinstance(r, InteractionResult)]

    async def clicks(self, game: int) -> Figures:
        cfg, fake = self.cfg, self.fake
        chan = self.chan("clicks")
        fig = Figures(
            f"a. {cfg.rounds} rounds of {cfg.clicks} identical clicks on one decision "
            "(Downfall, 2 players, #clicks)"
        )
        for n in range(1, cfg.rounds + 1):
            waiting = await self.db.waiting(game)
            found = (
                control(fake.users_by_id[waiting[0][1]], game, waiting[0][2]) if waiting else None
            )
            if found is None:
                fig.problems.append(f"round {n}: no decision message to click")
                break
            msg, kind, cid, notation = found
            user = fake.users_by_id[waiting[0][1]]
            before = await self.db.version(game)
            results = await self.send(
                [press(user, msg, kind, cid, notation) for _ in range(cfg.clicks)]
            )
            sent = self._sent(fig, results)
            fig.unanswered += await self.drain(sent)
            fig.count(fake, sent)
            after = await self.db.version(game)
            fig.moves += after - before
            fig.expected += 1
            begun = min(fake.created(r) for r in sent)
            shown = [
                fake.board_at(chan, game, before + 1),
                fake.first(msg.id, begun, lambda c: PLAYED in c.content),
            ]
            times = [t for t in shown if t is not None]
            if after > before and times:
                fig.visible.append(min(times) - begun)
            failed = sum(1 for r in sent if r.failed)
            says = gist(msg.content)
            acks = [fake.acked[r.id] - fake.created(r) for r in sent if r.id in fake.acked]
            fig.lines.append(
                f"round {n}: {user.name}'s DM, {len(sent)} x {kind} `{notation}`: {failed} failed "
                f"(acks {spread(acks)}), version {before} -> {after}; the DM now says: {says!r}"
            )
            if after - before != 1:
                fig.problems.append(f"round {n}: {after - before} moves made (1 expected)")
            if PLAYED not in msg.content or "already" in msg.content:
                fig.problems.append(f"round {n}: the DM does not say what was played: {says!r}")
        return fig

    async def moves(self, games: list[tuple[int, Channel]]) -> Figures:
        cfg, fake = self.cfg, self.fake
        fig = Figures(
            f"b. {cfg.waves} waves of /move in {len(games)} Downfall games at once "
            f"({len(games)} players in a ring, 2 a game)"
        )
        rng = random.Random(7)
        for wave in range(1, cfg.waves + 1):
            plan: list[tuple[int, Channel, FakeUser, str, int]] = []
            for game, chan in games:
                waiting = await self.db.waiting(game)
                if await self.db.status(game) != "active" or not waiting:
                    continue
                seat, user_id, _token = waiting[0]
                notation = rng.choice(await self.db.legal(game, seat))
                user = fake.users_by_id[user_id]
                plan.append((game, chan, user, notation, await self.db.version(game)))
            results = await self.send(
                [u.slash("move", channel=c, action=a, check=False) for _g, c, u, a, _v in plan]
            )
            pairs = [(p, r) for p, r in zip(plan, results, strict=True)]
            sent = self._sent(fig, [r for _p, r in pairs])
            fig.unanswered += await self.drain(sent)
            fig.count(fake, sent)
            made = 0
            for (game, chan, user, notation, before), r in pairs:
                after = await self.db.version(game)
                made += after - before
                fig.expected += 1
                if not isinstance(r, InteractionResult):
                    continue
                reply = r.message.id if r.message is not None else None
                shown = [fake.board_at(chan, game, before + 1)]
                if reply is not None:
                    shown.append(fake.first(reply, 0.0, lambda c: PLAYED in c.content))
                times = [t for t in shown if t is not None]
                if after > before and times:
                    fig.visible.append(min(times) - fake.created(r))
                if after - before != 1:
                    fig.problems.append(
                        f"wave {wave}: {user.name}'s /move `{notation}` in #{chan.name}: "
                        f"{after - before} moves made; the reply: {gist(r.content)!r}"
                    )
            fig.moves += made
            failed = sum(1 for r in sent if r.failed)
            fig.lines.append(
                f"wave {wave}: {len(sent)} /moves at once, {failed} failed, {made} moves"
            )
        return fig

    async def offering(self, game: int) -> Figures:
        fake = self.fake
        fig = Figures(
            "c. a 4-player offering of the worker game: 4 pledges at once, 4 locks at once"
        )
        names = {self.user(n).id: n for n in WORKER_PLAYERS}
        for step, what in (("pledge", "pledge "), ("lock", "lock")):
            waiting = await self.db.waiting(game)
            plan: list[tuple[FakeUser, Message, str]] = []
            for _seat, user_id, token in waiting:
                user = fake.users_by_id[user_id]
                msg = button(user, game, token, what)
                if msg is None:
                    fig.problems.append(f"{step}: {user.name} has no {what.strip()} button")
                    continue
                cid = next(
                    str(c["custom_id"])
                    for c in msg.walk_components()
                    if str(c.get("custom_id", "")).startswith(f"vz:a:{game}:{token}:{what}")
                )
                plan.append((user, msg, cid))
            before = await self.db.version(game)
            results = await self.send(
                [u.click(custom_id=c, message=m, check=False) for u, m, c in plan]
            )
            sent = self._sent(fig, results)
            fig.unanswered += await self.drain(sent)
            fig.count(fake, sent)
            after = await self.db.version(game)
            fig.moves += after - before
            fig.expected += len(plan)
            for r in sent:
                shown = fake.answered(r)
                if shown is not None:
                    fig.visible.append(shown - fake.created(r))
            begun = min((fake.created(r) for r in sent), default=time.monotonic())
            failed = sum(1 for r in sent if r.failed)
            fig.lines.append(
                f"{step}: {len(sent)} clicks at once, {failed} failed, version {before} -> {after}"
            )
            for user, msg, _cid in plan:
                others = [n for uid, n in names.items() if uid != user.id]
                if step == "pledge":

                    def fresh(c: Any, others: list[str] = others) -> bool:
                        return not any(f"{o} nothing yet" in c.content for o in others)

                    ready = fake.first(msg.id, begun, fresh)
                    late = [o for o in others if f"{o} nothing yet" in msg.content]
                    took = "never" if ready is None else f"{(ready - begun) * 1000:.0f} ms"
                    edits = sum(1 for c in fake.changes[msg.id] if c.at >= begun)
                    fig.lines.append(
                        f"  {user.name}'s DM showed the others' pledges after {took} "
                        f"({edits} edits in this step): {gist(msg.content)!r}"
                    )
                    if late:
                        fig.problems.append(
                            f"{user.name}'s DM still shows {', '.join(late)} with nothing pledged"
                        )
                else:
                    edits = sum(1 for c in fake.changes[msg.id] if c.at >= begun)
                    fig.lines.append(
                        f"  {user.name}'s DM ({edits} edits in this step) now says: "
                        f"{gist(msg.content)!r}"
                    )
                if "already" in msg.content or "⌛" in msg.content:
                    fig.problems.append(f"{step}: {user.name}'s DM says {gist(msg.content)!r}")
        if fig.moves != fig.expected:
            fig.problems.append(f"{fig.moves} moves made ({fig.expected} expected)")
        return fig

    async def endings(self, games: list[tuple[int, Channel, FakeUser]]) -> Figures:
        fake = self.fake
        fig = Figures(
            f"d. {len(games)} solo toy games ending at once, in threads of #endings (/move pass)"
        )
        plan = [(g, t, u, await self.db.version(g)) for g, t, u in games]
        results = await self.send(
            [u.slash("move", channel=t, action="pass", check=False) for _g, t, u, _v in plan]
        )
        sent = self._sent(fig, results)
        fig.unanswered += await self.drain(sent)
        fig.count(fake, sent)
        arrived = ordered = 0
        for (game, thread, _user, before), r in zip(plan, results, strict=True):
            after = await self.db.version(game)
            fig.moves += after - before
            fig.expected += 1
            versions = [v for v, _m in fake.boards(thread, game)]
            final = fake.board_at(thread, game, after) if after > before else None
            if final is None or await self.db.status(game) != "finished":
                fig.problems.append(f"{thread.name}: no final board (boards of {versions})")
                continue
            arrived += 1
            if versions == sorted(set(versions)) and versions[-1] == after:
                ordered += 1
            else:
                fig.problems.append(f"{thread.name}: boards out of order: versions {versions}")
            if isinstance(r, InteractionResult):
                fig.visible.append(final - fake.created(r))
        fig.lines.append(
            f"{arrived} of {len(games)} final boards arrived, {ordered} after their game's "
            "earlier boards (interaction -> visible result: the final board)"
        )
        return fig

    # -- the run ----------------------------------------------------------------------------------

    async def run(self, burners: Burners | None) -> Outcome:
        cfg, fake = self.cfg, self.fake
        began = time.monotonic()
        zygote = await start_zygote(self.botlog.path)
        pid: int | None = None
        watcher: asyncio.Task[None] | None = None
        niced: int | None = None
        try:
            await fake.start()
            offering = await self.seed_offering()
            seeded = time.monotonic() - began
            pid = await zygote.start(bot_request(fake, str(self.db_path), 0, 1))
            await fake.wait_for(
                lambda: fake.connected and bool(fake.commands), timeout=CAP, what="the bot"
            )
            await self.db.open()
            await self.quiet()  # the seeded offering announced at startup
            t = time.monotonic()
            ring = [self.user(f"p{i}") for i in range(cfg.move_games)]
            solo = [self.user(f"e{i}") for i in range(cfg.endings)]
            await self.open_table(
                self.chan("clicks"),
                [self.user("ana"), self.user("ben")],
                game="downfall",
                players=2,
            )
            for i in range(cfg.move_games):
                others = [ring[(i + 1) % len(ring)]] if len(ring) > 1 else []
                await self.open_table(
                    self.chan(f"moves-{i}"), [ring[i], *others], game="downfall", players=2
                )
            for u in solo:
                await self.open_table(
                    self.chan("endings"),
                    [u],
                    game="toy",
                    players=1,
                    variant="max_turns=1",
                    where="thread",
                )
            await self.quiet()
            downfall = {c: g for g, c in await self.db.games("downfall")}
            toys = await self.db.games("toy")
            self.out(
                f"setup: {1 + cfg.move_games + cfg.endings} games opened through the bot's "
                f"commands in {time.monotonic() - t:.0f} s; the worker game played to its "
                f"offering through the host in {seeded:.1f} s (bot and loopback Discord "
                "included)"
            )
            if cfg.priority:
                niced = renice(cfg.priority)
                self.out(
                    f"the loopback Discord runs at nice {cfg.priority} (Discord is not on the busy "
                    "machine); the bot and the burners at 0"
                    if niced is not None
                    else f"the loopback Discord could not be given nice {cfg.priority} (not root)"
                )
            if burners is not None and burners.count:
                burners.go()
            self.out(
                f"{len(burners.procs) if burners else 0} CPU burners on {os.cpu_count()} cores; "
                f"warming up {cfg.warmup:.0f} s"
            )
            watcher = asyncio.create_task(self.watch_load())
            await asyncio.sleep(cfg.warmup)
            fake.interaction_deadline = cfg.deadline
            self.measuring = True
            self.out(f"interaction deadline from now on: {cfg.deadline:.1f} s on the real clock")
            figures: list[Figures] = []
            moving = [
                (downfall[self.chan(f"moves-{i}").id], self.chan(f"moves-{i}"))
                for i in range(cfg.move_games)
            ]
            ending = []
            for game, channel_id in toys:
                thread = fake.channel_by_id(channel_id)
                assert thread is not None
                waiting = await self.db.waiting(game)
                ending.append((game, thread, fake.users_by_id[waiting[0][1]]))
            scenarios: list[Callable[[], Awaitable[Figures]]] = [
                lambda: self.clicks(downfall[self.chan("clicks").id]),
                lambda: self.moves(moving),
                lambda: self.offering(offering),
                lambda: self.endings(ending),
            ]
            for scenario in scenarios:
                start = time.monotonic()
                requests = fake.count_429s()
                self.botlog.mark()
                fig = await scenario()
                fig.seconds = time.monotonic() - start
                fig.rate_limited = fake.count_429s() - requests
                fig.log(self.botlog.since_mark())
                figures.append(fig)
                for line in fig.report():
                    self.out(line)
                self.out(
                    "  load average (1/5/15 min): "
                    + " / ".join(f"{v:.1f}" for v in os.getloadavg())
                )
            return Outcome(figures, self.load, self.runnable)
        finally:
            if niced is not None:
                renice(niced)
            if watcher is not None:
                watcher.cancel()
            if pid is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            await stop_zygote(zygote)
            await self.db.close()
            await fake.close()


async def run(
    cfg: Config,
    folder: Path,
    burners: Burners | None = None,
    out: Callable[[str], None] = print,
) -> Outcome:
    """One run of the bench in ``folder`` (its database and the bot's log)."""
    return await Bench(cfg, folder, out).run(burners)


def main(argv: list[str] | None = None) -> None:
    """``python -m bench busy [burners=N] [warmup=S] [rounds=N] [clicks=N] ...``: any field of
    :class:`Config`; by default ``2 × cores`` burners."""
    cfg = Config()
    for arg in argv if argv is not None else sys.argv[1:]:
        key, _, value = arg.partition("=")
        names = [f.name for f in fields(Config)]
        if key not in names:
            raise SystemExit(f"bench busy: no setting {key!r} (settings: {', '.join(names)})")
        cfg = replace(cfg, **{key: type(getattr(cfg, key))(value)})
    began = time.monotonic()

    def out(line: str) -> None:
        print(line, flush=True)

    out(
        "load average before (1/5/15 min): "
        + " / ".join(f"{v:.1f}" for v in os.getloadavg())
        + f" on {os.cpu_count()} cores"
    )
    with Burners(cfg.burners) as burners, tempfile.TemporaryDirectory(prefix="busy-") as tmp:
        outcome = asyncio.run(run(cfg, Path(tmp), burners, out))
    acks = [a for f in outcome.figures for a in f.acks]
    runnable = outcome.runnable
    mean = f"{sum(runnable) / len(runnable):.1f}" if runnable else "-"
    out(
        f"load average reached: {outcome.load:.1f} (1-minute, highest while the burners ran); "
        f"runnable processes while the scenarios ran: mean {mean}, max {max(runnable, default=0)} "
        f"({cfg.burners} burners on {os.cpu_count()} cores)"
    )
    out(f"all acknowledgements: {spread(acks)}")
    out(f"the bench took {time.monotonic() - began:.0f} s")
    out(outcome.summary())


if __name__ == "__main__":
    main(sys.argv[1:])
