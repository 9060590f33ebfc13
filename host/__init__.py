"""The game host: tables, seats, turns, deadlines, AI seats (no discord import).

Import from here: ``from host import Host, TableOptions, HostError, FakeClock, ...``.
See ``docs/host.md`` for the API.
"""

from host.ai import AiRunner, Chooser, RandomChooser
from host.clock import Clock, FakeClock, SystemClock
from host.errors import (
    AlreadySeatedError,
    BadOptionError,
    ChannelBusyError,
    GameDamagedError,
    GameNotActiveError,
    HostError,
    InvalidMoveError,
    NoSuchGameError,
    NotAPlayerError,
    NotEnoughPlayersError,
    NotInLobbyError,
    NotYourTurnError,
    PermissionDeniedError,
    StaleVersionError,
    TableFullError,
    WrongChannelError,
)
from host.games import options_from_json, options_to_json
from host.host import Host, HostOptions
from host.model import (
    Choice,
    ChoicePage,
    GameStatus,
    GuildSettings,
    LogEntry,
    MoveResult,
    Notification,
    PrivateView,
    Reminder,
    SeatDecision,
    SeatInfo,
    Started,
    TableOptions,
    UserGame,
)

__all__ = [
    "AiRunner",
    "AlreadySeatedError",
    "BadOptionError",
    "ChannelBusyError",
    "Choice",
    "ChoicePage",
    "Chooser",
    "Clock",
    "FakeClock",
    "GameDamagedError",
    "GameNotActiveError",
    "GameStatus",
    "GuildSettings",
    "Host",
    "HostError",
    "HostOptions",
    "InvalidMoveError",
    "LogEntry",
    "MoveResult",
    "NoSuchGameError",
    "NotAPlayerError",
    "NotEnoughPlayersError",
    "NotInLobbyError",
    "NotYourTurnError",
    "Notification",
    "PermissionDeniedError",
    "PrivateView",
    "RandomChooser",
    "Reminder",
    "SeatDecision",
    "SeatInfo",
    "StaleVersionError",
    "Started",
    "SystemClock",
    "TableFullError",
    "TableOptions",
    "UserGame",
    "WrongChannelError",
    "options_from_json",
    "options_to_json",
]
