"""Vesuvius: run the Discord bot. ``python bot.py`` (or ``make run``).

Settings come from the environment and ``.env`` (see ``.env.example``). Tests build the bot
with :func:`create_bot` and an injected clock / AI / seed source.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import replace
from typing import Any

import aiohttp
import discord

from cogs.runtime import VesuviusBot
from cogs.settings import Settings, SettingsError
from host import Chooser, Clock
from plugins import PLUGINS, GamePlugin
from storage.db import Database, DatabaseOpenError

__all__ = ["Settings", "VesuviusBot", "create_bot", "main"]

log = logging.getLogger("vesuvius")


def create_bot(
    settings: Settings | None = None,
    *,
    clock: Clock | None = None,
    chooser: Chooser | None = None,
    seed_source: Callable[[], int] | None = None,
    ai_executor: Executor | None = None,
    plugin_list: Sequence[GamePlugin] = PLUGINS,
    **overrides: Any,
) -> VesuviusBot:
    """A bot ready to ``start``; ``overrides`` replace settings fields (``db_path=...``).
    Tests inject the clock, the AI, the seed source, where AI decisions run (threads instead of
    worker processes) and extra game plugins."""
    settings = replace(settings or Settings(), **overrides)
    return VesuviusBot(
        settings,
        clock=clock,
        chooser=chooser,
        seed_source=seed_source,
        ai_executor=ai_executor,
        plugin_list=plugin_list,
    )


async def _check_database(settings: Settings) -> None:
    """Open (creating or migrating) and close the database before connecting to Discord, so a
    file that cannot be used stops the bot with one sentence instead of a traceback."""
    settings.db_path.parent.mkdir(parents=True, exist_ok=True)
    db = await Database.open(settings.db_path)
    await db.close()


async def _run(settings: Settings) -> None:
    await _check_database(settings)
    bot = create_bot(settings)
    async with bot:
        await bot.start(settings.token)


def main(argv: list[str] | None = None) -> int:
    """Read the settings, set up logging and run until interrupted. Returns the exit status."""
    try:
        settings = Settings.from_env()
        settings.check_token()
    except SettingsError as e:
        print(f"vesuvius: {e}", file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    try:
        asyncio.run(_run(settings))
    except DatabaseOpenError as e:
        print(f"vesuvius: {e}", file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print(
            "vesuvius: Discord refused the token in DISCORD_TOKEN: copy a fresh one from the "
            "developer portal (Bot → Reset Token) into .env.",
            file=sys.stderr,
        )
        return 2
    except (OSError, aiohttp.ClientError) as e:
        print(
            f"vesuvius: cannot reach Discord ({e.__class__.__name__}): check the network.",
            file=sys.stderr,
        )
        return 1
    except discord.PrivilegedIntentsRequired:
        print(
            "vesuvius: Discord asks for a privileged intent, which this bot never needs.",
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
