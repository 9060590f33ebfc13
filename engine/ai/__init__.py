"""AI players for every game of the engine contract (see docs/ai.md).

Pure search code: no clock of its own (a time budget takes the caller's clocks), no I/O, no
global randomness. The host wraps these functions as choosers (``host/ai.py``).
"""

from __future__ import annotations

from engine.ai.base import (
    Budget,
    GenericHeuristics,
    Heuristics,
)
from engine.ai.players import (
    SearchConfig,
    SearchResult,
    choose_easy,
    choose_hard,
    choose_normal,
    choose_random,
    search,
)

__all__ = [
    "Budget",
    "GenericHeuristics",
    "Heuristics",
    "SearchConfig",
    "SearchResult",
    "choose_easy",
    "choose_hard",
    "choose_normal",
    "choose_random",
    "search",
]
