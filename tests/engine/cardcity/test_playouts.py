"""Random playouts: 200 games for each player count (2 of them applying every legal action at
every step). After every step:

* cards conserved (hands + city + discards + deck = the 49 cards, 2 volcanoes), hands <= 3;
* to_act is empty exactly when the game is over, and only seats in to_act have legal actions;
* the action played (a random legal one) round-trips its notation, has a label and applies;
  in the exhaustive games every legal action applies (and every possible action's notation
  round-trips in test_notation.py);
* three random actions that are not legal raise a RuleError;
* the state round-trips through state_to_json/state_from_json;
* a secret in an event reaches only its ``secret_for`` seats;
* replay: re-applying the log reproduces every intermediate state and every event list;
* every game ends (within 600 steps); at the end, the city obeys the placement rules and each
  score is the sum of the points its plays earned.

The costly checks run at one step in three, by chance (as in the Downfall playouts, to stay
within the test budget): the state JSON goes through JSON text; the public view's JSON holds no
hidden card; every seat's view is the public view plus exactly its own hand; the public copies
of the step's events hold no hidden card.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence

import pytest

from engine.cardcity.actions import (
    CLAIM,
    DECLINE,
    DRAW,
    NODRAW,
    SIZE,
    Action,
    Claim,
    Decline,
    Discard,
    Draw,
    NoDraw,
    PlayCard,
    PlayStatue,
    card_code,
)
from engine.cardcity.api import GAME
from engine.cardcity.data import VOLCANO
from engine.cardcity.game import STATUE, State
from engine.core import Event, Record, RuleError, deciders, redact, replay

GAMES_PER_COUNT = 200
EXHAUSTIVE_EVERY = 100  # every 100th game applies *every* legal action at every step; the others
# the random one they play (every possible action round-trips notation: test_notation.py)
MAX_STEPS = 600
SAMPLE_EVERY = 3  # by chance, one step in 3 runs the costly checks
ALL_CARDS = list(range(49))
OPTION_SETS = [
    {},
    {"permit_uses": 2},
    {"permit_window": 0},
    {"permit_uses": 2, "permit_window": 60, "first_seat": 1},
]


KINDS = (PlayCard, PlayStatue, Discard, Draw, NoDraw, Claim, Decline)


def pick(legal: Sequence[Action], rnd: random.Random) -> Action:
    """A random action: first a kind (play, statue, discard, ...), then one of that kind."""
    kinds: dict[type, list[Action]] = {}
    for action in legal:
        kinds.setdefault(type(action), []).append(action)
    present = [kind for kind in KINDS if kind in kinds]
    return rnd.choice(kinds[rnd.choice(present)])


def check_cards(state: State) -> None:
    placed = [item for _, _, item in state.city if item < STATUE]
    held = [c for hand in state.hands for c in hand]
    deck = [c for c in state.deck if c != VOLCANO]
    assert sorted(held + placed + deck + list(state.discards)) == ALL_CARDS
    assert state.deck.count(VOLCANO) + state.volcanoes == 2
    assert all(len(hand) <= 3 for hand in state.hands)
    assert len({(r, c) for r, c, _ in state.city}) == len(state.city)


def public_codes(state: State) -> set[str]:
    """Codes anyone may see: placed cards, discards and declared statue identities."""
    codes = {card_code(item) for _, _, item in state.city if item < STATUE}
    codes |= {card_code(c) for c in state.discards}
    codes |= {card_code(d) for d in state.statues if d >= 0}
    return codes


CODE = re.compile(r'"([TFABVWG][roygbpw])"')
PLAYER_KEYS = {"seat", "hand", "hand_value", "can_place"}


def check_views(state: State) -> None:
    """The public view shows no hidden card; each seat's view is the public view plus exactly
    that seat's own hand (so it shows no other hand either)."""
    public = GAME.view(state, None)
    assert not PLAYER_KEYS & public.keys()
    if GAME.outcome(state) is None:  # once over, the hands are public
        shown = set(CODE.findall(json.dumps(public)))
        allowed = public_codes(state)
        assert shown <= allowed, f"public view shows {shown - allowed}"
    for seat in range(state.players):
        view = GAME.view(state, seat)
        assert {k: v for k, v in view.items() if k not in PLAYER_KEYS} == public
        assert [c["code"] for c in view["hand"]] == [card_code(c) for c in state.hands[seat]]


def check_events(state: State, events: Sequence[Event], *, text: bool) -> None:
    """A seat sees a secret only if it is one of ``secret_for``, else exactly the public event;
    with ``text``, the public events also hold no card that is still hidden."""
    allowed = public_codes(state) if text and GAME.outcome(state) is None else None
    for event in events:
        seen = redact(event, None)
        assert "secret" not in seen
        if allowed is not None:
            shown = set(CODE.findall(json.dumps(seen)))
            assert shown <= allowed, (event, shown - allowed)
        for seat in range(state.players):
            if seat in event.get("secret_for", ()):
                assert redact(event, seat) == event
            else:
                assert redact(event, seat) == seen


def illegal_candidates(state: State, rnd: random.Random) -> Iterator[tuple[int, Action]]:
    """Three actions per step, mostly not legal: a random seat tries a random word, a random
    card play, and a random statue play or discard."""
    yield rnd.randrange(state.players), rnd.choice([DRAW, NODRAW, CLAIM, DECLINE])
    seat, c = rnd.randrange(state.players), rnd.randrange(49)
    cell = (rnd.randrange(SIZE), rnd.randrange(SIZE))
    yield seat, PlayCard(c, cell)
    yield seat, PlayStatue(c // 7, c % 7, cell) if cell[0] % 2 else Discard(c)


def run_game(players: int, seed: int) -> int:
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    exhaustive = seed % EXHAUSTIVE_EVERY == 0
    state = GAME.new_game(seed, players, options)
    rnd = random.Random(seed * 7919 + players)
    records: list[Record] = []
    states = [state]
    while True:
        check_cards(state)
        sampled = rnd.randrange(SAMPLE_EVERY) == 0
        data = GAME.state_to_json(state)
        if sampled:
            data = json.loads(json.dumps(data))
            check_views(state)
        assert GAME.state_from_json(data) == state
        acting = deciders(GAME, state)
        assert (not acting) == (GAME.outcome(state) is not None)
        if not acting:
            break
        assert len(records) < MAX_STEPS, "the game did not end"
        legal_by_seat = {seat: GAME.legal_actions(state, seat) for seat in range(players)}
        for seat, legal in legal_by_seat.items():
            assert bool(legal) == (seat in acting)
        for seat, action in illegal_candidates(state, rnd):
            if action not in legal_by_seat[seat]:
                try:
                    GAME.apply(state, seat, action)
                except RuleError:
                    continue
                raise AssertionError(f"seat {seat} could play non-legal {action}")
        seat = rnd.choice(sorted(acting))
        legal = legal_by_seat[seat]
        if exhaustive:
            for action in legal:
                GAME.apply(state, seat, action)
        action = pick(legal, rnd)
        assert GAME.parse_action(GAME.format_action(action)) == action
        assert GAME.describe_action(state, seat, action)
        transition = GAME.apply(state, seat, action)
        assert GAME.version(transition.state) == len(records) + 1
        check_events(transition.state, transition.events, text=sampled)
        records.append(Record(seat, GAME.format_action(action), transition.events))
        state = transition.state
        states.append(state)
    # Replay: every intermediate state and every event list comes out the same.
    again = GAME.new_game(seed, players, options)
    for record, expected in zip(records, states[1:], strict=True):
        transition = GAME.apply(again, record.seat, GAME.parse_action(record.action))
        assert transition.events == record.events
        again = transition.state
        assert again == expected
    if seed % 10 == 0:
        assert replay(GAME, seed, players, options, records) == state
    check_final_city(state)
    points = [0] * players
    for record in records:
        for event in record.events:
            if event["type"] in ("CardPlayed", "StatuePlayed"):
                points[event["seat"]] += event["points"]
    assert list(state.scores) == points
    return len(records)


def check_final_city(state: State) -> None:
    """No two cards touching along a side share a building or a colour (statues aside), and
    the city fits in 7 x 7."""
    grid = {(r, c): item for r, c, item in state.city}
    for (r, c), item in grid.items():
        for other in (grid.get((r + 1, c)), grid.get((r, c + 1))):
            if other is None or item >= STATUE or other >= STATUE:
                continue
            assert item // 7 != other // 7 and item % 7 != other % 7, (r, c)
    rows = [r for r, _ in grid]
    cols = [c for _, c in grid]
    assert max(rows) - min(rows) < 7 and max(cols) - min(cols) < 7


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts(players: int) -> None:
    lengths = [run_game(players, seed) for seed in range(GAMES_PER_COUNT)]
    assert min(lengths) > 10
