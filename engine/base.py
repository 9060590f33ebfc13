"""What every game shares, so that a game writes only its rules (in the spirit of OpenSpiel's
shared game machinery).

A game is a :class:`RulesGame`: its rules as plain functions (set up, what is pending, what is
legal, how a legal action plays out, the views, the result, the notation) and the base
supplies the rest of the :class:`~engine.core.Game` contract:

- ``new_game`` checks the table size against the capabilities and every option against its
  :class:`~engine.core.OptionSpec` before the game's ``setup`` sees them;
- ``apply`` accepts exactly ``legal_actions`` (or the game's faster ``is_legal``, which the
  conformance suite holds to the same set), refuses anything else with the right error and the
  game's reason (``refusal``), and counts the version: ``play`` never touches it;
- ``version``, ``state_to_json`` and ``state_from_json`` (:class:`StateCodec`: JSON for the
  frozen dataclass of the state, read back by its type hints).

Helpers for what several games do the same way: :func:`ranked` (places by figures, ties
shared) and :func:`choice_event` (a choice revised in a step everyone decides at once, in the
open or sealed until the step reveals it).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar, Union, cast, get_args, get_origin

from engine.core import (
    JSON,
    Capabilities,
    Decision,
    Event,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    OptionSpec,
    OptionValue,
    Outcome,
    OutcomeKind,
    RuleError,
    Seat,
    Transition,
    check_options,
    deciders,
)
from engine.text import Term, Text


class Versioned(Protocol):
    """A game state: a frozen dataclass that counts the actions applied to reach it."""

    @property
    def version(self) -> int: ...


S = TypeVar("S", bound=Versioned)
A = TypeVar("A")
T = TypeVar("T")


def _no_reason(state: Any, seat: Seat, action: Any) -> str | None:
    return None


def _public(state: Any, seat: Seat, action: Any) -> bool:
    return False


@dataclass(frozen=True, eq=False)
class RulesGame(Generic[S, A]):
    """A game as its rules; an instance is the game's engine (see the module's docstring).

    The game writes:

    - ``setup(seed, players, options)``: a fresh state; ``options`` holds every option, checked
      and with its default filled in; ``players`` is one of ``capabilities.player_counts``;
    - ``pending``, ``legal_actions``, ``view``, ``outcome``, ``format_action``,
      ``parse_action``, ``describe_action``: as :class:`~engine.core.Game` has them;
    - ``play(state, seat, action)``: the rules applied to an action known to be legal (the
      version is counted by ``apply``; searches may call ``play`` directly);
    - optionally ``is_legal(state, seat, action)``: a faster membership test of
      ``legal_actions``; ``refusal(state, seat, action)``: why an action is not legal, in the
      player's words (``None``: the base says it in general terms); ``secret(state, seat,
      action)``: whether the action itself is hidden from the other players (they learn only
      what its events show them); ``determinize(state, seat, seed)``: a state ``seat`` cannot
      tell apart from ``state`` (every game with hidden information gives one: the AI
      searches with it and the conformance suite proves with it that no view leaks);
      ``reveals(before, seat, action, after)``: whether a legal action showed anything new (a
      draw, a reveal, a die): an action that did not, and is not secret, may be taken back
      (:meth:`undoable`; without it, no action may).

    Every field is a module-level function, so the engine pickles (it is sent to the AI's
    worker processes).
    """

    key: str
    title: str
    capabilities: Capabilities
    state: StateCodec[S]
    setup: Callable[[int, int, Mapping[str, OptionValue]], S]
    pending: Callable[[S], tuple[Decision[A], ...]]
    legal_actions: Callable[[S, Seat], Sequence[A]]
    play: Callable[[S, Seat, A], Transition[S]]
    view: Callable[[S, Seat | None], dict[str, JSON]]
    outcome: Callable[[S], Outcome | None]
    format_action: Callable[[A], str]
    parse_action: Callable[[str], A]
    describe_action: Callable[[S, Seat, A], str]
    options: tuple[OptionSpec, ...] = ()
    is_legal: Callable[[S, Seat, A], bool] | None = None
    refusal: Callable[[S, Seat, A], str | None] = _no_reason
    secret: Callable[[S, Seat, A], bool] = _public
    determinize: Callable[[S, Seat, int], S] | None = None
    reveals: Callable[[S, Seat, A, S], bool] | None = None

    def new_game(self, seed: int, players: int, options: Mapping[str, JSON] | None = None) -> S:
        counts = self.capabilities.player_counts
        if type(players) is not int or players not in counts:
            raise RuleError(
                "{game} is played by {players}.", game=Term(self.title), players=_counts(counts)
            )
        return self.setup(seed, players, check_options(self.title, self.options, options))

    def apply(self, state: S, seat: Seat, action: A) -> Transition[S]:
        if self.is_legal is not None:
            legal = self.is_legal(state, seat, action)
        else:
            legal = action in self.legal_actions(state, seat)
        if not legal:
            raise self._refuse(state, seat, action)
        done = self.play(state, seat, action)
        counted = dataclasses.replace(cast(Any, done.state), version=state.version + 1)
        return Transition(counted, done.events, done.checkpoint)

    def undoable(self, before: S, seat: Seat, action: A, after: S) -> bool:
        """Whether the action may be taken back: the game says it revealed nothing, and it is
        not secret (a secret move must never show by being taken back)."""
        if self.reveals is None or self.secret(before, seat, action):
            return False
        return not self.reveals(before, seat, action, after)

    def version(self, state: S) -> int:
        return state.version

    def state_to_json(self, state: S) -> dict[str, JSON]:
        return self.state.to_json(state)

    def state_from_json(self, data: Mapping[str, JSON]) -> S:
        return self.state.from_json(data)

    def _refuse(self, state: S, seat: Seat, action: A) -> RuleError:
        able = deciders(self, state)
        if not able:
            return GameOverError("The game is over; no more moves can be made.")
        reason = self.refusal(state, seat, action)
        if seat not in able:
            return NotYourTurnError(
                reason or "It is not your turn: you have no decision to make right now."
            )
        if reason:
            return IllegalActionError(reason)
        return IllegalActionError(
            "`{move}` is not a legal move right now.", move=self.format_action(action)
        )


def _counts(counts: Sequence[int]) -> Text:
    """``(2, 3, 4)`` -> ``"2 to 4 players"``, ``(2, 4)`` -> ``"2 or 4 players"``."""
    ordered = sorted(counts)
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return Text("{low} to {high} players", low=ordered[0], high=ordered[-1])
    if len(ordered) == 1:
        return Text("1 player") if ordered[0] == 1 else Text("{n} players", n=ordered[0])
    return Text(
        "{some} or {last} players", some=", ".join(map(str, ordered[:-1])), last=ordered[-1]
    )


# --------------------------------------------------------------------------- state JSON

Encode = Callable[[Any], JSON]
Decode = Callable[[JSON], Any]


class StateCodec(Generic[T]):
    """JSON for a frozen dataclass state, hidden parts included (storage only).

    ``to_json`` writes ``{"type": tag, "schema": schema, <field>: <value>, ...}``: tuples as
    lists, nested dataclasses as objects of their fields, values with a ``to_json`` method
    (:class:`~engine.rng.Rng`) as it says. ``from_json`` reads it back by the fields' type
    hints (``tuple[int, ...]``, ``X | None``, ``Literal[...]``, nested dataclasses, classes
    with a ``from_json``) and refuses another game's or another schema's state. A field that
    older snapshots lack reads as ``added[name]`` (JSON) or, failing that, its default.
    ``fields`` gives a field its own ``(encode, decode)`` where its type does not say enough
    (a union of action classes stored as notation).
    """

    def __init__(
        self,
        cls: type[T],
        tag: str,
        schema: int,
        *,
        added: Mapping[str, JSON] | None = None,
        fields: Mapping[str, tuple[Encode, Decode]] | None = None,
    ) -> None:
        self.cls, self.tag, self.schema = cls, tag, schema
        self.added = dict(added or {})
        self.custom = dict(fields or {})
        self._decoders: dict[str, Decode] | None = None
        names = {f.name for f in dataclasses.fields(cast(Any, cls))}
        unknown = (set(self.added) | set(self.custom)) - names
        if unknown:
            raise ValueError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")

    def __getstate__(self) -> dict[str, Any]:
        # The readers built on first use are closures; a game (and its codec) is sent to the
        # AI worker processes, which build their own.
        return {**self.__dict__, "_decoders": None}

    def to_json(self, state: T) -> dict[str, JSON]:
        out: dict[str, JSON] = {"type": self.tag, "schema": self.schema}
        for field in dataclasses.fields(cast(Any, state)):
            value = getattr(state, field.name)
            custom = self.custom.get(field.name)
            out[field.name] = custom[0](value) if custom else plain(value)
        return out

    def from_json(self, data: Mapping[str, JSON]) -> T:
        if data.get("type") != self.tag or data.get("schema") != self.schema:
            raise RuleError(
                "This saved game is not a {tag} state (schema {schema}) that this version can "
                "read.",
                tag=self.tag,
                schema=self.schema,
            )
        if self._decoders is None:
            hints = typing.get_type_hints(self.cls)
            self._decoders = {
                f.name: self.custom[f.name][1] if f.name in self.custom else decoder(hints[f.name])
                for f in dataclasses.fields(cast(Any, self.cls))
            }
        values: dict[str, Any] = {}
        for field in dataclasses.fields(cast(Any, self.cls)):
            if field.name in data:
                values[field.name] = self._decoders[field.name](data[field.name])
            elif field.name in self.added:
                values[field.name] = self._decoders[field.name](self.added[field.name])
            elif field.default is not dataclasses.MISSING:
                values[field.name] = field.default
            else:
                raise ValueError(f"the saved {self.tag} state has no {field.name!r}")
        return self.cls(**values)


_SCALARS = frozenset({type(None), bool, int, float, str})
"""The exact types :func:`plain` keeps as they are, tried first (a state is mostly these)."""


def plain(value: Any) -> JSON:
    """``value`` as JSON: tuples as lists, dataclasses as objects, ``to_json`` where given."""
    kind = type(value)
    if kind in _SCALARS:
        return cast(JSON, value)
    if kind is tuple or kind is list:
        return [v if type(v) in _SCALARS else plain(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if hasattr(value, "to_json"):
        return cast(JSON, value.to_json())
    if dataclasses.is_dataclass(value):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def decoder(hint: Any) -> Decode:
    """A function reading JSON back into a value of type ``hint``."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any:
        return _same
    if hint in (bool, int, float, str):
        return _exact(hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = decoder(args[0])
            return lambda v: tuple(item(x) for x in v)
        items = [decoder(a) for a in args]
        return lambda v: tuple(d(x) for d, x in zip(items, v, strict=True))
    if origin in (Union, types.UnionType):
        kinds = [a for a in args if a is not type(None)]
        if len(kinds) != 1:
            raise TypeError(f"{hint}: give the field its own codec (StateCodec fields=)")
        inner = decoder(kinds[0])
        return lambda v: None if v is None else inner(v)
    if origin is Literal:
        return _one_of(args)
    if origin is dict or hint is dict:
        return dict
    if hasattr(hint, "from_json"):
        return cast(Decode, hint.from_json)
    if dataclasses.is_dataclass(hint):
        return _dataclass(hint)
    raise TypeError(f"cannot read {hint} from JSON")


def _same(value: JSON) -> JSON:
    return value


def _exact(kind: type) -> Decode:
    def read(value: JSON) -> Any:
        if kind is float and type(value) is int:
            return float(value)
        if type(value) is not kind:
            raise ValueError(f"expected {kind.__name__}, found {value!r}")
        return value

    return read


def _one_of(allowed: tuple[Any, ...]) -> Decode:
    def read(value: JSON) -> Any:
        if value not in allowed:
            raise ValueError(f"{value!r} is none of {allowed}")
        return value

    return read


def _dataclass(cls: Any) -> Decode:
    hints = typing.get_type_hints(cls)
    parts = [(f, decoder(hints[f.name])) for f in dataclasses.fields(cls)]

    def read(value: JSON) -> Any:
        if isinstance(value, list):  # written as the list of its fields, in order
            value = {f.name: v for (f, _), v in zip(parts, value, strict=True)}
        return cls(**{f.name: d(value[f.name]) for f, d in parts if f.name in value})

    return read


# --------------------------------------------------------------------------- shared helpers


def ranked(
    figures: Sequence[Mapping[str, int]],
    order: Sequence[str],
    *,
    reason: str = "",
    kind: OutcomeKind = "ranking",
    title: str = "",
) -> Outcome:
    """An :class:`~engine.core.Outcome` ranking the seats by their ``figures``, compared key by
    key in ``order`` (more is better; ``"-volcano"``: less is better). Seats equal on every
    key share a place (1, 2, 2, 4); the winners are the seats in first place."""
    keys = [tuple(-f[k[1:]] if k.startswith("-") else f[k] for k in order) for f in figures]
    places = tuple(1 + sum(other > mine for other in keys) for mine in keys)
    return Outcome(
        places=places,
        winners=frozenset(s for s, p in enumerate(places) if p == 1),
        scores=tuple(dict(f) for f in figures),
        reason=reason,
        kind=kind,
        title=title,
    )


def choice_event(event: Event, seat: Seat, choice: Mapping[str, JSON], *, sealed: bool) -> Event:
    """``event`` telling that ``seat`` revised its choice in a step everyone decides at once:
    the ``choice`` fields in the open, or, ``sealed``, under ``"secret"`` for ``seat`` alone
    (:func:`engine.core.redact` removes them for everyone else until the step reveals all)."""
    if sealed:
        return {**event, "secret": dict(choice), "secret_for": [seat]}
    return {**event, **choice}


__all__ = [
    "RulesGame",
    "StateCodec",
    "Versioned",
    "choice_event",
    "decoder",
    "plain",
    "ranked",
]
