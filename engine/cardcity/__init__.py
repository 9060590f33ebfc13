"""Pompeji — Frank Brandt's card game (Adlung-Spiele): build a city of cards and score for
matching buildings and colours along streets. Spec: docs/rules/cardcity.md."""

from __future__ import annotations

from engine.cardcity.api import GAME
from engine.cardcity.game import State, determinize, playout

__all__ = ["GAME", "State", "determinize", "playout"]
