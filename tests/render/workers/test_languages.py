"""Pompeii in the bot's languages (issue 28): the data's names are all catalog messages, the
rules topics fit one Discord message in every language, and a sentence, a label, a refusal and
a picture's words come out in the reader's language with the game's own terms."""

from __future__ import annotations

import pytest

from cogs import texts
from engine.core import RuleError, parse_legal
from engine.workers import GAME
from engine.workers.catalog import CATALOG
from engine.workers.describe import good_word, goods_text
from plugins import PLUGINS
from render import i18n
from render.workers import PRESENTATION, names, narrate, terms, words
from tests.render.workers import positions

LANGUAGES = ("en", "es", "nl", "de")
WORKERS = next(p for p in PLUGINS if p.key == "workers")


def test_every_name_and_card_text_of_the_data_is_a_catalog_message() -> None:
    assert {g.name for g in CATALOG.goods} <= set(names.GOODS)
    assert [good_word(g.name, 1) for g in CATALOG.goods] == list(names.GOODS_ONE)
    assert {good_word(g.name, 2) for g in CATALOG.goods} <= set(names.GOODS) | set(names.GOODS_MANY)
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
    "de": ("Aurelia nutzte das Feld für Korn und sammelte 3 Korn", "Sammle", "ist keine Ware"),
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


@pytest.mark.parametrize(
    ("lang", "said", "told"),
    [
        ("en", "1 sword, 4 deer, 2 gold coins", "Ana took 1 sword from Bruno"),
        ("es", "1 espada, 4 ciervos, 2 monedas", "Ana tomó 1 espada de Bruno"),
        ("nl", "1 zwaard, 4 herten, 2 munten", "Ana nam 1 zwaard van Bruno"),
        ("de", "1 Schwert, 4 Hirsche, 2 Goldmünzen", "Ana nahm 1 Schwert von Bruno"),
    ],
)
def test_a_good_after_a_count_agrees_with_it(lang: str, said: str, told: str) -> None:
    """'Trade 4 deer for 1 swords' is gone (issue 44, item 9): a good after 1 is said in its
    form for one, after other counts in its plural, in the engine's labels and in the
    board's words alike."""
    bundle = {"swords": 1, "deer": 4, "gold_coin": 2}
    stolen = {"type": "GoodsStolen", "seat": 0, "victim": 1, "good": "swords"}
    with i18n.using(lang):
        assert i18n.say(goods_text(bundle), "workers") == said
        assert terms.goods(bundle) == said
        assert narrate.narrate([stolen], ["Ana", "Bruno"]) == [told]
