"""``/game replay``: a game of this server watched again, step by step, only by the one who
asks (or, with ``animate``, as an animated image posted in its channel). Only games in
channels the asker may view are shown, listed or animated (:mod:`cogs.access`).

A plain mixin of app commands that :class:`cogs.game.GameCog` inherits (discord.py collects
the commands of every class of a cog's MRO); the work is in :mod:`cogs.replaying`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs import access, answer, texts
from render.i18n import N_, _

if TYPE_CHECKING:
    from discord.ext.commands import Cog as _Mixin

    from cogs.runtime import VesuviusBot
else:
    _Mixin = object  # a plain class at run time: GameCog is the cog

STATUS_WORDS = {"active": N_("in play"), "finished": N_("finished"), "cancelled": N_("cancelled")}


class ReplayCommands(_Mixin):
    """The replay commands of ``/game``."""

    bot: VesuviusBot

    @app_commands.command(
        name="replay", description=N_("Watch a game again, step by step (only you see it)")
    )
    @app_commands.describe(
        game=N_(
            "Which game of this server (default: the last one finished here, else the one in play)"
        ),
        animate=N_("Post the whole game as an animated image in its channel instead"),
    )
    async def replay(
        self,
        interaction: discord.Interaction[Any],
        game: int | None = None,
        animate: bool = False,
    ) -> None:
        flows = self.bot.flows
        if game is None:
            status = await self.bot.host.replays.game_to_replay(interaction.channel_id or 0)
            if status is None:
                await answer.tell(
                    interaction,
                    _(
                        "No game has been played in this channel yet. Pick one of this server's "
                        "games with `game:`."
                    ),
                )
                return
            game = status.game_id
        if animate:
            await flows.on_animation(interaction, game)
            return
        await flows.show_replay(interaction, game, 0, edit=False)

    @replay.autocomplete("game")
    @answer.quick(list)
    async def replay_game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        titles = {p.key: texts.title_of(p) for p in self.bot.plugin_list}
        games = await self.bot.host.replays.games(interaction.guild_id or 0, limit=100)
        sight = access.Sight(interaction)
        choices = []
        for g in games:
            state = _(STATUS_WORDS[g.status]) if g.status in STATUS_WORDS else g.status
            name = f"#{g.game_id} · {titles.get(g.kind, g.kind)} · {state}"
            if current.strip().lstrip("#").lower() not in name.lower():
                continue
            if await sight.may_view(g.channel_id):  # only games the asker may see
                choices.append(app_commands.Choice(name=name[:100], value=g.game_id))
                if len(choices) == 25:
                    break
        return choices
