"""The games and their seats: reading a game (row, seats, snapshot; again only when another
process changed it), finding a channel's or a server's games, and a table's writes outside a
move (a lobby created and reseated, the start, a seat's standing order, the end). A move's own
write is :mod:`storage.moves`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from storage.dialect import Connection, Runner, ints, value
from storage.rows import (
    GAME_COLUMNS,
    SEAT_COLUMNS,
    ChannelTakenError,
    GameBundle,
    GameRow,
    Schedule,
    SeatRow,
    StorageError,
    decode_game,
    decode_seat,
)
from storage.writes import guarded


def read_game(c: Connection, game_id: int) -> GameBundle | None:
    """The game row, seats and snapshot (``None``: no such game)."""
    row = c.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        return None
    seats = c.execute(
        f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
    ).fetchall()
    snap = c.execute("SELECT state FROM snapshots WHERE game_id = ?", (game_id,)).fetchone()
    return GameBundle(
        decode_game(row), tuple(decode_seat(s) for s in seats), None if snap is None else snap[0]
    )


class Games:
    """``db.games``: the ``games`` and ``seats`` rows (see the module)."""

    def __init__(self, run: Runner) -> None:
        self.run = run

    async def load_game(self, game_id: int) -> GameBundle | None:
        """The game row, seats and snapshot in one hop; ``None`` if there is no such game."""
        return await self.run(lambda c: read_game(c, game_id))

    async def load_if_changed(self, game_id: int, revision: int) -> tuple[bool, GameBundle | None]:
        """``(False, None)`` when the stored game is still at ``revision`` (the copy in memory is
        current), else ``(True, bundle)`` read afresh (``bundle`` ``None``: the game is gone).
        One hop; the unchanged case reads one indexed column."""

        def read(c: Connection) -> tuple[bool, GameBundle | None]:
            row = c.execute("SELECT revision FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is not None and int(row[0]) == revision:
                return False, None
            return True, read_game(c, game_id)

        return await self.run(read)

    async def _first_id(self, sql: str, params: tuple[object, ...]) -> int | None:
        """The ``id`` column of the first row ``sql`` finds, if any."""

        found = await self.run(lambda c: value(c, sql, params))
        return None if found is None else int(found)

    async def open_game_in_channel(self, channel_id: int) -> int | None:
        """The id of the game in its lobby or in play in ``channel_id``, if any."""
        return await self._first_id(
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )

    async def open_games_in_guild(self, guild_id: int, limit: int = 50) -> list[int]:
        """The ids of the server's games in their lobby or in play, newest first."""
        return await self.run(
            lambda c: ints(
                c,
                "SELECT id FROM games WHERE guild_id = ? AND status IN ('lobby', 'active') "
                "ORDER BY id DESC LIMIT ?",
                (guild_id, limit),
            )
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
                insert_seats(c, game_id, [(user, ai, now) for user, ai in seats])
                c.execute("COMMIT")
                return game_id
            except c.dialect.integrity_errors as e:
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
            c.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            insert_seats(c, game_id, seats)
            c.execute(
                "UPDATE games SET updated_at = ?, creator_id = coalesce(?, creator_id) "
                "WHERE id = ?",
                (now, creator_id, game_id),
            )

        await guarded(self.run, game_id, revision, write, status="lobby")

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
        away: Mapping[int, float] | None = None,
    ) -> None:
        """Lobby → active: final seat order, the initial snapshot (seq 0) and the first deadline
        (``revision``: as for :meth:`replace_seats`; ``away``: by seat, until when the seats of
        players who are away are marked away)."""
        waiting_since = dict.fromkeys(waiting, now)

        def write(c: Connection) -> None:
            c.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            insert_seats(c, game_id, seats, waiting_since, away)
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
                (len(seats), *schedule.values(), now, game_id),
            )

        await guarded(self.run, game_id, revision, write, status="lobby")

    async def set_window_order(
        self, game_id: int, seat: int, order: str, *, revision: int | None = None
    ) -> None:
        """A seat's standing order for optional windows (``ask``, ``never``, ``after:<n>``;
        ``revision``: the game's revision it was given at, as for :meth:`replace_seats`)."""
        await guarded(
            self.run,
            game_id,
            revision,
            lambda c: c.execute(
                "UPDATE seats SET window_order = ? WHERE game_id = ? AND seat = ?",
                (order, game_id, seat),
            ),
        )

    async def set_status(
        self, game_id: int, status: str, now: float, *, revision: int | None = None
    ) -> None:
        """End a game (``cancelled`` / ``finished``): no more deadlines (``revision``: as for
        :meth:`replace_seats`). A finished game's outcome is its last move's
        (:mod:`storage.moves`)."""

        def write(c: Connection) -> None:
            c.execute(
                "UPDATE games SET status = ?, next_due = NULL, deadline = NULL, updated_at = ? "
                "WHERE id = ?",
                (status, now, game_id),
            )
            c.execute("UPDATE seats SET waiting_since = NULL WHERE game_id = ?", (game_id,))

        await guarded(self.run, game_id, revision, write)

    async def set_options(self, game_id: int, options: bytes, *, revision: int | None) -> None:
        """Rewrite a game's stored options (what its players chose and used to learn: a learner
        joining, a hint counted); ``revision``: as for :meth:`replace_seats`."""
        await guarded(
            self.run,
            game_id,
            revision,
            lambda c: c.execute("UPDATE games SET options = ? WHERE id = ?", (options, game_id)),
        )


def insert_seats(
    c: Connection,
    game_id: int,
    seats: Sequence[tuple[int | None, str | None, float]],
    waiting_since: Mapping[int, float] | None = None,
    away: Mapping[int, float] | None = None,
) -> None:
    """The seats ``(user_id, ai, joined_at)`` in seat order (``waiting_since``: by seat, those
    the game waits on; ``away``: by seat, until when its player is away)."""
    waiting = waiting_since or {}
    aways = away or {}
    c.executemany(
        "INSERT INTO seats (game_id, seat, user_id, ai, ai_controlled, waiting_since, "
        "joined_at, away_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, i, user, ai, int(ai is not None), waiting.get(i), joined, aways.get(i))
            for i, (user, ai, joined) in enumerate(seats)
        ],
    )
