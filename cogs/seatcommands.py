"""``/game seat replace | seek | claim``: seats that change hands (issue 46), a subcommand group
of ``/game`` (Discord allows 25 children a command; ``/game`` has more subcommands than that).
:class:`cogs.game.GameCog` holds the group; each command answers through the seating flow
(:mod:`cogs.seating`) of the bot the interaction reached."""

from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands

import plugins
from cogs import answer
from cogs.flows import CommandBot
from render.i18n import N_

MAX_PLAYERS = max(p.capabilities.max_players for p in plugins.PLUGINS)


def _bot(interaction: discord.Interaction[Any]) -> CommandBot:
    return cast(CommandBot, interaction.client)


class SeatCommands(
    app_commands.Group,
    name="seat",
    description=N_("Seats that change hands: hand over, look for a player, claim"),
):
    """The ``seat`` group of ``/game``."""

    @app_commands.command(
        name="replace", description=N_("Hand your seat (or, as a manager, a left one) to a member")
    )
    @app_commands.describe(
        user=N_("Who plays the seat from now on"),
        seat=N_("Server managers: which seat (its player is gone)"),
    )
    async def replace(
        self,
        interaction: discord.Interaction[Any],
        user: discord.Member,
        seat: app_commands.Range[int, 1, MAX_PLAYERS] | None = None,
    ) -> None:
        await _bot(interaction).flows.seating.replace(interaction, user, seat)

    @app_commands.command(
        name="seek", description=N_("Look for a player for a seat whose player left")
    )
    @app_commands.describe(
        seat=N_("Which seat"), stop=N_("It no longer looks for a player (default: it does)")
    )
    async def seek(
        self,
        interaction: discord.Interaction[Any],
        seat: app_commands.Range[int, 1, MAX_PLAYERS],
        stop: bool = False,
    ) -> None:
        await _bot(interaction).flows.seating.seek(interaction, seat, not stop)

    @app_commands.command(
        name="claim", description=N_("Take a seat that looks for a player (or a free AI seat)")
    )
    @app_commands.describe(seat=N_("Which seat (default: the first one free)"))
    async def claim(
        self,
        interaction: discord.Interaction[Any],
        seat: app_commands.Range[int, 1, MAX_PLAYERS] | None = None,
    ) -> None:
        await _bot(interaction).flows.seating.claim(interaction, seat, game_id=None)

    @replace.autocomplete("seat")
    @seek.autocomplete("seat")
    @claim.autocomplete("seat")
    @answer.quick(list)
    async def seat_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return await _bot(interaction).flows.seating.seat_choices(interaction, current)
