"""``/game ...``: the one ``/game`` group, every subcommand declared here (names, options,
descriptions, choices, autocomplete), in the order Discord shows them. Each answers through a
part given the bot: the server's settings (:mod:`cogs.serversettings`), replays and the lobby
(the bot's flows: :mod:`cogs.replaying`, :mod:`cogs.lobby`), records (:mod:`cogs.history`),
hints (:mod:`cogs.hints`), time and away (:mod:`cogs.away`: mine, notify, away), resign, back
and cancel (:mod:`cogs.endings`), undo by the undoing flow, board by the hands flow and
``/game seat replace | seek | claim`` (:mod:`cogs.seatcommands`) by the seating flow; status,
log, rules, list and interrupts are answered here. Game-agnostic: games, options, labels,
words and images come from the game plugins (``bot.plugin_list``), the host and each game's
presentation."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import answer, overview, texts
from cogs.away import Timing, zone_choices
from cogs.endings import Endings
from cogs.flows import CommandBot
from cogs.hints import Hinting
from cogs.history import Records, StatsAsked
from cogs.options import variant_choices
from cogs.seatcommands import MAX_PLAYERS, SeatCommands
from cogs.serversettings import (
    AI_LEVELS,
    INCREMENTS,
    LANGUAGES,
    PALETTES,
    RESERVES,
    TIMEOUT_POLICIES,
    TURN_TIMES,
    Asked,
    ServerSettings,
)
from host import GameStatus, Host, HostError
from render import i18n
from render.i18n import N_, _


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="game", group_description=N_("Play a board game here")):
    seat = SeatCommands()  # /game seat replace | seek | claim

    def __init__(self, bot: CommandBot) -> None:
        self.bot = bot
        self.server_settings = ServerSettings(bot)
        self.records = Records(bot)
        self.timing = Timing(bot)  # /game away, /game notify (issue 46)
        self.hinting = Hinting(bot)
        self.endings = Endings(bot)  # /game resign, back, cancel
        super().__init__()

    @property
    def host(self) -> Host:
        return self.bot.host

    def plugin_choices(self, current: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=texts.title_of(p)[:100], value=p.key)
            for p in self.bot.plugin_list
            if current.lower() in f"{p.key} {texts.title_of(p)}".lower()
        ][:25]

    async def _here(
        self, interaction: discord.Interaction[Any], *, finished: bool = False
    ) -> GameStatus | None:
        self.bot.flows.private.remember(interaction.user)
        return await self.bot.flows.refusals.game_here(interaction, finished=finished)

    # -- the server's settings -------------------------------------------------------------------

    @app_commands.command(
        name="settings",
        description=N_("This server's time per move, timeout policy and language (Manage Server)"),
    )
    @app_commands.describe(
        turn_time=N_("Time each player has for a decision in new games"),
        timeout_policy=N_("What happens when a player runs out of time, in new games"),
        language=N_("The language of this server's lobbies, boards and channel messages"),
        away_days=N_("How many days a year a player may be away (0: no away here)"),
        palette=N_(
            "Channel pictures: standard or high contrast (a player's own choice wins in DMs)"
        ),
    )
    @app_commands.choices(  # type: ignore[misc]
        turn_time=TURN_TIMES,
        timeout_policy=TIMEOUT_POLICIES,
        language=LANGUAGES,
        palette=PALETTES,
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        turn_time: int | None = None,
        timeout_policy: str | None = None,
        language: str | None = None,
        away_days: app_commands.Range[int, 0, 365] | None = None,
        palette: str | None = None,
    ) -> None:
        asked = Asked(turn_time, timeout_policy, language, away_days=away_days, palette=palette)
        await self.server_settings.settings(interaction, asked)

    # -- replays and records ---------------------------------------------------------------------

    @app_commands.command(
        name="replay", description=N_("Watch a game again, step by step (only you see it)")
    )
    @app_commands.describe(
        game=N_(
            "Which game of this server (default: the last one finished here, else the one in play)"
        ),
        animate=N_("Post the whole game as an animated image in its channel instead"),
    )
    async def replay(
        self,
        interaction: discord.Interaction[Any],
        game: int | None = None,
        animate: bool = False,
    ) -> None:
        await self.bot.flows.replaying.replay(interaction, game, animate)

    @replay.autocomplete("game")
    @answer.quick(list)
    async def replay_game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return await self.bot.flows.replaying.game_choices(interaction, current)

    @app_commands.command(
        name="stats", description=N_("Games, wins, places, rating and records in this server")
    )
    @app_commands.describe(
        player=N_("Whose statistics (default: yours)"),
        game=N_("Only this game"),
        ai=N_("An AI level's statistics instead (all its seats in this server)"),
    )
    @app_commands.choices(ai=AI_LEVELS)
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User | None = None,
        game: str | None = None,
        ai: str | None = None,
    ) -> None:
        await self.records.stats(interaction, StatsAsked(player, game, ai))

    @stats.autocomplete("game")
    async def stats_game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return self.plugin_choices(current)

    @app_commands.command(
        name="leaderboard",
        description=N_("This server's best players of a game, by rating"),
        extras={"public": "share"},  # public with share:True where the user may post
    )
    @app_commands.describe(
        game=N_("Which game"), share=N_("Post it in this channel instead (default: only you)")
    )
    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: str, share: bool = False
    ) -> None:
        await self.records.leaderboard(interaction, game, share)

    @leaderboard.autocomplete("game")
    async def leaderboard_game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return self.plugin_choices(current)

    @app_commands.command(name="history", description=N_("This server's recently finished games"))
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        await self.records.history(interaction)

    # -- lobby -----------------------------------------------------------------------------------

    @app_commands.command(
        name="new",
        description=N_("Open a new game in this channel (or a thread)"),
        extras={"public": True},  # the lobby is the answer (cogs.answer)
    )
    @app_commands.describe(
        game=N_("Which game to play (pick from the list)"),
        players=N_(
            "How many seats at the table (AI seats included; 1 = solo, where the game has it)"
        ),
        variant=N_("Game options, e.g. dual_vent (pick from the list)"),
        turn_time=N_("Time each player has for a decision"),
        timeout_policy=N_("What happens when a player runs out of time"),
        where=N_("Play in this channel or in a new thread (keeps the channel free)"),
        ai_seats=N_("How many seats an AI plays"),
        ai_level=N_("How well the AI seats play (default: normal)"),
        forced_moves=N_("Play a decision by itself when it has only one legal choice"),
        reserve=N_("A time bank: extra time each player may spend over the game"),
        increment=N_("Time each of a player's moves adds back to their reserve"),
        away=N_("Whether players who are away (/game away) hold the deadlines"),
        claimable_ai=N_("A member may take over an AI seat during the game (/game seat claim)"),
        rated=N_("Count the game in the ratings (default: yes; unrated games allow hints)"),
    )
    @app_commands.choices(  # type: ignore[misc]
        turn_time=TURN_TIMES,
        reserve=RESERVES,
        increment=INCREMENTS,
        timeout_policy=TIMEOUT_POLICIES,
        where=[
            app_commands.Choice(name=N_("In this channel"), value="here"),
            app_commands.Choice(name=N_("In a new thread"), value="thread"),
        ],
        ai_level=AI_LEVELS,
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: app_commands.Range[int, 1, MAX_PLAYERS] | None = None,
        variant: str | None = None,
        turn_time: int | None = None,
        timeout_policy: str | None = None,
        where: str = "here",
        ai_seats: app_commands.Range[int, 0, MAX_PLAYERS - 1] = 0,
        ai_level: str = "normal",
        forced_moves: bool = False,
        reserve: int = 0,
        increment: int = 0,
        away: bool = True,
        claimable_ai: bool = False,
        rated: bool = True,
    ) -> None:
        await self.bot.flows.lobby.open(
            interaction,
            game,
            players=players,
            variant=variant,
            turn_time=turn_time,
            timeout_policy=timeout_policy,
            where=where,
            ai_seats=ai_seats,
            ai_level=ai_level,
            forced_moves=forced_moves,
            bank=(float(reserve), float(increment), away),
            claimable_ai=claimable_ai,
            rated=rated,
        )

    @new.autocomplete("game")
    async def game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return self.plugin_choices(current)

    @new.autocomplete("variant")
    async def variant_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        key = getattr(interaction.namespace, "game", None)
        chosen = [p for p in self.bot.plugin_list if p.key == key] or list(self.bot.plugin_list)
        return [
            app_commands.Choice(name=name, value=value)
            for name, value in variant_choices(chosen, current)
        ]

    @app_commands.command(name="join", description=N_("Take a seat in this channel's game lobby"))
    @app_commands.describe(
        learning=N_("Play to learn: hints allowed, and the game does not count in your rating")
    )
    async def join(self, interaction: discord.Interaction[Any], learning: bool = False) -> None:
        await self.bot.flows.lobby.change(interaction, "join", learning=learning)

    @app_commands.command(name="leave", description=N_("Give up your seat in the lobby"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.flows.lobby.change(interaction, "leave")

    @app_commands.command(
        name="start", description=N_("Deal and start (the creator or a server manager)")
    )
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.flows.lobby.start(interaction)

    # -- reading ---------------------------------------------------------------------------------

    @app_commands.command(
        name="status", description=N_("Players, whose turn it is and the deadline")
    )
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        status = await self._here(interaction, finished=True)
        if status is None:
            return
        private = self.bot.flows.private
        names = await private.seat_names(status)
        waiting = ""
        if status.status == "active":
            view = await self.host.views.public_view(status.game_id)
            decision = private.presentation(status).words.public_decision(view)
            closed = {u for u in private.dm_blocked_until if private.dms_blocked(u)}
            waiting = texts.waiting_line(status, decision, names, dms_closed=closed)
        lobby = await self.bot.flows.lobby.lobby_message(status) if status.status == "lobby" else ""
        await answer.tell(interaction, texts.status_lines(status, names, waiting, lobby=lobby))

    @app_commands.command(name="board", description=N_("Show the current board (only to you)"))
    @app_commands.describe(
        text=N_("The board as text, for screen readers and anyone who prefers it")
    )
    async def board(self, interaction: discord.Interaction[Any], text: bool = False) -> None:
        status = await self._here(interaction, finished=True)
        if status is None:
            return
        await self.bot.flows.hands.board(interaction, status, text=text)

    @app_commands.command(name="log", description=N_("The recent moves, in notation and in words"))
    @app_commands.describe(count=N_("How many moves to show (default 10)"))
    async def log(
        self, interaction: discord.Interaction[Any], count: app_commands.Range[int, 1, 30] = 10
    ) -> None:
        status = await self._here(interaction, finished=True)
        if status is None:
            return
        entries = await self.host.views.log(status.game_id, interaction.user.id, limit=count)
        if not entries:
            await answer.tell(interaction, _("No moves have been made yet."))
            return
        private = self.bot.flows.private
        names = await private.seat_names(status)
        orders = await self.host.outbox.quiet_versions(status.game_id, entries[0].version - 1)
        await answer.tell(
            interaction,
            texts.log_lines(
                private.presentation(status), entries, names, status.game_id, orders=orders
            ),
        )

    @app_commands.command(
        name="hint", description=N_("What the normal AI would play now, and why (only you see it)")
    )
    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        await self.hinting.hint(interaction)

    @app_commands.command(name="mine", description=N_("Your open games, and where it is your move"))
    async def mine(self, interaction: discord.Interaction[Any]) -> None:
        await self.timing.mine(interaction)

    @app_commands.command(name="rules", description=N_("A short rules summary, with the rulings"))
    @app_commands.describe(
        topic=N_("Which part of the rules"),
        game=N_("Which game (default: the one in this channel)"),
    )
    async def rules(
        self, interaction: discord.Interaction[Any], topic: str = "", game: str | None = None
    ) -> None:
        plugin = self.host.plugin(game or await self._kind_here(interaction))
        rules = plugin.presentation.words.rules
        if not rules:
            await answer.tell(interaction, _("There is no rules summary for this game yet."))
            return
        topic = topic or next(iter(rules))
        if topic not in rules:
            known = ", ".join(f"`{k}`" for k in rules) or _("none")
            await answer.tell(
                interaction,
                _("There is no topic `{topic}`. Topics: {known}.").format(
                    topic=texts.md(topic), known=known
                ),
            )
            return
        title, text = (i18n.translate(t, plugin.key) for t in rules[topic])
        others = " · ".join(k for k in rules if k != topic)
        await answer.tell(
            interaction,
            _("📜 **{game} — {title}**\n{text}\n*Other topics:* {others}").format(
                game=texts.md(texts.title_of(plugin)),
                title=title,
                text=text,
                others=others,
            ),
        )

    @rules.autocomplete("game")
    async def rules_game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return self.plugin_choices(current)

    @rules.autocomplete("topic")
    @answer.quick(list)
    async def topic_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        kind = getattr(interaction.namespace, "game", None) or await self._kind_here(interaction)
        try:
            rules = self.host.plugin(kind).presentation.words.rules
        except HostError:
            return []
        titles = {key: i18n.translate(title, kind) for key, (title, _) in rules.items()}
        return [
            app_commands.Choice(name=title[:100], value=key)
            for key, title in titles.items()
            if current.lower() in f"{key} {title}".lower()
        ][:25]

    async def _kind_here(self, interaction: discord.Interaction[Any]) -> str:
        status = await self.host.views.last_game_in_channel(interaction.channel_id or 0)
        return status.kind if status is not None else self.bot.plugin_list[0].key

    @app_commands.command(
        name="list", description=N_("This server's open tables and games in play")
    )
    async def list_games(self, interaction: discord.Interaction[Any]) -> None:
        games = await self.host.views.games_in_guild(interaction.guild_id or 0)
        private = self.bot.flows.private
        named = [(g, await private.seat_names(g)) for g in games]
        view = await self.bot.flows.seating.claim_view(interaction, games)
        await answer.tell(interaction, overview.game_list(named), view=view)

    # -- settings of one's own ---------------------------------------------------------------------

    @app_commands.command(
        name="notify", description=N_("How you are told that a game waits for you (all your games)")
    )
    @app_commands.describe(
        how=N_("A DM, a mention in the game's channel, both, or neither"),
        time_zone=N_("Your time zone, for quiet hours (e.g. Europe/Berlin)"),
        quiet_hours=N_("Hours without reminders or deadlines, e.g. 23-7 (off: none)"),
        palette=N_(
            "Your own pictures: standard or high contrast (channel boards follow the server)"
        ),
    )
    @app_commands.choices(
        palette=[*PALETTES, app_commands.Choice(name=N_("As the server chooses"), value="server")],
        how=[
            app_commands.Choice(
                name=N_("A DM with my choices (a mention only when my DMs are closed)"), value="dm"
            ),
            app_commands.Choice(name=N_("A mention in the game's channel"), value="mention"),
            app_commands.Choice(name=N_("Both a DM and a mention"), value="both"),
            app_commands.Choice(name=N_("Neither: I look with /hand or /game mine"), value="none"),
        ],
    )
    async def notify(
        self,
        interaction: discord.Interaction[Any],
        how: str | None = None,
        time_zone: app_commands.Range[str, 1, 64] | None = None,
        quiet_hours: app_commands.Range[str, 1, 16] | None = None,
        palette: str | None = None,
    ) -> None:
        await self.timing.notify(interaction, how, time_zone, quiet_hours, palette)

    @notify.autocomplete("time_zone")
    async def zone_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return zone_choices(current)

    @app_commands.command(
        name="away",
        description=N_("Be away: your deadlines in every game wait (or see if you are)"),
    )
    @app_commands.describe(
        days=N_("For how many days (0: I'm back)"),
        until=N_("Or the day you are back, e.g. 2026-12-24"),
    )
    async def away(
        self,
        interaction: discord.Interaction[Any],
        days: app_commands.Range[int, 0, 60] | None = None,
        until: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        await self.timing.away(interaction, days, until)

    @app_commands.command(
        name="interrupts",
        description=N_("When to ask you about optional chances to act out of turn"),
    )
    @app_commands.describe(
        when=N_("Ask at every chance, never, or only after one player's turns"),
        player=N_("With 'only after': whose turns"),
    )
    @app_commands.choices(
        when=[
            app_commands.Choice(name=N_("Ask me at every chance"), value="ask"),
            app_commands.Choice(name=N_("Never ask me (let every chance pass)"), value="never"),
            app_commands.Choice(name=N_("Ask me only after one player's turns"), value="after"),
        ]
    )
    async def interrupts(
        self,
        interaction: discord.Interaction[Any],
        when: str,
        player: discord.Member | None = None,
    ) -> None:
        status = await self._here(interaction)
        if status is None:
            return
        order = when
        if when == "after":
            seat = status.seat_of(player.id) if player is not None else None
            if seat is None:
                await answer.tell(interaction, _("Name a player of this game with `player:`."))
                return
            order = f"after:{seat.seat}"
        await self.host.decisions.set_window_order(
            status.game_id, interaction.user.id, order, guild_id=interaction.guild_id
        )
        if order == "ask":
            said = _("✅ I'll ask you at every chance.")
        elif order == "never":
            said = _("✅ I won't ask you: every such chance passes by itself.")
        else:
            said = _("✅ I'll ask you only after {name}'s turns.").format(
                name=texts.md(player.display_name if player else "")
            )
        await answer.tell(interaction, said)
        self.bot.wake_scheduler()

    # -- ending ----------------------------------------------------------------------------------

    @app_commands.command(
        name="resign",
        description=N_("Give up your seat; an AI plays it out"),
        extras={"public": True},
    )
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        await self.endings.resign(interaction)

    @app_commands.command(
        name="back",
        description=N_("Play your seat again after an AI took over"),
        extras={"public": True},
    )
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        await self.endings.back(interaction)

    @app_commands.command(
        name="undo", description=N_("Take back your last move, or ask the table to")
    )
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.flows.undoing.take_back(interaction, None)

    @app_commands.command(
        name="cancel",
        description=N_("Call the game off (creator or server manager)"),
        extras={"public": True},
    )
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        await self.endings.cancel(interaction)


async def setup(bot: CommandBot) -> None:
    await bot.add_cog(GameCog(bot))
