"""Two bot processes on one database (issue 29), each stood for by a host with its own cache,
locks and claims, on both backends (``shared``: as for PostgreSQL, which sets it by default):
a copy another process made stale is read again, deadlines, reminders and AI turns are acted on
once, and the work of a process that died is taken over when its lease runs out."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from host import FakeClock, Host, MoveResult, Reminder, StaleVersionError, TableOptions
from host.kept import FRESH
from storage.claims import DELIVER, DUE
from tests.host.conftest import OpenHost
from tests.host.helpers import GUILD, USERS, started_game

A, B, C, _ = USERS
HOUR = 3600.0
DAY = 24 * HOUR
LEASE = 30.0


async def two_hosts(hosts: OpenHost, db_path: Path | str, clock: FakeClock) -> tuple[Host, Host]:
    return (
        await hosts(db_path, clock, shared=True, lease=LEASE),
        await hosts(db_path, clock, shared=True, lease=LEASE),
    )


async def events(host: Host, game: int) -> list[tuple[int, str]]:
    return [(e.seq, e.by) for e in await host.db.events.events(game)]


async def test_a_move_made_by_one_process_is_seen_by_the_other_before_it_checks_a_move(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    one, two = await two_hosts(hosts, db_path, clock)
    game = (await started_game(one)).game_id
    before = await two.views.status(game)  # the second process has the game in memory
    assert [s.user_id for s in before.waiting_on] == [A]
    await one.moves.act(game, A, "pass", before.waiting_on[0].token)
    # The second process's copy is stale: it is read again, so B's move (drawn for the new
    # board) counts there at once, and A's old button is a double click, not a new move.
    now = await two.views.status(game)
    assert now.version == 1 and [s.user_id for s in now.waiting_on] == [B]
    await two.moves.act(game, B, "pass", now.waiting_on[0].token)
    with pytest.raises(StaleVersionError, match="already played"):
        await two.moves.act(game, A, "pass", before.waiting_on[0].token)
    assert await events(one, game) == [(1, "player"), (2, "player")]
    assert (await one.views.status(game)).version == 2


async def test_players_joining_one_lobby_through_two_processes_all_get_seats(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    one, two = await two_hosts(hosts, db_path, clock)
    lobby = await one.tables.create_game(GUILD, 500, A, TableOptions(kind="toy", players=3))
    await two.views.status(lobby.game_id)  # loaded by both
    await one.tables.join(lobby.game_id, B)
    await two.tables.join(lobby.game_id, C)  # on top of B's seat, not over it
    for host in (one, two):
        assert [s.user_id for s in (await host.views.status(lobby.game_id)).seats] == [A, B, C]


async def test_a_write_racing_another_processes_change_is_refused_and_nothing_lost(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    """Between one process reading a game and writing its lobby, the other changed it: the
    write is refused with a sentence, and the other's change stands."""
    one, two = await two_hosts(hosts, db_path, clock)
    lobby = await one.tables.create_game(GUILD, 500, A, TableOptions(kind="toy", players=3))
    await two.views.status(lobby.game_id)
    stale = two.store.shared
    two.store.shared = False  # as if B's join landed just after C's process checked its copy
    await one.tables.join(lobby.game_id, B)
    with pytest.raises(StaleVersionError, match="try again"):
        await two.tables.join(lobby.game_id, C)
    two.store.shared = stale
    assert [s.user_id for s in (await two.views.status(lobby.game_id)).seats] == [A, B]
    await two.tables.join(lobby.game_id, C)  # trying again works
    assert [s.user_id for s in (await one.views.status(lobby.game_id)).seats] == [A, B, C]


async def test_a_deadline_and_its_reminders_are_acted_on_by_one_process(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    one, two = await two_hosts(hosts, db_path, clock)
    game = (await started_game(one, timeout_policy="skip")).game_id
    await two.views.status(game)
    clock.advance(DAY / 2)
    notes = [
        n
        for batch in await asyncio.gather(one.scheduler.run_due(), two.scheduler.run_due())
        for n in batch
    ]
    assert [(type(n), n.user_id) for n in notes] == [(Reminder, A)]
    clock.advance(DAY / 2)
    notes = [
        n
        for batch in await asyncio.gather(one.scheduler.run_due(), two.scheduler.run_due())
        for n in batch
    ]
    timeouts = [n for n in notes if isinstance(n, MoveResult)]
    assert [(n.version, n.by) for n in timeouts] == [(1, "timeout")]
    assert await events(one, game) == [(1, "timeout")]
    assert await one.db.claims.claims_of(DUE) == []  # released once done
    assert (await two.views.status(game)).waiting_on[0].user_id == B


async def test_an_ai_seat_moves_once_when_both_processes_find_it_due(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    one, two = await two_hosts(hosts, db_path, clock)
    game = (await started_game(one, players=2, ai_seats=1)).game_id
    await one.moves.act(game, A, "pass")  # the AI's turn now
    await two.views.status(game)
    for _ in range(3):
        await asyncio.gather(one.scheduler.run_due(), two.scheduler.run_due())
    assert await events(one, game) == [(1, "player"), (2, "ai")]
    assert [s.user_id for s in (await two.views.status(game)).waiting_on] == [A]


async def test_the_due_work_of_a_process_that_died_is_taken_over_after_its_lease(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    one, two = await two_hosts(hosts, db_path, clock)
    game = (await started_game(one, timeout_policy="skip", reminders_at=())).game_id
    clock.advance(DAY)
    # A process claimed the game's timeout, then died before doing it.
    now = clock.now()
    assert await one.db.claims.take_claim(
        DUE, game, "dead", now=now, lease=LEASE, expired_before=now
    )
    assert await two.scheduler.run_due() == [] and await events(two, game) == []
    assert await two.scheduler.next_due() == now + LEASE  # it looks again when the lease runs out
    clock.advance(LEASE + 1)
    [timeout] = await two.scheduler.run_due()
    assert isinstance(timeout, MoveResult) and timeout.by == "timeout"
    assert await events(one, game) == [(1, "timeout")]


async def test_one_process_alone_takes_over_claims_of_its_earlier_runs_at_once(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    """SQLite as it always was (one process): a claim left by a run that stopped does not make
    the restarted bot wait for its lease."""
    first = await hosts(db_path, clock, shared=False)
    game = (await started_game(first, timeout_policy="skip", reminders_at=())).game_id
    clock.advance(DAY)
    now = clock.now()
    assert await first.db.claims.take_claim(
        DUE, game, "crashed", now=now, lease=600, expired_before=now
    )
    await first.close()
    again = await hosts(db_path, clock, shared=False)
    [timeout] = await again.scheduler.run_due()
    assert isinstance(timeout, MoveResult) and timeout.by == "timeout"


async def test_a_language_one_process_saw_reaches_the_others_dms_within_a_minute(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    """A player switched Discord to German and used the bot through one process (a command in
    a server on its shard): the other process, which had them in Spanish, writes its next DMs
    in German once its memory of the language is older than ``FRESH``."""
    one, two = await two_hosts(hosts, db_path, clock)
    await two.people.remember_locale(A, "es-ES")
    assert await two.people.user_locale(A) == "es-ES"
    await one.people.remember_locale(A, "de")
    assert await one.people.user_locale(A) == "de"
    clock.advance(FRESH + 1)
    assert await two.people.user_locale(A) == "de"


async def test_settings_changed_through_one_process_reach_the_other_within_a_minute(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    """A server's settings and a player's notification setting are kept in memory by each
    process (every delivery asks for them); one changed through the other process shows once
    the memory is older than ``FRESH``, and the process that changed it knows at once."""
    one, two = await two_hosts(hosts, db_path, clock)
    assert (await two.servers.guild_settings(GUILD)).language == "en"
    assert await two.people.notify_setting(A) == "dm"
    await one.servers.set_guild_settings(GUILD, language="nl")
    await one.people.set_notify_setting(A, "mention")
    assert (await one.servers.guild_settings(GUILD)).language == "nl"
    assert await one.people.notify_setting(A) == "mention"
    clock.advance(FRESH + 1)
    assert (await two.servers.guild_settings(GUILD)).language == "nl"
    assert await two.people.notify_setting(A) == "mention"


async def test_a_process_alone_reads_settings_once(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    """Alone on its database, a process makes every change itself: a server's settings and a
    player's notification setting are read once, then answered from memory (no statement),
    and a change it makes shows at once."""
    host = await hosts(db_path, clock, shared=False)
    await host.servers.guild_settings(GUILD)
    await host.people.notify_setting(A)
    before = host.db.tally.mark()
    for _ in range(3):
        await host.servers.guild_settings(GUILD)
        await host.people.notify_setting(A)
        clock.advance(FRESH + 1)
    assert host.db.tally.since(before).statements == 0
    await host.servers.set_guild_settings(GUILD, turn_time=3600.0)
    assert (await host.servers.guild_settings(GUILD)).turn_time == 3600.0


async def test_a_process_alone_on_its_database_writes_no_claims(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    """Claims keep processes that share a database apart; a process alone (SQLite's one) has
    nobody to keep out, so delivering a game and running what is due write no claim."""
    host = await hosts(db_path, clock, shared=False)
    game = (await started_game(host)).game_id
    seen: list[str] = []
    host.db.tally.seen = seen
    assert await host.outbox.claim_delivery(game)
    async with host.outbox.delivering(game, claimed=True):
        pass  # nothing sent, nothing told: nothing written
    clock.advance(DAY)  # the first player's time runs out: the scheduler plays for them
    played = [n for n in await host.scheduler.run_due() if isinstance(n, MoveResult)]
    host.db.tally.seen = None
    assert [n.by for n in played] == ["timeout"]
    assert seen and not [s for s in seen if "claims" in s]
    shared = await hosts(db_path, clock, shared=True, lease=LEASE)
    shared.db.tally.seen = seen
    assert await shared.outbox.claim_delivery(game)  # processes that share it do claim
    assert [s for s in seen if "claims" in s]
    assert [g for g, _o, _u in await shared.db.claims.claims_of(DELIVER)] == [game]
    before = shared.db.tally.mark()
    async with shared.outbox.delivering(game, claimed=True):
        await shared.outbox.mark_sent(game, 0)
    # What the delivery did and the claim given up: one commit.
    assert shared.db.tally.since(before).commits == 1
    assert await shared.db.claims.claims_of(DELIVER) == []


async def test_a_delivery_looks_at_its_game_once_and_a_stale_move_in_one_look_is_refused(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    """Within one delivery a process compares its copy with the database once: its reads all
    show that one revision. Within one look, a move on a copy another process made stale is
    still refused by the write's guard, and checked again on the database's copy: the same
    click twice is told it was played already (nothing lost, nothing played twice)."""
    one, two = await two_hosts(hosts, db_path, clock)
    game = (await started_game(one)).game_id
    await two.views.status(game)  # the second process has the game in memory
    seen: list[str] = []
    two.db.tally.seen = seen
    async with two.outbox.delivering(game):
        for _ in range(3):
            await two.views.status(game)
            await two.views.snapshot(game)
    assert len([s for s in seen if s.startswith("SELECT revision")]) == 1
    seen.clear()
    for _ in range(2):  # outside a look, every read compares
        await two.views.status(game)
    assert len([s for s in seen if s.startswith("SELECT revision")]) == 2
    two.db.tally.seen = None
    with two.checked_once():
        token = (await two.views.status(game)).waiting_on[0].token
        await one.moves.act(game, A, "pass", token)  # lands after the second process looked
        with pytest.raises(StaleVersionError, match="already played"):
            await two.moves.act(game, A, "pass", token)  # refused, then checked on a new copy
    assert await events(one, game) == [(1, "player")]
    assert (await two.views.status(game)).version == 1  # the next look reads it again


async def test_a_move_takes_its_delivery_claim_in_its_own_commit(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    """Processes that share the database: a move takes the claim on its delivery in its own
    transaction, so the move and its delivery cost two commits in all. A move whose delivery
    another process holds still lands; that process keeps delivering."""
    one, two = await two_hosts(hosts, db_path, clock)
    game = (await started_game(one)).game_id
    token = (await one.views.status(game)).waiting_on[0].token
    before = one.db.tally.mark()
    await one.moves.act(game, A, "pass", token)
    assert await one.outbox.claim_delivery(game)  # taken with the move: no statement
    async with one.outbox.delivering(game, claimed=True):
        await one.outbox.mark_sent(game, 1)
    assert one.db.tally.since(before).commits == 2
    assert await one.db.claims.claims_of(DELIVER) == []  # given up as the delivery ended

    assert await two.outbox.claim_delivery(game)  # the second process is delivering now
    token = (await one.views.status(game)).waiting_on[0].token
    await one.moves.act(game, B, "pass", token)
    assert await events(two, game) == [(1, "player"), (2, "player")]
    assert not await one.outbox.claim_delivery(game)
    assert [o for _g, o, _u in await one.db.claims.claims_of(DELIVER)] == [two.store.owner]
