"""``/help``: the commands and the games, in private messages of at most 2,000 characters
(also the answer to a plain DM to the bot). Game-agnostic: the games and their options come
from the plugin list."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import answer, overview
from cogs.flows import CommandBot
from render.i18n import N_


class HelpCog(commands.Cog):
    def __init__(self, bot: CommandBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="help", description=N_("How to play here: the commands and the games")
    )
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        for page in overview.help_pages(self.bot.plugin_list):
            await answer.tell(interaction, page)


async def setup(bot: CommandBot) -> None:
    await bot.add_cog(HelpCog(bot))
