"""The games Vesuvius hosts: one :class:`GamePlugin` per game, listed once in :data:`PLUGINS`.

A game is its engine package (``engine/<game>/``: rules, notation, views, AI heuristics), its
presentation package (``render/<game>/``: images, words, controls) and one entry here. The host,
storage and the Discord edge reach games only through this list (by key), so nothing else
changes when a game is added. An entry that fails to import fails at startup, loudly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import engine.cardcity
import engine.downfall
import engine.workers
import render.cardcity
import render.downfall
import render.workers
from engine.ai import Heuristics
from engine.ai.hints import Explain
from engine.cardcity import hints as cardcity_hints
from engine.cardcity.ai import CardcityHeuristics
from engine.core import Capabilities, Game, OptionSpec, RuleError
from engine.downfall import hints as downfall_hints
from engine.downfall.ai import DownfallHeuristics
from engine.workers import hints as workers_hints
from engine.workers.ai import WorkersHeuristics
from render.presentation import Presentation


@dataclass(frozen=True)
class GamePlugin:
    """One game: its rules (``engine``), how it is shown (``presentation``) and how the AI
    reads it (``heuristics``, a factory: heuristics may keep caches per search), and why its
    normal level's move is good (``explain``: a hint's reason, :mod:`engine.ai.hints`; ``None``:
    the bot's generic reason). The engine, the heuristics factory and ``explain`` are sent to
    the AI's worker processes, so they must pickle (module level classes and functions,
    ``functools.partial`` of them; no lambdas)."""

    engine: Game[Any, Any]
    presentation: Presentation
    heuristics: Callable[[], Heuristics]
    explain: Explain | None = None

    @property
    def key(self) -> str:
        return self.engine.key

    @property
    def title(self) -> str:
        return self.engine.title

    @property
    def capabilities(self) -> Capabilities:
        return self.engine.capabilities

    @property
    def options(self) -> tuple[OptionSpec, ...]:
        return self.engine.options


PLUGINS: tuple[GamePlugin, ...] = (
    GamePlugin(
        engine.downfall.GAME,
        render.downfall.PRESENTATION,
        DownfallHeuristics,
        downfall_hints.explain,
    ),
    GamePlugin(
        engine.cardcity.GAME,
        render.cardcity.PRESENTATION,
        CardcityHeuristics,
        cardcity_hints.explain,
    ),
    GamePlugin(
        engine.workers.GAME, render.workers.PRESENTATION, WorkersHeuristics, workers_hints.explain
    ),
)
"""Every game, in the order ``/game new`` offers them (the flagship first)."""

_BY_KEY = {plugin.key: plugin for plugin in PLUGINS}
PluginResolver = Callable[[str], GamePlugin]
"""How the host and storage find a game by its key (tests add their own games this way)."""


def get(key: str) -> GamePlugin:
    """The plugin of ``key``; :class:`~engine.core.RuleError` naming the known games else."""
    try:
        return _BY_KEY[key]
    except KeyError:
        known = ", ".join(sorted(_BY_KEY))
        raise RuleError(f"Unknown game `{key}`. Known games: {known}.") from None


__all__ = ["PLUGINS", "GamePlugin", "PluginResolver", "get"]
