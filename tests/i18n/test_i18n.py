"""render/i18n.py: Discord locales to our languages, the language of the moment, plural forms
and Babel's CLDR numbers and durations."""

from __future__ import annotations

import asyncio

import discord
import pytest

from render import i18n
from render.i18n import _, ngettext, using


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("es-ES", "es"),
        ("es-419", "es"),
        ("nl", "nl"),
        ("de", "de"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("pt-BR", "en"),
        ("fr", "en"),
        ("zh-CN", "en"),
        ("", "en"),
        (None, "en"),
        (discord.Locale.latin_american_spanish, "es"),
        (discord.Locale.german, "de"),
        ("ES_es", "es"),
    ],
)
def test_a_discord_locale_is_one_of_our_languages_or_english(locale: object, lang: str) -> None:
    assert i18n.negotiate(locale) == lang


def test_the_language_of_the_moment_is_english_until_chosen_and_comes_back() -> None:
    assert i18n.current() == "en"
    with using("de-DE") as chosen:
        assert chosen == "de" and i18n.current() == "de"
        assert _("Join") == "Beitreten"
        with using("nl"):
            assert _("Join") == "Meedoen"
        assert _("Join") == "Beitreten"
    assert i18n.current() == "en" and _("Join") == "Join"


def test_an_unknown_message_is_itself_in_every_language() -> None:
    with using("es"):
        assert _("a line no catalog has") == "a line no catalog has"


async def test_tasks_and_threads_started_inside_keep_the_language() -> None:
    async def inner() -> str:
        return _("Join")

    with using("es"):
        task = asyncio.create_task(inner())
        threaded = await asyncio.to_thread(_, "Join")
    assert await task == "Unirse" and threaded == "Unirse"


def test_a_worker_process_is_given_its_language() -> None:
    assert i18n.call_in("nl", _, "Join") == "Meedoen"
    assert i18n.current() == "en"


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [
        ("en", "1 AI seat", "3 AI seats"),
        ("es", "1 puesto de IA", "3 puestos de IA"),
        ("nl", "1 AI-plaats", "3 AI-plaatsen"),
        ("de", "1 KI-Platz", "3 KI-Plätze"),
    ],
)
def test_plural_forms_follow_each_language(lang: str, one: str, many: str) -> None:
    with using(lang):
        for n, want in ((1, one), (3, many)):
            assert ngettext("{count} AI seat", "{count} AI seats", n).format(count=n) == want
        # CLDR's Spanish has a third form for millions; it is filled too.
        million = ngettext("{count} AI seat", "{count} AI seats", 1_000_000)
        assert "{count}" in million


@pytest.mark.parametrize(
    ("lang", "day", "hours", "in_3_days", "number"),
    [
        ("en", "3 days", "24 hours", "in 3 days", "1,234.5"),
        ("es", "3 días", "24 horas", "dentro de 3 días", "1.234,5"),
        ("nl", "3 dagen", "24 uur", "over 3 dagen", "1.234,5"),
        ("de", "3 Tage", "24 Stunden", "in 3 Tagen", "1.234,5"),
    ],
)
def test_durations_and_numbers_come_from_cldr(
    lang: str, day: str, hours: str, in_3_days: str, number: str
) -> None:
    with using(lang):
        assert i18n.duration(3 * 86400) == day
        assert i18n.duration(86400) == hours
        assert i18n.relative(3 * 86400) == in_3_days
        assert i18n.number(1234.5) == number
    assert i18n.number(12.0, "en", decimals=1) == "12.0"


def test_languages_are_named_in_themselves() -> None:
    names = [i18n.language_name(lang) for lang in i18n.LANGUAGES]
    assert names == ["English", "Español", "Nederlands", "Deutsch"]


def test_a_value_given_as_words_is_translated_with_its_message() -> None:
    values = {"who": i18n.L_("an AI")}
    with using("de"):
        text = i18n.fill(
            "Only one move was possible for {who}, so it was played automatically.", values
        )
    assert text == "Für eine KI war nur ein Zug möglich, also wurde er automatisch gespielt."
    # A translation that lost a placeholder falls back to the English, never to a crash.
    assert i18n.fill("{missing} words", {"missing": 1}) == "1 words"


def test_host_refusals_and_notes_are_said_in_the_readers_language() -> None:
    from cogs import texts
    from host import NoSuchGameError, notes
    from host.tables import busy_error

    error = NoSuchGameError(i18n.N_("There is no game #{game}."), game=3)
    assert str(error) == "There is no game #3."  # the log's English
    with using("nl"):
        assert texts.refusal(error) == "Er is geen spel #3."
        assert texts.refusal(busy_error(4)).startswith("Dit kanaal heeft al een spel (spel #4)")
    note = notes.encode(
        i18n.N_("{who} did not answer in time, so the rules apply: {label}."),
        who="<@5>",
        label="Pass",
    )
    with using("es"):
        assert (
            texts.note_text(note)
            == "<@5> no respondió a tiempo, así que se aplican las reglas: Pass."
        )
        assert texts.note_text("an old note") == "an old note"


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("en", "The table is full (1 of 1 seat).", "The table is full (2 of 2 seats)."),
        ("es", "La mesa está completa (1 de 1 puesto).", "La mesa está completa (2 de 2 puestos)."),
        ("de", "Der Tisch ist voll (1 von 1 Platz).", "Der Tisch ist voll (2 von 2 Plätzen)."),
    ],
)
def test_a_counted_refusal_agrees_with_its_number(lang: str, one: str, two: str) -> None:
    """A host refusal with a count (``NP_``) is said in the form its number asks for, in the
    log's English and in the reader's language (issue 44, item 9)."""
    from cogs import texts
    from host import TableFullError

    full = i18n.NP_(
        "The table is full ({count} of {count} seat).",
        "The table is full ({count} of {count} seats).",
    )
    alone, pair = TableFullError(full, count=1), TableFullError(full, count=2)
    assert (str(alone), str(pair)) == (
        "The table is full (1 of 1 seat).",
        "The table is full (2 of 2 seats).",
    )
    with using(lang):
        assert (texts.refusal(alone), texts.refusal(pair)) == (one, two)


def test_pompejis_danger_line_agrees_with_the_cards_left() -> None:
    """Pompeji's deck line counts the cards the 2nd volcano hides in: one card, or several."""
    from render.cardcity.panel import deck_lines

    with using("es"):
        assert deck_lines({"deck_size": 1, "volcanoes": 1})[1].endswith("volcán es la última carta")
        assert deck_lines({"deck_size": 3, "volcanoes": 1})[1].endswith("las últimas 3 cartas")
