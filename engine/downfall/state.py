"""The state of a Downfall game: one frozen value, serialisable to JSON without loss.

Everything is a tuple of ints indexed by square, seat, building or tile (see
:mod:`engine.downfall.tables`), so copying a state is cheap and no ``deepcopy`` is ever needed.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.base import StateCodec
from engine.core import Event
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


CODEC = StateCodec(State, "downfall", SCHEMA)
"""The whole state as plain JSON (tagged with the game and schema version), and back."""
