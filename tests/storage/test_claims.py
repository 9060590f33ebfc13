"""Claims with a lease and the revision that lets several bot processes share one database
(migration 0008, issue 29), on both backends: a second connection stands for a second process."""

from __future__ import annotations

import asyncio
from pathlib import Path

from host import FakeClock
from storage.claims import DELIVER, DUE
from storage.db import Database
from tests.host.conftest import OpenHost
from tests.host.helpers import started_game


async def two_databases(db_path: Path | str) -> tuple[Database, Database]:
    return await Database.open(db_path), await Database.open(db_path)


async def test_a_claim_is_one_processes_until_released_or_its_lease_runs_out(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    await (await hosts(db_path, clock)).close()
    one, two = await two_databases(db_path)
    try:
        t = 1000.0
        assert await one.claims.take_claim(DUE, 5, "one", now=t, lease=60, expired_before=t)
        assert not await two.claims.take_claim(
            DUE, 5, "two", now=t + 1, lease=60, expired_before=t + 1
        )
        # Another game, or another kind of work on the same game, is free.
        assert await two.claims.take_claim(DUE, 6, "two", now=t, lease=60, expired_before=t)
        assert await two.claims.take_claim(DELIVER, 5, "two", now=t, lease=60, expired_before=t)
        # The holder renews its own claim; the lease runs from the renewal.
        assert await one.claims.take_claim(
            DUE, 5, "one", now=t + 50, lease=60, expired_before=t + 50
        )
        assert not await two.claims.take_claim(
            DUE, 5, "two", now=t + 70, lease=60, expired_before=t + 70
        )
        assert await two.claims.claims_of(DUE) == [(5, "one", t + 110), (6, "two", t + 60)]
        # "one" died: once its lease has run out, "two" takes the work over.
        assert await two.claims.take_claim(
            DUE, 5, "two", now=t + 111, lease=60, expired_before=t + 111
        )
        assert not await one.claims.take_claim(
            DUE, 5, "one", now=t + 112, lease=60, expired_before=t
        )
        # Released work is free at once; releasing another's claim changes nothing.
        await one.claims.release_claim(DUE, 5, "one")
        assert [g for g, _o, _u in await one.claims.claims_of(DUE)] == [5, 6]
        await two.claims.release_claim(DUE, 5, "two")
        assert await one.claims.take_claim(
            DUE, 5, "one", now=t + 113, lease=60, expired_before=t + 113
        )
    finally:
        await one.close()
        await two.close()


async def test_of_many_processes_claiming_at_once_exactly_one_gets_each_game(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    await (await hosts(db_path, clock)).close()
    one, two = await two_databases(db_path)
    try:
        attempts = [
            db.claims.take_claim(DUE, game, name, now=1.0, lease=60, expired_before=1.0)
            for game in range(20)
            for db, name in ((one, "one"), (two, "two"), (one, "one-b"), (two, "two-b"))
        ]
        won = await asyncio.gather(*attempts)
        for game in range(20):
            assert sum(won[game * 4 : game * 4 + 4]) == 1, game
        assert len(await one.claims.claims_of(DUE)) == 20
    finally:
        await one.close()
        await two.close()


async def test_every_write_to_a_game_counts_a_revision_another_process_can_see(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    host = await hosts(db_path, clock)
    status = await started_game(host, players=2)
    other = await Database.open(db_path)
    try:
        bundle = await other.games.load_game(status.game_id)
        assert bundle is not None
        seen = bundle.game.revision
        assert seen > 0  # the lobby's seats and the start were counted
        assert await other.games.load_if_changed(status.game_id, seen) == (False, None)
        user = status.waiting_on[0].user_id
        assert user is not None
        await host.moves.act(status.game_id, user, "pass")
        changed, fresh = await other.games.load_if_changed(status.game_id, seen)
        assert changed and fresh is not None and fresh.game.version == 1
        seen = fresh.game.revision
        await host.outbox.set_notified(status.game_id, 0, 1, 77)  # bookkeeping of a DM counts too
        changed, fresh = await other.games.load_if_changed(status.game_id, seen)
        assert changed and fresh is not None and fresh.seats[0].notified_message == 77
        assert (await other.games.load_if_changed(999, 0)) == (True, None)  # no such game
    finally:
        await other.close()


async def test_the_next_due_time_skips_work_another_live_process_holds(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    host = await hosts(db_path, clock)
    status = await started_game(host, players=2)
    due = await host.db.claims.next_due_for("me", expired_before=clock.now())
    assert due is not None and due > clock.now()
    until = due + 500
    assert await host.db.claims.take_claim(
        DUE, status.game_id, "other", now=until - 60, lease=60, expired_before=0
    )
    # Held by another live process: its work until the lease ends, then maybe ours.
    assert await host.db.claims.next_due_for("me", expired_before=clock.now()) == until
    assert await host.db.claims.next_due_for("other", expired_before=clock.now()) == due
    # A lease already run out is nobody's: the game's own time again.
    assert await host.db.claims.next_due_for("me", expired_before=until + 1) == due
