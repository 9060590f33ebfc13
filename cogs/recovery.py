"""After a crash: which board of a game the channel shows (issue 44, item 23).

A board message says the version it tells up to in its **Text board** button's id
(:func:`cogs.components.board_version`), which Discord keeps with the message and returns when
the channel's messages are read. A delivery that finds rows a process which died may have told
already (``host.outbox.Outbox.left_behind``) reads the channel's last messages once, so the
next board tells only what the channel does not show yet (``Delivery._recover``)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from cogs.components import board_version
from host import GameStatus

log = logging.getLogger("cogs.delivery")

RECENT = 50
"""The channel's last messages read for the board it shows."""


async def shown(
    chan: Any, me: discord.ClientUser | None, status: GameStatus
) -> tuple[int, int] | None:
    """``(version, message)`` of the newest board of the game among ``chan``'s last
    :data:`RECENT` messages posted by ``me`` (the bot); ``None``: none found, or the channel
    cannot be read."""
    if me is None:
        return None
    final = status.version if status.status == "finished" else None
    try:
        async for message in chan.history(limit=RECENT):
            if message.author.id != me.id:
                continue
            ids = [
                str(getattr(child, "custom_id", "") or "")
                for row in message.components
                for child in getattr(row, "children", [row])
            ]
            version = board_version(ids, status.game_id, final)
            if version is not None:
                return version, int(message.id)
    except discord.HTTPException:
        log.warning("game %s: its channel's last messages cannot be read", status.game_id)
    return None
