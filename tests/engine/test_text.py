"""An engine's words keep their parts (issue 28): the English sentence for every ``str`` use,
and the message and values a presentation says in the reader's language."""

from __future__ import annotations

import pickle

from engine.core import IllegalActionError, NotationError, RuleError
from engine.text import One, Term, Text, from_json, to_json


def test_a_text_is_its_english_sentence_with_its_parts_apart() -> None:
    text = Text("Play {card} to the {space} ({n})", card=Term("Pottery"), space=Term("Forum"), n=3)
    assert text == "Play Pottery to the Forum (3)"
    assert text.template == "Play {card} to the {space} ({n})"
    assert isinstance(text.values["card"], Term) and text.values["n"] == 3
    assert Text("Pass") == "Pass" and Text("Pass").values == {}


def test_a_text_survives_the_log_and_the_worker_processes() -> None:
    inner = Text("{n} planks", n=2)
    text = Text("Trade {what} at the {space}", what=inner, space=Term("Porta"))
    stored = to_json(text)
    back = from_json(stored)
    assert isinstance(back, Text) and back == text == "Trade 2 planks at the Porta"
    assert isinstance(back.values["what"], Text) and back.values["what"].values == {"n": 2}
    assert isinstance(back.values["space"], Term)
    again = pickle.loads(pickle.dumps(text))
    assert isinstance(again, Text) and again.values["what"].template == "{n} planks"
    assert to_json("a plain label") == "a plain label"
    assert from_json("a plain label") == "a plain label"
    assert from_json('{"text": broken') == '{"text": broken'


def test_a_refusal_carries_its_message_and_values() -> None:
    error = IllegalActionError("`{move}` is not a legal move right now.", move="play 9")
    assert str(error) == "`play 9` is not a legal move right now."
    assert error.text.template == "`{move}` is not a legal move right now."
    assert error.text.values == {"move": "play 9"}
    plain = RuleError("The game is over.")
    assert str(plain) == "The game is over." and plain.text.template == "The game is over."
    notation = NotationError("`{token}` is not a good.", "e.g. `pledge wine 2`", token="x")
    assert str(notation) == "`x` is not a good. e.g. `pledge wine 2`"
    assert notation.reason.values == {"token": "x"}


def test_a_word_for_one_stays_so_in_the_log_and_the_worker_processes() -> None:
    """A label stored in the log and read back still says '1 sword' in every language (the
    word keeps its form for one, ``One``)."""
    label = Text("Take 1 {good} from seat {seat}", good=One("sword"), seat=2)
    for back in (from_json(to_json(label)), pickle.loads(pickle.dumps(label))):
        assert isinstance(back, Text) and back == "Take 1 sword from seat 2"
        assert isinstance(back.values["good"], One)
    assert not isinstance(from_json(to_json(Text("{g}", g=Term("swords")))).values["g"], One)
