"""Buttons and selects as :class:`discord.ui.DynamicItem`, and the declarative controls of a
decision (:mod:`render.controls`) turned into them.

An item's state lives in its ``custom_id`` (≤ 100 characters): the game id, the seat's decision
token the item was drawn for, and the action's notation (or where to navigate), so items keep
working after a restart and a stale click is recognised. Every callback hands over to the bot's
:class:`Handler` (``interaction.client.flows``); nothing here knows a game's rules.
"""

from __future__ import annotations

import re
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, cast

import discord

from engine.core import ActionChoice
from render.controls import Browser, Choose, Controls, Stepper, TwoStep

PREFIX = "vz"
MAX_BUTTONS = 5
MAX_OPTIONS = 25
MAX_ROWS = 5
MAX_SELECTS = 4
"""Selects on one decision message (one row stays free): up to 100 choices."""
STEPPER_ROWS = 4
"""Counter rows of a stepper on one message; more are paged."""


class Handler(Protocol):
    """What the components call (the bot's flows)."""

    async def on_act(
        self, interaction: discord.Interaction[Any], game_id: int, token: int, notation: str
    ) -> None: ...

    async def on_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None: ...

    async def on_lobby(
        self, interaction: discord.Interaction[Any], what: str, game_id: int
    ) -> None: ...

    async def on_navigate(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        token: int,
        kind: str,
        arg: str,
    ) -> None: ...

    async def on_window_order(
        self, interaction: discord.Interaction[Any], game_id: int, order: str
    ) -> None: ...

    async def unexpected(
        self,
        interaction: discord.Interaction[Any],
        error: BaseException,
        game_id: int | None,
        what: str,
    ) -> None: ...


class _HasFlows(Protocol):
    flows: Handler


def handler(interaction: discord.Interaction[Any]) -> Handler:
    return cast(_HasFlows, interaction.client).flows


async def _guard(
    interaction: discord.Interaction[Any], game_id: int, work: Coroutine[Any, Any, None]
) -> None:
    """Unexpected errors in a component callback: logged with the game id, short apology."""
    try:
        await work
    except Exception as error:
        await handler(interaction).unexpected(interaction, error, game_id, "a button")


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":a:(?P<game>\d+):(?P<token>\d+):(?P<notation>[^:]{1,80})",
):
    """One legal action of the player's decision."""

    def __init__(
        self,
        game_id: int,
        token: int,
        notation: str,
        label: str = "",
        *,
        style: discord.ButtonStyle | None = None,
        row: int | None = None,
    ) -> None:
        if style is None:
            quiet = notation in ("pass", "decline", "nodraw")
            style = discord.ButtonStyle.secondary if quiet else discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(
                label=clip(label or notation, 80),
                style=style,
                custom_id=f"{PREFIX}:a:{game_id}:{token}:{notation}",
                row=row,
            )
        )
        self.game_id = game_id
        self.token = token
        self.notation = notation

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ActButton:
        return cls(int(match["game"]), int(match["token"]), match["notation"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        work = handler(interaction).on_act(interaction, self.game_id, self.token, self.notation)
        await _guard(interaction, self.game_id, work)


class ActSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=PREFIX + r":s:(?P<game>\d+):(?P<token>\d+)(?::(?P<part>\d))?",
):
    """A menu of legal actions: 25 per select, up to :data:`MAX_SELECTS` on one message."""

    def __init__(
        self,
        game_id: int,
        token: int,
        choices: Sequence[ActionChoice] = (),
        *,
        part: int = 0,
        placeholder: str = "Choose your move…",
    ) -> None:
        options = [
            discord.SelectOption(label=clip(c.label, 100), value=c.notation)
            for c in choices[:MAX_OPTIONS]
        ] or [discord.SelectOption(label="…", value="?")]
        suffix = f":{part}" if part else ""
        super().__init__(
            discord.ui.Select(
                placeholder=clip(placeholder, 150),
                options=options,
                custom_id=f"{PREFIX}:s:{game_id}:{token}{suffix}",
            )
        )
        self.game_id = game_id
        self.token = token

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ActSelect:
        return cls(int(match["game"]), int(match["token"]), part=int(match["part"] or 0))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        notation = values[0] if values else ""
        work = handler(interaction).on_act(interaction, self.game_id, self.token, notation)
        await _guard(interaction, self.game_id, work)


class NavButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":n:(?P<game>\d+):(?P<token>\d+):(?P<kind>[gp]):(?P<arg>[^:]{0,40})",
):
    """Navigation inside a decision that plays nothing: open a group (``g``), turn to a page
    (``p``)."""

    def __init__(
        self,
        game_id: int,
        token: int,
        kind: str,
        arg: str,
        label: str = "",
        *,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label or arg or "…", 80),
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:n:{game_id}:{token}:{kind}:{arg}",
                row=row,
                disabled=disabled,
            )
        )
        self.game_id = game_id
        self.token = token
        self.kind = kind
        self.arg = arg

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> NavButton:
        return cls(int(match["game"]), int(match["token"]), match["kind"], match["arg"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        work = handler(interaction).on_navigate(
            interaction, self.game_id, self.token, self.kind, self.arg
        )
        await _guard(interaction, self.game_id, work)


class GroupSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=PREFIX + r":gs:(?P<game>\d+):(?P<token>\d+)",
):
    """The first step of a two-step choice: which group (e.g. which space) to open."""

    def __init__(
        self,
        game_id: int,
        token: int,
        groups: Sequence[tuple[str, str]] = (),
        placeholder: str = "Choose where…",
    ) -> None:
        options = [
            discord.SelectOption(label=clip(label, 100), value=key)
            for key, label in groups[:MAX_OPTIONS]
        ] or [discord.SelectOption(label="…", value="?")]
        super().__init__(
            discord.ui.Select(
                placeholder=clip(placeholder, 150),
                options=options,
                custom_id=f"{PREFIX}:gs:{game_id}:{token}",
            )
        )
        self.game_id = game_id
        self.token = token

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GroupSelect:
        return cls(int(match["game"]), int(match["token"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        work = handler(interaction).on_navigate(
            interaction, self.game_id, self.token, "g", values[0] if values else ""
        )
        await _guard(interaction, self.game_id, work)


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":h:(?P<game>\d+)",
):
    """ "My hand" on a board message: the clicker's private view, ephemeral."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="My hand",
                emoji="🂠",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:h:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(
            interaction, self.game_id, handler(interaction).on_hand(interaction, self.game_id)
        )


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":l:(?P<what>join|leave|start):(?P<game>\d+)",
):
    """Join / Leave / Start on the lobby message."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }

    def __init__(self, what: str, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=what.capitalize(),
                style=self.STYLES[what],
                custom_id=f"{PREFIX}:l:{what}:{game_id}",
            )
        )
        self.what = what
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> LobbyButton:
        return cls(match["what"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        work = handler(interaction).on_lobby(interaction, self.what, self.game_id)
        await _guard(interaction, self.game_id, work)


class WindowOrderButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":w:(?P<game>\d+):(?P<order>ask|never|after:\d)",
):
    """A standing order for optional windows, on the offer itself: "Never ask me", "Ask me
    only after <player>'s turns", "Ask me every time"."""

    def __init__(self, game_id: int, order: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label or order, 80),
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:w:{game_id}:{order}",
            )
        )
        self.game_id = game_id
        self.order = order

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> WindowOrderButton:
        return cls(int(match["game"]), match["order"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        work = handler(interaction).on_window_order(interaction, self.game_id, self.order)
        await _guard(interaction, self.game_id, work)


def window_order_buttons(
    game_id: int, seat: int, order: str, origin: int | None, names: Sequence[str]
) -> list[discord.ui.Item[Any]]:
    """The standing orders on a window's offer to ``seat``, whose order is ``order``: "Never
    ask me"; "Ask me only after <player>'s turns", naming the player whose turn opened the
    window (``origin``), unless that is the seat itself or its order already; "Ask me at every
    chance" for a seat that has an order."""
    buttons: list[discord.ui.Item[Any]] = [WindowOrderButton(game_id, "never", "Never ask me")]
    if origin is not None and origin != seat and order != f"after:{origin}":
        who = names[origin] if 0 <= origin < len(names) else f"seat {origin + 1}"
        label = f"Ask me only after {who}'s turns"
        buttons.append(WindowOrderButton(game_id, f"after:{origin}", label))
    if order != "ask":
        buttons.append(WindowOrderButton(game_id, "ask", "Ask me at every chance"))
    return buttons


DYNAMIC_ITEMS = (
    ActButton,
    ActSelect,
    NavButton,
    GroupSelect,
    HandButton,
    LobbyButton,
    WindowOrderButton,
)


# -- controls -> components ----------------------------------------------------------------


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
) -> Drawn:
    """The components of a decision: ``page`` and ``group`` say where navigation stands;
    ``extra`` items (e.g. standing-order buttons) go on the last row when there is room."""
    view = discord.ui.View(timeout=None)
    text = ""
    if isinstance(controls, Choose):
        _choices(view, game_id, token, controls.options)
        text = controls.hint
    elif isinstance(controls, TwoStep):
        text = _two_step(view, game_id, token, controls, group)
    elif isinstance(controls, Browser):
        text = _browser(view, game_id, token, controls, page)
    else:
        text = _stepper(view, game_id, token, controls, page)
    used = {getattr(i, "row", None) for i in view.children}
    if extra and len(view.children) + len(extra) <= MAX_ROWS * MAX_BUTTONS:
        row = next((r for r in range(MAX_ROWS) if r not in used), None)
        for item in extra:
            item.row = row
            view.add_item(item)
    return Drawn(view if view.children else None, text)


def _choices(
    view: discord.ui.View,
    game_id: int,
    token: int,
    choices: Sequence[ActionChoice],
    *,
    first_row: int = 0,
) -> None:
    """Buttons when the choices fit one row, else selects of 25 (at most :data:`MAX_SELECTS`)."""
    if not choices or any(len(c.notation) > 100 for c in choices):
        return
    fits = all(":" not in c.notation and len(c.notation) <= 80 for c in choices)
    if len(choices) <= MAX_BUTTONS and fits:
        for c in choices:
            view.add_item(ActButton(game_id, token, c.notation, c.label, row=first_row))
        return
    shown = list(choices)[: MAX_OPTIONS * MAX_SELECTS]
    parts = [shown[i : i + MAX_OPTIONS] for i in range(0, len(shown), MAX_OPTIONS)]
    for part, chunk in enumerate(parts[: MAX_ROWS - first_row]):
        placeholder = "Choose your move…"
        if len(parts) > 1:
            placeholder = f"Choose your move ({clip(chunk[0].label, 40)} …)"
        view.add_item(ActSelect(game_id, token, chunk, part=part, placeholder=placeholder))


def _two_step(
    view: discord.ui.View, game_id: int, token: int, controls: TwoStep, group: str | None
) -> str:
    chosen = next((g for g in controls.groups if g.key == group), None)
    if chosen is None:
        pairs = [(g.key, g.label) for g in controls.groups]
        if pairs:
            view.add_item(GroupSelect(game_id, token, pairs, controls.prompt))
        _choices(view, game_id, token, controls.extra, first_row=1)
        return ""
    view.add_item(NavButton(game_id, token, "g", "", "◀ Back", row=0))
    _choices(view, game_id, token, chosen.options, first_row=1)
    return f"**{chosen.label}**: choose how."


def _browser(view: discord.ui.View, game_id: int, token: int, controls: Browser, page: int) -> str:
    if not controls.pages:
        _choices(view, game_id, token, controls.extra)
        return ""
    page = max(0, min(page, len(controls.pages) - 1))
    current = controls.pages[page]
    last = len(controls.pages) - 1
    view.add_item(NavButton(game_id, token, "p", str(page - 1), "◀", row=0, disabled=page == 0))
    view.add_item(
        NavButton(game_id, token, "p", str(page), f"{page + 1} / {last + 1}", row=0, disabled=True)
    )
    view.add_item(NavButton(game_id, token, "p", str(page + 1), "▶", row=0, disabled=page == last))
    _choices(view, game_id, token, current.options, first_row=1)
    if controls.extra:
        _choices(view, game_id, token, controls.extra, first_row=2)
    return f"**{current.title}**\n{current.text}"


def _stepper(view: discord.ui.View, game_id: int, token: int, controls: Stepper, page: int) -> str:
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
        view.add_item(ActButton(game_id, token, c.notation, c.label, row=last))
    return controls.status


def board_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(game_id))
    return view


def lobby_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for what in ("join", "leave", "start"):
        view.add_item(LobbyButton(what, game_id))
    return view
