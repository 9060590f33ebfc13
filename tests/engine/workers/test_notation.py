"""Notation: every action round-trips; any text at all parses or raises NotationError only."""

from __future__ import annotations

import random

import pytest

from engine.core import NotationError
from engine.workers import GAME
from engine.workers.actions import GRAMMAR, Action, parse_action

EXAMPLES = [
    "start red 7",
    "start grain 2",
    "collect grain",
    "collect grain S14",
    "produce 7 3",
    "produce 7 3 S30",
    "build 17",
    "build 17 S52",
    "port",
    "port S21",
    "piazza",
    "activate C12",
    "recover C12",
    "recover C14 5",
    "army",
    "hire",
    "use S25",
    "trade gold 4 meat",
    "train S30",
    "swap S30 grain",
    "done",
    "bonus coal",
    "steal 2 meat",
    "give grain",
    "mark 7",
    "cover 7",
    "seize 7",
    "injure 2",
    "take S14",
    "keep C05",
    "stack VB03",
    "gain bread",
    "halt",
    "pass",
    "pledge bread 2",
    "pledge bread 0",
    "lock",
    "play C04",
    "draw specialist",
    "draw city",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_examples_round_trip(text: str) -> None:
    action = GAME.parse_action(text)
    assert GAME.format_action(action) == text
    assert GAME.parse_action(GAME.format_action(action)) == action


def test_every_verb_has_an_example() -> None:
    assert {parse_action(t).verb for t in EXAMPLES} == set(GRAMMAR)


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("  COLLECT   Grain  s14 ", "collect grain S14"),
        ("trade OIL 2 coin", "trade olive_oil 2 gold_coin"),
        ("trade olive-oil 2 swords", "trade olive_oil 2 swords"),
        ("draw s", "draw specialist"),
        ("stack vb03", "stack VB03"),
    ],
)
def test_input_is_forgiving(typed: str, canonical: str) -> None:
    assert GAME.format_action(GAME.parse_action(typed)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "fly",
        "collect",
        "collect gold dust",
        "produce 7",
        "produce seven 3",
        "produce 7 ²",
        "produce 7 ①",
        "produce 7 3 S30 extra",
        "produce 99 1",
        "produce 7 -1",
        "pledge bread 1000",
        "injure 9",
        "take X14",
        "stack VZ99",
        "draw both",
        "start red",
        "trade gold 0 meat",
        "collect grain S1",
        "lock now",
        "produce ٣ 3",
        "build 1\u00a07",
    ],
)
def test_bad_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_action(text)


def test_random_text_raises_nothing_but_notation_error() -> None:
    rnd = random.Random(5)
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 _-SCVX²³①٣\u00a0\u2003é漢🌋\t\n"
    words = [w for t in EXAMPLES for w in t.split()]
    for _ in range(4000):
        if rnd.random() < 0.5:
            text = "".join(rnd.choice(alphabet) for _ in range(rnd.randrange(0, 20)))
        else:
            text = " ".join(
                rnd.choice([*words, "²", "٣", "99999", "-1"]) for _ in range(rnd.randrange(1, 5))
            )
        try:
            action = GAME.parse_action(text)
        except NotationError:
            continue
        assert isinstance(action, Action)
        assert GAME.parse_action(GAME.format_action(action)) == action


def test_parse_refuses_non_text() -> None:
    with pytest.raises(NotationError):
        GAME.parse_action(None)  # type: ignore[arg-type]
