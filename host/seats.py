"""Seats that change hands (issue 46): a seat handed to another member (``/game seat replace``), a
seat whose player left marked as looking for a player (``/game seat seek``), and a seat claimed by a
member (``/game seat claim``, or the button of ``/game list``): one that looks for a player, or an
AI seat of a table opened with ``claimable_ai``.

The engine never knows: the seat number stays, only the person behind it changes, so a game is
still its seed and its moves. Each change is recorded beside the event log (``seat_changes``,
at the game's version), so a replay tells it where it happened. The new player takes the seat
as a player who plays it: not resigned, not AI-controlled, no timeouts, no standing order; when
the game waits on the seat, their decision starts a fresh time per move. Their private
messages start afresh too (the old player's open message is the bot's to close: the returned
:class:`Handover` carries the seat as it was).

Who may do what (docs/host.md): the seat's own player hands it to anyone; a server manager
hands over a seat whose player is gone (resigned, replaced by the AI after timeouts, looking
for a player, or no longer in the server: the bot says, ``absent``) and a claimable AI seat;
the creator, a server manager or any player still playing marks a seat whose player left as
looking for a player. Nobody takes a second seat at one table; the bot refuses bots and
members who cannot see the game's channel before it asks the host.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from host.deadlines import plan, schedule_of, scheduled, seat_update
from host.errors import (
    AlreadySeatedError,
    BadOptionError,
    GameNotActiveError,
    HostError,
    PermissionDeniedError,
)
from host.games import Loaded, Store
from host.model import GameStatus, SeatInfo
from host.refusing import not_seated
from render.i18n import N_
from storage.rows import SeatChange, SeatRow

How = Literal["handed", "claimed"]
AI_STAYS = N_(
    "Seat {seat} is an AI seat of a table opened without claimable AI seats: it stays the AI's."
)
"""Why an AI seat cannot be taken (claimed, or handed over by a manager)."""


@dataclass(frozen=True)
class Handover:
    """A seat that changed hands: the game now (``status``), the seat as it was (``before``:
    its player, or its AI, and the private message that carried their decision), who has it
    now (``to_user``), who did it (``by_user``) and ``how``."""

    status: GameStatus
    before: SeatInfo
    to_user: int
    by_user: int
    how: How

    @property
    def after(self) -> SeatInfo:
        return next(s for s in self.status.seats if s.seat == self.before.seat)


class Seats:
    """Hand-overs, seats looking for a player, claims (see the module)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def replace(
        self,
        game_id: int,
        user: int,
        to_user: int,
        *,
        seat: int | None = None,
        is_manager: bool = False,
        absent: bool = False,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> Handover:
        """Hand ``seat`` (default: ``user``'s own) to ``to_user``. ``is_manager``: ``user`` may
        manage the server; ``absent``: the seat's player is no longer in the server."""
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id, channel_id, guild_id)
            self._require_in_play(lg)
            if seat is None:
                target = lg.seat_of(user)
                if target is None:
                    raise not_seated(
                        lg,
                        user,
                        N_(
                            "You have no seat in this game to hand over (a server manager can "
                            "name a seat with `seat:`)."
                        ),
                    )
            else:
                target = self._seat(lg, seat)
            if target.user_id != user:
                if not is_manager:
                    raise PermissionDeniedError(
                        N_("Only the seat's own player or a server manager can hand it over.")
                    )
                self._require_gone(lg, target, absent)
            if target.user_id == to_user:
                raise AlreadySeatedError(N_("That seat is already theirs."))
            self._require_unseated(lg, to_user, other=to_user != user)
            return await self._hand(lg, target, to_user, user, "handed")

    async def claim(
        self,
        game_id: int,
        user: int,
        seat: int | None = None,
        *,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> Handover:
        """``user`` takes ``seat`` (default: the first the game offers), one that looks for a
        player or an AI seat of a table opened with ``claimable_ai``."""
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id, channel_id, guild_id)
            self._require_in_play(lg)
            self._require_unseated(lg, user, other=False)
            offered = self.store.status(lg).open_seats
            if seat is None:
                if not offered:
                    raise HostError(N_("No seat of game #{game} looks for a player."), game=game_id)
                target = self._seat(lg, offered[0].seat)
            else:
                target = self._seat(lg, seat)
                if target.seat not in {s.seat for s in offered}:
                    if target.ai is not None:
                        raise PermissionDeniedError(AI_STAYS, seat=target.seat + 1)
                    raise HostError(
                        N_("Seat {seat} does not look for a player."), seat=target.seat + 1
                    )
            return await self._hand(lg, target, user, user, "claimed")

    async def seek(
        self,
        game_id: int,
        user: int,
        seat: int,
        *,
        looking: bool = True,
        is_manager: bool = False,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> GameStatus:
        """Mark ``seat`` as looking for a player (``looking=False``: no longer). Its player
        must have left it (resigned, or the AI took it over after timeouts); the creator, a
        server manager or any player still playing may."""
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id, channel_id, guild_id)
            self._require_in_play(lg)
            own = lg.seat_of(user)
            playing = own is not None and not own.resigned
            if not (is_manager or user == lg.row.creator_id or playing):
                raise PermissionDeniedError(
                    N_(
                        "Only the game's players, its creator or a server manager can look for "
                        "a player for a seat."
                    )
                )
            target = self._seat(lg, seat)
            if looking:
                if target.ai is not None:
                    raise BadOptionError(
                        N_(
                            "Seat {seat} is an AI seat: only a table opened with claimable AI "
                            "seats offers those."
                        ),
                        seat=seat + 1,
                    )
                if not target.ai_controlled:
                    raise PermissionDeniedError(
                        N_(
                            "<@{player}> still plays seat {seat}: a seat looks for a player "
                            "only once its player left it (resigned, or the AI took over "
                            "after timeouts)."
                        ),
                        player=target.user_id,
                        seat=seat + 1,
                    )
            if target.seeking != looking:
                await self.store.write(
                    lg,
                    self.store.db.seats.set_seeking(
                        game_id, seat, looking, revision=lg.row.revision
                    ),
                )
                lg.seats = tuple(
                    dataclasses.replace(s, seeking=looking) if s.seat == seat else s
                    for s in lg.seats
                )
            return self.store.status(lg)

    async def changes(self, game_id: int) -> list[SeatChange]:
        """The game's seat changes, in order (a replay tells them)."""
        return await self.store.db.seats.changes(game_id)

    # -- checks and the change itself ----------------------------------------------------------

    def _require_in_play(self, lg: Loaded) -> None:
        if lg.row.status == "lobby":
            raise GameNotActiveError(
                N_(
                    "The game has not started: seats change in the lobby (`/game join`, "
                    "`/game leave`)."
                )
            )
        self.store.require_active(lg)

    @staticmethod
    def _seat(lg: Loaded, seat: int) -> SeatRow:
        if not 0 <= seat < len(lg.seats):
            raise BadOptionError(
                N_("Game #{game} has seats 1 to {last}."), game=lg.row.id, last=len(lg.seats)
            )
        return lg.seat(seat)

    @staticmethod
    def _require_gone(lg: Loaded, target: SeatRow, absent: bool) -> None:
        """A manager hands over only a seat whose player is gone, or a claimable AI seat."""
        if target.ai is not None:
            if not lg.options.claimable_ai:
                raise PermissionDeniedError(AI_STAYS, seat=target.seat + 1)
            return
        if not (target.resigned or target.ai_controlled or target.seeking or absent):
            raise PermissionDeniedError(
                N_(
                    "<@{player}> still plays seat {seat}: a server manager hands a seat over "
                    "only when its player is gone (resigned, replaced by the AI after timeouts, "
                    "or no longer in this server). They can hand it over themselves."
                ),
                player=target.user_id,
                seat=target.seat + 1,
            )

    @staticmethod
    def _require_unseated(lg: Loaded, user: int, *, other: bool) -> None:
        """One seat per person at a table (``other``: ``user`` is someone else than the one
        asking)."""
        if lg.seat_of(user) is None:
            return
        if other:
            raise AlreadySeatedError(
                N_("<@{player}> already has a seat in this game: one seat per player."),
                player=user,
            )
        raise AlreadySeatedError(N_("You already have a seat in this game."))

    async def _hand(
        self, lg: Loaded, target: SeatRow, to_user: int, by_user: int, how: How
    ) -> Handover:
        """``target`` goes to ``to_user``: written and recorded, the game runs on with it."""
        store = self.store
        before = store.infos(lg, [target.seat])[0]
        now = store.clock.now()
        former = target.former if target.user_id is None else (*target.former, target.user_id)
        former = tuple(u for u in former if u != to_user)
        new = dataclasses.replace(
            target,
            user_id=to_user,
            ai=None,
            ai_controlled=False,
            resigned=False,
            timeouts=0,
            seeking=False,
            former=former,
            notified_token=None,
            notified_message=None,
            notified_key=None,
            window_order="ask",
            away_until=None,  # the old player's away is theirs; the bank stays the seat's
        )
        seats = tuple(new if s.seat == target.seat else s for s in lg.seats)
        waited = lg.pending.waited
        if target.seat in waited:  # their decision: a fresh time per move for the new player
            quiets = await store.times.quiets(seats, waited)
            schedule = plan(lg, seats, lg.state, now, store.pace, quiets)
            seats = tuple(
                dataclasses.replace(s, waiting_since=now) if s.seat in waited else s for s in seats
            )
        else:
            schedule = schedule_of(lg)
        change = SeatChange(
            lg.row.id,
            0,
            lg.row.version,
            target.seat,
            target.user_id,
            target.ai,
            to_user,
            by_user,
            how,
            now,
        )
        await store.write(
            lg,
            store.db.seats.hand_over(
                change,
                former=former,
                seats=[seat_update(s) for s in seats],
                schedule=schedule,
                now=now,
                revision=lg.row.revision,
            ),
        )
        lg.row = dataclasses.replace(scheduled(lg.row, schedule), updated_at=now)
        lg.seats = seats
        return Handover(store.status(lg), before, to_user, by_user, how)


__all__ = ["Handover", "How", "Seats"]
