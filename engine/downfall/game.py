"""The Downfall of Pompeii as an :class:`engine.core.Game` (registered as ``"downfall"``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import (
    JSON,
    Capabilities,
    Decision,
    Game,
    Outcome,
    RuleError,
    Transition,
)
from engine.downfall import present, queries, rules
from engine.downfall.actions import Action, format_action, parse_action
from engine.downfall.state import State, state_from_json, state_to_json


class DownfallGame:
    """Stateless: every method takes and returns immutable states."""

    key = "downfall"
    title = "The Downfall of Pompeii"
    capabilities = Capabilities(player_counts=(2, 3, 4))
    options = rules.OPTIONS

    def new_game(self, seed: int, players: int, options: Mapping[str, JSON] | None = None) -> State:
        return rules.new_game(seed, players, options)

    def pending(self, state: State) -> tuple[Decision[Action], ...]:
        return queries.pending(state)

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        return queries.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> Transition[State]:
        new, events = rules.apply(state, seat, action)
        return Transition(new, events)

    def view(self, state: State, seat: int | None) -> dict[str, JSON]:
        if seat is not None and not 0 <= seat < state.players:
            raise RuleError(f"There is no seat {seat} in this {state.players}-player game.")
        if seat is None:
            return dict(present.public_view(state))
        return dict(present.player_view(state, seat))

    def outcome(self, state: State) -> Outcome | None:
        return queries.outcome(state)

    def format_action(self, action: Action) -> str:
        return format_action(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def describe_action(self, state: State, seat: int, action: Action) -> str:
        return present.describe_action(state, seat, action)

    def redact_action(self, state: State, seat: int, action: Action) -> str | None:
        return None  # every action is public (a card played shows its number)

    def version(self, state: State) -> int:
        return state.version

    def state_to_json(self, state: State) -> dict[str, JSON]:
        return state_to_json(state)

    def state_from_json(self, data: Mapping[str, JSON]) -> State:
        return state_from_json(data)


GAME = DownfallGame()


_PROTOCOL_CHECK: Game[Any, Any] = GAME
"""mypy checks here that DownfallGame implements the engine contract."""
