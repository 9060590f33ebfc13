"""Ratings and statistics (docs/ratings.md): who is rated for what, computed as openskill's
Plackett–Luce model computes it by hand here, kept apart per server."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from host import FakeClock, Host, TableOptions
from storage.ratings import SeatResult, rate, results_of
from tests.host.conftest import OpenHost
from tests.host.helpers import GUILD, USERS, connect

A, B, C = USERS[:3]
PL = PlackettLuce()


async def play_to_end(host: Host, game_id: int, winner: int | None = None) -> None:
    """Play the toy to its end: ``winner`` plays its highest card, the others pass when they
    may (else play their lowest); AI seats move through the scheduler."""
    for _ in range(200):
        status = await host.views.status(game_id)
        if status.status != "active":
            return
        seat = status.waiting_on[0]
        if seat.user_id is None or seat.ai_controlled:
            await host.scheduler.run_due(ai_moves_per_game=1)
            continue
        choices = [c.notation for c in await host.decisions.legal_choices(game_id, seat.user_id)]
        plays = sorted((c for c in choices if c.startswith("play")), key=lambda c: c.split()[1])
        if seat.user_id == winner and plays:
            action = plays[-1]
        elif "pass" in choices:
            action = "pass"
        else:
            action = plays[0] if plays else choices[0]
        await host.moves.act(game_id, seat.user_id, action)
    raise AssertionError("the game did not end")


async def finished(
    host: Host, users: tuple[int, ...], channel: int, winner: int | None = None, **opts: Any
) -> Any:
    opts.setdefault("seat_order", "joined")
    status = await host.tables.create_game(
        opts.pop("guild", GUILD),
        channel,
        users[0],
        TableOptions(
            kind="toy", players=opts.pop("players", len(users)), variants={"target": 5}, **opts
        ),
    )
    for u in users[1:]:
        await host.tables.join(status.game_id, u, guild_id=status.guild_id)
    if (await host.views.status(status.game_id)).status == "lobby":
        await host.tables.start(status.game_id, users[0])
    await play_to_end(host, status.game_id, winner)
    return await host.views.status(status.game_id)


def expected(before: dict[str, Any], players: list[str], places: list[int]) -> dict[str, Any]:
    """openskill by hand: one team per seat, ranked by place."""
    teams = [[before.get(p) or PL.rating()] for p in players]
    out = PL.rate(teams, ranks=[float(x) for x in places])
    return {p: t[0] for p, t in zip(players, out, strict=True)}


async def test_two_games_rate_their_players_as_openskill_does(host: Host) -> None:
    first = await finished(host, (A, B), 500, winner=A)
    assert first.outcome is not None and first.outcome.winners == {0}
    second = await finished(host, (A, B, C), 501, winner=C)
    assert second.outcome is not None
    after1 = expected({}, [str(A), str(B)], list(first.outcome.places))
    after2 = expected(after1, [str(A), str(B), str(C)], list(second.outcome.places))
    for user in (A, B, C):
        (stats,) = (await host.records.stats(GUILD, user)).kinds
        assert stats.rating is not None
        assert stats.rating.mu == pytest.approx(after2[str(user)].mu, abs=1e-9)
        assert stats.rating.sigma == pytest.approx(after2[str(user)].sigma, abs=1e-9)
        assert stats.played == (1 if user == C else 2)
    a = (await host.records.stats(GUILD, A)).kinds[0]
    assert a.won >= 1 and a.best_place == 1 and len(a.history) == 2
    assert a.history[0] == pytest.approx(after1[str(A)].ordinal(), abs=1e-9)


async def test_results_in_one_server_never_show_in_another(host: Host) -> None:
    await finished(host, (A, B), 500, winner=A)
    await finished(host, (A, C), 501, winner=C, guild=GUILD + 1)
    here, there = await host.records.stats(GUILD, A), await host.records.stats(GUILD + 1, A)
    assert here.played == 1 and there.played == 1
    assert here.kinds[0].won == 1 and there.kinds[0].won == 0
    assert (await host.records.stats(GUILD, C)).kinds == ()
    board = await host.records.leaderboard(GUILD + 1, "toy")
    shown = {s.player.user_id for s in board.ranked + board.newcomers}
    assert shown == {A, C}  # B played only in the other server
    assert [g.game_id for g in await host.records.history(GUILD)] == [1]


async def test_a_solo_game_is_a_record_not_a_rating(host: Host) -> None:
    solo = await finished(host, (A,), 500, winner=A, players=1)
    assert solo.outcome is not None and solo.outcome.kind == "solo"
    (stats,) = (await host.records.stats(GUILD, A)).kinds
    assert stats.rating is None and stats.history == () and stats.played == 1
    assert stats.records[0].title == solo.outcome.title == "Champion"
    board = await host.records.leaderboard(GUILD, "toy")
    assert board.ranked == () and board.newcomers == ()


async def test_a_cancelled_game_is_never_rated(host: Host) -> None:
    status = await host.tables.create_game(GUILD, 500, A, TableOptions(kind="toy", players=2))
    await host.tables.join(status.game_id, B)
    await host.tables.start(status.game_id, A)
    await host.moves.act(status.game_id, A, "pass")
    await host.tables.cancel(status.game_id, A)
    assert (await host.records.stats(GUILD, A)).kinds == ()
    assert await host.records.history(GUILD) == []


async def test_ai_seats_are_rated_as_their_level(host: Host) -> None:
    game = await finished(host, (A,), 500, winner=A, players=3, ai_seats=2, ai_level="hard")
    assert game.outcome is not None
    assert [s.ai for s in game.seats[1:]] == ["AI 1 (hard)", "AI 2 (hard)"]
    hard = await host.records.stats(GUILD, "AI hard")
    (kind,) = hard.kinds
    assert kind.played == 2 and kind.rating is not None and kind.rating.games == 1
    # Both seats rated from the level's rating before the game; the level keeps their mean.
    out = expected({}, [str(A), "AI 1", "AI 2"], list(game.outcome.places))
    assert kind.rating.mu == pytest.approx((out["AI 1"].mu + out["AI 2"].mu) / 2, abs=1e-9)
    board = await host.records.leaderboard(GUILD, "toy")
    assert {s.player.name for s in board.newcomers} == {str(A), "AI hard"}


async def test_a_resigned_player_takes_last_place(host: Host) -> None:
    status = await host.tables.create_game(
        GUILD,
        500,
        A,
        TableOptions(kind="toy", players=3, seat_order="joined", variants={"target": 5}),
    )
    for u in (B, C):
        await host.tables.join(status.game_id, u)
    await host.tables.start(status.game_id, A)
    await host.tables.resign(status.game_id, A)  # the AI plays A's seat out
    await play_to_end(host, status.game_id, winner=B)
    end = await host.views.status(status.game_id)
    assert end.status == "finished" and end.seats[0].resigned
    a = (await host.records.stats(GUILD, A)).kinds[0]
    assert a.best_place == 3 and a.won == 0  # whatever the AI made of the seat
    places = {u: (await host.records.stats(GUILD, u)).kinds[0].best_place for u in (B, C)}
    assert set(places.values()) <= {1, 2}


def test_the_rules_of_each_outcome() -> None:
    seats = [(0, A, None, False), (1, None, "AI 1 (easy)", False), (2, B, None, False)]
    lose = results_of({"kind": "all_lose", "places": [1, 1, 1], "winners": []}, seats)
    assert [(r.place, r.won, r.rated) for r in lose] == [(None, False, False)] * 3
    win = results_of({"kind": "shared_win", "places": [1, 1, 1], "winners": [0, 1, 2]}, seats)
    assert [(r.won, r.rated) for r in win] == [(True, False)] * 3
    ranked = results_of({"kind": "ranking", "places": [2, 1, 2], "winners": [1]}, seats)
    assert [(r.player, r.place, r.won) for r in ranked] == [
        (str(A), 2, False),
        ("AI easy", 1, True),
        (str(B), 2, False),
    ]
    # A seat an AI took over after timeouts keeps its result; a resigned one is last.
    taken = [(0, A, None, False), (1, B, None, True), (2, C, None, False)]
    out = results_of({"kind": "ranking", "places": [2, 1, 3], "winners": [1]}, taken)
    assert [(r.place, r.won) for r in out] == [(1, True), (3, False), (2, False)]
    solo = results_of(
        {
            "kind": "solo",
            "places": [1],
            "winners": [0],
            "title": "Aedile",
            "scores": [{"round": 6}],
        },
        [(0, A, None, False)],
    )
    assert solo == [SeatResult(0, str(A), 1, True, False, "Aedile", 6)]
    assert rate({}, lose) == {}


async def test_a_game_that_ends_out_of_order_recomputes_its_kind(
    hosts: OpenHost, db_path: Path, clock: FakeClock
) -> None:
    """Games rated in the order they end: one whose last move is dated before an already
    rated game's (a clock set back) is put in its place, so a rebuild gives the same."""
    host = await hosts(db_path, clock)
    clock.advance(1000)
    await finished(host, (A, B), 500, winner=A)
    clock.set(clock.now() - 500)
    await finished(host, (A, B), 501, winner=B)
    live = _ratings(db_path)
    from storage.ratings import rebuild

    conn = connect(db_path)
    rebuild(conn)
    conn.close()
    assert _ratings(db_path) == live


def _ratings(path: Path | str) -> list[tuple[Any, ...]]:
    conn = connect(path)
    rows = conn.execute("SELECT * FROM ratings ORDER BY guild_id, kind, player").fetchall()
    rows += conn.execute("SELECT * FROM results ORDER BY game_id, seat").fetchall()
    conn.close()
    return rows


async def test_a_seat_an_ai_took_over_keeps_the_players_result(
    host: Host, clock: FakeClock
) -> None:
    status = await host.tables.create_game(
        GUILD,
        500,
        A,
        TableOptions(
            kind="toy", players=2, seat_order="joined", max_timeouts=1, variants={"target": 5}
        ),
    )
    await host.tables.join(status.game_id, B)
    await host.tables.start(status.game_id, A)
    clock.advance(2 * 24 * 3600)  # A (first to move) times out once: the AI takes the seat
    await host.scheduler.run_due()
    assert (await host.views.status(status.game_id)).seats[0].ai_controlled
    await play_to_end(host, status.game_id, winner=B)
    end = await host.views.status(status.game_id)
    assert end.outcome is not None and end.seats[0].ai_controlled and not end.seats[0].resigned
    a = (await host.records.stats(GUILD, A)).kinds[0]
    assert a.rating is not None and a.played == 1  # rated as A, not as an AI level
    assert a.best_place == end.outcome.places[0]
    assert (await host.records.stats(GUILD, "AI normal")).kinds == ()


def _everyone_loses(kind: str) -> Any:
    """The toy, except that a game of several ends with everybody losing together."""
    from engine.core import Outcome
    from plugins import GamePlugin
    from tests.toy import PLUGIN, TOY, games

    def outcome(state: Any) -> Outcome | None:
        out = TOY.outcome(state)
        if out is None or out.kind == "solo":
            return out
        n = len(out.places)
        return Outcome(places=(1,) * n, winners=frozenset(), scores=out.scores, kind="all_lose")

    lose = GamePlugin(
        dataclasses.replace(TOY, outcome=outcome), PLUGIN.presentation, PLUGIN.heuristics
    )
    return lose if kind == "toy" else games(kind)


async def test_when_everyone_loses_the_game_counts_but_rates_nobody(
    hosts: OpenHost, db_path: Path, clock: FakeClock
) -> None:
    host = await hosts(db_path, clock, games=_everyone_loses)
    end = await finished(host, (A, B, C), 500, winner=A)
    assert end.outcome is not None and end.outcome.kind == "all_lose"
    for user in (A, B, C):
        (k,) = (await host.records.stats(GUILD, user)).kinds
        assert (k.played, k.won, k.rating, k.average_place) == (1, 0, None, None)
    board = await host.records.leaderboard(GUILD, "toy")
    assert board.ranked == () and board.newcomers == ()
    (game,) = await host.records.history(GUILD)
    assert game.outcome == "all_lose" and [p.user_id for p, _, _ in game.seats] == [A, B, C]
