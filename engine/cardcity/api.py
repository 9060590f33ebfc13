"""Pompeji as an engine-contract game (:class:`engine.base.RulesGame`): the rules are the
functions of :mod:`engine.cardcity.game`; the base checks options and legality and counts the
version."""

from __future__ import annotations

from engine.base import RulesGame
from engine.cardcity.actions import Action, format_action, parse_action
from engine.cardcity.game import (
    describe_action,
    determinize,
    legal_actions,
    outcome,
    pending,
    play,
    refusal,
    reveals,
    secret,
)
from engine.cardcity.state import CODEC, OPTIONS, State, setup
from engine.cardcity.views import build_view
from engine.core import Capabilities, Game
from engine.text import Term

GAME: RulesGame[State, Action] = RulesGame(
    key="cardcity",
    title=Term("Pompeji — the card game"),
    capabilities=Capabilities(player_counts=(2, 3, 4), secret_actions=True, hidden=True),  # C22
    state=CODEC,
    setup=setup,
    pending=pending,
    legal_actions=legal_actions,
    play=play,
    view=build_view,
    outcome=outcome,
    format_action=format_action,
    parse_action=parse_action,
    describe_action=describe_action,
    options=OPTIONS,
    refusal=refusal,
    secret=secret,
    determinize=determinize,
    reveals=reveals,
)

_PROTOCOL_CHECK: Game[State, Action] = GAME
"""mypy checks here that Pompeji implements the engine contract."""
