"""``/game ...``: lobby, start, status, board, log, resign, cancel, rules. Game-agnostic: games,
options, labels, words and images all come from the engine registry, the host and ``render``."""

from __future__ import annotations

import contextlib
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import render
from cogs.service import missing_permissions, png_file
from cogs.ui import board_view, lobby_view
from engine.core import Game, OptionSpec
from engine.registry import all_games, get_game
from host import BadOptionError, GameNotActiveError, GameStatus, Host, HostError, TableOptions
from render.text import duration, narrator

if TYPE_CHECKING:
    from cogs.runtime import VesuviusBot

PLAYABLE = {key: game for key, game in all_games().items() if key in render.GAMES}
"""Games with an engine and a renderer: what ``/game new`` offers."""
MIN_PLAYERS = min(g.min_players for g in PLAYABLE.values())
MAX_PLAYERS = max(g.max_players for g in PLAYABLE.values())
TURN_TIMES = [
    app_commands.Choice(name="5 minutes", value=300),
    app_commands.Choice(name="1 hour", value=3600),
    app_commands.Choice(name="12 hours", value=12 * 3600),
    app_commands.Choice(name="24 hours", value=24 * 3600),
    app_commands.Choice(name="3 days", value=3 * 24 * 3600),
    app_commands.Choice(name="7 days", value=7 * 24 * 3600),
]


def parse_variants(game: Game[Any, Any], text: str | None) -> dict[str, Any]:
    """``"dual_vent"`` / ``"dual_vent=true, x=2"`` -> engine options, checked against the game's
    :class:`OptionSpec` list."""
    out: dict[str, Any] = {}
    specs = {o.name: o for o in game.options}
    for part in re.split(r"[,\s]+", (text or "").strip()):
        if not part:
            continue
        key, _, raw = part.partition("=")
        spec = specs.get(key.strip().lower())
        if spec is None:
            known = ", ".join(f"`{name}`" for name in specs) or "none"
            raise BadOptionError(f"`{key}` is not an option of {game.title}. Options: {known}.")
        out[spec.name] = _coerce(spec, raw.strip())
    return out


def _coerce(spec: OptionSpec, raw: str) -> Any:
    value: Any
    if isinstance(spec.default, bool):
        if raw.lower() in ("", "true", "yes", "on", "1"):
            value = True
        elif raw.lower() in ("false", "no", "off", "0"):
            value = False
        else:
            raise BadOptionError(
                f"`{spec.name}` is on or off: write `{spec.name}=true` or `=false`."
            )
    elif isinstance(spec.default, int):
        try:
            value = int(raw)
        except ValueError:
            raise BadOptionError(f"`{spec.name}` needs a whole number.") from None
    else:
        value = raw
    if spec.choices and value not in spec.choices:
        allowed = ", ".join(str(c) for c in spec.choices)
        raise BadOptionError(f"`{spec.name}` must be one of: {allowed}.")
    return value


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="game", group_description="Play a board game here"):
    def __init__(self, bot: VesuviusBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self) -> Any:
        return self.bot.service

    @property
    def host(self) -> Host:
        return self.bot.host

    async def _here(
        self, interaction: discord.Interaction[Any], *, finished: bool = False
    ) -> GameStatus | None:
        self.service.remember(interaction.user)
        return await self.service.game_here(interaction, finished=finished)  # type: ignore[no-any-return]

    # -- lobby -----------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a new game in this channel (or a thread)")
    @app_commands.describe(
        game="Which game to play",
        players="How many seats at the table (AI seats included)",
        variant="Game options, e.g. dual_vent (pick from the list)",
        turn_time="Time each player has for a decision",
        timeout_policy="What happens when a player runs out of time",
        where="Play in this channel or in a new thread (keeps the channel free)",
        ai_seats="How many seats an AI plays",
        ai_level="How well the AI seats play (default: normal)",
        forced_moves="Play a decision by itself when it has only one legal choice",
    )
    @app_commands.choices(  # type: ignore[misc]
        game=[app_commands.Choice(name=g.title, value=k) for k, g in PLAYABLE.items()],
        turn_time=TURN_TIMES,
        timeout_policy=[
            app_commands.Choice(name="An AI decides for them", value="ai"),
            app_commands.Choice(name="Skip (pass) when possible, else an AI decides", value="skip"),
        ],
        where=[
            app_commands.Choice(name="In this channel", value="here"),
            app_commands.Choice(name="In a new thread", value="thread"),
        ],
        ai_level=[
            app_commands.Choice(name="Easy: plausible but weak", value="easy"),
            app_commands.Choice(name="Normal: a solid player", value="normal"),
            app_commands.Choice(name="Hard: searches ahead (about a second a move)", value="hard"),
        ],
    )
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: app_commands.Range[int, MIN_PLAYERS, MAX_PLAYERS] | None = None,
        variant: str | None = None,
        turn_time: int | None = None,
        timeout_policy: str | None = None,
        where: str = "here",
        ai_seats: app_commands.Range[int, 0, MAX_PLAYERS - 1] = 0,
        ai_level: str = "normal",
        forced_moves: bool = False,
    ) -> None:
        async with self.service.busy():
            await self._new(
                interaction,
                game,
                players,
                variant,
                turn_time,
                timeout_policy,
                where,
                ai_seats,
                ai_level,
                forced_moves,
            )

    async def _new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: int | None,
        variant: str | None,
        turn_time: int | None,
        timeout_policy: str | None,
        where: str,
        ai_seats: int,
        ai_level: str,
        forced_moves: bool,
    ) -> None:
        self.service.remember(interaction.user)
        engine_game = get_game(game)
        channel = interaction.channel
        in_thread = isinstance(channel, discord.Thread)
        missing = missing_permissions(interaction, new_thread=where == "thread")
        if missing:
            await self.service.error(interaction, missing)
            return
        options = TableOptions(
            kind=game,
            players=players,
            variants=parse_variants(engine_game, variant),
            turn_time=None if turn_time is None else float(turn_time),
            timeout_policy=timeout_policy,  # type: ignore[arg-type]
            ai_seats=ai_seats,
            ai_level=ai_level,
            auto_forced=forced_moves,
        )
        guild_id = interaction.guild_id or 0
        if where == "thread" and not in_thread and isinstance(channel, discord.TextChannel):
            # No defer here: a refusal must stay ephemeral, and these are two quick calls.
            thread = await channel.create_thread(
                name=f"{engine_game.title} — {interaction.user.display_name}"[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,
            )
            try:
                status = await self.host.create_game(
                    guild_id, thread.id, interaction.user.id, options
                )
            except HostError:
                with contextlib.suppress(discord.HTTPException):
                    await thread.delete()
                raise
            await interaction.response.send_message(
                f"🌋 {interaction.user.display_name} opened game #{status.game_id} "
                f"({engine_game.title}) in {thread.mention}: join there!"
            )
            await thread.add_user(interaction.user)
            names = await self.service.seat_names(status)
            await thread.send(
                self.service.lobby_text(status, names),
                view=lobby_view(status.game_id),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        status = await self.host.create_game(
            guild_id, interaction.channel_id or 0, interaction.user.id, options
        )
        names = await self.service.seat_names(status)
        await interaction.response.send_message(
            self.service.lobby_text(status, names),
            view=lobby_view(status.game_id),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @new.autocomplete("variant")
    async def variant_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        key = getattr(interaction.namespace, "game", None)
        games = [PLAYABLE[key]] if key in PLAYABLE else list(PLAYABLE.values())
        out = []
        for g in games:
            for spec in g.options:
                values = spec.choices or (spec.default,)
                for value in values:
                    if value == spec.default:
                        continue
                    text = f"{spec.name}={str(value).lower()}"
                    name = f"{text} — {spec.description}"[:100]
                    if current.lower() in name.lower():
                        out.append(app_commands.Choice(name=name, value=text))
        return out[:25]

    @app_commands.command(name="join", description="Take a seat in this channel's game lobby")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self.service.lobby_change(interaction, "join")

    @app_commands.command(name="leave", description="Give up your seat in the lobby")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self.service.lobby_change(interaction, "leave")

    @app_commands.command(
        name="start", description="Deal and start (the creator or a server manager)"
    )
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self.service.start(interaction)

    # -- reading ---------------------------------------------------------------------------------

    @app_commands.command(name="status", description="Players, whose turn it is and the deadline")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        status = await self._here(interaction, finished=True)
        if status is None:
            return
        names = await self.service.seat_names(status)
        lines = [f"**Game #{status.game_id}** · {status.title} · {status.status}"]
        if status.status == "lobby":
            lines = [self.service.lobby_text(status, names)]
        else:
            for s in status.seats:
                flags = []
                if s.ai_controlled and s.user_id is not None:
                    flags.append("an AI plays for them")
                if s.resigned:
                    flags.append("resigned")
                if s.timeouts:
                    flags.append(f"{s.timeouts} timeout(s) in a row")
                extra = f" — {', '.join(flags)}" if flags else ""
                lines.append(f"{s.seat + 1}. {self.service.who(s, names, mention=False)}{extra}")
            if status.status == "active":
                view = await self.host.public_view(status.game_id)
                waiting = await self.service.waiting_line(status, view, names, status.waiting_on)
                lines.append(waiting or f"Move {status.version}.")
            else:
                lines.append(f"Move {status.version}.")
            lines.append(f"Time per decision: {duration(status.options.turn_time or 0)}.")
        await interaction.response.send_message(
            "\n".join(lines), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="board", description="Show the current board (only to you)")
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        status = await self._here(interaction, finished=True)
        if status is None:
            return
        if status.status == "lobby":
            await self.service.error(interaction, "The game has not started yet.")
            return
        try:
            view = await self.host.public_view(status.game_id)
        except GameNotActiveError:  # a lobby that was cancelled: it never had a board
            await self.service.error(
                interaction, f"Game #{status.game_id} was cancelled before it started."
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        names = await self.service.seat_names(status)
        content, png = await self.service.board_message(status, view, names, [])
        await interaction.followup.send(
            content,
            file=png_file(png, "board.png"),
            view=board_view(status.game_id),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name="log", description="The recent moves, in notation and in words")
    @app_commands.describe(count="How many moves to show (default 10)")
    async def log(
        self, interaction: discord.Interaction[Any], count: app_commands.Range[int, 1, 30] = 10
    ) -> None:
        status = await self._here(interaction, finished=True)
        if status is None:
            return
        entries = await self.host.log(status.game_id, None, limit=count)
        if not entries:
            await self.service.error(interaction, "No moves have been made yet.")
            return
        names = await self.service.seat_names(status)
        lines = [f"**Game #{status.game_id}** · the last {len(entries)} moves"]
        for e in entries:
            who = names[e.seat] if e.seat < len(names) else f"Seat {e.seat + 1}"
            mark = {"timeout": " ⏰ timeout", "ai": " 🤖 AI", "auto": " ⚙️ forced"}.get(e.by, "")
            lines.append(f"`{e.version:>3}` {who}: `{e.notation}` — {e.label}{mark}")
        text = "\n".join(lines)
        while len(text) > 2000:
            lines.pop(1)
            text = "\n".join(lines)
        await interaction.response.send_message(
            text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="mine", description="Your open games, and where it is your move")
    async def mine(self, interaction: discord.Interaction[Any]) -> None:
        games = await self.host.games_of_user(interaction.user.id)
        if not games:
            await self.service.error(
                interaction, "You have no open games. Start one with `/game new`."
            )
            return
        games.sort(key=lambda g: (not g.is_waiting_on_you, g.deadline or 0.0, g.game_id))
        lines = ["**Your games**"]
        for g in games[:20]:
            title = PLAYABLE[g.kind].title if g.kind in PLAYABLE else g.kind
            state = "lobby" if g.status == "lobby" else "waiting for others"
            if g.is_waiting_on_you:
                state = f"**your move**{self.service.deadline_text(g.deadline)}"
            link = self.service.link(g.guild_id, g.channel_id)
            lines.append(f"• game #{g.game_id} ({title}) in <#{g.channel_id}> — {state} — {link}")
        while len("\n".join(lines)) > 2000 - 40:
            lines.pop()
        if len(lines) <= len(games):
            lines.append(f"… and {len(games) - len(lines) + 1} more")
        await interaction.response.send_message(
            "\n".join(lines), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="rules", description="A short rules summary, with the rulings")
    @app_commands.describe(
        topic="Which part of the rules",
        game="Which game (default: the one in this channel)",
    )
    @app_commands.choices(
        game=[app_commands.Choice(name=g.title, value=k) for k, g in PLAYABLE.items()]
    )
    async def rules(
        self, interaction: discord.Interaction[Any], topic: str = "", game: str | None = None
    ) -> None:
        kind = game or await self._kind_here(interaction)
        rules = narrator(kind).rules
        if not rules:
            await self.service.error(interaction, "There is no rules summary for this game yet.")
            return
        topic = topic or next(iter(rules))
        if topic not in rules:
            known = ", ".join(f"`{k}`" for k in rules) or "none"
            await self.service.error(interaction, f"There is no topic `{topic}`. Topics: {known}.")
            return
        title, text = rules[topic]
        others = " · ".join(k for k in rules if k != topic)
        await interaction.response.send_message(
            f"📜 **{PLAYABLE[kind].title if kind in PLAYABLE else kind} — {title}**\n{text}\n"
            f"*Other topics:* {others}",
            ephemeral=True,
        )

    @rules.autocomplete("topic")
    async def topic_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        kind = getattr(interaction.namespace, "game", None) or await self._kind_here(interaction)
        return [
            app_commands.Choice(name=title[:100], value=key)
            for key, (title, _) in narrator(kind).rules.items()
            if current.lower() in f"{key} {title}".lower()
        ][:25]

    async def _kind_here(self, interaction: discord.Interaction[Any]) -> str:
        status = await self.host.last_game_in_channel(interaction.channel_id or 0)
        if status is not None:
            return status.kind
        with_rules = [k for k in PLAYABLE if narrator(k).rules]
        return (with_rules or list(PLAYABLE))[0]

    # -- ending ----------------------------------------------------------------------------------

    @app_commands.command(name="resign", description="Give up your seat; an AI plays it out")
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        status = await self._here(interaction)
        if status is None:
            return
        status = await self.host.resign(
            status.game_id, interaction.user.id, channel_id=interaction.channel_id
        )
        who = interaction.user.display_name
        if status.status == "cancelled":
            text = f"🏳️ {who} resigned. No human player is left, so game #{status.game_id} ends."
        else:
            text = f"🏳️ {who} resigned from game #{status.game_id}; an AI plays their seat."
        await interaction.response.send_message(text)
        self.bot.wake_scheduler()

    @app_commands.command(name="back", description="Play your seat again after an AI took over")
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        status = await self._here(interaction)
        if status is None:
            return
        status = await self.host.return_to_seat(
            status.game_id, interaction.user.id, channel_id=interaction.channel_id
        )
        await interaction.response.send_message(
            f"👋 {interaction.user.display_name} is back and plays their own seat again "
            f"in game #{status.game_id}."
        )
        async with self.service.busy():
            await self.service.notify_waiting(status)

    @app_commands.command(
        name="cancel", description="Call the game off (creator or server manager)"
    )
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        status = await self._here(interaction)
        if status is None:
            return
        is_admin = bool(interaction.permissions.manage_guild)
        status = await self.host.cancel(
            status.game_id,
            interaction.user.id,
            is_admin=is_admin,
            channel_id=interaction.channel_id,
        )
        await interaction.response.send_message(
            f"🛑 Game #{status.game_id} was cancelled by {interaction.user.display_name}."
        )


async def setup(bot: VesuviusBot) -> None:
    await bot.add_cog(GameCog(bot))
