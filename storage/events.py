"""The event log's reads: a game's moves in order (a move appends its event in its own write,
:mod:`storage.moves`; the log is append-only)."""

from __future__ import annotations

from storage.dialect import Connection, Runner
from storage.rows import EVENT_COLUMNS, EventRow, decode_event


class Events:
    """``db.events``: the ``events`` rows of a game (see the module)."""

    def __init__(self, run: Runner) -> None:
        self.run = run

    async def events(
        self, game_id: int, *, after: int = 0, limit: int | None = None, newest: bool = False
    ) -> list[EventRow]:
        """Events with ``seq > after`` in order; ``newest`` keeps the last ``limit`` of them."""

        def read(c: Connection) -> list[EventRow]:
            if newest and limit is not None:
                rows = c.execute(
                    f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq > ? "
                    "ORDER BY seq DESC LIMIT ?",
                    (game_id, after, limit),
                ).fetchall()
                rows.reverse()
            else:
                sql = (
                    f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq > ? ORDER BY seq"
                )
                rows = (
                    c.execute(sql, (game_id, after))
                    if limit is None
                    else c.execute(sql + " LIMIT ?", (game_id, after, limit))
                ).fetchall()
            return [decode_event(r) for r in rows]

        return await self.run(read)
