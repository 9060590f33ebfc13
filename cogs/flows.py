"""The bot's flows, shared by slash commands, buttons and the scheduler loop.

Each flow makes one host call for the user's input and hands what was committed to
:class:`~cogs.delivery.Delivery`, which announces it from the outbox in version order. Every
refusal is a friendly ephemeral sentence; the checks run in a fixed order: the game belongs to
this server (and this channel, for channel actions), the user's seat, then the decision token.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

from cogs import answer, texts
from cogs.delivery import is_component, png_file
from cogs.flowbase import HINT
from cogs.lobby import Lobby
from cogs.replaying import Replaying
from host import (
    HostError,
    InvalidMoveError,
    NotYourTurnError,
    StaleVersionError,
)
from host.ai import HARD_SECONDS, HARD_WALL_FACTOR
from host.model import MoveResult
from render import i18n
from render.i18n import _

log = logging.getLogger("cogs.flows")

AI_ANSWER_WAIT = HARD_SECONDS * HARD_WALL_FACTOR + 0.6
"""Seconds a move waits for the AI seats it left the game waiting on, so one board shows both
(the move was acknowledged already, and Discord takes the answer for 15 minutes): a hard AI
thinks for its CPU budget, and on a busy machine up to its wall-clock cap."""


class Flows(Lobby, Replaying):
    """Game flows for one bot; also the components' :class:`~cogs.components.Handler`."""

    # -- moves ---------------------------------------------------------------------------------

    async def move(
        self,
        interaction: discord.Interaction[Any],
        notation: str,
        *,
        game_id: int | None = None,
        token: int | None = None,
    ) -> None:
        """Play ``notation`` for the user (``/move`` here, or a button / select anywhere)."""
        async with self.busy():
            self.delivery.remember(interaction.user)
            if notation.strip() == HINT:
                await answer.tell(
                    interaction,
                    _(
                        "That line is a hint, not a move: pick one of the moves in the list "
                        "(type a few letters to narrow it)."
                    ),
                )
                return
            if game_id is None:
                status = await self.game_here(interaction)
                if status is None:
                    return
                game_id = status.game_id
            component = is_component(interaction)
            user = interaction.user.id
            try:
                answering = await self.host.decisions.decision(
                    game_id, user, guild_id=interaction.guild_id
                )
                seen = (
                    await self.host.views.status(game_id, guild_id=interaction.guild_id)
                ).version
            except HostError as e:
                await answer.tell(interaction, await self.reason(e, mention=True))
                return
            async with self.delivery.lock(game_id):
                try:
                    result: MoveResult = await self.host.moves.act(
                        game_id,
                        user,
                        notation,
                        token,
                        channel_id=None if component else interaction.channel_id,
                        guild_id=interaction.guild_id,
                    )
                except StaleVersionError as e:
                    await self.stale(interaction, game_id, texts.refusal(e), already=e.already)
                    return
                except InvalidMoveError as e:
                    await answer.tell(
                        interaction, await self.explain_illegal(game_id, interaction, e)
                    )
                    return
                except NotYourTurnError as e:
                    await answer.tell(
                        interaction, await self.not_your_turn(interaction, game_id, seen, e)
                    )
                    return
                except HostError as e:
                    await answer.tell(interaction, await self.reason(e, mention=True))
                    return
                self.bot.wake_scheduler()
                await self.ai_answers(game_id)
                if component:
                    await self.delivery.announce(
                        game_id, click=interaction, result=result, kind=answering.kind, held=True
                    )
                else:
                    await self.delivery.announce(
                        game_id, reply=interaction, result=result, kind=answering.kind, held=True
                    )

    async def ai_answers(self, game_id: int) -> None:
        """When the move leaves the game waiting only on AI seats, give them a moment to answer
        (they think in worker processes) so the board shows their replies too: one board for
        the player's move and the AIs' answers, instead of a board that waits for an AI and
        the same board again a moment later."""
        status = await self.host.views.status(game_id)
        if status.status != "active" or not status.waiting_on:
            return
        if not all(s.ai_controlled for s in status.waiting_on):
            return
        loop = asyncio.get_running_loop()
        end = loop.time() + AI_ANSWER_WAIT
        while loop.time() < end:
            await asyncio.sleep(0.02)
            now = await self.host.views.status(game_id)
            if now.status != "active" or not all(s.ai_controlled for s in now.waiting_on):
                return

    async def not_your_turn(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        seen: int,
        error_: NotYourTurnError,
    ) -> str:
        """ "Not your turn", unless the user's own move just came first (a `/move` sent while
        their click on the same decision was being played): then what was played."""
        seat = None
        with contextlib.suppress(HostError):
            status = await self.host.views.status(game_id)
            seat = status.seat_of(interaction.user.id)
        if seat is not None:
            entries = await self.host.views.log(game_id, interaction.user.id, limit=20, after=seen)
            own = [e for e in entries if e.seat == seat.seat and e.by == "player"]
            if own:
                return _(
                    "Your move was already played a moment ago: {label}. Nothing else was played."
                ).format(label=texts.md(i18n.say(own[0].label, status.kind)))
        return await self.reason(error_, mention=True)

    async def on_act(
        self, interaction: discord.Interaction[Any], game_id: int, token: int, notation: str
    ) -> None:
        await self.move(interaction, notation, game_id=game_id, token=token)

    async def explain_illegal(
        self, game_id: int, interaction: discord.Interaction[Any], error_: HostError
    ) -> str:
        """The host's reason, plus what is legal when it does not list it already."""
        english = str(error_)  # the host's own sentence says whether it lists the legal moves
        text = texts.refusal(error_)
        if "Legal now" in english or "too long" in english:
            return text
        try:
            choices = await self.host.decisions.legal_choices(game_id, interaction.user.id)
        except HostError:
            return text
        shown = choices[:15]
        legal = ", ".join(f"`{c.notation}`" for c in shown)
        left = choices.total - len(shown)
        more = ""
        if left > 0:
            more = " " + _("… and {count} more (type in `/move` to narrow them)").format(count=left)
        return text + " " + _("Legal now: {moves}").format(moves=legal) + more

    async def stale(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        text: str,
        *,
        already: bool = False,
    ) -> None:
        """A click drawn for an older decision: nothing played. The clicked message, unless it
        is the player's current one or shows what their earlier click played (``already``: a
        second click on a decision that is played), says so and loses its controls; the player
        is told what happened since and where their current decision is."""
        if already:  # the clicked message shows what the first click played: it stays so
            await answer.tell(interaction, f"⚠️ {text}")
            return
        status = await self.host.views.status(game_id)
        seat = status.seat_of(interaction.user.id)
        clicked = interaction.message.id if interaction.message is not None else None
        current = seat.notified_message if seat is not None else None
        if is_component(interaction) and clicked not in (None, current):
            heading = await self.delivery.heading(status)
            await answer.edit_clicked(interaction, content=f"{heading}\n⌛ {text}", view=None)
        header = f"⚠️ {text}"
        if seat is not None:
            entries = await self.host.views.log(game_id, interaction.user.id, after=seat.token - 1)
            names = await self.delivery.seat_names(status)
            said = texts.narration(self.delivery.presentation(status), entries, names)
            if said:
                header += "\n" + _("Meanwhile:") + "\n" + self.delivery.meanwhile(said)
        decision = await self.host.decisions.decision(game_id, interaction.user.id)
        if current is not None and decision.kind is not None:
            await answer.tell(
                interaction,
                header + "\n" + _("Your current decision is in your newest DM from me."),
            )
            return
        await self.delivery.send_private(interaction, status, header, decision=decision)

    async def on_navigate(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        token: int,
        kind: str,
        arg: str,
    ) -> None:
        """Open a group or turn a page of the user's decision (plays nothing)."""
        try:
            status = await self.host.views.status(game_id, guild_id=interaction.guild_id)
            decision = await self.host.decisions.decision(
                game_id, interaction.user.id, guild_id=interaction.guild_id
            )
        except HostError as e:  # forged for another server's game, or for no game
            await answer.tell(interaction, texts.refusal(e))
            return
        if decision.kind is None or decision.token != token:
            await self.stale(
                interaction,
                game_id,
                _("This choice is out of date (the game moved on); nothing was played."),
            )
            return
        number = arg.split("~", 1)[0]  # "3~1": page 3, the label of row 1
        page = int(number) if kind == "p" and number.lstrip("-").isdigit() else 0
        group = arg if kind == "g" and arg else None
        old = interaction.message.content if interaction.message is not None else ""
        header = old.split("\n", 1)[0] or _("🂠 **Your decision** in game #{game}").format(
            game=game_id
        )
        composed = await self.delivery.compose(
            status,
            interaction.user.id,
            header=header,
            decision=decision,
            picture=False,  # the message keeps its picture
            page=page,
            group=group,
            in_dm=interaction.guild_id is None,
        )
        await answer.edit_clicked(interaction, content=composed.content, view=composed.view)

    async def on_window_order(
        self, interaction: discord.Interaction[Any], game_id: int, order: str
    ) -> None:
        """A standing order for optional windows, from the button on an offer."""
        try:
            status = await self.host.decisions.set_window_order(
                game_id, interaction.user.id, order, guild_id=interaction.guild_id
            )
        except HostError as e:
            await answer.tell(interaction, texts.refusal(e))
            return
        if order == "never":
            said = _("I won't ask you again in this game: every such chance passes by itself.")
        elif order == "ask":
            said = _("I'll ask you at every chance again.")
        else:
            seat = int(order.partition(":")[2])
            names = await self.delivery.seat_names(status)
            who = texts.md(names[seat]) if seat < len(names) else texts.seat_text(seat)
            said = _(
                "I'll ask you only after {name}'s turns; every other chance passes by itself."
            ).format(name=who)
        await answer.tell(
            interaction, "✅ " + said + " " + _("Change it any time with `/game interrupts`.")
        )
        self.bot.wake_scheduler()

    # -- hands ---------------------------------------------------------------------------------

    async def show_hand(
        self, interaction: discord.Interaction[Any], *, game_id: int | None = None
    ) -> None:
        """The user's own view, ephemeral (``/hand`` and the "My hand" button); it carries
        their decision from now on (their DM of it says so)."""
        async with self.busy():
            await self._show_hand(interaction, game_id)

    async def _show_hand(self, interaction: discord.Interaction[Any], game_id: int | None) -> None:
        self.delivery.remember(interaction.user)
        if game_id is None:
            status = await self.game_here(interaction, finished=True)
            if status is None:
                return
        else:
            try:
                status = await self.host.views.status(game_id, guild_id=interaction.guild_id)
            except HostError as e:
                await answer.tell(interaction, texts.refusal(e))
                return
        seat = status.seat_of(interaction.user.id)
        if seat is None:
            await answer.tell(
                interaction,
                _(
                    "You are not playing in game #{game}, so you have no hand there. "
                    "You can watch the board with `/game board`."
                ).format(game=status.game_id),
            )
            return
        if status.status == "lobby":
            await answer.tell(interaction, _("The game has not started yet: nothing is dealt."))
            return
        try:
            await self.host.views.private_view(status.game_id, interaction.user.id)
        except HostError as e:
            await answer.tell(interaction, texts.refusal(e))
            return
        header = _("🂠 **Your hand** in game #{game} ({title})").format(
            game=status.game_id, title=texts.md(texts.title_of(status))
        )
        await self.delivery.send_private(interaction, status, header)

    async def on_hand(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        await self.show_hand(interaction, game_id=game_id)

    async def on_picture(
        self, interaction: discord.Interaction[Any], game_id: int, key: str
    ) -> None:
        """One of the game's pictures, as it is now, only for the user who asked: a public one
        for anyone (a spectator too), a private one for a player."""
        self.delivery.remember(interaction.user)
        try:
            status = await self.host.views.status(game_id, guild_id=interaction.guild_id)
        except HostError as e:
            await answer.tell(interaction, texts.refusal(e))
            return
        picture = self.delivery.presentation(status).picture(key)
        if picture is None:
            await answer.tell(interaction, _("This game has no such picture."))
            return
        if status.status == "lobby":
            await answer.tell(
                interaction, _("The game has not started yet: there is nothing to show.")
            )
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
            image = await self.delivery.draw(status, picture, interaction.user.id)
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
