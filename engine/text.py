"""Words an engine writes for players, in English, with their message and values apart.

The engine is pure and does not know who reads, so what it says (an action's label, a refusal)
is English. To let a presentation say it in the reader's language, the engine writes it as a
:class:`Text`: a ``str`` (the English sentence, so logs, tests and every ``str`` use keep
working) that also carries its catalog message (a ``{placeholder}`` template, the msgid) and
its values apart::

    Text("Play {card} to the {space}", card=Term("Pottery"), space=Term("Forum"))
    # == "Play Pottery to the Forum"

A value that is itself a game word (a card's or a space's name, a good) is a :class:`Term`, so
the presentation translates it too; a number or a notation stays as it is; a value may be a
``Text`` (a sentence inside a sentence). ``make messages`` extracts the templates of ``Text``
and of the :class:`~engine.core.RuleError` family from each game's engine into that game's
catalog (docs/i18n.md). :func:`to_json` / :func:`from_json` keep a ``Text`` where only a
string can be stored (the log's label column, a note's values).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

PREFIX = '{"text":'


class Term(str):
    """A game word used as a value of a :class:`Text` (``Term("Forum")``): translated by the
    game's catalog when shown (a term the catalog lacks stays as it is)."""

    __slots__ = ()


class One(Term):
    """A game word in its form for one, after a count of 1 (``One("sword")``): its catalog
    message has the context ``one`` (``msgctxt "one"``), so that every language says it apart
    from the word that names the thing (``Term("swords")``; ``Term("deer")`` and
    ``One("deer")`` are "ciervos" and "ciervo")."""

    __slots__ = ()


ONE = "one"
"""The catalog context of a :class:`One`."""


class Text(str):
    """An English sentence (the ``str``) with its ``template`` and ``values`` apart."""

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, /, **values: Any) -> Text:
        english = _fill(template, values)
        self = super().__new__(cls, english)
        self.template = template
        self.values = values
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (AI worker processes) with its parts
        return (_rebuild, (self.template, self.values))


def _rebuild(template: str, values: dict[str, Any]) -> Text:
    return Text(template, **values)


def _fill(template: str, values: Mapping[str, Any]) -> str:
    if not values:
        return template
    try:
        return template.format_map({k: str(v) for k, v in values.items()})
    except (KeyError, IndexError, ValueError):
        return template


def to_value(value: Any) -> Any:
    """``value`` as a JSON value (a :class:`Text` or :class:`Term` with its parts)."""
    if isinstance(value, Text):
        return {"text": value.template, "values": {k: to_value(v) for k, v in value.values.items()}}
    if isinstance(value, One):
        return {"term": str(value), "one": True}
    if isinstance(value, Term):
        return {"term": str(value)}
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


def to_json(text: str) -> str:
    """``text`` as one string to store: a :class:`Text` as JSON with its parts, a plain string
    as itself."""
    if not isinstance(text, Text):
        return str(text)
    return json.dumps(to_value(text), ensure_ascii=False, separators=(",", ":"))


def from_value(value: Any) -> Any:
    """What :func:`to_value` gave, as it was."""
    if isinstance(value, dict):
        if "term" in value:
            return One(str(value["term"])) if value.get("one") else Term(str(value["term"]))
        if "text" in value:
            values = value.get("values") or {}
            return Text(str(value["text"]), **{str(k): from_value(v) for k, v in values.items()})
    return value


def from_json(stored: str) -> str:
    """What :func:`to_json` stored: a :class:`Text` again, or the plain string it was."""
    if not stored.startswith(PREFIX):
        return stored
    try:
        read = from_value(json.loads(stored))
    except ValueError:
        return stored
    return read if isinstance(read, Text) else stored


__all__ = ["ONE", "One", "Term", "Text", "from_json", "from_value", "to_json", "to_value"]
