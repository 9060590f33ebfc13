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
from collections.abc import AsyncIterator
from typing import Any

import discord

from cogs import texts
from cogs.components import lobby_view
from cogs.delivery import Delivery, error, is_component, png_file
from host import (
    GameStatus,
    Host,
    HostError,
    InvalidMoveError,
    NotYourTurnError,
    SeatInfo,
    StaleVersionError,
)
from host.model import MoveResult

log = logging.getLogger("cogs.flows")

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
HINT = "?"
"""The value of autocomplete lines that are hints, not moves."""
AI_ANSWER_WAIT = 2.0
"""Seconds a move waits for the AI seats it left the game waiting on (within Discord's 15
minutes for a deferred answer; a hard AI thinks for about a second)."""


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


class Flows:
    """Game flows for one bot; also the components' :class:`~cogs.components.Handler`."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.delivery = Delivery(bot)
        self.lobbies: dict[int, discord.Message | discord.InteractionMessage] = {}
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
            return str(error_)
        whos: dict[int, str] = {}
        for s in error_.waiting_on:
            if s.user_id is None:
                text = texts.md(texts.ai_label(s.ai or "an AI"))
            elif mention:
                text = f"<@{s.user_id}>"
            else:
                text = await self.delivery.name_of(s.user_id)
            whos[s.seat] = f"{text} ({s.colour})" if s.colour else text

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
            status = await self.host.last_game_in_channel(channel_id)
        else:
            status = await self.host.game_in_channel(channel_id)
        if status is None:
            await error(
                interaction, "There is no game in this channel. Start one with `/game new`."
            )
        return status

    async def unexpected(
        self,
        interaction: discord.Interaction[Any],
        error_: BaseException,
        game_id: int | None,
        what: str,
    ) -> None:
        """A bug: log it with the game id, give the user a short apology."""
        log.error(
            "unexpected error in %s (game %s, user %s)",
            what,
            game_id,
            interaction.user.id,
            exc_info=error_,
        )
        with contextlib.suppress(discord.HTTPException):
            await error(
                interaction,
                "Sorry, something went wrong on my side; it has been logged. Please try again.",
            )

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
                await error(
                    interaction,
                    "That line is a hint, not a move: pick one of the moves in the list "
                    "(type a few letters to narrow it).",
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
                answering = await self.host.decision(game_id, user, guild_id=interaction.guild_id)
                seen = (await self.host.status(game_id, guild_id=interaction.guild_id)).version
            except HostError as e:
                await error(interaction, await self.reason(e, mention=True))
                return
            async with self.delivery.lock(game_id):
                try:
                    result: MoveResult = await self.host.act(
                        game_id,
                        user,
                        notation,
                        token,
                        channel_id=None if component else interaction.channel_id,
                        guild_id=interaction.guild_id,
                    )
                except StaleVersionError as e:
                    await self.stale(interaction, game_id, str(e))
                    return
                except InvalidMoveError as e:
                    await error(interaction, await self.explain_illegal(game_id, interaction, e))
                    return
                except NotYourTurnError as e:
                    await error(
                        interaction, await self.not_your_turn(interaction, game_id, seen, e)
                    )
                    return
                except HostError as e:
                    await error(interaction, await self.reason(e, mention=True))
                    return
                self.bot.wake_scheduler()
                await self.ai_answers(interaction, game_id, component)
                if component:
                    await self.delivery.announce(
                        game_id, click=interaction, result=result, kind=answering.kind, held=True
                    )
                else:
                    await self.delivery.announce(
                        game_id, reply=interaction, result=result, kind=answering.kind, held=True
                    )

    async def ai_answers(
        self, interaction: discord.Interaction[Any], game_id: int, component: bool
    ) -> None:
        """When the move leaves the game waiting only on AI seats, give them a moment to answer
        (they think in worker processes) so the board shows their replies too: one board for
        the player's move and the AIs' answers, instead of a board that waits for an AI and
        the same board again a moment later."""
        status = await self.host.status(game_id)
        if status.status != "active" or not status.waiting_on:
            return
        if not all(s.ai_controlled for s in status.waiting_on):
            return
        if not interaction.response.is_done():
            with contextlib.suppress(discord.HTTPException):
                if component:
                    await interaction.response.defer()
                else:  # the answer to a command is private; the board goes to the channel
                    await interaction.response.defer(ephemeral=True, thinking=True)
        loop = asyncio.get_running_loop()
        end = loop.time() + AI_ANSWER_WAIT
        while loop.time() < end:
            await asyncio.sleep(0.02)
            now = await self.host.status(game_id)
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
            status = await self.host.status(game_id)
            seat = status.seat_of(interaction.user.id)
        if seat is not None:
            entries = await self.host.log(game_id, interaction.user.id, limit=20, after=seen)
            own = [e for e in entries if e.seat == seat.seat and e.by == "player"]
            if own:
                return (
                    f"Your move was already played a moment ago: {texts.md(own[0].label)}. "
                    "Nothing else was played."
                )
        return await self.reason(error_, mention=True)

    async def on_act(
        self, interaction: discord.Interaction[Any], game_id: int, token: int, notation: str
    ) -> None:
        await self.move(interaction, notation, game_id=game_id, token=token)

    async def explain_illegal(
        self, game_id: int, interaction: discord.Interaction[Any], error_: HostError
    ) -> str:
        """The host's reason, plus what is legal when it does not list it already."""
        text = str(error_)
        if "Legal now" in text or "too long" in text:
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

    async def stale(self, interaction: discord.Interaction[Any], game_id: int, text: str) -> None:
        """A click drawn for an older decision: nothing played. The clicked message, unless it
        is the player's current one (a second click on it), says so and loses its controls;
        the player is told what happened since and where their current decision is."""
        status = await self.host.status(game_id)
        seat = status.seat_of(interaction.user.id)
        clicked = interaction.message.id if interaction.message is not None else None
        current = seat.notified_message if seat is not None else None
        if is_component(interaction) and clicked is not None and clicked != current:
            heading = await self.delivery.heading(status)
            await interaction.response.edit_message(content=f"{heading}\n⌛ {text}", view=None)
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        header = f"⚠️ {text}"
        if seat is not None and "already played" not in text:
            entries = await self.host.log(game_id, interaction.user.id, after=seat.token - 1)
            names = await self.delivery.seat_names(status)
            said = texts.narration(self.delivery.presentation(status), entries, names)
            if said:
                header += "\nMeanwhile:\n" + self.delivery.meanwhile(said)
        decision = await self.host.decision(game_id, interaction.user.id)
        if current is not None and decision.kind is not None:
            await interaction.followup.send(
                f"{header}\nYour current decision is in your newest DM from me.",
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
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
            status = await self.host.status(game_id, guild_id=interaction.guild_id)
            decision = await self.host.decision(
                game_id, interaction.user.id, guild_id=interaction.guild_id
            )
        except HostError as e:  # forged for another server's game, or for no game
            await error(interaction, str(e))
            return
        if decision.kind is None or decision.token != token:
            await self.stale(
                interaction,
                game_id,
                "This choice is out of date (the game moved on); nothing was played.",
            )
            return
        number = arg.split("~", 1)[0]  # "3~1": page 3, the label of row 1
        page = int(number) if kind == "p" and number.lstrip("-").isdigit() else 0
        group = arg if kind == "g" and arg else None
        old = interaction.message.content if interaction.message is not None else ""
        header = old.split("\n", 1)[0] or f"🂠 **Your decision** in game #{game_id}"
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
        await interaction.response.edit_message(content=composed.content, view=composed.view)

    async def on_window_order(
        self, interaction: discord.Interaction[Any], game_id: int, order: str
    ) -> None:
        """A standing order for optional windows, from the button on an offer."""
        try:
            status = await self.host.set_window_order(
                game_id, interaction.user.id, order, guild_id=interaction.guild_id
            )
        except HostError as e:
            await error(interaction, str(e))
            return
        said = {
            "never": "I won't ask you again in this game: every such chance passes by itself.",
            "ask": "I'll ask you at every chance again.",
        }.get(order)
        if said is None:
            seat = int(order.partition(":")[2])
            names = await self.delivery.seat_names(status)
            who = texts.md(names[seat]) if seat < len(names) else f"seat {seat + 1}"
            said = f"I'll ask you only after {who}'s turns; every other chance passes by itself."
        await error(interaction, f"✅ {said} Change it any time with `/game interrupts`.")
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
                status = await self.host.status(game_id, guild_id=interaction.guild_id)
            except HostError as e:
                await error(interaction, str(e))
                return
        seat = status.seat_of(interaction.user.id)
        if seat is None:
            await error(
                interaction,
                f"You are not playing in game #{status.game_id}, so you have no hand there. "
                "You can watch the board with `/game board`.",
            )
            return
        if status.status == "lobby":
            await error(interaction, "The game has not started yet: nothing is dealt.")
            return
        try:
            await self.host.private_view(status.game_id, interaction.user.id)
        except HostError as e:
            await error(interaction, str(e))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        header = f"🂠 **Your hand** in game #{status.game_id} ({texts.md(status.title)})"
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
            status = await self.host.status(game_id, guild_id=interaction.guild_id)
        except HostError as e:
            await error(interaction, str(e))
            return
        picture = self.delivery.presentation(status).picture(key)
        if picture is None:
            await error(interaction, "This game has no such picture.")
            return
        if status.status == "lobby":
            await error(interaction, "The game has not started yet: there is nothing to show.")
            return
        if picture.private is not None and status.seat_of(interaction.user.id) is None:
            await error(
                interaction,
                f"You are not playing in game #{game_id}, so you have no {picture.label.lower()} "
                "there. The public pictures are on the board's buttons.",
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            image = await self.delivery.draw(status, picture, interaction.user.id)
        except HostError as e:
            await interaction.followup.send(str(e), ephemeral=True)
            return
        if image is None:
            await interaction.followup.send(
                f"{picture.label}: nothing to show now (no cards in your hand).", ephemeral=True
            )
            return
        await interaction.followup.send(
            f"🖼️ **{picture.label}** · game #{game_id} ({texts.md(status.title)}), "
            f"move {status.version}",
            files=[png_file(image)],
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    # -- the lobby -----------------------------------------------------------------------------

    async def lobby_message(self, status: GameStatus) -> str:
        names = await self.delivery.seat_names(status)
        creator = await self.delivery.name_of(status.creator_id)
        return texts.lobby_text(status, names, creator)

    async def lobby_change(
        self, interaction: discord.Interaction[Any], what: str, *, game_id: int | None = None
    ) -> None:
        """Join or leave a lobby (slash command or lobby button); the lobby message is edited,
        not posted again."""
        self.delivery.remember(interaction.user)
        if game_id is None:
            found = await self.game_here(interaction)
            if found is None:
                return
            game_id = found.game_id
        user = interaction.user.id
        where = {"channel_id": interaction.channel_id, "guild_id": interaction.guild_id}
        try:
            if what == "join":
                status = await self.host.join(game_id, user, **where)
            else:
                status = await self.host.leave(game_id, user, **where)
        except HostError as e:
            await error(interaction, str(e))
            return
        text = await self.lobby_message(status)
        view = lobby_view(status.game_id) if status.status == "lobby" else None
        if is_component(interaction):
            await interaction.response.edit_message(content=text, view=view)
            if interaction.message is not None:
                self.lobbies[status.game_id] = interaction.message
            return
        verb = "joined" if what == "join" else "left"
        message = self.lobbies.get(status.game_id)
        if message is not None:
            with contextlib.suppress(discord.HTTPException):
                await message.edit(content=text, view=view)
                await interaction.response.send_message(
                    f"{texts.md(interaction.user.display_name)} {verb} game #{status.game_id}.",
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                return
        kwargs: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions.none()}
        if view is not None:
            kwargs["view"] = view
        await interaction.response.send_message(text, **kwargs)
        self.lobbies[status.game_id] = await interaction.original_response()

    async def close_lobby(self, status: GameStatus) -> None:
        """The lobby message says how it ended and loses its buttons."""
        message = self.lobbies.pop(status.game_id, None)
        if message is not None:
            with contextlib.suppress(discord.HTTPException):
                await message.edit(content=await self.lobby_message(status), view=None)

    async def on_lobby(
        self, interaction: discord.Interaction[Any], what: str, game_id: int
    ) -> None:
        if what == "start":
            await self.start(interaction, game_id=game_id)
        else:
            await self.lobby_change(interaction, what, game_id=game_id)

    async def start_at_once(self, status: GameStatus) -> None:
        """A table full from the start (a solo game, or seats filled by AIs) starts at once,
        in its own channel (a new thread): no lobby to join."""
        async with self.busy(), self.delivery.lock(status.game_id):
            await self.host.start(
                status.game_id,
                status.creator_id,
                is_admin=False,
                channel_id=status.channel_id,
                guild_id=status.guild_id,
            )
            await self.delivery.announce(status.game_id, held=True)
        self.bot.wake_scheduler()

    async def start(
        self, interaction: discord.Interaction[Any], *, game_id: int | None = None
    ) -> None:
        """Deal: the first board (the reply) and every player's first DM come from the outbox."""
        async with self.busy():
            self.delivery.remember(interaction.user)
            if game_id is None:
                found = await self.game_here(interaction)
                if found is None:
                    return
                game_id = found.game_id
            missing = missing_permissions(interaction)
            if missing:
                await error(interaction, missing)
                return
            async with self.delivery.lock(game_id):
                try:
                    started = await self.host.start(
                        game_id,
                        interaction.user.id,
                        is_admin=bool(interaction.permissions.manage_guild),
                        channel_id=interaction.channel_id,
                        guild_id=interaction.guild_id,
                    )
                except HostError as e:
                    await error(interaction, str(e))
                    return
                if is_component(interaction) and interaction.message is not None:
                    self.lobbies[started.status.game_id] = interaction.message
                if is_component(interaction):
                    await interaction.response.defer()  # the lobby message says it has started
                else:
                    await interaction.response.defer(ephemeral=True, thinking=True)
                await self.close_lobby(started.status)
                await self.delivery.announce(game_id, reply=interaction, held=True)
            self.bot.wake_scheduler()
