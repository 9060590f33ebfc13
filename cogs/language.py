"""Whose language a message is written in (issue 28, docs/i18n.md).

- A reply only its reader sees (an ephemeral answer, a private picture, the message a click
  edits) follows the reader's Discord language, ``interaction.locale``: every interaction's
  handler starts in it (:func:`enter`, called by the command tree's check and by every
  component before its callback).
- A DM the bot starts itself (a decision, a reminder) follows the language its reader's last
  interaction had, remembered per user (``user_settings.locale``); English before their first.
- A channel message (a lobby, a board, a step's status, a mention) follows the server: its
  stored ``language`` (``/game settings``), taken from ``interaction.guild_locale`` when the
  server's first game is opened.

Every other Discord locale falls back to English (:func:`render.i18n.negotiate`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands

from cogs import access, answer
from host import Host
from render import i18n

log = logging.getLogger("cogs.language")

COMMAND_LOCALES = (
    discord.Locale.spain_spanish,
    discord.Locale.latin_american_spanish,
    discord.Locale.dutch,
    discord.Locale.german,
)
"""The Discord locales whose command descriptions and choices are translated."""


def reader(interaction: discord.Interaction[Any]) -> str:
    """The language of the user behind ``interaction``."""
    return i18n.negotiate(interaction.locale)


def enter(host: Host | None, interaction: discord.Interaction[Any]) -> str:
    """Start an interaction's handler in its reader's language, and remember that language
    for the DMs the bot sends them later (in the background: a handler never waits for the
    database before it has answered)."""
    lang = i18n.set_current(reader(interaction))
    if host is not None:
        task = asyncio.get_running_loop().create_task(
            _remember(host, interaction.user.id, str(interaction.locale.value))
        )
        _REMEMBERING.add(task)
        task.add_done_callback(_REMEMBERING.discard)
    return lang


_REMEMBERING: set[asyncio.Task[None]] = set()
"""Locales being remembered (a task is kept until it is done)."""


async def _remember(host: Host, user: int, locale: str) -> None:
    try:
        await host.people.remember_locale(user, locale)
    except Exception:  # a language not remembered must never fail the command
        log.warning("could not remember the locale of user %s", user, exc_info=True)


async def of_user(host: Host, user_id: int) -> str:
    """The language of the DMs the bot starts itself for ``user_id``."""
    return i18n.negotiate(await host.people.user_locale(user_id))


async def of_server(host: Host, guild_id: int | None) -> str:
    """The language of the channel messages in server ``guild_id`` (English in a DM)."""
    if guild_id is None:
        return i18n.DEFAULT
    return i18n.negotiate((await host.servers.guild_settings(guild_id)).language)


class Translator(app_commands.Translator):
    """Command descriptions, option descriptions and choice names from the catalogs
    (``locales/*/LC_MESSAGES/vesuvius.po``). Command and option names stay as they are: every
    message names ``/move``, ``/hand`` and ``/game ...`` the same way, in every language."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale not in COMMAND_LOCALES:
            return None
        where = context.location
        if where in (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
            app_commands.TranslationContextLocation.parameter_name,
        ):
            return None
        text = i18n.translate_in(locale.value, string.message)
        return None if text == string.message else text


def option(interaction: discord.Interaction[Any], name: str) -> Any:
    """The value the user gave option ``name`` of a slash command (in a subcommand too);
    ``None``: not given."""
    data: Any = interaction.data or {}
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):  # a subcommand (group)
        options = options[0].get("options") or []
    for o in options:
        if o.get("name") == name:
            return o.get("value")
    return None


class Tree(app_commands.CommandTree[Any]):
    """The bot's command tree: every command and autocomplete starts in its reader's language,
    and every command is acknowledged before it runs (:mod:`cogs.answer`): privately, or for
    the channel when the command says so (``extras={"public": True}``), or when its user
    asks for it (``extras={"public": "share"}``: its option ``share`` is true) where they may
    post (:func:`cogs.access.may_post_here`)."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if interaction.type == discord.InteractionType.application_command:
            command = interaction.command
            said = command.extras.get("public") if command is not None else None
            if isinstance(said, str):
                public = bool(option(interaction, said)) and access.may_post_here(interaction)
            else:
                public = bool(said)
            await answer.acknowledge(interaction, public=public)
        enter(getattr(self.client, "_host", None), interaction)
        return True
