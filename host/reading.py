"""Reading: status, views, the log, a user's games, and the outbox of announcements.

Secrets stay with their owners: the public view for the channel, a player's own view only for
that player, and a secret action shown to everyone else only in its public form.
"""

from __future__ import annotations

import dataclasses
from typing import cast

from engine import text
from engine.core import JSON, Event, Seat, redact
from host.errors import BadOptionError, NotAPlayerError
from host.games import Store
from host.model import GameStatus, LogEntry, MoveBy, Notify, PrivateView, Status, UserGame
from render.i18n import N_
from storage import codec
from storage.claims import DELIVER
from storage.db import Database
from storage.rows import NOTIFY, EventRow, OutboxRow, StepMessage

LOCALE_FRESH = 60.0
"""With a shared database, seconds a user's language read from it is trusted (another process
may see the user in another language meanwhile: a language changed in Discord shows in the
DMs of every process within this time)."""


def log_entry(row: EventRow, viewer: Seat | None) -> LogEntry:
    """One move as ``viewer`` may see it: events redacted for the viewer's seat, and a secret
    move of another seat reduced to its public events (no notation, no label)."""
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


class Reading:
    """Read-only calls (and the outbox bookkeeping of deliveries)."""

    store: Store
    db: Database
    locales: dict[int, tuple[str | None, float]]
    """Users' Discord languages as read or written (:meth:`user_locale`), and when."""

    async def game_in_channel(self, channel_id: int, *, peek: bool = False) -> GameStatus | None:
        """The game in its lobby or in play in ``channel_id``, or ``None``. ``peek``: from the
        games in memory when it is there, as it is (see ``Store.get``), for what only shows."""
        game_id = self.store.open_in_channel(channel_id) if peek else None
        if game_id is None:
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
            raise NotAPlayerError(N_("You are not playing in this game, so you have no hand here."))
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
        rows = await self.db.events.events(game_id, after=after, limit=max(0, limit), newest=True)
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

    # -- the outbox --------------------------------------------------------------------------

    async def unsent(self, game_id: int) -> list[OutboxRow]:
        """The versions of the game whose announcement has not been sent, oldest first."""
        return await self.db.outbox.unsent(game_id)

    async def games_with_unsent(self) -> list[int]:
        """Every game with an announcement still to send (after a restart)."""
        return await self.db.outbox.games_with_unsent()

    async def claim(self, game_id: int, through: int, run: str) -> list[int]:
        """Claim the game's unsent announcements up to ``through`` for ``run`` before sending
        them (exactly once: see ``storage.outbox``); returns the versions an earlier run had
        claimed, which may have gone out already."""
        return await self.db.outbox.claim(game_id, through, run, self.store.clock.now())

    async def claim_delivery(self, game_id: int) -> bool:
        """Claim the sending of the game's outbox for this process (``False``: another live
        process is sending it now). Held until :meth:`release_delivery`, or until its lease
        runs out should this process die; claiming again renews it."""
        store, now = self.store, self.store.clock.now()
        return await self.db.claims.take_claim(
            DELIVER,
            game_id,
            store.owner,
            now=now,
            lease=store.lease,
            expired_before=store.expired_before(now),
        )

    async def release_delivery(self, game_id: int) -> None:
        """The game's announcements are sent: another process may send the next ones."""
        await self.db.claims.release_claim(DELIVER, game_id, self.store.owner)

    async def mark_sent(self, game_id: int, through: int, board_message: int | None = None) -> None:
        """The announcements of the game up to version ``through`` have been sent (with the
        board message posted for ``through``, if any)."""
        await self.db.outbox.mark_sent(game_id, through, self.store.clock.now(), board_message)

    async def notes(self, game_id: int, after: int) -> list[tuple[int, str, str]]:
        """``(version, by, note)``: why the moves after version ``after`` were not their
        players' (timeouts, AIs), oldest first."""
        return await self.db.outbox.notes(game_id, after)

    async def last_board(self, game_id: int) -> int | None:
        """The newest version whose board was posted in the channel."""
        return await self.db.outbox.last_board(game_id)

    async def set_notified(
        self,
        game_id: int,
        seat: Seat,
        token: int | None,
        message_id: int | None,
        key: str | None = None,
    ) -> None:
        """The decision (``token``, its ``key``) last sent privately to the seat's player, and
        the DM that carried it (``None``: a private reply, or nothing)."""
        async with self.store.lock(game_id):  # counted in order with the game's moves
            lg = await self.store.get(game_id)
            await self.db.outbox.set_notified(game_id, seat, token, message_id, key)
            self.store.wrote(lg)
            lg.seats = tuple(
                dataclasses.replace(
                    s, notified_token=token, notified_message=message_id, notified_key=key
                )
                if s.seat == seat
                else s
                for s in lg.seats
            )

    async def quiet_versions(self, game_id: int, after: int) -> set[int]:
        """The versions after ``after`` whose moves nobody tells (a standing order's answer)."""
        return await self.db.outbox.quiet_versions(game_id, after)

    async def step_message(self, game_id: int) -> StepMessage | None:
        """The channel's status message of the game's simultaneous step, if one is known."""
        return await self.db.outbox.step_message(game_id)

    async def set_step_message(self, game_id: int, step: StepMessage | None) -> None:
        """Remember the step's status message (``None``: the step is over)."""
        await self.db.outbox.set_step_message(step, game_id)

    async def user_locale(self, user: int) -> str | None:
        """``user``'s Discord language as last seen (``None``: never seen). Kept in memory once
        read or written: every interaction and every DM asks for it. With a shared database it
        is read again after :data:`LOCALE_FRESH` seconds: another process may have seen the
        user's new language."""
        now = self.store.clock.now()
        known = self.locales.get(user)
        if known is None or (self.store.shared and now - known[1] > LOCALE_FRESH):
            known = self.locales[user] = (await self.db.people.user_locale(user), now)
        return known[0]

    async def remember_locale(self, user: int, locale: str) -> None:
        """Remember ``user``'s Discord language when it changed (a write only on a change)."""
        locale = locale.strip()[:16]
        if locale and await self.user_locale(user) != locale:
            await self.db.people.set_user_locale(user, locale)
            self.locales[user] = (locale, self.store.clock.now())

    async def notify_setting(self, user: int) -> Notify:
        """How ``user`` wants to be told of their decisions (``dm`` unless they chose)."""
        value = await self.db.people.notify_setting(user)
        return cast(Notify, value if value in NOTIFY else "dm")

    async def set_notify_setting(self, user: int, notify: str) -> Notify:
        """``user``'s choice (``dm``, ``mention``, ``both``, ``none``), for all their games."""
        if notify not in NOTIFY:
            raise BadOptionError(
                N_("`{value}` is not a notification setting: choose one of {known}."),
                value=notify,
                known=", ".join(f"`{n}`" for n in NOTIFY),
            )
        await self.db.people.set_notify_setting(user, notify)
        return cast(Notify, notify)
