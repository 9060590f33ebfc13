"""The rows of the game database as Python values: games, seats, events, the outbox, what one
move writes, and the storage errors. Plain frozen dataclasses; no I/O.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

GAME_COLUMNS = (
    "id, kind, guild_id, channel_id, creator_id, status, options, seed, players, version, "
    "turn_started, deadline, reminders_done, next_due, outcome, created_at, updated_at, revision"
)
SEAT_COLUMNS = (
    "game_id, seat, user_id, ai, ai_controlled, resigned, timeouts, waiting_since, joined_at, "
    "token, notified_token, notified_message, window_order, notified_key, reserve, away_until, "
    "seeking, former"
)
SEAT_CHANGE_COLUMNS = "game_id, n, version, seat, from_user, from_ai, to_user, by_user, how, at"
EVENT_COLUMNS = "game_id, seq, seat, user_id, by, action, label, events, at, secret"
OUTBOX_COLUMNS = "game_id, version, note, board, created_at, sent_at, quiet"
OPEN_STATUSES = ("lobby", "active")


class StorageError(Exception):
    """The database refused a write (a constraint the caller should have checked)."""


class DatabaseOpenError(StorageError):
    """The database file cannot be used; ``str()`` is one sentence for the operator that names
    the file, says what is wrong and what to do."""


class MigrationError(StorageError):
    """Upgrading the schema failed; the upgrade was rolled back (the data is as it was)."""

    def __init__(self, version: int, cause: BaseException) -> None:
        text = " ".join(str(cause).split())
        super().__init__(
            f"upgrading the database to schema version {version} failed "
            f"({type(cause).__name__}: {text})"
        )


class ChannelTakenError(StorageError):
    """Another game is already open (lobby or active) in the channel."""


class VersionConflictError(StorageError):
    """The game's stored version is not the one the write was computed from."""


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    kind: str
    guild_id: int
    channel_id: int
    creator_id: int
    status: str
    options: bytes
    seed: int
    players: int
    version: int
    turn_started: float | None
    deadline: float | None
    reminders_done: int
    next_due: float | None
    outcome: bytes | None
    created_at: float
    updated_at: float
    revision: int = 0
    """Counts every write to the game's row or seats (migration 0008): what a process compares
    its decoded copy with before using it."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: int
    seat: int
    user_id: int | None
    ai: str | None
    ai_controlled: bool
    resigned: bool
    timeouts: int
    waiting_since: float | None
    joined_at: float
    token: int = 0
    """The version at which this seat's decision last changed (its buttons carry it)."""
    notified_token: int | None = None
    """The token of the decision last sent to the player privately (``None``: none yet; kept
    once it is over)."""
    notified_message: int | None = None
    """The private message (DM) that carried it, so it can be edited in place."""
    window_order: str = "ask"
    """The player's standing order for optional windows: ``ask``, ``never`` or
    ``after:<seat>`` (answered for them unless the window follows that seat's turn)."""
    notified_key: str | None = None
    """The key of that decision while its message is open (the same while it goes on: the
    message is edited in place); ``None`` once it is over."""
    reserve: float | None = None
    """Seconds of the table's time bank reserve this seat has left (``None``: all of it)."""
    away_until: float | None = None
    """The seat's player is away until then (``/game away``): its deadlines wait."""
    seeking: bool = False
    """The table looks for a player to take this seat over (migration 0012)."""
    former: tuple[int, ...] = ()
    """The seat's earlier players, oldest first (it was handed over or claimed)."""


@dataclass(frozen=True, slots=True)
class EventRow:
    game_id: int
    seq: int
    seat: int
    user_id: int | None
    by: str
    action: str
    label: str
    events: bytes
    at: float
    secret: bool = False
    """The action is hidden from the other players (they see only its events' public form)."""


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """What one committed version must announce: ``board`` when the channel gets the board
    (with the words of every move since the last one); ``sent_at`` is ``None`` until sent."""

    game_id: int
    version: int
    note: str
    board: bool
    created_at: float
    sent_at: float | None
    quiet: bool = False
    """Nobody tells this move (a standing order's answer)."""


@dataclass(frozen=True, slots=True)
class GameBundle:
    """A game row with its seats and latest snapshot (``None`` in the lobby)."""

    game: GameRow
    seats: tuple[SeatRow, ...]
    snapshot: bytes | None


@dataclass(frozen=True, slots=True)
class Schedule:
    """The timing columns of a game row, rewritten together after every change."""

    turn_started: float | None
    deadline: float | None
    reminders_done: int
    next_due: float | None

    def values(self) -> tuple[float | None, float | None, int, float | None]:
        """The columns ``turn_started, deadline, reminders_done, next_due``, in that order."""
        return (self.turn_started, self.deadline, self.reminders_done, self.next_due)


@dataclass(frozen=True, slots=True)
class SeatUpdate:
    seat: int
    ai_controlled: bool
    resigned: bool
    timeouts: int
    waiting_since: float | None
    token: int
    reserve: float | None = None
    away_until: float | None = None


@dataclass(frozen=True, slots=True)
class ClaimTake:
    """A claim a write takes in its own transaction (``storage.claims.take``): ``kind`` on the
    written game for ``owner`` until ``until``, unless another owner's lease runs on past
    ``expired_before``."""

    kind: str
    owner: str
    until: float
    expired_before: float


@dataclass(frozen=True, slots=True)
class MoveWrite:
    """Everything one move writes, in one transaction.

    ``expected_version`` guards against a lost update: the write fails with
    :class:`VersionConflictError` unless the stored version equals it.
    """

    game_id: int
    expected_version: int
    event: EventRow
    snapshot: bytes
    status: str
    outcome: bytes | None
    schedule: Schedule
    seats: tuple[SeatUpdate, ...]
    at: float
    note: str = ""
    """The outbox note of this version (why the move was not its player's, if so)."""
    board: bool = False
    """Whether the channel gets a board for this version (the outbox's ``board``)."""
    quiet: bool = False
    """Nobody tells this move (the outbox's ``quiet``: a standing order's answer)."""
    expected_revision: int | None = None
    """The game's revision the move was computed on (``None``: not checked): a copy another
    process changed since (a seat's flags, what was told) is refused as well."""
    claim: ClaimTake | None = None
    """A claim on the game taken with the move (its delivery's, when processes share the
    database): one commit for both. Not taken, the move stands all the same."""


def decode_game(row: Sequence[Any]) -> GameRow:
    return GameRow(*row)


def decode_seat(row: Sequence[Any]) -> SeatRow:
    return SeatRow(
        row[0],
        row[1],
        row[2],
        row[3],
        bool(row[4]),
        bool(row[5]),
        row[6],
        row[7],
        row[8],
        row[9],
        row[10],
        row[11],
        row[12],
        row[13],
        row[14],
        row[15],
        bool(row[16]),
        tuple(int(u) for u in str(row[17] or "").split()),
    )


@dataclass(frozen=True, slots=True)
class SeatChange:
    """A seat that changed hands (``seat_changes``, migration 0012): at the game's ``version``,
    ``seat`` went from ``from_user`` (or the AI ``from_ai``) to ``to_user``, done by
    ``by_user``; ``how``: ``handed`` (``/game seat replace``) or ``claimed``."""

    game_id: int
    n: int
    version: int
    seat: int
    from_user: int | None
    from_ai: str | None
    to_user: int
    by_user: int
    how: str
    at: float


@dataclass(frozen=True, slots=True)
class StepMessage:
    """The channel's status message of a simultaneous step (``key``: the step's decision key)
    and whether its last player has been mentioned once."""

    game_id: int
    key: str
    message_id: int
    nudged: bool


NOTIFY = ("dm", "mention", "both", "none")
"""How a player is told of their decisions (``user_settings.notify``)."""


def decode_event(row: Sequence[Any]) -> EventRow:
    event = EventRow(*row)
    return dataclasses.replace(event, secret=bool(event.secret))
