"""A player's DMs as the decision messages use them: sent (closed DMs are told in the game's
channel, without secrets, and tried again after a while), edited with their picture uploaded
only when it changed, and deleted. Which picture each message shows (a DM or a private reply)
is kept here, so an edit uploads a picture only when the message does not show it already."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from cogs.answer import NO_MENTIONS
from cogs.edge import Bot
from cogs.private import Composed, Private
from host import GameStatus
from render import i18n
from render.i18n import _
from render.text import duration

log = logging.getLogger("cogs.dms")


class Dms:
    """Players' DMs and the pictures messages show (see the module)."""

    def __init__(self, bot: Bot, private: Private) -> None:
        self.bot = bot
        self.private = private
        self._shown: dict[int, str] = {}
        """message id -> what tells its picture apart (it is not uploaded again unchanged)."""

    def showing(self, message_id: int, composed: Composed) -> None:
        """``message_id`` was sent showing ``composed``'s picture."""
        self._shown[message_id] = composed.shown

    def shown(self, message_id: int | None) -> str | None:
        """What tells apart the picture ``message_id`` shows (``""``: none; ``None``: not
        known, as after a restart)."""
        return None if message_id is None else self._shown.get(message_id)

    def forget(self, message_id: int) -> None:
        """``message_id``'s picture is unknown (an edit failed): the next edit uploads it."""
        self._shown.pop(message_id, None)

    async def send(
        self,
        status: GameStatus,
        user_id: int,
        content: str,
        files: list[discord.File],
        view: discord.ui.View | None,
    ) -> discord.Message | None:
        """DM a player; on closed DMs (50007) tell the channel, without secrets, and wait a
        while before trying again."""
        if self.private.dms_blocked(user_id):
            return None
        user = self.private.users.get(user_id) or self.bot.get_user(user_id)
        try:
            if user is None:
                user = self.private.users[user_id] = await self.bot.fetch_user(user_id)
            kwargs: dict[str, Any] = {"files": files, "allowed_mentions": NO_MENTIONS}
            if view is not None:
                kwargs["view"] = view
            return await user.send(content, **kwargs)
        except discord.Forbidden:
            retry = self.bot.settings.dm_block_seconds
            self.private.dm_blocked_until[user_id] = self.bot.clock.now() + retry
            chan = await self.private.channel(status.channel_id)
            if chan is not None:
                with (
                    contextlib.suppress(discord.HTTPException),
                    i18n.using(await self.private.server_language(status)),
                ):
                    await chan.send(
                        _(
                            "<@{user}>, I can't send you direct messages, so use `/hand` in this "
                            "channel to see your hand and make your moves. To get them by DM, "
                            "allow direct messages from this server's members (Privacy "
                            "Settings); I'll try again in {time}."
                        ).format(user=user_id, time=duration(retry)),
                        allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]),
                    )
            return None
        except discord.HTTPException as e:
            log.warning("game %s: DM to %s failed: %s", status.game_id, user_id, e)
            return None

    async def _dm(self, user_id: int, message_id: int) -> discord.PartialMessage | None:
        user = self.private.users.get(user_id) or self.bot.get_user(user_id)
        if user is None:
            try:
                user = self.private.users[user_id] = await self.bot.fetch_user(user_id)
            except discord.HTTPException:
                return None
        try:
            channel = user.dm_channel or await user.create_dm()
        except discord.HTTPException:
            return None
        return channel.get_partial_message(message_id)

    async def edit(
        self, user_id: int, message_id: int, composed: Composed | None, content: str = ""
    ) -> bool:
        """Edit a DM: into ``composed`` (its picture uploaded only when it changed), or, with
        ``composed=None``, into ``content`` without controls and without its picture (a
        decision that is over: an edit keeps only the attachments it lists, so none).
        ``False``: it is gone."""
        message = await self._dm(user_id, message_id)
        if message is None:
            return False
        try:
            if composed is None:
                await message.edit(
                    content=content, view=None, attachments=[], allowed_mentions=NO_MENTIONS
                )
                self._shown.pop(message_id, None)
            else:
                await message.edit(**self.edit_kwargs(message_id, composed))
        except discord.HTTPException:
            return False
        return True

    def edit_kwargs(self, message_id: int | None, composed: Composed) -> dict[str, Any]:
        """An edit into ``composed``: the picture goes up again only if the message does not
        show it already."""
        kwargs: dict[str, Any] = {
            "content": composed.content,
            "view": composed.view,
            "allowed_mentions": NO_MENTIONS,
        }
        if composed.keep:
            return kwargs
        if message_id is None or self._shown.get(message_id) != composed.shown:
            kwargs["attachments"] = composed.files
            if message_id is not None:
                self._shown[message_id] = composed.shown
        return kwargs

    async def delete(self, user_id: int, message_id: int) -> None:
        message = await self._dm(user_id, message_id)
        if message is not None:
            with contextlib.suppress(discord.HTTPException):
                await message.delete()
        self._shown.pop(message_id, None)
