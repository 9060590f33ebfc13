"""``/game stats``, ``/game leaderboard``, ``/game history``: a server's results and ratings
(docs/ratings.md). A mixin of :class:`cogs.game.GameCog` (discord.py collects the app commands of
every class of a cog), with the leaderboard's ◀ ▶ buttons. Game-agnostic: kinds are plugin keys,
titles come from the host."""

from __future__ import annotations

import asyncio
import io
import re
from typing import TYPE_CHECKING, Any, Protocol, Self, cast

import discord
from discord import app_commands
from discord.ext import commands

from cogs import language, texts
from cogs.components import PREFIX
from host import FinishedGame, KindStats, Leaderboard, Player, PlayerStats, Rating
from render.charts import rating_chart_png

if TYPE_CHECKING:
    from cogs.runtime import VesuviusBot
    from host import Host

NO_MENTIONS = discord.AllowedMentions.none()
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}
EXPLAIN = (
    "-# Rating: a careful estimate of skill (μ − 3σ). It starts at 0, rises with good results "
    "against strong players, and the ± shrinks as the bot grows sure of you."
)


def place(n: int) -> str:
    return ORDINALS.get(n, f"{n}th")


def who(player: Player) -> str:
    return f"<@{player.user_id}>" if player.user_id is not None else player.name


def rating_text(r: Rating) -> str:
    """``**12.3** (skill 25.0 ± 12.7)``: the ordinal, then mu ± 3 sigma."""
    return f"**{r.ordinal:.1f}** (skill {r.mu:.1f} ± {3 * r.sigma:.1f})"


def kind_lines(k: KindStats) -> list[str]:
    lines = [f"**{texts.md(k.title)}**: {k.played} game{'s' * (k.played != 1)}, {k.won} won"]
    if k.average_place is not None and k.best_place is not None:
        lines[0] += f" · average place {k.average_place:.1f} · best {place(k.best_place)}"
    if k.rating is not None:
        lines.append(f"Rating {rating_text(k.rating)} after {k.rating.games} rated games")
    won = [r for r in k.records if r.won and r.title]
    if k.records:
        solo = len(k.records)
        line = f"Solo: {solo} game{'s' * (solo != 1)}, {sum(r.won for r in k.records)} won"
        if won:
            best = won[0]
            rounds = f" in {best.rounds} rounds" if best.rounds is not None else ""
            line += f" · best: **{texts.md(best.title)}**{rounds} (<t:{int(best.ended_at)}:d>)"
        lines.append(line)
    return lines


def stats_text(stats: PlayerStats, name: str) -> str:
    if not stats.kinds:
        return (
            f"{name} {'have' if name == 'You' else 'has'} no finished games in this server yet. "
            "Play one with `/game new`: "
            "results, ratings and records show here once it ends."
        )
    lines = [f"📊 **{name}** in this server"]
    for k in stats.kinds:
        lines += kind_lines(k)
    if any(k.rating is not None for k in stats.kinds):
        lines.append(EXPLAIN)
    return "\n".join(lines)[: texts.CONTENT_LIMIT]


def leaderboard_text(board: Leaderboard) -> str:
    lines = [f"🏆 **{texts.md(board.title)}** in this server — page {board.page + 1}/{board.pages}"]
    if not board.ranked:
        lines.append(f"Nobody has {board.min_games} rated games yet.")
    for s in board.ranked:
        games = s.rating.games
        lines.append(f"{s.position}. {who(s.player)} — {rating_text(s.rating)} · {games} games")
    if board.newcomers:
        names = ", ".join(f"{who(s.player)} ({s.rating.games})" for s in board.newcomers)
        lines.append(f"Fewer than {board.min_games} rated games, not ranked yet: {names}")
    lines.append(EXPLAIN)
    return "\n".join(lines)[: texts.CONTENT_LIMIT]


def result_text(g: FinishedGame) -> str:
    names = [who(p) for p, _place, _won in g.seats]
    if g.outcome == "solo":
        verdict = f"**{texts.md(g.solo_title)}**" if g.solo_title else "lost"
        return f"{names[0] if names else '?'}, solo: {verdict}"
    if g.outcome == "shared_win":
        return "won together: " + ", ".join(names)
    if g.outcome == "all_lose":
        return "everyone lost: " + ", ".join(names)
    order = sorted(g.seats, key=lambda s: s[1] if s[1] is not None else 99)
    return ", ".join(
        f"{'🥇 ' if p == 1 else f'{p}. '}{who(player)}" for player, p, _ in order if p is not None
    )


def history_text(games: list[FinishedGame], guild_id: int) -> str:
    if not games:
        return "No game has finished in this server yet. Start one with `/game new`."
    lines = ["📜 **Recent games in this server**"]
    for g in games:
        line = f"#{g.game_id} {texts.md(g.title)} · <t:{int(g.ended_at)}:d> · {result_text(g)}"
        if g.board_message is not None:
            url = f"https://discord.com/channels/{guild_id}/{g.channel_id}/{g.board_message}"
            line += f" · [final board]({url})"
        line += f" · `/game replay game:{g.game_id}`"
        if sum(len(x) + 1 for x in lines) + len(line) > texts.CONTENT_LIMIT:
            break
        lines.append(line)
    return "\n".join(lines)


class _HasHost(Protocol):
    host: Host


class PageButton(
    discord.ui.DynamicItem[Any],
    template=PREFIX + r":lb:(?P<kind>[a-z0-9_]{1,40}):(?P<page>\d{1,6}):(?P<dir>[pn])",
):
    """◀ / ▶ under a leaderboard: the page it leads to, drawn for whoever clicks (the message
    is edited in place; the server is the clicker's)."""

    def __init__(self, kind: str, page: int, direction: str, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label="◀" if direction == "p" else "▶",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{PREFIX}:lb:{kind}:{page}:{direction}",
                disabled=disabled,
            )
        )
        self.kind, self.page = kind, page

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls(match["kind"], int(match["page"]), match["dir"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        host = cast(_HasHost, interaction.client).host
        await language.enter(host, interaction)
        board = await host.leaderboard(interaction.guild_id or 0, self.kind, self.page)
        await interaction.response.edit_message(
            content=leaderboard_text(board), view=pages_view(board), allowed_mentions=NO_MENTIONS
        )


def pages_view(board: Leaderboard) -> discord.ui.View | None:
    """◀ ▶ when there is more than one page (each disabled at its end)."""
    if board.pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(board.kind, max(0, board.page - 1), "p", disabled=board.page == 0))
    last = board.page >= board.pages - 1
    view.add_item(PageButton(board.kind, board.page + 1, "n", disabled=last))
    return view


ITEMS = (PageButton,)


if TYPE_CHECKING:
    _Mixin = commands.Cog  # what the app-command decorators' types expect of ``self``
else:
    _Mixin = object


class HistoryCommands(_Mixin):
    """The commands of this module, inherited by the ``/game`` cog (a plain mixin at run time:
    discord.py's cog metaclass collects the app commands of every class of the cog)."""

    bot: VesuviusBot

    def _game_choices(self, current: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=p.title[:100], value=p.key)
            for p in self.bot.plugin_list
            if current.lower() in f"{p.key} {p.title}".lower()
        ][:25]

    @app_commands.command(
        name="stats", description="Games, wins, places, rating and records in this server"
    )
    @app_commands.describe(player="Whose statistics (default: yours)", game="Only this game")
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        user = player or interaction.user
        host = self.bot.host
        kind = host.plugin(game).key if game else None
        stats = await host.stats(interaction.guild_id or 0, user.id, kind)
        name = "You" if user.id == interaction.user.id else texts.md(user.display_name)
        text = stats_text(stats, name)
        series = [(k.title, list(k.history)) for k in stats.kinds if k.history]
        if not series:
            await interaction.response.send_message(
                text, ephemeral=True, allowed_mentions=NO_MENTIONS
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        title = f"{user.display_name}: rating after each game"
        image = await asyncio.to_thread(rating_chart_png, title, series)
        await interaction.followup.send(
            text,
            file=discord.File(io.BytesIO(image), filename="rating.png"),
            ephemeral=True,
            allowed_mentions=NO_MENTIONS,
        )

    @stats.autocomplete("game")
    async def stats_game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return self._game_choices(current)

    @app_commands.command(
        name="leaderboard", description="This server's best players of a game, by rating"
    )
    @app_commands.describe(game="Which game")
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str) -> None:
        host = self.bot.host
        board = await host.leaderboard(interaction.guild_id or 0, host.plugin(game).key)
        view = pages_view(board)
        text = leaderboard_text(board)
        if view is None:
            await interaction.response.send_message(text, allowed_mentions=NO_MENTIONS)
        else:
            await interaction.response.send_message(text, view=view, allowed_mentions=NO_MENTIONS)

    @leaderboard.autocomplete("game")
    async def leaderboard_game_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return self._game_choices(current)

    @app_commands.command(name="history", description="This server's recently finished games")
    async def history(self, interaction: discord.Interaction[Any]) -> None:
        guild = interaction.guild_id or 0
        games = await self.bot.host.history(guild)
        await interaction.response.send_message(
            history_text(games, guild), ephemeral=True, allowed_mentions=NO_MENTIONS
        )
