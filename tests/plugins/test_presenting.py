"""The presentation half of every game plugin, played through: random games of every plugin
(and the toy) at every table size, and once with each declared option value, shown at every
step the way the bot shows them (``cogs/texts.py``, ``cogs/controls.py``, ``cogs/private.py``,
``cogs/delivery.py``), checking what a player would notice.

- Pictures: every public picture draws from the public view and the seats' names, every
  private one from a seat's own view with its legal choices (and without, as on demand): a
  PNG that decodes, of a sensible size, within Discord's upload limit (or ``None`` for a
  private one). ``picture_for`` names an existing picture (or ``""``). Picture keys fit the
  picture button's custom id.
- Words: narration of every transition's public events (redacted as the bot does) and of
  each seat's own events (its private messages); the public narration of a secret move names
  neither its notation nor a secret value the public cannot see, and never tells what a seat
  was told in private (each seat is also told a poisoned copy of its secrets, which must never
  show in public words). ``decision`` is said while someone must decide,
  ``hand`` and ``step`` are strings; the board's caption (``cogs.texts.board_caption``) keeps
  its waiting line, the last thing that happened and the whole final result within 2,000
  characters, also with hostile names (Markdown, 32 characters, emoji); a player's decision
  message fits 2,000 characters; ``titles`` and ``done`` are usable; every ``/game rules``
  topic fits one message.
- Controls: laid out by the bot's own ``controls_view`` on every page and group a player can
  open, they fit Discord (5 rows, 25 options a select, unique custom ids of at most 100
  characters that the bot parses back, the presentation's own labels unclipped, the engine's
  long labels still telling a menu's options apart), offer only legal choices, and reach
  every legal choice: on a button or a menu, by revising a counter step by step (a stepper), or
  left to typing and counted (``Choose.typed``).
- ``colours`` has one entry per seat.

The check functions take a presentation and what the bot would hand it, so the broken
variants of the toy at the bottom can be fed to them: each is caught. The engine's secrecy is
asked in one place (:func:`is_secret`).
"""

from __future__ import annotations

import dataclasses
import io
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import Image as PILImage

from cogs import texts
from engine.core import (
    ActionChoice,
    Game,
    RuleError,
    deciders,
    decision_of,
    redact,
    waited,
)
from host.model import LogEntry
from plugins import GamePlugin
from render.controls import Choose, Controls, Stepper, TwoStep
from render.presentation import Image, Picture, View
from tests.plugins.presenting import (
    ALL,
    DEEP_EVERY,
    HOSTILE,
    MAX_STEPS,
    NAMES,
    OPTION_STEPS,
    PICTURES_EVERY,
    STATELESS_DRAWS,
    USER_ID,
    Turn,
    check_caption,
    check_colours,
    check_descriptions,
    check_fixed,
    check_narration,
    check_picture_for,
    check_private_pictures,
    check_public_pictures,
    check_stateless,
    check_text_board,
    check_words,
    choices_of,
    is_secret,
    status_of,
)
from tests.plugins.presenting_controls import (
    check_controls,
)
from tests.toy import PLUGIN as TOY
from tests.toy import broken

# -- playing --------------------------------------------------------------------------------


def seat_of(game: Game[Any, Any], state: Any, seat: int) -> Turn:
    decisions = game.pending(state)
    mine = decision_of(decisions, seat)
    choices = choices_of(game, state, seat) if mine is not None else ()

    def play(notation: str) -> Turn | None:
        after = game.apply(state, seat, game.parse_action(notation)).state
        again = decision_of(game.pending(after), seat)
        if mine is None or again is None or again.key != mine.key:
            return None
        return seat_of(game, after, seat)

    return Turn(
        seat,
        game.view(state, seat),
        choices,
        None if mine is None else mine.kind,
        seat in waited(decisions),
        None if mine is None else mine.origin,
        play,
    )


def shape(controls: Controls, choices: Sequence[ActionChoice]) -> tuple[str, frozenset[str]]:
    """A decision's shape: its kind of control and the verbs of its choices."""
    return type(controls).__name__, frozenset(c.notation.split(" ", 1)[0] for c in choices)


@dataclass
class Played:
    steps: int = 0
    ended: bool = False
    drawn: int = 0
    laid: int = 0
    kinds: set[str] = field(default_factory=set)


def play(
    plugin: GamePlugin,
    players: int,
    options: Mapping[str, Any],
    rng: random.Random,
    *,
    max_steps: int = MAX_STEPS,
) -> Played:
    """One random game shown as the bot shows it, every check at every step (the expensive
    ones now and then). Returns what was covered."""
    game, presentation = plugin.engine, plugin.presentation
    state = game.new_game(rng.randrange(1 << 62), players, dict(options))
    out = Played()
    shapes: set[tuple[str, frozenset[str]]] = set()
    pictured: set[str] = set()
    lines: list[str] = []
    public = game.view(state, None)
    last: Sequence[Mapping[str, Any]] = ()  # the events of the last move
    for step in range(max_steps + 1):
        names = NAMES[:players] if step % 2 else HOSTILE[:players]
        decisions = game.pending(state)
        able = deciders(game, state)
        if not able or step == max_steps:
            break
        check_colours(presentation, public, players)
        deep, draw = step % DEEP_EVERY == 0, step % PICTURES_EVERY == 0
        everyone = range(players) if deep or draw else sorted(able)
        seats = [seat_of(game, state, s) for s in everyone]
        check_text_board(presentation, public, names, [s.view for s in seats] if deep else ())
        check_descriptions(presentation, public, names, [s.view for s in seats] if deep else ())
        check_words(
            presentation,
            public,
            seats,
            names,
            waits=bool(waited(decisions)),
            simultaneous=any(d.kind == "simultaneous" for d in decisions),
        )
        for s in seats:
            live = s.kind is not None and bool(s.choices)
            key = check_picture_for(presentation, s.view, s.choices if live else ())
            if live and key and key not in pictured:
                pictured.add(key)
                draw = True
            if not live:
                continue
            out.kinds.add(s.kind or "")
            seen = shape(presentation.controls(s.view, s.seat, s.choices), s.choices)
            new = seen not in shapes
            shapes.add(seen)
            check_controls(presentation, s, names, game.version(state), deep=deep or new, walk=new)
            out.laid += deep or new
        if draw:
            out.drawn += 1
            check_public_pictures(presentation, public, names)
            for s in seats:
                check_private_pictures(presentation, s.view, names[s.seat], s.choices)
            if out.drawn <= STATELESS_DRAWS:
                check_stateless(plugin, state, players, names, last, seed=step)
        mover = rng.choice(sorted(able))
        action = rng.choice(list(game.legal_actions(state, mover)))
        notation = game.format_action(action)
        hidden = is_secret(game, state, mover, action)
        transition = game.apply(state, mover, action)
        after = game.view(transition.state, None)
        said = check_narration(
            presentation,
            transition.events,
            names,
            players,
            secret=notation if hidden else None,
            public=(public, after),
        )
        assert isinstance(said, list)
        entry = LogEntry(
            version=game.version(transition.state),
            seat=mover,
            user_id=USER_ID + mover,
            notation="" if hidden else notation,
            label="" if hidden else game.describe_action(state, mover, action),
            by="player",
            events=tuple(redact(e, None) for e in transition.events),
            at=0.0,
            secret=hidden,
        )
        lines += texts.narration(presentation, [entry], names)
        state, public, last = transition.state, after, transition.events
        out.steps += 1
        now = game.pending(state)
        others = waited(now) - {mover}
        if transition.checkpoint or (others and others != waited(decisions)) or not now:
            colours = list(presentation.colours(public))
            outcome = game.outcome(state)
            status = status_of(
                plugin, players, game.version(state), colours, sorted(waited(now)), outcome
            )
            check_caption(plugin, status, public, names, lines)
            lines = []
    outcome = game.outcome(state)
    if outcome is not None:
        out.ended = True
        names = HOSTILE[:players]
        check_colours(presentation, public, players)
        colours = list(presentation.colours(public))
        for who in (names, NAMES[:players]):
            status = status_of(plugin, players, game.version(state), colours, (), outcome)
            check_caption(plugin, status, public, who, lines)
        check_public_pictures(presentation, public, names)
        own = [game.view(state, seat) for seat in range(players)]
        for who in (names, NAMES[:players]):
            check_text_board(presentation, public, who, own)
            check_descriptions(presentation, public, who, own)
        for seat in range(players):
            view = game.view(state, seat)
            check_picture_for(presentation, view, ())
            check_private_pictures(presentation, view, names[seat], ())
    return out


# -- the tests ------------------------------------------------------------------------------


def table_sizes() -> Iterator[Any]:
    for plugin in ALL:
        for players in plugin.capabilities.player_counts:
            yield pytest.param(plugin, players, id=f"{plugin.key}-{players}p")


def option_values() -> Iterator[Any]:
    """Every declared option value but the default, once."""
    for plugin in ALL:
        for spec in plugin.options:
            for value in spec.samples:
                if value != spec.default:
                    param = (plugin, {spec.name: value})
                    yield pytest.param(*param, id=f"{plugin.key}-{spec.name}={value}")


@pytest.mark.parametrize("plugin", ALL, ids=lambda p: p.key)
def test_the_fixed_words_fit(plugin: GamePlugin) -> None:
    check_fixed(plugin)


@pytest.mark.parametrize(("plugin", "players"), list(table_sizes()))
def test_a_random_game_is_presentable(plugin: GamePlugin, players: int) -> None:
    played = play(plugin, players, {}, random.Random(f"{plugin.key}-{players}"))
    assert played.ended, f"{plugin.key}: the game did not end within {MAX_STEPS} decisions"
    assert played.steps > 2 and played.laid and played.drawn


@pytest.mark.parametrize(("plugin", "options"), list(option_values()))
def test_every_option_value_is_presentable(plugin: GamePlugin, options: dict[str, Any]) -> None:
    """At two seats (where players play against each other), or the first table size that
    takes the option (a first seat needs that many players), for :data:`OPTION_STEPS`."""
    sizes = sorted(plugin.capabilities.player_counts, key=lambda n: (n < 2, n))
    for players in sizes:
        try:
            plugin.engine.new_game(1, players, options)
        except RuleError:  # the engine refuses it at this size
            continue
        rng = random.Random(f"{plugin.key}-{players}-{options}")
        played = play(plugin, players, options, rng, max_steps=OPTION_STEPS)
        assert played.steps and played.laid
        return
    pytest.fail(f"no table size takes {options}")


# -- an unpresentable toy: each bug a real presentation could have, and the check that catches it


def check_plugin(plugin: GamePlugin, players: int, options: Mapping[str, Any]) -> Played:
    """Every check of the suite on one game of ``plugin``."""
    check_fixed(plugin)
    return play(plugin, players, options, random.Random(f"{plugin.key}-{players}-broken"))


def _toy(**changes: Any) -> GamePlugin:
    """The toy with some of its presentation replaced (``words`` takes a dict of words)."""
    base = TOY.presentation
    words = dataclasses.replace(base.words, **changes.pop("words", {}))
    presentation = dataclasses.replace(base, words=words, **changes)
    return GamePlugin(TOY.engine, presentation, TOY.heuristics)


def _controls(
    change: Callable[[Controls, Sequence[ActionChoice]], Controls],
) -> Callable[[View, int, Sequence[ActionChoice]], Controls]:
    def controls(view: View, seat: int, choices: Sequence[ActionChoice]) -> Controls:
        return change(TOY.presentation.controls(view, seat, choices), choices)

    return controls


def _invented(controls: Controls, choices: Sequence[ActionChoice]) -> Controls:
    """A card the player does not hold is offered."""
    if isinstance(controls, Choose):
        return Choose((*controls.options, ActionChoice("play 9", "Play your 9")))
    return controls


def _no_pass(controls: Controls, choices: Sequence[ActionChoice]) -> Controls:
    """Passing is forgotten."""
    if isinstance(controls, Choose):
        return Choose(tuple(c for c in controls.options if c.notation != "pass"))
    return controls


def _no_raise(controls: Controls, choices: Sequence[ActionChoice]) -> Controls:
    """A bid can be lowered but never raised."""
    if isinstance(controls, Stepper):
        rows = tuple(dataclasses.replace(r, up=None) for r in controls.rows)
        return dataclasses.replace(controls, rows=rows)
    return controls


def _flat(controls: Controls, choices: Sequence[ActionChoice]) -> Controls:
    """Every slot of every card in one flat list (more than a message's menus hold)."""
    return Choose(tuple(choices)) if isinstance(controls, TwoStep) else controls


def _long_row(controls: Controls, choices: Sequence[ActionChoice]) -> Controls:
    """A counter whose label does not fit its button."""
    if isinstance(controls, Stepper):
        rows = tuple(dataclasses.replace(r, label="Your secret bid " * 6) for r in controls.rows)
        return dataclasses.replace(controls, rows=rows)
    return controls


def _remembering(events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[str]:
    """Tells the table each bid it saw in a bidder's own narration, when the bid is locked."""
    out = TOY.presentation.words.narrate(events, names)
    for e in events:
        if e.get("type") == "BidChanged" and "secret" in e:
            _BIDS[e["seat"]] = e["secret"]["bid"]
        if e.get("type") == "BidLocked" and e.get("seat") in _BIDS:
            out.append(f"{names[e['seat']]} locked a bid of {_BIDS[e['seat']]}")
    return out


_BIDS: dict[int, Any] = {}


def _chatty(events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[str]:
    return [
        f"{line} {'and so on ' * 250}" for line in TOY.presentation.words.narrate(events, names)
    ]


def _jpeg(view: View, names: Sequence[str]) -> Image:
    out = io.BytesIO()
    PILImage.new("RGB", (360, 120), "white").save(out, "JPEG")
    return Image("board.png", out.getvalue())


def _pictures(board: Callable[[View, Sequence[str]], Image]) -> tuple[Picture, ...]:
    first, *rest = TOY.presentation.pictures
    return (dataclasses.replace(first, public=board), *rest)


def _peeking_text(view: View, names: Sequence[str]) -> list[str]:
    """A text board that lists the hand it is given (a seat's own view)."""
    return [*TOY.presentation.text_board(view, names), f"Hand: {view.get('hand')}"]


def _peeking_description(view: View, names: Sequence[str], key: str) -> str:
    """Descriptions that add the hand they are given (a seat's own view), the board's too."""
    return f"{TOY.presentation.describe_picture(view, names, key)} Hand: {view.get('hand')}"


_GOALS = Picture("Goals", "Goals", public=_jpeg)  # a capital: no picture button takes it

BROKEN = [
    pytest.param(lambda: _toy(controls=_controls(_invented)), {}, "offer what is not legal",
                 id="a-control-offers-an-illegal-move"),
    pytest.param(lambda: _toy(controls=_controls(_no_pass)), {},
                 "legal choices left out of the controls", id="a-control-misses-a-legal-move"),
    pytest.param(lambda: _toy(controls=_controls(_no_raise)), {"bids": True},
                 "no component reaches", id="a-stepper-cannot-reach-a-value"),
    pytest.param(lambda: _toy(controls=_controls(_flat)), {"slots": 50},
                 "not on any component", id="more-choices-than-the-menus-hold"),
    pytest.param(lambda: _toy(controls=_controls(_long_row)), {"bids": True}, "label is cut",
                 id="a-label-over-the-limit"),
    pytest.param(lambda: _toy(words={"narrate": _remembering}), {"bids": True},
                 "tells a secret", id="narration-shows-a-secret"),
    pytest.param(lambda: _toy(words={"narrate": _chatty}), {},
                 "lost the last thing that happened", id="narration-over-the-caption"),
    pytest.param(lambda: _toy(words={"score_sheet": lambda outcome, view, names: ["🏆 " * 1100]}),
                 {}, "the caption lost", id="final-result-over-the-caption"),
    pytest.param(lambda: _toy(words={"decision": lambda view: ""}), {}, "nothing said",
                 id="no-words-for-a-decision"),
    pytest.param(lambda: _toy(words={"rules": {"overview": ("Overview", "Play. " * 400)}}), {},
                 "over Discord's 2,000", id="rules-over-a-message"),
    pytest.param(lambda: _toy(picture_for=lambda view, choices: "hand"), {},
                 "no picture of the game", id="picture-for-names-a-missing-picture"),
    pytest.param(lambda: _toy(pictures=_pictures(_jpeg)), {}, "not a PNG", id="a-jpeg-board"),
    pytest.param(lambda: _toy(pictures=(*TOY.presentation.pictures, _GOALS)),
                 {}, "cannot read its own custom id back", id="a-picture-key-no-button-takes"),
    pytest.param(lambda: _toy(text_board=_peeking_text), {}, "reads a private field",
                 id="the-text-board-shows-a-hand"),
    pytest.param(lambda: _toy(text_board=lambda view, names: ["x" * 1000] * 5), {},
                 "takes 5 messages", id="a-text-board-over-two-messages"),
    pytest.param(lambda: _toy(text_board=lambda view, names: ["Toy"]), {}, "does not name",
                 id="a-text-board-without-the-players"),
    pytest.param(lambda: _toy(describe_picture=_peeking_description), {},
                 "description of the public picture 'board' differs",
                 id="a-board-description-tells-a-hand"),
    pytest.param(lambda: _toy(describe_picture=lambda view, names, key: "A board. " * 120), {},
                 "over Discord's 1,024 characters", id="a-description-over-the-limit"),
    pytest.param(lambda: _toy(describe_picture=lambda view, names, key: ""), {},
                 "no description of the picture", id="a-picture-without-a-description"),
    pytest.param(lambda: _toy(colours=lambda view: ["red"]), {}, "for 2 seats",
                 id="colours-for-one-seat"),
    pytest.param(lambda: GamePlugin(TOY.engine, broken.GOSSIP, TOY.heuristics), {},
                 "shows in public what it saw in private",
                 id="the-board-shows-a-hand-seen-in-private"),
]  # fmt: skip
"""(the broken toy, its options, what the suite says of it)."""


@pytest.mark.parametrize(("build", "options", "caught"), BROKEN)
def test_the_suite_catches_an_unpresentable_toy(
    build: Callable[[], GamePlugin], options: dict[str, Any], caught: str
) -> None:
    _BIDS.clear()
    with pytest.raises(AssertionError, match=re.escape(caught)):
        check_plugin(build(), 2, options)


def test_the_toy_itself_passes_the_checks_of_its_broken_variants() -> None:
    for options in ({}, {"bids": True}, {"slots": 50}):
        assert check_plugin(TOY, 2, options).steps
