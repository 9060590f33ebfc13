"""One conformance suite for every game plugin and every table size it supports (in the spirit
of OpenSpiel's random-simulation test): random games played to the end (:func:`play_game`),
checking at every step what the host and the bot rely on.

- ``pending`` describes exactly the seats that may act, each with at least one legal action;
  every timeout has a legal answer (the rules' defaults, the seats' passes);
- legal actions apply, and an action that is not legal (another seat's, one next to a legal
  one: :mod:`tests.plugins.neighbours`, or a seat with no decision) raises a ``RuleError``;
  a game's own ``is_legal`` accepts exactly ``legal_actions``;
- notation round-trips (every legal action's notation parses back to it), each legal action
  of a decision has a label of its own, and the parser raises only ``NotationError`` for any
  text at all, random Unicode included;
- the state round-trips through JSON, and replaying the recorded actions from the seed gives
  the same events and the same state;
- secrecy is found by playing: a game whose seats see different views, whose events carry
  secret fields or whose moves are secret must give ``determinize``, whatever it declares;
- views and logs leak no secret: a state the seat cannot tell apart from the real one (the
  plugin's ``determinize``) gives that seat the same view, and the public the same view;
  ``determinize`` itself keeps both over many seeds and resamples something; public events
  carry no secret fields; a secret action's public form names no card;
- every game ends.

Broken toys (:mod:`tests.toy.broken`) are played through the same checks to prove they fail.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import random
import re
import tokenize
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

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
from tests.plugins.neighbours import neighbours
from tests.toy import PLUGIN as TOY
from tests.toy import broken
from tests.toy.game import TOY as TOY_RULES

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


def variants(plugin: GamePlugin, players: int) -> list[dict[str, Any]]:
    """The options this table size plays: every value worth trying of every declared option
    (``OptionSpec.samples``: each choice, or a number's bounds) other than its default, each
    once, spread over the table sizes (the i-th value at the i-th size, round robin); a value
    a table of this size refuses (a start seat it does not have) is tried at the largest."""
    counts = plugin.capabilities.player_counts
    out: list[dict[str, Any]] = []
    index = 0
    for spec in plugin.options:
        for value in spec.samples:
            if value == spec.default:
                continue
            home = counts[index % len(counts)]
            index += 1
            try:
                plugin.engine.new_game(0, home, {spec.name: value})
            except RuleError:
                home = max(counts)
            if home == players:
                out.append({spec.name: value})
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
    """Every action's notation parses back to that action (also in capitals, padded)."""
    for action in actions:
        text = game.format_action(action)
        parsed = game.parse_action(text)
        assert parsed == action, (
            f"the notation `{text}` parses to {parsed!r}, not to the action it names ({action!r})"
        )
        assert game.parse_action(f"  {text.upper()}  ") == action or text != text.upper()


def check_labels(game: Game[Any, Any], state: Any, legal: dict[int, list[Any]]) -> None:
    """Each legal action of a decision has a label of its own: the menus and the log tell
    them apart by it."""
    for seat, actions in legal.items():
        named: dict[str, str] = {}
        for action in actions:
            label = str(game.describe_action(state, seat, action))
            notation = game.format_action(action)
            assert label not in named, (
                f"seat {seat}: `{named[label]}` and `{notation}` have the same label {label!r}"
            )
            named[label] = notation


def check_illegal(
    game: Game[Any, Any],
    state: Any,
    players: int,
    legal: dict[int, list[Any]],
    rng: random.Random,
    near: list[Any] = [],  # noqa: B006 (read only)
) -> None:
    """A seat without a decision, and an action legal elsewhere but not here or next to the
    legal ones (``near``: :func:`neighbours`), are refused."""
    others = [s for s in range(players) if s not in legal]
    pool = [a for actions in legal.values() for a in actions]
    if others and pool:
        with pytest.raises(RuleError):
            game.apply(state, rng.choice(others), rng.choice(pool))
    for seat, actions in legal.items():
        foreign = [a for other, acts in legal.items() if other != seat for a in acts]
        outside = [a for a in foreign if a not in actions]
        outside += [a for a in near if a not in actions]
        for action in rng.sample(outside, min(len(outside), 3)):
            with pytest.raises(RuleError):
                game.apply(state, seat, action)


def check_is_legal(
    game: Game[Any, Any], state: Any, players: int, legal: dict[int, list[Any]], near: list[Any]
) -> None:
    """A game's own ``is_legal`` (``apply`` asks it instead of ``legal_actions``) accepts
    exactly the legal actions, for every seat: each seat's own, and none of the actions
    offered to the other seats or next to them (``near``: another number, another target;
    :func:`neighbours`)."""
    is_legal = getattr(game, "is_legal", None)
    if is_legal is None:
        return
    tried = [a for actions in legal.values() for a in actions] + near
    for seat in range(players):
        mine = legal.get(seat, [])
        for action in tried:
            expected = action in mine
            assert is_legal(state, seat, action) == expected, (
                f"is_legal {'refuses' if expected else 'accepts'} `{game.format_action(action)}` "
                f"for seat {seat}, which legal_actions {'holds' if expected else 'does not hold'}"
            )


def check_json(game: Game[Any, Any], state: Any) -> Any:
    data = json.loads(json.dumps(game.state_to_json(state)))
    again = game.state_from_json(data)
    assert json.loads(json.dumps(game.state_to_json(again))) == data
    assert game.view(again, None) == game.view(state, None)
    return again


def hiding_in_views(views: list[dict[str, Any]]) -> str:
    """Why a state hides something from some seat, read from its seats' ``views``: two seats
    see different views (apart from the seat each view is for). ``""`` when all see the same."""
    anonymous = [_anonymous(view, seat) for seat, view in enumerate(views)]
    for seat in range(1, len(views)):
        if anonymous[seat] != anonymous[0]:
            keys = set(anonymous[0]) | set(anonymous[seat])
            differ = sorted(k for k in keys if anonymous[0].get(k) != anonymous[seat].get(k))
            return f"seats 0 and {seat} see different views: {', '.join(differ)}"
    return ""


def _anonymous(view: dict[str, Any], seat: int) -> dict[str, Any]:
    return {k: v for k, v in view.items() if not (k == "seat" and v == seat)}


def require_determinize(plugin: GamePlugin, hidden: str) -> None:
    """A game seen hiding something (``hidden`` says how) gives ``determinize``, whatever its
    capabilities declare: without it no view can be proven not to leak."""
    declared = plugin.engine.capabilities.hidden
    assert not hidden or getattr(plugin.engine, "determinize", None) is not None, (
        f"{plugin.key} hides information ({hidden}) but gives no determinize "
        f"(it declares hidden={declared}): no view can be proven not to leak"
    )


def check_secrets(plugin: GamePlugin, state: Any, players: int, rng: random.Random) -> str:
    """What a seat sees depends only on what it may know: a determinized state (everything it
    cannot know resampled) gives it the same view, and the public the same public view. A game
    that declares hidden information, or whose seats see different views, must give its
    ``determinize``: without one this check could prove nothing, so it fails. Returns how the
    views show hidden information (``""``: they do not)."""
    game = plugin.engine
    views = [game.view(state, seat) for seat in range(players)]
    hidden = hiding_in_views(views)
    determinize = getattr(game, "determinize", None)
    if determinize is None:
        assert not game.capabilities.hidden, (
            f"{plugin.key} declares hidden information but gives no determinize: "
            "no view can be proven not to leak"
        )
        require_determinize(plugin, hidden)
        return hidden
    public = game.view(state, None)
    for seat in range(players):
        other = determinize(state, seat, rng.randrange(1 << 62))
        assert game.view(other, seat) == views[seat], (
            f"seat {seat}'s view leaks, or determinize changed it: the view differs in a "
            "state determinized for the seat"
        )
        assert game.view(other, None) == public, "the public view leaks"
    return hidden


SAMPLES = 30
"""Seeds ``determinize`` is tried with at a state (:func:`check_determinize`)."""
DETERMINIZE_EVERY = 10 * DEEP_EVERY
MAX_DETERMINIZED = 4
"""Steps between the states :func:`check_determinize` tries (from the first that hides
something), and how many it tries a game."""


def check_determinize(plugin: GamePlugin, state: Any, seat: int, rng: random.Random) -> bool:
    """``determinize`` is what it claims at a state that hides something, over
    :data:`SAMPLES` seeds: it keeps the seat's own view, the public view, the text board
    (``/game board text:True``, drawn from it) and every public picture's description (its
    alt text) every time.
    Returns whether it changed the state (its JSON: the hidden part resampled) at least once;
    :func:`play_game` wants it to at some state of every game (at one state nothing may be
    left to resample: the last cards are known by counting)."""
    game = plugin.engine
    determinize = game.determinize  # type: ignore[attr-defined]
    truth = game.state_to_json(state)
    mine, public = game.view(state, seat), game.view(state, None)
    names = [f"Seat {s}" for s in range(8)]
    text = plugin.presentation.text_board(public, names)
    described = _descriptions(plugin, public, names)
    changed = False
    for _ in range(SAMPLES):
        other = determinize(state, seat, rng.randrange(1 << 62))
        assert plugin.presentation.text_board(game.view(other, None), names) == text, (
            f"determinize for seat {seat} changed the text board (or the text board leaks)"
        )
        assert _descriptions(plugin, game.view(other, None), names) == described, (
            f"determinize for seat {seat} changed a public picture's description (or the "
            "description leaks)"
        )
        assert game.view(other, seat) == mine, (
            f"determinize for seat {seat} changed the seat's own view (or the view leaks)"
        )
        assert game.view(other, None) == public, (
            f"determinize for seat {seat} changed the public view (or the public view leaks)"
        )
        changed = changed or (other is not state and game.state_to_json(other) != truth)
    return changed


def _descriptions(plugin: GamePlugin, view: Any, names: Sequence[str]) -> dict[str, str]:
    """Every public picture's description (its alt text: public text)."""
    presentation = plugin.presentation
    return {
        p.key: presentation.describe_picture(view, names, p.key)
        for p in presentation.pictures
        if p.is_public
    }


def play_game(plugin: GamePlugin, players: int, options: dict[str, Any], rng: random.Random) -> int:
    """One random game of ``plugin`` to its end, every check of the contract on the way;
    returns the number of decisions played."""
    game = plugin.engine
    seed = rng.randrange(1 << 62)
    state = game.new_game(seed, players, options)
    probe = random.Random(seed)  # the checks' own draws: they leave the game's course alone
    records: list[Record] = []
    seen = ""  # how the game was seen hiding something so far ("": not yet)
    determinized = resampled = next_try = 0  # states determinize was tried at, and changed
    for step in range(MAX_STEPS):
        legal = check_pending(game, state, players)
        if not legal:
            break
        assert game.outcome(state) is None
        if step % DEEP_EVERY == 0:
            everyone = [a for actions in legal.values() for a in actions]
            check_notation(game, everyone[:60])
            check_labels(game, state, legal)
            near = neighbours(game, everyone, probe)
            check_is_legal(game, state, players, legal, near)
            check_illegal(game, state, players, legal, probe, near)
            state = check_json(game, state)
            hidden = check_secrets(plugin, state, players, probe) or seen
            seen = seen or hidden
            if hidden and step >= next_try and determinized < MAX_DETERMINIZED:
                who = determinized % players
                resampled += check_determinize(plugin, state, who, probe)
                determinized, next_try = determinized + 1, step + DETERMINIZE_EVERY
        seat = rng.choice(sorted(legal))
        action = rng.choice(legal[seat])
        secret = game.secret(state, seat, action)
        transition = game.apply(state, seat, action)
        sealed = [e["type"] for e in transition.events if "secret" in e or "secret_for" in e]
        if sealed and not seen:
            seen = f"the events {', '.join(sealed)} carry secret fields"
        if secret and not seen:
            seen = f"the move `{game.format_action(action)}` is secret"
        require_determinize(plugin, seen)
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
    assert resampled or not determinized, (
        f"{plugin.key}: determinize gave the true state for all {SAMPLES} seeds at each of "
        f"{determinized} states that hide something ({seen}): it resamples nothing"
    )
    outcome = game.outcome(state)
    assert outcome is not None and len(outcome.places) == players
    assert all(1 <= p <= players for p in outcome.places)
    if outcome.kind == "all_lose":
        assert not outcome.winners
    elif outcome.kind != "solo":
        assert outcome.winners == {s for s, p in enumerate(outcome.places) if p == 1}
    rebuilt = replay(game, seed, players, options, records)
    assert game.state_to_json(rebuilt) == game.state_to_json(state)
    return len(records)


@pytest.mark.parametrize(("plugin", "players"), list(cases()))
def test_random_games_keep_the_contract(plugin: GamePlugin, players: int) -> None:
    rng = random.Random(f"{plugin.key}-{players}")
    steps = 0
    defaults: list[dict[str, Any]] = [{}] * GAMES_PER_COUNT
    for options in defaults + variants(plugin, players):
        steps += play_game(plugin, players, options, rng)
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
    leaky_game = dataclasses.replace(TOY_RULES, view=_leaky_view)
    leaky = GamePlugin(leaky_game, TOY.presentation, TOY.heuristics)
    state = leaky.engine.new_game(3, 2, {})
    caught = 0
    for seed in range(10):  # a resample can deal the same hand again by chance
        try:
            check_secrets(leaky, state, 2, random.Random(seed))
        except AssertionError as e:
            caught += "leaks" in str(e)
    assert caught >= 5


def test_the_leak_check_refuses_a_game_with_hidden_information_and_no_determinize() -> None:
    """A view that shows the hidden bids would pass a check that cannot resample them: a game
    declaring hidden information without ``determinize`` fails instead."""
    blind_game = dataclasses.replace(TOY_RULES, view=_leaky_view, determinize=None)
    blind = GamePlugin(blind_game, TOY.presentation, TOY.heuristics)
    state = blind.engine.new_game(3, 2, {})
    with pytest.raises(AssertionError, match="no determinize"):
        check_secrets(blind, state, 2, random.Random(0))


BROKEN = [
    pytest.param(broken.UNDECLARED, 2, {}, "hides information (seats 0 and 1 see different "
                 "views: hand) but gives no determinize (it declares hidden=False)",
                 id="views-differ-by-seat-without-determinize"),
    pytest.param(broken.UNDECLARED, 1, {}, "hides information (the events CardDrawn carry "
                 "secret fields) but gives no determinize", id="secret-events-without-determinize"),
    pytest.param(broken.UNCHANGED, 2, {}, "determinize gave the true state for all 30 seeds",
                 id="determinize-returns-the-true-state"),
    pytest.param(broken.PEEKING, 2, {}, "determinize changed it",
                 id="determinize-changes-the-seats-own-view"),
    pytest.param(broken.LAX, 2, {}, "is_legal accepts `play",
                 id="is-legal-wider-than-legal-actions"),
    pytest.param(broken.MISREAD, 2, {"slots": 3}, "parses to ToyAction(kind='play'",
                 id="notation-parses-to-another-action"),
    pytest.param(broken.SAME_LABELS, 2, {}, "have the same label 'Play a card'",
                 id="two-legal-actions-with-one-label"),
]  # fmt: skip
"""(the broken toy's engine, its table size and options, what the suite says of it)."""


@pytest.mark.parametrize(("engine", "players", "options", "caught"), BROKEN)
def test_the_contract_suite_catches_a_broken_toy(
    engine: Any, players: int, options: dict[str, Any], caught: str
) -> None:
    """Each planted bug fails :func:`play_game` (every check of the random games), saying
    what is wrong."""
    plugin = GamePlugin(engine, TOY.presentation, TOY.heuristics)
    with pytest.raises(AssertionError, match=re.escape(caught)):
        for seed in range(GAMES_PER_COUNT):
            play_game(plugin, players, options, random.Random(seed))


def test_the_toy_itself_passes_the_checks_of_its_broken_variants() -> None:
    for players, options in ((2, {}), (1, {}), (2, {"slots": 3})):
        for seed in range(GAMES_PER_COUNT):
            assert play_game(TOY, players, options, random.Random(seed))


def test_every_declared_option_value_is_played() -> None:
    """Every value of every option (not only the switches) is played in some table size."""
    for plugin in ALL:
        played = [
            (name, value)
            for players in plugin.capabilities.player_counts
            for options in variants(plugin, players)
            for name, value in options.items()
        ]
        wanted = [
            (spec.name, value)
            for spec in plugin.options
            for value in spec.samples
            if value != spec.default
        ]
        assert sorted(played, key=repr) == sorted(wanted, key=repr), plugin.key


GAMES = (*PLUGINS, TOY)
DISTINCT = {"Downfall", "Pompeji"}
"""Words of the titles that name one game only ("Pompeii" is every game's city, and the
bot's server in the tests)."""


def named_games(root: Path) -> list[str]:
    """Where the Python under ``root`` names a game, as ``path:line: what``: a string that is
    a game's key, a game's package (``engine.<key>``, ``render.<key>``), its full title, or
    a word only one title has, in the code, its strings or docstrings (comments aside)."""
    keys = {plugin.key for plugin in GAMES}
    titles = [plugin.title.lower() for plugin in GAMES] + [w.lower() for w in DISTINCT]
    packages = re.compile(rf"\b(engine|render)\.({'|'.join(sorted(keys))})\b")
    found = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            if packages.search(line.split("#")[0]):
                found.append(f"{path}:{number}: {packages.search(line).group(0)}")  # type: ignore[union-attr]
        with path.open("rb") as source:
            for token in tokenize.tokenize(source.readline):
                if token.type != tokenize.STRING:
                    continue
                content = token.string.strip("rRbBfFuU").strip("\"'")
                words = token.string.lower()
                hits = [k for k in keys if content == k]
                hits += [t for t in titles if re.search(rf"\b{re.escape(t)}\b", words)]
                found += [f"{path}:{token.start[0]}: {hit}" for hit in hits]
    return found


@pytest.mark.parametrize("layer", ["host", "cogs", "storage"])
def test_host_cogs_and_storage_name_no_game(layer: str) -> None:
    """A game is its engine, its presentation and one plugin entry: the layers that serve every
    game reach one only through its key."""
    assert named_games(Path(__file__).resolve().parents[2] / layer) == []


def test_the_name_check_catches_a_named_game(tmp_path: Path) -> None:
    (tmp_path / "special.py").write_text('if kind == "cardcity":\n    pass\n')
    assert named_games(tmp_path) == [f"{tmp_path / 'special.py'}:1: cardcity"]
