"""The bot itself: opens the host in ``setup_hook``, loads the cogs, registers the dynamic
components, syncs the commands, and runs the scheduler loop that drives
``host.scheduler.run_due()`` and sends whatever the outbox still holds."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import plugins
from cogs import answer, components, history, language, overview, texts
from cogs.flows import Flows
from cogs.pacing import Pacer
from cogs.settings import Settings
from host import Chooser, Clock, Host, HostError, HostOptions, MoveResult, Reminder, SystemClock
from render import i18n
from render.i18n import N_, _
from render.presentation import Presentation

log = logging.getLogger("cogs.runtime")

COG_MODULES = ("cogs.game", "cogs.play", "cogs.help")
PERMISSIONS = {"manage_guild": N_("Manage Server")}
"""Discord's names of the permissions a command may require (``_()`` when shown)."""
CLOSE_WITHIN = 5.0
"""Seconds shutdown waits for the scheduler and for messages on their way."""


def warm_up_renderers() -> None:
    """Render each game's opening images once: the first render builds caches (fonts, the
    palette) that take seconds on a slow machine, which must not fall on a player's move."""
    for plugin in plugins.PLUGINS:
        game = plugin.engine
        try:
            players = min(p for p in game.capabilities.player_counts if p > 1)
        except ValueError:
            players = 1
        try:
            state = game.new_game(0, players, {})
            names = ["-"] * players
            present: Presentation = plugin.presentation
            for picture in present.pictures:
                if picture.public is not None:
                    picture.public(game.view(state, None), names)
                elif picture.private is not None:
                    picture.private(game.view(state, 0), "-", ())
        except Exception:
            log.warning("warming up the %s renderer failed", plugin.key, exc_info=True)


class VesuviusBot(commands.Bot):
    """Slash commands only: no privileged intents, no prefix commands."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Clock | None = None,
        chooser: Chooser | None = None,
        seed_source: Callable[[], int] | None = None,
        ai_executor: Executor | None = None,
        plugin_list: Sequence[plugins.GamePlugin] = plugins.PLUGINS,
        pacer: Pacer | None = None,
    ) -> None:
        # The bot uses no voice: discord.py's warnings that the voice libraries (PyNaCl, davey)
        # are missing would only alarm whoever reads the log.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True
        intents.dm_messages = True  # a plain DM ("help") gets an answer; not privileged
        sharding: dict[str, Any] = {}
        if settings.shard_count is not None:  # a ShardedBot: these shards of so many
            sharding = {"shard_count": settings.shard_count, "shard_ids": settings.shard_ids}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=language.Tree,
            **sharding,
        )
        self.settings = settings
        self.clock: Clock = clock or SystemClock()
        self.chooser = chooser
        self.seed_source = seed_source
        self.ai_executor = ai_executor
        self.plugin_list = tuple(plugin_list)
        """The games this bot offers (the built-in plugins; tests add their own)."""
        self._plugins = {p.key: p for p in self.plugin_list}
        self._host: Host | None = None
        self.flows = Flows(self)
        self.pacer = pacer or Pacer(per_second=settings.rest_per_second)
        """This process's REST requests, within Discord's limits (``cogs.pacing``)."""
        self._scheduler: asyncio.Task[None] | None = None
        self._warm_ai: asyncio.Task[Any] | None = None
        self._wake = asyncio.Event()
        self._looks_at = 0.0
        """When the scheduler loop looks for due work next, by the clock (0: it is looking)."""
        self._stopping = False
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    def plugin(self, kind: str) -> plugins.GamePlugin:
        """The plugin of a game this bot offers."""
        plugin = self._plugins.get(kind)
        return plugin if plugin is not None else plugins.get(kind)

    @property
    def host(self) -> Host:
        if self._host is None:
            raise RuntimeError("the host opens in setup_hook")
        return self._host

    async def setup_hook(self) -> None:
        if not self.settings.database_url:
            self.settings.db_path.parent.mkdir(parents=True, exist_ok=True)
        self._host = await Host.open(
            self.settings.database,
            HostOptions(
                clock=self.clock,
                chooser=self.chooser,
                seed_source=self.seed_source,
                games=self.plugin,
                ai_workers=self.settings.ai_workers,
                ai_executor=self.ai_executor,
                ai_pace=self.settings.ai_pace,
                lease=self.settings.lease,
            ),
        )
        self.pacer.install(self.http)  # Discord's rate limits, kept before they are hit
        for module in COG_MODULES:
            await self.load_extension(module)
        self.add_dynamic_items(*components.DYNAMIC_ITEMS, *history.ITEMS)
        await self.tree.set_translator(language.Translator())
        if self.settings.syncs_commands:
            if self.settings.dev_guild_id is not None:
                guild = discord.Object(id=self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("synced %d commands to the development server", len(synced))
            else:
                synced = await self.tree.sync()
                log.info("synced %d global commands (may take up to an hour)", len(synced))
        self._warm_ai = asyncio.create_task(self.host.ai.warm_up(), name="vesuvius-ai-warm-up")
        self._scheduler = asyncio.create_task(self._run_scheduler(), name="vesuvius-scheduler")
        self.flows.private.warm_up = asyncio.create_task(asyncio.to_thread(warm_up_renderers))

    async def close(self) -> None:
        """Stop within :data:`CLOSE_WITHIN` seconds on every supported Python: the scheduler is
        told to stop and cancelled, and at most that long is waited for it and for messages on
        their way (a cancellation swallowed by a wait that completed at the same moment, as
        Python 3.11's ``wait_for`` can do, cannot hang shutdown)."""
        self._stopping = True
        self._wake.set()
        for task in (self._scheduler, self._warm_ai):
            if task is not None and not task.done():
                task.cancel()
                await asyncio.wait({task}, timeout=CLOSE_WITHIN)
        self._scheduler = self._warm_ai = None
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(CLOSE_WITHIN):
                await self.flows.idle()  # moves being delivered
        await super().close()
        if self._host is not None:
            await self._host.close()
            self._host = None

    # -- the scheduler loop ----------------------------------------------------------------------

    @property
    def scheduler_asleep(self) -> bool:
        """Whether the scheduler loop is waiting for its next look (not looking now)."""
        return self._looks_at > 0.0

    def wake_scheduler(self, game_id: int | None = None) -> None:
        """Look for due work now. ``game_id``: after a move of that game (an AI seat may be
        next), only when the game's next work, as the move left it in memory, falls before the
        loop's next look: a move that leaves nothing due sooner costs the database nothing
        more (issue 43)."""
        if game_id is not None and self._host is not None:
            due = self._host.scheduler.planned(game_id)
            if due is not None and due >= self._looks_at > 0.0:
                return
        self._wake.set()

    async def run_due_once(self) -> int:
        """Run everything due now and deliver it; returns how many notifications. The moves'
        announcements are sent beside the loop (``Delivery.announce_beside``), which never
        waits for a game's delivery lock: a flow holding it while it waits for the AIs'
        answers gets them, and an AI's next move may supersede the board still being drawn
        (issue 44: one board per visible change)."""
        async with self.flows.progress.busy():
            notes = await self.host.scheduler.run_due()
            for note in notes:
                try:
                    if isinstance(note, Reminder):
                        await self.flows.inbox.remind(note)
                    elif isinstance(note, MoveResult):
                        self.flows.delivery.announce_beside(note.game_id)
                except Exception:
                    log.exception("game %s: delivering a notification failed", note.game_id)
            for game_id in await self.host.outbox.games_with_unsent():
                self.flows.delivery.announce_beside(game_id)
            for game_id in self.host.undos.lapsed(self.clock.now()):  # undo votes run out
                try:
                    await self.flows.undoing.close(game_id)
                except Exception:
                    log.exception("game %s: closing its undo vote failed", game_id)
            return len(notes)

    async def _run_scheduler(self) -> None:
        await self.wait_until_ready()
        try:
            await self.host.undos.watch()  # the undo votes a restart left open
        except Exception:
            log.exception("reading the open undo votes failed")
        while not self._stopping and not self.is_closed():
            try:
                await self.run_due_once()
                due = (await self.host.scheduler.next_due(), self.host.undos.next_lapse())
                nxt = min((t for t in due if t is not None), default=None)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the scheduler loop failed; retrying")
                nxt = None
            limit = self.settings.scheduler_max_sleep
            delay = limit if nxt is None else min(limit, max(0.0, nxt - self.clock.now()))
            self._wake.clear()
            if self._stopping:
                return
            self._looks_at = self.clock.now() + delay
            try:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(delay):
                        await self._wake.wait()
            finally:
                self._looks_at = 0.0

    # -- plain DMs and errors --------------------------------------------------------------------

    async def on_message(self, message: discord.Message) -> None:
        """A plain DM to the bot gets the games its author plays in, then the help."""
        if message.guild is not None or message.author.bot or self._host is None:
            return
        games = await self.host.views.games_of_user(message.author.id)
        i18n.set_current(await language.of_user(self.host, message.author.id))  # a DM: theirs
        if games:  # theirs first: what a player writing to the bot most likely wants
            titles = {p.key: texts.title_of(p) for p in self.plugin_list}
            said = [overview.my_games(games, titles)]
        else:
            said = [_("You have no open games right now.")]
        with contextlib.suppress(discord.HTTPException):
            for text in [*said, *overview.help_pages(self.plugin_list)]:
                await message.channel.send(text)

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error_: app_commands.AppCommandError
    ) -> None:
        original = getattr(error_, "original", error_)
        if isinstance(original, HostError):
            await answer.tell(interaction, await self.flows.refusals.reason(original, mention=True))
            return
        if isinstance(error_, app_commands.MissingPermissions):
            names = ", ".join(
                f"**{_(PERMISSIONS.get(p, p.replace('_', ' ').title()))}**"
                for p in error_.missing_permissions
            )
            await answer.tell(
                interaction,
                _("You need the {permissions} permission for this.").format(permissions=names),
            )
            return
        if isinstance(error_, app_commands.NoPrivateMessage):
            await answer.tell(
                interaction, _("This command works in a server's channel, not in DMs.")
            )
            return
        if isinstance(error_, app_commands.CheckFailure):
            await answer.tell(interaction, _("You can't use this here."))
            return
        game = None
        with contextlib.suppress(Exception):
            status = await self.host.views.last_game_in_channel(interaction.channel_id or 0)
            game = status.game_id if status is not None else None
        command = interaction.command.qualified_name if interaction.command else "?"
        await self.flows.refusals.unexpected(interaction, original, game, f"/{command}")


class ShardedBot(VesuviusBot, commands.AutoShardedBot):
    """The bot on some of several shards (``VESUVIUS_SHARD_COUNT`` / ``VESUVIUS_SHARD_IDS``):
    one gateway connection per shard; the database decides between processes
    (docs/deploy.md). discord.py waits 5 s before each of a process's shards after its first,
    as Discord allows one identify per 5 s (``max_concurrency`` 1)."""


def bot_class(settings: Settings) -> type[VesuviusBot]:
    """The bot for these settings: sharded when ``VESUVIUS_SHARD_COUNT`` is set."""
    return VesuviusBot if settings.shard_count is None else ShardedBot
