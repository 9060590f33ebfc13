"""The Downfall of Pompeii as an engine-contract game (:class:`engine.base.RulesGame`): its
rules are the functions of this package; the base checks options, legality and counts the
version."""

from __future__ import annotations

from engine.base import RulesGame
from engine.core import JSON, Capabilities, Game, RuleError, Seat
from engine.downfall import present, queries, rules
from engine.downfall.actions import Action, format_action, parse_action
from engine.downfall.checks import refusal, reveals
from engine.downfall.search import determinize
from engine.downfall.state import CODEC, State
from engine.text import Term


def view(state: State, seat: Seat | None) -> dict[str, JSON]:
    """The public view (``seat=None``) or a player's (public + own hand)."""
    if seat is None:
        return dict(present.public_view(state))
    if not 0 <= seat < state.players:
        raise RuleError(
            "There is no seat {seat} in this {players}-player game.",
            seat=seat,
            players=state.players,
        )
    return dict(present.player_view(state, seat))


GAME: RulesGame[State, Action] = RulesGame(
    key="downfall",
    title=Term("The Downfall of Pompeii"),
    capabilities=Capabilities(player_counts=(2, 3, 4), hidden=True),
    state=CODEC,
    setup=rules.setup,
    pending=queries.pending,
    legal_actions=queries.legal_actions,
    play=rules.play,
    view=view,
    outcome=queries.outcome,
    format_action=format_action,
    parse_action=parse_action,
    describe_action=present.describe_action,
    options=rules.OPTIONS,
    refusal=refusal,
    determinize=determinize,
    reveals=reveals,
)

_PROTOCOL_CHECK: Game[State, Action] = GAME
"""mypy checks here that the Downfall engine implements the engine contract."""
