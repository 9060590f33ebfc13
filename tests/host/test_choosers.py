"""host.ai: the choosers the host plugs in, levels in AI seat names, and the generic fallback."""

from __future__ import annotations

import pytest

from engine.ai import Budget, GenericHeuristics, choose_hard, choose_normal
from engine.cardcity import determinize
from engine.downfall import GAME as DOWNFALL
from engine.downfall.ai import DownfallHeuristics
from host.ai import (
    DEFAULT_TIMEOUT_LEVEL,
    LevelChooser,
    RandomChooser,
    ai_name,
    chooser_for,
    parse_ai_name,
    seat_chooser,
)
from plugins import PLUGINS, get


def test_ai_names_carry_the_level() -> None:
    assert ai_name(2, "hard") == "AI 2 (hard)"
    assert parse_ai_name("AI 2 (hard)") == "hard"
    assert parse_ai_name("AI 1 (Easy)") == "easy"
    assert parse_ai_name("AI 1") is None
    assert parse_ai_name(None) is None
    with pytest.raises(ValueError, match="levels: easy, normal, hard"):
        ai_name(1, "godlike")
    with pytest.raises(ValueError):
        LevelChooser("godlike")


def test_a_seat_gets_the_level_of_its_name_and_a_timeout_the_default() -> None:
    base = chooser_for()
    assert base.level == DEFAULT_TIMEOUT_LEVEL == "normal"
    hard = seat_chooser(base, "AI 3 (hard)")
    assert isinstance(hard, LevelChooser)
    assert hard.level == "hard"
    assert hard.name == "the hard AI"
    assert seat_chooser(base, None) is base
    assert seat_chooser(base, "AI 1") is base
    stand_in = RandomChooser()
    assert seat_chooser(stand_in, "AI 1 (hard)") is stand_in


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_level_choosers_are_reproducible_with_a_fixed_budget(level: str) -> None:
    chooser = LevelChooser(level, playouts=10)
    state = DOWNFALL.new_game(3, 3)
    for _ in range(12):
        seat = state.seat
        action = chooser.choose(DOWNFALL, DownfallHeuristics, state, seat, state.version)
        assert action == chooser.choose(DOWNFALL, DownfallHeuristics, state, seat, state.version)
        assert action in DOWNFALL.legal_actions(state, seat)
        state = DOWNFALL.apply(state, seat, action).state


def test_the_hard_level_thinks_for_its_time_budget_by_the_given_clock() -> None:
    now = [0.0]

    def clock() -> float:
        now[0] += 0.25
        return now[0]

    chooser = LevelChooser("hard", seconds=1.0, clock=clock)
    budget = chooser.budget()
    assert budget.timed
    state = DOWNFALL.new_game(8, 2)
    action = chooser.choose(DOWNFALL, DownfallHeuristics, state, state.seat, 1)
    assert action in DOWNFALL.legal_actions(state, state.seat)
    assert now[0] == pytest.approx(1.25)  # start + four iterations of 0.25 s
    assert chooser.with_level("easy").clock is clock


def test_every_game_has_its_own_heuristics_and_the_generic_search_needs_a_determinize() -> None:
    for plugin in PLUGINS:
        heur = plugin.heuristics()
        assert not isinstance(heur, GenericHeuristics) and heur.honest and heur.informed
    game = get("cardcity").engine
    assert not GenericHeuristics(game).honest  # without a determinize a search would peek
    heur = GenericHeuristics(game, determinize)
    assert heur.honest and not heur.informed
    state = game.new_game(4, 3)
    (turn,) = game.pending(state)
    (seat,) = turn.seats
    legal = game.legal_actions(state, seat)
    assert choose_hard(game, state, seat, 1, heur, Budget(playouts=4)) in legal
    assert choose_normal(game, state, seat, 1, heur) in legal
