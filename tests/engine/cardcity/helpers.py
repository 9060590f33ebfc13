"""Scenario builders for the Pompeji engine tests: states written in the game's own notation."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from engine.cardcity import GAME
from engine.cardcity.actions import parse_action, parse_card, parse_cell
from engine.cardcity.data import VOLCANO
from engine.cardcity.game import NO_STATUE, STATUE, State
from engine.core import Event

V = "V"  # a volcano in a deck list


def card(code: str) -> int:
    return parse_card(code)


def cards(codes: Iterable[str]) -> tuple[int, ...]:
    return tuple(VOLCANO if c == V else parse_card(c) for c in codes)


def scenario(
    city: Mapping[str, str],
    hands: Iterable[Iterable[str]],
    deck: Iterable[str] | None = None,
    *,
    turn: int = 0,
    volcanoes: int = 0,
    permits: Iterable[int] | None = None,
    options: Mapping[str, int] | None = None,
    statue_used: Iterable[int] = (),
) -> State:
    """A state in the play stage for seat ``turn``.

    ``city`` maps spaces to card codes, or to ``S<seat>:<declared>`` for a (neutral) placed
    statue; the start card should be on g7. ``deck`` is top first, with ``"V"`` for a volcano;
    by default it holds every unused building card and the volcanoes still to come at the
    bottom of their piles. ``statue_used`` marks statues as spent without placing them.
    """
    hand_list = [cards(h) for h in hands]
    players = len(hand_list)
    base = GAME.new_game(0, players, {"first_seat": 0, **(options or {})})
    statues = [NO_STATUE] * players
    for seat in statue_used:  # played earlier somewhere that does not matter here
        statues[seat] = 0
    city_items: list[tuple[int, int, int]] = []
    for space, what in city.items():
        row, col = parse_cell(space)
        if what.startswith("S"):
            seat_text, declared = what[1:].split(":")
            seat = int(seat_text)
            statues[seat] = parse_card(declared)
            city_items.append((row, col, STATUE + seat))
        else:
            city_items.append((row, col, parse_card(what)))
    if deck is None:
        used = {i for _, _, i in city_items} | {c for h in hand_list for c in h}
        rest = [c for c in range(49) if c not in used]
        tail: list[int] = []
        if volcanoes == 0:
            tail = [*rest[-17:-8], VOLCANO, *rest[-8:], VOLCANO]
            rest = rest[:-17]
        elif volcanoes == 1:
            tail = [*rest[-8:], VOLCANO]
            rest = rest[:-8]
        deck_cards = (*rest, *tail)
    else:
        deck_cards = cards(deck)
    return replace(
        base,
        deck=tuple(deck_cards),
        hands=tuple(hand_list),
        city=tuple(city_items),
        statues=tuple(statues),
        permits=tuple(permits) if permits is not None else base.permits,
        volcanoes=volcanoes,
        turn=turn,
        actor=turn,
    )


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply ``(seat, notation)`` moves in order; return the final state and all events."""
    events: list[Event] = []
    for seat, text in moves:
        transition = GAME.apply(state, seat, parse_action(text))
        state = transition.state
        events.extend(transition.events)
    return state, events


def types(events: Iterable[Event]) -> list[str]:
    return [e["type"] for e in events]


HANDS = [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"], ["Wo", "Gy", "Fg"]]
"""Three hands around a lone Temple·red on g7 (seat 0 starts)."""


def after_first_turn(*, volcanoes: int = 0, options: Mapping[str, int] | None = None) -> State:
    """Seat 0 has played Fo on h7 (HANDS): the permit window is offered to seats 0 and 2, seat
    1 is due next (in the end phase seat 0 still has its draw decision)."""
    state = scenario({"g7": "Tr"}, HANDS, volcanoes=volcanoes, options=options)
    return play(state, (0, "play Fo h7"))[0]
