"""Statistics and ratings of one server: a player's record, the leaderboard of a game kind, the
recent finished games. Read from the results and ratings that ``storage.ratings`` derives from
every finished game (the rules: docs/ratings.md). Game-agnostic: a kind is a plugin key."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from host.errors import BadOptionError
from host.games import Store
from storage.ratings import ai_player
from storage.records import RatingRow, ResultRow

PAGE_SIZE = 10
"""Players per leaderboard page."""
MIN_RATED_GAMES = 3
"""Rated games a player needs to be ranked on the leaderboard (fewer: listed apart, their
rating is still mostly a guess)."""
HISTORY_SIZE = 10
"""Finished games ``/game history`` lists."""


@dataclass(frozen=True)
class Rating:
    """openskill's ``mu`` and ``sigma``; ``ordinal`` (mu − 3 sigma) is the shown, conservative
    rating: the player is very likely at least this strong. ``games``: rated games."""

    mu: float
    sigma: float
    ordinal: float
    games: int


@dataclass(frozen=True)
class Player:
    """A rated player: a user (``user_id``) or an AI level (``name``, e.g. ``"AI hard"``)."""

    user_id: int | None
    name: str

    @classmethod
    def of(cls, key: str) -> Player:
        return cls(int(key), key) if key.isdigit() else cls(None, key)

    @classmethod
    def of_ai(cls, level: str) -> Player:
        """An AI level as a rated player (every AI seat of that level is one player)."""
        return cls.of(ai_player(level))


@dataclass(frozen=True)
class SoloRecord:
    """A solo game's result: its ``title`` (empty when lost) and ``rounds`` if the game counts
    them, and when it ended."""

    title: str
    rounds: int | None
    won: bool
    ended_at: float


@dataclass(frozen=True)
class KindStats:
    """A player's record in one game kind: games ``played`` (every finished one), ``won``,
    ``average_place`` and ``best_place`` over games with places (``None``: none), the current
    ``rating`` (``None``: no rated game), ``history``: the rating (ordinal) after each rated
    game, oldest first, and the solo ``records``, best first."""

    kind: str
    title: str
    played: int
    won: int
    average_place: float | None
    best_place: int | None
    rating: Rating | None
    history: tuple[float, ...]
    records: tuple[SoloRecord, ...]


@dataclass(frozen=True)
class PlayerStats:
    player: Player
    kinds: tuple[KindStats, ...]

    @property
    def played(self) -> int:
        return sum(k.played for k in self.kinds)


@dataclass(frozen=True)
class Standing:
    position: int
    player: Player
    rating: Rating


@dataclass(frozen=True)
class Leaderboard:
    """One page of a server's leaderboard of one kind: ``ranked`` players (``MIN_RATED_GAMES``
    rated games or more) and those with fewer (``newcomers``, not ranked)."""

    kind: str
    title: str
    page: int
    pages: int
    ranked: tuple[Standing, ...]
    newcomers: tuple[Standing, ...]
    min_games: int


@dataclass(frozen=True)
class FinishedGame:
    """A finished game for the history: each seat's ``Player`` with its counted place (``None``
    for a co-operative outcome) and whether it won, the outcome's kind, a solo title."""

    game_id: int
    kind: str
    title: str
    channel_id: int
    ended_at: float
    outcome: str
    seats: tuple[tuple[Player, int | None, bool], ...]
    solo_title: str
    board_message: int | None


def _rating(r: RatingRow) -> Rating:
    return Rating(r.mu, r.sigma, r.ordinal, r.games)


def kind_stats(kind: str, title: str, rating: RatingRow | None, rows: list[ResultRow]) -> KindStats:
    places = [r.place for r in rows if r.place is not None and r.outcome != "solo"]
    solos = [r for r in rows if r.outcome == "solo"]
    records = sorted(
        (SoloRecord(r.title, r.rounds, r.won, r.ended_at) for r in solos),
        key=lambda s: (not s.won, s.rounds if s.rounds is not None else 1 << 30, -s.ended_at),
    )
    return KindStats(
        kind=kind,
        title=title,
        played=len(rows),
        won=sum(1 for r in rows if r.won),
        average_place=sum(places) / len(places) if places else None,
        best_place=min(places) if places else None,
        rating=None if rating is None else _rating(rating),
        history=tuple(
            r.mu - 3 * r.sigma for r in rows if r.rated and r.mu is not None and r.sigma is not None
        ),
        records=tuple(records),
    )


class Records:
    """Statistics, leaderboards and the history of a server (see the module)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db

    def _title(self, kind: str) -> str:
        try:
            return self.store.plugin(kind).title
        except BadOptionError:
            return kind

    async def stats(
        self,
        guild_id: int,
        player: int | str,
        kind: str | None = None,
        *,
        channels: Collection[int] | None = None,
    ) -> PlayerStats:
        """``player``'s record in this server (a user id, or an AI level's name ``"AI hard"``),
        per game kind (only ``kind`` if given); no kinds when they have no finished game.
        ``channels``: only games played in these count (games, wins, places, records, the
        rating after each game); the current rating stays the player's, from every game (as
        the leaderboard shows it: docs/ratings.md)."""
        ratings, results = await self.db.records.player_record(
            guild_id, str(player), kind, channels
        )
        by_kind = {r.kind: r for r in ratings}
        kinds = sorted({r.kind for r in results}, key=lambda k: -sum(r.kind == k for r in results))
        return PlayerStats(
            Player.of(str(player)),
            tuple(
                kind_stats(k, self._title(k), by_kind.get(k), [r for r in results if r.kind == k])
                for k in kinds
            ),
        )

    async def stats_channels(
        self, guild_id: int, player: int | str, kind: str | None = None
    ) -> set[int]:
        """The channels of ``player``'s finished games in this server (of ``kind`` if given):
        the cog tells which of them the asker may view (:meth:`stats` ``channels``)."""
        return await self.db.records.player_channels(guild_id, str(player), kind)

    async def leaderboard(self, guild_id: int, kind: str, page: int = 0) -> Leaderboard:
        """Page ``page`` (from 0; clamped to the last) of the server's leaderboard of ``kind``."""
        page = max(0, page)
        ranked, total, newcomers = await self.db.records.leaderboard(
            guild_id, kind, min_games=MIN_RATED_GAMES, offset=page * PAGE_SIZE, limit=PAGE_SIZE
        )
        pages = max(1, -(-total // PAGE_SIZE))
        if page >= pages:  # a page gone since it was shown: the last one
            page = pages - 1
            ranked, total, newcomers = await self.db.records.leaderboard(
                guild_id, kind, min_games=MIN_RATED_GAMES, offset=page * PAGE_SIZE, limit=PAGE_SIZE
            )
        return Leaderboard(
            kind=kind,
            title=self._title(kind),
            page=page,
            pages=pages,
            ranked=tuple(
                Standing(page * PAGE_SIZE + i + 1, Player.of(r.player), _rating(r))
                for i, r in enumerate(ranked)
            ),
            newcomers=tuple(Standing(0, Player.of(r.player), _rating(r)) for r in newcomers),
            min_games=MIN_RATED_GAMES,
        )

    async def history(self, guild_id: int, limit: int = HISTORY_SIZE) -> list[FinishedGame]:
        """The server's newest finished games, newest first."""
        out = []
        for g in await self.db.records.finished_games(guild_id, limit=limit):
            first = g.results[0] if g.results else None
            out.append(
                FinishedGame(
                    game_id=g.game_id,
                    kind=g.kind,
                    title=self._title(g.kind),
                    channel_id=g.channel_id,
                    ended_at=g.ended_at,
                    outcome=first.outcome if first else "ranking",
                    seats=tuple((Player.of(r.player), r.place, r.won) for r in g.results),
                    solo_title=first.title if first else "",
                    board_message=g.board_message,
                )
            )
        return out
