"""Maps a game key (``"downfall"``) to its implementation."""

from __future__ import annotations

import contextlib
import importlib
from typing import Any

from engine.core import Game, RuleError

_GAMES: dict[str, Game[Any, Any]] = {}


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    _GAMES[game.key] = game
    return game


def get_game(key: str) -> Game[Any, Any]:
    _load_builtin()
    try:
        return _GAMES[key]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise RuleError(f"Unknown game `{key}`. Known games: {known}.") from None


BUILTIN_ORDER = ("downfall", "cardcity")
"""The order games are offered in (the flagship first), whatever order they were imported in."""


def all_games() -> dict[str, Game[Any, Any]]:
    """Every registered game, built-in games in :data:`BUILTIN_ORDER` first."""
    _load_builtin()
    order = {key: i for i, key in enumerate(BUILTIN_ORDER)}
    return dict(sorted(_GAMES.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))


def _load_builtin() -> None:
    """Import every built-in game package (each registers itself), even when one of them was
    imported directly before; importing again is free."""
    importlib.import_module("engine.downfall")
    with contextlib.suppress(ImportError):  # not built yet
        importlib.import_module("engine.cardcity")
