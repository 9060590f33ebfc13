"""The AI levels on The Downfall of Pompeii: legal, reproducible, blind to hidden information,
and sensible in positions with an obvious best move."""

from __future__ import annotations

import math
from typing import Any

import pytest

from engine.ai import Budget, choose_easy, choose_hard, choose_normal, choose_random, search
from engine.downfall import GAME, State, determinize
from engine.downfall.ai import (
    SOFTMAX_T,
    DownfallHeuristics,
    canonical,
    crowd_temperature,
    duel_temperature,
    move_candidates,
    seat_values,
)
from engine.rng import Rng
from tests.engine.ai.scramble import assert_blind, peeks_caught
from tests.engine.downfall.helpers import position

HEUR = DownfallHeuristics()

SMALL = Budget(playouts=24)


def _states(players: int, seed: int, every: int) -> list[State]:
    """Every ``every``-th decision state of a game between easy players."""
    out = []
    state = GAME.new_game(seed, players)
    while GAME.outcome(state) is None:
        if state.version % every == 0:
            out.append(state)
        state = GAME.apply(
            state, state.seat, choose_easy(GAME, state, state.seat, seed, HEUR)
        ).state
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_returns_a_legal_action(players: int) -> None:
    for state in _states(players, 7 + players, 9):
        seat = state.seat
        legal = GAME.legal_actions(state, seat)
        assert choose_random(GAME, state, seat, 1) in legal
        assert choose_easy(GAME, state, seat, 2, HEUR) in legal
        assert choose_normal(GAME, state, seat, 3, HEUR) in legal
        assert choose_hard(GAME, state, seat, 4, HEUR, Budget(playouts=6)) in legal


def test_search_candidates_and_rollout_moves_are_legal() -> None:
    heur = DownfallHeuristics()
    checked = 0
    for players in (2, 4):
        for state in _states(players, 3, 2):
            legal = set(GAME.legal_actions(state, state.seat))
            for action in heur.candidates(state, state.seat, 6):
                assert action in legal
            action, _ = heur.rollout_action(state, state.seat, Rng(state.version))
            assert action in legal
            checked += 1
    assert checked > 100


def test_a_fixed_budget_is_reproducible() -> None:
    state = _states(3, 5, 25)[2]
    first = search(GAME, state, state.seat, 11, HEUR, SMALL)
    again = search(GAME, state, state.seat, 11, HEUR, SMALL)
    assert first == again
    assert first.iterations == SMALL.playouts


def _hidden_differs(a: State, b: State, seat: int) -> bool:
    others = [s for s in range(a.players) if s != seat]
    return any(a.hands[s] != b.hands[s] for s in others) or a.stock != b.stock


def _phase1_states() -> list[tuple[State, int]]:
    out = []
    for players in (2, 3, 4):
        for state in _states(players, 20 + players, 7):
            if state.phase == "build":
                out.append((state, state.seat))
    return out


def test_the_search_sees_only_what_its_seat_can_see() -> None:
    """Scrambling everything the seat cannot know (consistently with its view) changes nothing:
    same choice, same visit counts, at every level (the tree search at two players, the policy
    rollout at three and four)."""
    cases = _phase1_states()[::2]
    assert {state.players for state, _ in cases} == {2, 3, 4}
    assert_blind(GAME, HEUR, cases, determinize, _hidden_differs, SMALL, 12345)


class _Peeking(DownfallHeuristics):
    """A cheat: searches the real state (the hidden cards and the stock order included)."""

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return state


def test_the_hidden_information_check_catches_a_peeking_search() -> None:
    cheat: Any = _Peeking()
    cases = _phase1_states()
    for players in (2, 4):  # the tree search and the policy rollout both
        mine = [(state, seat) for state, seat in cases if state.players == players]
        assert peeks_caught(GAME, cheat, mine, determinize, SMALL, 12345) > 0


def test_canonical_depends_only_on_the_seats_view() -> None:
    for state, seat in _phase1_states()[:10]:
        other = determinize(state, seat, 77)
        heur = DownfallHeuristics()
        assert heur.determinize(state, seat, 5) == heur.determinize(other, seat, 5)
        assert canonical(state, seat).hands[seat] == state.hands[seat]


def test_a_time_budget_stops_by_the_injected_clock() -> None:
    ticks = iter(range(10_000))
    budget = Budget(playouts=10_000, seconds=5, clock=lambda: float(next(ticks)))
    state = _states(2, 4, 30)[1]
    result = search(GAME, state, state.seat, 1, HEUR, budget)
    # The clock reads once at the start and once per iteration: 5 ticks allow 5 iterations.
    assert result.iterations == 5


def _escape(bag: dict[str, int] | None = None, **extra: Any) -> State:
    return position(
        2,
        phase="escape",
        pending="move",
        pieces={"b5": "00", "e3": "1", "h4": "11", "d5": "0"},
        lava={"c2": "coin", "e4": "column", "h1": "scroll", "k3": "vase", "d7": "mask"},
        bag=bag or {"coin": 5, "column": 5, "scroll": 5, "vase": 5, "mask": 5, "helmet": 5},
        **extra,
    )


def test_the_evaluation_counts_saved_pieces_and_escape_chances() -> None:
    state = _escape()
    before = seat_values(state)
    after = seat_values(GAME.apply(state, 0, GAME.parse_action("move b5 out a5")).state)
    assert after[0] > before[0]
    assert after[1] == pytest.approx(before[1], abs=0.3)


def test_a_lead_in_a_duel_counts_for_more_as_the_bag_empties() -> None:
    # The same pieces early and late in phase 2: seat 0's lead is a win share a little above
    # a half with a full bag and nearly a won game with two tiles left (the temperature
    # falls as the bag empties); three or four seats read their own calibrated temperature.
    early = _escape(bag={"coin": 6, "column": 6, "scroll": 6, "vase": 6, "mask": 6, "helmet": 6})
    late = _escape(bag={"coin": 1, "mask": 1})
    lead = [seat_values(s)[0] - seat_values(s)[1] for s in (early, late)]
    chance = [HEUR.values(s)[0] for s in (early, late)]
    assert duel_temperature(late) < duel_temperature(early) < SOFTMAX_T
    for k in range(2):
        assert chance[k] == pytest.approx(
            1 / (1 + math.exp(-lead[k] / duel_temperature((early, late)[k])))
        )
    assert 0 < lead[0] < lead[1]  # and with the bag nearly empty it counts for much more:
    assert 0.5 < chance[0] < 0.6
    assert chance[1] > 0.8
    crowd = position(
        4,
        phase="escape",
        pending="move",
        pieces={"b5": "00", "e3": "1", "h4": "12", "d5": "3"},
        lava={"c2": "coin", "e4": "column", "h1": "scroll", "k3": "vase", "d7": "mask"},
        bag={"coin": 1, "mask": 1},
    )
    assert crowd_temperature(crowd) < duel_temperature(crowd) < 0.6  # sharper at four seats
    v = seat_values(crowd)
    top = max(v)
    weights = [math.exp((x - top) / crowd_temperature(crowd)) for x in v]
    assert HEUR.values(crowd) == pytest.approx([w / sum(weights) for w in weights])
    full = position(4, phase="escape", pending="move", pieces={"b5": "00", "e3": "1"}, bag=None)
    assert crowd_temperature(full) > crowd_temperature(crowd)  # softer with the bag full


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_piece_that_can_leave_leaves_when_turns_run_short(level: str) -> None:
    state = _escape(bag={"coin": 1, "mask": 1})  # two tiles left: one more turn each
    assert any(m.out for _, m in move_candidates(state, 0))
    while state.seat == 0:
        if level == "normal":
            action = choose_normal(GAME, state, 0, 1, HEUR)
        else:
            action = choose_hard(GAME, state, 0, 1, HEUR, SMALL)
        state = GAME.apply(state, 0, action).state
    assert state.saved[0] == 1


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_lava_goes_onto_the_opponents_crowd_not_onto_own_pieces(level: str) -> None:
    state = position(
        2,
        phase="escape",
        pending="lava",
        tile="coin",
        pieces={"c3": "111", "b2": "0", "g4": "00", "f5": "1"},
        lava={"c2": "coin", "e4": "column", "h1": "scroll", "k3": "vase", "d7": "mask"},
        bag={"coin": 5, "column": 5, "scroll": 5, "vase": 5, "mask": 5, "helmet": 5},
    )
    assert "lava b2" in {GAME.format_action(a) for a in GAME.legal_actions(state, 0)}
    if level == "normal":
        action = choose_normal(GAME, state, 0, 1, HEUR)
    else:
        action = choose_hard(GAME, state, 0, 1, HEUR, SMALL)
    assert GAME.format_action(action) == "lava c3"


def test_the_levels_are_ordered_in_a_few_fixed_games() -> None:
    """Normal beats random in every one of four 2-player games (seats alternate)."""
    for g in range(4):
        state = GAME.new_game(500 + g, 2)
        normal_seat = g % 2
        while GAME.outcome(state) is None:
            seat = state.seat
            if seat == normal_seat:
                action = choose_normal(GAME, state, seat, g, HEUR)
            else:
                action = choose_random(GAME, state, seat, state.version)
            state = GAME.apply(state, seat, action).state
        outcome = GAME.outcome(state)
        assert outcome is not None
        assert outcome.winners == {normal_seat}
