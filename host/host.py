"""The game host: the one object the bot calls, made of the parts in this package.

- :mod:`host.games`: the cache of loaded games, one lock per game, and the shared checks;
- :mod:`host.tables`: lobbies, starting, resigning, cancelling, per-server settings;
- :mod:`host.moves`: a player's move, the choices offered, and the one write path of every move;
- :mod:`host.decisions`: what a game waits for, deadlines, timeouts, decision tokens;
- :mod:`host.scheduler`: AI moves (in worker processes), reminders and timeouts as they fall due;
- :mod:`host.reading`: status, views, the log, and the outbox of announcements.

The host is game-agnostic: it reaches games only through their plugins (``plugins``), and the
engine contract's :meth:`~engine.core.Game.pending` decisions say what every game waits for.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path

import plugins
from host.ai import DEFAULT_TIMEOUT_LEVEL, AiRunner, Chooser, chooser_for
from host.clock import Clock, SystemClock
from host.games import Store
from host.moves import Moves
from host.reading import Reading
from host.scheduler import Scheduler
from host.tables import Tables
from plugins import GamePlugin, PluginResolver
from storage.db import Database


class Host:
    """The service the bot calls. Open with ``await Host.open(path)``; ``await host.close()``.

    Every method that a user triggers raises a :class:`~host.errors.HostError` subclass with a
    message for that user when the call is wrong; the game is then unchanged.
    """

    def __init__(
        self,
        db: Database,
        *,
        clock: Clock | None = None,
        chooser: Chooser | None = None,
        games: PluginResolver = plugins.get,
        seed_source: Callable[[], int] | None = None,
        cache_size: int = 5000,
        ai_workers: int | None = None,
        ai_executor: Executor | None = None,
        ai_pace: float = 0.0,
    ) -> None:
        self.db = db
        self.clock: Clock = clock or SystemClock()
        self.chooser: Chooser = chooser or chooser_for(DEFAULT_TIMEOUT_LEVEL)
        self.ai = AiRunner(workers=ai_workers, executor=ai_executor)
        self.store = Store(db, self.clock, games, cache_size)
        self.moves = Moves(self.store, self.clock, pace=ai_pace)
        self.tables = Tables(self.store, self.clock, seed_source, pace=ai_pace)
        self.scheduler = Scheduler(self.store, self.clock, self.moves, self.ai, self.chooser)
        self.reading = Reading(self.store)
        self._closed = False
        # The API, one name per call (docs/host.md).
        t, m, s, r = self.tables, self.moves, self.scheduler, self.reading
        self.guild_settings = t.guild_settings
        self.set_guild_settings = t.set_guild_settings
        self.create_game = t.create_game
        self.join = t.join
        self.add_ai = t.add_ai
        self.leave = t.leave
        self.start = t.start
        self.resign = t.resign
        self.cancel = t.cancel
        self.return_to_seat = t.return_to_seat
        self.set_window_order = t.set_window_order
        self.act = m.act
        self.legal_choices = m.choices
        self.decision = m.decision
        self.rules_default = m.rules_default
        self.next_due = s.next_due
        self.due = s.due
        self.run_due = s.run_due
        self.game_in_channel = r.game_in_channel
        self.last_game_in_channel = r.last_game_in_channel
        self.games_in_guild = r.games_in_guild
        self.status = r.status
        self.public_view = r.public_view
        self.snapshot = r.snapshot
        self.private_view = r.private_view
        self.log = r.log
        self.games_of_user = r.games_of_user
        self.unsent = r.unsent
        self.games_with_unsent = r.games_with_unsent
        self.claim = r.claim
        self.mark_sent = r.mark_sent
        self.last_board = r.last_board
        self.notes = r.notes
        self.set_notified = r.set_notified
        self.quiet_versions = r.quiet_versions
        self.step_message = r.step_message
        self.set_step_message = r.set_step_message
        self.notify_setting = r.notify_setting
        self.set_notify_setting = r.set_notify_setting

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        clock: Clock | None = None,
        chooser: Chooser | None = None,
        games: PluginResolver = plugins.get,
        seed_source: Callable[[], int] | None = None,
        cache_size: int = 5000,
        ai_workers: int | None = None,
        ai_executor: Executor | None = None,
        ai_pace: float = 0.0,
    ) -> Host:
        """Open the database at ``path`` (created and migrated as needed). Nothing is decoded
        up front: games load on first use, and every active game's deadlines are already in the
        database, so ``run_due`` resumes them. ``ai_workers``: processes for AI decisions
        (default: one fewer than the cores); ``ai_executor``: run them there instead (tests);
        ``ai_pace``: seconds between AI moves once no human plays a game any more."""
        db = await Database.open(path)
        return cls(
            db,
            clock=clock,
            chooser=chooser,
            games=games,
            seed_source=seed_source,
            cache_size=cache_size,
            ai_workers=ai_workers,
            ai_executor=ai_executor,
            ai_pace=ai_pace,
        )

    def plugin(self, kind: str) -> GamePlugin:
        """The plugin of a game kind (its presentation, for the Discord edge)."""
        return self.store.plugin(kind)

    async def close(self) -> None:
        """End the AI workers and close the database (idempotent)."""
        if not self._closed:
            self._closed = True
            self.ai.close()
            await self.db.close()

    async def backup(self, dest: str | Path) -> Path:
        """An online copy of the database at ``dest`` (safe while games are being played)."""
        return await self.db.backup(dest)


__all__ = ["Host"]
