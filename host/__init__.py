"""The game host: tables, seats, turns, deadlines, AI seats (no discord import).

Import from here: ``from host import Host, TableOptions, HostError, FakeClock, ...``.
See ``docs/host.md`` for the API.
"""

from host.ai import Chooser, RandomChooser
from host.clock import Clock, FakeClock, SystemClock
from host.errors import (
    AlreadySeatedError,
    BadOptionError,
    ChannelBusyError,
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
from host.host import Host
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
    SeatInfo,
    Started,
    TableOptions,
    UserGame,
)

__all__ = [
    "AlreadySeatedError",
    "BadOptionError",
    "ChannelBusyError",
    "Choice",
    "ChoicePage",
    "Chooser",
    "Clock",
    "FakeClock",
    "GameNotActiveError",
    "GameStatus",
    "GuildSettings",
    "Host",
    "HostError",
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
    "SeatInfo",
    "StaleVersionError",
    "Started",
    "SystemClock",
    "TableFullError",
    "TableOptions",
    "UserGame",
    "WrongChannelError",
]
