"""Pompeii (Michiel Siebelt's worker-placement game) as an engine-contract
:class:`~engine.core.Game`, registered as ``"workers"``.

Spec: docs/rules/workers.md (rulings W1–W…); views, notation and events:
docs/views-workers.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import JSON, Capabilities, Decision, Game, OptionSpec, Outcome, Seat, Transition
from engine.workers import describe, rules, search, setup, views
from engine.workers.actions import Action, format_action, parse_action
from engine.workers.state import State, state_from_json, state_to_json


class WorkersGame:
    """Stateless: every method takes and returns immutable states."""

    key = "workers"
    title = "Pompeii — the worker game"
    capabilities = Capabilities(player_counts=(1, 2, 3, 4), simultaneous=True, secret_actions=True)
    options: tuple[OptionSpec, ...] = setup.OPTIONS

    def new_game(self, seed: int, players: int, options: Mapping[str, JSON] | None = None) -> State:
        return setup.new_game(seed, players, options)

    def pending(self, state: State) -> tuple[Decision[Action], ...]:
        return rules.pending(state)

    def legal_actions(self, state: State, seat: Seat) -> Sequence[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: State, seat: Seat, action: Action) -> Transition[State]:
        return rules.apply(state, seat, action)

    def view(self, state: State, seat: Seat | None) -> dict[str, JSON]:
        return views.build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return rules.outcome(state)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def describe_action(self, state: State, seat: Seat, action: Action) -> str:
        return describe.describe_action(state, seat, action)

    def redact_action(self, state: State, seat: Seat, action: Action) -> str | None:
        return describe.redact_action(state, seat, action)

    def version(self, state: State) -> int:
        return state.version

    def state_to_json(self, state: State) -> dict[str, JSON]:
        return state_to_json(state)

    def state_from_json(self, data: Mapping[str, JSON]) -> State:
        return state_from_json(data)

    def determinize(self, state: State, seat: Seat, seed: int) -> State:
        return search.determinize(state, seat, seed)


GAME = WorkersGame()

_PROTOCOL_CHECK: Game[State, Action] = GAME
"""mypy checks here that WorkersGame implements the engine contract."""
