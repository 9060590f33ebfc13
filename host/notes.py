"""Notes: why a move was not its player's (a timeout, an AI, a forced move), told with the board.

A note is stored with its move (``outbox.note``, written in the move's own transaction) and
shown later, in the channel's language (issue 28). So the host stores the catalog message and
its values apart, as JSON in the same text column (``{"message": ..., "values": ...}``), and
the bot translates the message and fills in the values when it shows the board
(``cogs.texts.note_text``). A note written before this (plain English) is shown as it is.
"""

from __future__ import annotations

import json

from engine import text
from engine.text import Text
from render.i18n import Counted

PREFIX = '{"message":'


def encode(message: str, /, **values: object) -> str:
    """A note: ``message`` (marked ``N_()``) and its ``{placeholders}``' values (an engine's
    words, :class:`~engine.text.Text`, with their parts)."""
    kept = {k: text.to_value(v) if isinstance(v, Text) else v for k, v in values.items()}
    stored: dict[str, object] = {"message": message, "values": kept}
    if isinstance(message, Counted):  # NP_: said in the form its ``count`` asks for
        stored["plural"] = message.plural
    return json.dumps(stored, ensure_ascii=False, separators=(",", ":"))


def decode(note: str) -> tuple[str, dict[str, object]]:
    """``(message, values)`` of a stored note (an old plain note: itself, no values)."""
    if note.startswith(PREFIX):
        try:
            data = json.loads(note)
            values = {k: text.from_value(v) for k, v in dict(data.get("values") or {}).items()}
            if "plural" in data:
                return Counted(str(data["message"]), str(data["plural"])), values
            return str(data["message"]), values
        except (ValueError, KeyError, TypeError):
            pass
    return note, {}


def english(note: str) -> str:
    """The note in English (the log's, and the tests' of the host)."""
    message, values = decode(note)
    if isinstance(message, Counted):
        message = message.english(values.get("count"))
    try:
        return message.format_map(values) if values else message
    except (KeyError, IndexError, ValueError):
        return message
