"""Each catalog keeps its glossary (issue 44): ``locales/glossary/<lang>-<domain>.toml`` (and
``<lang>.toml`` for every catalog of a language) lists the words a translation must never use
(``wrong``: a term the glossary replaced, a Spain-only form, a false friend); no message of
that catalog may contain one (case-insensitive, whole words). Every language and catalog has
its glossary, with its source."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from render import i18n
from tools.messages import Source, sources

ROOT = Path(__file__).resolve().parents[2]
GLOSSARIES = ROOT / "locales" / "glossary"
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]
CASES = [pytest.param(s, lang, id=f"{s.domain}-{lang}") for s in sources() for lang in TRANSLATED]


def glossary(lang: str, domain: str) -> dict[str, object]:
    """The glossary of ``domain`` in ``lang``: its own file's, with the language's ``wrong``
    words added."""
    own = tomllib.loads((GLOSSARIES / f"{lang}-{domain}.toml").read_text(encoding="utf-8"))
    shared = GLOSSARIES / f"{lang}.toml"
    if shared.is_file():
        common = tomllib.loads(shared.read_text(encoding="utf-8"))
        own["wrong"] = [*own.get("wrong", []), *common.get("wrong", [])]
    return own


def pattern(term: str) -> re.Pattern[str]:
    """``term`` as a whole word (or phrase, across any whitespace), in any case."""
    words = r"\s+".join(re.escape(w) for w in term.split())
    return re.compile(rf"(?<!\w){words}(?!\w)", re.IGNORECASE)


def translations(message: Message) -> list[str]:
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    return [f for f in forms if f]


def offences(messages: Iterable[Message], wrong: Iterable[str]) -> list[tuple[str, str]]:
    """(term, message id) for each wrong term in a translation of ``messages``."""
    patterns = [(term, pattern(term)) for term in wrong]
    out = []
    for m in messages:
        if not m.id:
            continue
        key = m.id[0] if isinstance(m.id, tuple) else m.id
        for text in translations(m):
            out += [(term, key) for term, p in patterns if p.search(text)]
    return out


def _catalog(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


@pytest.mark.parametrize(("source", "lang"), CASES)
def test_every_catalog_has_its_glossary(source: Source, lang: str) -> None:
    g = glossary(lang, source.domain)
    assert str(g.get("source", "")).strip(), "say where the terms come from"
    assert isinstance(g.get("right"), dict) and g["right"], "the preferred terms"
    assert isinstance(g.get("wrong"), list)


@pytest.mark.parametrize(("source", "lang"), CASES)
def test_no_catalog_uses_a_word_its_glossary_lists_as_wrong(source: Source, lang: str) -> None:
    wrong = glossary(lang, source.domain)["wrong"]
    assert isinstance(wrong, list)
    found = offences(_catalog(source.po(lang)), wrong)
    assert found == [], f"{lang}-{source.domain}: words the glossary lists as wrong"


@pytest.mark.parametrize(("source", "lang"), CASES)
def test_a_planted_wrong_word_is_caught(source: Source, lang: str) -> None:
    """Each wrong word of the glossary, planted in the real catalog (in a message and in a
    plural form, capitalised), fails the check."""
    wrong = glossary(lang, source.domain)["wrong"]
    assert isinstance(wrong, list)
    for term in wrong:
        catalog = _catalog(source.po(lang))
        catalog.add("Planted", f"Hier: {term}.")
        catalog.add(("One planted", "{n} planted"), ("uno", f"{term.upper()} {{n}}", "x"))
        found = {key for _term, key in offences(catalog, wrong)}
        assert found == {"Planted", "One planted"}, term


def test_only_whole_words_are_wrong() -> None:
    """A wrong word inside a longer one is not flagged: *Kleitabletten* is right where
    *Tabletten* is wrong, *Deckel* is not *Deck*, *fichaje* is not *ficha*."""
    catalog = Catalog(locale="nl")
    catalog.add("Tablets", "Kleitabletten")
    catalog.add("Lid", "Deckel")
    catalog.add("Signing", "fichaje")
    assert offences(catalog, ["tabletten", "Deck", "ficha"]) == []
    assert pattern("juego de cartas").search("el JUEGO  de\ncartas")
