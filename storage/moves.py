"""The one write path of a move: its event row, outbox row, snapshot, game row and seats in one
transaction, on the version the move was checked against; moves of several games that arrive
together share one commit (group commit)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from functools import partial

from storage.claims import take
from storage.dialect import Connection, Runner
from storage.ratings import record_game
from storage.rows import EVENT_COLUMNS, MoveWrite, StorageError, VersionConflictError
from storage.writes import transaction, update_seats

log = logging.getLogger(__name__)


class Moves:
    """``db.moves``: commits the moves handed to it (see the module)."""

    def __init__(self, run: Runner) -> None:
        self.run = run
        self._pending: list[tuple[MoveWrite, asyncio.Future[bool]]] = []
        self._flusher: asyncio.Future[None] | None = None

    async def commit_move(self, move: MoveWrite) -> bool:
        """Append the event, replace the snapshot, update game and seats: one transaction; the
        result: whether the move's claim (``move.claim``) was taken with it.

        Returns once the move is durable (committed with ``synchronous=FULL``). Moves of
        different games that arrive while a commit is in flight are written together in the next
        transaction (group commit, one savepoint each), so concurrent games share an fsync; a
        move that fails (e.g. :class:`VersionConflictError`) is rolled back alone.
        """
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append((move, future))
        if self._flusher is None:
            self._flusher = asyncio.ensure_future(self._flush())
        return await future

    async def settle(self) -> None:
        """Return once the moves already handed to :meth:`commit_move` are written."""
        while self._flusher is not None:
            await asyncio.shield(self._flusher)

    async def _flush(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                moves = [m for m, _ in batch]
                try:
                    outcomes = await self.run(partial(write_moves, moves=moves))
                except BaseException as e:  # the commit itself failed: nothing was written
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(e)
                    if isinstance(e, asyncio.CancelledError):
                        raise
                    continue
                for (_, future), outcome in zip(batch, outcomes, strict=True):
                    if future.done():
                        continue
                    if isinstance(outcome, Exception):
                        future.set_exception(outcome)
                    else:
                        future.set_result(outcome)
        finally:
            self._flusher = None


def write_moves(c: Connection, moves: Sequence[MoveWrite]) -> list[Exception | bool]:
    """Write a batch of moves in one transaction, each in its own savepoint: for each, the
    error that refused it, or whether its claim was taken."""
    outcomes: list[Exception | bool] = []
    refused: tuple[type[Exception], ...] = (VersionConflictError, *c.dialect.integrity_errors)
    if len(moves) == 1:  # alone, its transaction is its savepoint (two statements fewer)
        try:
            with transaction(c):
                return [write_move(c, moves[0])]
        except refused as e:
            return [_refusal(e)]
    with transaction(c):
        for move in moves:
            c.execute("SAVEPOINT move")
            try:
                took = write_move(c, move)
            except refused as e:
                c.execute("ROLLBACK TO move")
                c.execute("RELEASE move")
                outcomes.append(_refusal(e))
                continue
            c.execute("RELEASE move")
            outcomes.append(took)
    return outcomes


def _refusal(error: Exception) -> Exception:
    """A move the database refused, as the caller is told it."""
    return error if isinstance(error, VersionConflictError) else StorageError(str(error))


def write_move(c: Connection, move: MoveWrite) -> bool:
    """One move's rows (see the module); whether its claim was taken."""
    s = move.schedule
    revision = "" if move.expected_revision is None else " AND revision = ?"
    cur = c.execute(
        "UPDATE games SET version = ?, status = ?, outcome = ?, turn_started = ?, "
        "deadline = ?, reminders_done = ?, next_due = ?, updated_at = ?, revision = revision + 1 "
        f"WHERE id = ? AND version = ? AND status = 'active'{revision}",
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
            *(() if move.expected_revision is None else (move.expected_revision,)),
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
    k = move.claim
    return k is not None and take(c, k.kind, move.game_id, k.owner, k.until, k.expired_before)


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
