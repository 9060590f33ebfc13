"""Seats that change hands (issue 46): a seat handed to another person or claimed, the flag of
a seat that looks for a player, and the record of every change (``seat_changes``, beside the
engine's event log: the engine never knows, the seat number stays)."""

from __future__ import annotations

from collections.abc import Sequence

from storage.dialect import Connection, Runner
from storage.rows import SEAT_CHANGE_COLUMNS, Schedule, SeatChange, SeatUpdate
from storage.writes import guarded, update_seats


class Seats:
    """``db.seats``: hand-overs and the seats that look for a player (see the module)."""

    def __init__(self, run: Runner) -> None:
        self.run = run

    async def hand_over(
        self,
        change: SeatChange,
        *,
        former: Sequence[int],
        seats: Sequence[SeatUpdate],
        schedule: Schedule,
        now: float,
        revision: int | None = None,
    ) -> None:
        """``change.seat`` goes to ``change.to_user`` (its AI name, flags, timeouts, standing
        order and what was last sent privately are cleared; ``former``: its earlier players),
        the seats' flags and the game's timing are rewritten, and the change is recorded (its
        ``n`` counted here), in one transaction guarded by ``revision``."""

        def write(c: Connection) -> None:
            c.execute(
                "UPDATE seats SET user_id = ?, ai = NULL, seeking = 0, former = ?, "
                "notified_token = NULL, notified_message = NULL, notified_key = NULL, "
                "window_order = 'ask' WHERE game_id = ? AND seat = ?",
                (change.to_user, " ".join(map(str, former)), change.game_id, change.seat),
            )
            update_seats(c, change.game_id, seats)
            c.execute(
                "UPDATE games SET turn_started = ?, deadline = ?, reminders_done = ?, "
                "next_due = ?, updated_at = ? WHERE id = ?",
                (*schedule.values(), now, change.game_id),
            )
            row = c.execute(
                "SELECT coalesce(max(n), 0) FROM seat_changes WHERE game_id = ?",
                (change.game_id,),
            ).fetchone()
            c.execute(
                f"INSERT INTO seat_changes ({SEAT_CHANGE_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    change.game_id,
                    int(row[0]) + 1,
                    change.version,
                    change.seat,
                    change.from_user,
                    change.from_ai,
                    change.to_user,
                    change.by_user,
                    change.how,
                    change.at,
                ),
            )

        await guarded(self.run, change.game_id, revision, write, status="active")

    async def set_seeking(
        self, game_id: int, seat: int, seeking: bool, *, revision: int | None = None
    ) -> None:
        """Whether the seat looks for a player (``revision``: as for a lobby's seats)."""
        await guarded(
            self.run,
            game_id,
            revision,
            lambda c: c.execute(
                "UPDATE seats SET seeking = ? WHERE game_id = ? AND seat = ?",
                (int(seeking), game_id, seat),
            ),
            status="active",
        )

    async def changes(self, game_id: int) -> list[SeatChange]:
        """The game's seat changes, in order."""

        def read(c: Connection) -> list[SeatChange]:
            rows = c.execute(
                f"SELECT {SEAT_CHANGE_COLUMNS} FROM seat_changes WHERE game_id = ? ORDER BY n",
                (game_id,),
            ).fetchall()
            return [SeatChange(*r) for r in rows]

        return await self.run(read)
