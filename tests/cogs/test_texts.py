"""The words of the final heading (``cogs.texts.final_heading``) in the reader's language."""

from __future__ import annotations

import dataclasses
import json

import pytest

from cogs import texts
from engine.core import Outcome
from engine.workers.state import OVER
from plugins import get
from render.i18n import using
from tests.plugins.presenting import status_of


def stored(outcome: Outcome) -> Outcome:
    """The outcome as the database gives it back (JSON and back)."""
    return Outcome.from_json(json.loads(json.dumps(outcome.to_json())))


@pytest.mark.parametrize(
    ("players", "result", "english", "spanish"),
    [
        (
            3,
            "apocalypse",
            "🌋 **Everybody lost**: The Apocalypse: Vesuvius buried Pompeii and everybody lost.",
            "El Apocalipsis: el Vesubio sepultó Pompeya y todos perdieron.",
        ),
        (
            1,
            "solo_time",
            "without the army in the Castrum: Pompeii is destroyed.",
            "terminó sin el ejército en el Castrum: Pompeya está destruida.",
        ),
    ],
)
def test_the_reason_a_worker_game_was_lost_is_said_in_the_readers_language(
    players: int, result: str, english: str, spanish: str
) -> None:
    plugin = get("workers")
    state = dataclasses.replace(
        plugin.engine.new_game(7, players), stage=OVER, result=result, round=18
    )
    outcome = plugin.engine.outcome(state)
    assert outcome is not None
    status = status_of(plugin, players, 99, [], outcome=stored(outcome))
    assert english in texts.final_heading(status)
    with using("es"):
        heading = texts.final_heading(status)
    assert spanish in heading and "Pompeii" not in heading and "English" not in heading


@pytest.mark.parametrize("lang", ["en", "es", "nl", "de"])
def test_the_help_is_whole_in_every_language(lang: str) -> None:
    """/help grew past Discord's 2,000 characters a message (hint, away, undo, seats): it is
    sent as pages cut between lines, and nothing is lost off its end."""
    from cogs import overview
    from plugins import PLUGINS
    from render import i18n

    with i18n.using(lang):
        pages = overview.help_pages(PLUGINS)
        closing = i18n._(
            "When it is your move you get one DM with your choices as buttons (or use `/hand` and "
            "`/move` here). Everyone in the channel can watch the board."
        )
    assert len(pages) >= 2 and all(0 < len(p) <= 2000 for p in pages)
    assert pages[-1].endswith(closing)
    assert all(f"(`{p.key}`)" in "\n".join(pages) for p in PLUGINS)
    assert overview.pages(["a" * 1500, "", "b" * 600]) == ["a" * 1500, "b" * 600]
