"""What the bot delivers and to whom: the outbox (announcements in version order, their notes,
quiet moves), what was last sent privately to each player, and the channel's status message of
a simultaneous step."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from storage import claims
from storage.dialect import Connection, Runner, ints, value
from storage.rows import OUTBOX_COLUMNS, OutboxRow, StepMessage
from storage.writes import bump, transaction


@dataclass(frozen=True)
class Told:
    """The decision last told privately to a seat's player (its token and key), and the DM
    that carried it (``None``: a private reply, or nothing)."""

    token: int | None
    message_id: int | None
    key: str | None


@dataclass(frozen=True)
class Sent:
    """The versions up to ``through`` announced at ``now`` (``board_message``: the board
    posted for ``through``)."""

    through: int
    now: float
    board_message: int | None = None


def _mark_sent(c: Connection, game_id: int, sent: Sent) -> None:
    c.execute(
        "UPDATE outbox SET sent_at = ? WHERE game_id = ? AND version <= ? AND sent_at IS NULL",
        (sent.now, game_id, sent.through),
    )
    if sent.board_message is not None:
        c.execute(
            "UPDATE outbox SET message_id = ? WHERE game_id = ? AND version = ?",
            (sent.board_message, game_id, sent.through),
        )


class Outbox:
    """``db.outbox``: the outbox and private notices (see the module)."""

    def __init__(self, run: Runner) -> None:
        self.run = run

    async def unsent(self, game_id: int) -> list[OutboxRow]:
        """The versions of ``game_id`` not yet announced, oldest first."""
        return await self.run(
            lambda c: [
                OutboxRow(r[0], r[1], r[2], bool(r[3]), r[4], r[5], bool(r[6]))
                for r in c.execute(
                    f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE game_id = ? AND sent_at IS NULL "
                    "ORDER BY version",
                    (game_id,),
                ).fetchall()
            ]
        )

    async def games_with_unsent(self) -> list[int]:
        """Every game with an announcement still to send (after a restart), oldest first."""
        return await self.run(
            lambda c: ints(
                c,
                "SELECT game_id FROM outbox WHERE sent_at IS NULL "
                "GROUP BY game_id ORDER BY min(created_at)",
            )
        )

    async def mark_sent(
        self, game_id: int, through: int, now: float, board_message: int | None = None
    ) -> None:
        """Mark every unsent version of ``game_id`` up to ``through`` sent; ``board_message``:
        the board posted for version ``through`` (kept: the history links a final board)."""

        def write(c: Connection) -> None:
            with transaction(c):
                _mark_sent(c, game_id, Sent(through, now, board_message))

        await self.run(write)

    async def notes(self, game_id: int, after: int) -> list[tuple[int, str, str]]:
        """``(version, by, note)`` of the moves after version ``after``, oldest first (moves
        without a note left out)."""
        return await self.run(
            lambda c: [
                (int(r[0]), str(r[1]), str(r[2]))
                for r in c.execute(
                    "SELECT o.version, e.by, o.note FROM outbox o JOIN events e "
                    "ON e.game_id = o.game_id AND e.seq = o.version "
                    "WHERE o.game_id = ? AND o.version > ? AND o.note <> '' ORDER BY o.version",
                    (game_id, after),
                ).fetchall()
            ]
        )

    async def last_board(self, game_id: int) -> int | None:
        """The newest version a board sent to the channel told, if any: a version that asked
        for a board, or the one a board was posted for (``message_id``: a board sent with the
        moves after the one that asked for it, which it told too)."""

        found = await self.run(
            lambda c: value(
                c,
                "SELECT max(version) FROM outbox WHERE game_id = ? "
                "AND (board = 1 OR message_id IS NOT NULL) AND sent_at IS NOT NULL",
                (game_id,),
            )
        )
        return None if found is None else int(found)

    async def set_notified(
        self,
        game_id: int,
        seat: int,
        token: int | None,
        message_id: int | None,
        key: str | None = None,
    ) -> None:
        """Record the decision (``token``, its ``key``) last sent privately to a seat's player
        and where."""
        await self.record(game_id, {seat: Told(token, message_id, key)}, None)

    async def record(
        self,
        game_id: int,
        told: Mapping[int, Told],
        sent: Sent | None,
        *,
        release: str | None = None,
    ) -> None:
        """What a delivery did, in one transaction: the decision last told to each seat of
        ``told`` (counted as one revision of the game), with ``sent`` the versions it
        announced (as :meth:`mark_sent`), and with ``release`` (an owner) its ``deliver``
        claim given up (``storage.claims``)."""

        def write(c: Connection) -> None:
            with transaction(c):
                if told:
                    bump(c, game_id, None)
                    c.executemany(
                        "UPDATE seats SET notified_token = ?, notified_message = ?, "
                        "notified_key = ? WHERE game_id = ? AND seat = ?",
                        [(t.token, t.message_id, t.key, game_id, s) for s, t in told.items()],
                    )
                if sent is not None:
                    _mark_sent(c, game_id, sent)
                if release is not None:
                    claims.release(c, claims.DELIVER, game_id, release)

        await self.run(write)

    async def quiet_versions(self, game_id: int, after: int) -> set[int]:
        """The versions after ``after`` whose moves nobody tells (standing orders' answers)."""
        return await self.run(
            lambda c: set(
                ints(
                    c,
                    "SELECT version FROM outbox WHERE game_id = ? AND version > ? AND quiet = 1",
                    (game_id, after),
                )
            )
        )

    async def step_message(self, game_id: int) -> StepMessage | None:
        """The channel's status message of the game's simultaneous step, if one was posted."""

        def read(c: Connection) -> StepMessage | None:
            row = c.execute(
                "SELECT game_id, key, message_id, nudged FROM step_messages WHERE game_id = ?",
                (game_id,),
            ).fetchone()
            return None if row is None else StepMessage(row[0], row[1], row[2], bool(row[3]))

        return await self.run(read)

    async def set_step_message(self, step: StepMessage | None, game_id: int) -> None:
        """Remember the status message of a step (``None``: the step is over, forget it)."""

        def write(c: Connection) -> None:
            with transaction(c):
                c.execute("DELETE FROM step_messages WHERE game_id = ?", (game_id,))
                if step is not None:
                    c.execute(
                        "INSERT INTO step_messages (game_id, key, message_id, nudged) "
                        "VALUES (?, ?, ?, ?)",
                        (game_id, step.key, step.message_id, int(step.nudged)),
                    )

        await self.run(write)
