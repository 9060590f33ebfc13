"""``/help``: the commands and the games, in one private message (also the answer to a plain DM
to the bot). Game-agnostic: the games and their options come from the plugin list."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import answer, texts
from render.i18n import N_

if TYPE_CHECKING:
    from cogs.runtime import VesuviusBot


class HelpCog(commands.Cog):
    def __init__(self, bot: VesuviusBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="help", description=N_("How to play here: the commands and the games")
    )
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        await answer.tell(interaction, texts.help_text(self.bot.plugin_list))


async def setup(bot: VesuviusBot) -> None:
    await bot.add_cog(HelpCog(bot))
