"""Downfall's controls (render/downfall/__init__.py): every legal choice reaches a component,
also in a phase-2 turn with more moves than a message's menus hold."""

from __future__ import annotations

import random

from cogs.components import MAX_OPTIONS, MAX_SELECTS
from engine.core import ActionChoice, deciders
from engine.downfall import GAME
from render.controls import Choose, TwoStep
from render.downfall import GROUPS, MENUS, controls


def _crowded() -> tuple[int, list[ActionChoice]]:
    """A seat and its choices in a random phase-2 turn with more than 100 moves."""
    for seed in range(60):
        rng = random.Random(seed)
        state = GAME.new_game(seed, 4, {})
        while able := sorted(deciders(GAME, state)):
            for seat in able:
                legal = GAME.legal_actions(state, seat)
                if len(legal) > MENUS:
                    return seat, [
                        ActionChoice(GAME.format_action(a), GAME.describe_action(state, seat, a))
                        for a in legal
                    ]
            seat = rng.choice(able)
            state = GAME.apply(state, seat, rng.choice(list(GAME.legal_actions(state, seat)))).state
    raise AssertionError("no crowded turn in 60 random games")


def test_the_menus_hold_what_the_bot_shows() -> None:
    assert MAX_OPTIONS * MAX_SELECTS == MENUS and MAX_OPTIONS == GROUPS


def test_few_choices_stay_one_flat_choice() -> None:
    choices = [ActionChoice(f"move e{i} f{i}", f"Move e{i} → f{i}") for i in range(1, 9)]
    assert controls({}, 0, [*choices, ActionChoice("pass", "End your moves")]) == Choose(
        (*choices, ActionChoice("pass", "End your moves"))
    )


def test_a_crowded_turn_is_moved_square_first() -> None:
    """Over 100 moves (the bot's four menus of 25 would lose the rest): the square first, then
    where to, and ``pass`` beside; every legal move is in exactly one group."""
    seat, choices = _crowded()
    shown = controls({}, seat, choices)
    assert isinstance(shown, TwoStep)
    assert len(shown.groups) <= GROUPS
    assert all(0 < len(g.options) <= MENUS for g in shown.groups)
    grouped = [c for g in shown.groups for c in g.options]
    assert sorted(c.notation for c in (*grouped, *shown.extra)) == sorted(
        c.notation for c in choices
    )
    assert [c.notation for c in shown.extra] == ["pass"]
    for g in shown.groups:
        assert {c.notation.split()[1] for c in g.options} == {g.key}
        assert g.label.startswith(f"From {g.key} (")


def test_more_squares_than_a_menu_lists_leave_the_rest_to_typing() -> None:
    choices = [ActionChoice(f"move s{i} t{j}", f"{i}/{j}") for i in range(30) for j in range(4)]
    shown = controls({}, 0, choices)
    assert isinstance(shown, Choose)
    assert len(shown.options) == MENUS and shown.typed == len(choices) - MENUS
    assert "/move" in shown.hint
