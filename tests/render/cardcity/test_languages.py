"""Pompeji in the bot's languages (issue 28): its names and rules as a Spanish, Dutch or
German player reads them."""

from __future__ import annotations

import pytest

import render.cardcity
from cogs import texts
from engine.cardcity import GAME
from engine.cardcity import data as D
from engine.cardcity.actions import PlayCard, parse_action
from engine.core import NotationError
from plugins import PLUGINS
from render import i18n
from render.cardcity.narrate import RULES, card_name
from render.cardcity.terms import BUILDING_NAMES, COLOUR_NAMES

LANGS = ("es", "nl", "de")
PLUGIN = next(p for p in PLUGINS if p.key == "cardcity")


def test_the_catalog_lists_every_building_and_colour_of_the_engine() -> None:
    assert tuple(name for _code, name in D.BUILDINGS) == BUILDING_NAMES
    assert tuple(name for _code, name, _emoji in D.COLOURS) == COLOUR_NAMES


@pytest.mark.parametrize(
    ("lang", "card", "label"),
    [
        ("es", "Templo·rojo", "Jugar Templo·rojo·1 en g8"),
        ("nl", "Tempel·rood", "Tempel·rood·1 op g8 spelen"),
        ("de", "Tempel·rot", "Tempel·rot·1 auf g8 spielen"),
    ],
)
def test_a_card_and_a_move_are_named_in_the_readers_language(
    lang: str, card: str, label: str
) -> None:
    state = GAME.new_game(3, 2, {})
    action = PlayCard(0, (7, 6))  # Temple·red·1 on g8
    english = GAME.describe_action(state, 0, action)
    assert english.startswith("Play Temple·red·1 on g8 (+")
    with i18n.using(lang):
        assert card_name("Tr") == card
        assert i18n.say(english, "cardcity").startswith(label)


@pytest.mark.parametrize("lang", LANGS)
def test_a_notation_mistake_is_explained_in_the_readers_language(lang: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action("play Qr g8")
    with i18n.using(lang):
        said = i18n.say(caught.value.text, "cardcity")
    assert "`Qr`" in said and "Temple" not in said and "is not a card" not in said
    assert {"es": "Templo", "nl": "Tempel", "de": "Tempel"}[lang] in said


@pytest.mark.parametrize("lang", ("en", *LANGS))
@pytest.mark.parametrize("topic", list(RULES))
def test_every_rules_topic_fits_a_discord_message_in_every_language(topic: str, lang: str) -> None:
    """What ``/game rules`` sends (cogs/game.py): the topic in the bot's wrapper."""
    with i18n.using(lang):
        title, text = (i18n.translate(t, "cardcity") for t in RULES[topic])
        sent = i18n._("📜 **{game} — {title}**\n{text}\n*Other topics:* {others}").format(
            game=texts.md(texts.title_of(PLUGIN)),
            title=title,
            text=text,
            others=" · ".join(k for k in RULES if k != topic),
        )
    assert len(sent) < texts.CONTENT_LIMIT
    if lang != "en":
        assert text != RULES[topic][1] and title != RULES[topic][0]


def test_the_presentation_marks_its_titles_for_the_catalog() -> None:
    words = render.cardcity.PRESENTATION.words
    with i18n.using("de"):
        assert i18n.translate(words.titles["option"], "cardcity") == (
            "Bereite deinen nächsten Zug vor (optional)"
        )
        assert i18n.translate(PLUGIN.title, "cardcity") == "Pompeji — das Kartenspiel"
