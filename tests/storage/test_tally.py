"""What a move costs the database (issue 43): counted where statements reach the connection
(``storage.tally``), the same way on SQLite and PostgreSQL."""

from __future__ import annotations

from host import Host
from storage.tally import Tally
from tests.host.helpers import started_game, waited_user

MOVE_STATEMENTS = 12
"""The floor issue 43 sets for a whole move on PostgreSQL; the host's part is within it."""


async def test_a_move_is_one_transaction_with_one_commit(host: Host) -> None:
    game = (await started_game(host)).game_id
    for _ in range(6):
        user = await waited_user(host, game)
        legal = await host.decisions.legal_choices(game, user)
        before = host.db.tally.mark()
        await host.moves.act(game, user, legal[0].notation)
        cost = host.db.tally.since(before)
        assert cost.commits == 1, cost
        assert 1 < cost.statements <= MOVE_STATEMENTS, cost


def test_a_write_outside_a_transaction_commits_and_a_rollback_does_not() -> None:
    tally = Tally()
    for sql in ("SELECT 1", "UPDATE games SET version = 1", "BEGIN IMMEDIATE", "INSERT INTO x"):
        tally.saw(sql)
    tally.saw("-- TRIGGER events_append_only")  # SQLite's trace of a trigger: no statement
    tally.saw("ROLLBACK")
    assert (tally.statements, tally.commits) == (5, 1)
    tally.saw("begin")
    tally.saw("update seats set token = 2")
    tally.saw("commit")
    assert (tally.statements, tally.commits) == (8, 2)
