"""The bot's flows, shared by slash commands, buttons and the scheduler loop, composed by one
object: :class:`Flows` builds each part with what it needs and routes the components to them.

Each flow makes one host call for the user's input and hands what was committed to
:class:`~cogs.delivery.Delivery`, which announces it from the outbox in version order. Every
refusal is a friendly ephemeral sentence (:class:`~cogs.refusals.Refusals`).
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import discord
from discord.ext import commands

from cogs.delivery import Delivery
from cogs.edge import Bot
from cogs.hands import Hands
from cogs.inbox import Inbox
from cogs.lobby import Lobby
from cogs.moves import Moves
from cogs.private import Private
from cogs.progress import Progress
from cogs.refusals import Refusals
from cogs.replaying import Replaying


class Flows:
    """Game flows for one bot; also the components' :class:`~cogs.components.Handler`.

    ``private`` composes a player's messages, ``inbox`` keeps them, ``delivery`` sends the
    outbox, ``progress`` counts the flows running, ``refusals`` words what cannot go on;
    ``lobby``, ``moves``, ``hands`` and ``replaying`` are the flows."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.private = Private(bot)
        self.inbox = Inbox(bot, self.private)
        self.delivery = Delivery(bot, self.private, self.inbox)
        self.progress = Progress()
        self.refusals = Refusals(bot, self.private)
        self.lobby = Lobby(bot, self.private, self.delivery, self.progress, self.refusals)
        self.moves = Moves(
            bot, self.private, self.inbox, self.delivery, self.progress, self.refusals
        )
        self.hands = Hands(bot, self.private, self.inbox, self.progress, self.refusals)
        self.replaying = Replaying(bot, self.private)

    def busy(self) -> AbstractAsyncContextManager[None]:
        """Marks a flow in progress (:meth:`idle` waits for it)."""
        return self.progress.busy()

    async def idle(self) -> None:
        """Wait until no flow is in progress: every board, DM and reply has been sent."""
        await self.progress.idle()

    # -- the components' handler -----------------------------------------------------------------

    async def on_act(
        self, interaction: discord.Interaction[Any], game_id: int, token: int, notation: str
    ) -> None:
        await self.moves.move(interaction, notation, game_id=game_id, token=token)

    async def on_navigate(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        token: int,
        kind: str,
        arg: str,
    ) -> None:
        await self.moves.navigate(interaction, game_id, token, kind, arg)

    async def on_window_order(
        self, interaction: discord.Interaction[Any], game_id: int, order: str
    ) -> None:
        await self.moves.window_order(interaction, game_id, order)

    async def on_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        await self.hands.show(interaction, game_id=game_id)

    async def on_picture(
        self, interaction: discord.Interaction[Any], game_id: int, key: str
    ) -> None:
        await self.hands.picture(interaction, game_id, key)

    async def on_lobby(
        self, interaction: discord.Interaction[Any], what: str, game_id: int
    ) -> None:
        if what == "start":
            await self.lobby.start(interaction, game_id=game_id)
        else:
            await self.lobby.change(interaction, what, game_id=game_id)

    async def on_replay(
        self, interaction: discord.Interaction[Any], game_id: int, step: int, edit: bool = True
    ) -> None:
        """A viewer button or the menu (``edit``: the viewer's own message shows the step), or
        **Replay** under a final board (a new viewer, only for the one who pressed it)."""
        await self.replaying.show_replay(interaction, game_id, step, edit=edit)

    async def on_animation(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        await self.replaying.animation(interaction, game_id)

    async def unexpected(
        self,
        interaction: discord.Interaction[Any],
        error_: BaseException,
        game_id: int | None,
        what: str,
    ) -> None:
        await self.refusals.unexpected(interaction, error_, game_id, what)


class CommandBot(Bot, Protocol):
    """What the slash commands need of the bot: its flows, and to take a cog."""

    flows: Flows

    async def add_cog(self, cog: commands.Cog, /) -> None: ...
