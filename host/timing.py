"""Time that fits people's lives (issue 46): a seat's time bank, a player's quiet hours in their
own time zone, and the hold of a player who is away.

- **Time bank**: a table gives each decision a base (its time per move) and each seat a
  reserve; a decision's deadline is its base plus the reserve its seat has left, and what a
  player's move takes beyond the base comes out of their reserve, which each of their moves
  then tops up by the table's increment (Fischer), never past its starting size. A table
  without reserve is the plain fixed deadline: one model.
- **Quiet hours**: a deadline or a reminder that would fall in the night hours of a waited
  player (in their time zone) moves to the end of those hours.
- **Away**: while a waited player is away, their decision's clock waits: its start and deadline
  move on by the time they are still away (and back when they return early).

Pure functions of values passed in (the clock's ``now`` included) and :class:`Times`, each
user's timing as stored, kept in memory (:class:`~host.kept.Kept`).
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from host.errors import BadOptionError
from host.model import TableOptions
from render.i18n import N_
from storage.rows import SeatRow

if TYPE_CHECKING:
    from host.games import Store

DAY = 24 * 3600.0
MAX_RESERVE = 30 * DAY
MAX_INCREMENT = DAY
DEFAULT_AWAY_DAYS = 30
"""A server's yearly cap on a player's away days unless it sets one (``/game settings``)."""
MAX_AWAY_DAYS = 365


@lru_cache(maxsize=256)
def zone_of(name: str) -> zoneinfo.ZoneInfo:
    """The time zone named ``name`` (an IANA name such as ``Europe/Amsterdam``)."""
    return zoneinfo.ZoneInfo(name)


def check_zone(name: str) -> str:
    """``name`` as a known time zone, else a :class:`BadOptionError`."""
    name = name.strip()
    try:
        if not name or len(name) > 64:
            raise ValueError(name)
        zone_of(name)
    except (ValueError, zoneinfo.ZoneInfoNotFoundError):
        raise BadOptionError(
            N_("`{zone}` is not a time zone I know: pick one from the list, e.g. `Europe/Berlin`."),
            zone=name[:64],
        ) from None
    return name


def parse_hours(text: str) -> tuple[int, int]:
    """Quiet hours written ``23-7`` (from 23:00 to 07:00), else a :class:`BadOptionError`."""
    start, dash, end = text.replace(" ", "").partition("-")
    if dash and start.isdigit() and end.isdigit():
        hours = int(start), int(end)
        if all(0 <= h <= 23 for h in hours) and hours[0] != hours[1]:
            return hours
    raise BadOptionError(
        N_(
            "Write quiet hours as two hours of the day, e.g. `23-7` (from 23:00 to 07:00), "
            "or `off`."
        )
    )


@dataclass(frozen=True)
class Quiet:
    """A player's night: from ``start`` to ``end`` o'clock in time zone ``zone``."""

    zone: str
    start: int
    end: int

    def span_of(self, t: float) -> tuple[float, float] | None:
        """When the quiet hours that ``t`` falls in begin and end (``None``: ``t`` is not in
        them)."""
        zone = zone_of(self.zone)
        local = dt.datetime.fromtimestamp(t, zone)
        hour, today = local.hour, local.date()
        if self.start < self.end:
            inside, first = self.start <= hour < self.end, today
        else:
            inside = hour >= self.start or hour < self.end
            first = today if hour >= self.start else today - dt.timedelta(days=1)
        if not inside:
            return None
        last = first + dt.timedelta(days=0 if self.start < self.end else 1)
        begin = dt.datetime(first.year, first.month, first.day, self.start, tzinfo=zone)
        end = dt.datetime(last.year, last.month, last.day, self.end, tzinfo=zone)
        return min(begin.timestamp(), t), max(end.timestamp(), t)

    def end_of(self, t: float) -> float | None:
        """When the quiet hours that ``t`` falls in end (``None``: ``t`` is not in them)."""
        span = self.span_of(t)
        return None if span is None else span[1]


def out_of_quiet(t: float, quiets: Sequence[Quiet]) -> float:
    """The first moment from ``t`` on outside every one of ``quiets``."""
    for _ in range(2 * len(quiets) + 1):
        moved = False
        for q in quiets:
            end = q.end_of(t)
            if end is not None and end > t:
                t, moved = end, True
        if not moved:
            break
    return t


def reminder_time(t: float, quiets: Sequence[Quiet], started: float) -> float:
    """When a reminder due at ``t`` is sent: never in a waited player's quiet hours, but a
    minute before they begin (or, when the decision started in them, as they end)."""
    for _ in range(2 * len(quiets) + 1):
        moved = False
        for q in quiets:
            span = q.span_of(t)
            if span is not None:
                t = span[0] - 60 if span[0] - 60 > started else span[1]
                moved = True
        if not moved:
            break
    return t


def is_human(seat: SeatRow) -> bool:
    return seat.user_id is not None and not seat.ai_controlled


def reserve_left(options: TableOptions, seat: SeatRow) -> float:
    """The reserve ``seat`` has left (all of the table's until it used some)."""
    return options.reserve if seat.reserve is None else max(0.0, seat.reserve)


def allowance(options: TableOptions, seats: Iterable[SeatRow], waited: Iterable[int]) -> float:
    """A decision's time: the table's time per move plus the largest reserve among its waited
    players (everyone in a step taken together has until the last of them runs out)."""
    assert options.turn_time is not None
    wanted = set(waited)
    reserves = [reserve_left(options, s) for s in seats if s.seat in wanted and is_human(s)]
    return options.turn_time + max(reserves, default=0.0)


def spent(options: TableOptions, seat: SeatRow, used: float) -> float | None:
    """The reserve ``seat`` keeps after a move of its player that took ``used`` seconds (what
    went beyond the base comes out of it; the increment tops it up to at most its start);
    ``None`` when the table has no time bank."""
    if options.reserve <= 0 and options.increment <= 0:
        return None
    assert options.turn_time is not None
    left = reserve_left(options, seat) - max(0.0, used - options.turn_time)
    return min(max(options.reserve, 0.0), max(0.0, left) + options.increment)


def hold(seats: Iterable[SeatRow], waited: Iterable[int], now: float) -> float:
    """How long the decision of ``waited`` waits for an away player: the longest time one of
    them is still away (0: nobody is)."""
    wanted = set(waited)
    return (
        max(
            (
                s.away_until - now
                for s in seats
                if s.seat in wanted and is_human(s) and s.away_until is not None
            ),
            default=0.0,
        )
        if wanted
        else 0.0
    )


def check_bank(options: TableOptions) -> None:
    """A table's reserve and increment, or a :class:`BadOptionError`."""
    if not 0 <= options.reserve <= MAX_RESERVE:
        raise BadOptionError(N_("The reserve must be between none and 30 days."))
    if not 0 <= options.increment <= MAX_INCREMENT:
        raise BadOptionError(N_("The increment must be between none and one day."))
    if options.increment > 0 and options.reserve <= 0:
        raise BadOptionError(N_("An increment adds to a reserve: choose a reserve too."))


@dataclass(frozen=True)
class UserTime:
    """A user's timing as stored: away until when, away seconds used in ``year``, their time
    zone and quiet hours (``None``: not set)."""

    away_until: float | None = None
    year: int | None = None
    used: float = 0.0
    zone: str | None = None
    hours: tuple[int, int] | None = None

    @property
    def quiet(self) -> Quiet | None:
        if self.zone is None or self.hours is None:
            return None
        return Quiet(self.zone, *self.hours)

    def used_in(self, year: int) -> float:
        """The away seconds used in ``year``."""
        return self.used if self.year == year else 0.0


def year_of(t: float) -> int:
    return dt.datetime.fromtimestamp(t, dt.UTC).year


class Times:
    """Users' timing (``store.times``): their part of the kept settings row (``store.users``)."""

    def __init__(self, store: Store) -> None:
        self.users = store.users

    async def of(self, user: int) -> UserTime:
        row = await self.users.of(user)
        away, year, used = row.get("away_until"), row.get("away_year"), row.get("away_used")
        zone, hours = row.get("time_zone"), row.get("quiet_hours")
        parsed: tuple[int, int] | None = None
        if isinstance(hours, str):
            try:
                parsed = parse_hours(hours)
            except BadOptionError:
                parsed = None
        return UserTime(
            None if away is None else float(str(away)),
            None if year is None else int(str(year)),
            0.0 if used is None else float(str(used)),
            None if zone is None else str(zone),
            parsed,
        )

    async def put(self, user: int, time: UserTime) -> UserTime:
        """Store ``time`` as ``user``'s timing."""
        await self.users.set(
            user,
            {
                "away_until": time.away_until,
                "away_year": time.year,
                "away_used": time.used,
                "time_zone": time.zone,
                "quiet_hours": None if time.hours is None else f"{time.hours[0]}-{time.hours[1]}",
            },
        )
        return time

    async def quiets(self, seats: Iterable[SeatRow], waited: Iterable[int]) -> tuple[Quiet, ...]:
        """The quiet hours of the human players of ``waited``."""
        wanted = set(waited)
        found = []
        for s in seats:
            if s.seat in wanted and is_human(s) and s.user_id is not None:
                quiet = (await self.of(s.user_id)).quiet
                if quiet is not None:
                    found.append(quiet)
        return tuple(found)


__all__ = [
    "DAY",
    "DEFAULT_AWAY_DAYS",
    "Quiet",
    "Times",
    "UserTime",
    "allowance",
    "check_bank",
    "check_zone",
    "hold",
    "out_of_quiet",
    "parse_hours",
    "reminder_time",
    "reserve_left",
    "spent",
]
