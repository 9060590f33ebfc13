"""Private messages: what the bot says to one player. A player's own message (their hand in
words and picture, the board when it helps, their decision's controls) goes by DM (closed DMs:
a word in the channel, tried again later) or in the reply to their own command or click;
reminders; the names, places and images these need. :class:`cogs.delivery.Delivery` builds on
it to send everything a committed move announces.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Sequence
from typing import Any, Protocol

import discord

from cogs import texts
from cogs.components import controls_view, window_order_buttons
from cogs.settings import Settings
from engine.core import ActionChoice
from host import GameStatus, Host, MoveResult, Reminder, SeatDecision, SeatInfo
from host.clock import Clock
from render.presentation import Image, Picture, Presentation
from render.text import duration

log = logging.getLogger("cogs.private")

MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)
NO_MENTIONS = discord.AllowedMentions.none()
IMAGE_CACHE = 64


class Bot(Protocol):
    """What delivery and private messages need of the bot."""

    settings: Settings
    clock: Clock

    @property
    def host(self) -> Host: ...

    def get_channel(self, id: int, /) -> Any: ...

    async def fetch_channel(self, id: int, /) -> Any: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def fetch_user(self, id: int, /) -> discord.User: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...


def png_file(image: Image) -> discord.File:
    return discord.File(io.BytesIO(image.png), filename=image.filename)


def is_component(interaction: discord.Interaction[Any] | None) -> bool:
    return interaction is not None and interaction.type == discord.InteractionType.component


class Private:
    """What a bot says to one player: their own message (hand, decision, controls), by DM or
    in the reply to their command or click, and the names, places and images that go in it."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.names: dict[int, str] = {}
        self.users: dict[int, discord.User | discord.Member] = {}
        self.dm_blocked_until: dict[int, float] = {}
        self.warm_up: asyncio.Future[None] | None = None
        self._images: dict[tuple[Any, ...], Image] = {}

    @property
    def host(self) -> Host:
        return self.bot.host

    # -- names, places, images -----------------------------------------------------------------

    def remember(self, user: discord.User | discord.Member) -> None:
        self.names[user.id] = user.display_name
        self.users[user.id] = user

    async def name_of(self, user_id: int) -> str:
        name = self.names.get(user_id)
        if name is None:
            user = self.bot.get_user(user_id)
            if user is None:
                try:
                    user = self.users[user_id] = await self.bot.fetch_user(user_id)
                except discord.HTTPException:
                    return f"Player {user_id}"
            name = self.names[user_id] = user.display_name
        return name

    async def seat_names(self, status: GameStatus) -> list[str]:
        """Each seat's name as it is (escape it for text with :func:`texts.md`)."""
        return [
            (s.ai or "AI") if s.user_id is None else await self.name_of(s.user_id)
            for s in status.seats
        ]

    async def channel(self, channel_id: int) -> Any:
        chan = self.bot.get_channel(channel_id)
        if chan is None:
            try:
                chan = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
        return chan

    def dms_blocked(self, user_id: int) -> bool:
        until = self.dm_blocked_until.get(user_id)
        return until is not None and self.bot.clock.now() < until

    def presentation(self, status: GameStatus) -> Presentation:
        return self.host.plugin(status.kind).presentation

    async def board_image(
        self, status: GameStatus, view: dict[str, Any], names: Sequence[str]
    ) -> Image:
        """The game's board now (rendered in a thread, once per version and names: the channel
        post and the private messages of one move share it)."""
        return await self.public_picture(status, self.presentation(status).board, view, names)

    async def public_picture(
        self, status: GameStatus, picture: Picture, view: dict[str, Any], names: Sequence[str]
    ) -> Image:
        """A public picture of the game now, cached per version and names."""
        assert picture.public is not None
        key = (status.game_id, status.version, picture.key, tuple(names))
        cached = self._images.get(key)
        if cached is not None:
            return cached
        if self.warm_up is not None:
            await asyncio.shield(self.warm_up)
        image = await asyncio.to_thread(picture.public, view, names)
        self._images[key] = image
        while len(self._images) > IMAGE_CACHE:
            self._images.pop(next(iter(self._images)))
        return image

    # -- private decisions ---------------------------------------------------------------------

    async def private_message(
        self,
        status: GameStatus,
        user_id: int,
        *,
        header: str,
        decision: SeatDecision | None = None,
        with_images: bool = True,
        page: int = 0,
        group: str | None = None,
    ) -> tuple[str, list[discord.File], discord.ui.View | None]:
        """A player's own message: their hand in words and picture, the board when it helps,
        and their decision's controls (``page`` / ``group``: where the player navigated in
        them). Only for that player."""
        pv = await self.host.private_view(status.game_id, user_id)
        presentation = self.presentation(status)
        if decision is None:
            decision = await self.host.decision(status.game_id, user_id)
        choices = [ActionChoice(c.notation, c.label) for c in decision.choices]
        lines = [header]
        if status.status == "finished":
            lines.append("This game is over.")
        elif status.status == "cancelled":
            lines.append("This game was cancelled.")
        hand = presentation.words.hand(pv.view)
        if hand:
            lines.append(hand)
        view: discord.ui.View | None = None
        if decision.kind is not None and choices:
            what = presentation.words.decision(pv.view)
            if decision.waited and what:
                lines.append(f"**Your decision:** {what}{texts.deadline_text(decision.deadline)}")
            elif not decision.waited:
                lines.append("**You may act now, out of turn:**")
            controls = presentation.controls(pv.view, pv.seat, choices)
            extra = await self._window_buttons(status, decision)
            drawn = controls_view(
                status.game_id, decision.token, controls, page=page, group=group, extra=extra
            )
            view = drawn.view
            if drawn.text:
                lines.append(drawn.text)
            lines.append("Choose below, or type `/move` in the game's channel.")
        files: list[discord.File] = []
        if with_images:
            key = presentation.picture_for(pv.view, choices)
            picture = presentation.picture(key) if key else None
            image = None
            if picture is not None:
                image = await self.draw(status, picture, user_id, pv.view, choices)
            if image is not None:
                files.append(png_file(image))
        return "\n".join(lines)[: texts.CONTENT_LIMIT], files, view

    async def draw(
        self,
        status: GameStatus,
        picture: Picture,
        user_id: int,
        own_view: dict[str, Any] | None = None,
        choices: Sequence[ActionChoice] = (),
    ) -> Image | None:
        """``picture`` as ``user_id`` may see it: a public one from the public view, a private
        one from their own view (``own_view``, read when not given)."""
        if picture.public is not None:
            public = await self.host.public_view(status.game_id)
            names = await self.seat_names(status)
            return await self.public_picture(status, picture, public, names)
        assert picture.private is not None
        if own_view is None:
            own_view = (await self.host.private_view(status.game_id, user_id)).view
        if self.warm_up is not None:
            await asyncio.shield(self.warm_up)
        name = await self.name_of(user_id)
        return await asyncio.to_thread(picture.private, own_view, name, choices)

    async def _window_buttons(
        self, status: GameStatus, decision: SeatDecision
    ) -> list[discord.ui.Item[Any]]:
        """Standing orders on a window's offer (:func:`window_order_buttons`)."""
        if decision.kind != "window":
            return []
        seat = next((s for s in status.seats if s.seat == decision.seat), None)
        order = "ask" if seat is None else seat.window_order
        names = await self.seat_names(status)
        return window_order_buttons(status.game_id, decision.seat, order, decision.origin, names)

    async def send_dm(
        self,
        status: GameStatus,
        user_id: int,
        content: str,
        files: list[discord.File],
        view: discord.ui.View | None,
    ) -> discord.Message | None:
        """DM a player; on closed DMs (50007) tell the channel, without secrets, and wait a
        while before trying again."""
        if self.dms_blocked(user_id):
            return None
        user = self.users.get(user_id) or self.bot.get_user(user_id)
        try:
            if user is None:
                user = self.users[user_id] = await self.bot.fetch_user(user_id)
            kwargs: dict[str, Any] = {"files": files, "allowed_mentions": NO_MENTIONS}
            if view is not None:
                kwargs["view"] = view
            return await user.send(content, **kwargs)
        except discord.Forbidden:
            retry = self.bot.settings.dm_block_seconds
            self.dm_blocked_until[user_id] = self.bot.clock.now() + retry
            chan = await self.channel(status.channel_id)
            if chan is not None:
                with contextlib.suppress(discord.HTTPException):
                    await chan.send(
                        f"<@{user_id}>, I can't send you direct messages, so use `/hand` in this "
                        "channel to see your hand and make your moves. To get them by DM, allow "
                        "direct messages from this server's members (Privacy Settings); I'll "
                        f"try again in {duration(retry)}.",
                        allowed_mentions=MENTION_USERS,
                    )
            return None
        except discord.HTTPException as e:
            log.warning("game %s: DM to %s failed: %s", status.game_id, user_id, e)
            return None

    async def close_dm(self, user_id: int, message_id: int) -> None:
        """Take the buttons off a DM whose decision is over (it stays as it was, readable)."""
        user = self.users.get(user_id) or self.bot.get_user(user_id)
        if user is None:
            return
        with contextlib.suppress(discord.HTTPException, AttributeError):
            channel = user.dm_channel or await user.create_dm()
            message = channel.get_partial_message(message_id)
            await message.edit(view=None)

    async def dm_decision(
        self, status: GameStatus, seat: SeatInfo, decision: SeatDecision, *, title: str
    ) -> bool:
        """DM a player their decision (with their hand and the board); ``True`` if sent."""
        assert seat.user_id is not None
        where = await self.where(status)
        header = f"🌋 **{title}** in game #{status.game_id} ({texts.md(status.title)}) in {where}"
        content, files, view = await self.private_message(
            status, seat.user_id, header=header, decision=decision
        )
        sent = await self.send_dm(status, seat.user_id, content, files, view)
        if sent is None:
            return False
        if seat.notified_message is not None and seat.notified_message != sent.id:
            await self.close_dm(seat.user_id, seat.notified_message)
        await self.host.set_notified(status.game_id, seat.seat, decision.token, sent.id)
        return True

    async def where(self, status: GameStatus) -> str:
        chan = await self.channel(status.channel_id)
        guild = self.bot.get_guild(status.guild_id)
        place = f"<#{status.channel_id}>"
        if chan is not None and getattr(chan, "name", None):
            place = f"#{texts.md(chan.name)}"
        if guild is not None:
            place += f" on **{texts.md(guild.name)}**"
        link = f"https://discord.com/channels/{status.guild_id}/{status.channel_id}"
        return f"{place} — {link}"

    async def nothing_to_decide(self, status: GameStatus, decision: SeatDecision) -> bool:
        """The player's only choice is what the rules play anyway when they stay silent (a
        permit holder with nothing that fits): they are not pinged, and nothing public shows
        who these players are."""
        if len(decision.choices) != 1 or decision.seat < 0:
            return False
        info = next(s for s in status.seats if s.seat == decision.seat)
        if info.user_id is None:
            return False
        default = await self.host.rules_default(status.game_id, info.user_id)
        return default is not None and decision.choices[0].notation == default

    async def notify(self, status: GameStatus, *, answered: int | None = None) -> None:
        """DM every human whose decision changed since they were last told (their decision
        token), while they still have it; take the buttons off DMs whose decision is over.
        ``answered``: a user whose decision was just given to them in a reply."""
        for seat in status.seats:
            user = seat.user_id
            if user is None or seat.resigned or seat.ai_controlled or user == answered:
                continue
            decision = await self.host.decision(status.game_id, user)
            if decision.kind is None or status.status != "active":
                if seat.notified_message is not None:
                    await self.close_dm(user, seat.notified_message)
                if seat.notified_token is not None or seat.notified_message is not None:
                    await self.host.set_notified(status.game_id, seat.seat, None, None)
                continue
            if seat.notified_token == decision.token:
                continue  # they have it already
            if await self.nothing_to_decide(status, decision):
                await self.host.set_notified(status.game_id, seat.seat, decision.token, None)
                continue
            title = texts.KIND_TITLES.get(decision.kind, "Your move")
            await self.dm_decision(status, seat, decision, title=title)

    async def _answer_click(
        self, interaction: discord.Interaction[Any], status: GameStatus, result: MoveResult | None
    ) -> int | None:
        """A click was played: its message (a DM or an ephemeral reply) becomes the player's
        next decision, edited in place, or says what was played. Returns the user when their
        next decision was given here."""
        user = interaction.user.id
        decision = await self.host.decision(status.game_id, user)
        label = result.label if result is not None else "your move"
        header = f"✅ Played: {texts.md(label)}."
        if decision.kind is None:
            if not interaction.response.is_done():
                await interaction.response.edit_message(
                    content=f"{header} The board is in <#{status.channel_id}>.",
                    view=None,
                    attachments=[],
                )
            return None
        content, files, view = await self.private_message(
            status, user, header=header, decision=decision
        )
        if not interaction.response.is_done():
            await interaction.response.edit_message(content=content, attachments=files, view=view)
        else:
            await interaction.edit_original_response(content=content, attachments=files, view=view)
        seat = status.seat_of(user)
        if seat is not None:
            message = interaction.message.id if interaction.message is not None else None
            dm = interaction.guild_id is None
            if seat.notified_message not in (None, message):
                assert seat.notified_message is not None
                await self.close_dm(user, seat.notified_message)
            await self.host.set_notified(
                status.game_id, seat.seat, decision.token, message if dm else None
            )
        return user

    async def _reply_private(
        self, interaction: discord.Interaction[Any], status: GameStatus, result: MoveResult
    ) -> int | None:
        """A command that did not end the player's turn: the next decision, only for them."""
        try:
            if not interaction.response.is_done():
                await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.NotFound:
            log.warning("game %s: the reply came too late; the decision goes by DM", result.game_id)
            return None
        entries = await self.host.log(status.game_id, None, limit=1)
        names = await self.seat_names(status)
        said = texts.narration(self.presentation(status), entries, names)
        header = "\n".join([f"✅ You played: {texts.md(result.label)}", *said])
        return await self.send_private(interaction, status, header)

    async def _follow_up(
        self, interaction: discord.Interaction[Any], status: GameStatus, result: MoveResult
    ) -> int | None:
        """After the board answered the mover's command: their own next decision, if any
        (the mover's permit offer comes first, in the confirmation of their turn)."""
        decision = await self.host.decision(status.game_id, interaction.user.id)
        if decision.kind is None:
            return None
        header = f"✅ You played: {texts.md(result.label)}"
        return await self.send_private(interaction, status, header, decision=decision)

    async def send_private(
        self,
        interaction: discord.Interaction[Any],
        status: GameStatus,
        header: str,
        *,
        decision: SeatDecision | None = None,
    ) -> int | None:
        """The user's own message as an ephemeral follow-up (the interaction is answered or
        deferred already); records their decision as delivered."""
        user = interaction.user.id
        if decision is None:
            decision = await self.host.decision(status.game_id, user)
        content, files, view = await self.private_message(
            status, user, header=header, decision=decision
        )
        kwargs: dict[str, Any] = {"files": files, "ephemeral": True}
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(content, allowed_mentions=NO_MENTIONS, **kwargs)
        seat = status.seat_of(user)
        if seat is not None and decision.kind is not None:
            if seat.notified_message is not None:  # its buttons are superseded by this reply
                await self.close_dm(user, seat.notified_message)
            await self.host.set_notified(status.game_id, seat.seat, decision.token, None)
        return user

    async def _starting_hands(self, status: GameStatus) -> None:
        """At the start, every human without a decision gets their hand (those with one get it
        with their decision)."""
        for seat in status.seats:
            if seat.user_id is None:
                continue
            decision = await self.host.decision(status.game_id, seat.user_id)
            if decision.kind is not None:
                continue
            pv = await self.host.private_view(status.game_id, seat.user_id)
            if not self.presentation(status).words.hand(pv.view):
                continue
            where = await self.where(status)
            header = (
                f"🌋 **Your starting hand** in game #{status.game_id} "
                f"({texts.md(status.title)}) in {where}"
            )
            content, files, view = await self.private_message(
                status, seat.user_id, header=header, decision=decision
            )
            await self.send_dm(status, seat.user_id, content, files, view)

    async def remind(self, note: Reminder) -> None:
        """A player's decision is still pending: a DM with it again, else a channel mention."""
        status = await self.host.status(note.game_id)
        seat = next((s for s in status.seats if s.seat == note.seat), None)
        if seat is None or seat.user_id is None:
            return
        decision = await self.host.decision(status.game_id, seat.user_id)
        if decision.kind is None or await self.nothing_to_decide(status, decision):
            return
        what = texts.REMINDED.get(decision.kind, "your move")
        title = f"⏳ Reminder: {duration(note.remaining)} left for {what}"
        if await self.dm_decision(status, seat, decision, title=title):
            return
        chan = await self.channel(note.channel_id)
        if chan is not None:
            await chan.send(
                f"⏳ <@{note.user_id}>, game #{note.game_id} is waiting for your move: "
                f"{duration(note.remaining)} left{texts.deadline_text(note.deadline)}. "
                "Use `/hand` or `/move` here.",
                allowed_mentions=MENTION_USERS,
            )
