"""The values the host takes and returns. Plain frozen dataclasses, no discord types.

Users, channels and guilds are ints (Discord snowflakes); a seat is the engine's seat number.
Times are seconds since the epoch as ``float`` (from the host's :class:`~host.clock.Clock`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, overload

from engine.core import JSON, DecisionKind, Event, Outcome, Seat

Status = Literal["lobby", "active", "finished", "cancelled"]
TimeoutPolicy = Literal["ai", "skip"]
SeatOrder = Literal["random", "joined"]
MoveBy = Literal["player", "ai", "timeout", "auto"]
Notify = Literal["dm", "mention", "both", "none"]
"""How a player is told of their decisions: a DM per decision (and a channel mention only while
their DMs are closed), a channel mention only, both, or neither (they look with ``/hand``)."""
"""Who made a move: the seat's player, an AI (AI seat or taken-over seat), the timeout policy,
or the host playing a seat's only legal action (``auto``, tables with ``auto_forced``)."""

MIN_TURN_TIME = 5 * 60.0
MAX_TURN_TIME = 7 * 24 * 3600.0
DEFAULT_TURN_TIME = 24 * 3600.0
MAX_CHOICES = 25
MAX_ACTION_TEXT = 200
"""Longer text is refused before parsing (and never echoed back into a message)."""


@dataclass(frozen=True)
class TableOptions:
    """What ``/game new`` chooses. ``None`` fields take the server's default (then the host's).

    - ``kind``: the game key (a plugin's ``key``).
    - ``players``: seats at the table; ``None`` = the game's maximum. Start needs at least the
      game's minimum.
    - ``variants``: engine options passed to ``new_game`` (validated by the engine at start).
    - ``turn_time``: seconds a player has for each decision, 300 (5 min) to 604800 (7 days).
    - ``timeout_policy``: ``"ai"`` (an AI decides) or ``"skip"`` (the legal ``pass``; when
      passing is not legal the AI decides and the notification says so).
    - ``reminders_at``: reminder points as fractions of ``turn_time`` elapsed (``0.5`` = half
      time); ``reminders_before``: reminder points as seconds before the deadline. Points that
      fall before the decision starts are dropped; the defaults remind at half time and one hour
      before.
    - ``max_timeouts``: consecutive timeouts after which the seat is AI-controlled until the
      player acts again.
    - ``seat_order``: ``"random"`` (shuffled from the game seed) or ``"joined"``.
    - ``ai_seats``: AI players added at creation, named ``"AI n (level)"``; ``ai_level``
      (``easy`` / ``normal`` / ``hard``) is their level (``host.ai``). A player who times out
      under the ``ai`` policy is played by the normal level.
    - ``auto_forced``: when the seat the game waits on has exactly one legal action, the
      scheduler plays it at once (``by="auto"``; a game may rule that the engine always asks).
      Off by default.
    - ``reserve`` and ``increment``: the time bank (issue 46, :mod:`host.timing`): seconds of
      reserve each seat starts with (0 to 30 days; 0: the plain deadline of ``turn_time``),
      and seconds each of a player's own moves adds back to it (0 to one day, never past
      ``reserve``). ``away``: players marked away (``/game away``) hold this table's deadlines
      (``False``: a "no away" table, for fast games).
    - ``claimable_ai``: a human may claim an AI seat of the game in play (``/game seat claim``,
      ``/game list``): the AI hands it over (issue 46). Off by default.
    - ``rated``: the game counts in the ratings (docs/ratings.md). An unrated table lets every
      player ask for hints (``/game hint``); at a rated one only a player who joined to learn
      may (the game is then unrated for them).
    """

    kind: str
    players: int | None = None
    variants: Mapping[str, JSON] = field(default_factory=dict)
    turn_time: float | None = None
    timeout_policy: TimeoutPolicy | None = None
    reminders_at: tuple[float, ...] = (0.5,)
    reminders_before: tuple[float, ...] = (3600.0,)
    max_timeouts: int = 3
    seat_order: SeatOrder = "random"
    ai_seats: int = 0
    ai_level: str = "normal"
    auto_forced: bool = False
    reserve: float = 0.0
    increment: float = 0.0
    away: bool = True
    claimable_ai: bool = False
    rated: bool = True


@dataclass(frozen=True)
class Coach:
    """What one player of a game chose and used to learn (kept with the table's options):
    ``learning`` (joined to learn: hints allowed, the game unrated for them), ``hints`` (hints
    given, one per decision) and ``token`` (the decision token of the last hint counted)."""

    learning: bool = False
    hints: int = 0
    token: int = -1


@dataclass(frozen=True)
class GuildSettings:
    """Per-server defaults, stored in the database."""

    guild_id: int
    turn_time: float = DEFAULT_TURN_TIME
    timeout_policy: TimeoutPolicy = "ai"
    language: str = "en"
    away_days: int = 30
    """The yearly cap on a player's away days in this server (0: no away here)."""


@dataclass(frozen=True)
class SeatInfo:
    """One seat: its player (``user_id``) or an AI (``ai`` names it; ``user_id`` is ``None``).

    ``ai_controlled`` is true for AI seats and for seats taken over after repeated timeouts (or a
    resignation); ``colour`` comes from the game's public view when it names one;
    ``waiting_since`` says since when the game waits on this seat (who is waiting on whom).
    """

    seat: Seat
    user_id: int | None
    ai: str | None = None
    ai_controlled: bool = False
    resigned: bool = False
    colour: str | None = None
    timeouts: int = 0
    waiting_since: float | None = None
    """When the game started waiting on this seat's decision (``None``: not waiting on it)."""
    token: int = 0
    """The version at which this seat's decision last changed: what its buttons carry."""
    notified_token: int | None = None
    """The token of the decision last sent to this seat's player privately (kept once it is
    over: what happened since is told from there)."""
    notified_message: int | None = None
    """The private message that carried it (edited in place when the decision goes on)."""
    window_order: str = "ask"
    """The standing order for optional windows: ``ask``, ``never`` or ``after:<seat>``."""
    notified_key: str | None = None
    """The key of the decision whose private message is open (the same while it goes on);
    ``None`` once it is over."""
    reserve: float | None = None
    """The seat's time bank reserve left (``None``: the table has none; issue 46)."""
    away_until: float | None = None
    """The seat's player is away until then (``None``: not away now)."""
    seeking: bool = False
    """The table looks for a player to take this seat over (its player left)."""
    former: tuple[int, ...] = ()
    """The seat's earlier players (it was handed over or claimed), oldest first."""
    learning: bool = False
    """The player joined to learn: hints allowed, the game unrated for them."""
    hints: int = 0
    """Hints the player asked for (one per decision), shown on the final board."""

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class GameStatus:
    """Everything the lobby, ``/game status`` and the turn line need, without decoding views."""

    game_id: int
    kind: str
    title: str
    guild_id: int
    channel_id: int
    creator_id: int
    status: Status
    options: TableOptions
    seats: tuple[SeatInfo, ...]
    version: int
    waiting_on: tuple[SeatInfo, ...]
    """The seats the game waits for now (empty in the lobby and once over)."""
    turn_started: float | None
    deadline: float | None
    outcome: Outcome | None
    created_at: float
    player_counts: tuple[int, ...]
    """The table sizes the game supports (``1``: it has a solo mode)."""

    @property
    def min_players(self) -> int:
        return min(self.player_counts)

    @property
    def max_players(self) -> int:
        return max(self.player_counts)

    def seat_of(self, user_id: int) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def open_seats(self) -> tuple[SeatInfo, ...]:
        """The seats a member may claim now (``/game seat claim``, ``/game list``): those that look
        for a player while an AI plays them (a player who came back keeps their seat), and
        the AI seats of a table opened with ``claimable_ai``."""
        if self.status != "active":
            return ()
        claimable = self.options.claimable_ai
        return tuple(
            s
            for s in self.seats
            if (s.seeking and s.ai_controlled) or (claimable and s.ai is not None)
        )


@dataclass(frozen=True)
class Choice:
    """An autocomplete entry / button: what people read and what the host parses."""

    label: str
    notation: str


@dataclass(frozen=True)
class ChoicePage(Sequence[Choice]):
    """What ``legal_choices`` returns: the first matching choices (at most 25, what Discord can
    list) and ``total``, how many match in all, so the UI can say "showing 25 of 61 — type to
    narrow". It is a sequence of its ``choices``; ``more`` is how many were left out."""

    choices: tuple[Choice, ...]
    total: int

    @property
    def more(self) -> int:
        """How many matching choices are not in the page (0: it is complete)."""
        return self.total - len(self.choices)

    def __len__(self) -> int:
        return len(self.choices)

    @overload
    def __getitem__(self, index: int) -> Choice: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Choice, ...]: ...

    def __getitem__(self, index: int | slice) -> Choice | tuple[Choice, ...]:
        return self.choices[index]

    def __iter__(self) -> Iterator[Choice]:
        return iter(self.choices)


@dataclass(frozen=True)
class SeatDecision:
    """What one seat may decide now, for its buttons and menus: the kind of decision (``None``
    when it has none), the seat's decision ``token`` (its buttons carry it), whether the game
    waits for it, the deadline, and every legal choice in the game's order."""

    seat: Seat
    kind: DecisionKind | None
    token: int
    waited: bool
    deadline: float | None
    choices: tuple[Choice, ...]
    key: str = ""
    """The decision's key (the same while the same decision goes on, e.g. one offering)."""
    origin: Seat | None = None
    """For a window, the seat whose turn opened it (``Decision.origin``: standing orders such
    as "ask me only after <player>'s turns" name it)."""


@dataclass(frozen=True)
class PrivateView:
    """A seat's own view (public + hidden hand); deliver only to ``user_id``."""

    seat: Seat
    user_id: int | None
    view: dict[str, JSON]


@dataclass(frozen=True)
class MoveResult:
    """One applied move, as ``act`` and ``run_due`` return it (its announcement waits in the
    outbox: ``Host.unsent``).

    ``label`` is the move in words (for its player: another player sees a secret move only
    by its public events); ``by`` who made it; ``note`` why a move was not made by its player
    (timeout, stand-in, take-over); ``board``: the channel gets a board for this version;
    ``next_to_act`` are the seats the game waits for now, with ``deadline``; ``outcome`` is set
    when the game just finished.
    """

    game_id: int
    guild_id: int
    channel_id: int
    version: int
    seat: Seat
    user_id: int | None
    notation: str
    label: str
    by: MoveBy
    next_to_act: tuple[SeatInfo, ...]
    deadline: float | None
    outcome: Outcome | None
    board: bool
    note: str = ""
    """Why the move was not its player's, in English (the outbox stores it for translation:
    :mod:`host.notes`)."""
    chooser: str | None = None
    taken_over: bool = False
    """True when this timeout made the seat AI-controlled (after ``max_timeouts`` in a row)."""


@dataclass(frozen=True)
class Reminder:
    """A player's decision is still pending; ``remaining`` seconds are left."""

    game_id: int
    guild_id: int
    channel_id: int
    seat: Seat
    user_id: int
    deadline: float
    remaining: float
    reserve: float | None = None
    """The reserve the player has left now (``None``: the table has no time bank)."""


Notification = MoveResult | Reminder
"""What ``run_due`` hands the scheduler loop to deliver."""


@dataclass(frozen=True)
class LogEntry:
    """One past move as ``viewer`` may see it (events redacted for the viewer's seat)."""

    version: int
    seat: Seat
    user_id: int | None
    notation: str
    label: str
    by: MoveBy
    events: tuple[Event, ...]
    at: float
    secret: bool = False
    """The move is secret to this viewer: ``notation`` and ``label`` are empty; its
    ``events`` (redacted for the viewer) are what they may know of it, which the game's
    presentation words."""
    undoes: int | None = None
    """An undo's entry (issue 46): the first move it took back (``label`` is that move's);
    its ``events`` are empty."""


@dataclass(frozen=True)
class UserGame:
    """A game a user sits in, for "my games" lists: ``is_waiting_on_you`` when it is their move."""

    game_id: int
    guild_id: int
    channel_id: int
    kind: str
    status: Status
    seat: Seat
    is_waiting_on_you: bool
    deadline: float | None


@dataclass(frozen=True)
class Started:
    """What ``start`` returns; the first board and each player's first DM wait in the outbox
    (version 0) like every move's announcement."""

    status: GameStatus
