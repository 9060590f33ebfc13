"""A player's own games and time (issue 46): ``/game mine``, ``/game away`` and ``/game
notify`` (with its quiet hours), answered for :class:`cogs.game.GameCog`, which declares the
commands. Private answers, in the player's own language; game-agnostic (the host says which
games wait)."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from functools import cache
from typing import Any

import discord
from discord import app_commands

from cogs import answer, overview, texts
from cogs.edge import Bot
from cogs.serversettings import own_palette
from host import BadOptionError
from host.away import Away
from host.timing import UserTime, zone_of
from render.i18n import N_, _, ngettext


@cache
def zones() -> tuple[str, ...]:
    """Every IANA time zone name, sorted (``tzdata`` where the system has none)."""
    return tuple(sorted(zoneinfo.available_timezones()))


def zone_choices(current: str) -> list[app_commands.Choice[str]]:
    """Time zones whose name contains ``current`` (``amster`` finds ``Europe/Amsterdam``)."""
    typed = current.strip().lower().replace(" ", "_")
    found = [z for z in zones() if typed in z.lower()]
    return [app_commands.Choice(name=z, value=z) for z in found[:25]]


def parse_day(text: str, zone: str | None) -> float:
    """``YYYY-MM-DD``: the day one is back, from its midnight in ``zone`` (else UTC)."""
    try:
        day = dt.date.fromisoformat(text.strip())
    except ValueError:
        raise BadOptionError(
            N_("Write the day you are back as year-month-day, e.g. `2026-12-24`.")
        ) from None
    tz = zone_of(zone) if zone else dt.UTC
    return dt.datetime(day.year, day.month, day.day, tzinfo=tz).timestamp()


def when(t: float) -> str:
    """A moment as every reader's Discord shows it: ``Friday, 4 December 2026 10:00 (in 3
    days)``."""
    return f"<t:{int(t)}:F> (<t:{int(t)}:R>)"


def games_text(games: tuple[int, ...]) -> str:
    return ", ".join(f"#{g}" for g in games)


def away_text(done: Away) -> str:
    """The answer to ``/game away`` that changed something."""
    left = {"left": int(done.days_left), "cap": done.cap}
    if done.until is None:
        return _("👋 Welcome back: your deadlines run again.")
    lines = [
        _("⏸ You are away until {when}.").format(when=when(done.until)),
        ngettext(
            "Your deadlines wait in {count} game: {games}.",
            "Your deadlines wait in {count} games: {games}.",
            len(done.held),
        ).format(count=len(done.held), games=games_text(done.held))
        if done.held
        else _("No game of yours is in play now; the ones that start while you are away wait."),
    ]
    if done.kept:
        lines.append(
            ngettext(
                "Game {games} is played without away: its deadlines run on.",
                "Games {games} are played without away: their deadlines run on.",
                len(done.kept),
            ).format(games=games_text(done.kept))
        )
    lines.append(
        _("Away days left this year in this server: {left} of {cap}.").format(**left)
        + " "
        + _("A move of yours, or `/game away days:0`, ends it early.")
    )
    return "\n".join(lines)


def quiet_text(time: UserTime) -> str:
    """The quiet hours line of ``/game notify``."""
    zone = f"`{time.zone}`" if time.zone else _("not set")
    if time.hours is None:
        return _(
            "🌙 No quiet hours (time zone: {zone}). Set them with `/game notify time_zone: "
            "quiet_hours:23-7`: no reminders then, and no deadline ends in them."
        ).format(zone=zone)
    start, end = time.hours
    return _(
        "🌙 Quiet hours: {start}:00 to {end}:00 ({zone}): no reminders then, and a deadline "
        "that would end in them waits until they end."
    ).format(start=start, end=end, zone=zone)


class Timing:
    """The bodies of ``/game away`` and ``/game notify`` (declared by the game cog)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    async def mine(self, interaction: discord.Interaction[Any]) -> None:
        """``/game mine``: the user's open games, their move first; whether they are away."""
        host = self.bot.host
        games = await host.views.games_of_user(interaction.user.id)
        if not games:
            await answer.tell(interaction, _("You have no open games. Start one with `/game new`."))
            return
        titles = {p.key: texts.title_of(p) for p in self.bot.plugin_list}
        time = await host.away.timing(interaction.user.id)
        away = None
        if time.away_until is not None and time.away_until > host.clock.now():
            away = _("⏸ You are away until {when}.").format(when=when(time.away_until))
        await answer.tell(interaction, overview.my_games(games, titles, away))

    async def away(
        self, interaction: discord.Interaction[Any], days: int | None, until: str | None
    ) -> None:
        host, user = self.bot.host, interaction.user.id
        if days is None and until is None:
            time = await host.away.timing(user)
            now = host.clock.now()
            cap = (await host.servers.guild_settings(interaction.guild_id or 0)).away_days
            if time.away_until is not None and time.away_until > now:
                said = _("⏸ You are away until {when}.").format(when=when(time.away_until))
            else:
                said = _("You are not away. This server allows {cap} away days a year.").format(
                    cap=cap
                )
            await answer.tell(
                interaction,
                said
                + "\n"
                + _("`/game away days:` or `until:` (the day you are back) marks you away."),
            )
            return
        until_at = None
        if until is not None:
            until_at = parse_day(until, (await host.away.timing(user)).zone)
        done = await host.away.go_away(user, interaction.guild_id or 0, days=days, until=until_at)
        await answer.tell(interaction, away_text(done))
        self.bot.wake_scheduler()

    async def notify(
        self,
        interaction: discord.Interaction[Any],
        how: str | None,
        time_zone: str | None,
        quiet_hours: str | None,
        palette: str | None = None,
    ) -> None:
        host, user = self.bot.host, interaction.user.id
        changed = how is not None or time_zone is not None or quiet_hours is not None
        if time_zone is not None or quiet_hours is not None:
            time = await host.away.set_quiet(user, time_zone, quiet_hours)
        else:
            time = await host.away.timing(user)
        setting = (
            await host.people.notify_setting(user)
            if how is None
            else await host.people.set_notify_setting(user, how)
        )
        text = overview.notify_text(setting, changed=changed)
        look = await own_palette(host.people, user, palette)
        await answer.tell(interaction, f"{text}\n{quiet_text(time)}\n{look}"[: texts.CONTENT_LIMIT])


__all__ = ["Timing", "away_text", "parse_day", "quiet_text", "zone_choices"]
