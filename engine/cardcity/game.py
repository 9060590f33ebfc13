"""Pompeji, Frank Brandt's card game: state, rules flow and the engine contract.

Spec: docs/rules/cardcity.md (rulings C1–C19 in its §9); views and events:
docs/views-cardcity.md. A turn is one placement (card, statue or a discard when nothing fits),
then the draw: automatic before the first volcano, a ``draw``/``nodraw`` decision after it.
After every normal turn a *permit window* opens for the seats with permit uses left (the mover
for a second turn, the others to interrupt before the next player); see §4 of the spec.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Literal, cast

from engine.cardcity import rules
from engine.cardcity.actions import (
    CLAIM,
    DECLINE,
    DRAW,
    NODRAW,
    START,
    Action,
    Claim,
    Decline,
    Discard,
    Draw,
    NoDraw,
    PlayCard,
    PlayStatue,
    card_code,
    card_label,
    cell_code,
    identity_label,
)
from engine.cardcity.data import CARDS, STATUE_VALUE, VALUES, VOLCANO
from engine.core import (
    JSON,
    Decision,
    Event,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    OptionSpec,
    Outcome,
    RuleError,
    Seat,
    Transition,
)
from engine.rng import Rng

Stage = Literal["play", "draw", "window", "over"]
"""``play``: ``actor`` places (or discards); ``draw``: ``actor`` decides whether to draw (end
phase); ``window``: permit holders in ``pending`` may claim or decline; ``over``: ended."""

HAND = 3
PILE = 8
"""Each volcano is shuffled into its own pile of 8 building cards [R]."""
STATUE = 100
"""A placed statue is stored in the city as ``STATUE + seat``."""
NO_STATUE = -1

STATE_TYPE = "cardcity.state"
STATE_SCHEMA = 1

WINDOW_CHOICES = (0, 60, 300, 900, 1800, 3600, 14400)  # C16
OPTIONS = (
    OptionSpec(
        "permit_uses",
        "Building permit uses per player: 1 (rulebook) or 2 (the rulebook's variant).",
        1,
        (1, 2),
    ),
    OptionSpec(
        "permit_window",
        "Seconds the other permit holders get to interrupt after each turn (the host times it; "
        "0 = no interrupts, only the mover's second-turn offer).",
        900,
        WINDOW_CHOICES,
    ),
    OptionSpec(
        "first_seat",
        "Who starts: -1 = drawn at random from the seed, else that seat [ADAPT].",
        -1,
        (-1, 0, 1, 2, 3),
    ),
)


@dataclass(frozen=True, slots=True)
class State:
    """The whole game, hidden parts included. Immutable; cells are ``(row, col)`` on a 13 × 13
    grid with the start card on (6, 6) = ``g7``."""

    players: int
    seed: int
    permit_uses: int
    permit_window: int
    first_seat: int
    rng: Rng
    deck: tuple[int, ...]  # face down, top first; VOLCANO marks a volcano
    hands: tuple[tuple[int, ...], ...]
    city: tuple[tuple[int, int, int], ...]  # (row, col, card id or STATUE + seat), in order
    statues: tuple[int, ...]  # per seat: NO_STATUE, or the declared building * 7 + colour
    permits: tuple[int, ...]  # permit uses left per seat
    scores: tuple[int, ...]  # points built so far (hands not yet subtracted)
    discards: tuple[int, ...]
    volcanoes: int  # volcanoes drawn: 0, 1 (end phase) or 2 (over)
    stage: Stage
    turn: Seat  # whose normal turn it is (during a window or permit turn: the one waiting)
    actor: Seat  # who decides in the play/draw stage; -1 otherwise
    permit_turn: bool  # the current play/draw stage is a permit turn
    window_after: Seat  # the mover whose turn opened the current window; -1 otherwise
    holders: tuple[Seat, ...]  # the seats the open window was offered to
    pending: tuple[Seat, ...]  # holders that have not answered yet
    version: int = 0
    last: tuple[int, ...] = ()  # the last placement: (seat, row, col, points)

    @property
    def end_phase(self) -> bool:
        return self.volcanoes >= 1

    @property
    def is_over(self) -> bool:
        return self.stage == "over"

    def grid(self) -> Mapping[rules.Cell, rules.Face]:
        """The city as cell -> face (shared between calls: never mutate it)."""
        return _grid(self.city)

    def frontier(self) -> tuple[rules.Cell, ...]:
        return _frontier(self.city)


@lru_cache(maxsize=64)
def _grid(city: tuple[tuple[int, int, int], ...]) -> Mapping[rules.Cell, rules.Face]:
    return MappingProxyType({(r, c): face_of(item) for r, c, item in city})


@lru_cache(maxsize=64)
def _frontier(city: tuple[tuple[int, int, int], ...]) -> tuple[rules.Cell, ...]:
    return rules.frontier(_grid(city))


_FACES: tuple[rules.Face, ...] = tuple((b, c, VALUES[b][c]) for b in range(7) for c in range(7))


def face_of(item: int) -> rules.Face:
    return rules.NEUTRAL if item >= STATUE else _FACES[item]


def card_value(card: int) -> int:
    return VALUES[card // 7][card % 7]


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _set_hand(
    hands: tuple[tuple[int, ...], ...], seat: Seat, hand: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])


# --------------------------------------------------------------------------- setup


def _options(players: int, options: Mapping[str, JSON] | None) -> dict[str, int]:
    known = {spec.name: spec for spec in OPTIONS}
    values: dict[str, int] = {}
    for name, value in (options or {}).items():
        if name not in known:
            raise RuleError(f"Pompeji has no option `{name}`. Options: {', '.join(known)}.")
        spec = known[name]
        if isinstance(value, bool) or value not in spec.choices:
            choices = ", ".join(str(c) for c in spec.choices)
            raise RuleError(f"Option `{name}` must be one of {choices}, not {value!r}.")
        values[name] = int(value)
    out = {spec.name: int(spec.default) for spec in OPTIONS} | values
    if out["first_seat"] >= players:
        raise RuleError(f"Option `first_seat` must be below the number of players ({players}).")
    return out


def new_game(seed: int, players: int, options: Mapping[str, JSON] | None = None) -> State:
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise RuleError("Pompeji is played by 2 to 4 players.")
    opts = _options(players, options)
    rng = Rng(seed)
    cards, rng = rng.shuffle(range(CARDS))
    hands = tuple(cards[HAND * s : HAND * (s + 1)] for s in range(players))
    rest = cards[HAND * players :]
    first_pile, rng = rng.shuffle((*rest[:PILE], VOLCANO))
    second_pile, rng = rng.shuffle((*rest[PILE : 2 * PILE], VOLCANO))
    deck = (*rest[2 * PILE :], *first_pile, *second_pile)
    start, deck = deck[0], deck[1:]
    first = opts["first_seat"]
    if first < 0:  # C12
        first, rng = rng.below(players)
    return State(
        players=players,
        seed=seed,
        permit_uses=opts["permit_uses"],
        permit_window=opts["permit_window"],
        first_seat=first,
        rng=rng,
        deck=deck,
        hands=hands,
        city=((*START, start),),
        statues=(NO_STATUE,) * players,
        permits=(opts["permit_uses"],) * players,
        scores=(0,) * players,
        discards=(),
        volcanoes=0,
        stage="play",
        turn=first,
        actor=first,
        permit_turn=False,
        window_after=-1,
        holders=(),
        pending=(),
    )


# --------------------------------------------------------------------------- legality


def can_place(state: State, seat: Seat) -> bool:
    """Whether ``seat`` has any legal placement (a hand card, or its unused statue)."""
    return _can_place(state.city, state.hands[seat], state.statues[seat] == NO_STATUE)


@lru_cache(maxsize=256)
def _can_place(city: tuple[tuple[int, int, int], ...], hand: tuple[int, ...], statue: bool) -> bool:
    cells = _frontier(city)
    if not cells:
        return False  # C15: a full 7 x 7 city
    if statue:
        return True  # a frontier cell has at most 4 neighbours: some identity always fits
    grid = _grid(city)
    return any(rules.conflict(grid, cell, face_of(card)) is None for card in hand for cell in cells)


def _hand_fits(state: State, seat: Seat) -> bool:
    """Whether some card in ``seat``'s hand has a legal placement (the statue aside)."""
    return _can_place(state.city, state.hands[seat], False)


def to_act(state: State) -> frozenset[Seat]:
    if state.stage == "window":
        return frozenset(state.pending)
    if state.stage in ("play", "draw"):
        return frozenset((state.actor,))
    return frozenset()


def legal_actions(state: State, seat: Seat) -> list[Action]:
    if seat not in to_act(state):
        return []
    if state.stage == "draw":
        return [DRAW, NODRAW]
    if state.stage == "window":  # C5: only a holder who can place may claim
        return [CLAIM, DECLINE] if can_place(state, seat) else [DECLINE]
    grid = state.grid()
    cells = state.frontier()
    forbidden = [rules.forbidden(grid, cell) for cell in cells]
    out: list[Action] = []
    for card in sorted(state.hands[seat]):
        b, c = divmod(card, 7)
        out.extend(
            PlayCard(card, cell)
            for cell, (bad_b, bad_c) in zip(cells, forbidden, strict=True)
            if b not in bad_b and c not in bad_c
        )
    hand_fits = bool(out)
    if state.statues[seat] == NO_STATUE:  # C13: every identity the neighbours allow
        for cell, (bad_buildings, bad_colours) in zip(cells, forbidden, strict=True):
            colours = [c for c in range(7) if c not in bad_colours]
            for b in range(7):
                if b not in bad_buildings:
                    out.extend(PlayStatue(b, c, cell) for c in colours)
    if not hand_fits and not state.permit_turn:  # C14; a permit turn only places (C7, §5.15)
        out.extend(Discard(card) for card in sorted(state.hands[seat]))
    return out


def _check(state: State, seat: Seat, action: Action) -> None:
    """Raise a :class:`RuleError` explaining why ``action`` is not legal now, if it is not.
    Accepts exactly the members of :func:`legal_actions` (the playout tests hold it to that)."""
    if state.is_over:
        raise GameOverError("The game is over; no more moves can be made.")
    if seat not in to_act(state):
        if not 0 <= seat < state.players:
            raise NotYourTurnError(f"There is no seat {seat} in this game.")
        if state.stage == "window":
            raise NotYourTurnError(
                "It is not your turn, and you have no building permit decision to make now."
            )
        raise NotYourTurnError(f"It is not your turn: waiting for seat {state.actor}.")
    if state.stage == "window":
        if isinstance(action, Claim) and not can_place(state, seat):
            raise IllegalActionError(
                "You cannot use your permit now: nothing in your hand (and no statue) fits "
                "anywhere in the city."
            )
        if not isinstance(action, Claim | Decline):
            raise IllegalActionError(
                "A building permit window is open: `claim` to use your permit now, or `decline`."
            )
        return
    if state.stage == "draw":
        if not isinstance(action, Draw | NoDraw):
            raise IllegalActionError("Your play is done: choose `draw` or `nodraw`.")
        return
    match action:
        case PlayCard(card, cell):
            if card not in state.hands[seat]:
                raise IllegalActionError(f"You don't hold {card_label(card)}.")
            reason = rules.why_illegal(state.grid(), cell, face_of(card))
            if reason:
                raise IllegalActionError(
                    f"{card_label(card)} cannot go on {cell_code(cell)}: {reason}."
                )
        case PlayStatue(b, c, cell):
            if state.statues[seat] != NO_STATUE:
                raise IllegalActionError("You have already played your statue.")
            reason = rules.why_illegal(state.grid(), cell, (b, c, STATUE_VALUE))
            if reason:
                raise IllegalActionError(
                    f"Your statue as {identity_label(b, c)} cannot go on {cell_code(cell)}: "
                    f"{reason}."
                )
        case Discard(card):
            if state.permit_turn:
                raise IllegalActionError("A permit turn must place a card or your statue.")
            if card not in state.hands[seat]:
                raise IllegalActionError(f"You don't hold {card_label(card)}.")
            if _hand_fits(state, seat):
                raise IllegalActionError(
                    "You may discard only when none of your cards fits in the city."
                )
        case Decline():
            if state.permit_turn:  # C7
                raise IllegalActionError(
                    "Your claim commits you: this permit turn must place a card or your statue."
                )
            raise IllegalActionError("It is your turn: play a card (or discard if none fits).")
        case Draw() | NoDraw() | Claim():
            raise IllegalActionError(
                "It is your turn to place: "
                + ("play a card or your statue." if state.permit_turn else "play a card.")
            )
        case _:
            raise IllegalActionError(f"That is not a Pompeji move: {action!r}.")


# --------------------------------------------------------------------------- apply


_FIELDS = tuple(f.name for f in fields(State))


class _Turn:
    """A scratchpad for one ``apply``: the state it started from, the changes so far and the
    events. Fields read through its properties see the changes; a new immutable
    :class:`State` is built once, at the end (``freeze``)."""

    def __init__(self, state: State) -> None:
        self._state = state
        self._changes: dict[str, object] = {}
        self.events: list[Event] = []

    def set(self, **changes: object) -> None:
        self._changes.update(changes)

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def freeze(self) -> State:
        old, new = self._state, self._changes
        return State(*[new[f] if f in new else getattr(old, f) for f in _FIELDS])  # type: ignore[arg-type]

    def _get(self, name: str) -> object:
        return self._changes[name] if name in self._changes else getattr(self._state, name)

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def permit_window(self) -> int:
        return self._state.permit_window

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        return cast(tuple[tuple[int, ...], ...], self._get("hands"))

    @property
    def deck(self) -> tuple[int, ...]:
        return cast(tuple[int, ...], self._get("deck"))

    @property
    def city(self) -> tuple[tuple[int, int, int], ...]:
        return cast(tuple[tuple[int, int, int], ...], self._get("city"))

    @property
    def scores(self) -> tuple[int, ...]:
        return cast(tuple[int, ...], self._get("scores"))

    @property
    def permits(self) -> tuple[int, ...]:
        return cast(tuple[int, ...], self._get("permits"))

    @property
    def volcanoes(self) -> int:
        return cast(int, self._get("volcanoes"))

    @property
    def permit_turn(self) -> bool:
        return cast(bool, self._get("permit_turn"))

    @property
    def turn(self) -> Seat:
        return cast(int, self._get("turn"))

    @property
    def actor(self) -> Seat:
        return cast(int, self._get("actor"))


def apply(state: State, seat: Seat, action: Action) -> Transition[State]:
    _check(state, seat, action)
    t = _Turn(state)
    match action:
        case PlayCard(card, cell):
            hand = list(state.hands[seat])
            hand.remove(card)
            t.set(hands=_set_hand(state.hands, seat, tuple(hand)))
            _place(t, seat, cell, card, face_of(card), {"card": card_code(card)})
            _draw_step(t, seat)
        case PlayStatue(b, c, cell):
            t.set(statues=_set(state.statues, seat, b * 7 + c))
            declared = card_code(b * 7 + c)
            _place(t, seat, cell, STATUE + seat, (b, c, STATUE_VALUE), {"declared": declared})
            _end_turn(t)  # no draw after a statue [R]
        case Discard(card):
            hand = list(state.hands[seat])
            hand.remove(card)
            t.set(hands=_set_hand(state.hands, seat, tuple(hand)), discards=(*state.discards, card))
            t.emit({"type": "CardDiscarded", "seat": seat, "card": card_code(card)})
            _draw_step(t, seat)
        case Draw():
            _draw(t, seat)
        case NoDraw():
            t.emit({"type": "DrawSkipped", "seat": seat})
            _end_turn(t)
        case Claim():
            kind = "second_turn" if seat == state.window_after else "interrupt"
            t.emit({"type": "PermitClaimed", "seat": seat, "kind": kind})
            t.set(
                stage="play", actor=seat, permit_turn=True, window_after=-1, holders=(), pending=()
            )
        case Decline():
            pending = tuple(s for s in state.pending if s != seat)
            t.emit({"type": "PermitDeclined", "seat": seat})
            t.set(pending=pending)
            if not pending:
                _close_window(t)
    t.set(version=state.version + 1)
    return Transition(t.freeze(), tuple(t.events))


def _place(
    t: _Turn, seat: Seat, cell: rules.Cell, item: int, face: rules.Face, what: dict[str, JSON]
) -> None:
    streets = rules.score(_grid(t.city), cell, face)
    gained = sum(st.points for st in streets)
    kind = "StatuePlayed" if item >= STATUE else "CardPlayed"
    event: Event = {"type": kind, "seat": seat, **what, "cell": cell_code(cell)}
    event["points"] = gained
    event["streets"] = [
        {
            "line": st.line,
            "cells": [cell_code(c) for c in st.cells],
            "building": st.building,
            "colour": st.colour,
            "seventh": st.seventh,
        }
        for st in streets
    ]
    event["permit"] = t.permit_turn
    t.emit(event)
    scores = t.scores
    t.set(
        city=(*t.city, (*cell, item)),
        scores=_set(scores, seat, scores[seat] + gained),
        last=(seat, *cell, gained),
    )
    if t.permit_turn:  # C7: the permit is spent when the card or statue is placed
        left = t.permits[seat] - 1
        t.set(permits=_set(t.permits, seat, left))
        t.emit({"type": "PermitSpent", "seat": seat, "uses_left": left})


def _draw_step(t: _Turn, seat: Seat) -> None:
    """A draw is due: automatic before the first volcano or with an empty hand, else a choice
    (C9)."""
    if t.volcanoes == 0 or not t.hands[seat]:
        _draw(t, seat)
    else:
        t.set(stage="draw", actor=seat)


def _draw(t: _Turn, seat: Seat) -> None:
    deck = t.deck
    card = deck[0]
    t.set(deck=deck[1:])
    if card == VOLCANO:
        number = t.volcanoes + 1
        t.set(volcanoes=number)
        t.emit({"type": "VolcanoDrawn", "seat": seat, "number": number})
        if number == 2:
            _game_over(t)
        else:  # set aside; the drawer decides whether to draw a replacement [R] (C8)
            _draw_step(t, seat)
        return
    hands = t.hands
    t.set(hands=_set_hand(hands, seat, (*hands[seat], card)))
    t.emit(
        {
            "type": "CardDrawn",
            "seat": seat,
            "secret": {"card": card_code(card)},
            "secret_for": [seat],
        }
    )
    _end_turn(t)


def _end_turn(t: _Turn) -> None:
    if t.permit_turn:  # the gap is spent (C6): the player who was due plays now [R]
        t.set(stage="play", actor=t.turn, permit_turn=False)
        return
    # C3: one window, the mover (second turn) and, unless the window is 0 s, the others with a
    # use left except the next player (C4), whether or not they can place (C5).
    mover = t.actor
    nxt = (mover + 1) % t.players
    permits = t.permits
    holders = [mover] if permits[mover] > 0 else []
    if t.permit_window > 0:
        holders += [r for r in range(t.players) if r not in (mover, nxt) and permits[r] > 0]
    holders.sort()
    if holders:
        t.emit({"type": "WindowOpened", "after": mover, "next": nxt, "holders": holders})
        t.set(
            stage="window",
            turn=nxt,
            actor=-1,
            window_after=mover,
            holders=tuple(holders),
            pending=tuple(holders),
        )
    else:
        t.set(stage="play", turn=nxt, actor=nxt)


def _close_window(t: _Turn) -> None:
    t.emit({"type": "WindowClosed", "next": t.turn})
    t.set(stage="play", actor=t.turn, window_after=-1, holders=(), pending=())


def hand_penalty(state: State, seat: Seat) -> int:
    return sum(card_value(card) for card in state.hands[seat])


def _game_over(t: _Turn) -> None:
    t.set(stage="over", actor=-1, permit_turn=False, window_after=-1, holders=(), pending=())
    s = t.freeze()
    result = outcome(s)
    assert result is not None
    t.emit(
        {
            "type": "GameEnded",
            "reason": result.reason,
            "hands": [[card_code(c) for c in hand] for hand in s.hands],  # C10
            "penalties": [hand_penalty(s, seat) for seat in range(s.players)],
            "final": [result.scores[seat]["final"] for seat in range(s.players)],
            "winners": sorted(result.winners),
        }
    )


def outcome(state: State) -> Outcome | None:
    if not state.is_over:
        return None
    finals = [state.scores[s] - hand_penalty(state, s) for s in range(state.players)]
    places = tuple(1 + sum(f > mine for f in finals) for mine in finals)  # C11: ties share
    return Outcome(
        places=places,
        winners=frozenset(s for s, p in enumerate(places) if p == 1),
        scores=tuple(
            {"final": finals[s], "built": state.scores[s], "hand": -hand_penalty(state, s)}
            for s in range(state.players)
        ),
        reason="The second volcano erupted: Pompeji is destroyed.",
    )


def pending(state: State) -> tuple[Decision[Action], ...]:
    """What the game waits for: the seat placing or deciding to draw (a claimed permit turn
    too: it has no default, the table's timeout policy plays it like any turn, C7), or the
    permit holders of an open window, who each decline when the window's time runs out (C3,
    C16; with ``permit_window`` 0 only the mover is asked, with the table's time per move)."""
    if state.stage == "window":
        return (
            Decision(
                "window",
                frozenset(state.pending),
                key=f"window:{len(state.city)}:{len(state.discards)}:{state.volcanoes}",
                time_limit=float(state.permit_window) if state.permit_window > 0 else None,
                defaults=dict.fromkeys(state.pending, DECLINE),
            ),
        )
    if state.stage in ("play", "draw"):
        return (Decision("turn", frozenset((state.actor,)), key=f"turn:{state.version}"),)
    return ()


# --------------------------------------------------------------------------- labels


def describe_action(state: State, seat: Seat, action: Action) -> str:
    match action:
        case PlayCard(card, cell):
            gain = rules.points(state.grid(), cell, face_of(card))
            return f"Play {card_label(card)} on {cell_code(cell)} (+{gain})"
        case PlayStatue(b, c, cell):
            gain = rules.points(state.grid(), cell, (b, c, STATUE_VALUE))
            return f"Play your statue as {identity_label(b, c)} on {cell_code(cell)} (+{gain})"
        case Discard(card):
            if state.end_phase and len(state.hands[seat]) > 1:
                return f"Discard {card_label(card)} (nothing fits), then draw or not"
            return f"Discard {card_label(card)} (nothing fits) and draw"
        case Draw():
            return "Draw a card"
        case NoDraw():
            return "Keep your hand (draw nothing)"
        case Claim():
            if seat == state.window_after:
                return "Use your building permit: take another turn now"
            return "Use your building permit: play now, before the next player"
        case Decline():
            return "Let it pass (keep your permit)"
    raise TypeError(f"not a Pompeji action: {action!r}")


# --------------------------------------------------------------------------- JSON


def state_to_json(state: State) -> dict[str, JSON]:
    return {
        "type": STATE_TYPE,
        "schema": STATE_SCHEMA,
        "players": state.players,
        "seed": state.seed,
        "permit_uses": state.permit_uses,
        "permit_window": state.permit_window,
        "first_seat": state.first_seat,
        "rng": [state.rng.seed, state.rng.counter],
        "deck": list(state.deck),
        "hands": [list(h) for h in state.hands],
        "city": [list(entry) for entry in state.city],
        "statues": list(state.statues),
        "permits": list(state.permits),
        "scores": list(state.scores),
        "discards": list(state.discards),
        "volcanoes": state.volcanoes,
        "stage": state.stage,
        "turn": state.turn,
        "actor": state.actor,
        "permit_turn": state.permit_turn,
        "window_after": state.window_after,
        "holders": list(state.holders),
        "pending": list(state.pending),
        "version": state.version,
        "last": list(state.last),
    }


def state_from_json(data: Mapping[str, JSON]) -> State:
    if data.get("type") != STATE_TYPE or data.get("schema") != STATE_SCHEMA:
        raise ValueError(f"not a Pompeji state (schema {STATE_SCHEMA}): {data.get('type')!r}")
    stage = data["stage"]
    if stage not in ("play", "draw", "window", "over"):
        raise ValueError(f"unknown stage {stage!r}")
    return State(
        players=int(data["players"]),
        seed=int(data["seed"]),
        permit_uses=int(data["permit_uses"]),
        permit_window=int(data["permit_window"]),
        first_seat=int(data["first_seat"]),
        rng=Rng(int(data["rng"][0]), int(data["rng"][1])),
        deck=_ints(data["deck"]),
        hands=tuple(_ints(h) for h in data["hands"]),
        city=tuple((int(r), int(c), int(i)) for r, c, i in data["city"]),
        statues=_ints(data["statues"]),
        permits=_ints(data["permits"]),
        scores=_ints(data["scores"]),
        discards=_ints(data["discards"]),
        volcanoes=int(data["volcanoes"]),
        stage=stage,
        turn=int(data["turn"]),
        actor=int(data["actor"]),
        permit_turn=bool(data["permit_turn"]),
        window_after=int(data["window_after"]),
        holders=_ints(data["holders"]),
        pending=_ints(data["pending"]),
        version=int(data["version"]),
        last=_ints(data["last"]),
    )


def _ints(values: JSON) -> tuple[int, ...]:
    return tuple(map(int, values))


# --------------------------------------------------------------------------- determinize


def determinize(state: State, seat: Seat, seed: int) -> State:
    """A state ``seat`` cannot tell apart from ``state`` (ruling C17).

    The other hands and the deck order are resampled from the cards ``seat`` has not seen,
    with the same hand sizes; each volcano still in the deck goes back to a random position of
    its own 9-card pile (the bottom 18 cards of the original deck: the first volcano's pile
    above, the second's at the very bottom)."""
    rng = Rng(seed)
    unseen = [c for c in state.deck if c != VOLCANO]
    for other in range(state.players):
        if other != seat:
            unseen.extend(state.hands[other])
    pool, rng = rng.shuffle(sorted(unseen))
    hands = list(state.hands)
    at = 0
    for other in range(state.players):
        if other != seat:
            size = len(state.hands[other])
            hands[other] = pool[at : at + size]
            at += size
    building_cards = list(pool[at:])
    size = len(state.deck)
    volcano_at: list[int] = []
    if state.volcanoes == 0:  # the first pile spans deck positions size-18 .. size-10
        lo = max(0, size - 2 * (PILE + 1))
        pos, rng = rng.below(size - (PILE + 1) - lo)
        volcano_at.append(lo + pos)
    if state.volcanoes <= 1:  # the second pile is the bottom 9 (or what is left of it)
        lo = max(0, size - (PILE + 1))
        pos, rng = rng.below(size - lo)
        volcano_at.append(lo + pos)
    deck: list[int] = []
    cards = iter(building_cards)
    for i in range(size):
        deck.append(VOLCANO if i in volcano_at else next(cards))
    return replace(state, hands=tuple(hands), deck=tuple(deck))


def playout(state: State, seed: int) -> State:
    """Play uniformly random legal actions until the game ends (for the AI's rollouts): a
    random seat among those to act, then a random one of its legal actions."""
    rng = Rng(seed)
    while True:
        seats = sorted(to_act(state))
        if not seats:
            return state
        i, rng = rng.below(len(seats))
        actions = legal_actions(state, seats[i])
        j, rng = rng.below(len(actions))
        state = apply(state, seats[i], actions[j]).state
