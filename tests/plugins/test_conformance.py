"""One conformance suite for every game plugin and every table size it supports (in the spirit
of OpenSpiel's random-simulation test): random games played to the end, checking at every step
what the host and the bot rely on.

- ``pending`` describes exactly the seats that may act, each with at least one legal action;
  every timeout has a legal answer (the rules' defaults, the seats' passes);
- legal actions apply, and an action that is not legal (or a seat with no decision) raises a
  ``RuleError``;
- notation round-trips, and the parser raises only ``NotationError`` for any text at all,
  random Unicode included;
- the state round-trips through JSON, and replaying the recorded actions from the seed gives
  the same events and the same state;
- views and logs leak no secret: a state the seat cannot tell apart from the real one (the
  plugin's ``determinize``) gives that seat the same view, and the public the same view;
  public events carry no secret fields; a secret action's public form names no card;
- every game ends.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.ai import GenericHeuristics
from engine.core import (
    Game,
    NotationError,
    Record,
    RuleError,
    deciders,
    redact,
    replay,
)
from plugins import PLUGINS, GamePlugin
from tests.toy import PLUGIN as TOY

ALL = (*PLUGINS, TOY)
GAMES_PER_COUNT = 3
MAX_STEPS = 20000
DEEP_EVERY = 7
"""Steps between the expensive checks (JSON round trip, the leak check)."""
FUZZ = 300


def cases() -> Iterator[Any]:
    for plugin in ALL:
        for players in plugin.capabilities.player_counts:
            yield pytest.param(plugin, players, id=f"{plugin.key}-{players}p")


def variants(plugin: GamePlugin) -> list[dict[str, Any]]:
    """The default options, plus each yes/no option switched on."""
    out: list[dict[str, Any]] = [{}]
    for spec in plugin.options:
        if isinstance(spec.default, bool) and not spec.default:
            out.append({spec.name: True})
    return out


def check_pending(game: Game[Any, Any], state: Any, players: int) -> dict[int, list[Any]]:
    """``pending`` agrees with the legal actions; timeouts have legal answers."""
    decisions = game.pending(state)
    able = deciders(game, state)
    legal = {seat: list(game.legal_actions(state, seat)) for seat in able}
    for seat, actions in legal.items():
        assert actions, f"seat {seat} is said to decide but has no legal action"
    for seat in range(players):
        if seat not in able:
            assert not list(game.legal_actions(state, seat)), f"seat {seat} acts uninvited"
    for d in decisions:
        assert d.seats and d.key, d
        if d.kind == "turn":
            assert len(d.seats) == 1
        for seat, action in d.defaults.items():
            assert seat in d.seats and action in legal[seat], ("default", seat, action)
        for seat, action in d.skips.items():
            assert seat in d.seats and action in legal[seat], ("skip", seat, action)
        if d.kind in ("window", "simultaneous"):
            assert set(d.defaults) == set(d.seats), "a silent seat must have a rules' answer"
    return legal


def check_notation(game: Game[Any, Any], actions: list[Any]) -> None:
    for action in actions:
        text = game.format_action(action)
        assert game.parse_action(text) == action, text
        assert game.parse_action(f"  {text.upper()}  ") == action or text != text.upper()


def check_illegal(
    game: Game[Any, Any],
    state: Any,
    players: int,
    legal: dict[int, list[Any]],
    rng: random.Random,
) -> None:
    """A seat without a decision, and an action legal elsewhere but not here, are refused."""
    others = [s for s in range(players) if s not in legal]
    pool = [a for actions in legal.values() for a in actions]
    if others and pool:
        with pytest.raises(RuleError):
            game.apply(state, rng.choice(others), rng.choice(pool))
    for seat, actions in legal.items():
        foreign = [a for other, acts in legal.items() if other != seat for a in acts]
        outside = [a for a in foreign if a not in actions]
        if outside:
            with pytest.raises(RuleError):
                game.apply(state, seat, rng.choice(outside))


def check_json(game: Game[Any, Any], state: Any) -> Any:
    data = json.loads(json.dumps(game.state_to_json(state)))
    again = game.state_from_json(data)
    assert json.loads(json.dumps(game.state_to_json(again))) == data
    assert game.view(again, None) == game.view(state, None)
    return again


def check_secrets(plugin: GamePlugin, state: Any, players: int, rng: random.Random) -> None:
    """What a seat sees depends only on what it may know: a determinized state (everything it
    cannot know resampled) gives it the same view, and the public the same public view."""
    heuristics = plugin.heuristics()
    if isinstance(heuristics, GenericHeuristics) and not heuristics.honest:
        return
    game = plugin.engine
    for seat in range(players):
        other = heuristics.determinize(state, seat, rng.randrange(1 << 62))
        assert game.view(other, seat) == game.view(state, seat), f"seat {seat}'s view leaks"
        assert game.view(other, None) == game.view(state, None), "the public view leaks"


@pytest.mark.parametrize(("plugin", "players"), list(cases()))
def test_random_games_keep_the_contract(plugin: GamePlugin, players: int) -> None:
    game = plugin.engine
    rng = random.Random(f"{plugin.key}-{players}")
    steps = 0
    for number, options in enumerate(variants(plugin) * GAMES_PER_COUNT):
        if number >= GAMES_PER_COUNT + len(variants(plugin)) - 1:
            break
        seed = rng.randrange(1 << 62)
        state = game.new_game(seed, players, options)
        records: list[Record] = []
        for step in range(MAX_STEPS):
            legal = check_pending(game, state, players)
            if not legal:
                break
            assert game.outcome(state) is None
            deep = step % DEEP_EVERY == 0
            if deep:
                check_notation(game, [a for actions in legal.values() for a in actions][:60])
                check_illegal(game, state, players, legal, rng)
                state = check_json(game, state)
                check_secrets(plugin, state, players, rng)
            seat = rng.choice(sorted(legal))
            action = rng.choice(legal[seat])
            secret = game.secret(state, seat, action)
            transition = game.apply(state, seat, action)
            public = [redact(event, None) for event in transition.events]
            for event in public:
                assert "secret" not in event and "secret_for" not in event
            if secret:  # the others learn only the public events, which do not give it away
                assert game.format_action(action) not in json.dumps(public)
            records.append(Record(seat, game.format_action(action), transition.events))
            assert game.version(transition.state) == game.version(state) + 1
            state = transition.state
        else:
            pytest.fail(f"{plugin.key}: the game did not end within {MAX_STEPS} decisions")
        outcome = game.outcome(state)
        assert outcome is not None and len(outcome.places) == players
        assert all(1 <= p <= players for p in outcome.places)
        if outcome.kind == "all_lose":
            assert not outcome.winners
        elif outcome.kind != "solo":
            assert outcome.winners == {s for s, p in enumerate(outcome.places) if p == 1}
        rebuilt = replay(game, seed, players, options, records)
        assert game.state_to_json(rebuilt) == game.state_to_json(state)
        steps += len(records)
    assert steps > 10 * GAMES_PER_COUNT, "whole games were played"


ODD = "²⁶①٣߀０𝟙ⅫΩщ中🌋\u200b\u0301\x00\t\n`*_~|"


@pytest.mark.parametrize("plugin", ALL, ids=lambda p: p.key)
def test_the_parser_raises_only_notation_errors_for_any_text(plugin: GamePlugin) -> None:
    game = plugin.engine
    rng = random.Random(plugin.key)
    state = game.new_game(1, plugin.capabilities.max_players, {})
    words = {
        game.format_action(a).split()[0]
        for s in deciders(game, state)
        for a in game.legal_actions(state, s)
    }
    words |= {"play", "move", "pass", "pledge", "trade", "collect", "produce", "lock"}
    alphabet = ODD + "abcdefghijklmnopqrstuvwxyz0123456789 -:/."
    samples = [f"{w} {x}" for w in sorted(words) for x in ODD]
    # Numbers longer than Python converts (int() refuses more than 4,300 digits).
    samples += [f"{w} {'9' * 5000}" for w in sorted(words)]
    samples += [f"{w} {'9' * 5000} {'9' * 5000}" for w in sorted(words)]
    for _ in range(FUZZ):
        word = rng.choice(sorted(words))
        tail = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))
        samples.append(f"{word} {tail}")
        samples.append("".join(chr(rng.randrange(32, 0x2FFFF)) for _ in range(rng.randrange(1, 9))))
    for text in samples:
        with contextlib.suppress(NotationError):
            game.parse_action(text)


def _leaky_view(state: Any, seat: int | None) -> dict[str, Any]:
    """The toy's view with a bug: it shows the first seat's hand to everyone."""
    out = TOY.engine.view(state, seat)
    out["hand0"] = list(state.hands[0])
    return out


def test_the_leak_check_catches_a_view_that_shows_a_hand() -> None:
    leaky_game = dataclasses.replace(TOY.engine, view=_leaky_view)
    leaky = GamePlugin(leaky_game, TOY.presentation, TOY.heuristics)
    state = leaky.engine.new_game(3, 2, {})
    caught = 0
    for seed in range(10):  # a resample can deal the same hand again by chance
        try:
            check_secrets(leaky, state, 2, random.Random(seed))
        except AssertionError as e:
            caught += "leaks" in str(e)
    assert caught >= 5
