"""CPU burners for the load test (tests/host/test_ai_budget.py): a module of its own, importing
nothing of the bot, so that a spawned burner starts in a moment."""

from __future__ import annotations

from typing import Any


def burn(ready: Any) -> None:
    """Busy-loop until terminated, after saying so on ``ready`` (a multiprocessing Event)."""
    ready.set()
    while True:
        pass
