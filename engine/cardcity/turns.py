"""A turn of Pompeji: where a seat may place, and what placing, discarding and drawing do
(docs/rules/cardcity.md §2.3–§2.10). The permit window between turns is in
:mod:`engine.cardcity.window`; :func:`engine.cardcity.game.apply` drives both.

Every change goes through a :class:`Scratch`, the scratchpad of one ``apply``. A turn that
ends sets ``Scratch.ended``; what comes next (a window, the next player, the player a permit
turn interrupted) is the window's business.
"""

from __future__ import annotations

from dataclasses import fields
from typing import cast

from engine.cardcity import rules
from engine.cardcity.actions import (
    Action,
    Discard,
    Placement,
    PlayCard,
    PlayStatue,
    card_code,
    card_label,
    cell_code,
    identity_label,
)
from engine.cardcity.data import STATUE_VALUE, VOLCANO
from engine.cardcity.state import (
    NO_STATUE,
    STATUE,
    Stage,
    State,
    card_value,
    face_of,
    grid_of,
    hand_fits,
    set_at,
    set_hand,
)
from engine.core import JSON, Event, Outcome, Seat
from engine.text import Text

_FIELDS = tuple(f.name for f in fields(State))


class Scratch:
    """A scratchpad for one ``apply``: the state it started from, the changes so far and the
    events. Fields read through its properties see the changes; a new immutable
    :class:`State` is built once, at the end (``freeze``)."""

    def __init__(self, state: State) -> None:
        self._state = state
        self._changes: dict[str, object] = {}
        self.events: list[Event] = []
        self.ended = False
        """A turn has just ended (its draw included); the window decides what comes next."""

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
    def statues(self) -> tuple[int, ...]:
        return cast(tuple[int, ...], self._get("statues"))

    @property
    def discards(self) -> tuple[int, ...]:
        return cast(tuple[int, ...], self._get("discards"))

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
    def stage(self) -> Stage:
        return cast(Stage, self._get("stage"))

    @property
    def permit_turn(self) -> bool:
        return cast(bool, self._get("permit_turn"))

    @property
    def prepared(self) -> Placement | None:
        return cast(Placement | None, self._get("prepared"))

    @property
    def turn(self) -> Seat:
        return cast(int, self._get("turn"))

    @property
    def actor(self) -> Seat:
        return cast(int, self._get("actor"))

    def record(self, seat: Seat, **changes: int) -> None:
        """Note in ``last_turn`` what ``seat``'s current turn did (see :class:`State`): added
        to what it did before, unless the latest turn was not theirs (a state stored before
        ``last_turn`` existed)."""
        old = cast(tuple[int, ...], self._get("last_turn"))
        if len(old) != len(_TURN_FIELDS) or old[0] != seat:
            old = (seat, int(self.permit_turn), -1, 0, 0, 0)
        fields = dict(zip(_TURN_FIELDS, old, strict=True))
        if changes.pop("drew", 0):
            fields["drawn"] += 1
        self.set(last_turn=tuple((fields | changes)[name] for name in _TURN_FIELDS))


_TURN_FIELDS = ("seat", "permit", "discarded", "drawn", "volcano", "kept")


# --------------------------------------------------------------------------- legality


def placements(state: State, seat: Seat, *, permit: bool) -> list[Action]:
    """Every legal placement of ``seat`` in ``state``'s city: its hand cards, every identity
    and space its unused statue may take (C13), and, when no hand card fits and this is not a
    permit turn, a discard of any hand card (C14; a permit turn only places: C7, §5.15)."""
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
    fits = bool(out)
    if state.statues[seat] == NO_STATUE:  # C13: every identity the neighbours allow
        for cell, (bad_buildings, bad_colours) in zip(cells, forbidden, strict=True):
            colours = [c for c in range(7) if c not in bad_colours]
            for b in range(7):
                if b not in bad_buildings:
                    out.extend(PlayStatue(b, c, cell) for c in colours)
    if not fits and not permit:
        out.extend(Discard(card) for card in sorted(state.hands[seat]))
    return out


def placement_error(state: State, seat: Seat, action: Placement, *, permit: bool) -> Text | None:
    """Why ``action`` is not a legal placement of ``seat`` in ``state`` (for the player), or
    ``None`` when it is: accepts exactly the members of :func:`placements`."""
    match action:
        case PlayCard(card, cell):
            if card not in state.hands[seat]:
                return Text("You don't hold {card}.", card=card_label(card))
            reason = rules.why_illegal(state.grid(), cell, face_of(card))
            if reason:
                return Text(
                    "{card} cannot go on {space}: {reason}.",
                    card=card_label(card),
                    space=cell_code(cell),
                    reason=reason,
                )
        case PlayStatue(b, c, cell):
            if state.statues[seat] != NO_STATUE:
                return Text("You have already played your statue.")
            reason = rules.why_illegal(state.grid(), cell, (b, c, STATUE_VALUE))
            if reason:
                return Text(
                    "Your statue as {card} cannot go on {space}: {reason}.",
                    card=identity_label(b, c),
                    space=cell_code(cell),
                    reason=reason,
                )
        case Discard(card):
            if permit:
                return Text("A permit turn must place a card or your statue.")
            if card not in state.hands[seat]:
                return Text("You don't hold {card}.", card=card_label(card))
            if hand_fits(state, seat):
                return Text("You may discard only when none of your cards fits in the city.")
    return None


# --------------------------------------------------------------------------- a turn


def place(t: Scratch, seat: Seat, action: Placement) -> None:
    """``seat`` places (or discards), scores, and draws as the rules say (a statue draws
    nothing; in the end phase the draw is a decision)."""
    t.set(last_turn=(seat, int(t.permit_turn), -1, 0, 0, 0))
    match action:
        case PlayCard(card, cell):
            hand = list(t.hands[seat])
            hand.remove(card)
            t.set(hands=set_hand(t.hands, seat, tuple(hand)))
            _score(t, seat, cell, card, face_of(card), {"card": card_code(card)})
            _draw_step(t, seat)
        case PlayStatue(b, c, cell):
            t.set(statues=set_at(t.statues, seat, b * 7 + c))
            declared = card_code(b * 7 + c)
            _score(t, seat, cell, STATUE + seat, (b, c, STATUE_VALUE), {"declared": declared})
            t.ended = True  # no draw after a statue [R]
        case Discard(card):
            hand = list(t.hands[seat])
            hand.remove(card)
            t.set(hands=set_hand(t.hands, seat, tuple(hand)), discards=(*t.discards, card))
            t.emit({"type": "CardDiscarded", "seat": seat, "card": card_code(card)})
            t.record(seat, discarded=card)
            _draw_step(t, seat)


def keep(t: Scratch, seat: Seat) -> None:
    """``nodraw``: the end-phase draw declined; the turn ends."""
    t.emit({"type": "DrawSkipped", "seat": seat})
    t.record(seat, kept=1)
    t.ended = True


def _score(
    t: Scratch, seat: Seat, cell: rules.Cell, item: int, face: rules.Face, what: dict[str, JSON]
) -> None:
    streets = rules.score(grid_of(t.city), cell, face)
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
        scores=set_at(scores, seat, scores[seat] + gained),
        last=(seat, *cell, gained),
    )
    if t.permit_turn:  # C7: the permit is spent when the card or statue is placed
        left = t.permits[seat] - 1
        t.set(permits=set_at(t.permits, seat, left))
        t.emit({"type": "PermitSpent", "seat": seat, "uses_left": left})


def _draw_step(t: Scratch, seat: Seat) -> None:
    """A draw is due: automatic before the first volcano or with an empty hand, else a choice
    (C9)."""
    if t.volcanoes == 0 or not t.hands[seat]:
        draw(t, seat)
    else:
        t.set(stage="draw", actor=seat)


def draw(t: Scratch, seat: Seat) -> None:
    """``seat`` draws the top card: a building card ends the turn; the first volcano is set
    aside and the drawer decides about a replacement (C8); the second ends the game."""
    deck = t.deck
    card = deck[0]
    t.set(deck=deck[1:])
    if card == VOLCANO:
        number = t.volcanoes + 1
        t.set(volcanoes=number)
        t.emit({"type": "VolcanoDrawn", "seat": seat, "number": number})
        t.record(seat, volcano=number)
        if number == 2:
            _game_over(t)
        else:  # set aside; the drawer decides whether to draw a replacement [R] (C8)
            _draw_step(t, seat)
        return
    hands = t.hands
    t.set(hands=set_hand(hands, seat, (*hands[seat], card)))
    t.record(seat, drew=1)
    t.emit(
        {
            "type": "CardDrawn",
            "seat": seat,
            "secret": {"card": card_code(card)},
            "secret_for": [seat],
        }
    )
    t.ended = True


# --------------------------------------------------------------------------- the end


def hand_penalty(state: State, seat: Seat) -> int:
    return sum(card_value(card) for card in state.hands[seat])


def _game_over(t: Scratch) -> None:
    t.set(stage="over", actor=-1, permit_turn=False, window_after=-1, holders=(), pending=())
    t.set(prepared=None, prepared_at=-1)  # a prepared move dies with the city (C21)
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
        reason=Text("The second volcano erupted: Pompeji is destroyed."),
    )
