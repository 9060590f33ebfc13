"""A player's own hand and the game's pictures on demand: ``/hand`` and **My hand** (the
player's decision from then on), a picture's button (a public one for anyone, a private one
for its player) and the text board (``/game board text:True`` and **Text board**), each only
for the one who asked."""

from __future__ import annotations

from typing import Any

import discord

from cogs import answer, texts
from cogs.edge import Bot
from cogs.kit import Kit
from cogs.private import png_file
from cogs.seating import handed_away
from host import GameStatus, HostError
from render import i18n
from render.i18n import _
from render.presentation import text_pages


class Hands:
    """Hands and pictures (see the module)."""

    def __init__(self, bot: Bot, kit: Kit) -> None:
        self.bot = bot
        self.private, self.inbox, self.progress = kit.private, kit.inbox, kit.progress
        self.refusals = kit.refusals

    async def show(
        self, interaction: discord.Interaction[Any], *, game_id: int | None = None
    ) -> None:
        """The user's own view, ephemeral (``/hand`` and the "My hand" button); it carries
        their decision from now on (their DM of it says so)."""
        async with self.progress.busy():
            await self._show_hand(interaction, game_id)

    async def _show_hand(self, interaction: discord.Interaction[Any], game_id: int | None) -> None:
        self.private.remember(interaction.user)
        if game_id is None:
            status = await self.refusals.game_here(interaction, finished=True)
            if status is None:
                return
        else:
            try:
                status = await self.bot.host.views.status(game_id, guild_id=interaction.guild_id)
            except HostError as e:
                await answer.tell(interaction, texts.refusal(e))
                return
        seat = status.seat_of(interaction.user.id)
        if seat is None:
            await answer.tell(
                interaction,
                handed_away(status, interaction.user.id)
                or _(
                    "You are not playing in game #{game}, so you have no hand there. "
                    "You can watch the board with `/game board`."
                ).format(game=status.game_id),
            )
            return
        if status.status == "lobby":
            await answer.tell(interaction, _("The game has not started yet: nothing is dealt."))
            return
        try:
            await self.bot.host.views.private_view(status.game_id, interaction.user.id)
        except HostError as e:
            await answer.tell(interaction, texts.refusal(e))
            return
        header = _("🂠 **Your hand** in game #{game} ({title})").format(
            game=status.game_id, title=texts.md(texts.title_of(status))
        )
        await self.inbox.send_private(interaction, status, header)

    async def _started(
        self, interaction: discord.Interaction[Any], game_id: int
    ) -> GameStatus | None:
        """The game a picture or the text board is asked of, once it has started, in the
        interaction's server (as the host checks it); else ``None``, the user told why."""
        self.private.remember(interaction.user)
        try:
            status = await self.bot.host.views.status(game_id, guild_id=interaction.guild_id)
        except HostError as e:
            await answer.tell(interaction, texts.refusal(e))
            return None
        if status.status == "lobby":
            await answer.tell(
                interaction, _("The game has not started yet: there is nothing to show.")
            )
            return None
        return status

    async def picture(self, interaction: discord.Interaction[Any], game_id: int, key: str) -> None:
        """One of the game's pictures, as it is now, only for the user who asked: a public one
        for anyone (a spectator too), a private one for a player."""
        status = await self._started(interaction, game_id)
        if status is None:
            return
        picture = self.private.presentation(status).picture(key)
        if picture is None:
            await answer.tell(interaction, _("This game has no such picture."))
            return
        if picture.private is not None and status.seat_of(interaction.user.id) is None:
            await answer.tell(
                interaction,
                _(
                    "You are not playing in game #{game}, so you have no {picture} there. The "
                    "public pictures are on the board's buttons."
                ).format(game=game_id, picture=i18n.translate(picture.label, status.kind).lower()),
            )
            return
        try:
            image = await self.private.draw(status, picture, interaction.user.id)
        except HostError as e:
            await answer.tell(interaction, texts.refusal(e))
            return
        if image is None:
            await answer.tell(
                interaction,
                _("{picture}: nothing to show now (no cards in your hand).").format(
                    picture=i18n.translate(picture.label, status.kind)
                ),
            )
            return
        await answer.tell(
            interaction,
            _("🖼️ **{picture}** · game #{game} ({title}), move {version}").format(
                picture=i18n.translate(picture.label, status.kind),
                game=game_id,
                title=texts.md(texts.title_of(status)),
                version=status.version,
            ),
            files=[png_file(image)],
        )

    async def board(
        self, interaction: discord.Interaction[Any], status: GameStatus, *, text: bool
    ) -> None:
        """``/game board [text]``: the current board (or as text), only for the user."""
        if status.status == "lobby":
            await answer.tell(interaction, _("The game has not started yet."))
            return
        if text and status.status != "cancelled":
            await self.text_board(interaction, status.game_id)
            return
        host = self.bot.host
        status, view = await host.views.snapshot(status.game_id)  # words and image of one version
        if view is None:  # a lobby that was cancelled (it never had a board), or unreadable
            reason = _("Game #{game} was cancelled before it started.").format(game=status.game_id)
            if status.status != "cancelled":
                try:
                    await host.views.public_view(status.game_id)
                except HostError as e:
                    reason = await self.refusals.reason(e, mention=True)
            await answer.tell(interaction, reason)
            return
        names = await self.private.seat_names(status)
        presentation = self.private.presentation(status)
        content = texts.board_caption(status, presentation, view, names, [])
        image = await self.private.board_image(status, view, names, reader=interaction.user.id)
        await answer.tell(interaction, content, files=[png_file(image)])

    async def text_board(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """The board as text (the game's ``text_board``), as the game is now, in the reader's
        language, only for the user who asked (anyone who may see the game: a spectator too);
        in as many messages as it takes (two at most)."""
        if await self._started(interaction, game_id) is None:
            return
        now, view = await self.bot.host.views.snapshot(game_id)
        if view is None:
            await answer.tell(
                interaction, _("Game #{game} has no board to show.").format(game=game_id)
            )
            return
        names = [texts.md(n) for n in await self.private.seat_names(now)]
        lines = self.private.presentation(now).text_board(view, names)
        heading = _("📝 **Text board** · game #{game} ({title}), move {version}").format(
            game=game_id, title=texts.md(texts.title_of(now)), version=now.version
        )
        for page in text_pages([heading, *lines]):
            await answer.tell(interaction, page)
