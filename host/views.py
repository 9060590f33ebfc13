"""Views: a game's status, its public view and a player's own, the log of its moves, a user's
games.

Secrets stay with their owners: the public view for the channel, a player's own view only for
that player, and a secret action shown to everyone else only in its public form.
"""

from __future__ import annotations

import contextlib
from typing import cast

from engine import text
from engine.core import JSON, Event, Seat, redact
from host.errors import HostError
from host.games import Store
from host.model import GameStatus, LogEntry, MoveBy, PrivateView, Status, UserGame
from host.recent import past_of
from host.refusing import not_seated
from render.i18n import N_
from storage import codec, undo
from storage.rows import EventRow


def log_entry(row: EventRow, viewer: Seat | None) -> LogEntry:
    """One move as ``viewer`` may see it: events redacted for the viewer's seat, and a secret
    move of another seat reduced to its public events (no notation, no label)."""
    first = undo.back_to(row.action)
    if first is not None:  # moves taken back (issue 46): told by the presentation's edge
        return LogEntry(
            version=row.seq,
            seat=row.seat,
            user_id=row.user_id,
            notation=row.action,
            label=text.from_json(row.label),
            by=cast(MoveBy, row.by),
            events=(),
            at=row.at,
            undoes=first,
        )
    events = cast(list[Event], codec.loads(row.events))
    secret = row.secret and viewer != row.seat
    return LogEntry(
        version=row.seq,
        seat=row.seat,
        user_id=row.user_id,
        notation="" if secret else row.action,
        label="" if secret else text.from_json(row.label),
        by=cast(MoveBy, row.by),
        events=tuple(redact(e, viewer) for e in events),
        at=row.at,
        secret=secret,
    )


class Views:
    """What a game shows, to whom."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db

    async def game_in_channel(self, channel_id: int, *, peek: bool = False) -> GameStatus | None:
        """The game in its lobby or in play in ``channel_id``, or ``None``. ``peek``: from the
        games in memory when it is there, as it is (see ``Store.get``), for what only shows.

        A game in memory open in the channel is the one (a channel has one open game at most):
        once its copy is checked (``Store.get``) and still open there, no statement looks for
        it."""
        kept = self.store.open_in_channel(channel_id)
        if kept is not None:
            with contextlib.suppress(HostError):
                lg = await self.store.get(kept, peek=peek)
                if lg.row.channel_id == channel_id and lg.row.status in ("lobby", "active"):
                    return self.store.status(lg)
        game_id = await self.db.games.open_game_in_channel(channel_id)
        if game_id is None:
            return None
        return self.store.status(await self.store.get(game_id, peek=peek))

    async def games_in_guild(self, guild_id: int) -> list[GameStatus]:
        """The server's open tables and games in play (``/game list``), newest first."""
        return [await self.status(g) for g in await self.db.games.open_games_in_guild(guild_id)]

    async def last_game_in_channel(self, channel_id: int) -> GameStatus | None:
        """The newest game of ``channel_id`` whatever its status (the open one when there is
        one, else the one that ended last), or ``None``; read from the database."""
        game_id = await self.db.games.newest_game_in_channel(channel_id)
        return None if game_id is None else await self.status(game_id)

    async def status(
        self, game_id: int, *, channel_id: int | None = None, guild_id: int | None = None
    ) -> GameStatus:
        """Lobby/active/finished/cancelled, seats, whose turn, the deadline."""
        return self.store.status(await self.store.get(game_id, channel_id, guild_id))

    async def snapshot(self, game_id: int) -> tuple[GameStatus, dict[str, JSON] | None]:
        """The game's status and its public view at the same version, read together (no other
        move can come in between): a board's words and its image describe the same moment.
        The view is ``None`` before the start and for a game whose state cannot be read."""
        lg = await self.store.get(game_id)
        status = self.store.status(lg)
        readable = not lg.damaged and lg.state is not None
        return status, lg.public if readable else None

    async def public_view(
        self, game_id: int, *, channel_id: int | None = None, guild_id: int | None = None
    ) -> dict[str, JSON]:
        """The public view (for the channel and spectators)."""
        lg = await self.store.get(game_id, channel_id, guild_id)
        self.store.require_started(lg)
        return lg.public

    async def private_view(
        self, game_id: int, user: int, *, guild_id: int | None = None
    ) -> PrivateView:
        """``user``'s own view (their hand included); deliver it only to that user."""
        lg = await self.store.get(game_id, None, guild_id)
        self.store.require_started(lg)
        seat = lg.seat_of(user)
        if seat is None:
            raise not_seated(
                lg, user, N_("You are not playing in this game, so you have no hand here.")
            )
        return PrivateView(seat.seat, user, lg.game.view(lg.state, seat.seat))

    async def log(
        self,
        game_id: int,
        viewer: int | None = None,
        *,
        limit: int = 10,
        after: int = 0,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> list[LogEntry]:
        """The last ``limit`` moves after version ``after``, oldest first, as ``viewer`` (a user
        id; ``None`` or a non-player sees the public log) may see them."""
        lg = await self.store.get(game_id, channel_id, guild_id)
        seat_row = None if viewer is None else lg.seat_of(viewer)
        seat = None if seat_row is None else seat_row.seat
        past = await past_of(self.store, lg)
        rows = None if past is None else past.events_after(after, max(0, limit))
        if rows is None:
            rows = await self.db.events.events(
                game_id, after=after, limit=max(0, limit), newest=True
            )
        return [log_entry(r, seat) for r in rows]

    async def games_of_user(self, user: int) -> list[UserGame]:
        """The lobbies and games in play where ``user`` has a seat (for "my games")."""
        pairs = await self.db.games.games_of_user(user)
        return [
            UserGame(
                game_id=g.id,
                guild_id=g.guild_id,
                channel_id=g.channel_id,
                kind=g.kind,
                status=cast(Status, g.status),
                seat=s.seat,
                is_waiting_on_you=s.waiting_since is not None,
                deadline=g.deadline if s.waiting_since is not None else None,
            )
            for g, s in pairs
        ]
