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
from typing import Any, Generic, Literal, Protocol, TypeVar, cast, get_args

from engine.text import Term, Text
from engine.text import from_json as text_from_json
from engine.text import to_json as text_to_json

Seat = int
JSON = Any  # a JSON value: dict / list / str / int / float / bool / None
Event = dict[str, JSON]
"""An event: ``{"type": "CardPlayed", ...}``. Fields under ``"secret"`` are visible only to the
seats listed in ``"secret_for"``; :func:`redact` removes them for everyone else."""

S = TypeVar("S")
A = TypeVar("A")


class RuleError(Exception):
    """A move that the rules do not allow; the message is written for the player, in English,
    as a template with its values apart (``RuleError("There is no building {n}.", n=7)``) so a
    presentation can say it in the reader's language: ``text`` is the :class:`Text`,
    ``str(error)`` the English sentence."""

    def __init__(self, message: str = "", /, **values: Any) -> None:
        self.text = message if isinstance(message, Text) and not values else Text(message, **values)
        super().__init__(str(self.text))


class IllegalActionError(RuleError):
    """The action is not legal in this state."""


class NotYourTurnError(RuleError):
    """The seat has no decision to make now."""


class NotationError(RuleError):
    """The text is not an action in the game's notation at all. ``reason`` says why;
    ``usage`` (optional) shows the notation by examples from the whole game, which
    :func:`parse_legal` replaces by what is legal now."""

    def __init__(self, reason: str, usage: str = "", /, **values: Any) -> None:
        self.reason = reason if isinstance(reason, Text) and not values else Text(reason, **values)
        self.usage = usage
        if usage:
            both = "{reason} {usage}"  # not a message of its own: the parts are
            super().__init__(Text(both, reason=self.reason, usage=usage))
        else:
            super().__init__(self.reason)


class GameOverError(RuleError):
    """The game has ended; nothing more can be played."""


@dataclass(frozen=True)
class Transition(Generic[S]):
    """The result of :meth:`Game.apply`: the new state and what happened, in order.

    ``checkpoint`` marks a point worth showing everyone the board: the end of a turn, of a
    round, a reveal. The host posts a board at every checkpoint (and when the game ends), so a
    solo game shows its progress although the same seat always moves next.
    """

    state: S
    events: tuple[Event, ...]
    checkpoint: bool = False


DecisionKind = Literal["turn", "window", "option", "simultaneous"]
"""What kind of decision a game waits for (see :class:`Decision`)."""


@dataclass(frozen=True)
class Decision(Generic[A]):
    """One thing a game waits for, or offers, now. :meth:`Game.pending` lists them.

    ``kind``:

    - ``"turn"``: ``seats`` holds one seat, and the game waits for it.
    - ``"window"``: an optional chance the listed seats may take (Pompeji's building permit):
      the game waits until each has answered or the rules' time runs out; each seat that stays
      silent plays its ``defaults`` action (declining).
    - ``"option"``: an out-of-turn right the game does not wait for (Downfall's eruption call):
      no deadline and no timeout.
    - ``"simultaneous"``: every listed seat must decide, and may revise until it locks; a seat
      that has locked leaves ``seats``. One deadline for the whole step; a seat still deciding
      when it runs out plays its ``defaults`` action (locking what it chose so far).

    ``key`` names the decision and stays the same while the same decision goes on (a window
    some holders already declined, a step some seats already locked): the host keeps its
    deadline until the key changes. ``time_limit`` is the time the rules give it in seconds
    (``None``: the table's time per move). ``defaults[seat]`` is what the rules play for a seat
    that lets the time run out (not held against the player); for a seat without one the
    table's timeout policy decides: an AI chooses, or under the ``skip`` policy the seat plays
    ``skips[seat]`` (its pass) when the game names one. ``origin`` is the seat whose turn
    opened a window (players may answer windows by standing order, e.g. "only after Ann's
    turns").
    """

    kind: DecisionKind
    seats: frozenset[Seat]
    key: str
    time_limit: float | None = None
    defaults: Mapping[Seat, A] = field(default_factory=dict)
    skips: Mapping[Seat, A] = field(default_factory=dict)
    origin: Seat | None = None

    @property
    def waits(self) -> bool:
        """Whether the game waits for this decision (every kind but ``"option"``)."""
        return self.kind != "option"


@dataclass(frozen=True)
class Capabilities:
    """What a game needs from the host and the bot, declared once.

    ``player_counts``: the table sizes it supports (``1`` = a solo mode). ``simultaneous``:
    it has steps where several seats decide at once (:class:`Decision` ``"simultaneous"``).
    ``secret_actions``: some actions are hidden from the other players (:meth:`Game.secret`).
    ``hidden``: the game has hidden information (hands, a deck's order, sealed choices): its
    engine then gives a ``determinize`` (see :class:`engine.base.RulesGame`), which the AI
    searches with and the conformance suite proves every view with; the suite fails a game
    that declares hidden information without one.
    """

    player_counts: tuple[int, ...]
    simultaneous: bool = False
    secret_actions: bool = False
    hidden: bool = False

    @property
    def min_players(self) -> int:
        return min(self.player_counts)

    @property
    def max_players(self) -> int:
        return max(self.player_counts)

    @property
    def solo(self) -> bool:
        return 1 in self.player_counts


OutcomeKind = Literal["ranking", "shared_win", "all_lose", "solo"]
"""How a game ended: players ranked (one or more winners), a win shared by every player
(co-operative), everybody lost, or a solo game's result (``Outcome.title`` names it)."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``places[seat]`` is the finishing place of each seat (1 = first; tied seats share a place);
    ``winners`` are the seats in first place (several on a tie, none when everybody lost);
    ``scores`` holds the per-seat figures the game ranks by, e.g. ``{"saved": 9, "volcano": 4}``.
    ``kind`` tells a ranking from a shared win, a loss for everybody and a solo result;
    ``title`` is a solo player's title (``"Aedile"``) or another one-word verdict.
    """

    places: tuple[int, ...]
    winners: frozenset[Seat]
    scores: tuple[Mapping[str, int], ...] = ()
    reason: str = ""
    kind: OutcomeKind = "ranking"
    title: str = ""

    def to_json(self) -> dict[str, JSON]:
        return {
            "places": list(self.places),
            "winners": sorted(self.winners),
            "scores": [dict(s) for s in self.scores],
            "reason": text_to_json(self.reason),
            "kind": self.kind,
            "title": self.title,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Outcome:
        kind = str(data.get("kind", "ranking"))
        if kind not in get_args(OutcomeKind):
            kind = "ranking"
        return cls(
            places=tuple(data["places"]),
            winners=frozenset(data["winners"]),
            scores=tuple(dict(s) for s in data["scores"]),
            reason=text_from_json(str(data.get("reason", ""))),
            kind=cast(OutcomeKind, kind),
            title=str(data.get("title", "")),
        )


OptionValue = bool | int | str
"""The value of one game option: a switch, a number or a word."""


@dataclass(frozen=True)
class OptionSpec:
    """One game option, as the lobby and ``/game new`` offer it, and the one place its values
    are checked: the Discord edge parses typed text with :meth:`parse`, every ``new_game``
    checks what it is given with :func:`check_options`.

    The type of ``default`` is the option's type (a ``bool`` is a switch, never a number).
    ``choices`` lists every allowed value (a switch allows both); a number without choices
    may be bounded by ``minimum`` and ``maximum``. A spec that contradicts itself (a default
    outside its choices, a choice of another type, bounds on a word) raises ``ValueError``
    when the game module is imported, so a mistake in a new game shows at once.
    """

    name: str
    description: str
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        kind = type(self.default)
        if kind not in (bool, int, str):
            raise ValueError(f"option {self.name}: the default must be a bool, int or str")
        if any(type(c) is not kind for c in self.choices):
            raise ValueError(f"option {self.name}: every choice must be a {kind.__name__}")
        if self.choices and self.default not in self.choices:
            raise ValueError(f"option {self.name}: the default is not one of the choices")
        if (self.minimum is not None or self.maximum is not None) and (
            kind is not int or self.choices
        ):
            raise ValueError(f"option {self.name}: only a number without choices has bounds")
        if kind is int and not self.choices and not self._in_range(cast(int, self.default)):
            raise ValueError(f"option {self.name}: the default is out of its bounds")

    @property
    def values(self) -> tuple[OptionValue, ...]:
        """Every allowed value when they can be listed (a switch: both), else ``()``."""
        if type(self.default) is bool:
            return self.choices or (False, True)
        return self.choices

    @property
    def samples(self) -> tuple[OptionValue, ...]:
        """Values worth trying in a test: every choice, or the default and both bounds."""
        if self.values:
            return self.values
        ends = (self.minimum, self.default, self.maximum)
        return tuple(dict.fromkeys(v for v in ends if v is not None))

    def expected(self) -> Text:
        """What the option takes, written for a player (``"on or off"``, ``"one of: A, B"``)."""
        if type(self.default) is bool:
            return Text("on or off: write `{name}=true` or `{name}=false`", name=self.name)
        if self.choices:
            return Text("one of: {values}", values=", ".join(str(c) for c in self.choices))
        if type(self.default) is int:
            low, high = self.minimum, self.maximum
            if low is not None and high is not None:
                return Text("a whole number from {low} to {high}", low=low, high=high)
            if low is not None:
                return Text("a whole number of at least {low}", low=low)
            if high is not None:
                return Text("a whole number of at most {high}", high=high)
            return Text("a whole number")
        return Text("a word")

    def check(self, value: JSON) -> OptionValue:
        """``value`` if the option allows it, else :class:`RuleError` saying what it takes."""
        kind = type(self.default)
        fits = type(value) is kind and (not self.values or value in self.values)
        if fits and kind is int and not self.choices:
            fits = self._in_range(cast(int, value))
        if not fits:
            raise RuleError(
                "The option `{name}` is {expected} (not {value}).",
                name=self.name,
                expected=self.expected(),
                value=repr(value),
            )
        return cast(OptionValue, value)

    def parse(self, text: str) -> OptionValue:
        """The value typed as ``text`` (``"true"``, ``"2"``, ``"c"`` for the word ``"C"``),
        checked; :class:`RuleError` if it is not one the option allows."""
        raw = text.strip()
        kind = type(self.default)
        value: JSON = raw
        if kind is bool:
            value = _SWITCH.get(raw.lower(), raw)
        elif kind is int:
            digits = raw.removeprefix("-")
            if digits.isascii() and digits.isdigit() and len(digits) <= 12:
                value = int(raw)
        else:  # a word is matched without regard to case ("difficulty=c" is C)
            value = next((c for c in self.choices if str(c).lower() == raw.lower()), raw)
        if type(value) is not kind:
            raise RuleError(
                "The option `{name}` is {expected}.", name=self.name, expected=self.expected()
            )
        return self.check(value)

    def _in_range(self, value: int) -> bool:
        low, high = self.minimum, self.maximum
        return (low is None or value >= low) and (high is None or value <= high)


_SWITCH = {"": True, "true": True, "yes": True, "on": True, "1": True}
_SWITCH |= {"false": False, "no": False, "off": False, "0": False}


def check_options(
    title: str, specs: Sequence[OptionSpec], options: Mapping[str, JSON] | None
) -> dict[str, OptionValue]:
    """Every option of a game with its value: those in ``options`` checked against their
    :class:`OptionSpec`, the rest at their defaults. An unknown name or a value the option
    does not allow raises :class:`RuleError` (``title`` names the game in the message)."""
    known = {spec.name: spec for spec in specs}
    out = {spec.name: spec.default for spec in specs}
    for name, value in (options or {}).items():
        spec = known.get(name)
        if spec is None:
            listed = ", ".join(f"`{n}`" for n in known) or Text("none")
            raise RuleError(
                "{title} has no option `{name}`. Options: {listed}.",
                title=Term(title),
                name=name,
                listed=listed,
            )
        out[name] = spec.check(value)
    return out


@dataclass(frozen=True)
class ActionChoice:
    """A legal action with its canonical notation and a friendly label (for menus)."""

    notation: str
    label: str


class Game(Protocol[S, A]):
    """What every game provides. Implementations are stateless singletons."""

    @property
    def key(self) -> str:
        """The game's short name in commands and storage (``"downfall"``)."""
        ...

    @property
    def title(self) -> str:
        """The game's name for players."""
        ...

    @property
    def capabilities(self) -> Capabilities: ...

    @property
    def options(self) -> tuple[OptionSpec, ...]: ...

    def new_game(self, seed: int, players: int, options: Mapping[str, JSON] | None = None) -> S:
        """A fresh game; raises :class:`RuleError` for a bad player count or option."""
        ...

    def pending(self, state: S) -> tuple[Decision[A], ...]:
        """What the game waits for (and offers out of turn) now; empty once it is over."""
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
        """Parse notation (syntax only); raises :class:`NotationError` (never anything else)
        for text that is not an action."""
        ...

    def describe_action(self, state: S, seat: Seat, action: A) -> str:
        """A friendly label for menus and logs, e.g. ``"Play 6 into the house on d4"``."""
        ...

    def secret(self, state: S, seat: Seat, action: A) -> bool:
        """Whether ``seat`` taking ``action`` is itself hidden from the other players (a sealed
        bid, a kept card): they learn only what its events show them (:func:`redact`), which
        the presentation words; the log shows them no notation and no label of it."""
        ...

    def undoable(self, before: S, seat: Seat, action: A, after: S) -> bool:
        """Whether ``seat``'s ``action``, which led from ``before`` to ``after``, may be taken
        back (the host's undo, issue 46): only when it showed nobody anything new (no card
        drawn, nothing revealed, no die rolled) and was not secret, so that taking it back
        cannot let anyone see something and choose again. A game says so per action; the
        default is never."""
        ...

    def version(self, state: S) -> int:
        """How many actions have been applied to reach ``state``."""
        ...

    def state_to_json(self, state: S) -> dict[str, JSON]:
        """The whole state (hidden parts included) as JSON, for storage."""
        ...

    def state_from_json(self, data: Mapping[str, JSON]) -> S:
        """The inverse of :meth:`state_to_json`."""
        ...


def deciders(game: Game[S, A], state: S) -> frozenset[Seat]:
    """Every seat that may act now (out-of-turn options included); empty once over."""
    return frozenset(seat for d in game.pending(state) for seat in d.seats)


def waited(decisions: Iterable[Decision[Any]]) -> frozenset[Seat]:
    """The seats the game waits for among ``decisions`` (options are not waited for)."""
    return frozenset(seat for d in decisions if d.waits for seat in d.seats)


def decision_of(decisions: Iterable[Decision[A]], seat: Seat) -> Decision[A] | None:
    """The decision of ``decisions`` that ``seat`` takes part in (a waited one first)."""
    mine = [d for d in decisions if seat in d.seats]
    return next((d for d in mine if d.waits), mine[0] if mine else None)


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
    able = deciders(game, state)
    if not able:
        raise GameOverError("The game is over; no more moves can be made.")
    if seat not in able:
        raise NotYourTurnError("It is not your turn: you have no decision to make right now.")
    legal = game.legal_actions(state, seat)
    try:
        action = game.parse_action(text)
    except NotationError as error:
        raise NotationError(
            "{reason} Legal now: {legal}", reason=error.reason, legal=legal_summary(game, legal)
        ) from None
    if action not in legal:
        raise IllegalActionError(
            "`{move}` is not a legal move right now. Legal now: {legal}",
            move=text.strip(),
            legal=legal_summary(game, legal),
        )
    return action


def legal_summary(game: Game[S, A], legal: Iterable[A], limit: int = 12) -> str:
    """A short human list of legal notations, e.g. for an error message."""
    texts = [game.format_action(a) for a in legal]
    shown = ", ".join(f"`{t}`" for t in texts[:limit])
    if len(texts) > limit:
        return Text("{shown} and {more} more", shown=shown, more=len(texts) - limit)
    return shown or Text("nothing")


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
