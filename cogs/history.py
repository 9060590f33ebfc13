"""A server's records: ``/game stats``, ``/game leaderboard``, ``/game history``, its results
and ratings (docs/ratings.md), with the leaderboard's ◀ ▶ buttons. :class:`Records` answers
the commands :class:`cogs.game.GameCog` declares. Game-agnostic: kinds are plugin keys, titles
come from the host."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Self, cast

import discord

from cogs import access, answer, language, texts
from cogs.components import PREFIX
from cogs.edge import Bot
from host import FinishedGame, Host, KindStats, Leaderboard, Player, PlayerStats, Rating
from host.records import HISTORY_SIZE
from render import i18n
from render.charts import rating_chart_png
from render.i18n import N_, _, ngettext
from render.presentation import description

ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}
HISTORY_LOOK = 10 * HISTORY_SIZE
"""Finished games ``/game history`` reads to find the newest :data:`HISTORY_SIZE` that the
asker may see (games in channels they may not view are left out)."""
EXPLAIN = N_(
    "-# Rating: a careful estimate of skill (μ − 3σ). It starts at 0, rises with good results "
    "against strong players, and the ± shrinks as the bot grows sure of you."
)


def words(text: str) -> str:
    """A game's title or a solo title, as the host keeps it (English), in the current language:
    by whichever game's catalog has it."""
    return i18n.translate(text, None)


def place(n: int) -> str:
    return _(ORDINALS[n]) if n in ORDINALS else _("{n}th").format(n=n)


def who(player: Player) -> str:
    return f"<@{player.user_id}>" if player.user_id is not None else player.name


def rating_text(r: Rating) -> str:
    """``**12.3** (skill 25.0 ± 12.7)``: the ordinal, then mu ± 3 sigma."""
    return _("**{rating}** (skill {mu} ± {spread})").format(
        rating=i18n.number(r.ordinal, decimals=1),
        mu=i18n.number(r.mu, decimals=1),
        spread=i18n.number(3 * r.sigma, decimals=1),
    )


def kind_lines(k: KindStats) -> list[str]:
    games = ngettext("{count} game", "{count} games", k.played).format(count=k.played)
    lines = [
        _("**{title}**: {games}, {won} won").format(
            title=texts.md(words(k.title)), games=games, won=k.won
        )
    ]
    if k.average_place is not None and k.best_place is not None:
        lines[0] += " · " + _("average place {average} · best {best}").format(
            average=i18n.number(k.average_place, decimals=1), best=place(k.best_place)
        )
    if k.rating is not None:
        lines.append(
            ngettext(
                "Rating {rating} after {count} rated game",
                "Rating {rating} after {count} rated games",
                k.rating.games,
            ).format(rating=rating_text(k.rating), count=k.rating.games)
        )
    won = [r for r in k.records if r.won and r.title]
    if k.records:
        solo = len(k.records)
        games = ngettext("{count} game", "{count} games", solo).format(count=solo)
        line = _("Solo: {games}, {won} won").format(games=games, won=sum(r.won for r in k.records))
        if won:
            best = won[0]
            when = f"<t:{int(best.ended_at)}:d>"
            if best.rounds is not None:
                line += " · " + ngettext(
                    "best: **{title}** in {rounds} round ({when})",
                    "best: **{title}** in {rounds} rounds ({when})",
                    best.rounds,
                ).format(title=texts.md(words(best.title)), rounds=best.rounds, when=when)
            else:
                line += " · " + _("best: **{title}** ({when})").format(
                    title=texts.md(words(best.title)), when=when
                )
        lines.append(line)
    return lines


def stats_text(stats: PlayerStats, name: str | None, title: str | None = None) -> str:
    """``/game stats`` of ``name`` (``None``: the user's own), of the game ``title`` when one
    was asked for."""
    if not stats.kinds and title is not None:
        if name is None:
            return _(
                "You have no finished games of {title} in this server yet. Play one with "
                "`/game new`: results, ratings and records show here once it ends."
            ).format(title=title)
        return _(
            "{name} has no finished games of {title} in this server yet. Play one with "
            "`/game new`: results, ratings and records show here once it ends."
        ).format(name=name, title=title)
    if not stats.kinds:
        if name is None:
            return _(
                "You have no finished games in this server yet. Play one with `/game new`: "
                "results, ratings and records show here once it ends."
            )
        return _(
            "{name} has no finished games in this server yet. Play one with `/game new`: "
            "results, ratings and records show here once it ends."
        ).format(name=name)
    lines = [_("📊 **{name}** in this server").format(name=name or _("You"))]
    for k in stats.kinds:
        lines += kind_lines(k)
    if any(k.rating is not None for k in stats.kinds):
        lines.append(_(EXPLAIN))
    return "\n".join(lines)[: texts.CONTENT_LIMIT]


def leaderboard_text(board: Leaderboard) -> str:
    lines = [
        _("🏆 **{title}** in this server — page {page}/{pages}").format(
            title=texts.md(words(board.title)), page=board.page + 1, pages=board.pages
        )
    ]
    if not board.ranked:
        lines.append(
            ngettext(
                "Nobody has {count} rated game yet.",
                "Nobody has {count} rated games yet.",
                board.min_games,
            ).format(count=board.min_games)
        )
    for s in board.ranked:
        games = ngettext("{count} game", "{count} games", s.rating.games).format(
            count=s.rating.games
        )
        lines.append(f"{s.position}. {who(s.player)} — {rating_text(s.rating)} · {games}")
    if board.newcomers:
        names = ", ".join(f"{who(s.player)} ({s.rating.games})" for s in board.newcomers)
        lines.append(
            ngettext(
                "Fewer than {count} rated game, not ranked yet: {names}",
                "Fewer than {count} rated games, not ranked yet: {names}",
                board.min_games,
            ).format(count=board.min_games, names=names)
        )
    lines.append(_(EXPLAIN))
    return "\n".join(lines)[: texts.CONTENT_LIMIT]


def result_text(g: FinishedGame) -> str:
    names = [who(p) for p, _place, _won in g.seats]
    if g.outcome == "solo":
        verdict = f"**{texts.md(words(g.solo_title))}**" if g.solo_title else _("lost")
        return _("{name}, solo: {verdict}").format(name=names[0] if names else "?", verdict=verdict)
    if g.outcome == "shared_win":
        return _("won together: {names}").format(names=", ".join(names))
    if g.outcome == "all_lose":
        return _("everyone lost: {names}").format(names=", ".join(names))
    order = sorted(g.seats, key=lambda s: s[1] if s[1] is not None else 99)
    return ", ".join(
        f"{'🥇 ' if p == 1 else f'{p}. '}{who(player)}" for player, p, _ in order if p is not None
    )


def history_text(games: list[FinishedGame], guild_id: int) -> str:
    if not games:
        return _("No game has finished in this server yet. Start one with `/game new`.")
    lines = [_("📜 **Recent games in this server**")]
    for g in games:
        line = (
            f"#{g.game_id} {texts.md(words(g.title))} · <t:{int(g.ended_at)}:d> · {result_text(g)}"
        )
        if g.board_message is not None:
            url = f"https://discord.com/channels/{guild_id}/{g.channel_id}/{g.board_message}"
            line += " · " + _("[final board]({url})").format(url=url)
        line += " · `/game replay game:" + str(g.game_id) + "`"  # a command: not translated
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
        await answer.acknowledge(interaction, update=True)
        host = cast(_HasHost, interaction.client).host
        language.enter(host, interaction)
        board = await host.records.leaderboard(interaction.guild_id or 0, self.kind, self.page)
        await answer.edit_clicked(
            interaction, content=leaderboard_text(board), view=pages_view(board)
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


def chart_description(name: str, series: Sequence[tuple[str, Sequence[float]]]) -> str:
    """The rating chart's description (its alt text): per game, the rating after the first
    and after the last game, and how many games the line has."""
    lines = [_("Rating of {name} after each game:").format(name=name)]
    for game, ratings in series:
        if ratings:
            lines.append(
                ngettext(
                    "{game}: from {start} to {end}, {count} game.",
                    "{game}: from {start} to {end}, {count} games.",
                    len(ratings),
                ).format(
                    game=game,
                    start=f"{ratings[0]:.1f}",
                    end=f"{ratings[-1]:.1f}",
                    count=len(ratings),
                )
            )
    return description(lines)


@dataclass(frozen=True)
class StatsAsked:
    """The options ``/game stats`` was given: whose statistics (``None``: the asker's, unless
    ``ai`` names an AI level) and of which game (``None``: every game)."""

    player: discord.User | None = None
    game: str | None = None
    ai: str | None = None


class Records:
    """The bodies of ``/game stats``, ``/game leaderboard`` and ``/game history`` (declared by
    :class:`cogs.game.GameCog`)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    async def stats(self, interaction: discord.Interaction[Any], asked: StatsAsked) -> None:
        player, game, ai = asked.player, asked.game, asked.ai
        if player is not None and ai is not None:
            await answer.tell(interaction, _("Choose a player or an AI level, not both."))
            return
        host = self.bot.host
        kind = host.plugin(game).key if game else None
        key: int | str
        if ai is not None:
            key = shown = Player.of_ai(ai).name
        else:
            user = player or interaction.user
            key, shown = user.id, user.display_name
        name = None if key == interaction.user.id else texts.md(shown)
        guild = interaction.guild_id or 0
        channels = None
        if key != interaction.user.id:  # someone else's: only games the asker may see count
            sight = access.Sight(interaction)
            played = await host.records.stats_channels(guild, key, kind)
            channels = {c for c in played if await sight.may_view(c)}
        stats = await host.records.stats(guild, key, kind, channels=channels)
        title = texts.md(texts.title_of(host.plugin(game))) if game else None
        text = stats_text(stats, name, title)
        series = [(words(k.title), list(k.history)) for k in stats.kinds if k.history]
        if not series:
            await answer.tell(interaction, text)
            return
        title = _("{name}: rating after each game").format(name=shown)
        image = await asyncio.to_thread(rating_chart_png, title, series)
        chart = discord.File(
            io.BytesIO(image), filename="rating.png", description=chart_description(shown, series)
        )
        await answer.tell(interaction, text, files=[chart])

    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: str, share: bool = False
    ) -> None:
        host = self.bot.host
        board = await host.records.leaderboard(interaction.guild_id or 0, host.plugin(game).key)
        text, view = leaderboard_text(board), pages_view(board)
        if answer.is_public(interaction):
            await answer.announce(interaction, text, **({"view": view} if view else {}))
            return
        if share:
            note = _("You may not post messages in this channel: the leaderboard is only for you.")
            text = f"{note}\n{text}"[: texts.CONTENT_LIMIT]
        await answer.tell(interaction, text, view=view)

    async def history(self, interaction: discord.Interaction[Any]) -> None:
        guild = interaction.guild_id or 0
        games = await self.bot.host.records.history(guild, limit=HISTORY_LOOK)
        sight = access.Sight(interaction)
        shown = [g for g in games if await sight.may_view(g.channel_id)][:HISTORY_SIZE]
        await answer.tell(interaction, history_text(shown, guild))
