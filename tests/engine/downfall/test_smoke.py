"""A first check that whole games play through (the full playout suite is test_playouts.py)."""

from __future__ import annotations

import pytest

from engine.downfall import GAME, playout


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_every_piece_accounted_for(players: int) -> None:
    for seed in range(5):
        final = playout(GAME.new_game(seed, players), seed)
        assert GAME.outcome(final) is not None
        total = sum(final.saved) + sum(final.volcano) + sum(final.box) + sum(final.supply)
        assert total == players * {2: 36, 3: 30, 4: 25}[players]
        assert sum(final.in_city) == 0
