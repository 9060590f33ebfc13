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
asked in one place (:func:`secret_label`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from PIL import Image as PILImage

from cogs import texts
from cogs.components import (
    DYNAMIC_ITEMS,
    ActButton,
    ActSelect,
    GroupSelect,
    NavButton,
    picture_buttons,
    window_order_buttons,
)
from cogs.controls import controls_view
from engine.core import (
    ActionChoice,
    Game,
    Outcome,
    RuleError,
    deciders,
    decision_of,
    redact,
    waited,
)
from host.model import GameStatus, LogEntry, SeatInfo, TableOptions
from plugins import PLUGINS, GamePlugin
from render.controls import Browser, Choose, Controls, Stepper, TwoStep
from render.presentation import Image, Picture, Presentation, View
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
BUTTON_LABEL, OPTION_LABEL, PLACEHOLDER, CUSTOM_ID = 80, 100, 150, 100
MAX_WALK = 40
"""Steps a counter of a stepper is walked to reach a legal value not offered directly."""


def secret_label(game: Game[Any, Any], state: Any, seat: int, action: Any) -> str | None:
    """What the others read of ``seat`` taking ``action`` when it is secret, else ``None``: the
    one call to the engine's secrecy (``redact_action`` today), kept here so that a change of
    that contract is one line."""
    return game.redact_action(state, seat, action)


def choices_of(game: Game[Any, Any], state: Any, seat: int) -> tuple[ActionChoice, ...]:
    """A seat's legal choices as the host hands them to the bot (``Moves.decision``)."""
    return tuple(
        ActionChoice(game.format_action(a), game.describe_action(state, seat, a))
        for a in game.legal_actions(state, seat)
    )


def escaped(names: Sequence[str]) -> list[str]:
    """The names as the bot hands them to ``narrate`` and ``step`` (Markdown escaped)."""
    return [texts.md(n) for n in names]


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


# -- controls -------------------------------------------------------------------------------


def offered(controls: Controls) -> list[ActionChoice]:
    """Every choice a control holds (before the bot lays it out)."""
    if isinstance(controls, Choose):
        return list(controls.options)
    if isinstance(controls, TwoStep):
        return [c for g in controls.groups for c in g.options] + list(controls.extra)
    if isinstance(controls, Browser):
        return [c for p in controls.pages for c in p.options] + list(controls.extra)
    rows = [c for r in controls.rows for c in (r.down, r.up) if c is not None]
    return rows + ([controls.lock] if controls.lock else []) + list(controls.extra)


def check_custom_id(item: Any) -> str:
    custom_id = str(item.custom_id)
    assert 1 <= len(custom_id) <= CUSTOM_ID, f"custom id of {len(custom_id)} characters"
    kind = type(item)
    assert kind in DYNAMIC_ITEMS and kind.__discord_ui_compiled_template__.fullmatch(custom_id), (
        f"the bot cannot read its own custom id back: {custom_id!r}"
    )
    return custom_id


def _clipped(label: str | None, limit: int) -> bool:
    return label is not None and len(label) == limit and label.endswith("…")


@dataclass
class Laid:
    """What the bot's components of one decision offer, over every page and group."""

    notations: set[str] = field(default_factory=set)
    texts: list[str] = field(default_factory=list)
    shapes: int = 0


def _alike(shown: Sequence[tuple[str, str]], where: str) -> None:
    """Options a player picks among (``(label shown, label in full)``) that cutting made
    look alike."""
    full: dict[str, set[str]] = {}
    for label, whole in shown:
        full.setdefault(label, set()).add(whole)
    alike = [label for label, wholes in full.items() if len(wholes) > 1]
    assert not alike, f"{where}: cut labels look alike: {alike[:3]}"


def lay_out(
    controls: Controls,
    token: int,
    extra: Callable[[], list[discord.ui.Item[Any]]],
    labels: Mapping[str, str],
) -> Laid:
    """The decision's components as the bot draws them (``controls_view``), on every page and
    group a player can open (as ``Flows.on_navigate`` follows its navigation), each checked
    against Discord's limits; what they offer and the texts drawn with them.

    Labels: the presentation's own (a group, a counter, a page's arrows) fit unclipped; the
    engine's labels of legal choices (``labels``, by notation: ``describe_action``) may be cut
    by the bot (they lead with the move and trail its detail), as long as the options of one
    menu, or the buttons of one message, still read differently."""
    out = Laid()
    seen: set[tuple[int, str | None]] = set()
    todo: list[tuple[int, str | None]] = [(0, None)]

    def fits(label: str | None, limit: int, notation: str | None) -> None:
        if not _clipped(label, limit):
            return
        whole = labels.get(notation or "", "")
        assert len(whole) > limit and whole[: limit - 1] == (label or "")[:-1], (
            f"the presentation's label is cut at {limit} characters: {label}"
        )

    while todo:
        page, group = todo.pop()
        if (page, group) in seen:
            continue
        seen.add((page, group))
        try:
            drawn = controls_view(GAME_ID, token, controls, page=page, group=group, extra=extra())
        except ValueError as e:  # discord.py: more than 5 rows, 25 items, a row over 5 wide
            raise AssertionError(f"the controls do not fit a Discord message: {e}") from e
        out.shapes += 1
        out.texts.append(drawn.text)
        items = list(drawn.view.children) if drawn.view is not None else []
        ids = [check_custom_id(item) for item in items]
        assert len(ids) == len(set(ids)), f"custom ids repeat in one message: {ids}"
        buttons: list[tuple[str, str]] = []
        for item in items:
            inner: Any = getattr(item, "item", item)  # a DynamicItem wraps its component
            if isinstance(inner, discord.ui.Button):
                notation = item.notation if isinstance(item, ActButton) else None
                fits(inner.label, BUTTON_LABEL, notation)
                if notation is not None and not isinstance(controls, Stepper):
                    buttons.append((inner.label or "", labels.get(notation, inner.label or "")))
            if isinstance(inner, discord.ui.Select):
                options = inner.options
                assert 1 <= len(options) <= 25, f"{len(options)} options in a select"
                values = [o.value for o in options]
                assert len(values) == len(set(values)), f"a select repeats a value: {values}"
                assert all(len(v) <= 100 for v in values), values
                acts = isinstance(item, ActSelect)
                for o in options:
                    fits(o.label, OPTION_LABEL, o.value if acts else None)
                assert not _clipped(inner.placeholder, PLACEHOLDER), inner.placeholder
                _alike([(o.label, labels.get(o.value, o.label)) for o in options], "a menu")
            if isinstance(item, ActButton):
                out.notations.add(item.notation)
            elif isinstance(item, ActSelect):
                out.notations.update(o.value for o in inner.options)
            elif isinstance(item, GroupSelect):
                todo.extend((0, o.value) for o in inner.options)
            elif isinstance(item, NavButton) and not inner.disabled:
                number = item.arg.split("~", 1)[0]
                digits = item.kind == "p" and number.lstrip("-").isdigit()
                todo.append((int(number) if digits else 0, item.arg if item.kind == "g" else None))
        _alike(buttons, "the buttons")
    return out


def _counters(presentation: Presentation, seat: Turn) -> Any:
    """What a step's decision stands at for its player: the counters their stepper shows (and
    what they may play from there)."""
    controls = presentation.controls(seat.view, seat.seat, seat.choices)
    rows = controls.rows if isinstance(controls, Stepper) else ()
    return tuple((r.key, r.value) for r in rows), frozenset(c.notation for c in seat.choices)


def _walked(presentation: Presentation, controls: Controls, seat: Turn) -> set[Any]:
    """Where the counters of a stepper come to stand when one of them is walked step by step
    (its − or + again and again, as far as it goes)."""
    reached: set[Any] = set()
    if not isinstance(controls, Stepper) or seat.play is None:
        return reached
    for row in controls.rows:
        for up in (False, True):
            here: Turn | None = seat
            for _ in range(MAX_WALK):
                assert here is not None
                now = presentation.controls(here.view, here.seat, here.choices)
                if not isinstance(now, Stepper):
                    break
                step = next(((r.up if up else r.down) for r in now.rows if r.key == row.key), None)
                if step is None or here.play is None:
                    break
                here = here.play(step.notation)
                if here is None:
                    break
                reached.add(_counters(presentation, here))
    return reached


def check_controls(
    presentation: Presentation,
    seat: Turn,
    names: Sequence[str],
    token: int,
    *,
    deep: bool,
    walk: bool = True,
) -> Controls:
    """The seat's controls offer only legal choices and reach all of them: every legal
    notation is on a button or a menu of some page or group the player can open, or is one a
    counter of a stepper reaches step by step, or is left to typing and counted
    (``Choose.typed``, with a hint); and the bot's layout fits Discord (``deep``: laid out with
    the bot's own components on every page and group; else only the controls' data). The
    counters of a stepper are walked only with ``walk`` (it plays the game forward)."""
    controls = presentation.controls(seat.view, seat.seat, seat.choices)
    assert isinstance(controls, Choose | TwoStep | Browser | Stepper), controls
    legal = {c.notation for c in seat.choices}
    data = {c.notation for c in offered(controls)}
    invented = data - legal
    assert not invented, f"the controls offer what is not legal: {sorted(invented)[:5]}"
    if isinstance(controls, Choose):
        assert controls.typed == len(legal - data), (
            f"{len(legal - data)} legal choices left out of the controls, {controls.typed} "
            f"counted as typed: {sorted(legal - data)[:5]}"
        )
        assert not controls.typed or controls.hint.strip(), "choices left to typing, no hint"
    elif isinstance(controls, TwoStep):
        assert len(controls.prompt) <= PLACEHOLDER, controls.prompt
    if not deep:
        if not isinstance(controls, Stepper | Choose):
            assert legal <= data, f"legal choices missing: {sorted(legal - data)[:5]}"
        return controls
    key = presentation.picture_for(seat.view, seat.choices)
    on_demand = [(p.key, p.label) for p in presentation.pictures if p.key != key]

    def extra() -> list[discord.ui.Item[Any]]:
        items: list[discord.ui.Item[Any]] = []
        if seat.kind == "window":
            items += window_order_buttons(GAME_ID, seat.seat, "ask", seat.origin, names)
        return items + picture_buttons(GAME_ID, on_demand)

    laid = lay_out(controls, token, extra, {c.notation: c.label for c in seat.choices})
    invented = laid.notations - legal
    assert not invented, f"the components offer what is not legal: {sorted(invented)[:5]}"
    missing = legal - laid.notations
    if isinstance(controls, Choose):
        dropped = missing - (legal - data)
        assert not dropped, (
            f"{len(dropped)} legal choices of the controls are not on any component "
            f"(the bot shows at most 100): {sorted(dropped)[:5]}"
        )
    elif missing and (walk or not isinstance(controls, Stepper)):
        reached = _walked(presentation, controls, seat)
        lost = []
        for notation in sorted(missing):
            target = seat.play(notation) if seat.play is not None else None
            if target is None or _counters(presentation, target) not in reached:
                lost.append(notation)
        assert not lost, f"legal choices no component reaches: {lost[:5]} (of {len(lost)})"
    check_message(presentation, seat, names, laid.texts)
    return controls


def check_message(
    presentation: Presentation, seat: Turn, names: Sequence[str], drawn: Sequence[str]
) -> None:
    """A player's decision message as ``Private.compose`` writes it (without the lead: what
    just happened to them) fits 2,000 characters on every page and group, so the line that
    says how to choose is not cut off."""
    words = presentation.words
    kind = seat.kind or "turn"
    title = words.titles.get(kind) or texts.KIND_TITLES.get(kind, "Your move")
    lines = [f"🂠 **{title}** · game #{GAME_ID}"]
    hand = words.hand(seat.view)
    if hand:
        lines.append(hand)
    what = words.decision(seat.view)
    if seat.waited and what:
        lines.append(f"**Your decision:** {what}{texts.deadline_text(DEADLINE)}")
    elif what:
        lines.append(f"**If you like, now:** {what}")
    if seat.kind == "simultaneous" and words.step is not None:
        step = words.step(seat.view, escaped(names))
        if step:
            lines.append(step)
    for text in drawn or [""]:
        how = f"Choose below, or type `/move` in <#{CHANNEL_ID}>."
        content = "\n".join([*lines, *([text] if text else []), how])
        assert len(content) <= texts.CONTENT_LIMIT, (
            f"seat {seat.seat}'s decision message: {len(content)} characters"
        )


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
        mover = rng.choice(sorted(able))
        action = rng.choice(list(game.legal_actions(state, mover)))
        notation = game.format_action(action)
        hidden = secret_label(game, state, mover, action)
        transition = game.apply(state, mover, action)
        after = game.view(transition.state, None)
        said = check_narration(
            presentation,
            transition.events,
            names,
            players,
            secret=notation if hidden is not None else None,
            public=(public, after),
        )
        assert isinstance(said, list)
        entry = LogEntry(
            version=game.version(transition.state),
            seat=mover,
            user_id=USER_ID + mover,
            notation="" if hidden is not None else notation,
            label=hidden if hidden is not None else game.describe_action(state, mover, action),
            by="player",
            events=tuple(redact(e, None) for e in transition.events),
            at=0.0,
            secret=hidden is not None,
        )
        lines += texts.narration(presentation, [entry], names)
        state, public = transition.state, after
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
    pytest.param(lambda: _toy(colours=lambda view: ["red"]), {}, "for 2 seats",
                 id="colours-for-one-seat"),
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
