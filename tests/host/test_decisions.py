"""What the game waits for, through the host: simultaneous steps with one deadline and a token
per seat, window standing orders, the outbox of announcements, and a damaged stored game."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from host import (
    FakeClock,
    GameDamagedError,
    Host,
    MoveResult,
    Reminder,
    StaleVersionError,
    TableOptions,
)
from tests.host.conftest import OpenHost
from tests.host.helpers import GUILD, USERS, connect, started_game

A, B, C = USERS[:3]
DAY = 24 * 3600.0


def moves(notes: list[MoveResult | Reminder]) -> list[MoveResult]:
    return [n for n in notes if isinstance(n, MoveResult)]


async def bidding(host: Host, players: int = 2) -> int:
    """A toy game with bids whose first round has just ended: every seat bids now."""
    game = (await started_game(host, players=players, variants={"bids": True})).game_id
    for user in USERS[:players]:
        await host.moves.act(game, user, "pass")
    status = await host.views.status(game)
    assert {s.user_id for s in status.waiting_on} == set(USERS[:players])
    return game


async def test_one_players_bid_leaves_the_others_buttons_valid(host: Host) -> None:
    game = await bidding(host)
    status = await host.views.status(game)
    a_token, b_token = status.seats[0].token, status.seats[1].token
    first = await host.moves.act(game, A, "bid 2", a_token)
    assert not first.board  # a revision in a shared step: no board for it
    with pytest.raises(StaleVersionError, match="already played"):
        await host.moves.act(game, A, "bid 1", a_token)  # a double click: the first one counted
    second = await host.moves.act(game, B, "bid 1", b_token)  # drawn before A's bid: still valid
    assert second.version == first.version + 1
    with pytest.raises(StaleVersionError, match="already played"):
        await host.moves.act(game, A, "bid 1", a_token)  # B's bid did not touch A's decision
    after = await host.views.status(game)
    assert after.seats[0].token == first.version and after.seats[1].token == second.version


async def test_a_simultaneous_step_keeps_one_deadline_and_a_timeout_locks_for_the_silent(
    host: Host, clock: FakeClock
) -> None:
    game = await bidding(host, players=3)
    started = await host.views.status(game)
    clock.advance(600)
    await host.moves.act(game, A, "bid 2")
    await host.moves.act(game, A, "lock")
    clock.advance(600)
    await host.moves.act(game, B, "bid 1")
    status = await host.views.status(game)
    assert status.deadline == started.deadline and status.turn_started == started.turn_started
    assert {s.user_id for s in status.waiting_on} == {B, C}  # A has locked
    assert status.seats[1].waiting_since == started.seats[1].waiting_since
    assert status.deadline is not None
    clock.set(status.deadline)
    late = moves(await host.scheduler.run_due())
    assert [(m.seat, m.notation, m.by) for m in late] == [
        (1, "lock", "timeout"),
        (2, "lock", "timeout"),
    ]
    assert all("the rules apply" in m.note for m in late)
    assert late[-1].board  # the step resolved: the bids are revealed with a board
    assert [s.timeouts for s in (await host.views.status(game)).seats] == [0, 0, 0]


async def test_bids_stay_secret_in_the_log_until_they_are_revealed(host: Host) -> None:
    game = await bidding(host)
    await host.moves.act(game, A, "bid 2")
    for viewer, sees in ((A, True), (B, False), (None, False)):
        (entry,) = await host.views.log(game, viewer, limit=1)
        assert entry.secret is not sees
        assert (entry.notation == "bid 2") is sees
        assert entry.label == ("Bid 2" if sees else "")
        assert ("secret" in entry.events[0]) is sees


async def test_the_outbox_holds_each_version_until_it_is_marked_sent(host: Host) -> None:
    game = (await started_game(host, players=2)).game_id
    assert [(r.version, r.board) for r in await host.outbox.unsent(game)] == [(0, True)]
    await host.moves.act(game, A, "pass")
    assert [r.version for r in await host.outbox.unsent(game)] == [0, 1]
    assert await host.outbox.games_with_unsent() == [game]
    await host.outbox.mark_sent(game, 1)
    assert await host.outbox.unsent(game) == [] and await host.outbox.games_with_unsent() == []
    assert await host.outbox.last_board(game) == 1


async def test_rows_a_process_that_died_may_have_sent_and_the_board_the_channel_shows(
    host: Host, hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    """Issue 44, item 23: unsent rows committed before a host began, or unsent for longer than
    a lease, may have been sent by a process that died (``left_behind``); the board the
    channel shows marks them sent at once and is the last board (``shown``)."""
    game = (await started_game(host, players=2)).game_id

    async def move() -> None:
        user = (await host.views.status(game)).waiting_on[0].user_id
        assert user is not None
        choice = (await host.decisions.legal_choices(game, user))[0].notation
        await host.moves.act(game, user, choice)

    await move()
    await host.outbox.mark_sent(game, 1, board_message=77)
    await move()
    rows = await host.outbox.unsent(game)
    assert [r.version for r in rows] == [2] and not host.outbox.left_behind(rows)
    clock.advance(1)
    later = await hosts(db_path, clock)  # a host that began after the row was committed
    assert later.outbox.left_behind(rows) and not host.outbox.left_behind(rows)
    clock.advance(host.store.lease)
    assert host.outbox.left_behind(rows)  # nobody sent it for a lease
    await later.outbox.shown(game, 2, 78)
    assert await later.outbox.unsent(game) == [] and await later.outbox.last_board(game) == 2


async def window(host: Host) -> int:
    """A 3-player Pompeji game where A (seat 0) has just played: A and C hold the window."""
    variants = {"permit_window": 900, "first_seat": 0}
    game = (await started_game(host, kind="cardcity", variants=variants)).game_id
    first = next(
        c for c in await host.decisions.legal_choices(game, A) if c.notation.startswith("play ")
    )
    await host.moves.act(game, A, first.notation)
    return game


async def test_a_standing_order_to_let_windows_pass_answers_at_once(host: Host) -> None:
    game = await window(host)
    await host.decisions.set_window_order(game, C, "never")
    declined = moves(await host.scheduler.run_due())
    assert [(m.seat, m.notation, m.by) for m in declined] == [(2, "decline", "auto")]
    assert [s.user_id for s in (await host.views.status(game)).waiting_on] == [A]
    await host.decisions.set_window_order(game, A, "never")
    closed = moves(await host.scheduler.run_due())
    assert [(m.seat, m.notation) for m in closed] == [(0, "decline")]
    assert [s.user_id for s in (await host.views.status(game)).waiting_on] == [B]


async def test_a_standing_order_for_one_players_turns_asks_only_after_them(host: Host) -> None:
    game = await window(host)  # the window follows A's turn (seat 0)
    await host.decisions.set_window_order(game, C, "after:0")
    assert moves(await host.scheduler.run_due()) == []  # C is asked: it is A's turn that ended
    await host.decisions.set_window_order(game, C, "after:1")
    assert [(m.seat, m.notation) for m in moves(await host.scheduler.run_due())] == [(2, "decline")]
    with pytest.raises(Exception, match="another player's seat"):
        await host.decisions.set_window_order(game, C, "after:2")


async def test_a_window_is_answered_by_standing_order_in_the_move_that_opens_it(
    host: Host,
) -> None:
    """No scheduler run needed: the move that opens the window already holds the answers, so
    the window is never announced as waiting on a player who said "never ask me"."""
    variants = {"permit_window": 900, "first_seat": 0}
    game = (await started_game(host, kind="cardcity", variants=variants)).game_id
    await host.decisions.set_window_order(game, C, "never")
    first = next(
        c for c in await host.decisions.legal_choices(game, A) if c.notation.startswith("play ")
    )
    opened = await host.moves.act(game, A, first.notation)
    status = await host.views.status(game)
    assert status.version == opened.version + 1
    assert [s.user_id for s in status.waiting_on] == [A]  # C has passed already
    (entry,) = await host.views.log(game, None, limit=1)
    assert (entry.seat, entry.notation, entry.by) == (2, "decline", "auto")


async def test_a_window_whose_holders_all_pass_by_standing_order_closes_at_once(
    host: Host,
) -> None:
    variants = {"permit_window": 900, "first_seat": 0}
    game = (await started_game(host, kind="cardcity", variants=variants)).game_id
    await host.decisions.set_window_order(game, A, "after:1")  # not after their own turn
    await host.decisions.set_window_order(game, C, "never")
    first = next(
        c for c in await host.decisions.legal_choices(game, A) if c.notation.startswith("play ")
    )
    await host.moves.act(game, A, first.notation)
    status = await host.views.status(game)
    assert [s.user_id for s in status.waiting_on] == [B]  # B plays: no window to wait out
    events = [ev["type"] for e in await host.views.log(game, None, limit=2) for ev in e.events]
    assert events == ["PermitDeclined", "PermitDeclined", "WindowClosed"]
    assert moves(await host.scheduler.run_due()) == []  # nothing was left for the scheduler


async def test_a_window_an_ai_opens_is_answered_by_standing_order_in_the_same_run(
    host: Host,
) -> None:
    """The scheduler announces what one run did: a window an AI's move opened must not be
    announced waiting on a player whose standing order lets it pass."""
    variants = {"permit_window": 900, "first_seat": 1}
    game = (await started_game(host, kind="cardcity", variants=variants, ai_seats=1)).game_id
    status = await host.views.status(game)
    assert [s.seat for s in status.seats if s.user_id is None] == [1]  # the AI plays first
    await host.decisions.set_window_order(
        game, A, "never"
    )  # seat 0, who may interrupt after seat 1
    played = moves(await host.scheduler.run_due())
    assert [(m.seat, m.by) for m in played] == [(1, "ai"), (0, "auto")]
    assert [s.seat for s in (await host.views.status(game)).waiting_on] == [1]  # the AI's own offer


async def test_a_game_whose_state_cannot_be_read_can_still_be_cancelled(
    hosts: OpenHost, db_path: Path, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    first = await hosts(db_path, clock)
    game = (await started_game(first, players=2, reminders_at=())).game_id
    await first.close()
    conn = connect(db_path)
    conn.execute("UPDATE snapshots SET state = ? WHERE game_id = ?", (b"\xff{broken", game))
    conn.close()
    clock.advance(DAY)
    second = await hosts(db_path, clock)
    with caplog.at_level(logging.ERROR, logger="host"):
        assert await second.scheduler.run_due() == []
        assert await second.scheduler.run_due() == []
        with pytest.raises(GameDamagedError, match="cannot be read"):
            await second.moves.act(game, A, "pass")
        with pytest.raises(GameDamagedError, match="/game cancel"):
            await second.views.public_view(game)
    logged = [r for r in caplog.records if "cannot be read" in r.getMessage()]
    assert len(logged) == 1 and str(game) in logged[0].getMessage()
    assert await second.scheduler.next_due() is None  # no retry loop every 5 minutes
    cancelled = await second.tables.cancel(game, A)
    assert cancelled.status == "cancelled"
    assert await second.views.game_in_channel(cancelled.channel_id) is None  # the channel is free
    again = await second.tables.create_game(
        GUILD, cancelled.channel_id, B, TableOptions(kind="toy")
    )
    assert again.status == "lobby"


async def test_a_game_only_ais_play_is_paced_with_a_board_per_round(
    hosts: OpenHost, db_path: Path, clock: FakeClock
) -> None:
    h = await hosts(db_path, clock, ai_pace=2.0)
    game = (
        await started_game(
            h, players=3, ai_seats=2, max_timeouts=1, reminders_at=(), reminders_before=()
        )
    ).game_id
    clock.advance(DAY)  # A times out and the AI takes the seat over: no human plays now
    (taken,) = moves(await h.scheduler.run_due())
    # Only AIs play now: boards once per round (the take-over's note goes with the next one).
    assert taken.taken_over and not taken.board
    assert await h.scheduler.next_due() == clock.now() + 2.0
    boards = []
    for _ in range(9):
        assert moves(await h.scheduler.run_due()) == []  # nothing before the pause is over
        clock.advance(2.0)
        notes = moves(await h.scheduler.run_due())
        assert len(notes) == 1  # one move, then a pause
        boards.append((notes[0].seat, notes[0].board))
        assert await h.scheduler.next_due() == clock.now() + 2.0
    # A board when the turn order comes round again, not after every move.
    assert [b for _, b in boards] == [seat == 2 for seat, _ in boards]
    assert [seat for seat, _ in boards] == [1, 2, 0] * 3
    assert (await h.views.status(game)).version == 10
