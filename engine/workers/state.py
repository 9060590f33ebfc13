"""The state of a Pompeii game: one frozen value of tuples, and a scratchpad to change it.

Goods are ints (positions in ``goods.json``), buildings their numbers 1–20, cards their ids.
A worker space is an int: a resource field is its good's index (< 100), building ``b`` is
``100 + b``, and Costruzione, Porta and Piazza are 200–202. ``board`` lists this round's
placements in order as ``(space, seat, marker)``; ``marker`` is 1 for an extra action marked with
a coin (S05, C01, extra-action cards), 0 for a worker.

:class:`Work` is the only mutable thing: ``apply`` copies the state into one, changes it and
freezes a new :class:`State` once at the end (no ``deepcopy``; untouched tuples are shared).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from engine.base import StateCodec
from engine.core import JSON, Event
from engine.rng import Rng
from engine.workers.catalog import CATALOG, Goods

SCHEMA = 1
STATE_TYPE = "workers.state"

BUILDING = 100
COSTRUZIONE, PORTA, PIAZZA = 200, 201, 202

NONE, READY, INJURED, MARCHED = 0, 1, 2, 3
"""Army states per seat."""

# Stages (the view's ``stage``).
SETUP_RED = "setup_red"
SETUP_GOODS = "setup_goods"
PLACE = "place"
OFFERING = "offering"
REWARD = "reward"
OVER = "over"
ROUND_END = "round_end"
"""A transient stage inside ``apply``: the round is over, the next one starts at once."""


@dataclass(frozen=True, slots=True)
class Options:
    """The table's options (see ``engine.workers.setup.OPTIONS``)."""

    difficulty: str = "B"
    all_cards: bool = False
    apocalypse_bottom: bool = False
    foro_wait: bool = False
    trade_steps: bool = False
    no_textoria: bool = False
    offering_window: int = 3600
    first_seat: int = -1
    secret_pledges: bool = False


@dataclass(frozen=True, slots=True)
class Prompt:
    """A pending sub-decision of one seat (the head of ``State.prompts`` is the current one).

    ``kind`` names it (``trade``, ``piazza``, ``bonus``, ``steal``, ``give``, ``mark``,
    ``injure``, ``take``, ``cover``, ``keep``, ``stack``, ``choose``, ``freebuild``, ``seize``,
    ``recover``); ``n``, ``ref`` and ``goods`` are its parameters (a victim seat, a card id, the
    goods an owner may choose from, ...)."""

    kind: str
    seat: int
    n: int = 0
    ref: str = ""
    goods: tuple[int, ...] = ()

    def to_json(self) -> list[JSON]:
        """Stored as the list of its fields, in order (read back by ``engine.base``)."""
        return [self.kind, self.seat, self.n, self.ref, list(self.goods)]


@dataclass(frozen=True, slots=True)
class State:
    players: int
    seed: int
    options: Options
    rng: Rng
    version: int
    stage: str
    round: int
    prosperity: bool  # the Foro stands: offerings end every round
    start: int  # start player of this round
    turn: int  # whose placement turn it is (or who picks a red building at setup); -1 if none
    busy: bool  # ``turn``'s placement is being resolved (its sub-decisions are pending)
    goods: tuple[tuple[int, ...], ...]  # per seat, per good
    workers: tuple[int, ...]  # owned (active) workers, injured ones included
    placed: tuple[int, ...]  # own workers placed this round
    fresh: tuple[int, ...]  # hired this round: placeable from the next round (W8)
    injured: tuple[int, ...]  # workers on field C12
    held28: tuple[int, ...]  # workers on field C28
    held31: tuple[int, ...]  # workers on field C31 (a halted Castrum)
    army: tuple[int, ...]  # NONE / READY / INJURED / MARCHED
    board: tuple[tuple[int, int, int], ...]
    owners: tuple[int, ...]  # per building number (index 0 unused): owner seat, -1 unbuilt
    marks: tuple[tuple[int, int], ...]  # S27 markers: (building, seat)
    tokens: tuple[int, ...]  # C14 tokens: the buildings they cover
    porta_owner: int  # C34
    castrum_halt: int  # the seat whose Castrum construction C31 halted, -1 none
    foro_coins: int  # the pacing variant's coins on the Foro
    next_start: int  # a start-player card for next round, -1 none
    extras: tuple[str, ...]  # extra actions owed to ``turn``: "", "produce" or "trade" each
    spec_deck: tuple[str, ...]  # top first
    spec_discard: tuple[str, ...]
    spec_out: tuple[str, ...]  # solo: used specialists, out of the game
    display: tuple[str, ...]  # solo: the face-up specialists of this round
    city_deck: tuple[str, ...]
    city_discard: tuple[str, ...]
    hand_s: tuple[tuple[str, ...], ...]
    hand_c: tuple[tuple[str, ...], ...]
    active_s: tuple[tuple[str, ...], ...]
    active_c: tuple[tuple[str, ...], ...]
    volcano: tuple[str, ...]  # face down, next to reveal first (solo: lower deck, then upper)
    lower_left: int  # solo: cards left in the lower deck
    revealed: tuple[str, ...]  # revealed volcano cards in order (solo: the reveal pile)
    volcano_unused: tuple[str, ...]  # the set's cards not in play (nobody knows which)
    known: tuple[int, ...]  # per seat: how many top volcano cards it has seen (Search)
    prompts: tuple[Prompt, ...]
    window: tuple[int, ...]  # seats still to answer the C31 window
    pledges: tuple[tuple[int, ...], ...]  # public (W4); secret with `secret_pledges`
    locked: tuple[bool, ...]
    exempt: tuple[bool, ...]
    boosted: tuple[bool, ...]
    cut: int
    draws: tuple[int, ...]  # reward draws left
    drawn: tuple[tuple[str, ...], ...]  # drawn cards awaiting a keep (secret)
    searching: tuple[str, ...]  # volcano cards a Search holds out, awaiting their order
    setup_left: tuple[int, ...]  # starting goods still to place
    last_seat: int
    last_action: str
    result: str  # "" while running; castrum / apocalypse / solo_win / solo_time
    winner: int
    turn_log: tuple[Event, ...]  # public events since the latest placement (or setup choice)
    round_log: tuple[Event, ...]  # public events since the last round's placements ended
    round_newer: bool  # the round's end came after the latest turn began

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    def available(self, seat: int) -> int:
        """Workers ``seat`` may still place this round."""
        return (
            self.workers[seat]
            - self.placed[seat]
            - self.fresh[seat]
            - self.injured[seat]
            - self.held28[seat]
            - self.held31[seat]
        )


FIELDS = tuple(f.name for f in fields(State))


@dataclass(slots=True)
class Work:
    """A mutable copy of a :class:`State` for one ``apply``; ``freeze`` makes the new state.

    Per-seat tuples are replaced, never mutated, so the old state stays intact. The fields
    mirror :class:`State`'s, in the same order (``Work.of`` and ``freeze`` copy them by
    position, which is what keeps ``apply`` cheap)."""

    players: int
    seed: int
    options: Options
    rng: Rng
    version: int
    stage: str
    round: int
    prosperity: bool
    start: int
    turn: int
    busy: bool
    goods: tuple[tuple[int, ...], ...]
    workers: tuple[int, ...]
    placed: tuple[int, ...]
    fresh: tuple[int, ...]
    injured: tuple[int, ...]
    held28: tuple[int, ...]
    held31: tuple[int, ...]
    army: tuple[int, ...]
    board: tuple[tuple[int, int, int], ...]
    owners: tuple[int, ...]
    marks: tuple[tuple[int, int], ...]
    tokens: tuple[int, ...]
    porta_owner: int
    castrum_halt: int
    foro_coins: int
    next_start: int
    extras: tuple[str, ...]
    spec_deck: tuple[str, ...]
    spec_discard: tuple[str, ...]
    spec_out: tuple[str, ...]
    display: tuple[str, ...]
    city_deck: tuple[str, ...]
    city_discard: tuple[str, ...]
    hand_s: tuple[tuple[str, ...], ...]
    hand_c: tuple[tuple[str, ...], ...]
    active_s: tuple[tuple[str, ...], ...]
    active_c: tuple[tuple[str, ...], ...]
    volcano: tuple[str, ...]
    lower_left: int
    revealed: tuple[str, ...]
    volcano_unused: tuple[str, ...]
    known: tuple[int, ...]
    prompts: tuple[Prompt, ...]
    window: tuple[int, ...]
    pledges: tuple[tuple[int, ...], ...]
    locked: tuple[bool, ...]
    exempt: tuple[bool, ...]
    boosted: tuple[bool, ...]
    cut: int
    draws: tuple[int, ...]
    drawn: tuple[tuple[str, ...], ...]
    searching: tuple[str, ...]
    setup_left: tuple[int, ...]
    last_seat: int
    last_action: str
    result: str
    winner: int
    turn_log: tuple[Event, ...]
    round_log: tuple[Event, ...]
    round_newer: bool

    events: list[Event] = field(default_factory=list)
    checkpoint: bool = False
    round_mark: int = -1
    """Where in ``events`` the round's end began during this ``apply`` (-1: it did not)."""

    @classmethod
    def of(cls, state: State) -> Work:
        return cls(*_STATE_VALUES(state))

    def freeze(self) -> State:
        """The new state. Filled through the slots' descriptors: the frozen dataclass's
        ``__init__`` does the same field by field in Python, about half again as slow, and
        ``apply`` freezes once per action."""
        state = object.__new__(State)
        for setter, value in zip(_SETTERS, _WORK_VALUES(self), strict=True):
            setter(state, value)
        return state

    def emit(self, event: Event) -> None:
        self.events.append(event)

    @property
    def solo(self) -> bool:
        return self.players == 1

    def others(self, seat: int) -> tuple[int, ...]:
        """The other seats in turn order after ``seat``."""
        return tuple((seat + i) % self.players for i in range(1, self.players))

    def available(self, seat: int) -> int:
        return (
            self.workers[seat]
            - self.placed[seat]
            - self.fresh[seat]
            - self.injured[seat]
            - self.held28[seat]
            - self.held31[seat]
        )

    # --- per-seat helpers

    def put(self, name: str, seat: int, value: Any) -> None:
        """Set ``name[seat] = value`` for a per-seat tuple field."""
        row: tuple[Any, ...] = getattr(self, name)
        setattr(self, name, (*row[:seat], value, *row[seat + 1 :]))

    def bump(self, name: str, seat: int, delta: int) -> None:
        row: tuple[int, ...] = getattr(self, name)
        self.put(name, seat, row[seat] + delta)

    def gain(self, seat: int, good: int, amount: int) -> None:
        if amount:
            row = list(self.goods[seat])
            row[good] += amount
            if row[good] < 0:
                raise AssertionError("goods went negative")
            self.put("goods", seat, tuple(row))

    def pay(self, seat: int, bundle: Goods, times: int = 1) -> None:
        row = list(self.goods[seat])
        for good, amount in bundle:
            row[good] -= amount * times
            if row[good] < 0:
                raise AssertionError("goods went negative")
        self.put("goods", seat, tuple(row))

    def add_card(self, name: str, seat: int, card: str) -> None:
        row: tuple[tuple[str, ...], ...] = getattr(self, name)
        self.put(name, seat, (*row[seat], card))

    def drop_card(self, name: str, seat: int, card: str) -> None:
        row: tuple[tuple[str, ...], ...] = getattr(self, name)
        hand = list(row[seat])
        hand.remove(card)
        self.put(name, seat, tuple(hand))

    def push(self, prompts: list[Prompt] | tuple[Prompt, ...]) -> None:
        """Put prompts in front of the pending ones (they are decided first, in order)."""
        if prompts:
            self.prompts = (*prompts, *self.prompts)


_STATE_VALUES = attrgetter(*FIELDS)
_SETTERS = tuple(getattr(State, name).__set__ for name in FIELDS)
_WORK_VALUES = attrgetter(*FIELDS)
if tuple(f.name for f in fields(Work))[: len(FIELDS)] != FIELDS:  # pragma: no cover
    raise AssertionError("Work must mirror State's fields in order")

Readable = State | Work
"""Queries take either the frozen state or the scratchpad of an ``apply`` in progress."""


def affordable(goods: tuple[int, ...], bundle: Goods, times: int = 1) -> bool:
    for good, amount in bundle:  # noqa: SIM110 - a loop beats all() over a generator here
        if goods[good] < amount * times:
            return False
    return True


def zero_goods() -> tuple[int, ...]:
    return (0,) * len(CATALOG.goods)


# --------------------------------------------------------------------------- JSON


CODEC = StateCodec(
    State,
    STATE_TYPE,
    SCHEMA,
    added={"turn_log": [], "round_log": [], "round_newer": False},  # added after schema 1
)
"""The whole state, hidden parts included (storage only), as JSON and back."""
