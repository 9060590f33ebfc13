"""Decisions: what a player may decide now (the buttons and menus of their decision, the
autocomplete of ``/move``), what the rules play if they let it time out, and the standing
order that answers a game's optional windows for them in advance."""

from __future__ import annotations

import dataclasses

from host.deadlines import plan, schedule_of, write_schedule
from host.errors import BadOptionError
from host.games import Store
from host.model import MAX_ACTION_TEXT, MAX_CHOICES, Choice, ChoicePage, GameStatus, SeatDecision
from render import i18n
from render.i18n import N_

WINDOW_ORDERS = ("ask", "never")
"""Standing orders for optional windows besides ``after:<seat>``."""


class Decisions:
    """A seat's decision as the bot offers it, and its standing orders."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def legal_choices(
        self,
        game_id: int,
        user: int,
        typed: str = "",
        *,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> ChoicePage:
        """Autocomplete: ``user``'s legal actions whose label (in the current language, or
        English) or notation contains ``typed`` (case-insensitive), in the game's order: the
        first 25 and how many match in all. Raises the same errors as :meth:`act` when the
        user cannot move. Read from the game in memory as it is (never waits for a lock or,
        once the game is loaded, for the database): the move itself is checked."""
        lg = await self.store.get(game_id, channel_id, guild_id, peek=True)
        seat = self.store.require_mover(lg, user)
        game, state = lg.game, lg.state
        needle = typed.strip().lower()[:MAX_ACTION_TEXT]
        out: list[Choice] = []
        total = 0
        for action in lg.legal_of(seat.seat):
            notation = game.format_action(action)
            if len(out) == MAX_CHOICES and (not needle or needle in notation.lower()):
                total += 1  # counted only: no label needed
                continue
            label = game.describe_action(state, seat.seat, action)
            said = i18n.say(label, lg.row.kind)  # what the player reads, in their language
            if needle in notation.lower() or needle in said.lower() or needle in label.lower():
                total += 1
                if len(out) < MAX_CHOICES:
                    out.append(Choice(label=label, notation=notation))
        return ChoicePage(tuple(out), total)

    async def decision(
        self, game_id: int, user: int, *, guild_id: int | None = None
    ) -> SeatDecision:
        """What ``user`` may decide now, for buttons and menus (every legal choice, labelled);
        ``kind`` is ``None`` when they have no decision (or the game is not in play)."""
        lg = await self.store.get(game_id, None, guild_id)
        seat = lg.seat_of(user)
        if seat is None or lg.row.status != "active" or lg.damaged or seat.resigned:
            return SeatDecision(-1 if seat is None else seat.seat, None, 0, False, None, ())
        pending = lg.pending
        decision = pending.of(seat.seat)
        if decision is None:
            return SeatDecision(seat.seat, None, seat.token, False, None, ())
        choices = lg.choices_of(seat.seat)
        waited = seat.seat in pending.waited
        return SeatDecision(
            seat.seat,
            decision.kind,
            seat.token,
            waited,
            lg.row.deadline if waited else None,
            choices,
            decision.key,
            decision.origin,
        )

    async def rules_default(self, game_id: int, user: int) -> str | None:
        """The notation of what the rules play if ``user`` lets their pending decision time
        out (a window's decline), or ``None``. A player whose only legal action is this one has
        nothing to decide (the bot does not ping them)."""
        lg = await self.store.get(game_id)
        seat = lg.seat_of(user)
        if lg.row.status != "active" or lg.damaged or seat is None or seat.resigned:
            return None
        action = lg.pending.default(seat.seat)
        return None if action is None else lg.game.format_action(action)

    async def set_window_order(
        self, game_id: int, user: int, order: str, *, guild_id: int | None = None
    ) -> GameStatus:
        """The user's standing order for optional windows (e.g. a building permit): ``ask``
        (every time), ``never`` (let every window pass), or ``after:<seat>`` (only after that
        seat's turns). Windows already open are answered by the scheduler at once."""
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id, None, guild_id)
            seat = self.store.require_seat(lg, user)
            if order not in WINDOW_ORDERS:
                _, _, rest = order.partition("after:")
                valid = order.startswith("after:") and rest.isascii() and rest.isdigit()
                if not valid or int(rest) >= len(lg.seats) or int(rest) == seat.seat:
                    raise BadOptionError(
                        N_("Choose `ask`, `never`, or `after:<seat>` naming another player's seat.")
                    )
            await self.store.write(
                lg,
                self.store.db.games.set_window_order(
                    game_id, seat.seat, order, revision=lg.row.revision
                ),
            )
            lg.seats = tuple(
                dataclasses.replace(s, window_order=order) if s.seat == seat.seat else s
                for s in lg.seats
            )
            schedule = plan(lg, lg.seats, lg.state, self.store.clock.now(), self.store.pace)
            if schedule.next_due is not None and (
                lg.row.next_due is None or schedule.next_due < lg.row.next_due
            ):
                keep = dataclasses.replace(schedule_of(lg), next_due=schedule.next_due)
                await write_schedule(self.store, lg, keep, self.store.clock.now())
            return self.store.status(lg)
