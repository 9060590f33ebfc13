"""The game database: one connection (SQLite through aiosqlite, or PostgreSQL through psycopg on
a thread of its own: ``storage.dialect``), migrations, and the repository calls the host uses.

Every write the host makes for one move (event row, snapshot, game row, seat rows) is a single
function run on the database thread: one hop, one ``BEGIN IMMEDIATE ... COMMIT``. SQLite's
connection settings: WAL, ``synchronous=FULL`` (a commit survives power loss), foreign keys on.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import TypeVar, cast

import aiosqlite

from storage.claims import Claims, read_game
from storage.dialect import (
    POSTGRESQL,
    SQLITE,
    Connection,
    DatabaseErrors,
    IntegrityErrors,
    is_url,
    schema_version,
)
from storage.outbox import Deliveries
from storage.postgres import PgRunner, backup_url
from storage.ratings import needs_rebuild, rebuild
from storage.records import Records
from storage.rows import (
    EVENT_COLUMNS,
    GAME_COLUMNS,
    SEAT_COLUMNS,
    ChannelTakenError,
    DatabaseOpenError,
    EventRow,
    GameBundle,
    GameRow,
    MoveWrite,
    Schedule,
    SeatRow,
    SeatUpdate,
    StorageError,
    decode_event,
    decode_game,
    decode_seat,
)
from storage.schema import configure, migrate, open_error, verify_schema
from storage.writes import bump, check_status, transaction, update_seats, write_moves

T = TypeVar("T")
OPEN_ERRORS: tuple[type[Exception], ...] = (
    *DatabaseErrors,
    UnicodeDecodeError,
    OSError,
    StorageError,
)


class Database(Deliveries, Records, Claims):
    """An open game database. Create with ``await Database.open(path)``; ``await db.close()``."""

    def __init__(self, conn: aiosqlite.Connection | PgRunner, path: Path | str) -> None:
        self._conn = conn
        self.path = path
        """The SQLite file, or the PostgreSQL URL."""
        self.dialect = POSTGRESQL if isinstance(conn, PgRunner) else SQLITE
        self._pending: list[tuple[MoveWrite, asyncio.Future[None]]] = []
        self._flusher: asyncio.Future[None] | None = None

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        """Open (creating if needed) and migrate the database at ``path``: a SQLite file, or a
        ``postgresql://`` URL. A database that cannot be used (damaged, not ours, read-only, a
        full disk, an empty file that is not new, a server that refuses) raises
        :class:`DatabaseOpenError` with a sentence for the operator."""
        if is_url(path):
            url = str(path)
            runner = PgRunner(url)
            try:
                await runner.connect()
            except DatabaseErrors as e:
                raise open_error(url, e) from e
            return await cls(runner, url)._prepare()
        path = Path(path)
        if path.is_file() and path.stat().st_size == 0:
            raise DatabaseOpenError(
                f"{path} is an empty file (0 bytes), not a game database. If you meant to "
                "start with a new database, delete it (or set VESUVIUS_DB to a new file); if "
                "your games were in it, restore a copy made with `python -m storage.backup`."
            )
        try:
            # A plain open first: when it fails (a folder, no permission), aiosqlite's worker
            # thread would otherwise outlive the error and print a traceback at exit.
            await asyncio.to_thread(_probe, path)
            conn = await aiosqlite.connect(path, isolation_level=None)
        except (sqlite3.Error, OSError) as e:
            raise open_error(path, e) from e
        return await cls(conn, path)._prepare()

    async def _prepare(self) -> Database:
        """Configure, migrate and check the schema (closing the connection if that fails)."""
        db, conn, path = self, self._conn, self.path
        try:
            await db.run(configure)
            await db.run(migrate)
            await db.run(verify_schema)
            if await db.run(needs_rebuild):  # finished games from before the ratings
                await db.run(rebuild)
        except OPEN_ERRORS as e:
            await conn.close()
            if isinstance(e, DatabaseOpenError):
                raise
            raise open_error(path, e) from e
        except BaseException:
            await conn.close()
            raise
        return db

    async def close(self) -> None:
        """Close after the moves already handed to :meth:`commit_move` are written."""
        while self._flusher is not None:
            await asyncio.shield(self._flusher)
        await self._conn.close()

    async def run(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn(connection)`` on the database thread: one hop for any number of statements.

        aiosqlite has no public call for this; ``_execute`` is the queue every public method
        uses, and this is the only place that touches it.
        """
        conn = self._conn
        if isinstance(conn, PgRunner):
            return await conn.run(fn)
        return cast(T, await conn._execute(lambda: fn(conn._conn)))  # type: ignore[no-untyped-call]

    # -- reads -------------------------------------------------------------------------------

    async def schema_version(self) -> int:
        return await self.run(schema_version)

    async def load_game(self, game_id: int) -> GameBundle | None:
        """The game row, seats and snapshot in one hop; ``None`` if there is no such game."""
        return await self.run(lambda c: read_game(c, game_id))

    async def _first_id(self, sql: str, params: tuple[object, ...]) -> int | None:
        """The ``id`` column of the first row ``sql`` finds, if any."""

        def read(c: Connection) -> int | None:
            row = c.execute(sql, params).fetchone()
            return None if row is None else int(row[0])

        return await self.run(read)

    async def open_game_in_channel(self, channel_id: int) -> int | None:
        """The id of the game in its lobby or in play in ``channel_id``, if any."""
        return await self._first_id(
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )

    async def open_games_in_guild(self, guild_id: int, limit: int = 50) -> list[int]:
        """The ids of the server's games in their lobby or in play, newest first."""
        return await self.run(
            lambda c: [
                int(r[0])
                for r in c.execute(
                    "SELECT id FROM games WHERE guild_id = ? AND status IN ('lobby', 'active') "
                    "ORDER BY id DESC LIMIT ?",
                    (guild_id, limit),
                ).fetchall()
            ]
        )

    async def newest_game_in_channel(self, channel_id: int) -> int | None:
        """The id of the newest game of ``channel_id``, whatever its status (ids grow with
        creation), if the channel ever had one. Served by the index of migration 0002."""
        return await self._first_id(
            "SELECT id FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )

    async def last_finished_in_channel(self, channel_id: int) -> int | None:
        """The id of the game of ``channel_id`` that finished last, if any."""
        return await self._first_id(
            "SELECT id FROM games WHERE channel_id = ? AND status = 'finished' "
            "ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )

    async def started_games_in_guild(
        self, guild_id: int, limit: int = 25
    ) -> list[tuple[int, str, str, int]]:
        """``(id, kind, status, channel)`` of the server's games that were dealt (in play,
        finished, or cancelled after the start: they have a board to replay), newest first."""
        return await self.run(
            lambda c: [
                (int(r[0]), str(r[1]), str(r[2]), int(r[3]))
                for r in c.execute(
                    "SELECT g.id, g.kind, g.status, g.channel_id FROM games g "
                    "WHERE g.guild_id = ? AND "
                    "EXISTS (SELECT 1 FROM snapshots s WHERE s.game_id = g.id) "
                    "ORDER BY g.id DESC LIMIT ?",
                    (guild_id, limit),
                ).fetchall()
            ]
        )

    async def events(
        self, game_id: int, *, after: int = 0, limit: int | None = None, newest: bool = False
    ) -> list[EventRow]:
        """Events with ``seq > after`` in order; ``newest`` keeps the last ``limit`` of them."""

        def read(c: Connection) -> list[EventRow]:
            if newest and limit is not None:
                rows = c.execute(
                    f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq > ? "
                    "ORDER BY seq DESC LIMIT ?",
                    (game_id, after, limit),
                ).fetchall()
                rows.reverse()
            else:
                sql = (
                    f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq > ? ORDER BY seq"
                )
                rows = (
                    c.execute(sql, (game_id, after))
                    if limit is None
                    else c.execute(sql + " LIMIT ?", (game_id, after, limit))
                ).fetchall()
            return [decode_event(r) for r in rows]

        return await self.run(read)

    async def due_games(self, now: float) -> list[int]:
        """Active games with something due (AI move, reminder, deadline) at or before ``now``."""
        return await self.run(
            lambda c: [
                int(r[0])
                for r in c.execute(
                    "SELECT id FROM games WHERE status = 'active' AND next_due <= ? "
                    "ORDER BY next_due",
                    (now,),
                ).fetchall()
            ]
        )

    async def next_due(self) -> float | None:
        """When the next thing is due in any active game (``None`` if nothing is scheduled)."""

        def read(c: Connection) -> float | None:
            row = c.execute("SELECT min(next_due) FROM games WHERE status = 'active'").fetchone()
            return None if row is None or row[0] is None else float(row[0])

        return await self.run(read)

    async def games_of_user(self, user_id: int) -> list[tuple[GameRow, SeatRow]]:
        """The open games (lobby or active) where ``user_id`` has a seat."""

        def read(c: Connection) -> list[tuple[GameRow, SeatRow]]:
            cols = ", ".join(f"g.{x.strip()}" for x in GAME_COLUMNS.split(","))
            scols = ", ".join(f"s.{x.strip()}" for x in SEAT_COLUMNS.split(","))
            rows = c.execute(
                f"SELECT {cols}, {scols} FROM seats s JOIN games g ON g.id = s.game_id "
                "WHERE s.user_id = ? AND g.status IN ('lobby', 'active') ORDER BY g.id",
                (user_id,),
            ).fetchall()
            n = len(GAME_COLUMNS.split(","))
            return [(decode_game(r[:n]), decode_seat(r[n:])) for r in rows]

        return await self.run(read)

    async def guild_settings(self, guild_id: int) -> tuple[float | None, str | None, str | None]:
        """``(turn_time, timeout_policy, language)`` as stored; ``None`` = not set."""

        def read(c: Connection) -> tuple[float | None, str | None, str | None]:
            row = c.execute(
                "SELECT turn_time, timeout_policy, language FROM guild_settings WHERE guild_id = ?",
                (guild_id,),
            ).fetchone()
            return (None, None, None) if row is None else (row[0], row[1], row[2])

        return await self.run(read)

    # -- writes ------------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        kind: str,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        options: bytes,
        seed: int,
        seats: Sequence[tuple[int | None, str | None]],
        now: float,
    ) -> int:
        """Insert a lobby with its first seats (``(user_id, ai)`` pairs); returns the game id.

        Raises :class:`ChannelTakenError` when the channel already has an open game.
        """

        def write(c: Connection) -> int:
            c.execute("BEGIN IMMEDIATE")
            try:
                game_id = int(
                    c.execute(
                        "INSERT INTO games (kind, guild_id, channel_id, creator_id, status, "
                        "options, seed, created_at, updated_at) "
                        "VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?) RETURNING id",
                        (kind, guild_id, channel_id, creator_id, options, seed, now, now),
                    ).fetchone()[0]
                )
                c.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, ai, ai_controlled, joined_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (game_id, i, user, ai, int(ai is not None), now)
                        for i, (user, ai) in enumerate(seats)
                    ],
                )
                c.execute("COMMIT")
                return game_id
            except IntegrityErrors as e:
                c.execute("ROLLBACK")
                if "channel_id" in str(e) or "games_one_open" in str(e):
                    raise ChannelTakenError("the channel already has an open game") from e
                raise StorageError(str(e)) from e
            except BaseException:
                c.execute("ROLLBACK")
                raise

        return await self.run(write)

    async def replace_seats(
        self,
        game_id: int,
        seats: Sequence[tuple[int | None, str | None, float]],
        now: float,
        *,
        creator_id: int | None = None,
        revision: int | None = None,
    ) -> None:
        """Rewrite a lobby's seats as ``(user_id, ai, joined_at)`` in seat order (and hand the
        lobby to ``creator_id`` if given). ``revision``: the game's revision the seats were
        computed from (:class:`VersionConflictError` if another process changed it since)."""

        def write(c: Connection) -> None:
            with transaction(c):
                check_status(c, game_id, "lobby")
                bump(c, game_id, revision)
                c.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
                c.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, ai, ai_controlled, joined_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (game_id, i, user, ai, int(ai is not None), joined)
                        for i, (user, ai, joined) in enumerate(seats)
                    ],
                )
                c.execute(
                    "UPDATE games SET updated_at = ?, creator_id = coalesce(?, creator_id) "
                    "WHERE id = ?",
                    (now, creator_id, game_id),
                )

        await self.run(write)

    async def start_game(
        self,
        game_id: int,
        *,
        seats: Sequence[tuple[int | None, str | None, float]],
        snapshot: bytes,
        schedule: Schedule,
        waiting: Iterable[int],
        now: float,
        revision: int | None = None,
    ) -> None:
        """Lobby → active: final seat order, the initial snapshot (seq 0) and the first deadline
        (``revision``: as for :meth:`replace_seats`)."""
        waiting_set = set(waiting)

        def write(c: Connection) -> None:
            with transaction(c):
                check_status(c, game_id, "lobby")
                bump(c, game_id, revision)
                c.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
                c.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, ai, ai_controlled, "
                    "waiting_since, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            game_id,
                            i,
                            user,
                            ai,
                            int(ai is not None),
                            now if i in waiting_set else None,
                            joined,
                        )
                        for i, (user, ai, joined) in enumerate(seats)
                    ],
                )
                c.execute(
                    "INSERT INTO snapshots (game_id, seq, state) VALUES (?, 0, ?)",
                    (game_id, snapshot),
                )
                c.execute(
                    "INSERT INTO outbox (game_id, version, board, created_at) VALUES (?, 0, 1, ?)",
                    (game_id, now),
                )
                c.execute(
                    "UPDATE games SET status = 'active', players = ?, version = 0, "
                    "turn_started = ?, deadline = ?, reminders_done = ?, next_due = ?, "
                    "updated_at = ? WHERE id = ?",
                    (
                        len(seats),
                        schedule.turn_started,
                        schedule.deadline,
                        schedule.reminders_done,
                        schedule.next_due,
                        now,
                        game_id,
                    ),
                )

        await self.run(write)

    async def commit_move(self, move: MoveWrite) -> None:
        """Append the event, replace the snapshot, update game and seats: one transaction.

        Returns once the move is durable (committed with ``synchronous=FULL``). Moves of
        different games that arrive while a commit is in flight are written together in the next
        transaction (group commit, one savepoint each), so concurrent games share an fsync; a
        move that fails (e.g. :class:`VersionConflictError`) is rolled back alone.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((move, future))
        if self._flusher is None:
            self._flusher = asyncio.ensure_future(self._flush())
        await future

    async def _flush(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                moves = [m for m, _ in batch]
                try:
                    errors = await self.run(partial(write_moves, moves=moves))
                except BaseException as e:  # the commit itself failed: nothing was written
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(e)
                    if isinstance(e, asyncio.CancelledError):
                        raise
                    continue
                for (_, future), error in zip(batch, errors, strict=True):
                    if future.done():
                        continue
                    if error is None:
                        future.set_result(None)
                    else:
                        future.set_exception(error)
        finally:
            self._flusher = None

    async def update_schedule(
        self,
        game_id: int,
        schedule: Schedule,
        seats: Sequence[SeatUpdate],
        now: float,
        *,
        revision: int | None = None,
    ) -> None:
        """Rewrite the timing columns (and seat flags) of an active game without a move
        (``revision``: as for :meth:`replace_seats`)."""

        def write(c: Connection) -> None:
            with transaction(c):
                bump(c, game_id, revision)
                c.execute(
                    "UPDATE games SET turn_started = ?, deadline = ?, reminders_done = ?, "
                    "next_due = ?, updated_at = ? WHERE id = ?",
                    (
                        schedule.turn_started,
                        schedule.deadline,
                        schedule.reminders_done,
                        schedule.next_due,
                        now,
                        game_id,
                    ),
                )
                update_seats(c, game_id, seats)

        await self.run(write)

    async def postpone(self, game_id: int, when: float | None) -> None:
        """Move an active game's ``next_due`` to ``when`` (after its due work failed; ``None``:
        nothing more is scheduled for it, e.g. its stored state cannot be read)."""

        def write(c: Connection) -> None:
            with transaction(c):
                bump(c, game_id, None)
                c.execute(
                    "UPDATE games SET next_due = ? WHERE id = ? AND status = 'active'",
                    (when, game_id),
                )

        await self.run(write)

    async def set_status(
        self,
        game_id: int,
        status: str,
        now: float,
        *,
        outcome: bytes | None = None,
        revision: int | None = None,
    ) -> None:
        """End a game (``cancelled`` / ``finished``): no more deadlines (``revision``: as for
        :meth:`replace_seats`)."""

        def write(c: Connection) -> None:
            with transaction(c):
                bump(c, game_id, revision)
                c.execute(
                    "UPDATE games SET status = ?, outcome = coalesce(?, outcome), "
                    "next_due = NULL, deadline = NULL, updated_at = ? WHERE id = ?",
                    (status, outcome, now, game_id),
                )
                c.execute("UPDATE seats SET waiting_since = NULL WHERE game_id = ?", (game_id,))

        await self.run(write)

    async def set_guild_settings(
        self,
        guild_id: int,
        turn_time: float | None,
        timeout_policy: str | None,
        language: str | None,
    ) -> None:
        def write(c: Connection) -> None:
            with transaction(c):
                c.execute(
                    "INSERT INTO guild_settings (guild_id, turn_time, timeout_policy, language) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                    "turn_time = excluded.turn_time, timeout_policy = excluded.timeout_policy, "
                    "language = excluded.language",
                    (guild_id, turn_time, timeout_policy, language),
                )

        await self.run(write)

    # -- maintenance -------------------------------------------------------------------------

    async def backup(self, dest: str | Path) -> Path:
        """Copy the whole database to ``dest`` while the bot runs (see :func:`backup_file`; for
        PostgreSQL a ``pg_dump`` archive, :func:`storage.postgres.backup_url`)."""
        if isinstance(self.path, str):
            return await asyncio.to_thread(backup_url, self.path, dest)
        return await asyncio.to_thread(backup_file, self.path, dest)


def backup_file(source: str | Path, dest: str | Path) -> Path:
    """Copy a database with SQLite's online backup API, from its own read connection, so the
    bot keeps committing moves during the copy (WAL). The copy is written to a temporary name
    and renamed, so ``dest`` is never half-written."""
    dest = Path(dest)
    tmp = dest.with_name(dest.name + ".partial")
    tmp.unlink(missing_ok=True)
    src = sqlite3.connect(f"file:{Path(source)}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(tmp)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
    tmp.replace(dest)
    return dest


def _probe(path: Path) -> None:
    """Open and close ``path`` with the standard library (raises what opening it raises)."""
    if path.is_dir():
        raise IsADirectoryError(f"{path} is a folder")
    sqlite3.connect(path).close()
