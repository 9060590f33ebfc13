"""The shared engine machinery (engine/base.py)."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from plugins import PLUGINS, GamePlugin
from tests.toy import TOY
from tests.toy.game import ToyAction


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


def test_undo_is_the_games_to_allow_and_never_a_secret_move() -> None:
    """``undoable`` (issue 46): nothing without the game's ``reveals``; with it, what revealed
    nothing, unless the action itself is secret (the toy's sealed bid)."""
    start = TOY.new_game(1, 2, {"bids": True})
    passing = ToyAction("pass")
    after = TOY.apply(start, 0, passing).state
    assert TOY.undoable(start, 0, passing, after)
    silent = dataclasses.replace(TOY, reveals=None)
    assert not silent.undoable(start, 0, passing, after)
    card = TOY.legal_actions(start, 0)[0]
    assert card.kind == "play"
    assert not TOY.undoable(start, 0, card, TOY.apply(start, 0, card).state)  # a draw
    bidding = dataclasses.replace(start, bidding=True)
    bid = ToyAction("bid", 1)
    assert TOY.secret(bidding, 0, bid)
    assert not TOY.undoable(bidding, 0, bid, bidding)
