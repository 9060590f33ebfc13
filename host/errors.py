"""Errors the host raises for wrong calls. Every message is written for the player who caused it.

A cog catches :class:`HostError` and shows it ephemerally, in its reader's language: the host
raises a catalog message (marked ``N_()``, in English) with its values apart
(``HostError(N_("There is no game #{game}."), game=3)``), and the cog translates the message
and fills in the values (``cogs.texts.refusal``); ``str(error)`` is the English sentence (the
log's). A value that is itself words is given as ``L_("...")`` and translated too. Anything
else is a bug.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from engine.core import RuleError
from host.model import SeatInfo
from render.i18n import Counted, _


class HostError(Exception):
    """A call the host refuses; ``str(error)`` is a friendly sentence for the user (in English;
    ``message`` and ``values`` let a cog say it in the user's language)."""

    game: str | None = None
    """The game whose words the message is (a game's own refusal, an engine's
    :class:`~engine.text.Text`): its catalog says it (:func:`from_rule`)."""

    def __init__(self, message: str = "", /, **values: object) -> None:
        self.message = message
        self.values = values
        super().__init__(fill_english(message, values))


E = TypeVar("E", bound=HostError)


def from_rule(kind: type[E], error: RuleError, game: str | None, **flags: bool) -> E:
    """A game's refusal (an engine's :class:`RuleError`) as the host's ``kind`` of error, its
    words kept (``error.text``) for the game's catalog (``game``: the game's key); ``flags``
    are ``kind``'s own (``lists_legal`` of :class:`InvalidMoveError`)."""
    out = kind(error.text, **flags)
    out.game = game
    return out


def fill_english(message: str, values: dict[str, object]) -> str:
    """The English sentence (``values`` filled in; a message without values as it is; a
    counted message, :func:`~render.i18n.NP_`, in the form its ``count`` asks for)."""
    if isinstance(message, Counted):
        message = message.english(values.get("count"))
    return message.format_map(values) if values else message


class NoSuchGameError(HostError):
    """The game id is unknown, or there is no game in this channel."""


class WrongChannelError(HostError):
    """The game exists but belongs to another channel."""


class ChannelBusyError(HostError):
    """The channel already has a game in its lobby or in play."""


class BadOptionError(HostError):
    """A table option is out of range or unknown (game kind, player count, time limit, ...)."""


class NotInLobbyError(HostError):
    """A lobby-only call (join, leave, start, add an AI) on a game that has started or ended."""


class AlreadySeatedError(HostError):
    """The user already has a seat at this table."""


class TableFullError(HostError):
    """Every seat of the table is taken."""


class NotEnoughPlayersError(HostError):
    """Start was called with fewer players than the game needs."""


class NotAPlayerError(HostError):
    """The user has no seat in this game."""


class PermissionDeniedError(HostError):
    """Only the creator of the game (or a server admin) may do this."""


class GameNotActiveError(HostError):
    """The game has not started yet, or it is over / cancelled."""


class NotYourTurnError(HostError):
    """The user's seat has no decision to make now.

    ``waiting_on`` holds the seats the game waits for (user ids, AI names, colours), so the
    caller names them as its place allows: :meth:`naming` with mentions in a message, with
    display names where mentions cannot show (autocomplete). ``str(error)`` names no account:
    "It is not your turn: the game is waiting for the red player."
    """

    def __init__(self, waiting_on: tuple[SeatInfo, ...] = (), *, locked: bool = False) -> None:
        self.waiting_on = waiting_on
        self.locked = locked
        """The user's seat has locked its choice in the step everyone decides at once."""
        Exception.__init__(self, self.naming(plain_seat_name))
        self.message, self.values = "", {}

    def naming(self, name: Callable[[SeatInfo], str]) -> str:
        """The refusal with each waited-on seat written as ``name(seat)``."""
        whos = ", ".join(name(s) for s in self.waiting_on)
        if self.locked:
            locked = _("You have locked your choice in this step: it can't change any more.")
            if whos:
                return locked + " " + _("The game is waiting for {names}.").format(names=whos)
            return locked
        if not self.waiting_on:
            return _("It is not your turn.")
        return _("It is not your turn: the game is waiting for {names}.").format(names=whos)


def plain_seat_name(seat: SeatInfo) -> str:
    """A seat named without its player's account: ``AI 1 (yellow)``, ``the red player``,
    ``the player in seat 2``."""
    if seat.user_id is None:
        name = seat.ai or _("an AI")
        return f"{name} ({_(seat.colour)})" if seat.colour else name
    if seat.colour:
        return _("the {colour} player").format(colour=_(seat.colour))
    return _("the player in seat {number}").format(number=seat.seat + 1)


class StaleVersionError(HostError):
    """The board changed since the user's button or menu was drawn; nothing was played.

    ``current_version`` is the game's version now, so the caller can redraw; ``already``: the
    decision it was drawn for was answered by the user's own earlier move (a second click).
    """

    def __init__(
        self, message: str, current_version: int, /, *, already: bool = False, **values: object
    ) -> None:
        super().__init__(message, **values)
        self.current_version = current_version
        self.already = already


class InvalidMoveError(HostError):
    """The text is not an action, or not a legal one now.

    ``lists_legal``: the refusal lists the legal moves already (the engine's ``parse_legal``),
    or sends the player to them (a text too long to be a move), so a cog adds no list of its
    own; otherwise it may say what is legal now."""

    def __init__(
        self, message: str = "", /, *, lists_legal: bool = False, **values: object
    ) -> None:
        super().__init__(message, **values)
        self.lists_legal = lists_legal


class GameDamagedError(HostError):
    """The game's stored state cannot be read (a damaged database); only cancelling works."""
