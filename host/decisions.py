"""Decisions and deadlines: what a game waits for, when it times out, and what a timeout plays.

Pure functions of the engine's :meth:`~engine.core.Game.pending` decisions and the table's
options; no database, no clock of their own (``now`` is passed in).

- A decision keeps its deadline while its ``key`` stays the same (a window some holders already
  declined, a simultaneous step some seats already locked); a new key starts a fresh deadline,
  as long as the rules' ``time_limit`` or else the table's time per move.
- On timeout a seat plays what the rules say (``Decision.defaults``), else the table's policy
  decides: the AI, or under ``skip`` the seat's pass (``Decision.skips``) where the game names one.
- Reminders fall at the table's points of a decision at least as long as the shortest time per
  move a table may set; a rules' short window (a one-minute chance to interrupt) gets none.
- A seat's *decision token* is the version at which its legal actions last changed; buttons carry
  it, so a move by one seat leaves the buttons of another seat whose choices did not change valid.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Decision, Game, Seat, decision_of, waited
from host.model import MIN_TURN_TIME, TableOptions
from storage.rows import Schedule, SeatRow

Decisions = tuple[Decision[Any], ...]


@dataclass(frozen=True)
class Pending:
    """A state's decisions with what the host derives from them."""

    decisions: Decisions

    @property
    def waited(self) -> frozenset[Seat]:
        """The seats the game waits for (out-of-turn options are not waited for)."""
        return waited(self.decisions)

    @property
    def deciders(self) -> frozenset[Seat]:
        """Every seat that may act now, options included."""
        return frozenset(s for d in self.decisions for s in d.seats)

    @property
    def keys(self) -> frozenset[str]:
        """The keys of the waited decisions: while they stay the same, so does the deadline."""
        return frozenset(d.key for d in self.decisions if d.waits)

    @property
    def over(self) -> bool:
        return not self.decisions

    def of(self, seat: Seat) -> Decision[Any] | None:
        """The decision ``seat`` takes part in (a waited one first), if any."""
        return decision_of(self.decisions, seat)

    def time_limit(self) -> float | None:
        """The time the rules give the waited decisions (the shortest), or ``None``."""
        limits = [d.time_limit for d in self.decisions if d.waits and d.time_limit is not None]
        return max(1.0, float(min(limits))) if limits else None

    def default(self, seat: Seat) -> Any | None:
        """What the rules play when ``seat`` lets its decision time out, if they say."""
        decision = self.of(seat)
        return None if decision is None else decision.defaults.get(seat)

    def skip(self, seat: Seat) -> Any | None:
        """The seat's pass, which the ``skip`` timeout policy plays, if the game names one."""
        decision = self.of(seat)
        return None if decision is None else decision.skips.get(seat)


def pending_of(game: Game[Any, Any], state: Any) -> Pending:
    return Pending(tuple(game.pending(state)) if state is not None else ())


REMINDED_FROM = MIN_TURN_TIME
"""The shortest decision that gets reminders: the shortest time per move a table may set. A
shorter one is a rules' window (a one-minute chance to interrupt): its offer is still fresh
when a reminder would come, so a reminder would only be a second message in a minute."""


def reminder_points(options: TableOptions, started: float, deadline: float) -> list[float]:
    """The reminder times of a decision that started at ``started``, in order (none for a
    decision shorter than :data:`REMINDED_FROM`)."""
    span = deadline - started
    if span < REMINDED_FROM:
        return []
    points = {started + f * span for f in options.reminders_at}
    points |= {deadline - b for b in options.reminders_before}
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
) -> Schedule:
    """The timing of ``pending``: fresh from ``now``, or ``keep``'s when the same decision goes
    on (see :func:`continues`)."""
    if not pending.waited:
        return Schedule(None, None, 0, None)
    if keep is not None and keep.turn_started is not None and keep.deadline is not None:
        started, deadline, done = keep.turn_started, keep.deadline, keep.reminders_done
    else:
        assert options.turn_time is not None
        limit = pending.time_limit()
        started, deadline, done = now, now + (options.turn_time if limit is None else limit), 0
    points = reminder_points(options, started, deadline)
    return Schedule(
        started,
        deadline,
        done,
        next_due(deadline, points, done, now=now, immediate=immediate, pace=pace),
    )


def continues(before: Pending, after: Pending) -> bool:
    """Whether ``after`` is the same waited decision as ``before`` going on (some of its seats
    answered): then its deadline and the waiting times of its seats run on."""
    return bool(after.waited) and after.keys == before.keys


def forced_seat(
    options: TableOptions, game: Game[Any, Any], state: Any, pending: Pending
) -> Seat | None:
    """The seat whose only legal action the table plays at once (``auto_forced``). Not when
    that action is what the rules do on silence anyway (a permit holder with nothing that fits
    declining): playing it at once would show everyone the seat had no choice."""
    if not options.auto_forced or len(pending.waited) != 1:
        return None
    (seat,) = pending.waited
    if len(game.legal_actions(state, seat)) != 1:
        return None
    return None if pending.default(seat) is not None else seat


def standing_answers(seats: Iterable[SeatRow], pending: Pending) -> list[tuple[Seat, Any]]:
    """The window answers players gave in advance (``window_order``): ``never`` lets every
    window pass; ``after:<n>`` lets it pass unless it follows seat ``n``'s turn."""
    out: list[tuple[Seat, Any]] = []
    by_seat = {s.seat: s for s in seats}
    for decision in pending.decisions:
        if decision.kind != "window":
            continue
        for seat in sorted(decision.seats):
            row = by_seat.get(seat)
            default = decision.defaults.get(seat)
            if row is None or default is None or row.ai_controlled:
                continue
            order = row.window_order
            if order == "never" or (
                order.startswith("after:") and order != f"after:{decision.origin}"
            ):
                out.append((seat, default))
    return out


def tokens(
    game: Game[Any, Any],
    before: Any,
    after: Any,
    seats: Iterable[SeatRow],
    version: int,
    legal_before: dict[Seat, tuple[Any, ...]],
) -> tuple[dict[Seat, int], dict[Seat, tuple[Any, ...]]]:
    """Each seat's decision token after a move to ``version`` (the version when its legal
    actions last changed), and the legal actions of ``after`` per seat that has any.
    ``legal_before`` holds the legal actions of ``before`` already known (filled in here)."""
    able_before = pending_of(game, before).deciders
    able_after = pending_of(game, after).deciders
    out: dict[Seat, int] = {}
    legal_after: dict[Seat, tuple[Any, ...]] = {}
    for row in seats:
        seat = row.seat
        if seat not in able_before and seat not in able_after:
            out[seat] = row.token
            continue
        old = legal_before.get(seat)
        if old is None:
            old = tuple(game.legal_actions(before, seat)) if seat in able_before else ()
        new = tuple(game.legal_actions(after, seat)) if seat in able_after else ()
        if new:
            legal_after[seat] = new
        out[seat] = row.token if new == old else version
    return out, legal_after


__all__ = [
    "REMINDED_FROM",
    "Pending",
    "continues",
    "forced_seat",
    "next_due",
    "pending_of",
    "reminder_points",
    "schedule",
    "standing_answers",
    "tokens",
]
