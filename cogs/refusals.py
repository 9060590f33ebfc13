"""What a user is told when a flow cannot go on: the host's refusals as the place they are
shown in can show them, "no game in this channel", and the apology for a bug."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from cogs import answer, texts
from cogs.edge import Bot
from cogs.private import Private
from host import GameStatus, HostError, NotYourTurnError, SeatInfo
from render.i18n import _

log = logging.getLogger("cogs.flows")


class Refusals:
    """Refusals and apologies (see the module); names come from ``private``."""

    def __init__(self, bot: Bot, private: Private) -> None:
        self.bot = bot
        self.private = private

    async def reason(self, error_: HostError, *, mention: bool) -> str:
        """The host's refusal as this place can show it: "not your turn" names whom the game
        waits for, as mentions in a message or as names where mentions cannot show."""
        if not isinstance(error_, NotYourTurnError):
            return texts.refusal(error_)
        whos: dict[int, str] = {}
        for s in error_.waiting_on:
            if s.user_id is None:
                text = texts.md(texts.ai_label(s.ai or _("an AI")))
            elif mention:
                text = f"<@{s.user_id}>"
            else:
                text = await self.private.name_of(s.user_id)
            whos[s.seat] = f"{text} ({texts.colour(s.colour, error_.game)})" if s.colour else text

        def name(seat: SeatInfo) -> str:
            return whos[seat.seat]

        return error_.naming(name)

    async def game_here(
        self, interaction: discord.Interaction[Any], *, finished: bool = False
    ) -> GameStatus | None:
        """The game of the interaction's channel (``finished``: or, when none is open, the last
        one that ended there); answers the user itself when there is none."""
        channel_id = interaction.channel_id or 0
        if finished:
            status = await self.bot.host.views.last_game_in_channel(channel_id)
        else:
            status = await self.bot.host.views.game_in_channel(channel_id)
        if status is None:
            await answer.tell(
                interaction, _("There is no game in this channel. Start one with `/game new`.")
            )
        return status

    async def game_id(
        self, interaction: discord.Interaction[Any], game_id: int | None
    ) -> int | None:
        """``game_id`` when a control names it, else the game of the interaction's channel
        (:meth:`game_here`: the user is answered when there is none)."""
        if game_id is not None:
            return game_id
        status = await self.game_here(interaction)
        return None if status is None else status.game_id

    async def unexpected(
        self,
        interaction: discord.Interaction[Any],
        error_: BaseException,
        game_id: int | None,
        what: str,
    ) -> None:
        """A bug: log it with the game id, give the user a short apology. (An interaction
        Discord no longer takes answers for is no bug: the player saw it fail already.)"""
        if answer.gone(error_):
            log.warning("%s in game %s: Discord no longer takes its answer", what, game_id)
            return
        log.error(
            "unexpected error in %s (game %s, user %s)",
            what,
            game_id,
            interaction.user.id,
            exc_info=error_,
        )
        with contextlib.suppress(discord.HTTPException):
            await answer.tell(
                interaction,
                _("Sorry, something went wrong on my side; it has been logged. Please try again."),
            )
