"""The shared engine machinery (engine/base.py)."""

from __future__ import annotations

import pickle

import pytest

from plugins import PLUGINS, GamePlugin


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.key)
def test_a_game_that_has_read_a_saved_state_still_goes_to_an_ai_worker(plugin: GamePlugin) -> None:
    """AI seats think in worker processes, so the game object is pickled after the bot has read
    saved games with it (the state codec's cached readers must not travel)."""
    game = plugin.engine
    state = game.new_game(7, game.capabilities.min_players)
    again = game.state_from_json(game.state_to_json(state))
    assert again == state
    copy, heuristics = pickle.loads(pickle.dumps((game, plugin.heuristics)))
    assert copy.state_from_json(game.state_to_json(state)) == state
    assert heuristics() is not None
