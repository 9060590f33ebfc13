"""The catalogs are complete and consistent (issue 28): every message the code marks is in its
catalog's template and translated in every language (no empty, no fuzzy entry), and a
translation keeps its message's placeholders, Discord markup and code spans exactly. Every
catalog: the bot's and each game's (``tools.messages.sources``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from render import i18n
from tools.messages import KEYWORDS, Source, sources

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sources()
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]
PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%\([a-z_]+\)[sd]")
MARKUP = re.compile(r"<[@#][^>]*>|<t:[^>]*>|`[^`]*`")
"""Mentions, channel links, timestamps and code spans (commands, notation): never translated."""
CASES = [pytest.param(s, lang, id=f"{s.domain}-{lang}") for s in SOURCES for lang in TRANSLATED]


def _catalog(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def _key(message: Message) -> str:
    return message.id[0] if isinstance(message.id, tuple) else message.id


def _code_ids(source: Source) -> set[str]:
    methods = [(pattern, "python") for pattern in source.patterns]
    found = extract_from_dir(ROOT, methods, keywords=KEYWORDS)  # type: ignore[arg-type]
    out = set()
    for _file, _line, message, _comments, _context in found:
        out.add(message[0] if isinstance(message, tuple) else message)
    return out


def test_every_game_has_its_catalog() -> None:
    """Each game's words are in its own catalog, whose domain is the game's key."""
    import plugins

    domains = {s.domain for s in SOURCES}
    assert {p.key for p in plugins.PLUGINS} <= domains
    assert {p.key for p in plugins.PLUGINS} <= set(i18n.CATALOGS)


@pytest.mark.parametrize("source", SOURCES, ids=[s.domain for s in SOURCES])
def test_the_template_holds_every_message_of_the_code(source: Source) -> None:
    """``make messages`` was run: the template is what the code marks, no more, no less."""
    template = {_key(m) for m in _catalog(source.template) if m.id}
    code = _code_ids(source)
    assert sorted(code - template) == [], "new messages: run `make messages` and translate them"
    assert sorted(template - code) == [], "messages no longer in the code: run `make messages`"


@pytest.mark.parametrize(("source", "lang"), CASES)
def test_every_message_is_translated(source: Source, lang: str) -> None:
    template = {_key(m) for m in _catalog(source.template) if m.id}
    catalog = _catalog(source.po(lang))
    have = {_key(m): m for m in catalog if m.id}
    assert sorted(template - set(have)) == [], f"{lang}: messages missing from the catalog"
    empty = [
        k
        for k, m in have.items()
        if not all(m.string if isinstance(m.string, tuple) else [m.string])
    ]
    assert empty == [], f"{lang}: untranslated messages"
    fuzzy = [k for k, m in have.items() if m.fuzzy]
    assert fuzzy == [], f"{lang}: fuzzy messages (check them and remove the flag)"
    if isinstance(catalog.num_plurals, int):
        short = [
            k
            for k, m in have.items()
            if isinstance(m.string, tuple) and len(m.string) != catalog.num_plurals
        ]
        assert short == [], f"{lang}: plural messages without every form"


@pytest.mark.parametrize(("source", "lang"), CASES)
def test_translations_keep_placeholders_and_markup(source: Source, lang: str) -> None:
    catalog = _catalog(source.po(lang))
    wrong = []
    for m in catalog:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            allowed = set(PLACEHOLDER.findall(m.id[0])) | set(PLACEHOLDER.findall(m.id[1]))
            forms = [f for f in m.string if f]
            used = set().union(*(set(PLACEHOLDER.findall(f)) for f in forms)) if forms else set()
            extra = any(not set(PLACEHOLDER.findall(f)) <= allowed for f in forms)
            if extra or used != allowed:
                wrong.append(m.id[0])
            continue
        text = str(m.string)
        same = sorted(PLACEHOLDER.findall(m.id)) == sorted(PLACEHOLDER.findall(text))
        if not same or sorted(MARKUP.findall(m.id)) != sorted(MARKUP.findall(text)):
            wrong.append(m.id)
    assert wrong == [], f"{lang}: placeholders or markup differ from the English"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalogs_load_and_translate(lang: str) -> None:
    with i18n.using(lang):
        assert i18n._("It is not your turn.") != "It is not your turn."
