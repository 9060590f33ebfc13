"""Undo (issue 46): **Undo** on a board and ``/game undo`` take back the user's last move when
nobody answered it yet and it revealed nothing; when another player acted since, the user may
**Ask the table to undo**: a vote in the channel (**Agree** / **Refuse**) that any other player
can refuse. What is taken back is announced like a move: a new board whose words say
"↩ bob took back: …" (``cogs.texts.narration``). A vote that ends without a click (someone
moved, or its time ran out) says so on its message, which loses its buttons (:meth:`close`:
after the game's moves, and from the scheduler loop when its time is up)."""

from __future__ import annotations

import contextlib
from typing import Any

import discord

from cogs import answer, texts
from cogs.components import undo_ask_view, undo_vote_view
from cogs.edge import Bot
from cogs.kit import Kit
from engine import text
from host import HostError
from host.model import GameStatus
from host.undo import UndoRefusedError, UndoVote
from render import i18n
from render.i18n import _


class Undoing:
    """The undo flow (see the module)."""

    def __init__(self, bot: Bot, kit: Kit) -> None:
        self.bot = bot
        self.private, self.delivery = kit.private, kit.delivery
        self.progress, self.refusals = kit.progress, kit.refusals

    async def take_back(self, interaction: discord.Interaction[Any], game_id: int | None) -> None:
        """Take back the user's last move (``/game undo``, **Undo** on a board)."""
        async with self.progress.busy():
            game_id = await self.refusals.game_id(interaction, game_id)
            if game_id is None:
                return
            async with self.delivery.lock(game_id):
                try:
                    result = await self.bot.host.undos.take_back(
                        game_id, interaction.user.id, guild_id=interaction.guild_id
                    )
                except UndoRefusedError as e:
                    view = undo_ask_view(game_id) if e.table else None
                    await answer.tell(interaction, texts.refusal(e), view=view)
                    return
                except HostError as e:
                    await answer.tell(interaction, await self.refusals.reason(e, mention=True))
                    return
                await self.delivery.announce(game_id, held=True)
            self.bot.wake_scheduler()
            said = _("↩ You took back: {move}. The board is in {where}.")
            where = f"<#{result.channel_id}>"
            await answer.tell(interaction, said.format(move=i18n.say(result.label), where=where))

    async def ask(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """**Ask the table to undo**: the vote posted in the game's channel."""
        async with self.progress.busy():
            try:
                vote = await self.bot.host.undos.ask(
                    game_id, interaction.user.id, guild_id=interaction.guild_id
                )
            except HostError as e:
                await answer.tell(interaction, await self.refusals.reason(e, mention=True))
                return
            status = await self.bot.host.views.status(game_id)
            if vote.result is not None:  # nobody to ask: the others are AIs
                async with self.delivery.lock(game_id):
                    await self.delivery.announce(game_id, held=True)
                self.bot.wake_scheduler()
                await answer.tell(interaction, _("↩ Taken back: only AIs play with you."))
                return
            chan = await self.private.channel(status.channel_id)
            if chan is not None:
                words = await self.words(status, vote)
                voters = [
                    discord.Object(id=s.user_id)
                    for s in status.seats
                    if s.seat in vote.voters and s.user_id is not None
                ]
                mentions = discord.AllowedMentions(users=voters, roles=False, everyone=False)
                posted = await chan.send(
                    words,
                    view=undo_vote_view(game_id, vote.version),
                    **answer.heard_by(mentions),
                )
                await self.bot.host.undos.posted(game_id, vote.version, posted.id)
            await answer.tell(interaction, _("You asked the table; the vote is in the channel."))

    async def vote(
        self, interaction: discord.Interaction[Any], game_id: int, version: int, agree: bool
    ) -> None:
        """**Agree** / **Refuse** on the vote's message, which then shows how it stands."""
        async with self.progress.busy():
            async with self.delivery.lock(game_id):
                try:
                    vote = await self.bot.host.undos.vote(
                        game_id, interaction.user.id, version, agree, guild_id=interaction.guild_id
                    )
                except UndoRefusedError as e:  # over: answered, or the game moved on
                    message = interaction.message
                    if message is not None and message.components:
                        status = await self.bot.host.views.status(game_id)
                        with i18n.using(await self.private.server_language(status)):
                            over = _("⌛ The vote is over (time ran out, or the game moved on).")
                        content = f"{message.content}\n{over}"
                        await answer.edit_clicked(interaction, content=content, view=None)
                    await answer.tell(interaction, texts.refusal(e))
                    return
                except HostError as e:
                    await answer.tell(interaction, await self.refusals.reason(e, mention=True))
                    return
                status = await self.bot.host.views.status(game_id)
                words = await self.words(status, vote)
                view = undo_vote_view(game_id, vote.version) if vote.open else None
                await answer.edit_clicked(interaction, content=words, view=view)
                if vote.result is not None:
                    await self.delivery.announce(game_id, held=True)
            self.bot.wake_scheduler()

    async def close(self, game_id: int) -> None:
        """The game's vote, if it is over without a click (a move, or its time ran out): its
        message says so and loses its buttons."""
        vote = await self.bot.host.undos.close(game_id)
        if vote is None or vote.message_id is None:
            return
        chan = await self.private.channel(vote.channel_id)
        if chan is None:
            return
        words = await self.words(await self.bot.host.views.status(game_id), vote)
        with contextlib.suppress(discord.HTTPException):  # deleted meanwhile: nothing to say
            await chan.get_partial_message(vote.message_id).edit(
                content=words, view=None, allowed_mentions=answer.NO_MENTIONS
            )

    async def words(self, status: GameStatus, vote: UndoVote) -> str:
        """The vote's message, in the channel's language: who asks to take back what, who
        must agree and who did, or how it ended."""
        with i18n.using(await self.private.server_language(status)):
            names = [texts.md(n) for n in await self.private.seat_names(status)]
            who = names[vote.seat]
            move = i18n.say(text.from_json(vote.label)) if vote.label else ""
            lines = [_("↩ {name} asks the table to take back: {move}").format(name=who, move=move)]
            if vote.result is not None:
                lines.append(_("✅ Everyone agreed: it is taken back."))
            elif vote.refused_by is not None:
                lines.append(
                    _("❌ {name} refused: the move stands.").format(name=names[vote.refused_by])
                )
            elif vote.lapsed:
                lines.append(_("⌛ The vote is over (time ran out, or the game moved on)."))
            else:
                mentions = [
                    f"<@{s.user_id}>" for s in status.seats if s.seat in vote.voters and s.user_id
                ]
                lines.append(
                    _(
                        "{players}: everyone must agree, and one refusal keeps the move. The "
                        "vote ends {when}, or as soon as anyone moves."
                    ).format(players=", ".join(mentions), when=f"<t:{int(vote.expires_at)}:R>")
                )
                if vote.agreed:
                    agreed = ", ".join(names[s] for s in vote.agreed)
                    lines.append(_("Agreed so far: {names}").format(names=agreed))
            return "\n".join(lines)
