"""Seats that change hands (issue 46), on the host: the engine never knows (the seat number
stays; the game still replays from its seed and log), a replaced seat waits for its new player
with a fresh time per move, the rules of who may hand over, mark and claim, the replay's
holders at each step, and the ratings of a finished game going to whoever finished it."""

from __future__ import annotations

import random

import pytest

from host import (
    AlreadySeatedError,
    FakeClock,
    Host,
    HostError,
    NotAPlayerError,
    PermissionDeniedError,
)
from host.model import GameStatus, SeatInfo, TableOptions
from host.replays import holders_at
from storage.check import check_database
from storage.rows import SeatChange
from tests.host.conftest import NewDb, OpenHost
from tests.host.helpers import GUILD, USERS, random_move, started_game
from tests.toy import games

A, B, C, D = USERS
E = 505


async def test_a_hand_over_changes_the_person_not_the_game(
    hosts: OpenHost, new_db: NewDb, clock: FakeClock
) -> None:
    h: Host = await hosts(new_db("handed"), clock)
    status = await started_game(h, players=2, turn_time=3600.0)
    game = status.game_id
    rng = random.Random(46)
    await random_move(h, game, rng)
    before = await h.views.status(game)
    waited = before.waiting_on[0]
    assert waited.user_id is not None
    clock.advance(1800)
    handed = await h.seats.replace(game, waited.user_id, E)
    after = handed.status
    seat = after.seats[waited.seat]
    assert seat.user_id == E and seat.former == (waited.user_id,) and seat.token == waited.token
    assert after.version == before.version  # no move: the engine never knows
    assert after.deadline == clock.now() + 3600.0  # the new player's decision: a fresh time
    assert handed.before.user_id == waited.user_id
    with pytest.raises(NotAPlayerError, match="was handed over"):
        await h.moves.act(game, waited.user_id, "pass")
    while await random_move(h, game, rng) is not None:
        pass
    log = await h.views.log(game, None, limit=500)
    assert {e.user_id for e in log if e.seat == waited.seat and e.version > before.version} == {E}
    await h.close()
    report = check_database(new_db("handed"), games)
    assert report.ok and report.games_checked == 1, report.problems


async def test_who_may_hand_over_mark_and_claim(host: Host) -> None:
    status = await started_game(host, players=3)
    game = status.game_id
    with pytest.raises(NotAPlayerError, match="no seat in this game"):
        await host.seats.replace(game, D, E)
    with pytest.raises(PermissionDeniedError, match="seat's own player or a server manager"):
        await host.seats.replace(game, A, E, seat=1)
    with pytest.raises(PermissionDeniedError, match="still plays seat 2"):
        await host.seats.replace(game, D, E, seat=1, is_manager=True)
    with pytest.raises(AlreadySeatedError, match="already has a seat"):
        await host.seats.replace(game, A, B)
    with pytest.raises(PermissionDeniedError, match="still plays seat 2"):
        await host.seats.seek(game, A, 1)
    with pytest.raises(PermissionDeniedError, match="Only the game's players"):
        await host.seats.seek(game, D, 1)
    with pytest.raises(HostError, match="No seat of game"):
        await host.seats.claim(game, D)
    await host.tables.resign(game, B)
    marked = await host.seats.seek(game, C, 1)
    assert [s.seat for s in marked.open_seats] == [1]
    with pytest.raises(AlreadySeatedError, match="You already have a seat"):
        await host.seats.claim(game, A)
    claimed = await host.seats.claim(game, D)
    seat = claimed.after
    assert (seat.user_id, seat.resigned, seat.ai_controlled, seat.seeking) == (
        D,
        False,
        False,
        False,
    )
    assert claimed.status.open_seats == ()
    # A manager may hand over a seat whose player is gone from the server.
    handed = await host.seats.replace(game, E, E + 1, seat=2, is_manager=True, absent=True)
    assert handed.after.user_id == E + 1 and handed.by_user == E
    assert [c.how for c in await host.seats.changes(game)] == ["claimed", "handed"]


async def test_an_ai_seat_is_claimed_only_at_a_table_that_offers_it(host: Host) -> None:
    closed = await started_game(host, channel=501, players=2, ai_seats=1)
    ai = next(s for s in closed.seats if s.ai is not None)
    with pytest.raises(PermissionDeniedError, match="stays the AI's"):
        await host.seats.claim(closed.game_id, D, ai.seat)
    open_ = await started_game(host, channel=502, players=2, ai_seats=1, claimable_ai=True)
    ai = next(s for s in open_.seats if s.ai is not None)
    assert [s.seat for s in open_.open_seats] == [ai.seat]
    claimed = await host.seats.claim(open_.game_id, D)
    assert claimed.after.user_id == D and claimed.after.ai is None
    assert claimed.before.ai == ai.ai
    (change,) = await host.seats.changes(open_.game_id)
    assert (change.from_user, change.from_ai, change.to_user) == (None, ai.ai, D)


def test_a_replay_names_who_held_each_seat_at_each_step() -> None:
    now = GameStatus(
        1, "toy", "Toy", GUILD, 9, A, "active", TableOptions("toy"),
        (SeatInfo(0, A), SeatInfo(1, D)), 10, (), None, None, None, 0.0, (2,),
    )  # fmt: skip
    change = SeatChange(1, 1, 4, 1, B, None, D, B, "handed", 0.0)
    early, shown = holders_at(now, [change], 0, 3, last=False)
    assert [s.user_id for s in early.seats] == [A, B] and shown == ()
    during, shown = holders_at(now, [change], 3, 6, last=False)
    assert [s.user_id for s in during.seats] == [A, D] and shown == (change,)
    end, shown = holders_at(now, [change], 0, 4, last=True)
    assert [s.user_id for s in end.seats] == [A, D] and shown == (change,)


async def test_the_ratings_count_a_replaced_game_for_whoever_finished_it(host: Host) -> None:
    status = await started_game(host, players=2)
    game = status.game_id
    await host.seats.replace(game, B, E)
    rng = random.Random(7)
    while await random_move(host, game, rng) is not None:
        pass
    assert (await host.views.status(game)).status == "finished"
    assert (await host.records.stats(GUILD, E)).played == 1
    assert (await host.records.stats(GUILD, B)).played == 0
