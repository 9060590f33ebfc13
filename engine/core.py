"""The engine contract every game implements, and the errors it raises.

A game is a stateless object (see :class:`Game`) whose methods take immutable states. A game
is fully described by ``(seed, players, options)`` plus the list of ``(seat, action)`` pairs
applied to it: ``replay`` rebuilds the state from them, and the events recorded for every
action must come out identical (they carry the outcome of every draw, so the log can be read
and audited without re-rolling anything).

Events and views are plain JSON values (``dict``/``list``/``str``/``int``/``bool``/``None``)
so that storage, render and the Discord edge can pass them around without knowing the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

Seat = int
JSON = Any  # a JSON value: dict / list / str / int / float / bool / None
Event = dict[str, JSON]
"""An event: ``{"type": "CardPlayed", ...}``. Fields under ``"secret"`` are visible only to the
seats listed in ``"secret_for"``; :func:`redact` removes them for everyone else."""

S = TypeVar("S")
A = TypeVar("A")


class RuleError(Exception):
    """A move that the rules do not allow; the message is written for the player."""


class IllegalActionError(RuleError):
    """The action is not legal in this state."""


class NotYourTurnError(RuleError):
    """The seat has no decision to make now."""


class NotationError(RuleError):
    """The text is not an action in the game's notation at all."""


class GameOverError(RuleError):
    """The game has ended; nothing more can be played."""


@dataclass(frozen=True)
class Transition(Generic[S]):
    """The result of :meth:`Game.apply`: the new state and what happened, in order."""

    state: S
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``places[seat]`` is the finishing place of each seat (1 = first; tied seats share a place);
    ``winners`` are the seats in first place (several on a shared win); ``scores`` holds the
    per-seat figures the game ranks by, e.g. ``{"saved": 9, "volcano": 4}``.
    """

    places: tuple[int, ...]
    winners: frozenset[Seat]
    scores: tuple[Mapping[str, int], ...] = ()
    reason: str = ""

    def to_json(self) -> dict[str, JSON]:
        return {
            "places": list(self.places),
            "winners": sorted(self.winners),
            "scores": [dict(s) for s in self.scores],
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Outcome:
        return cls(
            places=tuple(data["places"]),
            winners=frozenset(data["winners"]),
            scores=tuple(dict(s) for s in data["scores"]),
            reason=str(data.get("reason", "")),
        )


@dataclass(frozen=True)
class OptionSpec:
    """One game option, as the lobby and ``/game new`` offer it."""

    name: str
    description: str
    default: bool | int | str
    choices: tuple[bool | int | str, ...] = ()


@dataclass(frozen=True)
class ActionChoice:
    """A legal action with its canonical notation and a friendly label (for menus)."""

    notation: str
    label: str


class Game(Protocol[S, A]):
    """What every game provides. Implementations are stateless singletons."""

    key: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]

    def new_game(self, seed: int, players: int, options: Mapping[str, JSON] | None = None) -> S:
        """A fresh game; raises :class:`RuleError` for a bad player count or option."""
        ...

    def to_act(self, state: S) -> frozenset[Seat]:
        """The seats that may decide now (out-of-turn calls included); empty once over."""
        ...

    def legal_actions(self, state: S, seat: Seat) -> Sequence[A]:
        """Every action ``seat`` may take now (empty when it has no decision)."""
        ...

    def apply(self, state: S, seat: Seat, action: A) -> Transition[S]:
        """Apply one decision; raises a :class:`RuleError` if it is not legal."""
        ...

    def view(self, state: S, seat: Seat | None) -> dict[str, JSON]:
        """The public view (``seat=None``) or a player's view (public + own hand)."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else ``None``."""
        ...

    def format_action(self, action: A) -> str:
        """The canonical notation of an action."""
        ...

    def parse_action(self, text: str) -> A:
        """Parse notation (syntax only); raises :class:`NotationError`."""
        ...

    def describe_action(self, state: S, seat: Seat, action: A) -> str:
        """A friendly label for menus and logs, e.g. ``"Play 6 into building 6b (d4)"``."""
        ...

    def version(self, state: S) -> int:
        """How many actions have been applied to reach ``state``."""
        ...

    def active_seat(self, state: S) -> Seat | None:
        """The seat whose turn it is (for the turn order display), or ``None`` when over."""
        ...

    def state_to_json(self, state: S) -> dict[str, JSON]:
        """The whole state (hidden parts included) as JSON, for storage."""
        ...

    def state_from_json(self, data: Mapping[str, JSON]) -> S:
        """The inverse of :meth:`state_to_json`."""
        ...


def redact(event: Event, viewer: Seat | None) -> Event:
    """The event as ``viewer`` may see it (``None`` = spectator): secrets of others removed."""
    if "secret" not in event:
        return event
    if viewer is not None and viewer in event.get("secret_for", ()):
        return event
    return {k: v for k, v in event.items() if k not in ("secret", "secret_for")}


def parse_legal(game: Game[S, A], state: S, seat: Seat, text: str) -> A:
    """Parse ``text`` and check it is a legal action for ``seat`` now.

    Raises :class:`GameOverError`, :class:`NotYourTurnError`, :class:`NotationError` or
    :class:`IllegalActionError` with a message that lists what is legal.
    """
    if not game.to_act(state):
        raise GameOverError("The game is over; no more moves can be made.")
    if seat not in game.to_act(state):
        raise NotYourTurnError("It is not your turn: you have no decision to make right now.")
    legal = game.legal_actions(state, seat)
    try:
        action = game.parse_action(text)
    except NotationError as error:
        raise NotationError(f"{error} Legal now: {legal_summary(game, legal)}") from None
    if action not in legal:
        raise IllegalActionError(
            f"`{text.strip()}` is not a legal move right now. Legal now: "
            + legal_summary(game, legal)
        )
    return action


def legal_summary(game: Game[S, A], legal: Iterable[A], limit: int = 12) -> str:
    """A short human list of legal notations, e.g. for an error message."""
    texts = [game.format_action(a) for a in legal]
    shown = ", ".join(f"`{t}`" for t in texts[:limit])
    if len(texts) > limit:
        shown += f" and {len(texts) - limit} more"
    return shown or "nothing"


@dataclass(frozen=True)
class Record:
    """One applied action in a game's log."""

    seat: Seat
    action: str
    events: tuple[Event, ...] = field(default=())


def replay(
    game: Game[S, A],
    seed: int,
    players: int,
    options: Mapping[str, JSON] | None,
    records: Iterable[Record],
    *,
    check_events: bool = True,
) -> S:
    """Rebuild a state from its seed and log; with ``check_events`` the recorded events must
    match what the engine produces (so a tampered or diverged log is detected)."""
    state = game.new_game(seed, players, options)
    for index, record in enumerate(records):
        action = game.parse_action(record.action)
        transition = game.apply(state, record.seat, action)
        if check_events and tuple(transition.events) != tuple(record.events):
            raise ReplayMismatchError(
                f"action {index} ({record.action!r} by seat {record.seat}) produced different "
                "events than were recorded"
            )
        state = transition.state
    return state


class ReplayMismatchError(Exception):
    """A stored log does not reproduce its recorded events or snapshot."""
