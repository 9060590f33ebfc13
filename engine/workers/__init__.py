"""Pompeii — Michiel Siebelt's worker-placement game (1–4 players, solo mode): collect and
convert goods, build, train specialists, appease Vesuvius with offerings, and be the first to
march an army into the Castrum. Spec: docs/rules/workers.md; views: docs/views-workers.md."""

from __future__ import annotations

from engine.workers.game import GAME
from engine.workers.search import determinize, playout, policy_action, trajectory
from engine.workers.state import State

__all__ = ["GAME", "State", "determinize", "playout", "policy_action", "trajectory"]
