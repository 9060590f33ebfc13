"""The Downfall of Pompeii in the players' languages (issue 28, phase 2): its words come
through its own catalog (``render/downfall/locales``) in Spanish, Dutch and German, with the
rulebooks' terms, and its rules topics fit a Discord message in every language."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleError, parse_legal
from engine.downfall import GAME
from engine.downfall.actions import PlayCard
from render import i18n
from render.downfall import PRESENTATION
from render.downfall.narrate import decision, hand, narrate

LANGS = ("en", "es", "nl", "de")
NAMES = ["Klaus", "Oliver", "Jurgen"]
WRAPPER = "📜 **{game} — {title}**\n{text}\n*Other topics:* {others}"
"""What the bot's ``/game rules`` puts around a topic (cogs/game.py)."""
TURN = [
    {"type": "CardPlayed", "seat": 1, "card": 6, "square": "d4", "building": "6b",
     "joker": False},
    {"type": "RelativesEarned", "seat": 1, "count": 3, "building": "6b"},
    {"type": "RelativePlaced", "seat": 1, "square": "e6", "building": "9"},
    {"type": "RelativePlaced", "seat": 1, "square": "d2", "building": "N3"},
    {"type": "RelativesEnded", "seat": 1, "unused": 1, "reason": "pass"},
    {"type": "CardDrawn", "seat": 1},
]  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
def test_every_rules_topic_fits_one_discord_message(lang: str) -> None:
    rules = PRESENTATION.words.rules
    with i18n.using(lang):
        game = i18n.translate(GAME.title, "downfall")
        for topic, (title, text) in rules.items():
            said_title = i18n.translate(title, "downfall")
            said = i18n.translate(text, "downfall")
            others = " · ".join(k for k in rules if k != topic)
            message = i18n._(WRAPPER).format(game=game, title=said_title, text=said, others=others)
            assert len(message) <= 2000, (topic, len(message))
            if lang != "en":
                assert said != text and said_title != title, topic  # translated
            for ruling in ("R3", "R12") if topic == "eruption" else ():
                assert ruling in said  # rulings are cited as they are


def test_the_title_and_the_rulebooks_terms() -> None:
    titles = {}
    for lang in LANGS:
        with i18n.using(lang):
            titles[lang] = i18n.translate(GAME.title, "downfall")
    assert titles == {
        "en": "The Downfall of Pompeii",
        "es": "La caída de Pompeya",
        "nl": "De ondergang van Pompeii",
        "de": "Der Untergang von Pompeji",
    }
    seethes = [{"type": "VesuviusSeethes", "seat": 0}]
    with i18n.using("es"):
        assert "¡el Vesubio hierve!" in narrate(seethes, NAMES)[0]
    with i18n.using("de"):
        assert "der Vesuv brodelt!" in narrate(seethes, NAMES)[0]


def test_a_turn_is_told_in_the_readers_language() -> None:
    with i18n.using("es"):
        assert narrate(TURN, NAMES) == [
            "Oliver jugó un 6 en d4 y colocó 2 parientes: e6 (casa 9), d2 (edificio neutral)",
            "1 pariente se quedó en casa",
        ]
    with i18n.using("de"):
        assert narrate(TURN, NAMES) == [
            "Oliver spielte 6 auf d4 und setzte 2 Verwandte ein: e6 (Haus 9), d2 (neutrales "
            "Gebäude)",
            "1 Verwandter blieb zu Hause",
        ]
    with i18n.using("en"):  # and English stays as it was
        assert narrate(TURN, NAMES)[1] == "1 relative stayed home"


def _state() -> Any:
    return GAME.new_game(7, 3, {})


def test_the_decision_the_hand_and_the_labels_in_dutch_and_german() -> None:
    state = _state()
    seat = GAME.view(state, None)["pending"]["seat"]
    view = GAME.view(state, seat)
    play = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, PlayCard))
    label = GAME.describe_action(state, seat, play)
    assert str(label).startswith("Play ")  # the engine's English
    with i18n.using("nl"):
        assert decision(view) == "speel een kaart en plaats een pion"
        assert hand(view).startswith("Je hand: ")
        assert i18n.say(label, "downfall").startswith("Speel ")
    with i18n.using("de"):
        assert decision(view) == "spiel eine Karte und setz eine Figur ein"
        assert i18n.say(label, "downfall").endswith(" spielen → " + str(play.square))


def test_the_seats_colours_in_the_readers_language() -> None:
    """The colours are data (English: the host keeps them whoever's language it ran in); the
    bot says each in the reader's language where it shows it (``cogs.texts.colour``), by the
    game's catalog first (a piece is *la pieza*: *roja*)."""
    state = _state()
    colours = PRESENTATION.colours(GAME.view(state, None))
    assert colours == ["red", "black", "yellow"]
    with i18n.using("es"):  # a piece's colour: la pieza roja
        assert [i18n.translate(c, "downfall") for c in colours] == ["roja", "negra", "amarilla"]
    with i18n.using("de"):
        assert [i18n.translate(c, "downfall") for c in colours] == ["rot", "schwarz", "gelb"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("es", "no entiendo `zz 99`"),
        ("nl", "ik begrijp `zz 99` niet"),
        ("de", "ich verstehe `zz 99` nicht"),
    ],
)
def test_a_refusal_in_the_readers_language(lang: str, words: str) -> None:
    state = _state()
    seat = GAME.view(state, None)["pending"]["seat"]
    with pytest.raises(RuleError) as refused:
        parse_legal(GAME, state, seat, "zz 99")
    assert str(refused.value).startswith("I do not understand `zz 99`.")
    with i18n.using(lang):
        said = i18n.say(refused.value.text, "downfall")
    assert said.lower().startswith(words) and "`play " in said  # the notation stays as it is


def test_the_final_ranking_says_its_figures_in_the_readers_language() -> None:
    outcome = {
        "places": [2, 1],
        "scores": [{"saved": 1, "volcano": 9}, {"saved": 5, "volcano": 4}],
    }
    with i18n.using("es"):
        assert PRESENTATION.words.final(outcome, {}, ["Ann", "Bo"]) == [
            "🥇 1. Bo — 5 salvadas, 4 en el volcán",
            "🥈 2. Ann — 1 salvada, 9 en el volcán",
        ]
    with i18n.using("de"):
        assert PRESENTATION.words.final(outcome, {}, ["Ann", "Bo"])[1] == (
            "🥈 2. Ann — 1 gerettet, 9 im Vulkan"
        )
    assert PRESENTATION.words.final(outcome, {}, ["Ann", "Bo"]) == [
        "🥇 1. Bo — 5 saved, 4 in the volcano",
        "🥈 2. Ann — 1 saved, 9 in the volcano",
    ]
