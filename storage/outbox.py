"""What the bot delivers and to whom: the outbox (announcements in version order, their notes,
quiet moves), what was last sent privately to each player, and the channel's status message of
a simultaneous step."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from storage import claims
from storage.dialect import Connection, Runner, Write, ints, value
from storage.rows import (
    EVENT_COLUMNS,
    OUTBOX_COLUMNS,
    EventRow,
    OutboxRow,
    StepMessage,
    decode_event,
)
from storage.writes import SeatColumn, bump, seats_write, transaction

TOLD: tuple[SeatColumn, ...] = (
    ("notified_token", "BIGINT"),
    ("notified_message", "BIGINT"),
    ("notified_key", "TEXT"),
)
"""What a delivery records of each seat it told."""


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


def _mark_sent(game_id: int, sent: Sent) -> Write:
    """The statement that marks the versions sent (and keeps the board's message)."""
    if sent.board_message is None:
        return (
            "UPDATE outbox SET sent_at = ? WHERE game_id = ? AND version <= ? AND sent_at IS NULL",
            (sent.now, game_id, sent.through),
        )
    return (  # the rows marked and the board's message kept: one statement
        "UPDATE outbox SET sent_at = CASE WHEN sent_at IS NULL THEN ? ELSE sent_at END, "
        "message_id = CASE WHEN version = ? THEN ? ELSE message_id END "
        "WHERE game_id = ? AND ((version <= ? AND sent_at IS NULL) OR version = ?)",
        (sent.now, sent.through, sent.board_message, game_id, sent.through, sent.through),
    )


@dataclass(frozen=True)
class Recent:
    """A game's recent past as one read found it (:meth:`Outbox.recent`): every event and
    outbox row after version ``since`` (every row up to it was sent), the newest version whose
    board was sent, the step's status message, and the game's ``version`` and ``revision``
    then."""

    version: int
    revision: int
    since: int
    events: list[EventRow]
    rows: list[OutboxRow]
    last_board: int | None
    step: StepMessage | None


def _outbox_row(r: Any) -> OutboxRow:
    return OutboxRow(r[0], r[1], r[2], bool(r[3]), r[4], r[5], bool(r[6]))


def _step(c: Connection, game_id: int) -> StepMessage | None:
    row = c.execute(
        "SELECT game_id, key, message_id, nudged FROM step_messages WHERE game_id = ?",
        (game_id,),
    ).fetchone()
    return None if row is None else StepMessage(row[0], row[1], row[2], bool(row[3]))


def _last_board(c: Connection, game_id: int) -> int | None:
    """The newest version a sent board tells up to: a row that asked for a board, or one a
    board was posted for (its message kept: a board sent with a later move tells up to it)."""
    found = value(
        c,
        "SELECT max(version) FROM outbox WHERE game_id = ? "
        "AND (board = 1 OR message_id IS NOT NULL) AND sent_at IS NOT NULL",
        (game_id,),
    )
    return None if found is None else int(found)


class Outbox:
    """``db.outbox``: the outbox and private notices (see the module)."""

    def __init__(self, run: Runner) -> None:
        self.run = run

    async def recent(self, game_id: int, keep: int) -> Recent | None:
        """The game's recent past in one hop: at least its last ``keep`` versions, every
        version since the last board sent and every unsent one (``None``: no such game, or
        another process wrote it while it was read: every write of its events, outbox and
        step message counts one more revision)."""

        def read(c: Connection) -> Recent | None:
            game = c.execute(
                "SELECT version, revision FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if game is None:
                return None
            version, revision = int(game[0]), int(game[1])
            last = _last_board(c, game_id)  # (written after the revision, checked again below)
            first = value(
                c,
                "SELECT min(version) FROM outbox WHERE game_id = ? AND sent_at IS NULL",
                (game_id,),
            )
            since = version - keep
            if last is not None:
                since = min(since, last)
            if first is not None:
                since = min(since, int(first) - 1)
            since = max(-1, since)
            rows = c.execute(
                f"SELECT {OUTBOX_COLUMNS} FROM outbox WHERE game_id = ? AND version > ? "
                "ORDER BY version",
                (game_id, since),
            ).fetchall()
            events = c.execute(
                f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, since),
            ).fetchall()
            if value(c, "SELECT revision FROM games WHERE id = ?", (game_id,)) != revision:
                return None  # another process wrote the game meanwhile: no one picture
            return Recent(
                version,
                revision,
                since,
                [decode_event(r) for r in events],
                [_outbox_row(r) for r in rows],
                last,
                _step(c, game_id),
            )

        return await self.run(read)

    async def unsent(self, game_id: int) -> list[OutboxRow]:
        """The versions of ``game_id`` not yet announced, oldest first."""
        return await self.run(
            lambda c: [
                _outbox_row(r)
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
        the board posted for version ``through`` (kept: the history links a final board).
        Counted as one revision of the game (what a process keeps of its outbox changed)."""

        await self.record(game_id, {}, Sent(through, now, board_message))

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

        return await self.run(lambda c: _last_board(c, game_id))

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
        """What a delivery did, atomically (one transaction; on PostgreSQL one statement:
        ``Dialect.atomically``): the decision last told to each seat of ``told``, with
        ``sent`` the versions it announced (as :meth:`mark_sent`; either counted as one
        revision of the game), and with ``release`` (an owner) its ``deliver`` claim given up
        (``storage.claims``)."""

        writes: list[Write] = []
        if told or sent is not None:
            writes.append(("UPDATE games SET revision = revision + 1 WHERE id = ?", (game_id,)))
        seats = seats_write(
            game_id, TOLD, {s: (t.token, t.message_id, t.key) for s, t in told.items()}
        )
        if seats is not None:
            writes.append(seats)
        if sent is not None:
            writes.append(_mark_sent(game_id, sent))
        if release is not None:
            writes.append(claims.release_write(claims.DELIVER, game_id, release))
        await self.run(lambda c: c.dialect.atomically(c, writes))

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

        return await self.run(lambda c: _step(c, game_id))

    async def set_step_message(self, step: StepMessage | None, game_id: int) -> None:
        """Remember the status message of a step (``None``: the step is over, forget it);
        counted as one revision of the game."""

        def write(c: Connection) -> None:
            with transaction(c):
                bump(c, game_id, None)
                c.execute("DELETE FROM step_messages WHERE game_id = ?", (game_id,))
                if step is not None:
                    c.execute(
                        "INSERT INTO step_messages (game_id, key, message_id, nudged) "
                        "VALUES (?, ?, ?, ?)",
                        (game_id, step.key, step.message_id, int(step.nudged)),
                    )

        await self.run(write)
