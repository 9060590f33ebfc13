"""When the active games have work due (AI moves, reminders, deadlines: ``games.next_due``), and
their timing rewritten without a move."""

from __future__ import annotations

from collections.abc import Sequence

from storage.dialect import Connection, Runner, ints, value
from storage.rows import Schedule, SeatUpdate
from storage.writes import guarded, update_seats


class Scheduling:
    """``db.schedule``: the timing columns of the active games (see the module)."""

    def __init__(self, run: Runner) -> None:
        self.run = run

    async def due_games(self, now: float) -> list[int]:
        """Active games with something due (AI move, reminder, deadline) at or before ``now``."""
        return await self.run(
            lambda c: ints(
                c,
                "SELECT id FROM games WHERE status = 'active' AND next_due <= ? ORDER BY next_due",
                (now,),
            )
        )

    async def next_due(self) -> float | None:
        """When the next thing is due in any active game (``None`` if nothing is scheduled)."""

        found = await self.run(
            lambda c: value(c, "SELECT min(next_due) FROM games WHERE status = 'active'")
        )
        return None if found is None else float(found)

    async def update_schedule(
        self,
        game_id: int,
        schedule: Schedule,
        seats: Sequence[SeatUpdate],
        now: float,
        *,
        revision: int | None = None,
    ) -> None:
        """Rewrite the timing columns (and seat flags) of an active game without a move
        (``revision``: as for ``db.games.replace_seats``)."""

        def write(c: Connection) -> None:
            c.execute(
                "UPDATE games SET turn_started = ?, deadline = ?, reminders_done = ?, "
                "next_due = ?, updated_at = ? WHERE id = ?",
                (*schedule.values(), now, game_id),
            )
            update_seats(c, game_id, seats)

        await guarded(self.run, game_id, revision, write)

    async def postpone(self, game_id: int, when: float | None) -> None:
        """Move an active game's ``next_due`` to ``when`` (after its due work failed; ``None``:
        nothing more is scheduled for it, e.g. its stored state cannot be read)."""

        await guarded(
            self.run,
            game_id,
            None,
            lambda c: c.execute(
                "UPDATE games SET next_due = ? WHERE id = ? AND status = 'active'",
                (when, game_id),
            ),
        )
