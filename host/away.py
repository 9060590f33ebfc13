"""Away (``/game away``, issue 46) and a player's quiet hours: ``host.away``.

A player marks themselves away until a time; every game in play where they sit (unless it is a
"no away" table) marks their seat, and the decision it waits on them for holds its clock: its
start and deadline move on by the time they are away (:func:`host.deadlines.retimed`). A
decision that comes while they are away starts when they are back. They come back at that time,
or earlier: with ``/game away days:0`` or by making a move anywhere (:func:`back`), when every
held deadline moves back by the time they did not use. A server caps the away days a player may
take in a year (``/game settings away_days:``; the server where ``/game away`` is used counts);
days not used are given back.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from host.deadlines import retimed, schedule_of, write_schedule
from host.errors import BadOptionError, StaleVersionError
from host.games import Store
from host.servers import Servers
from host.timing import DAY, UserTime, check_zone, parse_hours, year_of
from render.i18n import N_

MAX_AWAY = 60 * DAY
"""The longest one away may last (a server's yearly cap may be lower)."""


@dataclass(frozen=True)
class Away:
    """What ``/game away`` did: away until ``until`` (``None``: not away), the games whose
    deadlines wait (``held``) and the "no away" tables whose deadlines run on (``kept``), and
    the away days left this year in that server of its ``cap``."""

    until: float | None
    held: tuple[int, ...]
    kept: tuple[int, ...]
    days_left: float
    cap: int


class Aways:
    """Away and quiet hours (see the module)."""

    def __init__(self, store: Store, servers: Servers) -> None:
        self.store = store
        self.servers = servers

    async def timing(self, user: int) -> UserTime:
        """``user``'s away, time zone and quiet hours as stored."""
        return await self.store.times.of(user)

    async def set_quiet(self, user: int, zone: str | None, hours: str | None) -> UserTime:
        """Set ``user``'s time zone and quiet hours (``hours``: ``23-7``, or ``off``; ``None``
        keeps each). Quiet hours need a time zone."""
        now = await self.timing(user)
        new_zone = now.zone if zone is None else check_zone(zone)
        new_hours = now.hours
        if hours is not None:
            new_hours = None if hours.strip().lower() in ("off", "none", "") else parse_hours(hours)
        if new_hours is not None and new_zone is None:
            raise BadOptionError(
                N_("Quiet hours need your time zone: add `time_zone:`, e.g. `Europe/Berlin`.")
            )
        return await self.store.times.put(
            user, dataclasses.replace(now, zone=new_zone, hours=new_hours)
        )

    async def go_away(
        self, user: int, guild_id: int, *, days: float | None = None, until: float | None = None
    ) -> Away:
        """Mark ``user`` away for ``days`` or until ``until`` (``days=0``: back now), within the
        yearly cap of ``guild_id``. Errors: :class:`BadOptionError`."""
        clock_now = self.store.clock.now()
        cap = (await self.servers.guild_settings(guild_id)).away_days
        timing = await self.timing(user)
        year = year_of(clock_now)
        used = timing.used_in(year)
        if timing.away_until is not None and timing.away_until > clock_now:
            used = max(0.0, used - (timing.away_until - clock_now))  # a new away replaces it
        if days is not None:
            until = clock_now + days * DAY
        if until is None or until <= clock_now:
            if days is None and until is not None:
                raise BadOptionError(N_("That date has already passed: name a day to come."))
            await back(self.store, user)
            return Away(None, (), (), max(0.0, cap - used / DAY), cap)
        if cap <= 0:
            raise BadOptionError(
                N_("This server does not allow away: its players keep their time.")
            )
        if until - clock_now > MAX_AWAY:
            raise BadOptionError(N_("An away may last at most 60 days."))
        left = cap * DAY - used
        if until - clock_now > left + 60:
            raise BadOptionError(
                N_(
                    "That is more than the away days you have left this year in this server: "
                    "{left} of {cap}."
                ),
                left=math.floor(max(0.0, left) / DAY),
                cap=cap,
            )
        await self.store.times.put(
            user,
            dataclasses.replace(timing, away_until=until, year=year, used=used + until - clock_now),
        )
        held, kept = await mark(self.store, user, until)
        return Away(until, held, kept, max(0.0, (left - (until - clock_now)) / DAY), cap)


async def back(store: Store, user: int) -> None:
    """``user`` is back before their away ended (a move, or ``/game away days:0``): the days
    not used are given back and every deadline held for them moves back."""
    now = store.clock.now()
    timing = await store.times.of(user)
    if timing.away_until is not None and timing.away_until > now:
        unused = timing.away_until - now
        await store.times.put(
            user,
            dataclasses.replace(timing, away_until=None, used=max(0.0, timing.used - unused)),
        )
    await mark(store, user, None)


async def mark(
    store: Store, user: int, until: float | None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Mark ``user``'s seats in their games in play away until ``until`` (``None``: not away),
    each game's held decision retimed; returns the games marked and the "no away" tables."""
    held: list[int] = []
    kept: list[int] = []
    for game, _seat in await store.db.games.games_of_user(user):
        if game.status != "active":
            continue
        for _ in range(3):  # another process's change refuses a write: read it again
            try:
                async with store.lock(game.id):
                    lg = await store.get(game.id)
                    if lg.row.status != "active" or lg.damaged:
                        break
                    if not lg.options.away:
                        kept.append(game.id)
                        break
                    now = store.clock.now()
                    after = tuple(
                        dataclasses.replace(s, away_until=until) if s.user_id == user else s
                        for s in lg.seats
                    )
                    changed = [s for s in after if s.user_id == user]
                    if until is not None:
                        held.append(game.id)
                    if all(s == lg.seat(s.seat) for s in changed):
                        break
                    quiets = await store.times.quiets(after, lg.pending.waited)
                    schedule = retimed(lg, lg.seats, after, now, quiets) or schedule_of(lg)
                    await write_schedule(store, lg, schedule, now, changed)
                    lg.seats = after
                    break
            except StaleVersionError:
                if until is not None:
                    held.pop()
                continue
    return tuple(held), tuple(kept)


__all__ = ["Away", "Aways", "back", "mark"]
