"""The JSON schema of the Downfall views (documented in ``docs/views.md``).

``view(state, None)`` returns a :class:`PublicView`; ``view(state, seat)`` returns a
:class:`PlayerView`, which is the public view plus that seat's hand. Neither ever holds the stock
order, the bag order or another player's hand. Squares are named ``a1``–``k7``.
"""

from __future__ import annotations

from typing import Literal, TypedDict

Phase = Literal["build", "lava_setup", "escape", "over"]
"""``build``: phase 1 (cards and pieces); ``lava_setup``: the six initial lava tiles;
``escape``: phase 2 (lava + two moves a turn); ``over``: the game has ended."""

DecisionKind = Literal["play", "relative", "omen", "lava", "move", "none"]


class SeatView(TypedDict):
    seat: int
    colour: str  # red / black / yellow / blue
    supply: int  # pieces in front of the player, not yet in the city
    in_city: int  # pieces on the board
    saved: int  # pieces out through a gate
    volcano: int  # pieces thrown into the volcano
    box: int  # supply pieces returned to the box at the eruption
    hand_size: int


class PendingView(TypedDict):
    """The decision the game waits for (the main one; the out-of-turn eruption call is private)."""

    seat: int | None  # None when the game is over
    kind: DecisionKind
    prompt: str  # for people: "Red: play a card and place a piece"
    relatives_left: int  # relatives still to place in this move (kind == "relative")
    relatives_from: str | None  # the building label that triggered them, e.g. "6b"
    lava_tile: str | None  # the drawn tile's symbol (kind == "lava"); dual vent: "helmet/mask"
    moves_left: int  # moves left this turn (kind == "move")


class LastTurnView(TypedDict):
    """What the last (or current) turn did, for highlighting on the board and in words."""

    seat: int | None
    events: list[dict[str, object]]  # public events, in order (see docs/views.md)


class PublicView(TypedDict):
    game: Literal["downfall"]
    version: int  # actions applied so far
    players: int
    dual_vent: bool
    phase: Phase
    seething: bool  # Vesuvius seethes (first A.D. 79 drawn)
    seats: list[SeatView]
    squares: dict[str, list[int]]  # square -> seats of the pieces on it (only non-empty)
    lava: dict[str, str]  # square -> symbol of the lava tile on it
    gates: list[dict[str, object]]  # {"square": "a1", "name": "Porta Ercolano", "open": true}
    stock_size: int  # cards left in the stock
    discard: dict[str, int]  # house number ("1".."11") -> count; also "omen", "ad79"
    discard_top: str | None  # the last card discarded ("6", "omen", ...)
    bag: dict[str, int]  # symbol -> tiles left in the bag (dual vent tiles as "helmet/mask")
    tiles_placed: int
    tiles_out_of_play: list[str]  # tiles put out of play under R5
    pending: PendingView
    to_move_first: int  # the seat that started the game (left of the dealer)
    last_turn: LastTurnView
    outcome: dict[str, object] | None  # Outcome.to_json() once over
    # Added with the engine (issue 2):
    current_turn: LastTurnView  # events of the turn in progress only
    dealer: int
    erupted_by: int | None  # the seat that triggered the eruption (drew A.D. 79 or called)


class PlayerView(PublicView):
    seat: int
    hand: list[int]  # house numbers, in hand order
    jokers: list[bool]  # per card: its number's buildings are all full (usable as a joker now)
    can_erupt: bool  # the whole hand is jokers in phase 1: `erupt` is legal for this seat
