"""The presentation suite's checks of a decision's controls, laid out by the bot's own
``controls_view`` (``test_presenting.py``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from cogs import texts
from cogs.components import (
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
)
from render.controls import Browser, Choose, Controls, Stepper, TwoStep
from render.presentation import Presentation
from tests.plugins.presenting import (
    BUTTON_LABEL,
    CHANNEL_ID,
    DEADLINE,
    GAME_ID,
    MAX_WALK,
    OPTION_LABEL,
    PLACEHOLDER,
    Turn,
    check_custom_id,
    escaped,
)

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
