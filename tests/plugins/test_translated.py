"""Every word of every game reaches the player through a catalog (issue 28): a random game of
each plugin is shown in a *pseudo-language* in which every catalog message comes out in
capitals (its ``{placeholders}``, code spans and Discord markup as they are), and every text
a player would read is searched for a lowercase English word left over.

Read: the narration (public and each seat's own events), the decision, the key figures, where
a step stands, the final lines, the titles, confirmations and status words, the picture
labels, the rules topics, each seat's legal choices as labelled (``i18n.say`` of the engine's
:class:`~engine.text.Text`), the engine's refusals of moves that are not legal (typed, and
played: another seat's move, a move next to a legal one, a seat without a decision — the
``RuleError`` of ``apply`` with the game's ``refusal`` words), the outcome's ``reason`` (the
game is played on to its end), every label,
prompt and hint of the controls, the colours, and every text drawn on the pictures
(``ImageDraw.text`` recorded while they are drawn). The seats are named in Greek capitals, so
that a name is never taken for a word. Notation is written in code spans (a square such as
``d6`` or a card such as ``C39`` is not a word either).

A game whose words are not yet in its catalog is listed in :data:`PENDING` (docs/i18n.md,
phase 2) and skipped; the check is shown to catch English on one of them.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from gettext import NullTranslations
from typing import Any, cast

import pytest
from babel.messages.pofile import read_po
from PIL import ImageDraw

from engine.base import RulesGame
from engine.core import ActionChoice, Game, RuleError, deciders, parse_legal, redact
from plugins import PLUGINS, GamePlugin
from render import i18n
from render.i18n import Catalog
from tests.plugins.neighbours import neighbours
from tests.toy import broken
from tools.messages import sources

PENDING: set[str] = set()
"""Games whose words are not all in their catalog yet (phase 2 of issue 28)."""
PSEUDO = "fr"
"""A language Babel knows (its numbers and durations) and the bot does not speak: its
catalog is replaced by the pseudo-language."""
NAMES = ("ΑΛΚΗ", "ΒΡΟΥ", "ΓΑΙΑ", "ΔΙΩΝ")
STEPS = 160
PICTURES_EVERY = 40
KEPT = re.compile(r"(\{[^{}]*\}|`[^`]*`|<[^>]*>|https?://\S+)")
"""What a message keeps as it is: placeholders, code spans, Discord markup, links."""
ENGLISH = re.compile(r"(?<![A-Za-z0-9_])(?=[A-Za-z]*[a-z])[A-Za-z]{2,}(?![A-Za-z0-9_])")
"""A word of two letters or more with a lowercase letter (``Play``, ``of``), not part of a
notation such as ``d6`` or ``C39``."""


def pseudo(message: str) -> str:
    """``message`` in the pseudo-language: its words in capitals, the rest as it is."""
    parts = KEPT.split(message)
    return "".join(p if i % 2 else p.upper() for i, p in enumerate(parts))


def _templates() -> set[str]:
    """Every message of every catalog's template (``make messages`` keeps them current)."""
    out: set[str] = set()
    for source in sources():
        with source.template.open("rb") as f:
            for m in read_po(f):
                if m.id:
                    message = m.id[0] if isinstance(m.id, tuple) else m.id
                    out.add(f"{m.context}\x04{message}" if m.context else message)
    return out


class Pseudo(NullTranslations):
    """The pseudo-language: a message of a catalog in capitals; anything else (a word that
    was never marked for a catalog, though it went through ``_()``) as it is."""

    def __init__(self) -> None:
        super().__init__()
        self.known = _templates()

    def gettext(self, message: str) -> str:  # a message in a context: "context\x04message"
        return pseudo(message.rsplit("\x04", maxsplit=1)[-1]) if message in self.known else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        chosen = singular if n == 1 else plural
        return pseudo(chosen) if singular in self.known else chosen

    def pgettext(self, context: str, message: str) -> str:
        said = self.gettext(f"{context}\x04{message}")
        return message if "\x04" in said else said


def leftovers(text: str) -> list[str]:
    """The lowercase words of ``text`` outside code spans, markup and links."""
    bare = KEPT.sub(" ", text)
    return ENGLISH.findall(bare)


@pytest.fixture
def pseudo_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    speak = Pseudo()
    real = i18n.translations
    monkeypatch.setattr(i18n, "translations", lambda lang: speak if lang == PSEUDO else real(lang))
    monkeypatch.setattr(Catalog, "translations", lambda self, lang: speak)
    token = i18n._current.set(PSEUDO)
    try:
        yield
    finally:
        i18n._current.reset(token)


class Reader:
    """Everything a player would read, with where it came from. ``codes``: the game's notation
    codes (a token of a legal move's notation with a capital letter, such as a card ``Tr``): a
    picture has no code spans, so a code drawn on it (a card's corner) is not taken for a
    word; the notation's lowercase words (``play``, ``draw``) still are. The texts drawn are
    checked at the end (:meth:`finish`), against every code the game's moves showed."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.found: dict[str, str] = {}
        self.codes: set[str] = set()
        self.drawn: list[tuple[str, list[str]]] = []

    def read(self, where: str, value: Any) -> None:
        if where.startswith("text drawn"):
            self.drawn.append((where, list(_strings(value))))
            return
        self._check(where, value, set())

    def finish(self) -> None:
        for where, texts in self.drawn:
            self._check(where, texts, self.codes)

    def _check(self, where: str, value: Any, codes: set[str]) -> None:
        for text in _strings(value):
            words = [w for w in leftovers(text) if w not in codes]
            if words and where not in self.found:
                self.found[where] = f"{' '.join(words[:6])!r} in {text[:160]!r}"


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if f.name not in ("key", "notation", "on", "off"):
                yield from _strings(getattr(value, f.name))


def _drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn on an image from now on."""
    drawn: list[str] = []
    for name in ("text", "multiline_text"):
        original = getattr(ImageDraw.ImageDraw, name)

        def record(self: Any, xy: Any, text: Any, *a: Any, _o: Any = original, **k: Any) -> Any:
            drawn.append(str(text))
            return _o(self, xy, text, *a, **k)

        monkeypatch.setattr(ImageDraw.ImageDraw, name, record)
    return drawn


def read_fixed(plugin: GamePlugin, reader: Reader) -> None:
    """The words a presentation gives as data: said where the bot shows them."""
    words = plugin.presentation.words
    say = lambda text: i18n.translate(text, plugin.key)  # noqa: E731
    reader.read("title", say(plugin.title))
    reader.read("titles", [say(t) for t in words.titles.values()])
    reader.read("done", [say(t) for t in words.done.values()])
    steps = words.step_words
    reader.read("step words", [say(t) for t in (steps.heading, steps.progress, steps.nobody)])
    reader.read("step over", say(steps.over))
    reader.read("picture labels", [say(p.label) for p in plugin.presentation.pictures])
    for topic, (title, text) in words.rules.items():
        reader.read(f"rules {topic}", [say(title), say(text)])


def read_game(
    plugin: GamePlugin, players: int, reader: Reader, drawn: list[str], seed: str
) -> None:
    """One random game of ``plugin``, everything a player reads at each of its first
    :data:`STEPS` steps, then how it ends (played on to its end)."""
    rng = random.Random(seed)
    probe = random.Random(f"{seed}-refusals")  # the moves tried: the game's course unchanged
    game: Game[Any, Any] = plugin.engine
    presentation = plugin.presentation
    words = presentation.words
    names = NAMES[:players]
    state = game.new_game(rng.randrange(1 << 62), players, {})
    for step in range(STEPS):
        able = deciders(game, state)
        if not able:
            break
        public = game.view(state, None)
        colours = presentation.colours(public)  # data; the bot says each where it shows it
        reader.read("colours", [i18n.translate(c, plugin.key) for c in colours])
        if words.step is not None:
            reader.read("step", words.step(public, names))
        for seat in range(players):
            view = game.view(state, seat)
            reader.read("hand", words.hand(view))
            if seat not in able:
                continue
            reader.read("decision", words.decision(view))
            legal = list(game.legal_actions(state, seat))
            reader.codes.update(
                token
                for action in legal
                for token in game.format_action(action).split()
                if token != token.lower()
            )
            labels = [i18n.say(game.describe_action(state, seat, a), plugin.key) for a in legal]
            reader.read("choice labels (describe_action)", labels)
            offered = [
                ActionChoice(game.format_action(a), label)
                for a, label in zip(legal, labels, strict=True)
            ]
            reader.read("controls", presentation.controls(view, seat, offered))
            try:
                parse_legal(game, state, seat, "zz 99")
            except RuleError as error:
                reader.read("refusal (RuleError)", i18n.say(error.text, plugin.key))
            read_refusals(plugin, state, seat, legal, players, reader, probe)
            if step % PICTURES_EVERY == 0:
                for picture in presentation.pictures:
                    del drawn[:]
                    if picture.public is not None:
                        picture.public(public, names)
                    elif picture.private is not None:
                        picture.private(view, names[seat], offered)
                    reader.read(f"text drawn on {picture.key}", list(drawn))
        mover = rng.choice(sorted(able))
        action = rng.choice(list(game.legal_actions(state, mover)))
        transition = game.apply(state, mover, action)
        events = transition.events
        reader.read("narration", words.narrate([redact(e, None) for e in events], names))
        reader.read("own narration", words.narrate([redact(e, mover) for e in events], names))
        state = transition.state
    while able := deciders(game, state):  # on to the end, quietly: how the game ends is read
        mover = rng.choice(sorted(able))
        state = game.apply(state, mover, rng.choice(list(game.legal_actions(state, mover)))).state
    outcome = game.outcome(state)
    if outcome is not None:
        public = game.view(state, None)
        reader.read("final", words.final(dataclasses.asdict(outcome), public, names))
        reader.read("outcome reason", i18n.say(outcome.reason, plugin.key))
        del drawn[:]
        presentation.board.public(public, names)  # type: ignore[misc]
        reader.read("text drawn on the final board", list(drawn))


def read_refusals(
    plugin: GamePlugin,
    state: Any,
    seat: int,
    legal: Sequence[Any],
    players: int,
    reader: Reader,
    rng: random.Random,
) -> None:
    """The engine's refusals (``RuleError`` from ``apply``, the game's ``refusal`` words) of
    moves that are not legal for ``seat``: another seat's legal move, and moves next to its own
    (another number, another target), as the player reads them."""
    game: Game[Any, Any] = plugin.engine
    foreign = [
        a
        for other in deciders(game, state) - {seat}
        for a in game.legal_actions(state, other)
        if a not in legal
    ]
    near = [a for a in neighbours(game, legal, rng, 12) if a not in legal]
    tried = rng.sample(foreign, min(len(foreign), 2)) + near[:4]
    idle = [s for s in range(players) if s not in deciders(game, state)]
    attempts = [(seat, a) for a in tried] + [(s, legal[0]) for s in idle[:1] if legal]
    for who, action in attempts:
        try:
            game.apply(state, who, action)
        except RuleError as error:
            reader.read("refusal of an illegal move (apply)", i18n.say(error.text, plugin.key))
        else:
            raise AssertionError(f"`{game.format_action(action)}` was played by seat {who}")


def _read_all(plugin: GamePlugin, monkeypatch: pytest.MonkeyPatch) -> Reader:
    reader = Reader(plugin.key)
    drawn = _drawn(monkeypatch)
    read_fixed(plugin, reader)
    for players in sorted(plugin.capabilities.player_counts)[:2]:
        read_game(plugin, players, reader, drawn, f"{plugin.key}-{players}-pseudo")
    reader.finish()
    return reader


@pytest.mark.parametrize("plugin", PLUGINS, ids=[p.key for p in PLUGINS])
@pytest.mark.usefixtures("pseudo_language")
def test_every_word_a_player_reads_is_in_a_catalog(
    plugin: GamePlugin, monkeypatch: pytest.MonkeyPatch
) -> None:
    if plugin.key in PENDING:
        pytest.skip(f"{plugin.key}: its words are not all in its catalog yet (issue 28)")
    reader = _read_all(plugin, monkeypatch)
    assert reader.found == {}, "English left outside the catalogs"


@pytest.mark.usefixtures("pseudo_language")
def test_the_check_finds_english_outside_the_catalogs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game still pending shows English where it writes words of its own."""
    pending = [p for p in PLUGINS if p.key in PENDING]
    if not pending:
        words = pseudo("Play {card} to the `forum`")
        assert words == "PLAY {card} TO THE `forum`" and not leftovers(words)
        assert leftovers("Play PLAY d6 `forum` C39") == ["Play"]
        return
    reader = _read_all(pending[0], monkeypatch)
    assert reader.found, "the pseudo-language check found nothing to flag"


def _broken(change: Callable[[RulesGame[Any, Any]], RulesGame[Any, Any]]) -> GamePlugin:
    """The first game whose words are in its catalog, its engine changed."""
    plugin = next(p for p in PLUGINS if p.key not in PENDING)
    engine = change(cast(RulesGame[Any, Any], plugin.engine))
    return GamePlugin(engine, plugin.presentation, plugin.heuristics)


@pytest.mark.usefixtures("pseudo_language")
@pytest.mark.parametrize(
    ("change", "where"),
    [
        pytest.param(
            lambda game: dataclasses.replace(game, refusal=broken.english_refusal),
            "refusal of an illegal move (apply)",
            id="an-english-refusal",
        ),
        pytest.param(broken.english_reason, "outcome reason", id="an-english-outcome-reason"),
    ],
)
def test_the_check_finds_english_in_the_engines_words(
    change: Callable[[RulesGame[Any, Any]], RulesGame[Any, Any]],
    where: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A refusal (the ``RuleError`` of ``apply``) or an ``Outcome.reason`` written in English
    instead of for a catalog is found."""
    plugin = _broken(change)
    reader = Reader(plugin.key)
    read_game(plugin, 2, reader, _drawn(monkeypatch), f"{plugin.key}-broken")
    reader.finish()
    assert where in reader.found, reader.found


def test_the_pseudo_language_keeps_what_a_translation_keeps() -> None:
    assert pseudo("<@{user}>, play `lava d7` {time} <t:{when}:R>") == (
        "<@{user}>, PLAY `lava d7` {time} <t:{when}:R>"
    )
    assert leftovers("ΑΛΚΗ PLAYS `move d6 g7` ON d6 C39") == []
    assert leftovers("ΑΛΚΗ plays on d6, Forum") == ["plays", "on", "Forum"]


__all__: Sequence[str] = ()
