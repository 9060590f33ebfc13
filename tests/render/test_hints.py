"""Every reason a game's hint can give is worded by its presentation, in every language
(``Words.reason``; the reasons are ``engine/<game>/hints.py``'s)."""

from __future__ import annotations

import importlib

import pytest

import plugins
from engine.ai.hints import Reason
from plugins import GamePlugin
from render import i18n


def keys(plugin: GamePlugin) -> list[str]:
    """The reason keys the game's engine declares (its hints module's ``REASONS``)."""
    return list(importlib.import_module(f"engine.{plugin.key}.hints").REASONS)


@pytest.mark.parametrize("plugin", plugins.PLUGINS, ids=lambda p: p.key)
def test_every_reason_has_its_sentence_in_every_language(plugin: GamePlugin) -> None:
    words = plugin.presentation.words
    assert words.reason is not None
    found = keys(plugin)
    assert len(found) >= 3
    for key in found:
        for goal in (0, 1, 2, 3) if plugin.key == "workers" else (0,):
            why = Reason.of(key, count=2, value=3, seat=1, goal=goal, need=5)
            with i18n.using("en"):
                english = words.reason(why, {})
            if not english:  # a goal this reason does not take (the Castrum is no milestone)
                assert key == "milestone" and goal == 2
                continue
            assert "{" not in english
            for lang in ("es", "nl", "de"):
                with i18n.using(lang):
                    said = words.reason(why, {})
                assert said and said != english and "{" not in said, (key, lang)
