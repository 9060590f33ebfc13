"""Random playouts over many seeds and every player count, checking invariants at every step.

Costly checks are sampled: the state's JSON round trip runs every step (through JSON text at one
step in ten), the view-leak check at three steps in ten; three legal actions a step go
through the notation (all of them in test_notation.py); the full replay runs at the end of each
game and, in one game of four, a replay prefix up to a random step. 50 games a table size here;
``python -m bench sweeps`` plays the same checks over 200 and more.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from engine.core import Record, RuleError, deciders, replay
from engine.downfall import GAME, MovePiece, State, determinize, format_action, parse_action
from engine.downfall.actions import MOVE_OF, MOVE_OUT_OF, PLAY_BARE_OF, PLAY_OF, RELATIVE_AT
from engine.downfall.board import GATE_AT, NEIGHBOURS, PIECES_PER_PLAYER
from engine.downfall.tables import AD79, INDEX, STRIDE

GAMES = 50
"""Games of each table size in the suite; the long sweep is ``python -m bench sweeps``."""
UNIVERSE = [
    *list(PLAY_OF.values())[::7],
    *PLAY_BARE_OF.values(),
    *RELATIVE_AT[::5],
    *list(MOVE_OF.values())[::97],
    *list(MOVE_OUT_OF.values())[::11],
    parse_action("erupt"),
    parse_action("pass"),
    parse_action("lava c2"),
    parse_action("lava mask d7"),
    parse_action("omen red c3"),
    parse_action("omen blue d4"),
]


def check_invariants(state: State, total: int) -> None:
    for seat in range(state.players):
        on_board = sum(state.men[seat::STRIDE])
        assert on_board == state.in_city[seat]
        assert (
            state.supply[seat]
            + state.in_city[seat]
            + state.saved[seat]
            + state.volcano[seat]
            + state.box[seat]
            == total
        )
    assert (not deciders(GAME, state)) == (state.phase == "over")
    if state.phase == "build":
        assert AD79 in state.stock  # R14


def check_moves(state: State, events: tuple[dict[str, Any], ...]) -> None:
    """Every move event follows the movement rules on the board it was made on (R7)."""
    for event in events:
        if event["type"] in ("PieceMoved", "PieceSaved"):
            path = event["path"]
            assert len(set(path)) == len(path)
            assert all(b in NEIGHBOURS[a] for a, b in itertools.pairwise(path))
            assert all(state.lava[INDEX[sq]] < 0 for sq in path)
            assert event["steps"] <= event["points"] == state.occ[INDEX[path[0]]]
            if event["type"] == "PieceSaved":
                assert path[-1] in GATE_AT and event["steps"] == len(path)


def check_no_leak(state: State, rnd: random.Random) -> None:
    """Resampling what a seat cannot know (other hands, stock, bag) changes nothing it can see.

    The player view contains the whole public view, so this covers the public view too."""
    seat = rnd.randrange(state.players)
    other = determinize(state, seat, rnd.randrange(1 << 30))
    assert GAME.view(other, seat) == GAME.view(state, seat)


def play_game(seed: int, players: int, dual_vent: bool) -> tuple[State, list[Record]]:
    rnd = random.Random(seed * 10 + players)
    options: dict[str, Any] = {"dual_vent": dual_vent}
    state = GAME.new_game(seed, players, options)
    total = PIECES_PER_PLAYER[players]
    records: list[Record] = []
    history = [state]
    while True:
        check_invariants(state, total)
        data = GAME.state_to_json(state)
        if rnd.random() < 0.1:
            data = json.loads(json.dumps(data))
            public = GAME.view(state, None)
            assert "hand" not in public and "stock" not in public
            json.dumps(public)
        assert GAME.state_from_json(data) == state
        if rnd.random() < 0.3:
            check_no_leak(state, rnd)
        seats = deciders(GAME, state)
        if not seats:
            break
        # Mostly the pending seat; sometimes an out-of-turn caller (R3).
        seat = state.seat if rnd.random() < 0.9 else rnd.choice(sorted(seats))
        legal = GAME.legal_actions(state, seat)
        assert legal
        if state.pending == "move":  # R10: a movement step is asked only when a piece can move
            assert isinstance(legal[0], MovePiece)
        for action in rnd.sample(legal, min(3, len(legal))):
            assert parse_action(format_action(action)) == action
        wrong = rnd.choice(UNIVERSE)
        if wrong not in legal:
            with pytest.raises(RuleError):
                GAME.apply(state, seat, wrong)
        idle = [s for s in range(players) if s not in seats]
        if idle:
            with pytest.raises(RuleError):
                GAME.apply(state, rnd.choice(idle), legal[0])
        if rnd.random() < 0.2:
            GAME.apply(state, seat, rnd.choice(legal))  # another legal action applies too
        action = rnd.choice(legal)
        transition = GAME.apply(state, seat, action)
        check_moves(state, transition.events)
        records.append(Record(seat, format_action(action), transition.events))
        state = transition.state
        history.append(state)
        assert len(records) < 2000, "the game does not end"
    if seed % 4 == 0:
        cut = rnd.randrange(len(records))
        assert replay(GAME, seed, players, options, records[:cut]) == history[cut]
    return state, records


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    sweep(players, GAMES)


def sweep(players: int, games: int) -> None:
    """``games`` random games of ``players`` keep every invariant above (seeds 0, 1, ...)."""
    finished = 0
    for seed in range(games):
        dual_vent = seed % 4 == 3
        final, records = play_game(seed, players, dual_vent)
        assert replay(GAME, seed, players, {"dual_vent": dual_vent}, records) == final
        outcome = GAME.outcome(final)
        assert outcome is not None and outcome.winners
        assert sum(final.in_city) == 0
        finished += 1
    assert finished == games
