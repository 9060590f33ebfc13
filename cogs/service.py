"""The bot's flows, shared by slash commands, buttons and the scheduler loop.

Each flow parses Discord input, makes one host call and turns the result into Discord output:
the board in the channel (public view only), private views by DM or ephemeral reply to their
owner only. Game-specific words come from ``render.text`` and images from ``render``.

Turn batching: the channel gets a new board when the game waits on somebody other than the
player who just moved (or the game ends). While the same player keeps deciding (relatives,
lava then moves), they get each next decision privately and the channel gets the words of all
those decisions together with the board when the turn passes. The words come from the host's
log, so nothing is lost across a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import AsyncIterator, Awaitable, Sequence
from typing import TYPE_CHECKING, Any

import discord

import render
from cogs import ui
from host import (
    ChoicePage,
    GameStatus,
    Host,
    HostError,
    InvalidMoveError,
    LogEntry,
    MoveResult,
    Notification,
    NotYourTurnError,
    Reminder,
    SeatInfo,
    StaleVersionError,
)
from render.text import clip_lines, duration, narrator

if TYPE_CHECKING:
    from cogs.runtime import VesuviusBot

log = logging.getLogger("cogs.service")

MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)
NO_MENTIONS = discord.AllowedMentions.none()
CONTENT_LIMIT = 2000
MARKS = {"timeout": "⏰ ", "ai": "🤖 ", "auto": "⚙️ "}
"""How moves not made by their player are marked in the channel."""
BOARD_CACHE = 64
DIRECT_REPLY_WITHIN = 1.0
"""Seconds a reply may wait for its image before the interaction is deferred (limit: 3)."""


NEEDED = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "attach_files": "Attach Files",
}
NEEDED_IN_THREADS = {
    "view_channel": "View Channel",
    "send_messages_in_threads": "Send Messages in Threads",
    "attach_files": "Attach Files",
}
NEEDED_FOR_THREAD = {
    "create_public_threads": "Create Public Threads",
    "send_messages_in_threads": "Send Messages in Threads",
}


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
    missing = [label for attr, label in needed.items() if not getattr(perms, attr)]
    if not missing:
        return None
    many = len(missing) > 1
    return (
        "I can't run a game here: I'm missing the "
        + ", ".join(f"**{m}**" for m in missing)
        + (" permissions" if many else " permission")
        + " in this channel. Ask a moderator to grant "
        + ("them." if many else "it.")
    )


def png_file(data: bytes, filename: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=filename)


class Service:
    """Game flows for one bot. ``bot.host`` is the game host; time is ``bot.clock``."""

    def __init__(self, bot: VesuviusBot) -> None:
        self.bot = bot
        self.names: dict[int, str] = {}
        self.users: dict[int, discord.User | discord.Member] = {}
        self.dm_blocked_until: dict[int, float] = {}
        self.offered: dict[tuple[int, int], frozenset[str]] = {}
        self.boarded: dict[int, int] = {}
        """game id -> the version of the last board posted with the words of a turn."""
        self.warm_up: asyncio.Future[None] | None = None
        self._boards: dict[tuple[Any, ...], bytes] = {}
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextlib.asynccontextmanager
    async def busy(self) -> AsyncIterator[None]:
        """Marks a flow in progress (its messages may still be on their way)."""
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
        await self._idle.wait()

    @property
    def host(self) -> Host:
        return self.bot.host

    # -- small helpers -----------------------------------------------------------------------

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
        out = []
        for s in status.seats:
            out.append(s.ai or "AI" if s.user_id is None else await self.name_of(s.user_id))
        return out

    @staticmethod
    def who(seat: Any, names: Sequence[str], *, mention: bool) -> str:
        """``<@id> (red)`` / ``Alice (red)`` / ``AI 1 (yellow)``."""
        if seat.user_id is not None and mention:
            text = f"<@{seat.user_id}>"
        else:
            text = names[seat.seat] if seat.seat < len(names) else f"Seat {seat.seat + 1}"
        return f"{text} ({seat.colour})" if seat.colour else text

    async def reason(self, error: HostError, *, mention: bool) -> str:
        """The host's refusal as this place can show it. "Not your turn" names whom the game
        waits for: as mentions in a message (``mention``), as display names where mentions
        cannot show (autocomplete)."""
        if not isinstance(error, NotYourTurnError):
            return str(error)
        whos: dict[int, str] = {}
        for s in error.waiting_on:
            if s.user_id is None:
                text = s.ai or "an AI"
            elif mention:
                text = f"<@{s.user_id}>"
            else:
                text = await self.name_of(s.user_id)
            whos[s.seat] = f"{text} ({s.colour})" if s.colour else text

        def name(seat: SeatInfo) -> str:
            return whos[seat.seat]

        return error.naming(name)

    async def channel(self, channel_id: int) -> Any:
        chan = self.bot.get_channel(channel_id)
        if chan is None:
            try:
                chan = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
        return chan

    @staticmethod
    def link(guild_id: int, channel_id: int) -> str:
        return f"https://discord.com/channels/{guild_id}/{channel_id}"

    async def board_png(
        self, kind: str, view: dict[str, Any], names: list[str], *, game_id: int | None = None
    ) -> bytes:
        """The board image (rendered in a thread). With ``game_id`` the image of each
        (game, version, names) is kept for a while: the channel post and the DMs of the same
        move share one render."""
        version = view.get("version")
        key = None if game_id is None or version is None else (game_id, version, tuple(names))
        if key is not None and key in self._boards:
            return self._boards[key]
        if self.warm_up is not None:
            await asyncio.shield(self.warm_up)
        png = await asyncio.to_thread(render.render_board, kind, view, names)
        if key is not None:
            self._boards[key] = png
            while len(self._boards) > BOARD_CACHE:
                self._boards.pop(next(iter(self._boards)))
        return png

    async def hand_png(self, kind: str, view: dict[str, Any], name: str) -> bytes:
        if self.warm_up is not None:
            await asyncio.shield(self.warm_up)
        return await asyncio.to_thread(render.render_hand, kind, view, name)

    @staticmethod
    async def error(interaction: discord.Interaction[Any], text: str) -> None:
        """A friendly ephemeral answer to something the user did."""
        text = text[:CONTENT_LIMIT]
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
        else:
            await interaction.response.send_message(
                text, ephemeral=True, allowed_mentions=NO_MENTIONS
            )

    async def game_here(
        self, interaction: discord.Interaction[Any], *, finished: bool = False
    ) -> GameStatus | None:
        """The game in the interaction's channel (with ``finished``: or, when none is open, the
        last one that ended there, from the database, so a restart loses nothing); answers the
        user itself when there is none."""
        channel_id = interaction.channel_id or 0
        if finished:
            status = await self.host.last_game_in_channel(channel_id)
        else:
            status = await self.host.game_in_channel(channel_id)
        if status is None:
            await self.error(
                interaction,
                "There is no game in this channel. Start one with `/game new`.",
            )
        return status

    async def game_id_here(
        self, interaction: discord.Interaction[Any], game_id: int | None
    ) -> int | None:
        """``game_id`` when given (a button's game), else the id of the game in the interaction's
        channel; ``None`` when there is none (the user is told, as by :meth:`game_here`)."""
        if game_id is not None:
            return game_id
        status = await self.game_here(interaction)
        return None if status is None else status.game_id

    def deadline_text(self, deadline: float | None) -> str:
        if deadline is None:
            return ""
        return f" · deadline <t:{int(deadline)}:R>"

    def dms_blocked(self, user_id: int) -> bool:
        until = self.dm_blocked_until.get(user_id)
        return until is not None and self.bot.clock.now() < until

    async def unexpected(
        self,
        interaction: discord.Interaction[Any],
        error: BaseException,
        game_id: int | None,
        what: str,
    ) -> None:
        """A bug: log it with the game id, give the user a short apology."""
        log.error(
            "unexpected error in %s (game %s, user %s)",
            what,
            game_id,
            interaction.user.id,
            exc_info=error,
        )
        with contextlib.suppress(discord.HTTPException):
            await self.error(
                interaction,
                "Sorry, something went wrong on my side; it has been logged. Please try again.",
            )

    # -- texts -------------------------------------------------------------------------------

    async def waiting_line(
        self, status: GameStatus, view: dict[str, Any], names: list[str], seats: Sequence[Any]
    ) -> str:
        if not seats:
            return ""
        decision = narrator(status.kind).decision(view)
        whos = []
        for s in seats:
            text = self.who(s, names, mention=True)
            if s.user_id is not None and self.dms_blocked(s.user_id):
                text += " (DMs closed: use `/hand` here)"
            if s.ai_controlled and s.user_id is not None:
                text += " (an AI plays for them)"
            whos.append(text)
        line = f"➡️ Waiting for {', '.join(whos)}"
        if decision:
            line += f": {decision}"
        return line + self.deadline_text(status.deadline)

    def lobby_text(self, status: GameStatus, names: list[str]) -> str:
        players = status.options.players or status.max_players
        seated = ", ".join(names) or "nobody"
        opts = [f"{duration(status.options.turn_time or 0)} per move"]
        policy = {"ai": "an AI moves", "skip": "the turn is skipped"}
        opts.append(
            f"on timeout {policy.get(status.options.timeout_policy or 'ai', 'an AI moves')}"
        )
        for key, value in status.options.variants.items():
            opts.append(f"{key}={value}".replace("=True", "").replace("_", " "))
        if getattr(status.options, "auto_forced", False):
            opts.append("forced moves play themselves")
        if status.options.ai_seats:
            opts.append(f"{status.options.ai_seats} AI seat(s)")
        creator = self.names.get(status.creator_id, "the creator")
        if status.status != "lobby":
            return f"🌋 **{status.title}** — game #{status.game_id} is {status.status}."
        return (
            f"🌋 **{status.title}** — game #{status.game_id}, waiting for players\n"
            f"Players ({len(status.seats)}/{players}): {seated}\n"
            f"Options: {' · '.join(opts)}\n"
            f"Join with **Join** or `/game join`; {creator} starts with **Start** or "
            "`/game start`."
        )

    def entry_lines(self, kind: str, entries: Sequence[LogEntry], names: list[str]) -> list[str]:
        """Words for consecutive log entries made the same way (player / AI / timeout): their
        events are narrated together, so a card and the relatives it brought read as one."""
        lines: list[str] = []
        group: list[LogEntry] = []
        for entry in [*entries, None]:
            if group and (entry is None or entry.by != group[0].by):
                events = [e for g in group for e in g.events]
                said = narrator(kind).narrate(events, names)
                if not said:
                    who = names[group[0].seat] if group[0].seat < len(names) else "Someone"
                    said = [f"{who}: {g.label}" for g in group]
                mark = MARKS.get(group[0].by, "")
                lines.extend(f"• {mark}{line}" for line in said)
                group = []
            if entry is not None:
                group.append(entry)
        return lines

    async def turn_lines(self, result: MoveResult, kind: str, names: list[str]) -> list[str]:
        """The words of the mover's decisions since the turn came to them (from the log), not
        repeating those already under a board (a second turn right after one's own)."""
        entries: list[LogEntry] = await self.host.log(result.game_id, None, limit=30)
        shown = self.boarded.get(result.game_id, -1)
        run: list[LogEntry] = []
        for entry in reversed(entries):
            if entry.version <= shown:
                break
            if entry.seat != result.seat or entry.version > result.version:
                if run:
                    break
                continue
            run.append(entry)
        return self.entry_lines(kind, list(reversed(run)), names)

    # -- the board in the channel --------------------------------------------------------------

    async def board_message(
        self,
        status: GameStatus,
        view: dict[str, Any],
        names: list[str],
        lines: Sequence[str],
        *,
        note: str = "",
        by: str = "player",
    ) -> tuple[str, bytes]:
        render_task = asyncio.ensure_future(
            self.board_png(status.kind, view, names, game_id=status.game_id)
        )
        head = f"**Game #{status.game_id}** · {status.title} · move {status.version}"
        tail: list[str] = []
        if note:
            tail.append(f"{MARKS.get(by, '')}{note}")
        if status.outcome is not None:
            display = [self.who(s, names, mention=False) for s in status.seats]
            tail.append("🏁 **Final ranking**")
            tail.extend(narrator(status.kind).final(status.outcome.to_json(), view, display))
        else:
            tail.append(await self.waiting_line(status, view, names, status.waiting_on))
        budget = CONTENT_LIMIT - len(head) - sum(len(t) + 1 for t in tail) - 2
        body = clip_lines(lines, max(0, budget))
        content = "\n".join(part for part in (head, body, *tail) if part)
        return content[:CONTENT_LIMIT], await render_task

    async def post_board(
        self,
        status: GameStatus,
        message: Awaitable[tuple[str, bytes]],
        interaction: discord.Interaction[Any] | None = None,
        *,
        ping: Sequence[int] | None = None,
    ) -> None:
        """Send the board to the game's channel: as the reply to a slash command made there,
        else as a new channel message. A reply goes out in one step when the image is ready
        within ``DIRECT_REPLY_WITHIN`` seconds, else the interaction is deferred first.
        ``ping``: the users its mentions notify (default: all); the text is the same."""
        task = asyncio.ensure_future(message)
        mentions = MENTION_USERS
        if ping is not None:
            users = [discord.Object(id=u) for u in ping]
            mentions = discord.AllowedMentions(users=users, roles=False, everyone=False)
        view = ui.board_view(status.game_id)
        if (
            interaction is not None
            and interaction.type == discord.InteractionType.application_command
            and interaction.channel_id == status.channel_id
        ):
            try:
                if not interaction.response.is_done():
                    done, _ = await asyncio.wait({task}, timeout=DIRECT_REPLY_WITHIN)
                    if not done:
                        await interaction.response.defer(thinking=True)
                content, png = await task
                file = png_file(png, "board.png")
                if interaction.response.is_done():
                    await interaction.followup.send(
                        content, file=file, view=view, allowed_mentions=mentions
                    )
                else:
                    await interaction.response.send_message(
                        content, file=file, view=view, allowed_mentions=mentions
                    )
                return
            except discord.NotFound:
                # Discord gave up on the interaction (10062: not answered within 3 s, e.g. on
                # an overloaded host). The move stands: the board goes to the channel instead.
                log.warning(
                    "game %s: the reply came too late; the board goes to the channel",
                    status.game_id,
                )
        content, png = await task
        file = png_file(png, "board.png")
        chan = await self.channel(status.channel_id)
        if chan is None:
            log.warning("game %s: channel %s is gone", status.game_id, status.channel_id)
            return
        try:
            await chan.send(content, file=file, view=view, allowed_mentions=mentions)
        except discord.Forbidden:
            log.warning(
                "game %s: no permission to post the board in channel %s",
                status.game_id,
                status.channel_id,
            )
            if interaction is not None:
                await self.error(
                    interaction,
                    f"I could not post the board in <#{status.channel_id}>: I need the View "
                    "Channel, Send Messages and Attach Files permissions there.",
                )

    # -- private decisions ---------------------------------------------------------------------

    async def decision_parts(
        self, status: GameStatus, user_id: int
    ) -> tuple[ChoicePage, discord.ui.View | None]:
        try:
            choices: ChoicePage = await self.host.menu_choices(status.game_id, user_id)
        except HostError:
            return ChoicePage((), 0), None
        return choices, ui.decision_view(status.game_id, status.version, choices)

    async def nothing_to_decide(self, status: GameStatus, user_id: int) -> bool:
        """Whether the user's only legal action is what the rules do anyway when they stay
        silent (e.g. letting a permit window pass when nothing of theirs fits): then they are
        not pinged. Nothing public shows who these players are."""
        default = await self.host.rules_default(status.game_id, user_id)
        if default is None:
            return False
        try:
            page = await self.host.legal_choices(status.game_id, user_id)
        except HostError:
            return False
        return page.total == 1 and page[0].notation == default

    async def private_message(
        self, status: GameStatus, user_id: int, *, header: str, with_board: bool = False
    ) -> tuple[str, list[discord.File], discord.ui.View | None]:
        """The user's hand (image and text) and their decision's buttons, for DM / ephemeral."""
        pv = await self.host.private_view(status.game_id, user_id)
        name = await self.name_of(user_id)
        choices, view = await self.decision_parts(status, user_id)
        lines = [header]
        hand_text = narrator(status.kind).hand(pv.view)
        if hand_text:
            lines.append(hand_text)
        if choices:
            decision = narrator(status.kind).decision(pv.view) if status.waiting_on else ""
            seat = status.seat_of(user_id)
            waited = seat is not None and any(s.seat == seat.seat for s in status.waiting_on)
            if waited and decision:
                lines.append(f"**Your decision:** {decision}{self.deadline_text(status.deadline)}")
            elif not waited:
                lines.append("**You may act now, out of turn:**")
            if choices.more:
                lines.append(
                    f"Choose below ({len(choices)} of {choices.total} shown), or type `/move` "
                    "in the game's channel and narrow the list by typing."
                )
            else:
                lines.append("Choose below, or type `/move` in the game's channel.")
        files = [png_file(await self.hand_png(status.kind, pv.view, name), "hand.png")]
        if with_board:
            public = await self.host.public_view(status.game_id)
            names = await self.seat_names(status)
            board = await self.board_png(status.kind, public, names, game_id=status.game_id)
            files.insert(0, png_file(board, "board.png"))
        return "\n".join(lines)[:CONTENT_LIMIT], files, view

    async def send_private(
        self,
        interaction: discord.Interaction[Any],
        status: GameStatus,
        header: str,
        *,
        with_board: bool = False,
    ) -> None:
        """:meth:`private_message` for the interaction's user as an ephemeral follow-up (the
        interaction is already answered or deferred)."""
        content, files, view = await self.private_message(
            status, interaction.user.id, header=header, with_board=with_board
        )
        kwargs: dict[str, Any] = {"files": files, "ephemeral": True}
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(content, allowed_mentions=NO_MENTIONS, **kwargs)

    async def where(self, status: GameStatus) -> str:
        chan = await self.channel(status.channel_id)
        guild = self.bot.get_guild(status.guild_id)
        place = f"<#{status.channel_id}>"
        if chan is not None and getattr(chan, "name", None):
            place = f"#{chan.name}"
        if guild is not None:
            place += f" on **{guild.name}**"
        return f"{place} — {self.link(status.guild_id, status.channel_id)}"

    async def send_dm(
        self,
        status: GameStatus,
        user_id: int,
        content: str,
        files: list[discord.File],
        view: discord.ui.View | None,
    ) -> bool:
        """DM a player; on closed DMs (50007) tell the channel (without secrets) and stop
        trying for a while."""
        if self.dms_blocked(user_id):
            return False
        user = self.users.get(user_id) or self.bot.get_user(user_id)
        try:
            if user is None:
                user = self.users[user_id] = await self.bot.fetch_user(user_id)
            kwargs: dict[str, Any] = {"files": files, "allowed_mentions": NO_MENTIONS}
            if view is not None:
                kwargs["view"] = view
            await user.send(content, **kwargs)
            return True
        except discord.Forbidden:
            self.dm_blocked_until[user_id] = (
                self.bot.clock.now() + self.bot.settings.dm_block_seconds
            )
            chan = await self.channel(status.channel_id)
            if chan is not None:
                try:
                    await chan.send(
                        f"<@{user_id}>, I can't send you direct messages, so I won't try for a "
                        "while: use `/hand` in this channel to see your hand and make your moves.",
                        allowed_mentions=MENTION_USERS,
                    )
                except discord.HTTPException:
                    log.warning("game %s: cannot post in channel %s", status.game_id, chan.id)
            return False
        except discord.HTTPException as e:
            log.warning("game %s: DM to %s failed: %s", status.game_id, user_id, e)
            return False

    async def dm_decision(
        self, status: GameStatus, user_id: int, *, title: str, with_board: bool = True
    ) -> bool:
        """DM the user their hand and decision (with the current board, so they can decide
        without switching to the channel)."""
        if self.dms_blocked(user_id):
            return False
        where = await self.where(status)
        header = f"🌋 **{title}** in game #{status.game_id} ({status.title}) in {where}"
        content, files, view = await self.private_message(
            status, user_id, header=header, with_board=with_board
        )
        return await self.send_dm(status, user_id, content, files, view)

    async def notify_waiting(self, status: GameStatus, *, skip_user: int | None = None) -> None:
        """DM every human the game now waits on, and offer out-of-turn decisions once."""
        waited = {s.seat for s in status.waiting_on}
        for s in status.waiting_on:
            if s.user_id is None or s.ai_controlled or s.user_id == skip_user:
                continue
            if await self.nothing_to_decide(status, s.user_id):
                continue
            await self.dm_decision(status, s.user_id, title="Your move")
        for s in status.seats:
            if s.user_id is None or s.seat in waited or s.ai_controlled:
                continue
            key = (status.game_id, s.user_id)
            try:
                offered = frozenset(
                    c.notation for c in await self.host.legal_choices(status.game_id, s.user_id)
                )
            except NotYourTurnError:
                offered = frozenset()
            except HostError:
                continue
            if offered and offered != self.offered.get(key):
                await self.dm_decision(status, s.user_id, title="You may act out of turn")
            if offered:
                self.offered[key] = offered
            else:
                self.offered.pop(key, None)

    # -- flows ---------------------------------------------------------------------------------

    async def move(
        self,
        interaction: discord.Interaction[Any],
        notation: str,
        *,
        game_id: int | None = None,
        version: int | None = None,
    ) -> None:
        """Play ``notation`` for the user (from ``/move`` or a button / select)."""
        async with self.busy():
            self.remember(interaction.user)
            from_component = interaction.type == discord.InteractionType.component
            game_id = await self.game_id_here(interaction, game_id)
            if game_id is None:
                return
            try:
                result: MoveResult = await self.host.act(
                    game_id,
                    interaction.user.id,
                    notation,
                    version,
                    channel_id=None if from_component else interaction.channel_id,
                )
            except StaleVersionError as e:
                await self.stale(interaction, game_id, str(e), since=version)
                return
            except InvalidMoveError as e:
                await self.error(interaction, await self.explain_illegal(game_id, interaction, e))
                return
            except HostError as e:
                await self.error(interaction, await self.reason(e, mention=True))
                return
            self.bot.wake_scheduler()
            await self.after_move(result, interaction)

    async def explain_illegal(
        self, game_id: int, interaction: discord.Interaction[Any], error: HostError
    ) -> str:
        """The host's reason, plus the list of what is legal when it does not give one."""
        text = str(error)
        if "Legal now" in text:
            return text
        try:
            choices = await self.host.legal_choices(game_id, interaction.user.id)
        except HostError:
            return text
        shown = choices[:15]
        legal = ", ".join(f"`{c.notation}`" for c in shown)
        left = choices.total - len(shown)
        more = f" … and {left} more (type in `/move` to narrow them)" if left > 0 else ""
        return f"{text} Legal now: {legal}{more}"

    async def stale(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        text: str,
        *,
        since: int | None = None,
    ) -> None:
        """A click drawn for an older version: nothing played; what happened since (public
        words, e.g. "Cara used their building permit" when a claim came first), a fresh hand
        and menu."""
        if interaction.type == discord.InteractionType.component:
            await interaction.response.edit_message(view=None)
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        status = await self.host.status(game_id)
        header = f"⚠️ {text}"
        if since is not None:
            entries = [e for e in await self.host.log(game_id, None) if e.version > since]
            names = await self.seat_names(status)
            said = self.entry_lines(status.kind, entries, names)
            if said:
                header += "\nMeanwhile:\n" + clip_lines(said, 800)
        await self.send_private(interaction, status, header, with_board=True)

    async def after_move(
        self, result: MoveResult, interaction: discord.Interaction[Any] | None = None
    ) -> None:
        """Everything that follows an applied move (a player's, an AI's or a timeout's)."""
        status: GameStatus = await self.host.status(result.game_id)
        waited = [s.seat for s in result.next_to_act]
        turn_passes = result.outcome is not None or waited != [result.seat]
        mover = result.user_id
        from_component = (
            interaction is not None and interaction.type == discord.InteractionType.component
        )
        if interaction is not None and from_component:
            # Strip the clicked buttons at once: they are spent (and answers within 3 s).
            await interaction.response.edit_message(view=None)
        if result.partial:
            # One of several players deciding at once answered (e.g. declined a permit
            # window): no board for that; the others get buttons drawn for this version.
            if interaction is not None:
                await self.error(interaction, f"✅ Played: {result.label}.")
            if status.version == result.version:  # else a later move's delivery does it
                await self.notify_waiting(status, skip_user=mover)
            return
        names = await self.seat_names(status)
        if turn_passes:
            lines = await self.turn_lines(result, status.kind, names)
            self.boarded[result.game_id] = result.version
            if result.outcome is not None:
                self.boarded.pop(result.game_id, None)
            message = self.board_message(
                status, result.public_view, names, lines, note=result.note, by=result.by
            )
            # A waited player with nothing to decide (a permit holder with nothing that fits)
            # is named like the others, but their mention does not notify them.
            quiet = [
                w.user_id
                for w in status.waiting_on
                if w.user_id is not None and await self.nothing_to_decide(status, w.user_id)
            ]
            ping = None
            if quiet:
                ping = [u.user_id for u in status.seats if u.user_id and u.user_id not in quiet]
            await self.post_board(status, message, interaction, ping=ping)
            if interaction is not None and interaction.type == discord.InteractionType.component:
                await interaction.followup.send(
                    f"✅ Played: {result.label}. The board is in <#{status.channel_id}>.",
                    ephemeral=True,
                )
            elif interaction is not None and interaction.channel_id != status.channel_id:
                await self.error(interaction, f"✅ Played: {result.label}.")
            await self.notify_waiting(status)
            return
        # The same player decides again: answer them privately, post nothing yet.
        if interaction is not None:
            try:
                if not interaction.response.is_done():
                    await interaction.response.defer(ephemeral=True, thinking=True)
            except discord.NotFound:
                # Answered too late (10062): the next decision goes to the mover by DM instead.
                log.warning(
                    "game %s: the reply came too late; the decision goes by DM", result.game_id
                )
                await self.notify_waiting(status)
                return
            said = narrator(status.kind).narrate(result.public_events, names)
            header = "\n".join([f"✅ You played: {result.label}", *(f"• {s}" for s in said)])
            await self.send_private(interaction, status, header, with_board=True)
            await self.notify_waiting(status, skip_user=mover)
        else:
            await self.notify_waiting(status)

    async def deliver(self, note: Notification) -> None:
        """A scheduler notification: a reminder, or an AI / timeout move."""
        async with self.busy():
            if isinstance(note, Reminder):
                status = await self.host.status(note.game_id)
                if await self.nothing_to_decide(status, note.user_id):
                    return
                title = f"⏳ Reminder: {duration(note.remaining)} left for your move"
                sent = await self.dm_decision(status, note.user_id, title=title)
                if not sent:
                    chan = await self.channel(note.channel_id)
                    if chan is not None:
                        await chan.send(
                            f"⏳ <@{note.user_id}>, game #{note.game_id} is waiting for your move: "
                            f"{duration(note.remaining)} left{self.deadline_text(note.deadline)}. "
                            "Use `/hand` or `/move` here.",
                            allowed_mentions=MENTION_USERS,
                        )
                return
            await self.after_move(note)

    async def show_hand(
        self, interaction: discord.Interaction[Any], *, game_id: int | None = None
    ) -> None:
        """The user's private view, ephemeral (``/hand`` and the "My hand" button)."""
        self.remember(interaction.user)
        if game_id is None:
            status = await self.game_here(interaction)
            if status is None:
                return
        else:
            try:
                status = await self.host.status(game_id)
            except HostError as e:
                await self.error(interaction, str(e))
                return
        seat = status.seat_of(interaction.user.id)
        if seat is None:
            await self.error(
                interaction,
                f"You are not playing in game #{status.game_id}, so you have no hand there. "
                "You can watch the board with `/game board`.",
            )
            return
        if status.status == "lobby":
            await self.error(interaction, "The game has not started yet: no cards are dealt.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        header = f"🂠 **Your hand** in game #{status.game_id} ({status.title})"
        await self.send_private(interaction, status, header)

    async def lobby_change(
        self, interaction: discord.Interaction[Any], what: str, *, game_id: int | None = None
    ) -> None:
        """Join or leave a lobby (slash command or lobby button)."""
        self.remember(interaction.user)
        game_id = await self.game_id_here(interaction, game_id)
        if game_id is None:
            return
        user = interaction.user.id
        try:
            if what == "join":
                status = await self.host.join(game_id, user)
            else:
                status = await self.host.leave(game_id, user)
        except HostError as e:
            await self.error(interaction, str(e))
            return
        names = await self.seat_names(status)
        text = self.lobby_text(status, names)
        view = ui.lobby_view(status.game_id) if status.status == "lobby" else None
        if interaction.type == discord.InteractionType.component:
            await interaction.response.edit_message(content=text, view=view)
        else:
            verb = "joined" if what == "join" else "left"
            content = f"{interaction.user.display_name} {verb} the game.\n{text}"
            if view is None:
                await interaction.response.send_message(content, allowed_mentions=NO_MENTIONS)
            else:
                await interaction.response.send_message(
                    content, view=view, allowed_mentions=NO_MENTIONS
                )

    async def start(
        self, interaction: discord.Interaction[Any], *, game_id: int | None = None
    ) -> None:
        """Deal and post the first board; DM every player their hand."""
        async with self.busy():
            self.remember(interaction.user)
            game_id = await self.game_id_here(interaction, game_id)
            if game_id is None:
                return
            is_admin = bool(interaction.permissions.manage_guild)
            missing = missing_permissions(interaction)
            if missing:
                await self.error(interaction, missing)
                return
            try:
                started = await self.host.start(game_id, interaction.user.id, is_admin=is_admin)
            except HostError as e:
                await self.error(interaction, str(e))
                return
            await interaction.response.defer(thinking=True)
            if interaction.type == discord.InteractionType.component and interaction.message:
                with contextlib.suppress(discord.HTTPException):
                    await interaction.message.edit(view=None)
            status = started.status
            names = await self.seat_names(status)
            seating = ", ".join(self.who(s, names, mention=False) for s in status.seats)
            lines = [f"🌋 The game has started! Seating, in turn order: {seating}."]
            content, png = await self.board_message(status, started.public_view, names, lines)
            await interaction.followup.send(
                content,
                file=png_file(png, "board.png"),
                view=ui.board_view(status.game_id),
                allowed_mentions=MENTION_USERS,
            )
            waited = {s.seat for s in status.waiting_on}
            for s in status.seats:
                if s.user_id is not None and s.seat not in waited:
                    await self.dm_decision(
                        status, s.user_id, title="Your starting hand", with_board=False
                    )
            await self.notify_waiting(status)
            self.bot.wake_scheduler()
