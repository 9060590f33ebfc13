"""Counts are plural-aware (issue 44): a catalog message that formats a count (a ``{count}``,
``{n}`` or ``{number}`` placeholder) is a plural entry (``ngettext``: ``msgid_plural``, every
form the language's rule asks for, ``tests/i18n/test_catalogs.py``), or is listed with the
reason it is not (``not_plural.toml``). A new counted message written with ``_()`` fails
here: write it with ``ngettext`` (or, in an engine, a ``Text`` for 1 beside one for the
rest), or list it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from tools.messages import Source, sources

COUNT = re.compile(r"\{(count|n|number)\}")
LISTED = Path(__file__).with_name("not_plural.toml")


def not_plural() -> dict[tuple[str, str], str]:
    """Counted-looking messages that are not plural entries, each with its reason
    (``not_plural.toml``: an identifier, a label, a ratio, an engine's message with its own
    message for 1, a good's name, a colour, or a partitive)."""
    out = {}
    for reason, table in tomllib.loads(LISTED.read_text(encoding="utf-8")).items():
        assert str(table.pop("why", "")).strip(), f"[{reason}] says why"
        for domain, messages in table.items():
            out.update({(domain, m): reason for m in messages})
    return out


NOT_PLURAL = not_plural()


def _template(source: Source) -> Catalog:
    with Path(source.template).open("rb") as f:
        return read_po(f)


def singular_counts(catalog: Catalog) -> list[str]:
    """The messages of ``catalog`` that format a count but are not plural entries."""
    return [
        m.id
        for m in catalog
        if m.id and not isinstance(m.id, tuple) and COUNT.search(m.id) is not None
    ]


@pytest.mark.parametrize("source", sources(), ids=lambda s: s.domain)
def test_every_counted_message_is_plural_aware(source: Source) -> None:
    found = singular_counts(_template(source))
    unlisted = [m for m in found if (source.domain, m) not in NOT_PLURAL]
    assert unlisted == [], "counted messages without plural forms: use ngettext"
    stale = [m for d, m in NOT_PLURAL if d == source.domain and m not in found]
    assert stale == [], "listed messages that are no longer singular counts: unlist them"


def test_a_planted_singular_count_is_caught() -> None:
    """The check flags a counted ``_()`` message, and not its ``ngettext`` twin."""
    catalog = Catalog(locale="en")
    catalog.add("{count} tiles were placed")
    catalog.add(("{n} piece lost", "{n} pieces lost"))
    catalog.add("Seat {seat}")
    assert singular_counts(catalog) == ["{count} tiles were placed"]


@pytest.mark.parametrize("source", sources(), ids=lambda s: s.domain)
def test_no_message_hedges_its_plural(source: Source) -> None:
    """'1 move point(s)' is the class of mistake too: a counted word is a plural entry, or
    the engine's message for 1 beside the one for more, never a word with '(s)'."""
    hedged = re.compile(r"\w\((s|es|en|e|n)\)")
    found = [
        m.id[0] if isinstance(m.id, tuple) else m.id
        for m in _template(source)
        if m.id and any(hedged.search(i) for i in (m.id if isinstance(m.id, tuple) else [m.id]))
    ]
    assert found == []
