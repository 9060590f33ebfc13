"""A move: played for the user (``/move``, a button or a select), then announced; what the
player is told when it is refused (whom the game waits for, what is legal now) or when it
came too late (the decision moved on); a decision's pages and groups; standing orders for
optional windows.

Checks run in a fixed order: the game belongs to this server (and this channel, for channel
actions), the user's seat, then the decision token. A flow holds the game's delivery lock from
its commit to its announcement; a move that leaves the game waiting only on AIs waits briefly
for them so one board shows both.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

from cogs import answer, texts
from cogs.edge import Bot
from cogs.kit import Kit
from cogs.private import is_component
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

HINT = "?"
"""The value of autocomplete lines that are hints, not moves."""
AI_ANSWER_WAIT = HARD_SECONDS * HARD_WALL_FACTOR + 0.6
JUST_PLAYED = 30.0
"""Seconds within which the seat's own newest move counts as the one a refused ``/move`` raced
(their click on the same decision, played just before the command's first look at the game)."""
"""Seconds a move waits for the AI seats it left the game waiting on, so one board shows both
(the move was acknowledged already, and Discord takes the answer for 15 minutes): a hard AI
thinks for its CPU budget, and on a busy machine up to its wall-clock cap."""


class Moves:
    """The move flow and what goes with it (see the module)."""

    def __init__(self, bot: Bot, kit: Kit) -> None:
        self.bot = bot
        self.private, self.inbox, self.delivery = kit.private, kit.inbox, kit.delivery
        self.progress, self.refusals = kit.progress, kit.refusals

    async def move(
        self,
        interaction: discord.Interaction[Any],
        notation: str,
        *,
        game_id: int | None = None,
        token: int | None = None,
    ) -> None:
        """Play ``notation`` for the user (``/move`` here, or a button / select anywhere)."""
        async with self.progress.busy():
            self.private.remember(interaction.user)
            if notation.strip() == HINT:
                await answer.tell(
                    interaction,
                    _(
                        "That line is a hint, not a move: pick one of the moves in the list "
                        "(type a few letters to narrow it)."
                    ),
                )
                return
            component = is_component(interaction)
            user = interaction.user.id
            with self.bot.host.peeking():  # as in memory: the move checks again
                game_id = await self.refusals.game_id(interaction, game_id)
                if game_id is None:
                    return
                try:
                    answering = await self.bot.host.decisions.decision(
                        game_id, user, guild_id=interaction.guild_id
                    )
                    seen = (
                        await self.bot.host.views.status(game_id, guild_id=interaction.guild_id)
                    ).version
                except HostError as e:
                    await answer.tell(interaction, await self.refusals.reason(e, mention=True))
                    return
            async with self.delivery.lock(game_id):
                try:
                    with self.bot.host.checked_once():  # the move's reads: one look
                        result: MoveResult = await self.bot.host.moves.act(
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
                    await answer.tell(interaction, await self.refusals.reason(e, mention=True))
                    return
                self.bot.wake_scheduler(game_id)
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
        with self.bot.host.peeking():  # as the move just made left it
            status = await self.bot.host.views.status(game_id)
        if status.status != "active" or not status.waiting_on:
            return
        if not all(s.ai_controlled for s in status.waiting_on):
            return
        loop = asyncio.get_running_loop()
        end = loop.time() + AI_ANSWER_WAIT
        while loop.time() < end:
            await asyncio.sleep(0.02)
            now = await self.bot.host.views.status(game_id)
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
        their click on the same decision was being played): then what was played. The click may
        have been played after the command's first look at the game (version ``seen``), or
        just before it: then it made ``seen`` itself, moments ago."""
        seat = None
        with contextlib.suppress(HostError):
            status = await self.bot.host.views.status(game_id)
            seat = status.seat_of(interaction.user.id)
        if seat is not None:
            entries = await self.bot.host.views.log(
                game_id, interaction.user.id, limit=20, after=max(0, seen - 1)
            )
            recent = self.bot.clock.now() - JUST_PLAYED
            own = [
                e
                for e in entries
                if e.seat == seat.seat
                and e.by == "player"
                and (
                    e.version > seen
                    # A locked seat is told so (its lock is what it played), not this.
                    or (e.version == seen and e.at >= recent and not error_.locked)
                )
            ]
            if own:
                return _(
                    "Your move was already played a moment ago: {label}. Nothing else was played."
                ).format(label=texts.md(i18n.say(own[0].label, status.kind)))
        return await self.refusals.reason(error_, mention=True)

    async def explain_illegal(
        self, game_id: int, interaction: discord.Interaction[Any], error_: InvalidMoveError
    ) -> str:
        """The host's reason, plus what is legal when it does not list it already."""
        text = texts.refusal(error_)
        if error_.lists_legal:
            return text
        try:
            choices = await self.bot.host.decisions.legal_choices(game_id, interaction.user.id)
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
        status = await self.bot.host.views.status(game_id)
        seat = status.seat_of(interaction.user.id)
        clicked = interaction.message.id if interaction.message is not None else None
        current = seat.notified_message if seat is not None else None
        if is_component(interaction) and clicked not in (None, current):
            heading = await self.inbox.heading(status)
            await answer.edit_clicked(interaction, content=f"{heading}\n⌛ {text}", view=None)
        header = f"⚠️ {text}"
        if seat is not None:
            entries = await self.bot.host.views.log(
                game_id, interaction.user.id, after=seat.token - 1
            )
            names = await self.private.seat_names(status)
            said = texts.narration(self.private.presentation(status), entries, names)
            if said:
                header += "\n" + _("Meanwhile:") + "\n" + self.delivery.meanwhile(said)
        decision = await self.bot.host.decisions.decision(game_id, interaction.user.id)
        if current is not None and decision.kind is not None:
            await answer.tell(
                interaction,
                header + "\n" + _("Your current decision is in your newest DM from me."),
            )
            return
        await self.inbox.send_private(interaction, status, header, decision=decision)

    async def navigate(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        token: int,
        kind: str,
        arg: str,
    ) -> None:
        """Open a group or turn a page of the user's decision (plays nothing)."""
        try:
            status = await self.bot.host.views.status(game_id, guild_id=interaction.guild_id)
            decision = await self.bot.host.decisions.decision(
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
        composed = await self.private.compose(
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

    async def window_order(
        self, interaction: discord.Interaction[Any], game_id: int, order: str
    ) -> None:
        """A standing order for optional windows, from the button on an offer."""
        try:
            status = await self.bot.host.decisions.set_window_order(
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
            names = await self.private.seat_names(status)
            who = texts.md(names[seat]) if seat < len(names) else texts.seat_text(seat)
            said = _(
                "I'll ask you only after {name}'s turns; every other chance passes by itself."
            ).format(name=who)
        await answer.tell(
            interaction, "✅ " + said + " " + _("Change it any time with `/game interrupts`.")
        )
        self.bot.wake_scheduler()
