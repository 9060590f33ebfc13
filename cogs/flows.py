"""The bot's flows, shared by slash commands, buttons and the scheduler loop, composed by one
object: :class:`Flows` builds each part with what it needs and routes the components to them.

Each flow makes one host call for the user's input and hands what was committed to
:class:`~cogs.delivery.Delivery`, which announces it from the outbox in version order. Every
refusal is a friendly ephemeral sentence (:class:`~cogs.refusals.Refusals`).
"""

from __future__ import annotations

from typing import Any, Protocol

import discord
from discord.ext import commands

from cogs import answer, language
from cogs.components import (
    ActButton,
    ActSelect,
    AnimationButton,
    ClaimButton,
    GameItem,
    GroupSelect,
    HandButton,
    LobbyButton,
    NavButton,
    PictureButton,
    ReplayButton,
    ReplaySelect,
    TextBoardButton,
    UndoAskButton,
    UndoButton,
    UndoVoteButton,
    WindowOrderButton,
)
from cogs.delivery import Delivery
from cogs.edge import Bot
from cogs.hands import Hands
from cogs.inbox import Inbox
from cogs.kit import Kit
from cogs.lobby import Lobby
from cogs.moves import Moves
from cogs.private import Private
from cogs.progress import Progress
from cogs.refusals import Refusals
from cogs.replaying import Replaying
from cogs.seating import Seating
from cogs.undoing import Undoing


class Flows:
    """Game flows for one bot, and where the buttons and menus are routed (:meth:`use`).

    ``private`` composes a player's messages, ``inbox`` keeps them, ``delivery`` sends the
    outbox, ``progress`` counts the flows running, ``refusals`` words what cannot go on (the
    :class:`~cogs.kit.Kit` the flows share); ``lobby``, ``moves``, ``hands``, ``replaying``,
    ``seating`` and ``undoing`` are the flows."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.private = private = Private(bot)
        self.inbox = inbox = Inbox(bot, private)
        self.progress = Progress()
        self.delivery = Delivery(bot, private, inbox, self.progress)
        self.refusals = Refusals(bot, private)
        kit = Kit(private, inbox, self.delivery, self.progress, self.refusals)
        self.lobby = Lobby(bot, kit)
        self.moves = Moves(bot, kit)
        self.hands = Hands(bot, kit)
        self.replaying = Replaying(bot, private)
        self.seating = Seating(bot, kit)
        self.undoing = Undoing(bot, kit)
        self.delivery.close_vote = self.undoing.close

    async def idle(self) -> None:
        """Wait until no flow is in progress: every board, DM and reply has been sent."""
        await self.progress.idle()

    async def use(self, interaction: discord.Interaction[Any], item: GameItem) -> None:
        """A button or menu used: acknowledged first (as an update of its message, or with a
        private "thinking…": :meth:`~cogs.components.GameItem.updates`), then handed to its
        flow in the reader's language; an unexpected error is logged with the game id and
        gets a short apology."""
        try:
            await answer.acknowledge(interaction, update=item.updates())
            language.enter(self.bot.host, interaction)
            await self._route(interaction, item)
        except Exception as error:
            await self.refusals.unexpected(interaction, error, item.game_id, "a button")

    async def _route(self, interaction: discord.Interaction[Any], item: GameItem) -> None:
        game = item.game_id
        match item:
            case ActButton():
                await self.moves.move(interaction, item.notation, game_id=game, token=item.token)
            case ActSelect():
                await self.moves.move(interaction, item.chosen(), game_id=game, token=item.token)
            case NavButton():
                await self.moves.navigate(interaction, game, item.token, item.kind, item.arg)
            case GroupSelect():
                await self.moves.navigate(interaction, game, item.token, "g", item.chosen())
            case WindowOrderButton():
                await self.moves.window_order(interaction, game, item.order)
            case HandButton():
                await self.hands.show(interaction, game_id=game)
            case PictureButton():
                await self.hands.picture(interaction, game, item.key)
            case TextBoardButton():
                await self.hands.text_board(interaction, game)
            case LobbyButton() if item.what == "start":
                await self.lobby.start(interaction, game_id=game)
            case LobbyButton():
                await self.lobby.change(interaction, item.what, game_id=game)
            case ReplayButton():  # the viewer's own step, or **Replay** under a final board
                await self.replaying.show_replay(interaction, game, item.step, edit=item.updates())
            case ReplaySelect():
                await self.replaying.show_replay(interaction, game, item.step(), edit=True)
            case AnimationButton():
                await self.replaying.animation(interaction, game)
            case ClaimButton():
                await self.seating.claim(interaction, item.seat, game_id=game)
            case UndoButton():
                await self.undoing.take_back(interaction, game)
            case UndoAskButton():
                await self.undoing.ask(interaction, game)
            case UndoVoteButton():
                await self.undoing.vote(interaction, game, item.version, item.agree)
            case _:
                raise TypeError(f"no flow for {type(item).__name__}")


class CommandBot(Bot, Protocol):
    """What the slash commands need of the bot: its flows, and to take a cog."""

    flows: Flows

    async def add_cog(self, cog: commands.Cog, /) -> None: ...
