"""The mutable copy of a state for the duration of one ``apply``: changed in place, then
frozen again (a step costs a few tuple copies, never a deepcopy)."""

from __future__ import annotations

from engine.core import (
    Event,
    redact,
)
from engine.downfall.state import (
    State,
)
from engine.downfall.tables import (
    STRIDE,
)
from engine.rng import Rng

# --------------------------------------------------------------------------------------------
# Apply


class Work:
    """A mutable copy of a state for the duration of one ``apply``."""

    __slots__ = (*State.__slots__, "events")

    players: int
    dual_vent: bool
    rng: Rng
    version: int
    dealer: int
    first: int
    phase: str
    pending: str
    seat: int
    hands: list[list[int]]
    stock: list[int]
    removed: tuple[int, ...]
    discard: list[int]
    seething: bool
    men: list[int]
    occ: list[int]
    supply: list[int]
    in_city: list[int]
    saved: list[int]
    volcano: list[int]
    box: list[int]
    lava: list[int]
    bag: list[int]
    tile: int
    tiles_placed: int
    tiles_out: list[int]
    rel_left: int
    rel_from: int
    rel_used: int
    moves_left: int
    moved_to: int
    may_repeat: bool
    erupted_by: int
    bag_emptied: bool
    end_reason: str
    turn_seat: int
    turn_acted: bool
    turn_log: list[Event]
    last_seat: int
    last_log: tuple[Event, ...]
    events: list[Event]

    def __init__(self, s: State) -> None:
        self.players = s.players
        self.dual_vent = s.dual_vent
        self.rng = s.rng
        self.version = s.version  # the engine's base counts the action
        self.dealer = s.dealer
        self.first = s.first
        self.phase = s.phase
        self.pending = s.pending
        self.seat = s.seat
        self.hands = [list(h) for h in s.hands]
        self.stock = list(s.stock)
        self.removed = s.removed
        self.discard = list(s.discard)
        self.seething = s.seething
        self.men = list(s.men)
        self.occ = list(s.occ)
        self.supply = list(s.supply)
        self.in_city = list(s.in_city)
        self.saved = list(s.saved)
        self.volcano = list(s.volcano)
        self.box = list(s.box)
        self.lava = list(s.lava)
        self.bag = list(s.bag)
        self.tile = s.tile
        self.tiles_placed = s.tiles_placed
        self.tiles_out = list(s.tiles_out)
        self.rel_left = s.rel_left
        self.rel_from = s.rel_from
        self.rel_used = s.rel_used
        self.moves_left = s.moves_left
        self.moved_to = s.moved_to
        self.may_repeat = s.may_repeat
        self.erupted_by = s.erupted_by
        self.bag_emptied = s.bag_emptied
        self.end_reason = s.end_reason
        self.turn_seat = s.turn_seat
        self.turn_acted = s.turn_acted
        self.turn_log = list(s.turn_log)
        self.last_seat = s.last_seat
        self.last_log = s.last_log
        self.events = []

    def freeze(self) -> State:
        return State(
            players=self.players,
            dual_vent=self.dual_vent,
            rng=self.rng,
            version=self.version,
            dealer=self.dealer,
            first=self.first,
            phase=self.phase,
            pending=self.pending,
            seat=self.seat,
            hands=tuple(tuple(h) for h in self.hands),
            stock=tuple(self.stock),
            removed=self.removed,
            discard=tuple(self.discard),
            seething=self.seething,
            men=tuple(self.men),
            occ=tuple(self.occ),
            supply=tuple(self.supply),
            in_city=tuple(self.in_city),
            saved=tuple(self.saved),
            volcano=tuple(self.volcano),
            box=tuple(self.box),
            lava=tuple(self.lava),
            bag=tuple(self.bag),
            tile=self.tile,
            tiles_placed=self.tiles_placed,
            tiles_out=tuple(self.tiles_out),
            rel_left=self.rel_left,
            rel_from=self.rel_from,
            rel_used=self.rel_used,
            moves_left=self.moves_left,
            moved_to=self.moved_to,
            may_repeat=self.may_repeat,
            erupted_by=self.erupted_by,
            bag_emptied=self.bag_emptied,
            end_reason=self.end_reason,
            turn_seat=self.turn_seat,
            turn_acted=self.turn_acted,
            turn_log=tuple(self.turn_log),
            last_seat=self.last_seat,
            last_log=self.last_log,
        )

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.turn_log.append(redact(event, None))

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def begin_turn(self, seat: int) -> None:
        """Close the turn log: the finished turn becomes ``last_log``."""
        if self.turn_log or self.turn_acted:
            self.last_log = tuple(self.turn_log)
            self.last_seat = self.turn_seat
        self.turn_log = []
        self.turn_seat = seat
        self.turn_acted = False

    def put(self, square: int, seat: int, count: int = 1) -> None:
        self.men[square * STRIDE + seat] += count
        self.occ[square] += count
        self.in_city[seat] += count

    def take(self, square: int, seat: int, count: int = 1) -> None:
        self.men[square * STRIDE + seat] -= count
        self.occ[square] -= count
        self.in_city[seat] -= count

    def clear_square(self, square: int) -> list[int]:
        """Every piece on ``square`` goes to the volcano; returns the losses per seat."""
        lost = [0] * self.players
        if self.occ[square]:
            base = square * STRIDE
            for seat in range(self.players):
                n = self.men[base + seat]
                if n:
                    lost[seat] = n
                    self.take(square, seat, n)
                    self.volcano[seat] += n
        return lost
