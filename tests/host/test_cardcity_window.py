"""Pompeji's permit window through the host, with a fake clock: the window lasts the game's
`permit_window` option, closes early when every holder declines, the first claim wins, and a
silent holder or claimant is declined by the rules (not counted as a timeout)."""

from __future__ import annotations

import pytest

from engine.core import ActionChoice, Event
from host import FakeClock, Host, MoveResult, NotYourTurnError, Reminder, StaleVersionError
from render.controls import Choose
from tests.engine.cardcity.helpers import scenario
from tests.host.helpers import USERS, started_game

A, B, C = USERS[:3]
DAY = 24 * 3600.0


def moves(notes: list[MoveResult | Reminder]) -> list[MoveResult]:
    return [n for n in notes if isinstance(n, MoveResult)]


async def public_events(host: Host, game: int) -> list[Event]:
    """The public events of the game's last move (what the channel may be told)."""
    (entry,) = await host.views.log(game, None, limit=1)
    return list(entry.events)


async def window_open(host: Host, window: int = 60) -> tuple[int, int]:
    """A 3-player game where A (seat 0) has just played: A and C hold the window, B is next."""
    variants = {"permit_window": window, "first_seat": 0}
    game = (await started_game(host, kind="cardcity", variants=variants)).game_id
    first = next(
        c for c in await host.decisions.legal_choices(game, A) if c.notation.startswith("play ")
    )
    result = await host.moves.act(game, A, first.notation)
    assert [s.user_id for s in result.next_to_act] == [A, C] and result.board
    return game, result.version


async def test_the_window_closes_after_its_time_and_the_game_goes_on(
    host: Host, clock: FakeClock
) -> None:
    game, version = await window_open(host, window=60)
    opened = clock.now()
    status = await host.views.status(game)
    assert status.deadline == opened + 60  # the option, not the table's 24 hours
    clock.advance(59)
    assert moves(await host.scheduler.run_due()) == []
    clock.advance(1)
    declined = moves(await host.scheduler.run_due())
    assert [(m.seat, m.notation, m.by) for m in declined] == [
        (0, "decline", "timeout"),
        (2, "decline", "timeout"),
    ]
    assert all("the rules apply" in m.note and not m.taken_over for m in declined)
    status = await host.views.status(game)
    assert status.version == version + 2
    assert [s.user_id for s in status.waiting_on] == [B]
    assert status.deadline == clock.now() + DAY  # B's own turn runs on the table's time
    assert [s.timeouts for s in status.seats] == [0, 0, 0]
    assert [s["permits_left"] for s in (await host.views.public_view(game))["seats"]] == [1, 1, 1]
    choices = await host.decisions.legal_choices(game, B)
    assert choices and all(c.notation.startswith(("play ", "statue ")) for c in choices)


async def test_the_first_claim_wins_and_a_later_one_changes_nothing(host: Host) -> None:
    game, version = await window_open(host)
    await host.moves.act(game, C, "claim", version)
    assert [e["type"] for e in await public_events(host, game)] == ["PermitClaimed"]
    with pytest.raises(StaleVersionError):  # A's button was drawn for the open window
        await host.moves.act(game, A, "claim", version)
    with pytest.raises(NotYourTurnError):  # typed after the window closed
        await host.moves.act(game, A, "claim")
    status = await host.views.status(game)
    assert status.version == version + 1 and [s.user_id for s in status.waiting_on] == [C]
    play = next(
        c for c in await host.decisions.legal_choices(game, C) if c.notation.startswith("play ")
    )
    done = await host.moves.act(game, C, play.notation)
    assert "PermitSpent" in [e["type"] for e in await public_events(host, game)]
    assert [s.user_id for s in done.next_to_act] == [B]  # then the player who was due


async def test_every_holder_declining_closes_the_window_at_once(
    host: Host, clock: FakeClock
) -> None:
    game, version = await window_open(host, window=14400)
    first = await host.moves.act(game, C, "decline", version)
    assert [s.user_id for s in first.next_to_act] == [A]  # still open for A
    assert not first.board  # an answer among several: the others still decide
    last = await host.moves.act(game, A, "decline")
    assert [e["type"] for e in await public_events(host, game)] == [
        "PermitDeclined",
        "WindowClosed",
    ]
    assert last.board
    status = await host.views.status(game)
    assert [s.user_id for s in status.waiting_on] == [B]
    assert status.deadline == clock.now() + DAY


async def test_c7_a_silent_claimant_has_the_permit_turn_played_for_them(
    host: Host, clock: FakeClock
) -> None:
    game, version = await window_open(host)
    await host.moves.act(game, C, "claim", version)
    assert [c.notation for c in await host.decisions.legal_choices(game, C)] != ["decline"]
    clock.advance(DAY)  # the permit turn runs on the table's time, and the table's policy plays it
    [played] = moves(await host.scheduler.run_due())
    assert (played.seat, played.by) == (2, "timeout") and played.notation.startswith("play ")
    assert "PermitSpent" in [e["type"] for e in await public_events(host, game)]
    status = await host.views.status(game)
    assert [s.user_id for s in status.waiting_on] == [B] and status.seats[2].timeouts == 1
    assert (await host.views.public_view(game))["seats"][2]["permits_left"] == 0


async def test_menus_leave_the_statues_placements_to_typing(host: Host) -> None:
    variants = {"first_seat": 0}
    game = (await started_game(host, kind="cardcity", variants=variants)).game_id
    decision = await host.decisions.decision(game, A)
    view = (await host.views.private_view(game, A)).view
    choices = [ActionChoice(c.notation, c.label) for c in decision.choices]
    controls = host.plugin("cardcity").presentation.controls(view, 0, choices)
    assert isinstance(controls, Choose)
    typed = await host.decisions.legal_choices(game, A, "statue")
    assert typed.total > 25  # a statue can go almost anywhere as almost anything
    menu = controls.options
    assert menu and all(c.notation.startswith("play ") for c in menu)
    assert controls.typed == typed.total and "/move statue" in controls.hint
    assert (await host.decisions.legal_choices(game, A)).total == len(menu) + typed.total
    assert (await host.decisions.decision(game, B)).kind is None  # nothing to decide


async def test_the_rules_default_is_named_only_for_a_pending_window_decision(host: Host) -> None:
    game, version = await window_open(host)
    assert await host.decisions.rules_default(game, A) == "decline"
    assert await host.decisions.rules_default(game, C) == "decline"
    assert await host.decisions.rules_default(game, B) is None  # next, but not asked in the window
    await host.moves.act(game, A, "decline", version)
    await host.moves.act(game, C, "decline")
    assert await host.decisions.rules_default(game, B) is None  # a normal turn: the table's policy
    assert await host.decisions.rules_default(game, A) is None  # nothing pending


async def test_an_answer_does_not_restart_the_window_for_the_others(
    host: Host, clock: FakeClock
) -> None:
    game, version = await window_open(host, window=60)
    opened = clock.now()
    clock.advance(40)
    await host.moves.act(game, C, "decline", version)
    status = await host.views.status(game)
    assert [s.user_id for s in status.waiting_on] == [A]
    assert status.deadline == opened + 60 and status.turn_started == opened
    assert status.seats[0].waiting_since == opened
    clock.advance(20)
    [late] = moves(await host.scheduler.run_due())
    assert (late.seat, late.notation, late.by) == (0, "decline", "timeout")
    assert [s.user_id for s in (await host.views.status(game)).waiting_on] == [B]


async def test_forced_moves_never_show_that_a_holder_could_not_use_the_permit(
    host: Host, clock: FakeClock
) -> None:
    variants = {"permit_window": 60, "first_seat": 0}
    game = (await started_game(host, kind="cardcity", variants=variants, auto_forced=True)).game_id
    # C has spent the statue and holds two cards that cannot go next to the start card.
    hands = [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"], ["To", "Fr"]]
    loaded = await host.store.get(game)
    loaded.moved_to(scenario({"g7": "Tr"}, hands, options=variants, statue_used=[2]), {})
    opened = (await host.moves.act(game, A, "play Fo h7")).version
    assert [e.notation for e in await host.decisions.legal_choices(game, C)] == ["decline"]
    await host.moves.act(game, A, "decline", opened)
    assert (
        moves(await host.scheduler.run_due()) == []
    )  # not declined at once for C: that would tell
    status = await host.views.status(game)
    assert [s.user_id for s in status.waiting_on] == [C] and status.deadline is not None
    clock.set(status.deadline)
    [late] = moves(await host.scheduler.run_due())
    assert (late.seat, late.notation, late.by) == (2, "decline", "timeout")
