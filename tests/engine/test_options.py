"""Options check themselves in one place (engine/core ``OptionSpec``): the lobby parses what a
player types with it, and every game's ``new_game`` checks what it is given with it."""

from __future__ import annotations

import pytest

from engine.core import OptionSpec, RuleError, check_options
from plugins import PLUGINS, GamePlugin

SWITCH = OptionSpec("fog", "fog of war", False)
WORD = OptionSpec("difficulty", "how hard", "B", ("A", "B", "C"))
NUMBER = OptionSpec("target", "points to win", 21, minimum=5, maximum=100)
CHOICE = OptionSpec("uses", "uses per player", 1, (1, 2))


def test_typed_text_becomes_the_value_the_game_expects() -> None:
    assert [SWITCH.parse(t) for t in ("", "true", "On", "yes", "off", "0")] == [
        True,
        True,
        True,
        True,
        False,
        False,
    ]
    assert WORD.parse("c") == "C" and NUMBER.parse("50") == 50 and CHOICE.parse("2") == 2


@pytest.mark.parametrize(
    ("spec", "text", "says"),
    [
        (SWITCH, "maybe", "on or off: write `fog=true` or `fog=false`"),
        (WORD, "D", "one of: A, B, C"),
        (NUMBER, "4", "a whole number from 5 to 100"),
        (NUMBER, "lots", "a whole number from 5 to 100"),
        (NUMBER, "9" * 5000, "a whole number from 5 to 100"),
        (CHOICE, "3", "one of: 1, 2"),
    ],
)
def test_a_bad_typed_value_says_what_the_option_takes(
    spec: OptionSpec, text: str, says: str
) -> None:
    with pytest.raises(RuleError, match="`" + spec.name + "`") as error:
        spec.parse(text)
    assert says in str(error.value)


def test_a_value_of_another_type_is_refused_a_switch_is_no_number() -> None:
    for spec, value in ((SWITCH, 1), (CHOICE, True), (NUMBER, 21.0), (WORD, "b")):
        with pytest.raises(RuleError):
            spec.check(value)


def test_every_option_is_filled_and_an_unknown_one_named() -> None:
    specs = (SWITCH, WORD, NUMBER)
    assert check_options("Fog", specs, {"target": 30}) == {
        "fog": False,
        "difficulty": "B",
        "target": 30,
    }
    with pytest.raises(RuleError, match=r"Fog has no option `fig`\. Options: `fog`, `difficulty`"):
        check_options("Fog", specs, {"fig": True})


@pytest.mark.parametrize(
    "spec",
    [
        lambda: OptionSpec("x", "", "B", ("A", "C")),  # default not a choice
        lambda: OptionSpec("x", "", 1, (1, "2")),  # a choice of another type
        lambda: OptionSpec("x", "", "A", minimum=1),  # bounds on a word
        lambda: OptionSpec("x", "", 0, minimum=1),  # default out of bounds
        lambda: OptionSpec("x", "", 1.5),  # not a switch, number or word
    ],
)
def test_a_spec_that_contradicts_itself_fails_at_import(spec: object) -> None:
    with pytest.raises(ValueError):
        spec()  # type: ignore[operator]


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.key)
def test_every_game_refuses_what_its_options_refuse(plugin: GamePlugin) -> None:
    """The games check their options through the same specs, so a value the lobby refuses is
    refused by ``new_game`` too, with the same words."""
    players = plugin.capabilities.max_players
    with pytest.raises(RuleError, match="has no option `nonsense`"):
        plugin.engine.new_game(1, players, {"nonsense": True})
    for spec in plugin.options:
        bad: object = "not a value" if not isinstance(spec.default, str) else 7
        with pytest.raises(RuleError, match=f"`{spec.name}` is"):
            plugin.engine.new_game(1, players, {spec.name: bad})
