"""Random playouts: 50 games for each player count here (one applying every legal action at
every step); ``python -m bench sweeps`` plays the same checks over 200 and more. After every
step:

* cards conserved (hands + city + discards + deck = the 49 cards, 2 volcanoes), hands <= 3;
* nobody is to act exactly when the game is over, and only those seats have legal actions;
* the policy: a random seat the game waits for plays a random legal action; while the next
  player waits (a window, a permit turn) they take one step in four to prepare a move, change
  it or withdraw it (C20), so prepared moves are played, re-checked and dropped in bulk;
* the next player's option is never a seat the game waits for, and a prepared move exists only
  while its owner waits; the log's public form of a preparation is a phrase without the move;
* no other seat's view and no public event shows a prepared move's card, nor its space while
  that is empty, before it is played (C22);
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
hidden card; every seat's view is the public view plus exactly its own hand (and its own prepared
move); the public copies of the step's events hold no hidden card; while a move is prepared, the
views hold no clue to it and another seat's determinization shows it the same views.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
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
    Placement,
    PlayCard,
    PlayStatue,
    Withdraw,
    card_code,
    cell_code,
)
from engine.cardcity.api import GAME
from engine.cardcity.data import VOLCANO
from engine.cardcity.game import STATUE, State, determinize
from engine.core import Event, Record, RuleError, deciders, redact, replay, waited

GAMES_PER_COUNT = 50
"""Games of each table size in the suite; the long sweep is ``python -m bench sweeps``."""
EXHAUSTIVE_EVERY = 100  # every 100th game applies *every* legal action at every step; the others
# the random one they play (every possible action round-trips notation: test_notation.py)
MAX_STEPS = 600
SAMPLE_EVERY = 3  # by chance, one step in 3 runs the costly checks
PREPARE_EVERY = 4  # while the next player waits, one step in 4 (by chance) is theirs
ALL_CARDS = list(range(49))
OPTION_SETS = [
    {},
    {"permit_uses": 2},
    {"permit_window": 0},
    {"permit_uses": 2, "permit_window": 60, "first_seat": 1},
]


KINDS = (PlayCard, PlayStatue, Discard, Draw, NoDraw, Claim, Decline, Withdraw)


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
PLAYER_KEYS = {"seat", "hand", "hand_value", "can_place", "prepared_move", "fits", "statue_cells"}


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
        own = state.prepared if seat == state.turn else None
        shown = view["prepared_move"]
        assert (shown and shown["notation"]) == (own and GAME.format_action(own))


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


def clues(state: State, move: Placement) -> set[str]:
    """What would give ``move`` away in ``state``: its card while hidden in a hand (its code
    may be public as a statue's declared identity, C13), its space while empty (a statue's
    identity may be public by coincidence too)."""
    found: set[str] = set()
    if isinstance(move, PlayCard | Discard) and GAME.outcome(state) is None:
        found.add(card_code(move.card))
    found -= public_codes(state)
    if not isinstance(move, Discard) and move.cell not in {(r, c) for r, c, _ in state.city}:
        found.add(cell_code(move.cell))
    return found


def check_prepared(
    before: State, after: State, events: Sequence[Event], *, views: bool, seed: int
) -> None:
    """C22: no seat but the owner, and no spectator, learns a prepared move before it is
    played: not from the views, not from the public copies of events, not by determinizing."""
    hidden: list[tuple[int, Placement]] = []
    if after.prepared is not None:
        hidden.append((after.turn, after.prepared))
    if before.prepared is not None and "PreparedMovePlayed" not in [e["type"] for e in events]:
        hidden.append((before.turn, before.prepared))
    for owner, move in hidden:
        quoted = {f'"{clue}"' for clue in clues(after, move)}
        others: list[int | None] = [s for s in range(after.players) if s != owner]
        for seat in [*others, None]:
            seen = [json.dumps(redact(event, seat)) for event in events]
            if views:  # (where the viewer's own cards fit is theirs: left out of the check)
                view = GAME.view(after, seat)
                view.pop("fits", None)
                view.pop("statue_cells", None)
                seen.append(json.dumps(view))
            assert not any(q in text for q in quoted for text in seen), (seat, move)
        if views and after.prepared is not None:
            for seat in others:
                assert seat is not None
                sample = determinize(after, seat, seed)
                assert GAME.view(sample, seat) == GAME.view(after, seat)
                assert GAME.view(sample, None) == GAME.view(after, None)


def illegal_candidates(state: State, rnd: random.Random) -> Iterator[tuple[int, Action]]:
    """Three actions per step, mostly not legal: a random seat tries a random word, a random
    card play, and a random statue play or discard."""
    words: list[Action] = [DRAW, NODRAW, CLAIM, DECLINE]
    yield rnd.randrange(state.players), rnd.choice(words)
    seat, c = rnd.randrange(state.players), rnd.randrange(49)
    cell = (rnd.randrange(SIZE), rnd.randrange(SIZE))
    yield seat, PlayCard(c, cell)
    yield seat, PlayStatue(c // 7, c % 7, cell) if cell[0] % 2 else Discard(c)


def run_game(players: int, seed: int) -> Counter[str]:
    """Play one game with every check; the count of each event type it produced."""
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
        waiting = waited(GAME.pending(state))
        preparing = acting - waiting
        assert (not acting) == (GAME.outcome(state) is not None)
        assert preparing <= {state.turn} and not preparing & waiting
        assert state.prepared is None or preparing == {state.turn}
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
        if preparing and rnd.randrange(PREPARE_EVERY) == 0:
            seat = min(preparing)
        else:
            seat = rnd.choice(sorted(waiting))
        legal = legal_by_seat[seat]
        if exhaustive:
            for action in legal:
                GAME.apply(state, seat, action)
        action = pick(legal, rnd)
        assert GAME.parse_action(GAME.format_action(action)) == action
        assert GAME.describe_action(state, seat, action)
        # C22: a prepared move is secret, everything else (a withdrawal included) public.
        preparing_it = seat in preparing and not isinstance(action, Withdraw)
        assert GAME.secret(state, seat, action) == preparing_it
        transition = GAME.apply(state, seat, action)
        assert GAME.version(transition.state) == len(records) + 1
        check_events(transition.state, transition.events, text=sampled)
        check_prepared(state, transition.state, transition.events, views=sampled, seed=seed)
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
    return Counter(event["type"] for record in records for event in record.events)


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


def sweep(players: int, games: int) -> None:
    """``games`` random games of ``players`` keep every invariant above (seeds 0, 1, ...)."""
    played = [run_game(players, seed) for seed in range(games)]
    assert min(sum(game.values()) for game in played) > 10
    total = sum(played, Counter[str]())
    # Prepared moves were played when the window closed or after a permit turn, dropped when a
    # permit turn took their space or made them illegal, and withdrawn (C20, C21): in bulk, in
    # proportion to the games (at least 0.5, 0.1 and 0.05 a game).
    assert total["PreparedMovePlayed"] > games / 2, total
    assert total["PreparedMoveWithdrawn"] > games / 10, total
    assert total["PreparedMoveDropped"] > games / 20, total


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts(players: int) -> None:
    sweep(players, GAMES_PER_COUNT)
