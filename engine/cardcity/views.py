"""The JSON views of Pompeji (schema documented in docs/views-cardcity.md).

``view(state, None)`` is the public view; ``view(state, seat)`` adds that seat's own hand and
what it may do. Neither holds the deck order or another player's hand while the game runs;
once it is over, the hands are public (they are subtracted from the scores in the open). A move
the waiting player prepared (C20) shows only in that player's own view; the public view says
only that one is held (C22).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, TypedDict

from engine.cardcity import rules
from engine.cardcity.actions import Discard, card_code, cell_code, format_action
from engine.cardcity.data import ADAPTED, BUILDINGS, COLOURS, STATUE_VALUE, VALUES
from engine.cardcity.game import (
    NO_STATUE,
    PILE,
    STATUE,
    State,
    can_place,
    card_value,
    face_of,
    hand_penalty,
    outcome,
    prepared_label,
)
from engine.core import JSON, Seat


class CardView(TypedDict):
    code: str  # "Tr"
    building: str  # "T"
    colour: str  # "r"
    value: int


class CellView(TypedDict):
    """One occupied space; the city list is in the order played (the start card first).
    The row and column numbers are in ``cell`` ("g7": column g = 7, row 7)."""

    cell: str  # "g7"
    card: str  # "Tr" for a building card; "" for a (neutral) statue
    value: int  # the card's value; 0 for a statue
    statue: int  # a statue: the seat that played it; -1 for a building card
    declared: str  # a statue: the identity it scored as, e.g. "Ar"; "" for a building card


class SeatView(TypedDict):
    seat: int
    score: int  # points built so far (hands are subtracted only at the end)
    hand_size: int
    statue_used: bool
    permits_left: int


class WindowView(TypedDict):
    after: int  # the seat whose turn just ended
    next: int  # the seat due to play next, waiting
    holders: list[int]  # seats the window was offered to (each with a permit use left)
    pending: list[int]  # holders that have not answered yet
    second_turn: int | None  # the holder who would take a second turn (the mover), if any


class StreetView(TypedDict):
    """What one street earned for the last placement (only streets with another card)."""

    line: str  # "row", "column", "diagonal", "antidiagonal"
    cells: list[str]  # the unbroken street in order along the line, e.g. ["f7", "g7", "h7"]
    building: int  # sum of the matching building's values (0: no match)
    colour: int  # highest value of the matching colour (0: no match)
    seventh: int  # 7 if the street now holds 7 cards
    points: int


class LastPlayView(TypedDict):
    seat: int
    cell: str
    points: int
    streets: list[StreetView] | None  # street by street (None: could not be re-derived)


class LastTurnView(TypedDict):
    """What the latest turn did, its draws included (the one still deciding its draw too)."""

    seat: int
    permit: bool  # a permit turn
    discarded: str  # the card discarded ("Tr"); "" when the turn placed (that is ``last``)
    drew: int  # building cards drawn (which ones is secret)
    volcano: int  # the volcano drawn in this turn: 1, 2; 0 none
    kept: bool  # the end-phase draw declined (``nodraw``)


class FitView(TypedDict):
    """Where a card of the viewer's hand may go now, and what it would score there."""

    cell: str
    card: str
    points: int


class PreparedView(TypedDict):
    """The move the viewer prepared while waiting for their turn (C20)."""

    notation: str  # "play Gw f7"
    label: str  # "Play Well·white·4 on f7 (+3)", points as the city stands now
    cell: str | None  # where it would go; None for a discard


class FrameView(TypedDict):
    """The bounding box of the city (row/col numbers as in CellView, inclusive)."""

    top: int
    bottom: int
    left: int
    right: int


class LegendView(TypedDict):
    adapted: bool  # names and values are our adaptation, not the printed cards
    buildings: list[list[str]]  # [code, name]
    colours: list[list[str]]  # [code, name, emoji]
    values: list[list[int]]  # values[building][colour]


class PublicView(TypedDict):
    game: Literal["cardcity"]
    version: int
    players: int
    permit_uses: int
    permit_window: int  # seconds; 0 = interrupts off
    stage: Literal["play", "draw", "window", "over"]
    turn: int | None  # the seat whose normal turn it is or is next (None when over)
    actor: int | None  # who decides now in "play"/"draw"
    permit_turn: bool  # the actor is taking a permit turn
    window: WindowView | None
    prepared: bool  # the seat due next (``turn``) holds a prepared move (which one is secret)
    end_phase: bool  # the first volcano has been drawn
    volcanoes: int  # drawn so far: 0, 1 or 2
    deck_size: int  # face-down cards left, volcanoes included
    safe_draws: int  # cards certainly above the two volcano piles
    city: list[CellView]
    frame: FrameView
    seats: list[SeatView]
    discards: list[str]
    last: LastPlayView | None
    last_turn: LastTurnView | None  # None before the first turn
    hands: list[list[str]] | None  # only once the game is over
    outcome: dict[str, JSON] | None
    legend: LegendView


class PlayerView(PublicView):
    seat: int
    hand: list[CardView]  # in the order drawn
    hand_value: int  # what the hand would cost at the end
    can_place: bool  # some hand card or the unused statue fits somewhere
    prepared_move: PreparedView | None  # the move this seat prepared (C20), else None
    fits: list[FitView]  # every (card, space) of the hand that fits, best first, by space
    statue_cells: list[str]  # open spaces where no hand card fits but the unused statue would


def _card(card: int) -> CardView:
    b, c = divmod(card, 7)
    return {
        "code": card_code(card),
        "building": BUILDINGS[b][0],
        "colour": COLOURS[c][0],
        "value": VALUES[b][c],
    }


@lru_cache(maxsize=64)
def _city(city: tuple[tuple[int, int, int], ...], statues: tuple[int, ...]) -> tuple[CellView, ...]:
    """Shared between views: callers copy each cell before handing it out."""
    return tuple(
        _cell_cached(r, c, item, statues[item - STATUE] if item >= STATUE else NO_STATUE)
        for r, c, item in city
    )


@lru_cache(maxsize=1024)
def _cell_cached(row: int, col: int, item: int, declared: int) -> CellView:
    """One cell's view, shared (see :func:`_city`); a city changes by one cell per play."""
    if item >= STATUE:
        return {"cell": cell_code((row, col)), "card": "", "value": 0, "statue": item - STATUE,
                "declared": card_code(declared) if declared != NO_STATUE else ""}  # fmt: skip
    return {"cell": cell_code((row, col)), "card": card_code(item), "value": card_value(item),
            "statue": -1, "declared": ""}  # fmt: skip


def _legend() -> LegendView:
    return {
        "adapted": ADAPTED,
        "buildings": [list(b) for b in BUILDINGS],
        "colours": [list(c) for c in COLOURS],
        "values": [list(v) for v in VALUES],
    }


def public_view(state: State) -> PublicView:
    """The public view; a fresh copy on every call (callers may change it freely)."""
    return _copy(_public(state))


def _copy(view: PublicView) -> PublicView:
    """A copy sharing nothing mutable with ``view`` (strings and numbers are immutable)."""
    out = view.copy()
    out["city"] = [cell.copy() for cell in view["city"]]
    out["seats"] = [seat.copy() for seat in view["seats"]]
    out["frame"] = view["frame"].copy()
    out["discards"] = list(view["discards"])
    out["legend"] = _legend()
    if view["window"] is not None:
        window = view["window"].copy()
        window["holders"] = list(window["holders"])
        window["pending"] = list(window["pending"])
        out["window"] = window
    if view["last"] is not None:
        out["last"] = view["last"].copy()
    if view["last_turn"] is not None:
        out["last_turn"] = view["last_turn"].copy()
    if view["hands"] is not None:
        out["hands"] = [list(hand) for hand in view["hands"]]
    if view["outcome"] is not None:
        out["outcome"] = json_copy(view["outcome"])
    return out


def json_copy(value: JSON) -> JSON:
    """A deep copy of a JSON value (small values only: it recurses in Python)."""
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    return value


@lru_cache(maxsize=16)
def _public(state: State) -> PublicView:
    """Built once per state: the host and the tests ask for several views of one state."""
    rows = [r for r, _, _ in state.city]
    cols = [c for _, c, _ in state.city]
    window: WindowView | None = None
    if state.stage == "window":
        window = {
            "after": state.window_after,
            "next": state.turn,
            "holders": list(state.holders),
            "pending": list(state.pending),
            "second_turn": state.window_after if state.window_after in state.holders else None,
        }
    result = outcome(state)
    over = state.is_over
    return {
        "game": "cardcity",
        "version": state.version,
        "players": state.players,
        "permit_uses": state.permit_uses,
        "permit_window": state.permit_window,
        "stage": state.stage,
        "turn": None if over else state.turn,
        "actor": state.actor if state.stage in ("play", "draw") else None,
        "permit_turn": state.permit_turn,
        "window": window,
        "prepared": state.prepared is not None,
        "end_phase": state.end_phase,
        "volcanoes": state.volcanoes,
        "deck_size": len(state.deck),
        "safe_draws": max(0, len(state.deck) - 2 * (PILE + 1)),
        "city": [cell.copy() for cell in _city(state.city, state.statues)],
        "frame": {
            "top": min(rows) + 1,
            "bottom": max(rows) + 1,
            "left": min(cols) + 1,
            "right": max(cols) + 1,
        },
        "seats": [
            {
                "seat": s,
                "score": state.scores[s],
                "hand_size": len(state.hands[s]),
                "statue_used": state.statues[s] != NO_STATUE,
                "permits_left": state.permits[s],
            }
            for s in range(state.players)
        ],
        "discards": [card_code(c) for c in state.discards],
        "last": (
            {
                "seat": state.last[0],
                "cell": cell_code((state.last[1], state.last[2])),
                "points": state.last[3],
                "streets": _last_streets(state),
            }
            if state.last
            else None
        ),
        "last_turn": _last_turn(state.last_turn),
        "hands": [[card_code(c) for c in h] for h in state.hands] if over else None,
        "outcome": result.to_json() if result else None,
        "legend": _legend(),
    }


def player_view(state: State, seat: Seat) -> PlayerView:
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} in a {state.players}-player game")
    base = public_view(state)
    return {
        **base,
        "seat": seat,
        "hand": [_card(c) for c in state.hands[seat]],
        "hand_value": hand_penalty(state, seat),
        "can_place": not state.is_over and can_place(state, seat),
        "prepared_move": _prepared(state) if seat == state.turn else None,
        **_fits(state, seat),
    }


def _last_turn(record: tuple[int, ...]) -> LastTurnView | None:
    if not record:
        return None
    seat, permit, discarded, drawn, volcano, kept = record
    return {
        "seat": seat,
        "permit": bool(permit),
        "discarded": card_code(discarded) if discarded >= 0 else "",
        "drew": drawn,
        "volcano": volcano,
        "kept": bool(kept),
    }


def _last_streets(state: State) -> list[StreetView] | None:
    """The last placement street by street: scored again on the city without it (a statue as
    its declared identity with value 1). ``None`` if that does not add up to its points."""
    *before, (row, col, item) = state.city
    if (row, col) != (state.last[1], state.last[2]):
        return None
    if item >= STATUE:
        declared = state.statues[item - STATUE]
        if declared == NO_STATUE:
            return None
        face: rules.Face = (declared // 7, declared % 7, STATUE_VALUE)
    else:
        face = face_of(item)
    grid = {(r, c): face_of(i) for r, c, i in before}
    streets = rules.score(grid, (row, col), face)
    if sum(s.points for s in streets) != state.last[3]:
        return None
    return [
        {
            "line": s.line,
            "cells": [cell_code(c) for c in s.cells],
            "building": s.building,
            "colour": s.colour,
            "seventh": s.seventh,
            "points": s.points,
        }
        for s in streets
    ]


class _Fits(TypedDict):
    fits: list[FitView]
    statue_cells: list[str]


def _fits(state: State, seat: Seat) -> _Fits:
    """Where each card of ``seat``'s hand fits now and its points, best first; and the open
    spaces only the unused statue could take (any time, to plan ahead: not only on turn)."""
    if state.is_over:
        return {"fits": [], "statue_cells": []}
    grid = state.grid()
    frontier = state.frontier()
    by_cell: dict[rules.Cell, list[FitView]] = {}
    for card in state.hands[seat]:
        face = face_of(card)
        for cell in rules.legal_cells(grid, face, frontier):
            fit: FitView = {
                "cell": cell_code(cell),
                "card": card_code(card),
                "points": rules.points(grid, cell, face),
            }
            by_cell.setdefault(cell, []).append(fit)
    fits = [
        f
        for cell in sorted(by_cell)
        for f in sorted(by_cell[cell], key=lambda f: (-f["points"], f["card"]))
    ]
    statue = state.statues[seat] == NO_STATUE
    statue_cells = [cell_code(c) for c in frontier if statue and c not in by_cell]
    return {"fits": fits, "statue_cells": statue_cells}


def _prepared(state: State) -> PreparedView | None:
    move = state.prepared
    if move is None:
        return None
    cell = None if isinstance(move, Discard) else cell_code(move.cell)
    return {"notation": format_action(move), "label": prepared_label(state), "cell": cell}


def build_view(state: State, seat: Seat | None) -> dict[str, JSON]:
    view = public_view(state) if seat is None else player_view(state, seat)
    return dict(view)
