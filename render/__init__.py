"""Render game views as PNG images (Pillow). Reads views only, never raw state.

``render_board`` and ``render_hand`` are pure and thread-safe: the bot calls them through
``asyncio.to_thread``. Fonts, sprites, the static board and the palette are cached for the
process. Each game has its own module with the same two functions (see ``docs/render.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from render import cardcity, downfall

__all__ = ["GAMES", "render_board", "render_hand"]

BoardRenderer = Callable[[Mapping[str, Any], Sequence[str]], bytes]
HandRenderer = Callable[[Mapping[str, Any], str], bytes]

_RENDERERS: dict[str, tuple[BoardRenderer, HandRenderer]] = {
    "downfall": (downfall.render_board, downfall.render_hand),
    "cardcity": (cardcity.render_board, cardcity.render_hand),
}
GAMES = tuple(_RENDERERS)


def _renderers(game_key: str) -> tuple[BoardRenderer, HandRenderer]:
    try:
        return _RENDERERS[game_key]
    except KeyError:
        raise ValueError(f"no renderer for game {game_key!r}") from None


def render_board(game_key: str, view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """PNG of a game's public view; ``names[seat]`` is each seat's display name."""
    return _renderers(game_key)[0](view, names)


def render_hand(game_key: str, view: Mapping[str, Any], name: str) -> bytes:
    """PNG of one player's private view (their hand); ``name`` is their display name."""
    return _renderers(game_key)[1](view, name)
