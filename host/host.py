"""The game host: the one object the bot calls, composed of small services that share one
:class:`~host.games.Store` (the cache of loaded games, one lock per game, the shared checks),
the clock and the AI runner:

- ``host.tables`` (:mod:`host.tables`): lobbies, starting, resigning, cancelling, coming back;
- ``host.moves`` (:mod:`host.moves`): a player's move, and the one write path of every move;
- ``host.decisions`` (:mod:`host.decisions`): what a seat may decide now, and standing orders;
- ``host.scheduler`` (:mod:`host.scheduler`): AI moves (in worker processes), reminders and
  timeouts as they fall due;
- ``host.views`` (:mod:`host.views`): status, public and private views, the log, a user's games;
- ``host.outbox`` (:mod:`host.outbox`): the announcements each move left, sent exactly once;
- ``host.people`` (:mod:`host.people`): users' languages and notification settings;
- ``host.away`` (:mod:`host.away`): away (``/game away``) and quiet hours;
- ``host.servers`` (:mod:`host.servers`): a server's defaults and language;
- ``host.records`` (:mod:`host.records`): statistics, leaderboards, the history;
- ``host.replays`` (:mod:`host.replays`): a game shown again step by step;
- ``host.seats`` (:mod:`host.seats`): seats handed over, looking for a player, claimed.
- ``host.undos`` (:mod:`host.undo`): moves taken back, alone or with the table's agreement.
- ``host.hints`` (:mod:`host.hints`): a learning player's hint (the normal AI's move, and why).

Pure helpers beside them: :mod:`host.pending` (what a game waits for, decision tokens) and
:mod:`host.deadlines` (deadlines, reminders, the next due time).

The host is game-agnostic: it reaches games only through their plugins (``plugins``), and the
engine contract's :meth:`~engine.core.Game.pending` decisions say what every game waits for.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from concurrent.futures import Executor
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path

import plugins
from host.ai import DEFAULT_TIMEOUT_LEVEL, AiRunner, Chooser, chooser_for
from host.away import Aways
from host.clock import Clock, SystemClock
from host.decisions import Decisions
from host.games import Store
from host.hints import Hints
from host.moves import Moves
from host.outbox import Outbox
from host.people import People
from host.records import Records
from host.replays import Replays
from host.scheduler import Scheduler
from host.seats import Seats
from host.servers import Servers
from host.tables import Tables
from host.undo import Undos
from host.views import Views
from plugins import GamePlugin, PluginResolver
from storage.db import Database


@dataclass(frozen=True)
class HostOptions:
    """How a host runs: ``clock`` (the system's by default; tests inject a fake one), ``chooser``
    (the AI that decides for a player who times out), ``games`` (the plugin of a game kind),
    ``seed_source`` (a new game's seed), ``cache_size`` (games kept decoded), ``ai_workers``
    (processes for AI decisions; default one fewer than the cores), ``ai_executor`` (run them
    there instead: tests), ``ai_pace`` (seconds between AI moves once no human plays a game any
    more), ``shared`` (several bot processes use the database: each checks its decoded games
    against the stored revision before use, and another's claim holds until its lease runs out;
    default: when the database is PostgreSQL), ``lease`` (seconds a claim on a game's due work
    or delivery lasts: after a process dies, another takes its work over this much later)."""

    clock: Clock | None = None
    chooser: Chooser | None = None
    games: PluginResolver = plugins.get
    seed_source: Callable[[], int] | None = None
    cache_size: int = 5000
    ai_workers: int | None = None
    ai_executor: Executor | None = None
    ai_pace: float = 0.0
    shared: bool | None = None
    lease: float = 60.0


class Host:
    """The service the bot calls. Open with ``await Host.open(path, options)``; ``await
    host.close()``. Its calls are those of its services (``host.tables.start(...)``,
    ``host.moves.act(...)``, ``host.views.status(...)``: see the module).

    Every call that a user triggers raises a :class:`~host.errors.HostError` subclass with a
    message for that user when the call is wrong; the game is then unchanged.
    """

    def __init__(self, db: Database, options: HostOptions | None = None) -> None:
        options = options or HostOptions()
        self.options = options
        self.db = db
        self.clock = options.clock or SystemClock()
        self.chooser = options.chooser or chooser_for(DEFAULT_TIMEOUT_LEVEL)
        self.ai = AiRunner(workers=options.ai_workers, executor=options.ai_executor)
        shared = db.dialect.shared_by_default if options.shared is None else options.shared
        self.store = store = Store(
            db,
            self.clock,
            options.games,
            options.cache_size,
            shared=shared,
            lease=options.lease,
            pace=options.ai_pace,
        )
        seeds = options.seed_source or (lambda: secrets.randbits(63))
        self.servers = Servers(store)
        self.tables = Tables(store, self.servers, seeds)
        self.moves = Moves(store)
        self.decisions = Decisions(store)
        self.scheduler = Scheduler(store, self.moves, self.ai, self.chooser)
        self.views = Views(store)
        self.outbox = Outbox(store)
        self.people = People(store)
        self.away = Aways(store, self.servers)
        self.records = Records(store)
        self.replays = Replays(store)
        self.seats = Seats(store)
        self.undos = Undos(store, self.moves)
        self.hints = Hints(store, self.ai)
        self._closed = False

    @classmethod
    async def open(cls, path: str | Path, options: HostOptions | None = None) -> Host:
        """Open the database at ``path`` (created and migrated as needed). Nothing is decoded
        up front: games load on first use, and every active game's deadlines are already in the
        database, so ``run_due`` resumes them."""
        return cls(await Database.open(path), options)

    def checked_once(self) -> AbstractContextManager[None]:
        """Within it, each game is compared with the database once (several processes: one
        user action's reads show one revision of the game, at one statement); a move written
        in it is still guarded by its revision. (:meth:`host.games.Store.checked_once`.)"""
        return self.store.checked_once()

    def peeking(self) -> AbstractContextManager[None]:
        """Within it, reads take the games in memory as they are, with no statement: for what
        prepares a move, which checks again (:meth:`host.games.Store.peeking`)."""
        return self.store.peeking()

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
