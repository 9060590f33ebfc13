"""Pompeji as an engine-contract :class:`~engine.core.Game` (see engine/core.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.cardcity.actions import Action
from engine.cardcity.actions import format_action as _format
from engine.cardcity.actions import parse_action as _parse
from engine.cardcity.game import (
    OPTIONS,
    State,
    apply,
    describe_action,
    determinize,
    legal_actions,
    new_game,
    outcome,
    pending,
    redact_action,
    state_from_json,
    state_to_json,
)
from engine.cardcity.views import build_view
from engine.core import JSON, Capabilities, Decision, Game, OptionSpec, Outcome, Seat, Transition


class CardCity:
    """Pompeji as an engine-contract :class:`~engine.core.Game`."""

    key = "cardcity"
    title = "Pompeji — the card game"
    capabilities = Capabilities(player_counts=(2, 3, 4), secret_actions=True)  # C22
    options: tuple[OptionSpec, ...] = OPTIONS

    def new_game(self, seed: int, players: int, options: Mapping[str, JSON] | None = None) -> State:
        return new_game(seed, players, options)

    def pending(self, state: State) -> tuple[Decision[Action], ...]:
        return pending(state)

    def legal_actions(self, state: State, seat: Seat) -> Sequence[Action]:
        return legal_actions(state, seat)

    def apply(self, state: State, seat: Seat, action: Action) -> Transition[State]:
        return apply(state, seat, action)

    def view(self, state: State, seat: Seat | None) -> dict[str, JSON]:
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def format_action(self, action: Action) -> str:
        return _format(action)

    def parse_action(self, text: str) -> Action:
        return _parse(text)

    def describe_action(self, state: State, seat: Seat, action: Action) -> str:
        return describe_action(state, seat, action)

    def redact_action(self, state: State, seat: Seat, action: Action) -> str | None:
        return redact_action(state, seat, action)

    def version(self, state: State) -> int:
        return state.version

    def state_to_json(self, state: State) -> dict[str, JSON]:
        return state_to_json(state)

    def state_from_json(self, data: Mapping[str, JSON]) -> State:
        return state_from_json(data)

    def determinize(self, state: State, seat: Seat, seed: int) -> State:
        return determinize(state, seat, seed)


GAME = CardCity()

_PROTOCOL_CHECK: Game[State, Action] = GAME
"""mypy checks here that CardCity implements the engine contract."""
