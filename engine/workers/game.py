"""Pompeii (Michiel Siebelt's worker-placement game) as an engine-contract game
(:class:`engine.base.RulesGame`), registered as ``"workers"``: the rules are the functions of
this package; the base checks options and legality and counts the version.

Spec: docs/rules/workers.md (rulings W1–W…); views, notation and events:
docs/views-workers.md.
"""

from __future__ import annotations

from engine.base import RulesGame
from engine.core import Capabilities, Game
from engine.text import Term
from engine.workers import describe, rules, search, setup, views
from engine.workers.actions import Action, format_action, parse_action
from engine.workers.state import CODEC, State

GAME: RulesGame[State, Action] = RulesGame(
    key="workers",
    title=Term("Pompeii — the worker game"),
    capabilities=Capabilities(
        player_counts=(1, 2, 3, 4), simultaneous=True, secret_actions=True, hidden=True
    ),
    state=CODEC,
    setup=setup.setup,
    pending=rules.pending,
    legal_actions=rules.legal_actions,
    play=rules.play,
    view=views.build_view,
    outcome=rules.outcome,
    format_action=format_action,
    parse_action=parse_action,
    describe_action=describe.describe_action,
    options=setup.OPTIONS,
    is_legal=rules.is_legal,
    refusal=rules.refusal,
    secret=describe.secret,
    determinize=search.determinize,
    reveals=describe.reveals,
)

_PROTOCOL_CHECK: Game[State, Action] = GAME
"""mypy checks here that the worker game implements the engine contract."""
