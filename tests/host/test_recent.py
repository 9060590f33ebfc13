"""A game's recent past kept in memory (``host/recent.py``, issue 43): a delivery reads its
events and outbox rows without a statement, it reads exactly as the database does, and with two
processes on one database each one's copy follows the other's writes. A move and its delivery
then cost two commits and no read (PostgreSQL: at most 12 statements)."""

from __future__ import annotations

from pathlib import Path

from host import FakeClock, Host
from tests.host.conftest import OpenHost
from tests.host.helpers import started_game
from tests.host.test_shared import two_hosts

MOST = 12
"""Statements a move and its delivery may cost on PostgreSQL (issue 43's target)."""


async def play(host: Host, game: int) -> int:
    """The seat the game waits for plays its first legal move; the new version."""
    status = await host.views.status(game)
    seat = status.waiting_on[0]
    assert seat.user_id is not None
    first = (await host.decisions.legal_choices(game, seat.user_id))[0].notation
    return (await host.moves.act(game, seat.user_id, first, seat.token)).version


async def deliver(host: Host, game: int, *, claimed: bool = False) -> None:
    """What a delivery reads, and its record: every unsent version marked sent."""
    async with host.outbox.delivering(game, claimed=claimed):
        rows = await host.outbox.unsent(game)
        last = await host.outbox.last_board(game)
        after = -1 if last is None else last
        await host.views.log(game, None, limit=200, after=after)
        await host.outbox.quiet_versions(game, after)
        await host.outbox.notes(game, after)
        await host.outbox.step_message(game)
        status = await host.views.status(game)
        waiting = status.waiting_on[0]
        await host.outbox.set_notified(game, waiting.seat, waiting.token, None, "turn")
        if rows:
            await host.outbox.mark_sent(game, rows[-1].version, board_message=7)


async def test_the_past_in_memory_reads_as_the_database(host: Host) -> None:
    game = (await started_game(host)).game_id
    for n in range(12):
        await play(host, game)
        if n % 3 != 1:  # some versions wait for a later delivery
            await deliver(host, game)
        version = (await host.views.status(game)).version
        db = host.db.outbox
        assert await host.outbox.unsent(game) == await db.unsent(game)
        assert await host.outbox.last_board(game) == await db.last_board(game)
        for after in range(-1, version + 1):
            assert await host.outbox.quiet_versions(game, after) == await db.quiet_versions(
                game, after
            )
            assert await host.outbox.notes(game, after) == await db.notes(game, after)
            for limit in (1, 3, 200):
                kept = await host.views.log(game, None, limit=limit, after=after)
                stored = await host.db.events.events(game, after=after, limit=limit, newest=True)
                assert [e.version for e in kept] == [e.seq for e in stored]


async def test_a_delivery_reads_no_statement_once_the_past_is_in_memory(host: Host) -> None:
    game = (await started_game(host)).game_id
    await deliver(host, game)  # the first delivery reads the past: one hop
    await play(host, game)
    seen: list[str] = []
    host.db.tally.seen, before = seen, host.db.tally.mark()
    await deliver(host, game)
    host.db.tally.seen = None
    assert not [s for s in seen if s.startswith("SELECT")], seen
    assert host.db.tally.since(before).commits == 1


async def test_each_process_reads_what_the_other_delivered_and_played(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    one, two = await two_hosts(hosts, db_path, clock)
    game = (await started_game(one)).game_id
    for host in (one, two):  # both keep the game's past
        assert [r.version for r in await host.outbox.unsent(game)] == [0]
    await deliver(one, game)  # the first process announced the start
    assert await two.outbox.unsent(game) == []  # the second's copy is compared: read again
    assert await two.outbox.last_board(game) == 0
    await play(two, game)
    # The first process's copy is a move behind: its move there is refused by the copy (the
    # token) and tried again on the database's, where it counts.
    seat = (await two.views.status(game)).waiting_on[0]
    assert seat.user_id is not None
    first = (await two.decisions.legal_choices(game, seat.user_id))[0].notation
    assert (await one.moves.act(game, seat.user_id, first, seat.token)).version == 2
    assert [r.version for r in await one.outbox.unsent(game)] == [1, 2]
    assert [e.version for e in await one.views.log(game, None)] == [1, 2]
    await deliver(one, game)
    assert await two.outbox.unsent(game) == []
    assert [e.version for e in await two.views.log(game, None)] == [1, 2]


async def test_a_move_and_its_delivery_commit_twice_and_read_nothing(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock, backend: str
) -> None:
    """Processes sharing the database: the move takes its delivery claim in its own commit,
    its delivery reads the copy the move left and records what it did in one commit (one
    statement on PostgreSQL: ``Dialect.atomically``)."""
    one, two = await two_hosts(hosts, db_path, clock)
    game = (await started_game(one)).game_id
    await deliver(one, game, claimed=await one.outbox.claim_delivery(game))
    for seat in (await one.views.status(game)).seats:  # as the bot's last delivery did, telling
        if seat.user_id is not None:  # each player (their notify setting: their settings row)
            await one.people.notify_setting(seat.user_id)
    seen: list[str] = []
    one.db.tally.seen, before = seen, one.db.tally.mark()
    with one.peeking():  # what a move's command looks at first
        status = await one.views.status(game)
        waiting = status.waiting_on[0]
        assert waiting.user_id is not None
        first = (await one.decisions.legal_choices(game, waiting.user_id))[0].notation
    await one.moves.act(game, waiting.user_id, first, waiting.token)
    assert await one.outbox.claim_delivery(game)  # taken with the move
    await deliver(one, game, claimed=True)
    one.db.tally.seen = None
    cost = one.db.tally.since(before)
    assert not [s for s in seen if s.startswith("SELECT")], seen
    assert cost.commits == 2, seen
    if backend == "postgresql":
        assert cost.statements <= MOST, seen
    assert await one.db.claims.claims_of("deliver") == []
    assert await two.outbox.unsent(game) == []
