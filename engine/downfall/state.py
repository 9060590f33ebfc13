"""The state of a Downfall game: one frozen value, serialisable to JSON without loss.

Everything is a tuple of ints indexed by square, seat, building or tile (see
:mod:`engine.downfall.tables`), so copying a state is cheap and no ``deepcopy`` is ever needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from engine.core import JSON, Event, RuleError
from engine.rng import Rng

SCHEMA = 1

# Phases (also the view's ``phase``).
BUILD = "build"
LAVA_SETUP = "lava_setup"
ESCAPE = "escape"
OVER = "over"

# Pending decision kinds (also the view's ``pending.kind``).
PLAY = "play"
RELATIVE = "relative"
OMEN_CHOICE = "omen"
LAVA = "lava"
MOVE = "move"
NONE = "none"


@dataclass(frozen=True, slots=True)
class State:
    """A whole game, hidden parts included (hands, stock order, the bag's generator)."""

    players: int
    dual_vent: bool
    rng: Rng
    version: int
    dealer: int
    first: int
    phase: str
    pending: str
    seat: int
    """The seat of the pending decision; -1 once the game is over."""
    hands: tuple[tuple[int, ...], ...]
    """Each hand sorted; cards are house numbers (Omens and A.D. 79 never stay in a hand)."""
    stock: tuple[int, ...]
    """Top card first."""
    removed: tuple[int, ...]
    """The unused 4-card piles: out of the game, never seen."""
    discard: tuple[int, ...]
    """Bottom first; the last card is on top."""
    seething: bool
    men: tuple[int, ...]
    """Pieces per square and seat: ``men[square * 4 + seat]``."""
    occ: tuple[int, ...]
    """Pieces per square, all colours."""
    supply: tuple[int, ...]
    in_city: tuple[int, ...]
    saved: tuple[int, ...]
    volcano: tuple[int, ...]
    box: tuple[int, ...]
    lava: tuple[int, ...]
    """Symbol of the lava tile on each square, -1 for none."""
    bag: tuple[int, ...]
    """Tiles left in the bag per tile kind; the bag has no order: a draw picks at random."""
    tile: int
    """The drawn tile awaiting placement, -1 for none."""
    tiles_placed: int
    tiles_out: tuple[int, ...]
    rel_left: int
    rel_from: int
    rel_used: int
    """Bit per building already used (or triggering) in the current relatives step."""
    moves_left: int
    moved_to: int
    """Where this turn's first move ended: -2 no move yet, -1 out through a gate."""
    may_repeat: bool
    erupted_by: int
    bag_emptied: bool
    end_reason: str
    turn_seat: int
    turn_acted: bool
    turn_log: tuple[Event, ...]
    last_seat: int
    last_log: tuple[Event, ...]


_TUPLES = {
    "stock",
    "removed",
    "discard",
    "men",
    "occ",
    "supply",
    "in_city",
    "saved",
    "volcano",
    "box",
    "lava",
    "bag",
    "tiles_out",
}
_FIELDS = tuple(f.name for f in fields(State))


def state_to_json(state: State) -> dict[str, JSON]:
    """The whole state as plain JSON (tagged with the game and schema version)."""
    out: dict[str, JSON] = {"type": "downfall", "schema": SCHEMA}
    for name in _FIELDS:
        value: Any = getattr(state, name)
        if name == "rng":
            value = [value.seed, value.counter]
        elif name == "hands":
            value = [list(h) for h in value]
        elif name in _TUPLES or name in ("turn_log", "last_log"):
            value = list(value)
        out[name] = value
    return out


def state_from_json(data: Mapping[str, JSON]) -> State:
    """The inverse of :func:`state_to_json`."""
    if data.get("type") != "downfall" or data.get("schema") != SCHEMA:
        raise RuleError("This saved game is not a Downfall game this version can read.")
    values: dict[str, Any] = {}
    for name in _FIELDS:
        value = data[name]
        if name == "rng":
            value = Rng(int(value[0]), int(value[1]))
        elif name == "hands":
            value = tuple(tuple(h) for h in value)
        elif name in _TUPLES:
            value = tuple(value)
        elif name in ("turn_log", "last_log"):
            value = tuple(dict(e) for e in value)
        values[name] = value
    return State(**values)
