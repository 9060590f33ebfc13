"""Deadlines, reminders, timeout policies and AI take-over, driven by a fake clock, across
restarts of the host."""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from pathlib import Path
from typing import Any

import pytest

from engine.core import Decision
from host import (
    FakeClock,
    Host,
    HostError,
    MoveResult,
    RandomChooser,
    Reminder,
    StaleVersionError,
    TableOptions,
)
from host.deadlines import REMINDED_FROM, reminder_points
from plugins import GamePlugin
from tests.host.conftest import NewDb, OpenHost
from tests.host.helpers import USERS, started_game
from tests.toy import PLUGIN, TOY, ToyAction, ToyState
from tests.toy.game import PASS

A, B, C, D = USERS
HOUR = 3600.0
DAY = 24 * HOUR


def moves(notes: list[MoveResult | Reminder]) -> list[MoveResult]:
    assert all(isinstance(n, MoveResult) for n in notes)
    return [n for n in notes if isinstance(n, MoveResult)]


async def test_a_decision_gets_reminders_at_half_time_and_an_hour_before(
    host: Host, clock: FakeClock
) -> None:
    t0 = clock.now()
    game = (await started_game(host)).game_id
    assert (await host.views.status(game)).deadline == t0 + DAY
    assert await host.scheduler.next_due() == t0 + DAY / 2
    clock.set(t0 + DAY / 2 - 1)
    assert await host.scheduler.due() == [] and await host.scheduler.run_due() == []
    clock.set(t0 + DAY / 2)
    assert await host.scheduler.due() == [game]
    [half] = await host.scheduler.run_due()
    assert isinstance(half, Reminder)
    assert (half.user_id, half.seat, half.remaining) == (A, 0, DAY / 2)
    assert await host.scheduler.run_due() == []  # sent once
    clock.set(t0 + DAY - HOUR + 60)
    [late] = await host.scheduler.run_due()
    assert isinstance(late, Reminder) and late.remaining == HOUR - 60
    assert await host.scheduler.run_due() == []
    assert await host.scheduler.next_due() == t0 + DAY
    assert (await host.views.status(game)).version == 0


async def test_a_move_starts_a_fresh_deadline_for_the_next_player(
    host: Host, clock: FakeClock
) -> None:
    game = (await started_game(host)).game_id
    clock.advance(5 * HOUR)
    result = await host.moves.act(game, A, "pass")
    assert result.deadline == clock.now() + DAY
    status = await host.views.status(game)
    assert [s.user_id for s in status.waiting_on] == [B]
    assert status.turn_started == clock.now()
    assert [g.is_waiting_on_you for g in await host.views.games_of_user(B)] == [True]
    assert [g.is_waiting_on_you for g in await host.views.games_of_user(A)] == [False]
    assert [s.waiting_since for s in status.seats] == [None, clock.now(), None]


async def test_short_turns_drop_reminder_points_before_the_start(
    host: Host, clock: FakeClock
) -> None:
    t0 = clock.now()
    game = (await started_game(host, turn_time=600)).game_id
    clock.set(t0 + 300)
    [only] = await host.scheduler.run_due()
    assert isinstance(only, Reminder) and only.remaining == 300
    assert await host.scheduler.next_due() == t0 + 600  # "an hour before" would be before the start
    assert (await host.views.status(game)).deadline == t0 + 600


def test_a_decision_shorter_than_the_shortest_turn_gets_no_reminder() -> None:
    """A rules' 60-second window would get a "30 seconds left" reminder by the table's
    half-time point: a second message in a minute (issue 14). Five minutes still get one."""
    options = TableOptions(kind="toy", turn_time=DAY)
    assert reminder_points(options, 0.0, 60.0) == []
    assert reminder_points(options, 0.0, REMINDED_FROM - 1) == []
    assert reminder_points(options, 0.0, 300.0) == [150.0]
    assert reminder_points(options, 0.0, DAY) == [DAY / 2, DAY - HOUR]


async def test_on_timeout_the_ai_policy_chooses_a_legal_move(host: Host, clock: FakeClock) -> None:
    t0 = clock.now()
    game = (await started_game(host, timeout_policy="ai", reminders_at=())).game_id
    clock.set(t0 + DAY)
    notes = await host.scheduler.run_due()
    [late] = [n for n in notes if isinstance(n, MoveResult)]
    assert (late.seat, late.user_id, late.by, late.version) == (0, A, "timeout", 1)
    assert "ran out of time" in late.note and late.chooser is not None
    assert late.deadline == t0 + 2 * DAY
    assert [s.user_id for s in late.next_to_act] == [B]
    [entry] = await host.views.log(game)
    assert entry.by == "timeout" and entry.notation == late.notation


async def test_the_skip_policy_passes_or_says_why_it_could_not(
    host: Host, clock: FakeClock
) -> None:
    opts = {"timeout_policy": "skip", "reminders_at": (), "reminders_before": ()}
    game = (await started_game(host, **opts)).game_id
    clock.advance(DAY)
    [first] = moves(await host.scheduler.run_due())
    assert first.notation == "pass" and first.chooser is None
    assert "skipped" in first.note
    await host.moves.act(game, B, "pass")
    await host.moves.act(game, C, "pass")
    clock.advance(DAY)  # A passed last time, so passing is not legal now
    [second] = moves(await host.scheduler.run_due())
    assert second.seat == 0 and second.notation.startswith("play")
    assert "passing is not possible" in second.note and second.chooser is not None


async def test_repeated_timeouts_hand_the_seat_to_the_ai_until_its_player_returns(
    host: Host, clock: FakeClock
) -> None:
    opts = {"max_timeouts": 2, "reminders_at": (), "reminders_before": ()}
    game = (await started_game(host, players=2, **opts)).game_id
    clock.advance(DAY)
    [first] = moves(await host.scheduler.run_due())
    assert first.seat == 0 and not first.taken_over
    await host.moves.act(game, B, "pass")
    clock.advance(DAY)
    [second] = moves(await host.scheduler.run_due())
    assert second.taken_over and "plays this seat" in second.note
    assert (await host.views.status(game)).seats[0].ai_controlled
    await host.moves.act(game, B, (await host.decisions.legal_choices(game, B))[0].notation)
    assert await host.scheduler.due() == [game]  # the AI moves at once, no waiting for a deadline
    [ai] = moves(await host.scheduler.run_due())
    assert (ai.seat, ai.by) == (0, "ai") and f"<@{A}>" in ai.note
    await host.moves.act(game, B, (await host.decisions.legal_choices(game, B))[0].notation)
    # A is back before the scheduler runs: their own move ends the take-over.
    mine = await host.moves.act(game, A, (await host.decisions.legal_choices(game, A))[0].notation)
    assert mine.by == "player"
    seat = (await host.views.status(game)).seats[0]
    assert not seat.ai_controlled and seat.timeouts == 0
    assert await host.scheduler.due() == []


async def test_return_to_seat_ends_a_take_over(host: Host, clock: FakeClock) -> None:
    game = (await started_game(host, players=2, max_timeouts=1)).game_id
    clock.advance(DAY)
    [taken] = moves(await host.scheduler.run_due())
    assert taken.taken_over
    with pytest.raises(HostError, match="already playing"):
        await host.tables.return_to_seat(game, B)
    status = await host.tables.return_to_seat(game, A)
    assert not status.seats[0].ai_controlled


async def test_a_players_own_move_resets_the_timeout_count(host: Host, clock: FakeClock) -> None:
    opts = {"max_timeouts": 2, "reminders_at": (), "reminders_before": ()}
    game = (await started_game(host, players=2, **opts)).game_id
    for _ in range(3):
        clock.advance(DAY)
        [late] = moves(await host.scheduler.run_due())
        assert late.seat == 0 and not late.taken_over
        await host.moves.act(game, B, (await host.decisions.legal_choices(game, B))[0].notation)
        await host.moves.act(game, A, (await host.decisions.legal_choices(game, A))[0].notation)
        await host.moves.act(game, B, (await host.decisions.legal_choices(game, B))[0].notation)
    assert not (await host.views.status(game)).seats[0].ai_controlled


async def test_a_bot_that_was_down_for_days_times_out_each_decision_once(
    host: Host, clock: FakeClock
) -> None:
    game = (await started_game(host, reminders_at=(), reminders_before=())).game_id
    clock.advance(5 * DAY)
    [late] = moves(await host.scheduler.run_due())
    assert late.seat == 0
    assert (await host.views.status(game)).deadline == clock.now() + DAY


async def test_deadlines_reminders_and_take_overs_survive_a_restart(
    hosts: OpenHost, db_path: Path, clock: FakeClock
) -> None:
    t0 = clock.now()
    first = await hosts(db_path, clock)
    game = (await started_game(first, players=2, max_timeouts=1)).game_id
    other = (await started_game(first, channel=501, players=2)).game_id
    clock.set(t0 + DAY / 2)
    assert len(await first.scheduler.run_due()) == 2  # a half-time reminder in each game
    await first.close()

    second = await hosts(db_path, clock)
    assert await second.scheduler.run_due() == []  # the reminders are not sent twice
    assert await second.scheduler.next_due() == t0 + DAY - HOUR
    clock.set(t0 + DAY)
    notes = await second.scheduler.run_due()
    assert {n.game_id for n in moves(notes)} == {game, other}
    assert [n.taken_over for n in moves(notes) if n.game_id == game] == [True]
    await second.moves.act(game, B, (await second.decisions.legal_choices(game, B))[0].notation)
    await second.close()

    third = await hosts(db_path, clock)
    assert (await third.views.status(game)).seats[0].ai_controlled
    [ai] = moves(await third.scheduler.run_due())
    assert (ai.game_id, ai.seat, ai.by) == (game, 0, "ai")
    assert (await third.views.status(game)).version == 3


async def test_a_tables_forced_decisions_are_played_automatically(
    hosts: OpenHost, new_db: NewDb, clock: FakeClock
) -> None:
    # Seed 1003 deals A the hand (2, 2): once A has passed, `play 2` is A's only legal move.
    for auto in (False, True):
        h = await hosts(new_db(str(auto)), clock, seed_source=lambda: 1003)
        game = (await started_game(h, auto_forced=auto)).game_id
        for user in (A, B, C):
            await h.moves.act(game, user, "pass")
        if not auto:
            assert await h.scheduler.due() == [] and [
                c.notation for c in await h.decisions.legal_choices(game, A)
            ] == ["play 2"]
            continue
        # Played in the move that left A without a choice, before it is announced: A is never
        # asked a decision that is then played for them, and nothing is left for the clock.
        assert await h.scheduler.due() == [] and await h.scheduler.run_due() == []
        log = await h.views.log(game, limit=10)
        forced = next(e for e in log if e.by == "auto")  # B's turn may be forced next, too
        assert (forced.version, forced.seat, forced.notation) == (4, 0, "play 2")
        [note] = [n for v, by, n in await h.outbox.notes(game, 0) if v == forced.version]
        assert "only one move" in note.lower()
        assert all(e.by == "auto" for e in log[3:])
        status = await h.views.status(game)
        assert (
            status.waiting_on
            and len(await h.decisions.legal_choices(game, status.waiting_on[0].user_id or 0)) > 1
        )


async def test_a_move_made_at_the_deadline_beats_a_later_scheduler_run(
    host: Host, clock: FakeClock
) -> None:
    game = (await started_game(host, reminders_at=(), reminders_before=())).game_id
    clock.advance(DAY)
    mine, notes = await asyncio.gather(host.moves.act(game, A, "pass", 0), host.scheduler.run_due())
    assert isinstance(mine, MoveResult) and notes == []
    assert [(e.version, e.by) for e in await host.views.log(game)] == [(1, "player")]


class GatedChooser(RandomChooser):
    """Holds its decision until released, so a test can act while a timeout move is underway."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()

    def choose(self, game: Any, heuristics: Any, state: Any, seat: int, seed: int) -> Any:
        self.entered.set()
        self.release.wait(10)
        return super().choose(game, heuristics, state, seat, seed)


async def test_a_click_during_the_timeout_move_is_stale_and_changes_nothing(
    hosts: OpenHost, db_path: Path, clock: FakeClock
) -> None:
    gate = GatedChooser()
    h = await hosts(db_path, clock, chooser=gate)
    game = (await started_game(h, reminders_at=(), reminders_before=())).game_id
    clock.advance(DAY)
    scheduler = asyncio.create_task(h.scheduler.run_due())
    await asyncio.to_thread(gate.entered.wait, 10)  # the timeout move is being decided
    click = asyncio.create_task(h.moves.act(game, A, "pass", 0))
    await asyncio.sleep(0.01)
    gate.release.set()
    notes = await scheduler
    with pytest.raises(StaleVersionError):
        await click
    assert [n.by for n in moves(notes)] == ["timeout"]
    assert [(e.version, e.by) for e in await h.views.log(game)] == [(1, "timeout")]


def window_pending(state: ToyState) -> tuple[Decision[ToyAction], ...]:
    """The toy game's decisions with rules of their own: every second decision has a
    10-minute limit, and a silent player passes when passing is legal (like a window)."""
    out = []
    for decision in TOY.pending(state):
        if decision.kind == "turn":
            (seat,) = decision.seats
            limit = 600.0 if state.turns % 2 == 1 else None
            defaults = {seat: PASS} if PASS in TOY.legal_actions(state, seat) else {}
            out.append(dataclasses.replace(decision, time_limit=limit, defaults=defaults))
        else:
            out.append(decision)
    return tuple(out)


async def test_a_games_own_time_limit_and_timeout_rule_take_precedence(
    hosts: OpenHost, db_path: Path, clock: FakeClock
) -> None:
    window_toy = dataclasses.replace(TOY, pending=window_pending)
    window = GamePlugin(window_toy, PLUGIN.presentation, PLUGIN.heuristics)
    h = await hosts(db_path, clock, games=lambda kind: window)
    t0 = clock.now()
    game = (await started_game(h, timeout_policy="ai", max_timeouts=1)).game_id
    assert (await h.views.status(game)).deadline == t0 + DAY  # the table's turn time
    await h.moves.act(game, A, "pass")
    assert (await h.views.status(game)).deadline == t0 + 600  # the rules' 10 minutes
    clock.advance(600)
    [late] = moves(await h.scheduler.run_due())
    assert (late.seat, late.notation, late.by) == (1, "pass", "timeout")
    assert "the rules apply" in late.note and not late.taken_over
    assert (await h.views.status(game)).seats[1].timeouts == 0  # not held against the player
    clock.advance(DAY)  # C's decision: table time; C's timeout passes too (the rules' default)
    [c_late] = moves(await h.scheduler.run_due())
    assert (c_late.seat, c_late.notation) == (2, "pass")
    clock.advance(600)  # A passed before, so the rule's pass is not legal: the policy decides
    [a_late] = moves(await h.scheduler.run_due())
    assert a_late.seat == 0 and a_late.notation.startswith("play") and a_late.taken_over


class BrokenForOneGame(RandomChooser):
    """An AI with a bug that only shows in one game (seat 0 holding two sixes)."""

    def choose(self, game: Any, heuristics: Any, state: Any, seat: int, seed: int) -> Any:
        if sorted(state.hands[seat]) == [6, 6]:
            raise RuntimeError("AI bug")
        return super().choose(game, heuristics, state, seat, seed)


async def test_a_game_whose_due_work_fails_does_not_stop_the_others(
    hosts: OpenHost, db_path: Path, clock: FakeClock
) -> None:
    sixes = next(seed for seed in range(2000) if sorted(TOY.new_game(seed, 2).hands[0]) == [6, 6])
    seeds = iter([sixes, 1001])
    h = await hosts(db_path, clock, chooser=BrokenForOneGame(), seed_source=lambda: next(seeds))
    opts = {"reminders_at": (), "reminders_before": ()}
    broken = (await started_game(h, channel=1, players=2, **opts)).game_id
    fine = (await started_game(h, channel=2, players=2, **opts)).game_id
    clock.advance(DAY)
    notes = moves(await h.scheduler.run_due())
    assert [n.game_id for n in notes] == [fine]
    assert (await h.views.status(broken)).version == 0  # nothing half-done
    assert await h.scheduler.next_due() == clock.now() + 300  # retried later, not in a hot loop
    assert await h.scheduler.run_due() == []
