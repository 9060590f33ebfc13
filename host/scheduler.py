"""Time: AI moves, forced moves, standing orders, reminders and timeouts, as they fall due.

Every deadline, reminder point and pending AI move is a column in the database, so a restart
loses nothing; :meth:`Scheduler.run_due` does what is due and returns what to deliver.

An AI decides outside the game's lock (a hard search thinks for most of a second, in a worker
process): the game stays open to the other players meanwhile (a simultaneous step, an
out-of-turn call), and the AI's action is applied only if its seat's decision did not change
while it thought; otherwise it thinks again on the next run.

Several processes may share the database: each game's due work is claimed in it first
(``storage.claims``, kind ``due``), so exactly one process acts on a deadline, a reminder or an
AI turn; a claim left by a process that died is taken over once its lease has run out. The
writes themselves are guarded by the game's version or revision, so even work done twice (a
lease that ran out under a stalled process) commits once.
"""

from __future__ import annotations

import dataclasses
import logging
import math
from typing import Any

from engine.core import Seat
from host import notes
from host.ai import AiRunner, Chooser, seat_chooser
from host.deadlines import next_due, reminder_points, schedule_of, write_schedule
from host.errors import StaleVersionError
from host.games import Loaded, Store
from host.model import MoveResult, Notification, Reminder
from host.moves import Moves
from host.pending import forced_seat, standing_answers
from host.timing import reserve_left
from render.i18n import L_, N_, NP_
from storage.claims import DUE
from storage.rows import SeatRow

log = logging.getLogger("host")

RETRY_DELAY = 300.0
"""Seconds before ``run_due`` retries a game whose due work failed (a bug, logged)."""
_MASK64 = (1 << 64) - 1


def ai_seed(lg: Loaded, seat: Seat) -> int:
    """The seed of an AI decision: from the game's seed, its version and the seat."""
    return (lg.row.seed * 0x9E3779B1 + (lg.row.version + 1) * 0x85EBCA77 + seat) & _MASK64


def _mention(seat: SeatRow) -> str:
    return f"<@{seat.user_id}>" if seat.user_id is not None else (seat.ai or L_("an AI"))


class Scheduler:
    """Runs what is due in every game."""

    def __init__(self, store: Store, moves: Moves, ai: AiRunner, chooser: Chooser) -> None:
        self.store = store
        self.moves = moves
        self.ai = ai
        self.chooser = chooser
        """The AI that decides for a player who times out."""

    def planned(self, game_id: int) -> float | None:
        """When the game's next work is due as this process last wrote or read it, without a
        statement (``math.inf``: nothing is scheduled; ``None``: not in memory)."""
        lg = self.store.cached(game_id)
        if lg is None:
            return None
        due = lg.row.next_due if lg.row.status == "active" else None
        return math.inf if due is None else due

    async def next_due(self) -> float | None:
        """When ``run_due`` next has something to do (``None``: nothing scheduled); a game
        another live process has claimed counts from the end of that claim's lease."""
        now = self.store.clock.now()
        return await self.store.db.claims.next_due_for(
            self.store.owner, expired_before=self.store.expired_before(now)
        )

    async def due(self, now: float | None = None) -> list[int]:
        """The ids of active games with work due at ``now``."""
        return await self.store.db.schedule.due_games(
            self.store.clock.now() if now is None else now
        )

    async def run_due(
        self, now: float | None = None, *, ai_moves_per_game: int = 1
    ) -> list[Notification]:
        """Do everything due at ``now`` (default: the clock) and return what to deliver:
        :class:`Reminder` s and the :class:`MoveResult` s of AI, forced, standing-order and
        timeout moves, in order. Each game plays at most ``ai_moves_per_game`` AI moves per
        call, so other games get their turn; when more are due, ``next_due`` stays "now"."""
        now = self.store.clock.now() if now is None else now
        out: list[Notification] = []
        for game_id in await self.store.db.schedule.due_games(now):
            if not await self.store.take_claim(DUE, game_id, now):
                continue  # another process is doing it
            try:
                await self._run_game(game_id, now, max(1, ai_moves_per_game), out)
            except StaleVersionError:
                # Another process moved the game meanwhile (a player's move): it is read again
                # and looked at on the next run.
                self.store.forget(game_id)
            except Exception:
                # One broken game (an engine or AI bug) must not stop every other game's clock.
                log.exception("game %s: running what was due failed; retrying later", game_id)
                await self._postpone(game_id, now + RETRY_DELAY)
            finally:
                await self.store.release_claim(DUE, game_id)
        return out

    async def _postpone(self, game_id: int, when: float | None) -> None:
        async with self.store.lock(game_id):
            self.store.forget(game_id)  # reload from the database next time
            await self.store.db.schedule.postpone(game_id, when)

    async def _run_game(
        self, game_id: int, now: float, max_ai: int, out: list[Notification]
    ) -> None:
        """Do what is due in one game, appending each notification as it happens (so moves
        already made are delivered even if a later step fails)."""
        ai_moves = 0
        timed_out = False
        while True:
            async with self.store.lock(game_id):
                lg = await self.store.get(game_id)
                if lg.row.status != "active":
                    return
                if lg.damaged:
                    # Logged once when it was loaded; it waits for /game cancel, not for a clock.
                    await self.store.db.schedule.postpone(game_id, None)
                    self.store.wrote(lg)
                    return
                step = await self._step(lg, now, timed_out, ai_moves < max_ai, out)
            if step == "done":
                return
            if step == "timed out":
                timed_out = True
                continue
            if step == "ai":
                ai_moves += 1
                moved = await self._ai_move(game_id)
                if moved is not None:
                    out.append(moved)
                continue
            ai_moves += 1  # a forced or standing-order move

    async def _step(
        self, lg: Loaded, now: float, timed_out: bool, may_play: bool, out: list[Notification]
    ) -> str:
        """One thing due in ``lg`` (under its lock): ``"ai"`` (an AI seat must decide: done
        outside the lock), ``"played"``, ``"timed out"``, or ``"done"``."""
        if lg.row.next_due is not None and lg.row.next_due > now:
            return "done"  # e.g. the pause between the moves of a game only AIs play
        pending = lg.pending
        by_seat = {s.seat: s for s in lg.seats}
        answers = standing_answers(lg.seats, pending)
        if answers:
            # First, and not held back by the AI budget: what this run announces (an AI's move
            # that opened a window) must not wait on a player whose standing order answered it.
            seat, action = answers[0]
            out.append(
                await self.moves.apply(lg, seat, action, "auto", lg.seats, note="", quiet=True)
            )
            return "played"
        if any(by_seat[s].ai_controlled for s in pending.waited):
            return "ai" if may_play else "done"
        if forced_seat(lg.options, lg.game, lg.state, pending) is not None:
            if not may_play:
                return "done"
            forced = await self.moves.forced_move(lg)
            if forced is not None:
                out.append(forced)
                return "played"
        if not timed_out and lg.row.deadline is not None and now >= lg.row.deadline:
            # Each decision times out once per run; the next deadline runs from now.
            for seat in sorted(pending.waited):
                if lg.row.status != "active":
                    break
                if seat in lg.pending.waited:
                    out.append(await self._timeout_move(lg, seat))
            return "timed out"
        points = await self._points(lg)
        passed = sum(1 for p in points if p <= now)
        if passed > lg.row.reminders_done:
            assert lg.row.deadline is not None
            await self._reschedule(lg, points, passed, now)  # first: a refused write reminds nobody
            for seat in sorted(pending.waited):
                row = by_seat[seat]
                if row.user_id is not None and not row.ai_controlled:
                    out.append(
                        Reminder(
                            game_id=lg.row.id,
                            guild_id=lg.row.guild_id,
                            channel_id=lg.row.channel_id,
                            seat=seat,
                            user_id=row.user_id,
                            deadline=lg.row.deadline,
                            remaining=lg.row.deadline - now,
                            reserve=self._reserve(lg, row, now),
                        )
                    )
            return "played"
        # Nothing due now: make sure the stored next_due is in the future.
        expected = next_due(
            lg.row.deadline, points, lg.row.reminders_done, now=now, immediate=False
        )
        if expected != lg.row.next_due:
            schedule = dataclasses.replace(schedule_of(lg), next_due=expected)
            await write_schedule(self.store, lg, schedule, now)
        return "done"

    async def _reschedule(
        self, lg: Loaded, points: list[float], reminders_done: int, now: float
    ) -> None:
        schedule = dataclasses.replace(
            schedule_of(lg),
            reminders_done=reminders_done,
            next_due=next_due(lg.row.deadline, points, reminders_done, now=now, immediate=False),
        )
        await write_schedule(self.store, lg, schedule, now)

    async def _points(self, lg: Loaded) -> list[float]:
        """The reminder points of the decision pending, out of its players' quiet hours."""
        if lg.row.turn_started is None or lg.row.deadline is None:
            return []
        quiets = await self.store.times.quiets(lg.seats, lg.pending.waited)
        return reminder_points(lg.options, lg.row.turn_started, lg.row.deadline, quiets)

    @staticmethod
    def _reserve(lg: Loaded, seat: SeatRow, now: float) -> float | None:
        """The reserve ``seat`` has left at ``now`` (``None``: the table has no time bank):
        it runs once the time per move is used up."""
        options, started = lg.options, lg.row.turn_started
        if options.reserve <= 0 or started is None or options.turn_time is None:
            return None
        over = max(0.0, now - started - options.turn_time)
        return max(0.0, reserve_left(options, seat) - over)

    # -- AI decisions ------------------------------------------------------------------------

    async def choose(self, lg: Loaded, seat: SeatRow) -> tuple[Any, str]:
        """The seat's AI decides (in a worker process), deterministically from the game's seed
        and version. Called without the game's lock held."""
        chooser = seat_chooser(self.chooser, seat.ai)
        action = await self.ai.choose(
            chooser,
            lg.game,
            lg.plugin.heuristics,
            lg.state,
            seat.seat,
            ai_seed(lg, seat.seat),
        )
        return action, chooser.name

    async def _ai_move(self, game_id: int) -> MoveResult | None:
        """One AI-controlled seat the game waits for decides (outside the lock), and its action
        is applied if that seat's decision is still the one it decided on."""
        lg = await self.store.get(game_id)
        waited = sorted(s for s in lg.pending.waited if lg.seat(s).ai_controlled)
        if not waited:
            return None
        seat = lg.seat(waited[0])
        token, version = seat.token, lg.row.version
        action, name = await self.choose(lg, seat)
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id)
            now_seat = lg.seat(seat.seat)
            if lg.row.status != "active" or not now_seat.ai_controlled:
                return None
            if lg.row.version != version and (
                now_seat.token != token or action not in lg.legal_of(seat.seat)
            ):
                return None  # its decision changed while it thought: decide again
            if seat.user_id is None:
                note = ""  # an AI seat's own move: its narrated line says it all
            elif seat.resigned:
                note = notes.encode(
                    N_("{name} played for <@{user}>, who resigned."), name=name, user=seat.user_id
                )
            else:
                note = notes.encode(
                    N_(
                        "{name} played for <@{user}> after repeated timeouts "
                        "(any move of theirs takes the seat back)."
                    ),
                    name=name,
                    user=seat.user_id,
                )
            return await self.moves.apply(
                lg, seat.seat, action, "ai", lg.seats, note=note, chooser=name
            )

    async def _timeout_move(self, lg: Loaded, seat_no: Seat) -> MoveResult:
        """A waited seat ran out of time (under the game's lock): what the rules say, else the
        table's policy (a pass under ``skip`` where the game names one, else the AI, which
        decides while the lock is held: a timeout is rare and must not race a late move)."""
        seat = lg.seat(seat_no)
        who = _mention(seat)
        default = lg.pending.default(seat_no)
        if default is not None:  # the rules say what a silent player does; not held against them
            label = lg.game.describe_action(lg.state, seat_no, default)
            note = notes.encode(
                N_("{who} did not answer in time, so the rules apply: {label}."),
                who=who,
                label=label,
            )
            return await self.moves.apply(lg, seat_no, default, "timeout", lg.seats, note=note)
        timeouts = seat.timeouts + 1
        taken_over = timeouts >= lg.options.max_timeouts and not seat.ai_controlled
        action: object | None = None
        chooser: str | None = None
        name = seat_chooser(self.chooser, seat.ai).name
        if lg.options.timeout_policy == "skip":
            action = lg.pending.skip(seat_no)
            if action is not None:
                message = N_("{who} ran out of time; their turn was skipped (pass).")
            else:
                message = N_(
                    "{who} ran out of time; passing is not possible here, so {name} chose for them."
                )
        else:
            message = N_("{who} ran out of time; {name} chose for them.")
        if action is None:
            action, chooser = await self.choose(lg, seat)
        if taken_over:
            message = {
                N_("{who} ran out of time; their turn was skipped (pass)."): NP_(
                    "{who} ran out of time; their turn was skipped (pass). After {count} "
                    "timeout, {name} plays this seat until its player moves again.",
                    "{who} ran out of time; their turn was skipped (pass). After {count} "
                    "timeouts in a row, {name} plays this seat until its player moves again.",
                ),
                N_(
                    "{who} ran out of time; passing is not possible here, so {name} chose for them."
                ): NP_(
                    "{who} ran out of time; passing is not possible here, so {name} chose for "
                    "them. After {count} timeout, {name} plays this seat until its player moves "
                    "again.",
                    "{who} ran out of time; passing is not possible here, so {name} chose for "
                    "them. After {count} timeouts in a row, {name} plays this seat until its "
                    "player moves again.",
                ),
            }.get(
                message,
                NP_(
                    "{who} ran out of time; {name} chose for them. After {count} timeout, {name} "
                    "plays this seat until its player moves again.",
                    "{who} ran out of time; {name} chose for them. After {count} timeouts in a "
                    "row, {name} plays this seat until its player moves again.",
                ),
            )
        note = notes.encode(message, who=who, name=name, count=timeouts)
        spent = 0.0 if lg.options.reserve > 0 else None  # a timeout uses up the reserve
        updated = tuple(
            dataclasses.replace(
                s,
                timeouts=timeouts,
                ai_controlled=s.ai_controlled or taken_over,
                reserve=spent if spent is not None else s.reserve,
            )
            if s.seat == seat_no
            else s
            for s in lg.seats
        )
        return await self.moves.apply(
            lg,
            seat_no,
            action,
            "timeout",
            updated,
            note=note,
            chooser=chooser,
            taken_over=taken_over,
        )
