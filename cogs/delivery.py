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
import logging
from collections.abc import Sequence
from typing import Any

import discord

from cogs import texts
from cogs.components import board_view
from cogs.private import MENTION_USERS, NO_MENTIONS, Bot, Private, is_component, png_file
from host import GameStatus, HostError, MoveResult
from render.text import clip_lines

log = logging.getLogger("cogs.delivery")

DIRECT_REPLY_WITHIN = 1.0
"""Seconds a reply may wait for its image before the interaction is deferred (limit: 3)."""


class Delivery(Private):
    """Boards in the channel, in version order, and the private messages they bring."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(bot)
        self._locks: dict[int, asyncio.Lock] = {}
        self._steps: dict[int, tuple[str, discord.Message, bool]] = {}
        """game id -> (decision key, the channel's status message of a simultaneous step,
        whether its last player was nudged)."""

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
        images = asyncio.ensure_future(self.board_image(status, view_data, names))
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
                files = [png_file(await images)]
                if command.response.is_done():
                    await command.followup.send(content, files=files, **kwargs)
                else:
                    await command.response.send_message(content, files=files, **kwargs)
                return True
            except discord.NotFound:
                # Discord gave up on the interaction (10062: not answered within 3 s). The move
                # stands: the board goes to the channel instead.
                log.warning("game %s: the reply came too late; posting it", status.game_id)
        files = [png_file(await images)]
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
