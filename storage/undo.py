"""Undo (issue 46): how the event log records a move taken back, and the table's open votes.

The log is append-only. Taking moves back appends a row like a move's, whose action is
``↩ <seq>``: it takes back every move from ``seq`` on that was not taken back already. A game
is its seed and its moves *not taken back* (:func:`live`): replaying those gives its state.
A request to the table (``undo_requests``, migration 0013) is the one open question per game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from storage.dialect import Connection, Runner
from storage.writes import transaction

MARK = "↩"
"""The action of an undo row starts with it; no game's notation does."""


def notation(back_to: int) -> str:
    """An undo row's action: take back the moves from ``back_to`` on."""
    return f"{MARK} {back_to}"


def back_to(action: str) -> int | None:
    """The first move an undo row's action takes back; ``None`` for a move's action."""
    if not action.startswith(MARK):
        return None
    number = action[len(MARK) :].strip()
    return int(number) if number.isascii() and number.isdigit() else None


class Logged(Protocol):
    @property
    def seq(self) -> int: ...

    @property
    def action(self) -> str: ...


R = TypeVar("R", bound=Logged)


def live(rows: Sequence[R]) -> list[R]:
    """The moves of a log (rows in order) that stand: undo rows and the moves they took back
    left out. Replaying these from the seed gives the game's state."""
    out: list[R] = []
    for row in rows:
        first = back_to(row.action)
        if first is None:
            out.append(row)
        else:
            while out and out[-1].seq >= first:
                out.pop()
    return out


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """A player's open request to the table (see the module)."""

    game_id: int
    version: int
    seat: int
    back_to: int
    asked_at: float
    expires_at: float
    agreed: tuple[int, ...] = ()
    message_id: int | None = None


_COLUMNS = "game_id, version, seat, back_to, asked_at, expires_at, agreed, message_id"


def _decode(row: Sequence[object]) -> UndoRequest:
    game_id, version, seat, first, asked, expires, agreed, message = row
    seats = tuple(int(s) for s in str(agreed).split(",") if s)
    return UndoRequest(
        int(str(game_id)),
        int(str(version)),
        int(str(seat)),
        int(str(first)),
        float(str(asked)),
        float(str(expires)),
        seats,
        None if message is None else int(str(message)),
    )


class UndoRequests:
    """``db.undos``: the open request of each game (at most one)."""

    def __init__(self, run: Runner) -> None:
        self.run = run

    async def get(self, game_id: int) -> UndoRequest | None:
        def read(c: Connection) -> UndoRequest | None:
            row = c.execute(
                f"SELECT {_COLUMNS} FROM undo_requests WHERE game_id = ?", (game_id,)
            ).fetchone()
            return None if row is None else _decode(row)

        return await self.run(read)

    async def every(self) -> list[UndoRequest]:
        """Every open request (read at start, to close each when it lapses)."""

        def read(c: Connection) -> list[UndoRequest]:
            rows = c.execute(f"SELECT {_COLUMNS} FROM undo_requests ORDER BY game_id").fetchall()
            return [_decode(row) for row in rows]

        return await self.run(read)

    async def put(self, request: UndoRequest) -> None:
        """Open ``request``, replacing the game's earlier one (which was over)."""
        r = request
        values = (r.game_id, r.version, r.seat, r.back_to, r.asked_at, r.expires_at)
        row = (*values, ",".join(map(str, r.agreed)), r.message_id)
        await self._write(
            ("DELETE FROM undo_requests WHERE game_id = ?", (r.game_id,)),
            (f"INSERT INTO undo_requests ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row),
        )

    async def agree(self, game_id: int, version: int, agreed: tuple[int, ...]) -> bool:
        """Record the seats that agreed so far; ``False`` when the request is gone or for
        another version (answered or replaced meanwhile)."""
        sql = "UPDATE undo_requests SET agreed = ? WHERE game_id = ? AND version = ?"
        return await self._write((sql, (",".join(map(str, agreed)), game_id, version)))

    async def posted(self, game_id: int, version: int, message_id: int) -> None:
        """The vote's message in the channel."""
        sql = "UPDATE undo_requests SET message_id = ? WHERE game_id = ? AND version = ?"
        await self._write((sql, (message_id, game_id, version)))

    async def drop(self, game_id: int, version: int | None = None) -> None:
        """The request is over (agreed, refused, run out or the game moved on); ``version``:
        only the request asked at that version."""
        if version is None:
            await self._write(("DELETE FROM undo_requests WHERE game_id = ?", (game_id,)))
        else:
            sql = "DELETE FROM undo_requests WHERE game_id = ? AND version = ?"
            await self._write((sql, (game_id, version)))

    async def _write(self, *statements: tuple[str, Sequence[object]]) -> bool:
        """The statements in one transaction; whether the last one changed a row."""

        def write(c: Connection) -> bool:
            with transaction(c):
                changed = 0
                for sql, params in statements:
                    changed = c.execute(sql, tuple(params)).rowcount
            return changed == 1

        return await self.run(write)
