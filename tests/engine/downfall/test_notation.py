"""The action notation of the spec: canonical text, forgiving parsing, readable errors."""

from __future__ import annotations

import pytest

from engine.core import NotationError
from engine.downfall import (
    CallEruption,
    MovePiece,
    Pass,
    PlaceLava,
    PlaceRelative,
    PlayCard,
    ThrowOmen,
    format_action,
    parse_action,
)
from engine.downfall.actions import (
    LAVA_AT,
    LAVA_SIDE_AT,
    MOVE_OF,
    MOVE_OUT_OF,
    OMEN_AT,
    PLAY_BARE_OF,
    PLAY_OF,
    RELATIVE_AT,
)
from engine.downfall.tables import IS_CITY


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("play 6 d4", PlayCard(6, "d4")),
        ("relative b4", PlaceRelative("b4")),
        ("pass", Pass()),
        ("omen red c3", ThrowOmen("red", "c3")),
        ("erupt", CallEruption()),
        ("lava c2", PlaceLava("c2")),
        ("lava mask d7", PlaceLava("d7", "mask")),
        ("move d4 f4", MovePiece("d4", "f4")),
        ("move d6 out g7", MovePiece("d6", "g7", out=True)),
        ("play 3", PlayCard(3)),
    ],
)
def test_every_example_of_the_spec_parses_and_formats_back(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert format_action(parse_action(text)) == text


def test_every_action_the_rules_can_allow_round_trips() -> None:
    every = [
        *PLAY_OF.values(),
        *PLAY_BARE_OF.values(),
        *(a for a, city in zip(RELATIVE_AT, IS_CITY, strict=True) if city),
        *(a for row in OMEN_AT for a, city in zip(row, IS_CITY, strict=True) if city),
        *(a for a, city in zip(LAVA_AT, IS_CITY, strict=True) if city),
        *(a for row in LAVA_SIDE_AT for a, city in zip(row, IS_CITY, strict=True) if city),
        *MOVE_OF.values(),
        *MOVE_OUT_OF.values(),
        Pass(),
        CallEruption(),
    ]
    assert len(every) > 5000
    for action in every:
        assert parse_action(format_action(action)) == action


def test_parsing_forgives_case_and_spaces() -> None:
    assert parse_action("  PLAY   6  D4 ") == PlayCard(6, "d4")
    assert parse_action("Move D6 OUT g7") == MovePiece("d6", "g7", out=True)
    assert parse_action("Lava  Mask d7\n") == PlaceLava("d7", "mask")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("dance", "do not understand"),
        ("play", "do not understand"),
        ("play 12 d4", "house number"),
        ("play six d4", "house number"),
        ("play 6 z9", "not a square"),
        ("play 6 k1", "not a square"),  # outside the wall
        ("play 6 d8", "not a square"),
        ("relative", "do not understand"),
        ("omen green c3", "not a colour"),
        ("lava lava d7", "not a lava symbol"),
        ("move d4", "do not understand"),
        ("move d4 d4", "different square"),
        ("move d6 via g7", "out"),
        ("move d6 out g6", "no gate"),
        ("pass now", "do not understand"),
    ],
)
def test_malformed_text_gets_a_readable_notation_error(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_action(text)
