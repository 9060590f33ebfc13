"""The checks of the presentation suite (``test_presenting.py``): pictures, the fixed words,
narration and its secrets, the board's caption. Each takes a presentation and what the bot
would hand it, so that broken presentations can be fed to it."""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image as PILImage

from cogs import texts
from cogs.components import (
    DYNAMIC_ITEMS,
    picture_buttons,
)
from engine.core import (
    ActionChoice,
    Game,
    Outcome,
    redact,
)
from host.model import GameStatus, SeatInfo, TableOptions
from plugins import PLUGINS, GamePlugin
from render import fonts
from render.presentation import (
    DESCRIPTION_LIMIT,
    TEXT_PAGE,
    Image,
    Presentation,
    View,
    text_pages,
)
from tests.toy import PLUGIN as TOY

ALL = (*PLUGINS, TOY)
NAMES = ("Aurelia", "Brutus", "Cassia", "Decimus")
HOSTILE = (
    "**_~|`Aurelia`|~_**>>*_~|_*`*_~|",  # 32 characters of Markdown
    "Brutus Maximus Decimus Meridius!",  # 32 characters
    "🌋🔥💀👑🏛️⚱️🗿🐟🍷🌾 Cassia Pompeiana Zo",  # emoji, some with variation selectors
    "@everyone <@1> ||spoiler|| ﷽ Z̷a",  # mentions, Markdown, the widest glyph, combining marks
)
"""Display names as a server may have them (Discord allows 32 characters)."""
GAME_ID = 123456
CHANNEL_ID = 1234567890123456789
USER_ID = 987654321098765432
DEADLINE = 1999999999.0
MAX_STEPS = 20000
OPTION_STEPS = 300
"""Decisions played with each option value (the default games play to the end)."""
DEEP_EVERY = 9
"""Steps between the layout checks (the bot's components on every page and group); a decision
of a shape not seen yet in the game is always laid out."""
PICTURES_EVERY = 250
"""Steps between drawings of every picture (and at the start, the end, and the first decision
each picture is chosen for)."""
MAX_PNG = 10 * 1024 * 1024
"""Discord's default upload limit per file (10 MiB)."""
MIN_SIDE, MAX_SIDE = 32, 4096
MAX_TEXT_PAGES = 2
"""The messages a text board may take (of :data:`render.presentation.TEXT_PAGE` characters)."""
BUTTON_LABEL, OPTION_LABEL, PLACEHOLDER, CUSTOM_ID = 80, 100, 150, 100
MAX_WALK = 40
"""Steps a counter of a stepper is walked to reach a legal value not offered directly."""


def is_secret(game: Game[Any, Any], state: Any, seat: int, action: Any) -> bool:
    """Whether ``seat`` taking ``action`` is hidden from the others: the one call to the
    engine's secrecy (:meth:`~engine.core.Game.secret`), kept here so that a change of that
    contract is one line."""
    return game.secret(state, seat, action)


def choices_of(game: Game[Any, Any], state: Any, seat: int) -> tuple[ActionChoice, ...]:
    """A seat's legal choices as the host hands them to the bot (``Moves.decision``)."""
    return tuple(
        ActionChoice(game.format_action(a), game.describe_action(state, seat, a))
        for a in game.legal_actions(state, seat)
    )


def escaped(names: Sequence[str]) -> list[str]:
    """The names as the bot hands them to ``narrate`` and ``step`` (Markdown escaped)."""
    return [texts.md(n) for n in names]


def check_custom_id(item: Any) -> str:
    custom_id = str(item.custom_id)
    assert 1 <= len(custom_id) <= CUSTOM_ID, f"custom id of {len(custom_id)} characters"
    kind = type(item)
    assert kind in DYNAMIC_ITEMS and kind.__discord_ui_compiled_template__.fullmatch(custom_id), (
        f"the bot cannot read its own custom id back: {custom_id!r}"
    )
    return custom_id


# -- pictures -------------------------------------------------------------------------------


def check_png(image: Any, where: str) -> None:
    """A PNG that decodes, of a sensible size, within Discord's upload limit."""
    assert isinstance(image, Image), f"{where}: not an Image: {image!r}"
    assert image.filename.endswith(".png") and "/" not in image.filename, (where, image.filename)
    assert 0 < len(image.png) <= MAX_PNG, f"{where}: {len(image.png)} bytes"
    try:
        with PILImage.open(io.BytesIO(image.png)) as decoded:
            kind, size = decoded.format, decoded.size
            decoded.load()
    except Exception as e:  # any decoding error is the finding
        raise AssertionError(f"{where}: the PNG does not decode: {e!r}") from e
    assert kind == "PNG", f"{where}: a {kind}, not a PNG"
    assert all(MIN_SIDE <= side <= MAX_SIDE for side in size), f"{where}: {size} pixels"


def check_public_pictures(presentation: Presentation, view: View, names: Sequence[str]) -> None:
    for picture in presentation.pictures:
        if picture.public is not None:
            check_png(picture.public(view, names), f"public picture {picture.key!r}")


def check_text_board(
    presentation: Presentation,
    view: View,
    names: Sequence[str],
    own_views: Sequence[View] = (),
) -> str:
    """The text board (``/game board text:True``): lines of text from the public view, each
    within a message and the whole within :data:`MAX_TEXT_PAGES` messages, naming every seat;
    the same from a seat's own view (``own_views``), so it reads only the public fields and
    shows nothing of a hand. Returns the text."""
    shown = escaped(names)
    lines = presentation.text_board(view, shown)
    assert isinstance(lines, list) and lines, f"the text board is empty: {lines!r}"
    assert all(isinstance(line, str) for line in lines), f"not lines of text: {lines!r}"
    text = "\n".join(lines)
    assert all(len(line) <= TEXT_PAGE for line in lines), (
        f"a line of the text board is longer than a message: {max(lines, key=len)!r}"
    )
    pages = text_pages(lines)
    assert len(pages) <= MAX_TEXT_PAGES, (
        f"the text board takes {len(pages)} messages ({len(text)} characters):\n{text}"
    )
    for name in shown:
        cleaned = fonts.clean(name)
        assert not cleaned or cleaned in text, f"the text board does not name {cleaned!r}"
    for own in own_views:
        assert presentation.text_board(own, shown) == lines, (
            "the text board differs when given a seat's own view: it reads a private field"
        )
    return text


def check_descriptions(
    presentation: Presentation,
    view: View,
    names: Sequence[str],
    own_views: Sequence[View] = (),
) -> dict[str, str]:
    """Every picture's description (``describe_picture``: Discord's attachment description,
    the alt text): words within :data:`DESCRIPTION_LIMIT` characters for every public picture
    from the public view, the same from a seat's own view (``own_views``: it is public text, so
    it reads only the public fields and shows nothing of a hand); and for every private
    picture from each seat's own view (that player's own hand: only they get it). Returns
    the public pictures' descriptions by key."""
    out: dict[str, str] = {}
    for picture in presentation.pictures:
        if picture.public is None:
            for own in own_views:
                _check_description(
                    presentation.describe_picture(own, names, picture.key), picture.key
                )
            continue
        said = presentation.describe_picture(view, names, picture.key)
        _check_description(said, picture.key)
        for own in own_views:
            assert presentation.describe_picture(own, names, picture.key) == said, (
                f"the description of the public picture {picture.key!r} differs when given a "
                "seat's own view: it reads a private field"
            )
        out[picture.key] = said
    return out


def _check_description(said: Any, key: str) -> None:
    assert isinstance(said, str) and said.strip(), (
        f"no description of the picture {key!r}: {said!r}"
    )
    assert len(said) <= DESCRIPTION_LIMIT, (
        f"the description of the picture {key!r} is over Discord's {DESCRIPTION_LIMIT:,} "
        f"characters ({len(said)})"
    )


def check_private_pictures(
    presentation: Presentation, view: View, name: str, choices: Sequence[ActionChoice]
) -> None:
    """With the seat's choices (its decision message) and without (a picture on demand)."""
    for picture in presentation.pictures:
        if picture.private is None:
            continue
        for offered in (choices, ()) if choices else ((),):
            image = picture.private(view, name, offered)
            if image is not None:
                check_png(image, f"private picture {picture.key!r}")


def check_picture_for(
    presentation: Presentation, view: View, choices: Sequence[ActionChoice]
) -> str:
    key = presentation.picture_for(view, choices)
    assert isinstance(key, str), key
    assert key == "" or presentation.picture(key) is not None, (
        f"picture_for names {key!r}, which is no picture of the game "
        f"({[p.key for p in presentation.pictures]})"
    )
    return key


# -- the game's fixed words and shapes ------------------------------------------------------


def check_fixed(plugin: GamePlugin) -> None:
    """What does not depend on a game's state: picture keys and labels (the picture buttons'
    custom ids), titles, ``done`` templates, and every ``/game rules`` topic as the bot sends it."""
    presentation = plugin.presentation
    for picture in presentation.pictures:
        assert picture.label and len(picture.label) <= BUTTON_LABEL, picture
        try:  # discord.py checks a dynamic item's custom id against its template
            buttons = picture_buttons(GAME_ID, [(picture.key, picture.label)])
        except ValueError as e:
            raise AssertionError(f"the bot cannot read its own custom id back: {e}") from e
        for button in buttons:
            check_custom_id(button)
    words = presentation.words
    for kind, title in words.titles.items():
        assert kind in texts.KIND_TITLES and isinstance(title, str) and title, (kind, title)
    for kind, template in words.done.items():
        assert kind in texts.KIND_TITLES, kind
        try:  # the bot fills in {label} only
            assert template.format(label="x").strip(), (kind, template)
        except (KeyError, IndexError, ValueError) as e:
            raise AssertionError(f"done[{kind!r}] is not a template of {{label}}: {e!r}") from e
    check_rules(plugin.title, words.rules)


def check_rules(title: str, rules: Mapping[str, tuple[str, str]]) -> None:
    """``/game rules``: each topic's whole message fits 2,000 characters (its text is not cut,
    and the other topics stay listed); its key and title fit the autocomplete (100 characters,
    25 topics)."""
    assert len(rules) <= 25, f"{len(rules)} rules topics: the autocomplete lists 25"
    for key, (name, text) in rules.items():
        assert key and len(key) <= 100 and key == key.strip(), key
        assert name.strip() and len(name) <= 100, (key, name)
        assert text.strip(), f"rules topic {key!r} has no text"
        others = " · ".join(k for k in rules if k != key)
        message = f"📜 **{texts.md(title)} — {name}**\n{text}\n*Other topics:* {others}"
        assert len(message) <= texts.CONTENT_LIMIT, (
            f"rules topic {key!r}: {len(message)} characters, over Discord's 2,000"
        )


def check_colours(presentation: Presentation, view: View, players: int) -> None:
    colours = list(presentation.colours(view))
    assert len(colours) == players, f"colours {colours} for {players} seats"
    assert all(isinstance(c, str) for c in colours), colours


# -- words ----------------------------------------------------------------------------------


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _says(text: str, word: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


POISON_TEXT, POISON_NUMBER = "Zqx-Secret", 987654321
"""What replaces every value under an event's ``secret`` in the doctored copy narrated to its
seat: if either ever shows in a public narration, a secret got there."""


def _poisoned(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return POISON_TEXT
    if isinstance(value, int | float):
        return POISON_NUMBER
    if isinstance(value, Mapping):
        return {k: _poisoned(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_poisoned(v) for v in value]
    return value


def check_narration(
    presentation: Presentation,
    events: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    players: int,
    *,
    secret: str | None,
    public: Sequence[Any] = (),
) -> list[str]:
    """The public sentences of one transition, from its events redacted for the public (as the
    log gives them to the bot), checked; each seat's own narration (its events redacted for it,
    as its private messages tell them) is a list of strings too.

    Secrets: the public narration only ever gets redacted events, and is checked for what
    could still reach it. For a secret move (``secret``: its notation) it does not contain the
    notation; no string under an event's ``secret`` appears in it unless the public already
    sees it (``public``: the public views around the move, and its public events); and nothing
    is remembered from a seat's own narration: after each seat is told a doctored copy of its
    events (every secret value poisoned), the public narration is the same as before, and a
    poisoned value never shows in any public narration (this one or a later one)."""
    words = presentation.words
    shown = escaped(names)
    public_events = [redact(dict(e), None) for e in events]
    cold = words.narrate(public_events, shown)
    assert isinstance(cold, list) and all(isinstance(x, str) for x in cold), cold
    said = "\n".join(cold)
    assert POISON_TEXT not in said and str(POISON_NUMBER) not in said, (
        f"the public narration tells a secret it was told in private before: {cold}"
    )
    for seat in range(players):
        own = words.narrate([redact(dict(e), seat) for e in events], shown)
        assert isinstance(own, list) and all(isinstance(x, str) for x in own), own
    doctored = [{**e, "secret": _poisoned(e["secret"])} if "secret" in e else e for e in events]
    for seat in range(players):
        # A poisoned value need not make sense to the words: only what they remember matters.
        with contextlib.suppress(Exception):
            words.narrate([redact(dict(e), seat) for e in doctored], shown)
    warm = words.narrate(public_events, shown)
    assert warm == cold, (
        f"the public narration changed after the seats were told their secrets: {cold} -> {warm}"
    )
    if secret is not None:
        assert secret not in said, f"the public narration names the secret move `{secret}`: {cold}"
    hidden = {v for e in events for v in _strings(e.get("secret")) if len(v) >= 3}
    known = json.dumps([*public, public_events], ensure_ascii=False) if hidden else ""
    for value in hidden:
        if not _says(known, value):
            assert not _says(said, value), f"the public narration shows {value!r}: {cold}"
    return cold


@dataclass(frozen=True)
class Turn:
    """One seat's turn to decide as the bot shows it: its own view, its legal choices, the kind of
    its decision (``None``: none) and whether the game waits for it; ``play`` gives the same
    seat's decision after playing a notation (``None`` once it has left it), for walking the
    counters of a stepper."""

    seat: int
    view: View
    choices: tuple[ActionChoice, ...]
    kind: str | None = None
    waited: bool = False
    origin: int | None = None
    play: Callable[[str], Turn | None] | None = field(default=None, compare=False)


def check_words(
    presentation: Presentation,
    public_view: View,
    seats: Sequence[Turn],
    names: Sequence[str],
    *,
    waits: bool,
    simultaneous: bool,
) -> None:
    """``decision`` is said while someone must decide (the channel's waiting line from the
    public view, each deciding seat's message from its own); ``hand`` is a string for every
    seat; ``step`` is a string during a step everyone decides at once, and the channel's
    status message of the step fits."""
    words = presentation.words
    said = words.decision(public_view)
    assert isinstance(said, str), said
    if waits:
        assert said.strip(), "nothing said of what the game waits for (public view)"
    for s in seats:
        hand = words.hand(s.view)
        assert isinstance(hand, str), hand
        mine = words.decision(s.view)
        assert isinstance(mine, str), mine
        if s.kind is not None and s.choices:
            assert mine.strip(), f"seat {s.seat} decides ({s.kind}) but nothing says what"
    if simultaneous and words.step is not None:
        line = words.step(public_view, escaped(names))
        assert isinstance(line, str), line
        for s in seats:
            if s.kind == "simultaneous":
                assert isinstance(words.step(s.view, escaped(names)), str)
        who = ", ".join(f"{texts.md(n)} (red)" for n in names)
        status = (
            f"⏳ **Everyone decides at once**: {said}{texts.deadline_text(DEADLINE)}\n"
            f"Locked: {who} · still deciding: {who}\n{line}"
        )
        assert len(status) <= texts.CONTENT_LIMIT, f"the step's status: {len(status)} characters"


# -- the board's caption ----------------------------------------------------------------------


def status_of(
    plugin: GamePlugin,
    players: int,
    version: int,
    colours: Sequence[str],
    waiting_on: Sequence[int] = (),
    outcome: Outcome | None = None,
) -> GameStatus:
    seats = tuple(
        SeatInfo(s, USER_ID + s, colour=(colours[s] if s < len(colours) else "") or None)
        for s in range(players)
    )
    return GameStatus(
        game_id=GAME_ID,
        kind=plugin.key,
        title=plugin.title,
        guild_id=1,
        channel_id=CHANNEL_ID,
        creator_id=USER_ID,
        status="finished" if outcome is not None else "active",
        options=TableOptions(kind=plugin.key, players=players),
        seats=seats,
        version=version,
        waiting_on=tuple(seats[s] for s in waiting_on),
        turn_started=None,
        deadline=None if outcome is not None else DEADLINE,
        outcome=outcome,
        created_at=0.0,
        player_counts=plugin.capabilities.player_counts,
    )


def check_caption(
    plugin: GamePlugin, status: GameStatus, view: View, names: Sequence[str], lines: Sequence[str]
) -> str:
    """The board's caption as the bot writes it: within 2,000 characters it keeps its waiting
    line, the last thing that happened, and (at the end) every line of the final result."""
    presentation = plugin.presentation
    tail: list[str] = []
    if status.outcome is not None:
        display = [texts.who(s, names, mention=False) for s in status.seats]
        final = presentation.words.final(status.outcome.to_json(), view, display)
        assert isinstance(final, list) and final, f"no final lines: {final!r}"
        assert all(isinstance(x, str) and x.strip() for x in final), final
        tail = final
    else:
        waiting = texts.waiting_line(
            status, presentation.words.decision(view), names, dms_closed=set()
        )
        tail = [waiting] if waiting else []
    waiting = "" if status.outcome is not None else "\n".join(tail)
    caption = texts.board_caption(status, presentation, view, names, lines, waiting=waiting)
    for line in tail:
        assert line in caption, f"the caption lost {line[:60]!r}… ({len(caption)} characters)"
    if lines:
        assert lines[-1] in caption, (
            f"the caption lost the last thing that happened: {lines[-1][:60]!r}… "
            f"({len(lines[-1])} characters)"
        )
    return caption


# -- statelessness --------------------------------------------------------------------------


SIBLINGS = 1
"""Determinized siblings of a state whose private calls :func:`check_stateless` makes."""
STATELESS_DRAWS = 2
"""The drawings of a game (the first ones) at which :func:`check_stateless` runs."""


def public_outputs(
    presentation: Presentation,
    view: View,
    names: Sequence[str],
    events: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """Everything the public sees of a state, as data: the narration of the last move's public
    events, the waiting line's words, where a step stands, the colours, every public
    picture's bytes and description, and the text board."""
    words = presentation.words
    shown = escaped(names)
    out: dict[str, Any] = {
        "narration": words.narrate([redact(dict(e), None) for e in events], shown),
        "decision": words.decision(view),
        "step": None if words.step is None else words.step(view, shown),
        "colours": list(presentation.colours(view)),
        "text board": presentation.text_board(view, shown),
    }
    for picture in presentation.pictures:
        if picture.public is not None:
            out[f"picture {picture.key}"] = picture.public(view, names).png
            out[f"description {picture.key}"] = presentation.describe_picture(
                view, names, picture.key
            )
    return out


def private_calls(
    plugin: GamePlugin, state: Any, seats: Sequence[int], names: Sequence[str]
) -> None:
    """What the bot asks of the presentation for each of ``seats`` in private (its hand, its
    decision, its controls, its private pictures), from ``state``'s views."""
    game, presentation = plugin.engine, plugin.presentation
    words = presentation.words
    for seat in seats:
        view = game.view(state, seat)
        choices = choices_of(game, state, seat)
        words.hand(view)
        words.decision(view)
        presentation.picture_for(view, choices)
        if choices:
            presentation.controls(view, seat, choices)
        for picture in presentation.pictures:
            if picture.private is not None:
                picture.private(view, names[seat], choices)


def check_stateless(
    plugin: GamePlugin,
    state: Any,
    players: int,
    names: Sequence[str],
    events: Sequence[Mapping[str, Any]],
    seed: int,
) -> None:
    """The public outputs of a state are the same however the presentation was called before:
    after the private calls of its determinized siblings (states some seat cannot tell from
    it: the other seats' hands resampled), made in this process, the narration, the waiting
    line, the step, the colours and the public pictures' bytes are what they were. A
    presentation that remembers what it saw in private and shows it in public fails."""
    game = plugin.engine
    determinize = getattr(game, "determinize", None)
    if determinize is None:
        return
    presentation = plugin.presentation
    view = game.view(state, None)
    before = public_outputs(presentation, view, names, events)
    for index in range(min(SIBLINGS, players)):
        seat = index % players
        sibling = determinize(state, seat, seed + index)
        # The determinizing seat first, so the last private call shows a resampled hand.
        private_calls(plugin, sibling, [seat, *(s for s in range(players) if s != seat)], names)
        after = public_outputs(presentation, view, names, events)
        changed = sorted(k for k in before if before[k] != after[k])
        assert not changed, (
            f"the public {', '.join(changed)} changed after private calls for a state "
            f"determinized for seat {seat}: the presentation shows in public what it saw "
            "in private"
        )
