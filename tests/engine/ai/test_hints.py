"""The hint (``/game hint``) is the normal level's choice, for every game, and tells nothing its
seat could not know."""

from __future__ import annotations

import importlib

import pytest

import plugins
from engine.ai import choose_normal
from engine.ai.base import GenericHeuristics
from engine.ai.hints import BEST, ONLY, Reason, advise
from plugins import GamePlugin
from tests.engine.ai.hinting import reasons
from tests.toy.game import TOY


@pytest.mark.parametrize("plugin", plugins.PLUGINS, ids=lambda p: p.key)
def test_the_hint_is_the_normal_levels_choice_with_a_reason_of_the_game(plugin: GamePlugin) -> None:
    heur = plugin.heuristics()
    seen = reasons(plugin, games=1)
    for h in seen[::3]:
        assert h.hint.action == choose_normal(plugin.engine, h.state, h.seat, h.seed, heur)
    keys = {h.hint.reason.key for h in seen}
    assert len(keys - {ONLY, BEST}) >= 3, keys  # the game's own reasons, not the fallback
    declared = importlib.import_module(f"engine.{plugin.key}.hints").REASONS
    assert keys <= {*declared, ONLY, BEST}  # each one worded by the presentation
    game = plugin.engine
    forced = {h.hint.reason.key for h in seen if len(game.legal_actions(h.state, h.seat)) == 1}
    assert forced <= {ONLY}


@pytest.mark.parametrize("plugin", plugins.PLUGINS, ids=lambda p: p.key)
def test_a_hint_reads_only_what_its_seat_can_see(plugin: GamePlugin) -> None:
    """The same hint, reason and numbers included, on the real state and on a resampling of
    what the seat cannot know (its game's determinize, consistent with its view)."""
    game, heur = plugin.engine, plugin.heuristics()
    determinize = getattr(game, "determinize", None)
    assert determinize is not None
    for h in reasons(plugin, games=1)[::5]:
        other = determinize(h.state, h.seat, 777 + h.state.version)
        assert advise(game, other, h.seat, h.seed, heur, plugin.explain) == h.hint


def test_a_game_without_its_own_reasons_gets_the_generic_one() -> None:
    heur = GenericHeuristics(TOY, TOY.determinize)
    state = TOY.new_game(3, 2, {})
    seat = min(s for d in TOY.pending(state) for s in d.seats)
    hint = advise(TOY, state, seat, 5, heur)
    assert hint.reason in (Reason(BEST), Reason(ONLY))
    assert hint.action in TOY.legal_actions(state, seat)


def test_a_reason_carries_numbers_not_words() -> None:
    reason = Reason.of("saved", count=2)
    assert reason.figure("count") == 2 and reason.figure("missing", -1) == -1
    assert reason == Reason("saved", (("count", 2),))
