"""The machinery of ``python -m bench busy`` (:mod:`bench.busy`): CPU burners and the machine's
load, a loopback Discord that notes when each interaction was answered and when each message
changed, a read-only look at the bot's database, the settings of a run (:class:`Config`), the
figures of a scenario and of a run (:class:`Outcome`), and what a player sees and does (the
control of a decision in their DMs, a click or a pick). (``_`` keeps ``python -m bench`` from
running this module as a benchmark of its own.)"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import re
import signal
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

import plugins
from sandbox.fake import Channel, FakeDiscord, FakeUser, InteractionResult, Message
from sandbox.fake.basics import Json
from sandbox.fake.wire import Interaction, RequestRecord
from storage import codec

PR_SET_PDEATHSIG = 1


# --------------------------------------------------------------------------- CPU burners


def _burn(go: Any) -> None:
    """A burner: dies with the bench (even one killed by SIGKILL), waits for ``go``, then
    busy-loops at normal priority until it is terminated."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if os.getppid() == 1:  # the bench is already gone
        return
    go.wait()
    n = 0
    while True:
        n += 1


class Burners:
    """``count`` processes that keep the cores busy once :meth:`go` is called. Forked when
    the ``with`` block is entered (before the bench has threads or an event loop), ended when
    it is left, whatever happened; each also dies with the bench."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.procs: list[Any] = []
        self._ctx = multiprocessing.get_context("fork")
        self._go = self._ctx.Event()

    def __enter__(self) -> Burners:
        try:
            for _ in range(self.count):
                proc = self._ctx.Process(target=_burn, args=(self._go,), daemon=True)
                proc.start()
                self.procs.append(proc)
        except BaseException:
            self.stop()
            raise
        return self

    def go(self) -> None:
        self._go.set()

    def stop(self) -> None:
        for proc in self.procs:
            with contextlib.suppress(Exception):
                proc.terminate()
        for proc in self.procs:
            proc.join(5)
            if proc.is_alive():
                proc.kill()
                proc.join()
        self.procs.clear()

    def __exit__(self, *exc: object) -> None:
        self.stop()


# --------------------------------------------------------------------------- the loopback Discord


@dataclass(frozen=True)
class Change:
    """A message as it was when the bot created or edited it."""

    at: float
    content: str
    loading: bool


class TimedDiscord(FakeDiscord):
    """The loopback Discord, noting (on the real clock) when each interaction was first
    acknowledged, when the bot first tried to answer it at all (in time or not), and every
    change of every message."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.acked: dict[int, float] = {}
        self.tried: dict[int, float] = {}
        self.changes: defaultdict[int, list[Change]] = defaultdict(list)
        self.observers.append(self._saw)

    def _saw(self, kind: str, message: Any) -> None:
        if kind == "message" and message is not None:
            self.changes[message.id].append(
                Change(time.monotonic(), message.content, message.loading)
            )

    async def r_callback(self, rec: RequestRecord, interaction_id: str, token: str) -> Json | None:
        self.tried.setdefault(int(interaction_id), time.monotonic())
        return await super().r_callback(rec, interaction_id, token)

    def _answer(self, inter: Interaction, rec: RequestRecord) -> Json | None:
        out = super()._answer(inter, rec)
        self.acked.setdefault(inter.id, time.monotonic())
        return out

    def created(self, result: InteractionResult) -> float:
        return self.interactions[result.id].created_at

    def answered(self, result: InteractionResult) -> float | None:
        """When the player could read the bot's answer (not a "thinking…" message): the
        acknowledgement itself, or after a defer the first edit or follow-up."""
        acked = self.acked.get(result.id)
        if acked is None:
            return None
        if result.response_type == 5 and result.message is not None:
            return self.first(result.message.id, acked, lambda c: not c.loading)
        if result.response_type == 6:
            times = [self.first(m.id, acked) for m in result.followups]
            if result.source_message is not None:
                times.append(self.first(result.source_message.id, acked + 1e-9))
            return min((t for t in times if t is not None), default=None)
        return acked

    def first(self, message_id: int, after: float, ok: Any = None) -> float | None:
        """The first change of a message at or after ``after`` (for which ``ok(change)``)."""
        for change in self.changes.get(message_id, []):
            if change.at >= after and (ok is None or ok(change)):
                return change.at
        return None

    def boards(self, channel: Channel, game_id: int) -> list[tuple[int, Any]]:
        """The game's boards in ``channel``, in the channel's order: (version told, message)
        (a board carries the nonce ``vz<game>.<version>``)."""
        out = []
        for msg in channel.messages:
            nonce = msg.nonce or ""
            if nonce.startswith(f"vz{game_id}.") and not msg.deleted:
                out.append((int(nonce.rsplit(".", 1)[1]), msg))
        return out

    def board_at(self, channel: Channel, game_id: int, version: int) -> float | None:
        """When the first board of ``version`` or later reached the channel."""
        times = [self.changes[m.id][0].at for v, m in self.boards(channel, game_id) if v >= version]
        return min(times, default=None)

    def count_429s(self) -> int:
        """HTTP 429s the fake gave the bot: the requests answered 429, or the fake's own count
        (``rate_limited``, a number or a list, once the fake has rate limits), the larger."""
        seen = sum(1 for r in self.requests if r.status == 429)
        own: Any = getattr(self, "rate_limited", None)
        if own is None or callable(own):
            return seen
        if isinstance(own, int):
            return max(seen, own)
        with contextlib.suppress(TypeError):
            return max(seen, len(own))
        return seen


# --------------------------------------------------------------------------- the database


class Db:
    """The bot's SQLite file read as an operator would (read-only)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.conn: aiosqlite.Connection | None = None

    async def open(self) -> None:
        self.conn = await aiosqlite.connect(f"file:{self.path}?mode=ro", uri=True)

    async def close(self) -> None:
        if self.conn is not None:
            await self.conn.close()

    async def _rows(self, sql: str, *args: Any) -> list[Any]:
        assert self.conn is not None
        async with self.conn.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def version(self, game_id: int) -> int:
        rows = await self._rows("SELECT version FROM games WHERE id = ?", game_id)
        return int(rows[0][0])

    async def status(self, game_id: int) -> str:
        return str((await self._rows("SELECT status FROM games WHERE id = ?", game_id))[0][0])

    async def waiting(self, game_id: int) -> list[tuple[int, int, int]]:
        """(seat, user, decision token) of each player the game waits on."""
        rows = await self._rows(
            "SELECT seat, user_id, token FROM seats WHERE game_id = ? "
            "AND waiting_since IS NOT NULL AND user_id IS NOT NULL ORDER BY seat",
            game_id,
        )
        return [(int(s), int(u), int(t)) for s, u, t in rows]

    async def unsent(self) -> int:
        return int((await self._rows("SELECT count(*) FROM outbox WHERE sent_at IS NULL"))[0][0])

    async def games(self, kind: str) -> list[tuple[int, int]]:
        """(game, channel) of every game of ``kind``, oldest first."""
        rows = await self._rows("SELECT id, channel_id FROM games WHERE kind = ? ORDER BY id", kind)
        return [(int(g), int(c)) for g, c in rows]

    async def legal(self, game_id: int, seat: int) -> list[str]:
        """The seat's legal moves now (the game's stored state, read by its engine)."""
        rows = await self._rows(
            "SELECT g.kind, s.state FROM games g JOIN snapshots s ON s.game_id = g.id "
            "WHERE g.id = ?",
            game_id,
        )
        kind, blob = rows[0]
        engine = plugins.get(kind).engine
        state = engine.state_from_json(codec.decode_state(kind, blob))
        return [engine.format_action(a) for a in engine.legal_actions(state, seat)]


# --------------------------------------------------------------------------- the bot's log


class BotLog:
    """The bot process's stderr (its log, WARNING and up), read in stretches."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0

    def mark(self) -> None:
        self.offset = self.path.stat().st_size if self.path.exists() else 0

    def since_mark(self) -> list[str]:
        if not self.path.exists():
            return []
        with self.path.open("rb") as f:
            f.seek(self.offset)
            text = f.read().decode("utf-8", "replace")
        return text.splitlines()


ERROR_LINE = re.compile(r"\b(ERROR|CRITICAL)\b")


# --------------------------------------------------------------------------- figures


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def spread(values: list[float]) -> str:
    """p50 / p95 / max in milliseconds."""
    if not values:
        return "-"
    p50, p95, top = (quantile(values, q) * 1000 for q in (0.5, 0.95, 1.0))
    return f"p50 {p50:.0f} ms, p95 {p95:.0f} ms, max {top:.0f} ms"


@dataclass
class Figures:
    """What one scenario saw."""

    name: str
    sent: int = 0
    failed: int = 0
    """No valid acknowledgement within the deadline ("This interaction failed")."""
    unanswered: int = 0
    """Interactions the bot never tried to answer at all (no callback, however late)."""
    moves: int = 0
    expected: int = 0
    acks: list[float] = field(default_factory=list)
    """Seconds from an interaction to its acknowledgement (the fake's first callback)."""
    late: list[float] = field(default_factory=list)
    """Seconds from a failed interaction to the bot's late answer (refused by Discord)."""
    visible: list[float] = field(default_factory=list)
    """Seconds from the interaction to the visible result of each move made."""
    rate_limited: int = 0
    errors: list[str] = field(default_factory=list)
    """ERROR / CRITICAL lines of the bot's log."""
    tracebacks: int = 0
    exceptions: list[str] = field(default_factory=list)
    """The exception each traceback of the bot's log ended with."""
    warnings: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """What a player would call wrong: a lost or doubled move, a wrong message."""
    lines: list[str] = field(default_factory=list)
    """Details printed before the figures (per round, per wave)."""
    seconds: float = 0.0

    def count(self, fake: TimedDiscord, results: list[InteractionResult]) -> None:
        """Count the interactions ``results`` (answered or failed)."""
        for r in results:
            self.sent += 1
            created = fake.created(r)
            acked = fake.acked.get(r.id)
            if r.failed or acked is None:
                self.failed += 1
                tried = fake.tried.get(r.id)
                if tried is not None:
                    self.late.append(tried - created)
            else:
                self.acks.append(acked - created)

    def log(self, lines: list[str]) -> None:
        """Count the bot's log lines: ERRORs, WARNINGs, and tracebacks (a chained exception's
        tracebacks are one), each by the exception it ended with."""
        self.errors += [line for line in lines if ERROR_LINE.search(line)]
        self.warnings += [line for line in lines if " WARNING " in line]
        chained = False
        for i, line in enumerate(lines):
            if line.startswith(("During handling of the above", "The above exception was")):
                chained = True
            if not line.startswith("Traceback"):
                continue
            self.tracebacks += 0 if chained else 1
            chained = False
            ending = next(
                (x for x in lines[i + 1 :] if x and not x.startswith((" ", "Traceback"))), ""
            )
            self.exceptions.append(ending)

    def report(self) -> list[str]:
        out = [f"== {self.name}", *(f"  {line}" for line in self.lines)]
        late = f"; late answers {spread(self.late)}" if self.late else ""
        out += [
            f"  interactions: {self.sent} sent, {self.failed} failed "
            f"(no acknowledgement within the deadline), {self.unanswered} never answered{late}",
            f"  moves: {self.moves} made, {self.expected} expected",
            f"  interaction -> acknowledgement: {spread(self.acks)} "
            f"({len(self.acks)} acknowledged)",
            f"  interaction -> visible result: {spread(self.visible)} ({len(self.visible)} moves)",
            f"  HTTP 429s: {self.rate_limited}; bot log: {len(self.errors)} ERROR lines, "
            f"{self.tracebacks} tracebacks, {len(self.warnings)} WARNING lines",
        ]
        found_in = (("ERROR", self.errors), ("raised", self.exceptions), ("WARNING", self.warnings))
        for kind, found in found_in:
            for text, n in _distinct(found)[:5]:
                out.append(f"    {kind} x{n}: {text[:160]}")
        out.append("  problems: " + ("none" if not self.problems else ""))
        out += [f"    - {p}" for p in self.problems]
        out.append(f"  ({self.seconds:.0f} s)")
        return out


def _distinct(lines: list[str]) -> list[tuple[str, int]]:
    """Log lines without their process id, most frequent first."""
    counts: dict[str, int] = {}
    for line in lines:
        text = re.sub(r"^\d+ ", "", line)
        text = re.sub(r"\d{3,}", "N", text)
        counts[text] = counts.get(text, 0) + 1
    return sorted(counts.items(), key=lambda kv: -kv[1])


# ------------------------------------------------ what players see and do; the machine's load


def gist(content: str) -> str:
    """The line of a decision message that says what became of it."""
    lines = [line for line in content.splitlines() if line.strip()]
    for mark in ("✅", "⌛", "⚠", "already", "⏱", "🤖", "🏁"):
        for line in lines:
            if mark in line:
                return line[:110]
    return (lines[-1] if lines else "")[:110]


def control(user: FakeUser, game_id: int, token: int) -> tuple[Message, str, str, str] | None:
    """The user's newest DM with a control for decision ``token``: (message, "button" or
    "menu", custom id, notation): its first action button, else its first menu's first
    option."""
    for msg in sorted(user.dms, key=lambda m: m.id, reverse=True):
        menu: tuple[Message, str, str, str] | None = None
        for comp in msg.walk_components():
            cid = str(comp.get("custom_id", ""))
            if comp.get("type") == 2 and cid.startswith(f"vz:a:{game_id}:{token}:"):
                return msg, "button", cid, cid.split(":", 4)[4]
            if comp.get("type") == 3 and cid.startswith(f"vz:s:{game_id}:{token}") and not menu:
                menu = (msg, "menu", cid, str(comp["options"][0]["value"]))
        if menu is not None:
            return menu
    return None


def button(user: FakeUser, game_id: int, token: int, notation: str) -> Message | None:
    """The user's newest DM with the button for ``notation`` (a prefix) of decision ``token``."""
    for msg in sorted(user.dms, key=lambda m: m.id, reverse=True):
        for comp in msg.walk_components():
            cid = str(comp.get("custom_id", ""))
            if comp.get("type") == 2 and cid.startswith(f"vz:a:{game_id}:{token}:{notation}"):
                return msg
    return None


def runnable() -> int | None:
    """Processes runnable now (``/proc/loadavg``'s fourth field: running/total)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        return int(Path("/proc/loadavg").read_text().split()[3].split("/")[0])
    return None


def renice(priority: int) -> int | None:
    """Give this thread (on Linux a nice value is per thread: the event loop's) ``priority``;
    returns the old value, or ``None`` when not allowed."""
    try:
        old = os.getpriority(os.PRIO_PROCESS, 0)
        os.setpriority(os.PRIO_PROCESS, 0, priority)
    except OSError:
        return None
    return old


def press(user: FakeUser, msg: Message, kind: str, cid: str, notation: str) -> Any:
    if kind == "button":
        return user.click(custom_id=cid, message=msg, check=False)
    return user.select(msg, values=[notation], custom_id=cid, check=False)


# ------------------------------------------------------------------- a run's settings and outcome

ROUNDS = 6
CLICKS = 50
MOVE_GAMES = 10
WAVES = 10
ENDINGS = 30
DEADLINE = 3.0
"""Discord's time to acknowledge an interaction, on the real clock."""
SETUP_DEADLINE = 60.0
"""The deadline while the games are set up (not measured): a slow setup is not a failure."""
CAP = 120.0
"""Real-time cap on a wait (connecting, an answer, the outbox): only catches a hang."""
DRAIN = 90.0
"""How long the bot may take to get round to answering every interaction of a round (late)."""
WARMUP = 30.0
"""Seconds the burners run before the first scenario."""
PLAYED = "You played"
WORKER_PLAYERS = ("vea", "vib", "vox", "vul")


@dataclass(frozen=True)
class Config:
    rounds: int = ROUNDS
    clicks: int = CLICKS
    move_games: int = MOVE_GAMES
    waves: int = WAVES
    endings: int = ENDINGS
    burners: int = 2 * (os.cpu_count() or 1)
    warmup: float = WARMUP
    deadline: float = DEADLINE
    priority: int = -10
    """The nice value of the loopback Discord (this process's event loop) while the burners
    run: Discord and its users are not on the busy machine, so their answers should not wait
    for a core (needs root; 0 leaves it alone)."""


SMOKE = Config(
    rounds=1, clicks=5, move_games=2, waves=2, endings=3, burners=0, warmup=0.0, priority=0
)
"""A tiny run for the smoke test: no burners."""


@dataclass
class Outcome:
    figures: list[Figures]
    load: float
    """The highest 1-minute load average seen while the burners ran."""
    runnable: list[int]
    """Processes runnable (this bench's reader included) at each half second of the scenarios."""

    def summary(self) -> str:
        failed = sum(f.failed for f in self.figures)
        sent = sum(f.sent for f in self.figures)
        limited = sum(f.rate_limited for f in self.figures)
        acks = [a for f in self.figures for a in f.acks]
        top = f"{max(acks) * 1000:.0f}" if acks else "none"
        return f"busy: {failed} of {sent} interactions failed, {limited} 429s, max ack {top} ms"
