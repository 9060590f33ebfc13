"""Pompeji as an engine-contract :class:`~engine.core.Game` (see engine/core.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.cardcity.actions import Action
from engine.cardcity.actions import format_action as _format
from engine.cardcity.actions import parse_action as _parse
from engine.cardcity.game import (
    OPTIONS,
    State,
    active_seat,
    apply,
    decision_time,
    describe_action,
    determinize,
    legal_actions,
    menu_actions,
    new_game,
    outcome,
    state_from_json,
    state_to_json,
    timeout_action,
    to_act,
)
from engine.cardcity.views import build_view
from engine.core import JSON, OptionSpec, Outcome, Seat, Transition


class CardCity:
    """Pompeji as an engine-contract :class:`~engine.core.Game`."""

    key = "cardcity"
    title = "Pompeji — the card game"
    min_players = 2
    max_players = 4
    options: tuple[OptionSpec, ...] = OPTIONS

    def new_game(self, seed: int, players: int, options: Mapping[str, JSON] | None = None) -> State:
        return new_game(seed, players, options)

    def to_act(self, state: State) -> frozenset[Seat]:
        return to_act(state)

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

    def version(self, state: State) -> int:
        return state.version

    def active_seat(self, state: State) -> Seat | None:
        return active_seat(state)

    def state_to_json(self, state: State) -> dict[str, JSON]:
        return state_to_json(state)

    def state_from_json(self, data: Mapping[str, JSON]) -> State:
        return state_from_json(data)

    def determinize(self, state: State, seat: Seat, seed: int) -> State:
        return determinize(state, seat, seed)

    # Optional hooks the host calls for any game that has them (docs/host.md).

    def decision_time(self, state: State, seat: Seat) -> float | None:
        return decision_time(state, seat)

    def timeout_action(self, state: State, seat: Seat) -> Action | None:
        return timeout_action(state, seat)

    def menu_actions(self, state: State, seat: Seat) -> Sequence[Action]:
        return menu_actions(state, seat)


GAME = CardCity()
