"""The Downfall of Pompeii (Klaus-Jürgen Wrede): the complete rules engine.

Use it through its plugin (``plugins.get("downfall")``: the :class:`engine.core.Game`
contract), or directly: :data:`GAME`, the action types and notation, :func:`determinize` and
:func:`playout` for the AI.
"""

from __future__ import annotations

from engine.downfall.actions import (
    Action,
    CallEruption,
    MovePiece,
    Pass,
    PlaceLava,
    PlaceRelative,
    PlayCard,
    ThrowOmen,
    format_action,
    parse_action,
)
from engine.downfall.checks import forced_action
from engine.downfall.game import GAME
from engine.downfall.present import describe_action, player_view, public_view
from engine.downfall.queries import can_erupt, legal_actions, pending, to_act
from engine.downfall.rules import play
from engine.downfall.search import determinize, playout
from engine.downfall.state import State

__all__ = [
    "GAME",
    "Action",
    "CallEruption",
    "MovePiece",
    "Pass",
    "PlaceLava",
    "PlaceRelative",
    "PlayCard",
    "State",
    "ThrowOmen",
    "can_erupt",
    "describe_action",
    "determinize",
    "forced_action",
    "format_action",
    "legal_actions",
    "parse_action",
    "pending",
    "play",
    "player_view",
    "playout",
    "public_view",
    "to_act",
]
