"""Time that fits people's lives (issue 46): time banks, quiet hours and away, from the pure
rules of ``host.timing`` to the host's deadlines on a fake clock."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from host import BadOptionError, FakeClock, Host, MoveResult, Reminder, TableOptions
from host.timing import Quiet, check_zone, out_of_quiet, parse_hours, spent
from storage.rows import SeatRow
from tests.host.helpers import GUILD, USERS, started_game

A, B, C, D = USERS
HOUR = 3600.0
DAY = 24 * HOUR
AMS = ZoneInfo("Europe/Amsterdam")


def at(day: int, hour: int, minute: int = 0) -> float:
    """A time in Amsterdam in January 2027 (UTC+1)."""
    return dt.datetime(2027, 1, day, hour, minute, tzinfo=AMS).timestamp()


def seat(reserve: float | None = None) -> SeatRow:
    return SeatRow(1, 0, A, None, False, False, 0, None, 0.0, reserve=reserve)


# -- the pure rules --------------------------------------------------------------------------


def test_quiet_hours_over_midnight_end_in_the_morning_of_the_players_zone() -> None:
    night = Quiet("Europe/Amsterdam", 23, 7)
    assert night.end_of(at(15, 1)) == at(15, 7)
    assert night.end_of(at(15, 23, 30)) == at(16, 7)
    assert night.end_of(at(15, 12)) is None
    assert night.span_of(at(16, 2)) == (at(15, 23), at(16, 7))
    assert out_of_quiet(at(15, 3), [night]) == at(15, 7)
    # Two players' nights taken together: the first moment both are awake.
    assert out_of_quiet(at(15, 3), [night, Quiet("Europe/Amsterdam", 6, 9)]) == at(15, 9)


def test_quiet_hours_and_time_zones_are_checked() -> None:
    assert parse_hours("23-7") == (23, 7) and parse_hours(" 1 - 5 ") == (1, 5)
    for bad in ("23", "7-7", "25-3", "night"):
        with pytest.raises(BadOptionError):
            parse_hours(bad)
    assert check_zone("America/New_York") == "America/New_York"
    with pytest.raises(BadOptionError, match="time zone"):
        check_zone("Mars/Olympus")


def test_a_bank_pays_what_a_move_takes_beyond_the_base_and_the_increment_tops_it_up() -> None:
    options = TableOptions("toy", turn_time=HOUR, reserve=3 * HOUR, increment=HOUR / 2)
    assert spent(options, seat(), 0.5 * HOUR) == 3 * HOUR  # within the base: full, capped
    assert spent(options, seat(), 2 * HOUR) == 2.5 * HOUR  # 1 h taken, half an hour back
    assert spent(options, seat(HOUR), 5 * HOUR) == 0.5 * HOUR  # ran dry, then the increment
    assert spent(TableOptions("toy", turn_time=HOUR), seat(), 2 * HOUR) is None  # no bank


# -- the host --------------------------------------------------------------------------------


async def test_a_bank_runs_down_across_moves_and_then_times_out(
    host: Host, clock: FakeClock
) -> None:
    game = (
        await started_game(host, players=2, turn_time=HOUR, reserve=2 * HOUR, timeout_policy="skip")
    ).game_id
    assert (await host.views.status(game)).deadline == clock.now() + 3 * HOUR
    clock.advance(2 * HOUR)  # one hour of reserve used
    await host.moves.act(game, A, "pass")
    status = await host.views.status(game)
    assert [s.reserve for s in status.seats] == [HOUR, 2 * HOUR]
    await host.moves.act(game, B, "pass")
    assert (await host.views.status(game)).deadline == clock.now() + 2 * HOUR
    # The reminder at the end of the base says how much reserve is left.
    clock.advance(HOUR + 60)
    [reminder] = await host.scheduler.run_due()
    assert isinstance(reminder, Reminder) and reminder.reserve == HOUR - 60
    clock.advance(HOUR)
    [timeout] = await host.scheduler.run_due()
    assert isinstance(timeout, MoveResult) and timeout.by == "timeout"
    assert [s.reserve for s in (await host.views.status(game)).seats] == [0.0, 2 * HOUR]


async def test_quiet_hours_move_a_deadline_out_of_the_night(host: Host, clock: FakeClock) -> None:
    clock.set(at(15, 14))
    await host.away.set_quiet(B, "Europe/Amsterdam", "22-8")
    game = (await started_game(host, players=2, turn_time=12 * HOUR)).game_id
    result = await host.moves.act(game, A, "pass")  # B's 12 hours would end at 02:00
    assert result.deadline == at(16, 8)
    # No reminder in the night: half time (23:00) and one hour before (07:00) come a minute
    # before it begins, as one.
    clock.set(at(15, 21, 58))
    assert await host.scheduler.run_due() == []
    clock.set(at(15, 21, 59))
    [held] = await host.scheduler.run_due()
    assert isinstance(held, Reminder) and held.user_id == B
    clock.set(at(16, 7, 59))
    assert await host.scheduler.run_due() == []


async def test_away_holds_deadlines_in_every_game_and_a_move_ends_it_early(
    host: Host, clock: FakeClock
) -> None:
    t0 = clock.now()
    first = (await started_game(host, 500, players=2, turn_time=DAY)).game_id
    second = (await started_game(host, 501, players=2, turn_time=DAY)).game_id
    fast = (await started_game(host, 502, players=2, turn_time=DAY, away=False)).game_id
    away = await host.away.go_away(A, GUILD, days=3)
    assert away.until == t0 + 3 * DAY
    assert set(away.held) == {first, second} and away.kept == (fast,)
    assert away.days_left == pytest.approx(27)
    for game in (first, second):
        status = await host.views.status(game)
        assert status.deadline == t0 + 4 * DAY
        assert status.waiting_on[0].away_until == t0 + 3 * DAY
    assert (await host.views.status(fast)).deadline == t0 + DAY
    clock.advance(DAY)
    await host.moves.act(first, A, "pass")  # back early: one day away
    status = await host.views.status(second)
    assert status.deadline == t0 + 2 * DAY and status.waiting_on[0].away_until is None
    assert (await host.away.timing(A)).used == pytest.approx(DAY)


async def test_a_game_that_starts_while_its_player_is_away_holds_for_them_too(
    host: Host, clock: FakeClock
) -> None:
    t0 = clock.now()
    await host.away.go_away(A, GUILD, days=3)
    joined = (await started_game(host, 510, players=2, turn_time=DAY)).game_id
    fast = (await started_game(host, 511, players=2, turn_time=DAY, away=False)).game_id
    status = await host.views.status(joined)
    assert status.waiting_on[0].user_id == A
    assert status.deadline == t0 + 4 * DAY and status.waiting_on[0].away_until == t0 + 3 * DAY
    fast_status = await host.views.status(fast)
    assert fast_status.deadline == t0 + DAY and fast_status.waiting_on[0].away_until is None
    clock.advance(DAY)
    await host.moves.act(joined, A, "pass")  # a move in it brings them back early
    assert (await host.away.timing(A)).away_until is None
    assert (await host.away.timing(A)).used == pytest.approx(DAY)


async def test_away_is_capped_by_the_servers_yearly_days(host: Host, clock: FakeClock) -> None:
    await host.servers.set_guild_settings(GUILD, away_days=5)
    with pytest.raises(BadOptionError, match="5"):
        await host.away.go_away(A, GUILD, days=6)
    await host.away.go_away(A, GUILD, days=4)
    await host.away.go_away(A, GUILD, days=0)  # back at once: the days come back
    await host.away.go_away(A, GUILD, days=5)
    await host.servers.set_guild_settings(GUILD, away_days=0)
    with pytest.raises(BadOptionError, match="does not allow"):
        await host.away.go_away(B, GUILD, days=1)
