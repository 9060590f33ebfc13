"""Seats that change hands (issue 46): ``/game seat replace`` (a seat handed to another member),
``/game seat seek`` (a seat whose player left looks for a player), ``/game seat claim`` and the
**Take seat** buttons of ``/game list`` (a member takes such a seat, or an AI seat of a table
opened with ``claimable_ai``).

What the bot checks before it asks the host (``host.seats``): a seat goes only to a person
(never a bot) who can see the game's channel. After a change, under the game's delivery lock:
the old player's open decision message says the seat was handed over and loses its buttons
(their buttons elsewhere get a friendly answer from the host), the new player gets their
decision (or their hand) by DM as their setting allows, and the channel is told in public
words: who had the seat and who has it now, never a hand.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from cogs import access, answer, texts
from cogs.components import ClaimButton
from cogs.edge import Bot
from cogs.inbox import WANTS_DMS
from cogs.kit import Kit
from cogs.private import private_header
from host import GameStatus, Handover, HostError, SeatDecision, SeatInfo
from render import i18n
from render.i18n import _

MAX_CLAIM_BUTTONS = 25


def handed_away(status: GameStatus, user: int) -> str | None:
    """What a player whose seat was handed over (or claimed) reads instead of "not a player"
    (the host's words for it, ``host.games.not_seated``); ``None``: no seat of theirs was."""
    seat = next((s for s in status.seats if user in s.former and s.user_id is not None), None)
    if seat is None:
        return None
    return _(
        "Your seat in game #{game} was handed over: <@{player}> plays it now, so its "
        "decisions and buttons are theirs. Thank you for playing!"
    ).format(game=status.game_id, player=seat.user_id)


class Seating:
    """Hand-overs, seats looking for a player, claims (see the module)."""

    def __init__(self, bot: Bot, kit: Kit) -> None:
        self.bot = bot
        self.private, self.inbox, self.delivery = kit.private, kit.inbox, kit.delivery
        self.progress, self.refusals = kit.progress, kit.refusals

    # -- the commands ----------------------------------------------------------------------------

    async def replace(
        self, interaction: discord.Interaction[Any], member: Any, seat: int | None
    ) -> None:
        """``/game seat replace user [seat]``: the user's seat (or, for a server manager, seat
        ``seat``) handed to ``member``."""
        async with self.progress.busy():
            self.private.remember(interaction.user)
            status = await self.refusals.game_here(interaction)
            if status is None:
                return
            name = texts.md(getattr(member, "display_name", str(member)))
            if getattr(member, "bot", False):
                await answer.tell(interaction, _("Bots can't take a seat: hand it to a person."))
                return
            if not await access.member_may_view(interaction, member):
                await answer.tell(
                    interaction,
                    _(
                        "{name} can't see this channel, so they can't play here: give them "
                        "access to it first."
                    ).format(name=name),
                )
                return
            manager = bool(interaction.permissions.manage_guild)
            index = None if seat is None else seat - 1
            absent = False
            if manager and index is not None and 0 <= index < len(status.seats):
                holder = status.seats[index].user_id
                if holder is not None and holder != interaction.user.id:
                    absent = not await self._in_server(interaction, holder)
            async with self.delivery.lock(status.game_id):
                try:
                    handover = await self.bot.host.seats.replace(
                        status.game_id,
                        interaction.user.id,
                        member.id,
                        seat=index,
                        is_manager=manager,
                        absent=absent,
                        channel_id=interaction.channel_id,
                        guild_id=interaction.guild_id,
                    )
                except HostError as e:
                    await answer.tell(interaction, texts.refusal(e))
                    return
                self.private.remember(member)
                await self.handed(handover)
            await answer.tell(
                interaction,
                _("✅ Seat {seat} of game #{game} is {name}'s now.").format(
                    seat=handover.before.seat + 1, game=status.game_id, name=name
                ),
            )
        self.bot.wake_scheduler()

    async def claim(
        self, interaction: discord.Interaction[Any], seat: int | None, *, game_id: int | None
    ) -> None:
        """``/game seat claim [seat]`` here (``seat`` from 1), or **Take seat** of ``/game list``
        (``game_id`` and ``seat`` from 0): the user takes a seat the game offers."""
        async with self.progress.busy():
            self.private.remember(interaction.user)
            if game_id is None:
                status = await self.refusals.game_here(interaction)
                if status is None:
                    return
                index = None if seat is None else seat - 1
            else:
                try:
                    status = await self.bot.host.views.status(
                        game_id, guild_id=interaction.guild_id
                    )
                except HostError as e:
                    await answer.tell(interaction, texts.refusal(e))
                    return
                if not await access.Sight(interaction).may_view(status.channel_id):
                    await answer.tell(interaction, access.hidden(game_id))
                    return
                index = seat
            async with self.delivery.lock(status.game_id):
                try:
                    handover = await self.bot.host.seats.claim(
                        status.game_id, interaction.user.id, index, guild_id=interaction.guild_id
                    )
                except HostError as e:
                    await answer.tell(interaction, texts.refusal(e))
                    return
                await self.handed(handover)
            await answer.tell(
                interaction,
                _(
                    "🪑 You play seat {seat} of game #{game} now: your decisions come as your "
                    "`/game notify` setting says (or use `/hand` in {where})."
                ).format(
                    seat=handover.before.seat + 1,
                    game=status.game_id,
                    where=f"<#{status.channel_id}>",
                ),
            )
        self.bot.wake_scheduler()

    async def seek(self, interaction: discord.Interaction[Any], seat: int, looking: bool) -> None:
        """``/game seat seek seat [stop]``: the seat looks for a player (or no longer)."""
        async with self.progress.busy():
            self.private.remember(interaction.user)
            status = await self.refusals.game_here(interaction)
            if status is None:
                return
            try:
                status = await self.bot.host.seats.seek(
                    status.game_id,
                    interaction.user.id,
                    seat - 1,
                    looking=looking,
                    is_manager=bool(interaction.permissions.manage_guild),
                    channel_id=interaction.channel_id,
                    guild_id=interaction.guild_id,
                )
            except HostError as e:
                await answer.tell(interaction, texts.refusal(e))
                return
            info = status.seats[seat - 1]
            with i18n.using(await self.private.server_language(status)):  # the channel's
                said = await self._seek_line(status, info, looking)
            await self._post(status, said)
            await answer.tell(interaction, await self._seek_line(status, info, looking))

    async def _seek_line(self, status: GameStatus, info: SeatInfo, looking: bool) -> str:
        values = {
            "game": status.game_id,
            "seat": info.seat + 1,
            "who": await self._holder(status, info),
        }
        if looking:
            return _(
                "🪑 Game #{game} looks for a player for seat {seat} ({who}): take it with "
                "`/game seat claim seat:{seat}` here, or with its button in `/game list`."
            ).format(**values)
        return _("Seat {seat} of game #{game} ({who}) no longer looks for a player.").format(
            **values
        )

    # -- what a change tells -------------------------------------------------------------------

    async def handed(self, handover: Handover) -> None:
        """After a change: the old player's open message closed with why, the new player's
        decision or hand by DM, and the channel told."""
        status, before, to_user = handover.status, handover.before, handover.to_user
        if before.user_id is not None:
            with i18n.using(await self.private.user_language(before.user_id)):  # their DM
                line = _(
                    "🔁 This seat was handed over: <@{player}> plays it now, so this decision "
                    "and its buttons are theirs. Thank you for playing!"
                ).format(player=to_user)
                await self.inbox.close(status, before, line)
        with i18n.using(await self.private.user_language(to_user)):
            await self._welcome(status, handover.after, await self._holder(status, before))
        with i18n.using(await self.private.server_language(status)):
            values = {
                "game": status.game_id,
                "old": await self._holder(status, before),
                "new": f"<@{to_user}>",
                "by": texts.md(await self.private.name_of(handover.by_user)),
                "seat": before.seat + 1,
            }
            if handover.how == "claimed":
                text = _("🪑 {new} took over seat {seat} ({old}) of game #{game}.")
            elif handover.by_user == before.user_id:
                text = _("🔁 {old} handed their seat {seat} of game #{game} to {new}.")
            else:
                text = _("🔁 {by} handed seat {seat} ({old}) of game #{game} to {new}.")
            await self._post(status, text.format(**values), mention=to_user)

    async def _welcome(self, status: GameStatus, seat: SeatInfo, old: str) -> None:
        """The new player's first message of their seat: their decision, or their hand."""
        user = seat.user_id
        assert user is not None
        decision = await self.bot.host.decisions.decision(status.game_id, user)
        title = _("You play seat {seat} now (it was {old})").format(seat=seat.seat + 1, old=old)
        if decision.kind is not None and not await self.private.nothing_to_decide(status, decision):
            title = f"{title} · {self.private.title(status, decision)}"
            await self.inbox.dm_decision(status, seat, decision, title=title)
            return
        if await self.bot.host.people.notify_setting(user) not in WANTS_DMS:
            return
        quiet = SeatDecision(seat.seat, None, seat.token, False, None, ())
        header = private_header("🌋", title, status, await self.private.where(status))
        composed = await self.private.compose(status, user, header=header, decision=quiet)
        await self.inbox.dms.send(status, user, composed.content, composed.files, composed.view)

    async def _holder(self, status: GameStatus, info: SeatInfo) -> str:
        """A seat's player (or AI) as the channel names it, with its colour: never a ping."""
        if info.user_id is None:
            text = texts.md(texts.ai_label(info.ai or "AI"))
        else:
            text = texts.md(await self.private.name_of(info.user_id))
        return f"{text}, {texts.colour(info.colour, status.kind)}" if info.colour else text

    async def _post(self, status: GameStatus, text: str, *, mention: int | None = None) -> None:
        """A public line in the game's channel (``mention``: the one user it notifies)."""
        chan = await self.private.channel(status.channel_id)
        if chan is None:
            return
        if mention is None:
            kwargs: dict[str, Any] = answer.heard_by()
        else:
            kwargs = {"allowed_mentions": discord.AllowedMentions(users=[discord.Object(mention)])}
        try:
            await chan.send(text[: texts.CONTENT_LIMIT], **kwargs)
        except discord.HTTPException:
            return

    @staticmethod
    async def _in_server(interaction: discord.Interaction[Any], user_id: int) -> bool:
        """Whether ``user_id`` is still a member of the interaction's server (asked of
        Discord; when it cannot say, they count as present)."""
        guild = interaction.guild
        if guild is None:
            return True
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            return False
        except discord.HTTPException:
            return True
        return True

    # -- choices and buttons ---------------------------------------------------------------------

    async def seat_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        """The seats of the channel's game, for ``seat:`` (its number, who holds it, and
        whether it looks for a player or its player left)."""
        status = await self.bot.host.views.game_in_channel(interaction.channel_id or 0, peek=True)
        if status is None:
            return []
        out = []
        for info in status.seats:
            label = f"{info.seat + 1}. {await self._holder(status, info)}"
            if info.seeking:
                label += " · " + _("looks for a player")
            elif info.resigned:
                label += " · " + _("resigned")
            elif info.ai_controlled and info.user_id is not None:
                label += " · " + _("an AI plays it")
            if current.lower() in label.lower():
                out.append(app_commands.Choice(name=label[:100], value=info.seat + 1))
        return out[:25]

    async def claim_view(
        self, interaction: discord.Interaction[Any], games: list[GameStatus]
    ) -> discord.ui.View | None:
        """**Take seat** buttons under ``/game list`` for the open seats of games in channels
        the asker may view (``None``: no such seat)."""
        sight = access.Sight(interaction)
        view = discord.ui.View(timeout=None)
        for status in games:
            for info in status.open_seats:
                if len(view.children) >= MAX_CLAIM_BUTTONS:
                    return view
                if not await sight.may_view(status.channel_id):
                    break
                label = _("Take seat {seat} of game #{game}").format(
                    seat=info.seat + 1, game=status.game_id
                )
                view.add_item(ClaimButton(status.game_id, info.seat, label))
        return view if view.children else None
