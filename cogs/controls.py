"""A decision's declarative controls (:mod:`render.controls`: a flat choice, a two-step choice,
a paged browser, a stepper with a lock) turned into buttons and selects
(:mod:`cogs.components`), within Discord's limits (5 rows of 5 buttons or one select)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from cogs.components import (
    MAX_BUTTONS,
    MAX_OPTIONS,
    MAX_ROWS,
    MAX_SELECTS,
    STEPPER_ROWS,
    ActButton,
    ActSelect,
    GroupSelect,
    NavButton,
    clip,
)
from engine.core import ActionChoice
from render.controls import Browser, Choose, Controls, Stepper, TwoStep
from render.i18n import _


@dataclass(frozen=True)
class Drawn:
    """A decision's components and the text that goes with them (a page, a running total)."""

    view: discord.ui.View | None
    text: str = ""


def controls_view(
    game_id: int,
    token: int,
    controls: Controls,
    *,
    page: int = 0,
    group: str | None = None,
    extra: Sequence[discord.ui.Item[Any]] = (),
    quiet: frozenset[str] = frozenset(),
) -> Drawn:
    """The components of a decision: ``page`` and ``group`` say where navigation stands;
    ``extra`` items (e.g. standing-order buttons) go on the last row when there is room;
    ``quiet``: the notations the game offers quietly (``Presentation.quiet``: grey buttons)."""
    view = discord.ui.View(timeout=None)
    text = ""
    if isinstance(controls, Choose):
        _choices(view, game_id, token, controls.options, quiet)
        text = controls.hint
    elif isinstance(controls, TwoStep):
        text = _two_step(view, game_id, token, controls, group, quiet)
    elif isinstance(controls, Browser):
        text = _browser(view, game_id, token, controls, page, quiet)
    else:
        text = _stepper(view, game_id, token, controls, page, quiet)
    _place_extra(view, extra)
    return Drawn(view if view.children else None, text)


def _place_extra(view: discord.ui.View, extra: Sequence[discord.ui.Item[Any]]) -> None:
    """Buttons after a decision's controls (standing orders, the pictures on demand): in the
    room left on the controls' last row of buttons, then on the free rows after it; what does
    not fit is left out (the controls come first)."""
    used = [0] * MAX_ROWS  # width taken per row, placed as discord.py places items
    selects: set[int] = set()
    for item in view.children:
        width = item.width
        row = item.row
        if row is None:
            row = next((r for r in range(MAX_ROWS) if used[r] + width <= MAX_BUTTONS), 0)
        used[row] += width
        if width == 5:
            selects.add(row)
    taken = [r for r in range(MAX_ROWS) if used[r]]
    last = taken[-1] if taken else -1
    room: list[int] = []
    if last >= 0 and last not in selects:
        room += [last] * (MAX_BUTTONS - used[last])
    for r in range(last + 1, MAX_ROWS):
        room += [r] * MAX_BUTTONS
    for item, row in zip(extra, room, strict=False):
        item.row = row
        view.add_item(item)


def _style(choice: ActionChoice, quiet: frozenset[str]) -> discord.ButtonStyle:
    """Grey for an action the game offers quietly (passing, declining), else blue."""
    quietly = choice.notation in quiet
    return discord.ButtonStyle.secondary if quietly else discord.ButtonStyle.primary


def _choices(
    view: discord.ui.View,
    game_id: int,
    token: int,
    choices: Sequence[ActionChoice],
    quiet: frozenset[str],
    *,
    first_row: int = 0,
) -> None:
    """Buttons when the choices fit one row, else selects of 25 (at most :data:`MAX_SELECTS`)."""
    if not choices or any(len(c.notation) > 100 for c in choices):
        return
    fits = all(":" not in c.notation and len(c.notation) <= 80 for c in choices)
    if len(choices) <= MAX_BUTTONS and fits:
        for c in choices:
            style = _style(c, quiet)
            view.add_item(
                ActButton(game_id, token, c.notation, c.label, style=style, row=first_row)
            )
        return
    shown = list(choices)[: MAX_OPTIONS * MAX_SELECTS]
    parts = [shown[i : i + MAX_OPTIONS] for i in range(0, len(shown), MAX_OPTIONS)]
    for part, chunk in enumerate(parts[: MAX_ROWS - first_row]):
        placeholder = _("Choose your move…")
        if len(parts) > 1:
            placeholder = _("Choose your move ({first} …)").format(first=clip(chunk[0].label, 40))
        view.add_item(ActSelect(game_id, token, chunk, part=part, placeholder=placeholder))


def _two_step(
    view: discord.ui.View,
    game_id: int,
    token: int,
    controls: TwoStep,
    group: str | None,
    quiet: frozenset[str],
) -> str:
    chosen = next((g for g in controls.groups if g.key == group), None)
    if chosen is None:
        pairs = [(g.key, g.label) for g in controls.groups]
        if pairs:
            view.add_item(GroupSelect(game_id, token, pairs, controls.prompt))
        _choices(view, game_id, token, controls.extra, quiet, first_row=1)
        return ""
    view.add_item(NavButton(game_id, token, "g", "", _("◀ Back"), row=0))
    _choices(view, game_id, token, chosen.options, quiet, first_row=1)
    return _("**{group}**: choose how.").format(group=chosen.label)


def _browser(
    view: discord.ui.View,
    game_id: int,
    token: int,
    controls: Browser,
    page: int,
    quiet: frozenset[str],
) -> str:
    if not controls.pages:
        _choices(view, game_id, token, controls.extra, quiet)
        return ""
    page = max(0, min(page, len(controls.pages) - 1))
    current = controls.pages[page]
    last = len(controls.pages) - 1
    view.add_item(NavButton(game_id, token, "p", str(page - 1), "◀", row=0, disabled=page == 0))
    view.add_item(
        NavButton(game_id, token, "p", str(page), f"{page + 1} / {last + 1}", row=0, disabled=True)
    )
    view.add_item(NavButton(game_id, token, "p", str(page + 1), "▶", row=0, disabled=page == last))
    _choices(view, game_id, token, current.options, quiet, first_row=1)
    if controls.extra:
        _choices(view, game_id, token, controls.extra, quiet, first_row=2)
    return f"**{current.title}**\n{current.text}"


def _stepper(
    view: discord.ui.View,
    game_id: int,
    token: int,
    controls: Stepper,
    page: int,
    quiet: frozenset[str],
) -> str:
    rows = controls.rows
    pages = max(1, -(-len(rows) // STEPPER_ROWS))
    page = max(0, min(page, pages - 1))
    shown = rows[page * STEPPER_ROWS : (page + 1) * STEPPER_ROWS]
    for r, row in enumerate(shown):
        view.add_item(
            NavButton(
                game_id,
                token,
                "p",
                f"{page}~{r}",  # a label only: each needs its own custom id
                f"{row.label}: {row.value}",
                row=r,
                disabled=True,
            )
        )
        if row.down is not None:
            view.add_item(
                ActButton(
                    game_id,
                    token,
                    row.down.notation,
                    "−",
                    row=r,
                    style=discord.ButtonStyle.secondary,
                )
            )
        if row.up is not None:
            view.add_item(
                ActButton(
                    game_id, token, row.up.notation, "+", row=r, style=discord.ButtonStyle.secondary
                )
            )
    last = len(shown)
    if controls.lock is not None:
        view.add_item(
            ActButton(
                game_id,
                token,
                controls.lock.notation,
                controls.lock.label,
                row=last,
                style=discord.ButtonStyle.success,
            )
        )
    if pages > 1:
        view.add_item(
            NavButton(game_id, token, "p", str(page - 1), "◀", row=last, disabled=page == 0)
        )
        view.add_item(
            NavButton(game_id, token, "p", str(page + 1), "▶", row=last, disabled=page == pages - 1)
        )
    for c in controls.extra[: MAX_BUTTONS - len(view.children) % MAX_BUTTONS]:
        view.add_item(
            ActButton(game_id, token, c.notation, c.label, style=_style(c, quiet), row=last)
        )
    return controls.status
