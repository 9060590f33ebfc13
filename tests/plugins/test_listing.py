"""The README and docs/bot.md list the games from ``plugins.PLUGINS``, never by hand."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from engine.core import OptionSpec
from plugins import PLUGINS
from plugins.listing import BEGIN, DOCUMENTS, END, block, games_markdown, synced

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", DOCUMENTS)
def test_the_documents_list_every_game_as_the_plugins_declare_it(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    assert block() in text, f"{name} is out of date: run `python -m plugins --write`"


def test_a_game_shows_its_key_table_sizes_and_every_option_value() -> None:
    table = games_markdown()
    for plugin in PLUGINS:
        (row,) = [line for line in table.splitlines() if f"`{plugin.key}`" in line]
        assert plugin.title in row
        for spec in plugin.options:
            assert f"`{spec.name}`" in row and spec.description in row
    assert "1 (solo) to 4 players" in table and "2–4 players" in table
    assert "= A \\| **B** \\| C" in table  # the default in bold


def test_a_new_option_reaches_the_documents_when_they_are_generated() -> None:
    downfall = PLUGINS[0]
    extra = OptionSpec("fast_lava", "Lava flows twice as fast.", 1, minimum=1, maximum=3)
    engine = dataclasses.replace(downfall.engine, options=(*downfall.options, extra))  # type: ignore[type-var]
    changed = (dataclasses.replace(downfall, engine=engine), *PLUGINS[1:])
    stale = f"intro\n{block()}\nafter"
    fresh = synced(stale, changed)
    assert "`fast_lava` = 1…3 (default **1**): Lava flows twice as fast." in fresh
    assert fresh.startswith("intro\n") and fresh.endswith("\nafter")
    with pytest.raises(ValueError, match="no generated list"):
        synced("a document without the markers", changed)
    assert BEGIN in fresh and END in fresh
