"""The positions the render tests and golden images use.

Until the engine lands these are the hand-built views of ``fixtures``; afterwards they are
positions reached by playing the real engine deterministically.
"""

from __future__ import annotations

from typing import Any

from tests.render import fixtures

GOLDEN = ("phase1_early", "seething_relatives", "eruption", "phase2_mid", "game_over")


def build(name: str) -> tuple[dict[str, Any], list[str]]:
    view = fixtures.POSITIONS[name]()
    return view, fixtures.NAMES[: view["players"]]


def hand() -> tuple[dict[str, Any], str]:
    view = fixtures.hand_view()
    return view, fixtures.NAMES[view["seat"]]
