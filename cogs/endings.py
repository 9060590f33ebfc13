"""``/game resign``, ``/game back`` and ``/game cancel``: a player leaves their seat to an AI
or takes it back, and a table is called off (declared by :class:`cogs.game.GameCog`). Each
announces itself in the channel, in the server's language, then tells the players."""

from __future__ import annotations

from typing import Any

import discord

from cogs import answer, texts
from cogs.flows import CommandBot
from host import GameStatus, Host
from render import i18n
from render.i18n import _


class Endings:
    """The bodies of ``/game resign``, ``back`` and ``cancel``."""

    def __init__(self, bot: CommandBot) -> None:
        self.bot = bot

    @property
    def host(self) -> Host:
        return self.bot.host

    async def _here(self, interaction: discord.Interaction[Any]) -> GameStatus | None:
        self.bot.flows.private.remember(interaction.user)
        return await self.bot.flows.refusals.game_here(interaction)

    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        status = await self._here(interaction)
        if status is None:
            return
        status = await self.host.tables.resign(
            status.game_id,
            interaction.user.id,
            channel_id=interaction.channel_id,
            guild_id=interaction.guild_id,
        )
        who = texts.md(interaction.user.display_name)
        with i18n.using(await self.bot.flows.private.server_language(status)):  # the channel's
            if not any(s.user_id is not None and not s.resigned for s in status.seats):
                text = _(
                    "🏳️ {name} resigned from game #{game}. No human player is left: the AIs "
                    "play it out, and the final board comes here when it ends."
                ).format(name=who, game=status.game_id)
            else:
                text = _("🏳️ {name} resigned from game #{game}; an AI plays their seat.").format(
                    name=who, game=status.game_id
                )
        await answer.announce(interaction, text)
        async with self.bot.flows.progress.busy():
            await self.bot.flows.inbox.notify(status)
        self.bot.wake_scheduler()

    async def back(self, interaction: discord.Interaction[Any]) -> None:
        status = await self._here(interaction)
        if status is None:
            return
        status = await self.host.tables.return_to_seat(
            status.game_id,
            interaction.user.id,
            channel_id=interaction.channel_id,
            guild_id=interaction.guild_id,
        )
        with i18n.using(await self.bot.flows.private.server_language(status)):
            text = _("👋 {name} is back and plays their own seat again in game #{game}.")
        await answer.announce(
            interaction,
            text.format(name=texts.md(interaction.user.display_name), game=status.game_id),
        )
        async with self.bot.flows.progress.busy():
            await self.bot.flows.inbox.notify(status)

    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        status = await self._here(interaction)
        if status is None:
            return
        status = await self.host.tables.cancel(
            status.game_id,
            interaction.user.id,
            is_admin=bool(interaction.permissions.manage_guild),
            channel_id=interaction.channel_id,
            guild_id=interaction.guild_id,
        )
        with i18n.using(await self.bot.flows.private.server_language(status)):
            text = _("🛑 Game #{game} was cancelled by {name}.")
        await answer.announce(
            interaction,
            text.format(game=status.game_id, name=texts.md(interaction.user.display_name)),
        )
        async with self.bot.flows.progress.busy():
            await self.bot.flows.lobby.close_lobby(status)
            await self.bot.flows.inbox.notify(status)
