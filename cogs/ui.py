"""Buttons and selects as :class:`discord.ui.DynamicItem`: their state (game id, the version the
board had when they were drawn, the action's notation) lives in the ``custom_id`` (≤ 100
characters), so they keep working after a restart and a stale click is recognised.

Every callback hands over to :class:`cogs.service.Service`; nothing here knows a game's rules.
"""

from __future__ import annotations

import re
from collections.abc import Coroutine, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from host import Choice

if TYPE_CHECKING:
    from cogs.service import Service

PREFIX = "vz"
MAX_BUTTONS = 5
MAX_OPTIONS = 25
MAX_SELECTS = 4
"""Selects on one decision message (Discord allows 5 rows): up to 100 choices."""


def _service(interaction: discord.Interaction[Any]) -> Service:
    return interaction.client.service  # type: ignore[no-any-return]


async def _guard(
    interaction: discord.Interaction[Any], game_id: int, work: Coroutine[Any, Any, None]
) -> None:
    """Unexpected errors in a component callback: logged with the game id, short apology."""
    try:
        await work
    except Exception as error:
        await _service(interaction).unexpected(interaction, error, game_id, "a button")


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":a:(?P<game>\d+):(?P<version>\d+):(?P<notation>[^:]{1,80})",
):
    """One legal action of the player's current decision."""

    def __init__(self, game_id: int, version: int, notation: str, label: str = "") -> None:
        style = discord.ButtonStyle.secondary if notation == "pass" else discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(
                label=_clip(label or notation, 80),
                style=style,
                custom_id=f"{PREFIX}:a:{game_id}:{version}:{notation}",
            )
        )
        self.game_id = game_id
        self.version = version
        self.notation = notation

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ActButton:
        return cls(int(match["game"]), int(match["version"]), match["notation"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        work = _service(interaction).move(
            interaction, self.notation, game_id=self.game_id, version=self.version
        )
        await _guard(interaction, self.game_id, work)


class ActSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=PREFIX + r":s:(?P<game>\d+):(?P<version>\d+)(?::(?P<part>\d))?",
):
    """A menu of legal actions when there are more than fit on buttons: 25 per select, up to
    :data:`MAX_SELECTS` selects on one message (``part`` tells them apart)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        choices: Sequence[Choice] = (),
        *,
        part: int = 0,
        placeholder: str = "Choose your move…",
    ) -> None:
        options = [
            discord.SelectOption(label=_clip(c.label, 100), value=c.notation, description=None)
            for c in choices[:MAX_OPTIONS]
        ] or [discord.SelectOption(label="…", value="?")]
        suffix = f":{part}" if part else ""
        super().__init__(
            discord.ui.Select(
                placeholder=_clip(placeholder, 150),
                options=options,
                custom_id=f"{PREFIX}:s:{game_id}:{version}{suffix}",
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ActSelect:
        return cls(int(match["game"]), int(match["version"]), part=int(match["part"] or 0))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        notation = values[0] if values else ""
        work = _service(interaction).move(
            interaction, notation, game_id=self.game_id, version=self.version
        )
        await _guard(interaction, self.game_id, work)


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PREFIX + r":h:(?P<game>\d+)",
):
    """ "My hand" on every board message: the clicker's private view, ephemeral."""

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
            interaction,
            self.game_id,
            _service(interaction).show_hand(interaction, game_id=self.game_id),
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
        service = _service(interaction)
        if self.what == "start":
            work = service.start(interaction, game_id=self.game_id)
        else:
            work = service.lobby_change(interaction, self.what, game_id=self.game_id)
        await _guard(interaction, self.game_id, work)


DYNAMIC_ITEMS = (ActButton, ActSelect, HandButton, LobbyButton)


def decision_view(game_id: int, version: int, choices: Sequence[Choice]) -> discord.ui.View | None:
    """Buttons (≤ 5) or selects of 25 (≤ 4, so ≤ 100 choices; the host's ``menu_choices``
    gives at most that) for the legal actions; ``None`` when there are none."""
    if not choices:
        return None
    if any(len(c.notation) > 100 for c in choices):
        return None  # cannot be a select value: /move still lists them
    view = discord.ui.View(timeout=None)
    fits_buttons = all(":" not in c.notation and len(c.notation) <= 80 for c in choices)
    if len(choices) <= MAX_BUTTONS and fits_buttons:
        for c in choices:
            view.add_item(ActButton(game_id, version, c.notation, c.label))
        return view
    shown = list(choices)[: MAX_OPTIONS * MAX_SELECTS]
    parts = [shown[i : i + MAX_OPTIONS] for i in range(0, len(shown), MAX_OPTIONS)]
    for part, chunk in enumerate(parts):
        placeholder = "Choose your move…"
        if len(parts) > 1:
            placeholder = f"Choose your move ({_clip(chunk[0].label, 40)} …)"
        view.add_item(ActSelect(game_id, version, chunk, part=part, placeholder=placeholder))
    return view


def board_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(game_id))
    return view


def lobby_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for what in ("join", "leave", "start"):
        view.add_item(LobbyButton(what, game_id))
    return view
