"""Scenario builders for the worker-game tests: states set up in a few lines, moves in notation."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from engine.core import Event
from engine.workers import GAME
from engine.workers.board import BUILDINGS, GOODS
from engine.workers.catalog import CATALOG
from engine.workers.state import State

GOOD = {g.id: g.index for g in GOODS}


def started(
    players: int = 2,
    seed: int = 0,
    reds: Iterable[int] = (),
    options: Mapping[str, Any] | None = None,
) -> State:
    """A game right after setup (round 1, seat 0 starts): each seat took the next red building
    (or the ones in ``reds``, in seat order) and put its 6 units on grain."""
    state = GAME.new_game(seed, players, {"first_seat": 0, **(options or {})})
    wanted = list(reds)
    while state.stage == "setup_red":
        seat = state.turn
        choice = wanted[seat] if seat < len(wanted) else None
        text = (
            f"start red {choice}"
            if choice
            else GAME.format_action(GAME.legal_actions(state, seat)[0])
        )
        state = GAME.apply(state, seat, GAME.parse_action(text)).state
    for seat in range(players):
        state = GAME.apply(state, seat, GAME.parse_action("start grain 6")).state
    assert state.stage == "place"
    return state


def goods(**amounts: int) -> tuple[int, ...]:
    row = [0] * len(GOODS)
    for name, n in amounts.items():
        row[GOOD[name]] = n
    return tuple(row)


def with_goods(state: State, seat: int, **amounts: int) -> State:
    rows = list(state.goods)
    rows[seat] = goods(**amounts)
    return replace(state, goods=tuple(rows))


def owned(state: State, **owners: int) -> State:
    """``owned(s, b7=0, b17=1)``: buildings and their owners."""
    row = list(state.owners)
    for key, seat in owners.items():
        row[int(key[1:])] = seat
    return replace(state, owners=tuple(row))


def seat_cards(state: State, field: str, seat: int, cards: Iterable[str]) -> State:
    rows = list(getattr(state, field))
    rows[seat] = tuple(cards)
    return replace(state, **{field: tuple(rows)})


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply ``(seat, notation)`` moves in order; return the final state and all events."""
    events: list[Event] = []
    for seat, text in moves:
        transition = GAME.apply(state, seat, GAME.parse_action(text))
        state = transition.state
        events.extend(transition.events)
    return state, events


def legal(state: State, seat: int) -> list[str]:
    return [GAME.format_action(a) for a in GAME.legal_actions(state, seat)]


def types(events: Iterable[Event]) -> list[str]:
    return [e["type"] for e in events]


def of_type(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def have(state: State, seat: int, good: str) -> int:
    return state.goods[seat][GOOD[good]]


def name(number: int) -> str:
    return BUILDINGS[number].name


CARDS = CATALOG.cards


def offering(state: State) -> State:
    """``state`` moved to the offering step (Prosperity; placements over)."""
    from engine.workers.offering import open_offering
    from engine.workers.state import Work

    state = owned(
        replace(state, prosperity=True, turn=-1),
        b17=state.owners[17] if state.owners[17] >= 0 else 0,
    )
    work = Work.of(state)
    open_offering(work)
    return work.freeze()


def solo(seed: int = 0, **changes: Any) -> State:
    """A solo game after setup, with fields replaced."""
    return replace(started(1, seed), **changes)


def prosperous(players: int = 2) -> State:
    """Round 1 of a game whose Foro stands (seat 0 owns it), seat 0 to place."""
    return owned(replace(started(players), prosperity=True), b17=0)


def finish_round(state: State) -> State:
    """Play a collect (or else the first legal action) for whoever is on turn until this
    round's placements are over."""
    start = state.round
    while state.stage == "place" and state.round == start:
        seat = min(GAME.pending(state)[0].seats)
        options = legal(state, seat)
        text = next((t for t in options if t.startswith("collect")), options[0])
        state, _ = play(state, (seat, text))
    return state
