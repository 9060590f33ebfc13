"""``host.hints`` and the learners' ratings (issue 47, item 3): who may ask, where the hint is
computed, how it is counted, and whose results the ratings leave out."""

from __future__ import annotations

from typing import Any

import pytest

from host import Host, TableOptions
from host.hints import HintsOffError, hint_in_worker
from storage.ratings import rebuild, results_of
from tests.host.helpers import GUILD, USERS
from tests.host.test_ratings import expected, play_to_end

A, B, C = USERS[:3]


async def table(host: Host, learner: int | None = None, **options: Any) -> int:
    """A toy table of A, B and C (joined in that order, ``learner`` to learn), started."""
    status = await host.tables.create_game(
        GUILD,
        500,
        A,
        TableOptions(kind="toy", players=3, seat_order="joined", variants={"target": 5}, **options),
    )
    for user in (B, C):
        await host.tables.join(status.game_id, user, learning=user == learner)
    await host.tables.start(status.game_id, A)
    return status.game_id


async def waited(host: Host, game_id: int) -> int:
    user = (await host.views.status(game_id)).waiting_on[0].user_id
    assert user is not None
    return user


async def test_only_a_learner_may_ask_at_a_rated_table_and_it_runs_in_the_ai_runner(
    host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await table(host, learner=C)
    ran: list[Any] = []
    original = host.ai.run

    async def spy(function: Any, *args: Any) -> Any:
        ran.append(function)
        return await original(function, *args)

    monkeypatch.setattr(host.ai, "run", spy)
    with pytest.raises(HintsOffError, match="Hints are off in a rated game"):
        await host.hints.hint(game_id, A)  # refused before asking whose turn it is
    status = await host.views.status(game_id)
    assert [s.learning for s in status.seats] == [False, False, True]
    for _ in range(20):  # until the learner has a decision
        user = await waited(host, game_id)
        if user == C:
            break
        legal = [c.notation for c in await host.decisions.legal_choices(game_id, user)]
        await host.moves.act(game_id, user, "pass" if "pass" in legal else legal[0])
    given = await host.hints.hint(game_id, C)
    again = await host.hints.hint(game_id, C)
    assert ran == [hint_in_worker, hint_in_worker]  # never on the event loop
    assert (given.used, again.used) == (1, 1)  # once per decision
    legal = [c.notation for c in await host.decisions.legal_choices(game_id, C)]
    assert given.notation in legal and given == again
    host.store.forget(game_id)  # read again from the database: still counted
    seat = (await host.views.status(game_id)).seat_of(C)
    assert seat is not None and seat.learning and seat.hints == 1


async def test_a_learners_result_is_not_rated_and_a_rebuild_agrees(host: Host) -> None:
    game_id = await table(host, learner=C)
    await play_to_end(host, game_id, winner=C)
    end = await host.views.status(game_id)
    assert end.outcome is not None
    places = list(end.outcome.places)
    out = expected({}, [str(A), str(B)], places[:2])  # A and B rated between themselves
    for user in (A, B):
        rating = (await host.records.stats(GUILD, user)).kinds[0].rating
        assert rating is not None and rating.mu == pytest.approx(out[str(user)].mu, abs=1e-9)
    c = (await host.records.stats(GUILD, C)).kinds[0]
    assert c.played == 1 and c.won == 1 and c.rating is None  # counted, never rated

    def rows(conn: Any) -> list[Any]:
        return conn.execute("SELECT * FROM ratings ORDER BY player").fetchall()

    live = await host.db.run(rows)
    await host.db.run(rebuild)
    assert await host.db.run(rows) == live


async def test_an_unrated_table_rates_nobody_and_gives_everyone_hints(host: Host) -> None:
    game_id = await table(host, rated=False)
    user = await waited(host, game_id)
    assert (await host.hints.hint(game_id, user)).used == 1
    await play_to_end(host, game_id)
    for u in (A, B, C):
        kind = (await host.records.stats(GUILD, u)).kinds[0]
        assert kind.played == 1 and kind.rating is None
    assert await host.db.run(lambda c: c.execute("SELECT count(*) FROM ratings").fetchone()[0]) == 0


def test_fewer_than_two_rated_seats_rate_nobody() -> None:
    seats = [(0, A, None, False), (1, B, None, False)]
    ranking = {"kind": "ranking", "places": [1, 2], "winners": [0]}
    assert [r.rated for r in results_of(ranking, seats, unrated={1})] == [False, False]
    three = [*seats, (2, None, "AI 1 (hard)", False)]
    ranking3 = {"kind": "ranking", "places": [1, 2, 3], "winners": [0]}
    out = results_of(ranking3, three, unrated={1})
    assert [(r.place, r.rated) for r in out] == [(1, True), (2, False), (3, True)]
