"""``/game hint``: a learning player's hint, only for them: the move the normal AI would play
for their decision now, and one sentence of why in the game's terms (its presentation words the
engine's reason; ``host.hints`` decides who may ask and counts the hints)."""

from __future__ import annotations

from typing import Any

import discord

from cogs import answer, texts
from cogs.flows import CommandBot
from engine.ai.hints import ONLY
from host.hints import HintGiven
from render import i18n
from render.i18n import _, ngettext


class Hinting:
    """Answers ``/game hint`` (declared by :class:`cogs.game.GameCog`)."""

    def __init__(self, bot: CommandBot) -> None:
        self.bot = bot

    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        status = await self.bot.flows.refusals.game_here(interaction)
        if status is None:
            return
        given = await self.bot.host.hints.hint(
            status.game_id,
            interaction.user.id,
            channel_id=interaction.channel_id,
            guild_id=interaction.guild_id,
        )
        await answer.tell(interaction, self.text(given))

    def text(self, given: HintGiven) -> str:
        """The hint in the reader's language (the current one)."""
        words = self.bot.host.plugin(given.kind).presentation.words
        why = words.reason(given.reason, given.view) if words.reason is not None else ""
        if not why:
            why = (
                _("It is your only choice.")
                if given.reason.key == ONLY
                else _("By the AI's reckoning it leaves you best placed.")
            )
        used = ngettext(
            "-# You have used {count} hint in this game; the final board shows it.",
            "-# You have used {count} hints in this game; the final board shows it.",
            given.used,
        ).format(count=given.used)
        head = _("💡 **Hint**: the normal AI would play **{label}** (`{notation}`).").format(
            label=texts.md(i18n.say(given.label, given.kind)), notation=given.notation
        )
        return "\n".join((head, why, used))
