"""host.ai: the choosers the host plugs in, levels in AI seat names, and the generic fallback."""

from __future__ import annotations

import time

import pytest

from engine.ai import Budget, GenericHeuristics, choose_hard, choose_normal
from engine.cardcity import determinize
from engine.downfall import GAME as DOWNFALL
from engine.downfall.ai import DownfallHeuristics
from host.ai import (
    DEFAULT_TIMEOUT_LEVEL,
    HARD_PLAYOUT_CAP,
    HARD_SECONDS,
    HARD_WALL_FACTOR,
    LevelChooser,
    RandomChooser,
    ai_name,
    chooser_for,
    hard_budget,
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


def test_the_hard_level_counts_the_threads_cpu_time_capped_at_three_times_in_wall_time() -> None:
    budget = LevelChooser("hard").budget()
    assert budget.clock is time.thread_time and budget.seconds == HARD_SECONDS
    assert budget.wall_clock is time.perf_counter
    assert budget.wall_seconds == pytest.approx(HARD_WALL_FACTOR * HARD_SECONDS) == 2.4
    assert budget.playouts == HARD_PLAYOUT_CAP
    assert hard_budget() == budget
    assert LevelChooser("hard", playouts=50).budget() == Budget(playouts=50)  # no clock at all


class Ticking:
    """A fake clock that moves ``step`` seconds each time it is read (``step=0``: stands still)."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize(
    ("cpu_step", "wall_step", "stopped_by"),
    [(0.25, 0.0, "cpu"), (0.0, 0.25, "wall")],
    ids=["the CPU clock reaches the budget", "the wall clock races ahead to its cap"],
)
def test_the_hard_level_thinks_for_its_budget_by_the_given_clocks(
    cpu_step: float, wall_step: float, stopped_by: str
) -> None:
    cpu, wall = Ticking(cpu_step), Ticking(wall_step)
    chooser = LevelChooser("hard", seconds=1.0, clock=cpu, wall_clock=wall)
    assert chooser.budget().timed
    state = DOWNFALL.new_game(8, 2)
    action = chooser.choose(DOWNFALL, DownfallHeuristics, state, state.seat, 1)
    assert action in DOWNFALL.legal_actions(state, state.seat)
    if stopped_by == "cpu":  # start + four iterations of 0.25 s of CPU time
        assert (cpu.now, wall.now) == (pytest.approx(1.25), 0.0)
    else:  # no CPU time at all: start + twelve iterations of 0.25 s, 3 x the budget
        assert (cpu.now, wall.now) == (0.0, pytest.approx(3.25))
    easy = chooser.with_level("easy")
    assert easy.clock is cpu and easy.wall_clock is wall


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
