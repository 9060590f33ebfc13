"""``/move`` (autocomplete: exactly your legal actions now) and ``/hand`` (your private view)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import answer
from cogs.flows import CommandBot
from cogs.moves import HINT
from host import HostError
from render import i18n
from render.i18n import N_, _

MAX_AUTOCOMPLETE = 25
"""Discord's limit on autocomplete choices."""
LOADING = N_("One moment: the game is loading. Type again to see your moves.")
"""The list's one line when the game is not at hand in time (a busy machine, just started)."""


class PlayCog(commands.Cog):
    def __init__(self, bot: CommandBot) -> None:
        self.bot = bot

    @app_commands.command(name="move", description=N_("Make your move in this channel's game"))
    @app_commands.describe(
        action=N_("Your move: pick from the list (it shows exactly what is legal)")
    )
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction[Any], action: str) -> None:
        await self.bot.flows.moves.move(interaction, action)

    @move.autocomplete("action")
    @answer.quick(lambda: [app_commands.Choice(name=_(LOADING), value=HINT)])
    async def action_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        host = self.bot.host
        status = await host.views.game_in_channel(interaction.channel_id or 0, peek=True)
        if status is None:
            return [app_commands.Choice(name=N_("There is no game in this channel"), value=HINT)]
        try:
            page = await host.decisions.legal_choices(
                status.game_id,
                interaction.user.id,
                current,
                channel_id=interaction.channel_id,
                guild_id=interaction.guild_id,
            )
        except HostError as e:
            text = await self.bot.flows.refusals.reason(e, mention=False)
            return [app_commands.Choice(name=text[:100], value=HINT)]
        if not page:
            return [
                app_commands.Choice(
                    name=_("No legal move matches “{typed}”").format(typed=current)[:100],
                    value=HINT,
                )
            ]
        shown = list(page)
        if not page.more:
            return [
                app_commands.Choice(name=i18n.say(c.label, status.kind)[:100], value=c.notation)
                for c in shown
            ]
        # Discord lists at most 25: the last place says how many matched and how to narrow.
        shown = shown[: MAX_AUTOCOMPLETE - 1]
        note = _("… showing {count} of {total}: type to narrow the list").format(
            count=len(shown), total=page.total
        )
        return [
            *(
                app_commands.Choice(name=i18n.say(c.label, status.kind)[:100], value=c.notation)
                for c in shown
            ),
            app_commands.Choice(name=note, value=HINT),
        ]

    @app_commands.command(
        name="hand", description=N_("Your hand and your options (only you see it)")
    )
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.flows.hands.show(interaction)


async def setup(bot: CommandBot) -> None:
    await bot.add_cog(PlayCog(bot))
