"""Vesuvius: run the Discord bot. ``python bot.py`` (or ``make run``).

With ``DISCORD_TOKEN`` set it connects to Discord; without one it runs the same bot against the
local sandbox (``sandbox/``: a stand-in for Discord with a web page on 127.0.0.1). ``--sandbox``
/ ``--discord`` or ``VESUVIUS_MODE`` choose explicitly. Settings come from the environment and
``.env`` (see ``.env.example``). Tests build the bot with :func:`create_bot` and an injected
clock / AI / seed source.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import replace
from typing import Any

import aiohttp
import discord

from cogs.pacing import Pacer
from cogs.runtime import VesuviusBot, bot_class
from cogs.settings import Settings, SettingsError
from host import Chooser, Clock
from host.clock import OffsetClock
from plugins import PLUGINS, GamePlugin
from sandbox.app import Sandbox
from storage.db import Database
from storage.rows import DatabaseOpenError

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
    pacer: Pacer | None = None,
    **overrides: Any,
) -> VesuviusBot:
    """A bot ready to ``start``; ``overrides`` replace settings fields (``db_path=...``).
    Tests inject the clock, the AI, the seed source, where AI decisions run (threads instead of
    worker processes), extra game plugins and the pacing of its requests."""
    settings = replace(settings or Settings(), **overrides)
    return bot_class(settings)(
        settings,
        clock=clock,
        chooser=chooser,
        seed_source=seed_source,
        ai_executor=ai_executor,
        plugin_list=plugin_list,
        pacer=pacer,
    )


async def _check_database(settings: Settings) -> None:
    """Open (creating or migrating) and close the database before connecting to Discord, so a
    file that cannot be used stops the bot with one sentence instead of a traceback."""
    if not settings.database_url:
        settings.db_path.parent.mkdir(parents=True, exist_ok=True)
    db = await Database.open(settings.database)
    await db.close()


def _stop_on_sigterm() -> None:
    """SIGTERM (a service manager stopping the bot, ``kill``) stops it as Ctrl-C does: the
    running task is cancelled, so the bot closes cleanly and :func:`main` returns 0. Where the
    loop cannot handle signals (Windows, a thread other than the main one) it stays as it was."""
    task = asyncio.current_task()
    if task is None:
        return
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)


async def _run(settings: Settings) -> None:
    _stop_on_sigterm()
    await _check_database(settings)
    bot = create_bot(settings)
    async with bot:
        await bot.start(settings.token)


class SandboxPortBusy(Exception):
    """The sandbox's port is taken (most likely by another sandbox)."""


async def _run_sandbox(settings: Settings) -> None:
    """The same bot, host, storage and renderer against the local sandbox: its own game
    database, commands synced to the sandbox's server, until interrupted."""
    _stop_on_sigterm()
    await _check_database(replace(settings, db_path=settings.sandbox_db, database_url=""))
    sandbox = Sandbox(state_path=settings.sandbox_state, port=settings.sandbox_port)
    try:
        url = await sandbox.start()
    except OSError as e:
        raise SandboxPortBusy(str(e)) from e
    try:
        # Commands go to the sandbox's server, where they show at once.
        guild = sandbox.fake.default_guild.id
        clock = OffsetClock()  # the page's ⏩ fast-forwards it a day at a time
        bot = create_bot(
            settings,
            db_path=settings.sandbox_db,
            database_url="",
            dev_guild_id=guild,
            clock=clock,
        )

        def fast_forward(seconds: float) -> float:
            ahead = clock.advance(seconds)
            bot.wake_scheduler()
            return ahead

        sandbox.page.fast_forward = fast_forward
        # The one line a newcomer sees (logging is at WARNING in the sandbox by default).
        print(
            f"Vesuvius sandbox: open {url} — to play on real Discord, put DISCORD_TOKEN in .env "
            "(see README)",
            flush=True,
        )
        async with bot:
            await sandbox.run(bot)
    finally:
        await sandbox.close()


def _parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bot.py",
        description="Run Vesuvius: on Discord when DISCORD_TOKEN is set, else in the local "
        "sandbox (a web page on 127.0.0.1).",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--sandbox",
        dest="mode",
        action="store_const",
        const="sandbox",
        help="run against the local sandbox, even with a token",
    )
    where.add_argument(
        "--discord",
        dest="mode",
        action="store_const",
        const="discord",
        help="connect to Discord (needs DISCORD_TOKEN)",
    )
    return parser.parse_args(argv)


def _restore_ctrl_c() -> None:
    """A parent that ignores SIGINT (a shell's background job, ``nohup``, some launchers)
    passes that on, and then Ctrl-C would never stop the bot: take Python's own handler back
    (``asyncio.run`` then turns Ctrl-C into a clean stop). A handler someone set on purpose
    stays."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def main(argv: list[str] | None = None) -> int:
    """Read the settings, set up logging and run until interrupted. Returns the exit status."""
    _restore_ctrl_c()
    args = _parse_args(argv or [])
    try:
        settings = Settings.from_env()
        mode = settings.run_mode(args.mode)
        if mode == "discord":
            settings.check_token()
    except SettingsError as e:
        print(f"vesuvius: {e}", file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=getattr(logging, settings.logging_level(mode)))
    if mode == "sandbox":
        return _main_sandbox(settings)
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
    except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl-C, or SIGTERM
        log.info("stopped")
    return 0


def _main_sandbox(settings: Settings) -> int:
    try:
        asyncio.run(_run_sandbox(settings))
    except DatabaseOpenError as e:
        print(f"vesuvius: {e}", file=sys.stderr)
        return 1
    except SandboxPortBusy as e:
        print(
            f"vesuvius: the sandbox cannot listen on 127.0.0.1:{settings.sandbox_port} ({e}): "
            "stop the other sandbox, or set VESUVIUS_SANDBOX_PORT to a free port (0: any).",
            file=sys.stderr,
        )
        return 1
    except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl-C, or SIGTERM
        log.info("stopped")
    return 0


if __name__ == "__mp_main__":
    # An AI worker: multiprocessing's "spawn" runs this file under that name before the
    # worker starts. SIGTERM to the bot's whole process group (systemd's default KillMode) is
    # the bot's to handle, as Ctrl-C is: the bot ends its workers itself as it closes (host.ai
    # starts them ignoring both, and its initializer ignores both again). Were they to die
    # with it, the AI's work in flight would fail and log "A process in the process pool was
    # terminated abruptly" on the way out.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
