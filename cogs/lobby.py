"""The lobby: a table opened (``/game new``: in the channel or a new thread), joining and
leaving (the lobby message edited in place, never posted again), and starting a game, from a
command, the lobby's buttons, or at once for a table full as it opens."""

from __future__ import annotations

import contextlib
import logging
from typing import Any, cast

import discord

from cogs import answer, language, texts
from cogs.components import lobby_view
from cogs.edge import Bot
from cogs.kit import Kit
from cogs.options import parse_variants
from cogs.permissions import missing_permissions
from cogs.private import is_component
from host import GameStatus, HostError, TableOptions
from render import i18n
from render.i18n import _

log = logging.getLogger("cogs.flows")


def full(status: GameStatus) -> bool:
    """Every seat is taken as the table opens (its creator alone at a solo game, or AIs in
    the other seats): it starts at once."""
    return len(status.seats) >= (status.options.players or status.max_players)


class Lobby:
    """Lobby flows (see the module)."""

    def __init__(self, bot: Bot, kit: Kit) -> None:
        self.bot = bot
        self.private, self.delivery, self.progress = kit.private, kit.delivery, kit.progress
        self.refusals = kit.refusals
        self.lobbies: dict[int, discord.Message | discord.PartialMessage] = {}
        """game id -> its lobby message (edited as players join, buttons off at the start)."""

    # -- a new table -----------------------------------------------------------------------------

    async def open(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        *,
        players: int | None,
        variant: str | None,
        turn_time: int | None,
        timeout_policy: str | None,
        where: str,
        ai_seats: int,
        ai_level: str,
        forced_moves: bool,
        bank: tuple[float, float, bool] = (0.0, 0.0, True),
        claimable_ai: bool = False,
        rated: bool = True,
    ) -> None:
        """``/game new``: a table of ``game`` opened here or in a new thread (``where``), its
        lobby posted, or the game started at once when the table is full as it opens. ``bank``:
        the time bank's reserve and increment, and whether away holds its deadlines."""
        async with self.progress.busy():
            self.private.remember(interaction.user)
            plugin = self.bot.host.plugin(game)
            channel = interaction.channel
            in_thread = isinstance(channel, discord.Thread)
            missing = missing_permissions(interaction, new_thread=where == "thread")
            if missing:
                await answer.tell(interaction, missing)
                return
            options = TableOptions(
                kind=plugin.key,
                players=players,
                variants=parse_variants(plugin, variant),
                turn_time=None if turn_time is None else float(turn_time),
                timeout_policy=timeout_policy,  # type: ignore[arg-type]
                ai_seats=ai_seats,
                ai_level=ai_level,
                auto_forced=forced_moves,
                reserve=bank[0],
                increment=bank[1],
                away=bank[2],
                claimable_ai=claimable_ai,
                rated=rated,
            )
            guild_id = interaction.guild_id or 0
            if interaction.guild_id is not None:  # the server's language: its Discord one
                await self.bot.host.servers.adopt_guild_language(
                    guild_id, i18n.negotiate(interaction.guild_locale)
                )
            if where == "thread" and not in_thread and isinstance(channel, discord.TextChannel):
                # The thread, its name and the public line about it: the server's language
                # (channel text), not the creator's.
                server = await language.of_server(self.bot.host, interaction.guild_id)
                with i18n.using(server):
                    title = texts.title_of(plugin)
                name = f"{title} — {interaction.user.display_name}"[:100]
                thread = await channel.create_thread(
                    name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
                )
                try:
                    status = await self.bot.host.tables.create_game(
                        guild_id, thread.id, interaction.user.id, options
                    )
                except HostError:
                    with contextlib.suppress(discord.HTTPException):
                        await thread.delete()
                    raise
                with i18n.using(server):
                    if full(status):  # it starts at once: nobody to invite
                        opened = _("🌋 {name} opened game #{game} ({title}) in {thread}.")
                    else:
                        opened = _(
                            "🌋 {name} opened game #{game} ({title}) in {thread}: join there!"
                        )
                await answer.announce(
                    interaction,
                    opened.format(
                        name=texts.md(interaction.user.display_name),
                        game=status.game_id,
                        title=texts.md(title),
                        thread=thread.mention,
                    ),
                )
                await thread.add_user(interaction.user)
                if full(status):
                    await self.start_at_once(status)
                    return
                self.lobbies[status.game_id] = await thread.send(
                    await self.lobby_message(status),
                    view=await self.lobby_controls(status),
                    **answer.heard_by(),
                )
                return
            status = await self.bot.host.tables.create_game(
                guild_id, interaction.channel_id or 0, interaction.user.id, options
            )
            if full(status):  # a solo game, or the other seats are AIs: no lobby
                await self.start(interaction, game_id=status.game_id)
                return
            lobby = await answer.announce(
                interaction,
                await self.lobby_message(status),
                view=await self.lobby_controls(status),
            )
            # Edited as players join through the channel's messages, which (unlike the
            # interaction's token) never expire.
            self.lobbies[status.game_id] = self.durable(lobby)

    # -- the lobby -----------------------------------------------------------------------------

    async def lobby_message(self, status: GameStatus) -> str:
        creator = await self.private.name_of(status.creator_id)
        with i18n.using(await self.private.server_language(status)):  # a channel message
            names = await self.private.seat_names(status)
            return texts.lobby_text(status, names, creator)

    async def lobby_controls(self, status: GameStatus) -> discord.ui.View:
        """The lobby's buttons, in the channel's language."""
        with i18n.using(await self.private.server_language(status)):
            return lobby_view(status.game_id)

    async def change(
        self,
        interaction: discord.Interaction[Any],
        what: str,
        *,
        game_id: int | None = None,
        learning: bool = False,
    ) -> None:
        """Join (``learning``: to learn) or leave a lobby (slash command or lobby button); the
        lobby message is edited, not posted again."""
        self.private.remember(interaction.user)
        game_id = await self.refusals.game_id(interaction, game_id)
        if game_id is None:
            return
        user = interaction.user.id
        where = {"channel_id": interaction.channel_id, "guild_id": interaction.guild_id}
        try:
            if what == "join":
                status = await self.bot.host.tables.join(game_id, user, learning=learning, **where)
            else:
                status = await self.bot.host.tables.leave(game_id, user, **where)
        except HostError as e:
            await answer.tell(interaction, texts.refusal(e))
            return
        text = await self.lobby_message(status)
        view = await self.lobby_controls(status) if status.status == "lobby" else None
        if is_component(interaction):
            await answer.edit_clicked(interaction, content=text, view=view)
            if interaction.message is not None:
                self.lobbies[status.game_id] = interaction.message
            return
        said = (
            _("{name} joined game #{game}.") if what == "join" else _("{name} left game #{game}.")
        )
        if what == "join" and learning:
            said = _("{name} plays game #{game} to learn: hints on, not rated for them.")
        said = said.format(name=texts.md(interaction.user.display_name), game=status.game_id)
        message = self.lobbies.get(status.game_id)
        if message is not None:
            try:
                await message.edit(content=text, view=view)
            except discord.HTTPException:
                message = None
        if message is None:  # not known to this run of the bot (a restart): posted again
            message = await self.post_lobby(status, text, view)
        if message is None:
            said += "\n" + text
        await answer.tell(interaction, said)

    @staticmethod
    def durable(message: discord.Message) -> discord.Message | discord.PartialMessage:
        """``message`` (the bot's, in a channel) as one that can be edited through the channel
        for as long as it exists, not through the interaction that sent it (15 minutes)."""
        getter = getattr(message.channel, "get_partial_message", None)
        return message if getter is None else cast(discord.PartialMessage, getter(message.id))

    async def post_lobby(
        self, status: GameStatus, text: str, view: discord.ui.View | None
    ) -> discord.Message | None:
        """The lobby posted in the game's channel (``None``: the bot cannot post there)."""
        chan = await self.private.channel(status.channel_id)
        if chan is None:
            return None
        kwargs: dict[str, Any] = answer.heard_by()
        if view is not None:
            kwargs["view"] = view
        try:
            message: discord.Message = await chan.send(text, **kwargs)
        except discord.HTTPException:
            log.warning("game %s: the lobby could not be posted", status.game_id)
            return None
        self.lobbies[status.game_id] = message
        return message

    async def close_lobby(self, status: GameStatus) -> None:
        """The lobby message says how it ended and loses its buttons."""
        message = self.lobbies.pop(status.game_id, None)
        if message is not None:
            with contextlib.suppress(discord.HTTPException):
                await message.edit(content=await self.lobby_message(status), view=None)

    async def start_at_once(self, status: GameStatus) -> None:
        """A table full from the start (a solo game, or seats filled by AIs) starts at once,
        in its own channel (a new thread): no lobby to join."""
        async with self.progress.busy(), self.delivery.lock(status.game_id):
            await self.bot.host.tables.start(
                status.game_id,
                status.creator_id,
                is_admin=False,
                channel_id=status.channel_id,
                guild_id=status.guild_id,
            )
            await self.delivery.announce(status.game_id, held=True)
        self.bot.wake_scheduler()

    async def start(
        self, interaction: discord.Interaction[Any], *, game_id: int | None = None
    ) -> None:
        """Deal: the first board (the reply) and every player's first DM come from the outbox."""
        async with self.progress.busy():
            self.private.remember(interaction.user)
            game_id = await self.refusals.game_id(interaction, game_id)
            if game_id is None:
                return
            missing = missing_permissions(interaction)
            if missing:
                await answer.tell(interaction, missing)
                return
            async with self.delivery.lock(game_id):
                try:
                    started = await self.bot.host.tables.start(
                        game_id,
                        interaction.user.id,
                        is_admin=bool(interaction.permissions.manage_guild),
                        channel_id=interaction.channel_id,
                        guild_id=interaction.guild_id,
                    )
                except HostError as e:
                    await answer.tell(interaction, texts.refusal(e))
                    return
                if is_component(interaction) and interaction.message is not None:
                    self.lobbies[started.status.game_id] = interaction.message
                await self.close_lobby(started.status)
                await self.delivery.announce(game_id, reply=interaction, held=True)
            self.bot.wake_scheduler()
