"""How many pictures a player receives: at most 1.2 a decision (issue 23's goal), also in a step
everyone decides at once, where every other player's pledge changes the picture each deciding
player's message shows (issue 43: uploading it again after each of them cost up to 1.56
pictures a decision in a 3-player worker game)."""

from __future__ import annotations

from typing import Any

from bench import dms
from cogs.pacing import Pacer
from tests.cogs.helpers import RATE_SCALE

MOVES = 62
"""The first two offerings of the 3-player worker game that ``bench dms workers-3`` plays (they
end at moves 42 and 61), with the placements around them."""


async def test_three_players_get_at_most_1_2_pictures_a_decision(
    fake_discord_options: dict[str, Any],
) -> None:
    """A 3-player worker game played through the loopback Discord as ``bench dms`` plays it
    (each player acts on their own message, or with /move), its first 62 moves: every player
    received at most 1.2 pictures per decision they were given (DMs, their edits and private
    replies together), and pictures were not dropped altogether (about one a decision)."""
    results, table = await dms.play(
        "workers-3",
        dms.TABLES["workers-3"],
        moves=MOVES,
        fake_options=fake_discord_options,
        bot_options={"pacer": Pacer(scale=RATE_SCALE)},
    )
    assert table["version"] >= MOVES
    for who, counted in results.items():
        decisions, images = counted["decisions"], counted["images"]
        assert decisions >= 15, (who, counted)
        assert images <= 1.2 * decisions, (who, counted)
        assert images >= 0.8 * decisions, (who, counted)
