"""``/game settings``: the server's defaults for new games (time per move, what a timeout
does), the language of its channel messages and the palette of its channels' pictures, shown
to anyone with Manage Server and changed by them (issues 28, 45); and the palette of a
player's own pictures (``/game notify palette:``).

:class:`ServerSettings` answers the command :class:`cogs.game.GameCog` declares, with the
choices declared here. The answer is private, in the manager's own language; the language it sets
is the one the server's lobbies, boards and other channel messages are written in from then on.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from cogs import answer, texts
from cogs.edge import Bot
from host import GuildSettings
from host.people import People
from render import i18n
from render.i18n import N_, _
from render.text import duration

TURN_TIMES = [
    app_commands.Choice(name=N_("5 minutes"), value=300),
    app_commands.Choice(name=N_("1 hour"), value=3600),
    app_commands.Choice(name=N_("12 hours"), value=12 * 3600),
    app_commands.Choice(name=N_("24 hours"), value=24 * 3600),
    app_commands.Choice(name=N_("3 days"), value=3 * 24 * 3600),
    app_commands.Choice(name=N_("7 days"), value=7 * 24 * 3600),
]
"""The times per decision ``/game new`` and ``/game settings`` offer."""
TIMEOUT_POLICIES = [
    app_commands.Choice(name=N_("An AI decides for them"), value="ai"),
    app_commands.Choice(name=N_("Skip (pass) when possible, else an AI decides"), value="skip"),
]
"""The timeout policies ``/game new`` and ``/game settings`` offer."""
RESERVES = [
    app_commands.Choice(name=N_("No reserve: a fixed time per move"), value=0),
    app_commands.Choice(name=N_("12 hours"), value=12 * 3600),
    app_commands.Choice(name=N_("1 day"), value=24 * 3600),
    app_commands.Choice(name=N_("3 days"), value=3 * 24 * 3600),
    app_commands.Choice(name=N_("7 days"), value=7 * 24 * 3600),
]
"""The time bank reserves ``/game new`` offers (issue 46)."""
INCREMENTS = [
    app_commands.Choice(name=N_("None"), value=0),
    app_commands.Choice(name=N_("5 minutes"), value=300),
    app_commands.Choice(name=N_("1 hour"), value=3600),
    app_commands.Choice(name=N_("6 hours"), value=6 * 3600),
]
"""What each move adds back to the reserve, as ``/game new`` offers it."""
AI_LEVELS = [
    app_commands.Choice(name=N_("Easy: plausible but weak"), value="easy"),
    app_commands.Choice(name=N_("Normal: a solid player"), value="normal"),
    app_commands.Choice(name=N_("Hard: looks further ahead (up to a second a move)"), value="hard"),
]
"""The AI levels ``/game new`` seats and ``/game stats`` looks up."""
POLICIES = {
    "ai": N_("an AI moves for the player"),
    "skip": N_("the turn is skipped (passed) when possible, else an AI moves"),
}
"""What a timeout does, as the settings name it (``_()`` when shown)."""
LANGUAGES = [
    app_commands.Choice(name=i18n.language_name(lang), value=lang) for lang in i18n.LANGUAGES
]
"""The languages, each named in itself (``Español``, ``Nederlands``): never translated."""
PALETTES = [
    app_commands.Choice(name=N_("Standard colours"), value="standard"),
    app_commands.Choice(
        name=N_("High contrast: darker grounds, whiter text, bolder edges"), value="contrast"
    ),
]
"""The palettes ``/game settings`` and ``/game notify`` offer (``render.palette``)."""
PALETTE_NAMES = {"standard": N_("standard colours"), "contrast": N_("high contrast")}


def palette_line(look: str) -> str:
    """The server's palette as ``/game settings`` shows it."""
    return _(
        "• Pictures in the channels: {palette} (a player's own choice, `/game notify "
        "palette:`, wins for the pictures only they get)"
    ).format(palette=_(PALETTE_NAMES.get(look, PALETTE_NAMES["standard"])))


async def own_palette(people: People, user: int, choice: str | None) -> str:
    """``/game notify palette:``: set ``user``'s palette when ``choice`` is given (``server``:
    none of their own), and say it."""
    if choice is not None:
        await people.set_palette(user, None if choice == "server" else choice)
    chosen = await people.palette(user)
    said = _("As the server chooses") if chosen is None else _(PALETTE_NAMES[chosen])
    return _(
        "🎨 Your own pictures (DMs and answers only you see): {palette}. Boards in "
        "channels follow the server's setting."
    ).format(palette=said)


def settings_text(settings: GuildSettings, *, changed: bool) -> str:
    """The server's settings as ``/game settings`` shows them."""
    lang = i18n.negotiate(settings.language)
    lines = [
        _("✅ The server's settings are changed.")
        if changed
        else _("⚙️ **This server's settings**"),
        _("• Time per move in new games: {time}").format(time=duration(settings.turn_time)),
        _("• When a player runs out of time: {policy}").format(
            policy=_(POLICIES.get(settings.timeout_policy, POLICIES["ai"]))
        ),
        _("• Language of lobbies, boards and other channel messages: {language}").format(
            language=f"{i18n.language_name(lang)} (`{lang}`)"
        ),
        _("• Days a year a player may be away (`/game away`): {days}").format(
            days=settings.away_days
        ),
        _(
            "DMs and answers only you see follow each player's own Discord language. Change "
            "these with `/game settings turn_time: timeout_policy: language: away_days:`."
        ),
    ]
    return "\n".join(lines)[: texts.CONTENT_LIMIT]


@dataclass(frozen=True)
class Asked:
    """The options ``/game settings`` was given (``None``: keep the server's setting)."""

    turn_time: int | None = None
    timeout_policy: str | None = None
    language: str | None = None
    away_days: int | None = None
    palette: str | None = None


class ServerSettings:
    """The body of ``/game settings`` (declared by :class:`cogs.game.GameCog`)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    async def settings(self, interaction: discord.Interaction[Any], asked: Asked) -> None:
        turn_time, timeout_policy, language = asked.turn_time, asked.timeout_policy, asked.language
        host = self.bot.host
        guild = interaction.guild_id or 0
        if asked.palette is not None:
            await host.servers.set_palette(guild, asked.palette)
        changed = dataclasses.replace(asked, palette=None) != Asked()
        if changed:
            now = await host.servers.set_guild_settings(
                guild,
                turn_time=None if turn_time is None else float(turn_time),
                timeout_policy=timeout_policy,
                language=None if language is None else i18n.negotiate(language),
                away_days=asked.away_days,
            )
        else:
            # Unchanged, the server's language is the one its first game took from Discord.
            await host.servers.adopt_guild_language(guild, i18n.negotiate(interaction.guild_locale))
            now = await host.servers.guild_settings(guild)
        look = await host.servers.palette(guild)
        text = settings_text(now, changed=changed or asked.palette is not None)
        await answer.tell(interaction, f"{text}\n{palette_line(look)}"[: texts.CONTENT_LIMIT])


__all__ = [
    "INCREMENTS",
    "LANGUAGES",
    "PALETTES",
    "RESERVES",
    "TURN_TIMES",
    "Asked",
    "ServerSettings",
    "own_palette",
    "settings_text",
]
