"""Deadlines: when a decision times out, when its reminders fall, and when the scheduler next
has work in a game (its :class:`~storage.rows.Schedule`).

Functions of the pending decisions (:mod:`host.pending`) and the table's options (the clock's
``now`` is passed in), and :func:`write_schedule`, the one write of a new schedule outside a move.

- A decision keeps its deadline while its ``key`` stays the same (a window some holders already
  declined, a simultaneous step some seats already locked); a new key starts a fresh deadline,
  as long as the rules' ``time_limit`` or else the table's time per move.
- Reminders fall at the table's points of a decision at least as long as the shortest time per
  move a table may set; a rules' short window (a one-minute chance to interrupt) gets none.
- A decision the table times (not a rules' window) gets its seat's time bank, waits while its
  player is away and does not end, nor remind, in its player's quiet hours (:mod:`host.timing`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from host.games import Loaded, Store
from host.model import MIN_TURN_TIME, TableOptions
from host.pending import Pending, forced_seat, pending_of, standing_answers
from host.timing import Quiet, allowance, hold, out_of_quiet, reminder_time
from storage.rows import Schedule, SeatRow, SeatUpdate

REMINDED_FROM = MIN_TURN_TIME
"""The shortest decision that gets reminders: the shortest time per move a table may set. A
shorter one is a rules' window (a one-minute chance to interrupt): its offer is still fresh
when a reminder would come, so a reminder would only be a second message in a minute."""


def reminder_points(
    options: TableOptions, started: float, deadline: float, quiets: Sequence[Quiet] = ()
) -> list[float]:
    """The reminder times of a decision that started at ``started``, in order (none for a
    decision shorter than :data:`REMINDED_FROM`): the table's points, the end of the time per
    move when a reserve follows it, none in the waited players' ``quiets``
    (:func:`host.timing.reminder_time`)."""
    span = deadline - started
    if span < REMINDED_FROM:
        return []
    points = {started + f * span for f in options.reminders_at}
    points |= {deadline - b for b in options.reminders_before}
    if options.turn_time is not None:
        points.add(started + options.turn_time)  # the reserve starts to run (dropped if none)
    points = {reminder_time(p, quiets, started) for p in points}
    return sorted(p for p in points if started < p < deadline)


def next_due(
    deadline: float | None,
    points: Sequence[float],
    done: int,
    *,
    now: float,
    immediate: bool,
    pace: float = 0.0,
) -> float | None:
    """When the scheduler next has work: ``now`` (+ ``pace``) when something is played at once
    (an AI seat, a forced move, a standing order), else the next reminder or the deadline."""
    if deadline is None:
        return None
    if immediate:
        return now + pace
    return min([deadline, *points[done:]])


def schedule(
    options: TableOptions,
    pending: Pending,
    *,
    now: float,
    keep: Schedule | None,
    immediate: bool,
    pace: float = 0.0,
    seats: Sequence[SeatRow] = (),
    quiets: Sequence[Quiet] = (),
) -> Schedule:
    """The timing of ``pending``: fresh from ``now``, or ``keep``'s when the same decision goes
    on (see :func:`continues`). A fresh decision the table times starts when its away players
    are back (``seats``), and lasts the time per move plus its seats' reserve, its end moved
    out of the waited players' ``quiets``."""
    if not pending.waited:
        return Schedule(None, None, 0, None)
    if keep is not None and keep.turn_started is not None and keep.deadline is not None:
        started, deadline, done = keep.turn_started, keep.deadline, keep.reminders_done
    else:
        assert options.turn_time is not None
        limit = pending.time_limit()
        if limit is None:
            started = now + (hold(seats, pending.waited, now) if options.away else 0.0)
            deadline = table_deadline(options, started, seats, pending.waited, quiets)
        else:
            started, deadline = now, now + limit
        done = 0
    points = reminder_points(options, started, deadline, quiets)
    return Schedule(
        started,
        deadline,
        done,
        next_due(deadline, points, done, now=now, immediate=immediate, pace=pace),
    )


def table_deadline(
    options: TableOptions,
    started: float,
    seats: Sequence[SeatRow],
    waited: Iterable[int],
    quiets: Sequence[Quiet],
) -> float:
    """The deadline of a decision the table times that started at ``started``."""
    if not seats:  # no seats known: the table's time per move
        assert options.turn_time is not None
        return out_of_quiet(started + options.turn_time, quiets)
    return out_of_quiet(started + allowance(options, seats, waited), quiets)


def retimed(
    lg: Loaded,
    before: Sequence[SeatRow],
    after: Sequence[SeatRow],
    now: float,
    quiets: Sequence[Quiet],
) -> Schedule | None:
    """The schedule of ``lg``'s decision once its seats' away times changed from ``before`` to
    ``after`` (``None``: it does not change: a rules' window, a "no away" table, nobody it
    waits for changed). Its start and deadline move by the change of the time it is held."""
    pending, row = lg.pending, lg.row
    if not lg.options.away or row.turn_started is None or pending.time_limit() is not None:
        return None
    delta = hold(after, pending.waited, now) - hold(before, pending.waited, now)
    if delta == 0:
        return None
    started = row.turn_started + delta
    deadline = table_deadline(lg.options, started, after, pending.waited, quiets)
    points = reminder_points(lg.options, started, deadline, quiets)
    done = sum(1 for p in points if p <= now)
    immediate = is_immediate(lg, tuple(after), lg.state)
    return Schedule(
        started, deadline, done, next_due(deadline, points, done, now=now, immediate=immediate)
    )


def seat_update(s: SeatRow) -> SeatUpdate:
    return SeatUpdate(
        s.seat,
        s.ai_controlled,
        s.resigned,
        s.timeouts,
        s.waiting_since,
        s.token,
        s.reserve,
        s.away_until,
    )


def scheduled(row: Any, s: Schedule) -> Any:
    """``row`` with the timing columns of ``s``."""
    return dataclasses.replace(
        row,
        turn_started=s.turn_started,
        deadline=s.deadline,
        reminders_done=s.reminders_done,
        next_due=s.next_due,
    )


def schedule_of(lg: Loaded) -> Schedule:
    r = lg.row
    return Schedule(r.turn_started, r.deadline, r.reminders_done, r.next_due)


def is_immediate(lg: Loaded, seats: tuple[SeatRow, ...], state: Any) -> bool:
    """Whether the scheduler has work at once: an AI-controlled seat is waited for, a forced
    move, or a window answered by standing order."""
    pending = pending_of(lg.game, state)
    if any(s.ai_controlled for s in seats if s.seat in pending.waited):
        return True
    if forced_seat(lg.options, lg.game, state, pending) is not None:
        return True
    return bool(standing_answers(seats, pending))


def ai_pace(seats: tuple[SeatRow, ...], pace: float) -> float:
    """The pause between AI moves: ``pace`` when no human plays any more (every seat is an AI
    or taken over), so a game the AIs finish does not flood its channel; else none."""
    return pace if all(s.ai_controlled for s in seats) else 0.0


def plan(
    lg: Loaded,
    seats: tuple[SeatRow, ...],
    state: Any,
    now: float,
    pace: float,
    quiets: Sequence[Quiet] = (),
) -> Schedule:
    """A fresh schedule for the decision pending in ``state``."""
    pending = pending_of(lg.game, state)
    return schedule(
        lg.options,
        pending,
        now=now,
        keep=None,
        immediate=is_immediate(lg, seats, state),
        pace=ai_pace(seats, pace),
        seats=seats,
        quiets=quiets,
    )


async def write_schedule(
    store: Store, lg: Loaded, schedule: Schedule, now: float, seats: Iterable[SeatRow] = ()
) -> None:
    """Write a new schedule of a game in play (and the flags of ``seats``), guarded by its
    revision; then ``lg`` runs on it."""
    updates = [seat_update(s) for s in seats]
    await store.write(
        lg,
        store.db.schedule.update_schedule(
            lg.row.id, schedule, updates, now, revision=lg.row.revision
        ),
    )
    lg.row = scheduled(lg.row, schedule)


__all__ = [
    "REMINDED_FROM",
    "ai_pace",
    "is_immediate",
    "next_due",
    "plan",
    "reminder_points",
    "retimed",
    "schedule",
    "schedule_of",
    "scheduled",
    "seat_update",
    "table_deadline",
    "write_schedule",
]
