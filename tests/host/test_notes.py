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


def test_a_counted_note_is_said_in_the_form_its_count_asks_for() -> None:
    """A note with a count (a seat taken over after 1 timeout, or after 3) keeps its plural
    through the store and is said in the reader's language in the right form."""
    from cogs import texts
    from render.i18n import NP_, using

    message = NP_(
        "{who} ran out of time; {name} chose for them. After {count} timeout, {name} "
        "plays this seat until its player moves again.",
        "{who} ran out of time; {name} chose for them. After {count} timeouts in a "
        "row, {name} plays this seat until its player moves again.",
    )
    once = notes.encode(message, who="<@1>", name="AI", count=1)
    thrice = notes.encode(message, who="<@1>", name="AI", count=3)
    assert "After 1 timeout, AI plays" in notes.english(once)
    assert "After 3 timeouts in a row" in notes.english(thrice)
    with using("de"):
        assert "Nach 1 Zeitablauf spielt" in texts.note_text(once)
        assert "Nach 3 Zeitabläufen in Folge" in texts.note_text(thrice)
