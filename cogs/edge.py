"""The bot as the parts of the Discord edge see it: what they need of it, as a protocol.

The bot itself (:class:`cogs.runtime.VesuviusBot`) sits above every part and builds them; a
part below it knows the bot only through :class:`Bot`, so no module of ``cogs`` imports the
runtime (nor one above itself)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import discord

from cogs.settings import Settings
from host import Host
from host.clock import Clock
from plugins import GamePlugin


class Bot(Protocol):
    """What the flows, delivery, private messages and commands need of the bot."""

    settings: Settings
    clock: Clock

    @property
    def host(self) -> Host: ...

    @property
    def user(self) -> discord.ClientUser | None:
        """The bot's own user (``None`` until it has logged in)."""
        ...

    @property
    def plugin_list(self) -> Sequence[GamePlugin]:
        """The games this bot offers."""
        ...

    def wake_scheduler(self, game_id: int | None = None) -> None: ...

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, id: int, /) -> Any: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, id: int, /) -> discord.User: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...
