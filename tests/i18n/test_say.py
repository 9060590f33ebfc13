"""Words an engine wrote, said by the game's own catalog (issue 28): a game's message in its
catalog, a term as a value, the bot's catalog behind it, English for anything unknown."""

from __future__ import annotations

import pytest

import plugins  # noqa: F401  (the games' catalogs)
from engine.core import NotationError
from engine.text import Term, Text
from render import i18n


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Empty move."), ("es", "Jugada vacía."), ("nl", "Lege zet."), ("de", "Leerer Zug.")],
)
def test_a_games_refusal_is_said_by_its_catalog(lang: str, said: str) -> None:
    error = NotationError("Empty move.")
    with i18n.using(lang):
        assert i18n.say(error.text, "workers") == said
        assert i18n.say(error.text) == said  # read back without its game: any game's catalog


def test_the_engine_contracts_words_and_nested_values_are_said() -> None:
    legal = Text("{shown} and {more} more", shown="`a`, `b`", more=3)
    text = Text("{reason} Legal now: {legal}", reason=Text("Empty move."), legal=legal)
    with i18n.using("de"):
        assert i18n.say(text, "workers") == "Leerer Zug. Jetzt erlaubt: `a`, `b` und 3 weitere"
    with i18n.using("es"):
        assert i18n.say(text, "cardcity") == "Jugada vacía. Válidas ahora: `a`, `b` y 3 más"


def test_unknown_words_stay_english_and_terms_are_translated_when_known() -> None:
    with i18n.using("nl"):
        assert i18n.say(Text("A move nobody wrote {x}", x=Term("Nowhere"))) == (
            "A move nobody wrote Nowhere"
        )
        assert i18n.say(Text("{what}", what=Term("nothing"))) == "niets"
        assert i18n.say("plain") == "plain"
        assert i18n.translate("⏳ **Everyone decides at once**: {what}", "downfall") == (
            "⏳ **Iedereen beslist tegelijk**: {what}"
        )
