"""Reading the results and ratings (``storage.ratings`` writes them): a server's leaderboard of
one game kind, a player's results, the server's finished games (``db.records``)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from storage.dialect import Connection, Runner


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A player's current rating in one server and game kind (``games``: rated games)."""

    kind: str
    player: str
    mu: float
    sigma: float
    ordinal: float
    games: int


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat's counted result (``storage.ratings.SeatResult``) with its game and time."""

    game_id: int
    seat: int
    kind: str
    player: str
    outcome: str
    place: int | None
    won: bool
    rated: bool
    mu: float | None
    sigma: float | None
    title: str
    rounds: int | None
    ended_at: float


@dataclass(frozen=True, slots=True)
class FinishedRow:
    """A finished game for the history: its seats' results and the final board's message."""

    game_id: int
    kind: str
    channel_id: int
    ended_at: float
    results: tuple[ResultRow, ...]
    board_message: int | None


RESULT_COLUMNS = (
    "game_id, seat, kind, player, outcome, place, won, rated, mu, sigma, title, rounds, ended_at"
)


def _result(r: Any) -> ResultRow:
    return ResultRow(
        r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6]), bool(r[7]), r[8], r[9], r[10], r[11], r[12]
    )


class Records:
    """``db.records``: results and ratings (see the module)."""

    def __init__(self, run: Runner) -> None:
        self.run = run

    async def leaderboard(
        self, guild_id: int, kind: str, *, min_games: int, offset: int, limit: int
    ) -> tuple[list[RatingRow], int, list[RatingRow]]:
        """The ranked players with at least ``min_games`` rated games, best ordinal first
        (``limit`` from ``offset``), how many there are, and the players with fewer games
        (most games first, at most ``limit``)."""

        def read(c: Connection) -> tuple[list[RatingRow], int, list[RatingRow]]:
            cols = "kind, player, mu, sigma, ordinal, games"
            ranked = c.execute(
                f"SELECT {cols} FROM ratings WHERE guild_id = ? AND kind = ? AND games >= ? "
                "ORDER BY ordinal DESC, player LIMIT ? OFFSET ?",
                (guild_id, kind, min_games, limit, offset),
            ).fetchall()
            total = c.execute(
                "SELECT count(*) FROM ratings WHERE guild_id = ? AND kind = ? AND games >= ?",
                (guild_id, kind, min_games),
            ).fetchone()[0]
            newer = c.execute(
                f"SELECT {cols} FROM ratings WHERE guild_id = ? AND kind = ? AND games < ? "
                "ORDER BY games DESC, ordinal DESC, player LIMIT ?",
                (guild_id, kind, min_games, limit),
            ).fetchall()
            return [RatingRow(*r) for r in ranked], int(total), [RatingRow(*r) for r in newer]

        return await self.run(read)

    async def player_record(
        self,
        guild_id: int,
        player: str,
        kind: str | None,
        channels: Collection[int] | None = None,
    ) -> tuple[list[RatingRow], list[ResultRow]]:
        """A player's current ratings and every result in one server (of one game kind, or of
        all), oldest first; ``channels``: only the results of games played in these."""

        def read(c: Connection) -> tuple[list[RatingRow], list[ResultRow]]:
            where, params = "guild_id = ? AND player = ?", [guild_id, player]
            if kind is not None:
                where += " AND kind = ?"
                params.append(kind)
            ratings = c.execute(
                f"SELECT kind, player, mu, sigma, ordinal, games FROM ratings WHERE {where} "
                "ORDER BY kind",
                params,
            ).fetchall()
            only: str = ""
            more: list[Any] = []
            if channels is not None and not channels:
                only = " AND 0 = 1"
            elif channels is not None:
                marks = ", ".join("?" * len(channels))
                only = f" AND game_id IN (SELECT id FROM games WHERE channel_id IN ({marks}))"
                more = list(channels)
            results = c.execute(
                f"SELECT {RESULT_COLUMNS} FROM results WHERE {where}{only} "
                "ORDER BY ended_at, game_id",
                params + more,
            ).fetchall()
            return [RatingRow(*r) for r in ratings], [_result(r) for r in results]

        return await self.run(read)

    async def player_channels(self, guild_id: int, player: str, kind: str | None) -> set[int]:
        """The channels of a player's finished games in one server (of one kind, or of all)."""

        def read(c: Connection) -> set[int]:
            where, params = "r.guild_id = ? AND r.player = ?", [guild_id, player]
            if kind is not None:
                where += " AND r.kind = ?"
                params.append(kind)
            rows = c.execute(
                "SELECT DISTINCT g.channel_id FROM results r JOIN games g ON g.id = r.game_id "
                f"WHERE {where}",
                params,
            ).fetchall()
            return {int(r[0]) for r in rows}

        return await self.run(read)

    async def finished_games(self, guild_id: int, *, limit: int) -> list[FinishedRow]:
        """The server's newest finished games, newest first."""

        def read(c: Connection) -> list[FinishedRow]:
            games = c.execute(
                "SELECT id, kind, channel_id, updated_at FROM games "
                "WHERE guild_id = ? AND status = 'finished' ORDER BY updated_at DESC, id DESC "
                "LIMIT ?",
                (guild_id, limit),
            ).fetchall()
            out = []
            for game_id, kind, channel_id, updated_at in games:
                results = c.execute(
                    f"SELECT {RESULT_COLUMNS} FROM results WHERE game_id = ? ORDER BY seat",
                    (game_id,),
                ).fetchall()
                board = c.execute(
                    "SELECT message_id FROM outbox WHERE game_id = ? AND message_id IS NOT NULL "
                    "ORDER BY version DESC LIMIT 1",
                    (game_id,),
                ).fetchone()
                out.append(
                    FinishedRow(
                        int(game_id),
                        str(kind),
                        int(channel_id),
                        float(results[0][-1]) if results else float(updated_at),
                        tuple(_result(r) for r in results),
                        None if board is None else int(board[0]),
                    )
                )
            return out

        return await self.run(read)
