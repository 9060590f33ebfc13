"""The bot itself: opens the host in ``setup_hook``, loads the cogs, registers the dynamic
buttons, syncs the commands and runs the scheduler loop that drives ``host.run_due()``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import render
from cogs import ui
from cogs.service import Service
from cogs.settings import Settings
from engine.registry import all_games
from host import Chooser, Clock, Host, HostError, SystemClock

log = logging.getLogger("cogs.runtime")

COG_MODULES = ("cogs.game", "cogs.play")


def warm_up_renderers() -> None:
    """Render each game's opening board once: the first render builds caches (fonts, the
    palette) that take seconds on a slow machine, which must not fall on a player's move."""
    for key, game in all_games().items():
        if key in render.GAMES:
            try:
                state = game.new_game(0, game.min_players, {})
                view = game.view(state, None)
                render.render_board(key, view, ["-"] * game.min_players)
                render.render_hand(key, game.view(state, 0), "-")
            except Exception:
                log.warning("warming up the %s renderer failed", key, exc_info=True)


class VesuviusBot(commands.Bot):
    """Slash commands only: no privileged intents, no prefix commands."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock | None = None,
        chooser: Chooser | None = None,
        seed_source: Callable[[], int] | None = None,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self.clock: Clock = clock or SystemClock()
        self.chooser = chooser
        self.seed_source = seed_source
        self._host: Host | None = None
        self.service = Service(self)
        self._scheduler: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    @property
    def host(self) -> Host:
        if self._host is None:
            raise RuntimeError("the host opens in setup_hook")
        return self._host

    async def setup_hook(self) -> None:
        path = self.settings.db_path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._host = await Host.open(
            path, clock=self.clock, chooser=self.chooser, seed_source=self.seed_source
        )
        for module in COG_MODULES:
            await self.load_extension(module)
        self.add_dynamic_items(*ui.DYNAMIC_ITEMS)
        if self.settings.sync_commands:
            if self.settings.dev_guild_id is not None:
                guild = discord.Object(id=self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("synced %d commands to the development server", len(synced))
            else:
                synced = await self.tree.sync()
                log.info("synced %d global commands (may take up to an hour)", len(synced))
        self._scheduler = asyncio.create_task(self._run_scheduler(), name="vesuvius-scheduler")
        self.service.warm_up = asyncio.create_task(asyncio.to_thread(warm_up_renderers))

    async def close(self) -> None:
        if self._scheduler is not None:
            self._scheduler.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._scheduler
            self._scheduler = None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.service.idle(), timeout=5.0)  # moves being delivered
        await super().close()
        if self._host is not None:
            await self._host.close()
            self._host = None

    # -- the scheduler loop ----------------------------------------------------------------------

    def wake_scheduler(self) -> None:
        """Look for due work now (after a move: an AI seat may be next)."""
        self._wake.set()

    async def run_due_once(self) -> int:
        """Run everything due now and deliver it; returns how many notifications."""
        async with self.service.busy():
            notes = await self.host.run_due()
            for note in notes:
                try:
                    await self.service.deliver(note)
                except Exception:
                    log.exception("game %s: delivering a notification failed", note.game_id)
            return len(notes)

    async def _run_scheduler(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await self.run_due_once()
                nxt = await self.host.next_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the scheduler loop failed; retrying")
                nxt = None
            limit = self.settings.scheduler_max_sleep
            delay = limit if nxt is None else min(limit, max(0.0, nxt - self.clock.now()))
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=delay)

    # -- errors ------------------------------------------------------------------------------------

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, HostError):
            await self.service.error(interaction, await self.service.reason(original, mention=True))
            return
        if isinstance(error, app_commands.CheckFailure):
            await self.service.error(interaction, str(error) or "You can't use this here.")
            return
        game = None
        with contextlib.suppress(Exception):
            status = await self.host.last_game_in_channel(interaction.channel_id or 0)
            game = status.game_id if status is not None else None
        command = interaction.command.qualified_name if interaction.command else "?"
        await self.service.unexpected(interaction, original, game, f"/{command}")
