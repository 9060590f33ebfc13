"""A move's note is stored as its catalog message and values (host/notes.py), so the bot can
say it in the channel's language; a note stored as plain text before is read as it is."""

from __future__ import annotations

from host import notes


def test_a_note_keeps_its_message_and_values_apart() -> None:
    stored = notes.encode("{who} ran out of time; {name} chose for them.", who="<@1>", name="AI")
    message, values = notes.decode(stored)
    assert message == "{who} ran out of time; {name} chose for them."
    assert values == {"who": "<@1>", "name": "AI"}
    assert notes.english(stored) == "<@1> ran out of time; AI chose for them."


def test_an_old_plain_note_is_itself() -> None:
    old = "<@1> ran out of time; the normal AI chose for them."
    assert notes.decode(old) == (old, {})
    assert notes.english(old) == old
    assert notes.decode('{"message": broken') == ('{"message": broken', {})
