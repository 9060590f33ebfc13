"""Render game views as PNG images (Pillow). Reads views only, never raw state.

``render_board`` and ``render_hand`` are pure and thread-safe: the bot calls them through
``asyncio.to_thread``. Fonts, sprites and the static board are cached for the process.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import downfall

__all__ = ["GAMES", "render_board", "render_hand"]

GAMES = ("downfall",)


def render_board(game_key: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """PNG of a game's public view; ``names[seat]`` is each seat's display name."""
    if game_key == "downfall":
        return downfall.render_board(view, names)
    raise ValueError(f"no renderer for game {game_key!r}")


def render_hand(game_key: str, view: Mapping[str, Any], name: str) -> bytes:
    """PNG of one player's private view (their hand); ``name`` is their display name."""
    if game_key == "downfall":
        return downfall.render_hand(view, name)
    raise ValueError(f"no renderer for game {game_key!r}")
