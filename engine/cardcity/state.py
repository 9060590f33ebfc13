"""The state of Pompeji and its setup: the immutable :class:`State`, the options, the deal
(``new_game``), what a seat could place, and the state's JSON (docs/views-cardcity.md).

The rules flow is in :mod:`engine.cardcity.turns` (a turn) and :mod:`engine.cardcity.window`
(the permit window); :mod:`engine.cardcity.game` puts them together as the engine contract.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Literal

from engine.base import StateCodec
from engine.cardcity import rules
from engine.cardcity.actions import (
    START,
    Discard,
    Placement,
    PlayCard,
    PlayStatue,
    format_action,
    parse_action,
)
from engine.cardcity.data import CARDS, VALUES, VOLCANO
from engine.core import JSON, OptionSpec, OptionValue, RuleError, Seat
from engine.rng import Rng
from engine.text import Term

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
        Term("Building permit uses per player: 1 (rulebook) or 2 (the rulebook's variant)."),
        1,
        (1, 2),
    ),
    OptionSpec(
        "permit_window",
        Term(
            "Seconds the other permit holders get to interrupt after each turn (the host times "
            "it; 0 = no interrupts, only the mover's second-turn offer)."
        ),
        900,
        WINDOW_CHOICES,
    ),
    OptionSpec(
        "first_seat",
        Term("Who starts: -1 = drawn at random from the seed, else that seat [ADAPT]."),
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
    prepared: Placement | None = None  # the move ``turn`` prepared while waiting (C20), secret
    prepared_at: int = -1  # how many cards the city held when it was prepared; -1 without one
    last_turn: tuple[int, ...] = ()
    """The latest turn (a normal or permit turn, its draws included), all public:
    ``(seat, permit, discarded, drawn, volcano, kept)``: a permit turn (0/1), the card discarded
    (-1: it placed, see ``last``), building cards drawn, the volcano drawn (0, 1, 2), the draw
    declined (0/1). ``()`` before the first turn."""

    @property
    def end_phase(self) -> bool:
        return self.volcanoes >= 1

    @property
    def is_over(self) -> bool:
        return self.stage == "over"

    def grid(self) -> Mapping[rules.Cell, rules.Face]:
        """The city as cell -> face (shared between calls: never mutate it)."""
        return grid_of(self.city)

    def frontier(self) -> tuple[rules.Cell, ...]:
        return frontier_of(self.city)


@lru_cache(maxsize=64)
def grid_of(city: tuple[tuple[int, int, int], ...]) -> Mapping[rules.Cell, rules.Face]:
    return MappingProxyType({(r, c): face_of(item) for r, c, item in city})


@lru_cache(maxsize=64)
def frontier_of(city: tuple[tuple[int, int, int], ...]) -> tuple[rules.Cell, ...]:
    return rules.frontier(grid_of(city))


_FACES: tuple[rules.Face, ...] = tuple((b, c, VALUES[b][c]) for b in range(7) for c in range(7))


def face_of(item: int) -> rules.Face:
    return rules.NEUTRAL if item >= STATUE else _FACES[item]


def card_value(card: int) -> int:
    return VALUES[card // 7][card % 7]


def set_at(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])


def set_hand(
    hands: tuple[tuple[int, ...], ...], seat: Seat, hand: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])


# --------------------------------------------------------------------------- setup


def setup(seed: int, players: int, options: Mapping[str, OptionValue]) -> State:
    """The deal (the engine's base has checked the table size and the options)."""
    opts = {name: int(value) for name, value in options.items()}
    if opts["first_seat"] >= players:
        raise RuleError(
            "Option `first_seat` must be below the number of players ({players}).", players=players
        )
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


# --------------------------------------------------------------------------- placing


def can_place(state: State, seat: Seat) -> bool:
    """Whether ``seat`` has any legal placement (a hand card, or its unused statue)."""
    return can_place_with(state.city, state.hands[seat], state.statues[seat] == NO_STATUE)


@lru_cache(maxsize=256)
def can_place_with(
    city: tuple[tuple[int, int, int], ...], hand: tuple[int, ...], statue: bool
) -> bool:
    cells = frontier_of(city)
    if not cells:
        return False  # C15: a full 7 x 7 city
    if statue:
        return True  # a frontier cell has at most 4 neighbours: some identity always fits
    grid = grid_of(city)
    return any(rules.conflict(grid, cell, face_of(card)) is None for card in hand for cell in cells)


def hand_fits(state: State, seat: Seat) -> bool:
    """Whether some card in ``seat``'s hand has a legal placement (the statue aside)."""
    return can_place_with(state.city, state.hands[seat], False)


# --------------------------------------------------------------------------- JSON


def _placement(text: JSON) -> Placement | None:
    """A prepared move from its notation (states stored before C20 have none)."""
    if text is None:
        return None
    action = parse_action(str(text))
    if not isinstance(action, PlayCard | PlayStatue | Discard):
        raise ValueError(f"not a prepared move: {text!r}")
    return action


def _prepared(move: Placement | None) -> JSON:
    return None if move is None else format_action(move)


CODEC = StateCodec(State, STATE_TYPE, STATE_SCHEMA, fields={"prepared": (_prepared, _placement)})
"""The whole state (hidden parts included) as JSON for storage, and back; the prepared move is
kept as its notation. States stored before C20 or before ``last_turn`` read with the fields'
defaults."""
