"""No label of a game's decision is cut in any language (issue 44, item 12): a random game of
each plugin is played, and at each decision every seat's controls are drawn as the bot draws
them (:func:`cogs.controls.controls_view`: every group of a two-step choice, every page of a
browser or a stepper) in English, Spanish, Dutch and German, and ``/move``'s autocomplete
names its choices. A label longer than Discord allows (a button's 80 characters, a select
option's 100, a choice's 100) would be cut with "…" (:func:`cogs.components.clip`): a
translation that long must be said shorter."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from cogs import components
from cogs.controls import controls_view
from engine.core import ActionChoice, deciders
from plugins import PLUGINS, GamePlugin
from render import i18n
from render.controls import Browser, Stepper, TwoStep
from tests.plugins.presenting import choices_of

LANGUAGES = ("en", "es", "nl", "de")
STEPS = 150
CHOICE_NAME = 100
"""An autocomplete choice's name (``/move``: its label, cut at 100 by ``cogs.play``)."""


def _draw_all(plugin: GamePlugin, view: Any, seat: int, choices: Sequence[ActionChoice]) -> None:
    """Every screen of a seat's decision: the first, each group, each page."""
    controls = plugin.presentation.controls(view, seat, choices)
    quiet = plugin.presentation.quiet
    controls_view(1, 1, controls, quiet=quiet)
    if isinstance(controls, TwoStep):
        for g in controls.groups:
            controls_view(1, 1, controls, group=g.key, quiet=quiet)
    elif isinstance(controls, Browser):
        for page in range(len(controls.pages)):
            controls_view(1, 1, controls, page=page, quiet=quiet)
    elif isinstance(controls, Stepper):
        for page in range(len(controls.rows)):
            controls_view(1, 1, controls, page=page, quiet=quiet)


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.key)
def test_no_label_of_a_decision_is_cut_in_any_language(
    plugin: GamePlugin, monkeypatch: pytest.MonkeyPatch
) -> None:
    cut: dict[str, set[str]] = {}
    too_long_in_english: set[str] = set()
    english_of: dict[str, str] = {}
    """A translated label -> the same label in English."""
    clip = components.clip

    def note(text: str, limit: int) -> None:
        if len(text) <= limit:
            return
        english = english_of.get(text)
        if english is not None and len(english) > limit:
            too_long_in_english.add(english)
        else:
            cut.setdefault(i18n.current(), set()).add(f"{text} ({len(text)} > {limit})")

    def recording(text: str, limit: int) -> str:
        note(text, limit)
        return clip(text, limit)

    monkeypatch.setattr(components, "clip", recording)
    game = plugin.engine
    for players in sorted({game.capabilities.min_players, game.capabilities.max_players}):
        rng = random.Random(f"{plugin.key}-{players}")
        state = game.new_game(rng.randrange(2**31), players, {})
        for _ in range(STEPS):
            able = deciders(game, state)
            if not able:
                break
            for seat in sorted(able):
                view = game.view(state, seat)
                choices = choices_of(game, state, seat)
                with i18n.using("en"):
                    english = [i18n.say(c.label, plugin.key) for c in choices]
                for lang in LANGUAGES:
                    with i18n.using(lang):
                        said = [
                            ActionChoice(c.notation, i18n.say(c.label, plugin.key)) for c in choices
                        ]
                        english_of.update(zip((c.label for c in said), english, strict=True))
                        for c in said:  # /move's autocomplete
                            note(c.label, CHOICE_NAME)
                        _draw_all(plugin, view, seat, said)
            seat = rng.choice(sorted(able))
            action = rng.choice(list(game.legal_actions(state, seat)))
            state = game.apply(state, seat, action).state
    for text in sorted(too_long_in_english):
        print(f"{plugin.key}: too long in English already: {text}")
    assert not cut, "\n".join(f"{lang}: {t}" for lang, texts in cut.items() for t in sorted(texts))
