"""What every flow of the bot shares: the bot, its delivery, the lobby messages it keeps, the
count of flows in progress (``idle`` waits for them), the host's refusals as this place can
show them, the game of a channel, and the apology for a bug; the permissions a game needs."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord

from cogs import answer, texts
from cogs.delivery import Delivery
from host import (
    GameStatus,
    Host,
    HostError,
    NotYourTurnError,
    SeatInfo,
)
from render.i18n import N_, _

log = logging.getLogger("cogs.flows")

NEEDED = {
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "attach_files": N_("Attach Files"),
}
"""Discord's names of the permissions (``_()`` when shown: Discord's own words in each language)."""
NEEDED_IN_THREADS = {
    "view_channel": N_("View Channel"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
    "attach_files": N_("Attach Files"),
}
NEEDED_FOR_THREAD = {
    "create_public_threads": N_("Create Public Threads"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
}
HINT = "?"
"""The value of autocomplete lines that are hints, not moves."""


def missing_permissions(
    interaction: discord.Interaction[Any], *, new_thread: bool = False
) -> str | None:
    """A sentence naming the permissions the bot lacks in the interaction's channel to run a
    game there (``new_thread``: to open a thread for it), or ``None``."""
    in_thread = isinstance(interaction.channel, discord.Thread)
    needed = dict(NEEDED_IN_THREADS if in_thread or new_thread else NEEDED)
    if new_thread and not in_thread:
        needed |= NEEDED_FOR_THREAD
    perms = interaction.app_permissions
    missing = [_(label) for attr, label in needed.items() if not getattr(perms, attr)]
    if not missing:
        return None
    many = len(missing) > 1
    listed = ", ".join(f"**{m}**" for m in missing)
    if many:
        text = _(
            "I can't run a game here: I'm missing the {permissions} permissions in this channel. "
            "Ask a moderator to grant them."
        )
    else:
        text = _(
            "I can't run a game here: I'm missing the {permissions} permission in this channel. "
            "Ask a moderator to grant it."
        )
    return text.format(permissions=listed)


class FlowsBase:
    """What the flows share (see the module)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.delivery = Delivery(bot)
        self.lobbies: dict[int, discord.Message | discord.PartialMessage] = {}
        """game id -> its lobby message (edited as players join, buttons off at the start)."""
        self._busy = 0
        self._idle: asyncio.Event | None = None

    @property
    def host(self) -> Host:
        host: Host = self.bot.host
        return host

    @contextlib.asynccontextmanager
    async def busy(self) -> AsyncIterator[None]:
        """Marks a flow in progress (its messages may still be on their way)."""
        if self._idle is None:
            self._idle = asyncio.Event()
            self._idle.set()
        self._busy += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if self._busy == 0:
                self._idle.set()

    async def idle(self) -> None:
        """Wait until no flow is in progress: every board, DM and reply has been sent."""
        if self._idle is not None:
            await self._idle.wait()

    # -- small helpers -------------------------------------------------------------------------

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
                text = await self.delivery.name_of(s.user_id)
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
            status = await self.host.views.last_game_in_channel(channel_id)
        else:
            status = await self.host.views.game_in_channel(channel_id)
        if status is None:
            await answer.tell(
                interaction, _("There is no game in this channel. Start one with `/game new`.")
            )
        return status

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
