"""Delivery: everything the bot sends after the host committed something, in version order.

Every committed version has a row in the host's outbox (written in the move's own transaction).
:meth:`Delivery.announce` sends a game's unsent rows, oldest first, exactly once, under one lock
per game: the board in the channel when a row asks for one (with the words of every move since
the last board), the mover's next decision in the reply to their own click or command, and a
DM to every other player whose decision changed (their decision token), and only while they
still have it. A restart sends whatever was left unsent, so a move is never unannounced.
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
from cogs.components import board_view, controls_view, window_order_buttons
from cogs.settings import Settings
from engine.core import ActionChoice
from host import GameStatus, Host, HostError, MoveResult, Reminder, SeatDecision, SeatInfo
from host.clock import Clock
from render.presentation import Image, Presentation
from render.text import clip_lines, duration

log = logging.getLogger("cogs.delivery")

MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)
NO_MENTIONS = discord.AllowedMentions.none()
IMAGE_CACHE = 64
DIRECT_REPLY_WITHIN = 1.0
"""Seconds a reply may wait for its image before the interaction is deferred (limit: 3)."""


class Bot(Protocol):
    """What delivery needs of the bot."""

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


class Delivery:
    """Boards, private decisions and replies for one bot."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.names: dict[int, str] = {}
        self.users: dict[int, discord.User | discord.Member] = {}
        self.dm_blocked_until: dict[int, float] = {}
        self.warm_up: asyncio.Future[None] | None = None
        self._images: dict[tuple[Any, ...], list[Image]] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._steps: dict[int, tuple[str, discord.Message, bool]] = {}
        """game id -> (decision key, the channel's status message of a simultaneous step,
        whether its last player was nudged)."""

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

    async def public_images(
        self, status: GameStatus, view: dict[str, Any], names: Sequence[str]
    ) -> list[Image]:
        """The channel's images of the game now (rendered in a thread, once per version and
        names: the channel post and the DMs of one move share them)."""
        key = (status.game_id, status.version, tuple(names))
        if key in self._images:
            return self._images[key]
        if self.warm_up is not None:
            await asyncio.shield(self.warm_up)
        render = self.presentation(status).public_images
        images = await asyncio.to_thread(render, view, names)
        self._images[key] = images
        while len(self._images) > IMAGE_CACHE:
            self._images.pop(next(iter(self._images)))
        return images

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
            if self.warm_up is not None:
                await asyncio.shield(self.warm_up)
            name = await self.name_of(user_id)
            own = await asyncio.to_thread(presentation.private_image, pv.view, name, choices)
            if not presentation.private_shows_board and status.status == "active":
                public = await self.host.public_view(status.game_id)
                names = await self.seat_names(status)
                files += [png_file(i) for i in await self.public_images(status, public, names)]
            if own is not None:
                files.append(png_file(own))
        return "\n".join(lines)[: texts.CONTENT_LIMIT], files, view

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

    # -- the outbox ----------------------------------------------------------------------------

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def announce(
        self,
        game_id: int,
        *,
        reply: discord.Interaction[Any] | None = None,
        click: discord.Interaction[Any] | None = None,
        result: MoveResult | None = None,
        held: bool = False,
    ) -> None:
        """Send the game's unsent announcements (every version since the last one sent), in
        order, once. ``reply``: a command whose answer is the board (or, when no board is due,
        the mover's next decision, privately); ``click``: the mover's button, whose message
        becomes their next decision; ``result``: the move they made; ``held``: the caller holds
        the game's :meth:`lock` already (a flow holds it from its move's commit on, so the
        scheduler cannot announce that move first and leave the player's command unanswered)."""
        if not held:
            async with self.lock(game_id):
                await self._announce(game_id, reply, click, result)
        else:
            await self._announce(game_id, reply, click, result)

    async def _announce(
        self,
        game_id: int,
        reply: discord.Interaction[Any] | None,
        click: discord.Interaction[Any] | None,
        result: MoveResult | None,
    ) -> None:
        rows = await self.host.unsent(game_id)
        status = await self.host.status(game_id)
        names = await self.seat_names(status)
        answered: int | None = None
        replied = False
        if click is not None:
            answered = await self._answer_click(click, status, result)
        if any(r.board for r in rows):
            lines, notes = await self._words(status, names, rows)
            replied = await self._post_board(status, names, lines, notes, reply)
            if replied and reply is not None and result is not None:
                answered = await self._follow_up(reply, status, result)
        elif reply is not None and result is not None:
            answered = await self._reply_private(reply, status, result)
            replied = True
        if reply is not None and not replied:
            await self._acknowledge(reply, status, result)
        await self._step_status(status, names)
        if rows:
            await self.host.mark_sent(game_id, rows[-1].version)
        if rows and rows[0].version == 0:
            await self._starting_hands(status)
        await self.notify(await self.host.status(game_id), answered=answered)

    async def _step_status(self, status: GameStatus, names: list[str]) -> None:
        """A simultaneous step (an offering, a bidding round) has one status message in the
        channel, edited as players lock: who has, who is still deciding; when one player is
        left, they are nudged once by mention."""
        step = None
        human = next((s for s in status.waiting_on if s.user_id is not None), None)
        if status.status == "active" and human is not None and human.user_id is not None:
            decision = await self.host.decision(status.game_id, human.user_id)
            if decision.kind == "simultaneous":
                step = decision.key
        known = self._steps.get(status.game_id)
        if known is not None and known[0] != step:
            self._steps.pop(status.game_id, None)
            with contextlib.suppress(discord.HTTPException):
                await known[1].edit(content=f"{known[1].content}\n✅ Everyone has decided.")
        if step is None:
            return
        waiting = {s.seat for s in status.waiting_on}
        done = [texts.who(s, names, mention=False) for s in status.seats if s.seat not in waiting]
        if not done and known is None:
            return  # the board's waiting line says it all until someone has decided
        deciding = [texts.who(s, names, mention=False) for s in status.waiting_on]
        view = await self.host.public_view(status.game_id)
        what = self.presentation(status).words.decision(view)
        content = (
            f"⏳ **Everyone decides at once**: {what}{texts.deadline_text(status.deadline)}\n"
            f"Locked: {', '.join(done) or 'nobody yet'} · still deciding: {', '.join(deciding)}"
        )
        chan = await self.channel(status.channel_id)
        if chan is None:
            return
        nudged = False
        if known is not None and known[0] == step:
            message, nudged = known[1], known[2]
            with contextlib.suppress(discord.HTTPException):
                await message.edit(content=content)
        else:
            message = await chan.send(content, allowed_mentions=NO_MENTIONS)
        last = status.waiting_on[0] if len(status.waiting_on) == 1 else None
        if last is not None and done and not nudged and last.user_id is not None:
            nudged = True
            await chan.send(
                f"👋 <@{last.user_id}>, everyone else has decided: the game waits for you "
                "(your choice is in your DMs, or use `/hand` here).",
                allowed_mentions=MENTION_USERS,
            )
        self._steps[status.game_id] = (step, message, nudged)

    async def _acknowledge(
        self, interaction: discord.Interaction[Any], status: GameStatus, result: MoveResult | None
    ) -> None:
        """A command whose announcement went out elsewhere still gets its answer."""
        what = f"✅ Played: {texts.md(result.label)}." if result is not None else "✅ Done."
        text = f"{what} The board is in <#{status.channel_id}>."
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)

    async def announce_unsent(self) -> None:
        """Everything left unsent (at startup, and in the scheduler loop)."""
        for game_id in await self.host.games_with_unsent():
            try:
                await self.announce(game_id)
            except Exception:
                log.exception("game %s: sending its announcements failed", game_id)

    async def _words(
        self, status: GameStatus, names: list[str], rows: Sequence[Any]
    ) -> tuple[list[str], list[str]]:
        """The words of every move since the last board posted (a player's several decisions
        and the AI's answers read together) and the notes of those moves (timeouts, AIs),
        from the log and the outbox, so a restart loses nothing."""
        lines: list[str] = []
        if rows and rows[0].version == 0:
            lines.append(texts.seating_line(status, names))
        last = await self.host.last_board(status.game_id)
        after = 0 if last is None else last
        entries = await self.host.log(status.game_id, None, limit=200, after=after)
        noted = await self.host.notes(status.game_id, after)
        said = {version: note for version, _by, note in noted}
        lines += texts.narration(self.presentation(status), entries, names, notes=said)
        notes = [f"{texts.MARKS.get(by, '')}{note}" for _v, by, note in noted]
        return lines, list(dict.fromkeys(notes))

    async def _post_board(
        self,
        status: GameStatus,
        names: list[str],
        lines: Sequence[str],
        notes: Sequence[str],
        command: discord.Interaction[Any] | None,
    ) -> bool:
        """The board in the game's channel: as the reply to a slash command made there, else
        as a new message. A reply goes out at once when the image is ready within
        :data:`DIRECT_REPLY_WITHIN` seconds, else the interaction is deferred first. Returns
        whether it went out as the reply (so the command can still be followed up)."""
        view_data = await self.host.public_view(status.game_id)
        presentation = self.presentation(status)
        waiting = ""
        if status.status == "active":
            waiting = texts.waiting_line(
                status,
                presentation.words.decision(view_data),
                names,
                dms_closed={u for u in self.dm_blocked_until if self.dms_blocked(u)},
            )
        content = texts.board_caption(
            status, presentation, view_data, names, lines, notes=notes, waiting=waiting
        )
        images = asyncio.ensure_future(self.public_images(status, view_data, names))
        view = board_view(status.game_id) if status.status == "active" else None
        ping = await self._ping(status)
        kwargs: dict[str, Any] = {"allowed_mentions": ping}
        if view is not None:
            kwargs["view"] = view
        if command is not None and command.channel_id == status.channel_id:
            try:
                if not command.response.is_done():
                    done, _ = await asyncio.wait({images}, timeout=DIRECT_REPLY_WITHIN)
                    if not done:
                        await command.response.defer(thinking=True)
                files = [png_file(i) for i in await images]
                if command.response.is_done():
                    await command.followup.send(content, files=files, **kwargs)
                else:
                    await command.response.send_message(content, files=files, **kwargs)
                return True
            except discord.NotFound:
                # Discord gave up on the interaction (10062: not answered within 3 s). The move
                # stands: the board goes to the channel instead.
                log.warning("game %s: the reply came too late; posting it", status.game_id)
        files = [png_file(i) for i in await images]
        chan = await self.channel(status.channel_id)
        if chan is None:
            log.warning("game %s: channel %s is gone", status.game_id, status.channel_id)
            return False
        try:
            await chan.send(content, files=files, **kwargs)
        except discord.Forbidden:
            log.warning("game %s: no permission to post in %s", status.game_id, chan.id)
        return False

    async def _ping(self, status: GameStatus) -> discord.AllowedMentions:
        """Whom the board's mentions notify: everyone named, but a player whose only choice is
        what silence does anyway (their mention shows like the others' but stays quiet)."""
        quiet = []
        for s in status.waiting_on:
            if s.user_id is None:
                continue
            decision = await self.host.decision(status.game_id, s.user_id)
            if await self.nothing_to_decide(status, decision):
                quiet.append(s.user_id)
        if not quiet:
            return MENTION_USERS
        users = [
            discord.Object(id=s.user_id)
            for s in status.seats
            if s.user_id and s.user_id not in quiet
        ]
        return discord.AllowedMentions(users=users, roles=False, everyone=False)

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

    @staticmethod
    def meanwhile(lines: Sequence[str]) -> str:
        return clip_lines(lines, 800)


async def error(interaction: discord.Interaction[Any], text: str) -> None:
    """A friendly ephemeral answer to something the user did."""
    text = text[: texts.CONTENT_LIMIT]
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)


__all__ = ["Delivery", "HostError", "error", "is_component", "png_file"]
