"""What one move writes, in one transaction on the database thread: the game row (guarded by its
version), the event, the outbox row, the snapshot and the seats; and the transaction helper."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from storage.dialect import Connection, IntegrityErrors
from storage.ratings import record_game
from storage.rows import (
    EVENT_COLUMNS,
    MoveWrite,
    SeatUpdate,
    StorageError,
    VersionConflictError,
)

log = logging.getLogger(__name__)
MOVE_ERRORS: tuple[type[Exception], ...] = (VersionConflictError, *IntegrityErrors)
"""What rolls back one move of a batch alone (the others commit)."""


class transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on error) on an autocommit connection."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def __enter__(self) -> Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc_type is None:
            self.conn.execute("COMMIT")
        else:
            self.conn.execute("ROLLBACK")


def check_status(c: Connection, game_id: int, status: str) -> None:
    row = c.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None or row[0] != status:
        raise VersionConflictError(f"game {game_id} is not in status {status!r}")


def bump(c: Connection, game_id: int, expected: int | None) -> None:
    """Count a write to the game's row or seats (``games.revision``). ``expected``: the
    revision the write was computed from; another process's change since (a different
    revision) refuses it with :class:`VersionConflictError`. ``None``: not guarded (the write
    is one nobody else makes, e.g. what was last sent to a seat's player)."""
    if expected is None:
        cur = c.execute("UPDATE games SET revision = revision + 1 WHERE id = ?", (game_id,))
    else:
        cur = c.execute(
            "UPDATE games SET revision = revision + 1 WHERE id = ? AND revision = ?",
            (game_id, expected),
        )
    if cur.rowcount != 1:
        raise VersionConflictError(f"game {game_id} changed since revision {expected}")


def write_moves(c: Connection, moves: Sequence[MoveWrite]) -> list[Exception | None]:
    """Write a batch of moves in one transaction, each in its own savepoint."""
    errors: list[Exception | None] = []
    with transaction(c):
        for move in moves:
            c.execute("SAVEPOINT move")
            try:
                write_move(c, move)
            except MOVE_ERRORS as e:
                c.execute("ROLLBACK TO move")
                c.execute("RELEASE move")
                errors.append(e if isinstance(e, VersionConflictError) else StorageError(str(e)))
                continue
            c.execute("RELEASE move")
            errors.append(None)
    return errors


def write_move(c: Connection, move: MoveWrite) -> None:
    s = move.schedule
    cur = c.execute(
        "UPDATE games SET version = ?, status = ?, outcome = ?, turn_started = ?, "
        "deadline = ?, reminders_done = ?, next_due = ?, updated_at = ?, revision = revision + 1 "
        "WHERE id = ? AND version = ? AND status = 'active'",
        (
            move.event.seq,
            move.status,
            move.outcome,
            s.turn_started,
            s.deadline,
            s.reminders_done,
            s.next_due,
            move.at,
            move.game_id,
            move.expected_version,
        ),
    )
    if cur.rowcount != 1:
        raise VersionConflictError(
            f"game {move.game_id} is not active at version {move.expected_version}"
        )
    e = move.event
    c.execute(
        f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            e.game_id,
            e.seq,
            e.seat,
            e.user_id,
            e.by,
            e.action,
            e.label,
            e.events,
            e.at,
            int(e.secret),
        ),
    )
    c.execute(
        "INSERT INTO outbox (game_id, version, note, board, created_at, quiet) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (move.game_id, e.seq, move.note, int(move.board), move.at, int(move.quiet)),
    )
    c.execute(
        "UPDATE snapshots SET seq = ?, state = ? WHERE game_id = ?",
        (e.seq, move.snapshot, move.game_id),
    )
    update_seats(c, move.game_id, move.seats)
    if move.status == "finished":
        record_results(c, move.game_id)


def record_results(c: Connection, game_id: int) -> None:
    """The finished game's results and ratings, in its last move's transaction. They are derived
    data: should they fail, the move still commits (logged), and the next open of the database
    rebuilds them (``storage.ratings.needs_rebuild``)."""
    c.execute("SAVEPOINT results")
    try:
        record_game(c, game_id)
    except Exception:
        c.execute("ROLLBACK TO results")
        log.exception("game %s: its results and ratings were not recorded", game_id)
    c.execute("RELEASE results")


def update_seats(c: Connection, game_id: int, seats: Sequence[SeatUpdate]) -> None:
    c.executemany(
        "UPDATE seats SET ai_controlled = ?, resigned = ?, timeouts = ?, waiting_since = ?, "
        "token = ? WHERE game_id = ? AND seat = ?",
        [
            (
                int(s.ai_controlled),
                int(s.resigned),
                s.timeouts,
                s.waiting_since,
                s.token,
                game_id,
                s.seat,
            )
            for s in seats
        ],
    )
