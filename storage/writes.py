"""The pieces every write shares: the transaction, the guard of a game's status and of its
``revision`` (several processes on one database), and the seat flags a move or a new schedule
rewrites."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence

from storage.dialect import Connection, Runner, Write
from storage.rows import SeatUpdate, VersionConflictError


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


def guarded(
    run: Runner,
    game_id: int,
    revision: int | None,
    write: Callable[[Connection], object],
    *,
    status: str | None = None,
) -> Awaitable[None]:
    """A write to a game outside a move, one hop: in one transaction, refused with
    :class:`VersionConflictError` when the game is not in ``status`` (if given) or another
    process changed it since ``revision`` (:func:`bump`; ``None``: not guarded), counted as one
    revision, then ``write(c)``."""

    def txn(c: Connection) -> None:
        with transaction(c):
            if status is not None:
                check_status(c, game_id, status)
            bump(c, game_id, revision)
            write(c)

    return run(txn)


SeatColumn = tuple[str, str]
"""A column of ``seats`` a write sets, and the SQL type its values are cast to (both backends
read ``BIGINT``, ``DOUBLE PRECISION``, ``TEXT``): a ``CASE`` whose values are all ``NULL``
would otherwise have no type on PostgreSQL."""

MOVED: tuple[SeatColumn, ...] = (
    ("ai_controlled", "BIGINT"),
    ("resigned", "BIGINT"),
    ("timeouts", "BIGINT"),
    ("waiting_since", "DOUBLE PRECISION"),
    ("token", "BIGINT"),
    ("reserve", "DOUBLE PRECISION"),
    ("away_until", "DOUBLE PRECISION"),
)
"""What a move or a new schedule rewrites of each seat."""


def seats_write(
    game_id: int, columns: Sequence[SeatColumn], values: Mapping[int, Sequence[object]]
) -> Write | None:
    """The statement that sets ``columns`` of the game's seats (seat -> its values, in the
    order of ``columns``), one however many seats (issue 43: a move's statements): each column
    a ``CASE`` over the seat (``None``: no seat)."""
    if not values:
        return None
    if len(values) == 1:
        ((seat, row),) = values.items()
        sets = ", ".join(f"{name} = ?" for name, _type in columns)
        return f"UPDATE seats SET {sets} WHERE game_id = ? AND seat = ?", (*row, game_id, seat)
    whens = " ".join("WHEN ? THEN CAST(? AS {type})" for _ in values)
    sets = ", ".join(
        f"{name} = CASE seat {whens.format(type=type_)} END" for name, type_ in columns
    )
    params: list[object] = []
    for i in range(len(columns)):
        for seat, row in values.items():
            params += (seat, row[i])
    marks = ", ".join("?" for _ in values)
    return (
        f"UPDATE seats SET {sets} WHERE game_id = ? AND seat IN ({marks})",
        (*params, game_id, *values),
    )


def set_seats(
    c: Connection,
    game_id: int,
    columns: Sequence[SeatColumn],
    values: Mapping[int, Sequence[object]],
) -> None:
    """Run :func:`seats_write`."""
    write = seats_write(game_id, columns, values)
    if write is not None:
        c.execute(*write)


def update_seats(c: Connection, game_id: int, seats: Sequence[SeatUpdate]) -> None:
    """A move's or a new schedule's seat flags, one statement."""
    set_seats(
        c,
        game_id,
        MOVED,
        {
            s.seat: (
                int(s.ai_controlled),
                int(s.resigned),
                s.timeouts,
                s.waiting_since,
                s.token,
                s.reserve,
                s.away_until,
            )
            for s in seats
        },
    )
