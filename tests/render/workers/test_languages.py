"""Pompeii in the bot's languages (issue 28): the data's names are all catalog messages, the
rules topics fit one Discord message in every language, and a sentence, a label, a refusal and
a picture's words come out in the reader's language with the game's own terms."""

from __future__ import annotations

import pytest

from cogs import texts
from engine.core import RuleError, parse_legal
from engine.workers import GAME
from engine.workers.catalog import CATALOG
from plugins import PLUGINS
from render import i18n
from render.workers import PRESENTATION, names, narrate, terms, words
from tests.render.workers import positions

LANGUAGES = ("en", "es", "nl", "de")
WORKERS = next(p for p in PLUGINS if p.key == "workers")


def test_every_name_and_card_text_of_the_data_is_a_catalog_message() -> None:
    assert {g.name for g in CATALOG.goods} <= set(names.GOODS)
    assert {b.name for b in CATALOG.buildings if b.name} <= set(names.BUILDINGS)
    assert {c.name for c in CATALOG.cards.values()} <= set(names.CARD_NAMES)
    assert {c.text for c in CATALOG.cards.values()} <= set(names.CARD_TEXTS)
    assert {t for t, _ in CATALOG.board.titles} <= set(names.TITLES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rules_topic_fits_one_message_in_every_language(lang: str) -> None:
    """``/game rules`` wraps the topic with the game's title, its title and the other topics;
    the whole must stay within Discord's 2,000 characters (the bot would cut it)."""
    rules = PRESENTATION.words.rules
    with i18n.using(lang):
        for topic, (title, text) in rules.items():
            said = i18n._("📜 **{game} — {title}**\n{text}\n*Other topics:* {others}").format(
                game=texts.md(texts.title_of(WORKERS)),
                title=i18n.translate(title, "workers"),
                text=i18n.translate(text, "workers"),
                others=" · ".join(k for k in rules if k != topic),
            )
            assert len(said) <= texts.CONTENT_LIMIT, (lang, topic, len(said))
            if lang != "en":
                assert i18n.translate(text, "workers") != text, (lang, topic)


SAID = {
    "es": ("Aurelia recolectó 3 trigo en el campo de trigo", "Recolecta", "no es un bien"),
    "nl": ("Aurelia verzamelde 3 graan op het graanveld", "Verzamel", "is geen goed"),
    "de": ("Aurelia nutzte das Kornfeld und sammelte 3 Korn", "Sammle", "ist keine Ware"),
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_a_sentence_a_label_and_a_refusal_in_the_readers_language(lang: str) -> None:
    sentence, verb, refused = SAID[lang]
    events = [
        {"type": "WorkerPlaced", "seat": 0, "space": "grain", "card": "", "extra": False},
        {"type": "GoodsCollected", "seat": 0, "field": "grain", "good": "grain", "amount": 3},
    ]
    s = GAME.new_game(3, 2)
    while GAME.pending(s) and not any(
        GAME.format_action(a).startswith("collect ")
        for a in GAME.legal_actions(s, sorted(GAME.pending(s)[0].seats)[0])
    ):
        seat = sorted(GAME.pending(s)[0].seats)[0]
        s = GAME.apply(s, seat, next(iter(GAME.legal_actions(s, seat)))).state
    seat = sorted(GAME.pending(s)[0].seats)[0]
    collect = next(
        a for a in GAME.legal_actions(s, seat) if GAME.format_action(a).startswith("collect ")
    )
    english = words.decision(GAME.view(s, seat))
    assert english == "place a worker"
    with i18n.using(lang):
        assert narrate.narrate(events, positions.NAMES) == [sentence]
        label = i18n.say(GAME.describe_action(s, seat, collect), "workers")
        assert label.startswith(verb) and "Collect" not in label
        with pytest.raises(RuleError) as error:
            parse_legal(GAME, s, seat, "collect gravel")
        said = i18n.say(error.value.text, "workers")
        assert refused in said and "`gravel`" in said
        decision = words.decision(GAME.view(s, seat))
        assert decision and decision != english
        assert terms.space("porta") != "the Porta"


def test_the_english_labels_stay_as_they_were() -> None:
    """The engine's labels are ``Text`` now; their English is the sentence it always was."""
    s = GAME.new_game(1, 2)
    seat = sorted(GAME.pending(s)[0].seats)[0]
    labels = [str(GAME.describe_action(s, seat, a)) for a in GAME.legal_actions(s, seat)]
    assert all(label.startswith("Take red building ") for label in labels)
    assert any(" → " in label and label.endswith(" for free") for label in labels)
