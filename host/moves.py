"""Moves: a player's action, and the one write path every move takes (a player's, an AI's, a
timeout's, a forced or standing-order one).

A move commits, in one transaction, its event row, the new snapshot, the game's schedule, the
seats (decision tokens, waiting times) and its row in the outbox (what the bot must announce).
Only after the commit does the in-memory game move on.
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from engine import text
from engine.core import GameOverError, RuleError, Seat, parse_legal
from engine.core import NotYourTurnError as EngineNotYourTurnError
from host import away, notes
from host.deadlines import ai_pace, is_immediate, schedule, schedule_of, scheduled, seat_update
from host.errors import (
    GameNotActiveError,
    HostError,
    InvalidMoveError,
    StaleVersionError,
    from_rule,
)
from host.games import Loaded, Store
from host.model import MAX_ACTION_TEXT, MoveBy, MoveResult, Status
from host.pending import continues, forced_seat, pending_of, standing_answers, tokens
from host.timing import spent
from render.i18n import L_, N_, NP_
from storage import codec
from storage.claims import DELIVER
from storage.rows import (
    EventRow,
    MoveWrite,
    OutboxRow,
    Schedule,
    SeatRow,
    VersionConflictError,
)

MAX_STANDING = 32
"""At most this many standing-order answers follow one move (each answers one seat of a window;
the scheduler answers any left over)."""


class Moves:
    """A player's move, and the one write path of every move (a player's, an AI's, a
    timeout's, a forced or standing-order one)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- a player's move -------------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        user: int,
        action: str | object,
        token: int | None = None,
        *,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> MoveResult:
        """Play one action for ``user``: notation text (``"play 6 d4"``) or an engine action.

        ``token`` is the decision token the user's button or menu was drawn for; if the user's
        decision changed since, :class:`StaleVersionError` is raised and nothing changes.
        """
        async with self.store.lock(game_id):
            # Several processes: the copy in memory is used as it is (no statement) and the
            # move's write is guarded by its revision; a refusal, or a write another process's
            # change refused, is tried once more on the copy compared with the database.
            optimistic = self.store.shared
            lg = await self.store.get(game_id, channel_id, guild_id, peek=optimistic)
            try:
                result, was_away = await self._act(lg, user, action, token)
            except HostError:
                if not optimistic:
                    raise
                fresh = await self.store.get(game_id, channel_id, guild_id)
                if fresh is lg:  # it was exact: the refusal stands
                    raise
                lg = fresh
                result, was_away = await self._act(lg, user, action, token)
            await self.play_automatic(lg)
        if was_away:
            await away.back(self.store, user)  # acting ends their away early, in every game
        return result

    async def _act(
        self, lg: Loaded, user: int, action: str | object, token: int | None
    ) -> tuple[MoveResult, bool]:
        """:meth:`act` on ``lg``, and whether its player was away until now (``/game away``):
        nothing is written when it raises."""
        seat = self.store.require_player(lg, user)
        if token is not None and token != seat.token:
            if await self._answered_by(lg, seat, token):
                raise StaleVersionError(
                    N_("That was already played: your earlier click counted."),
                    lg.row.version,
                    already=True,
                )
            raise StaleVersionError(self._stale(lg, seat), lg.row.version)
        if seat.seat not in lg.pending.deciders:
            raise self.store.not_your_turn(lg, seat.seat)
        parsed = self._parse(lg, seat.seat, action)
        was_away = seat.away_until is not None and seat.away_until > self.store.clock.now()
        updated = tuple(
            dataclasses.replace(s, timeouts=0, ai_controlled=False, away_until=None)
            if s.seat == seat.seat
            else s
            for s in lg.seats
        )
        result = await self.apply(lg, seat.seat, parsed, "player", updated, note="")
        return result, was_away

    async def _answered_by(self, lg: Loaded, seat: SeatRow, token: int) -> bool:
        """Whether the decision drawn at ``token`` was answered by the seat's player
        themselves: the first move after it is theirs (a second click on the same choices,
        however the game went on since)."""
        answer = await self.store.db.events.events(lg.row.id, after=token, limit=1)
        return bool(answer) and answer[0].seat == seat.seat and answer[0].by == "player"

    @staticmethod
    def _stale(lg: Loaded, seat: SeatRow) -> str:
        """Why a click drawn for an older decision plays nothing (not a second click)."""
        if seat.seat not in lg.pending.deciders:
            return N_("This choice is from a decision that is over; nothing was played.")
        return N_("The game has moved on since this was shown; nothing was played.")

    async def play_automatic(self, lg: Loaded) -> None:
        """Play at once, under the game's lock, what needs nobody to decide: what players
        answered in advance (standing orders for windows, ``standing_answers``: a window the
        move opened is announced waiting only on those still asked, and closes in this same call
        when all of them pass; nobody tells these answers) and a seat's only legal action on a
        table with ``auto_forced`` (:meth:`forced_move`), so no player is asked a decision that
        is then played for them and the move's board shows where the table really stands. Each
        is a move of its own (``by="auto"``)."""
        for _ in range(MAX_STANDING):
            if lg.row.status != "active":
                return
            answers = standing_answers(lg.seats, lg.pending)
            if answers:
                seat, action = answers[0]
                await self.apply(lg, seat, action, "auto", lg.seats, note="", quiet=True)
                continue
            if await self.forced_move(lg) is None:
                return

    async def forced_move(self, lg: Loaded) -> MoveResult | None:
        """The only legal action of the seat the game waits on, played for a human seat on a
        table with ``auto_forced``; ``None`` when there is none. An AI-controlled
        seat's move is its AI's (the scheduler's)."""
        seat = forced_seat(lg.options, lg.game, lg.state, lg.pending)
        if seat is None or lg.seat(seat).ai_controlled:
            return None
        (action,) = lg.legal_of(seat)
        row = lg.seat(seat)
        who = f"<@{row.user_id}>" if row.user_id is not None else (row.ai or L_("an AI"))
        note = notes.encode(
            N_("Only one move was possible for {who}, so it was played automatically."), who=who
        )
        return await self.apply(lg, seat, action, "auto", lg.seats, note=note)

    def _parse(self, lg: Loaded, seat: Seat, action: str | object) -> Any:
        game, state = lg.game, lg.state
        if not isinstance(action, str):
            if action not in lg.legal_of(seat):
                raise InvalidMoveError(N_("That move is not legal right now."))
            return action
        if len(action) > MAX_ACTION_TEXT:
            raise InvalidMoveError(
                NP_(
                    "That is too long to be a move ({count} character). Pick one from the "
                    "suggestions of `/move`.",
                    "That is too long to be a move ({count} characters). Pick one from the "
                    "suggestions of `/move`.",
                ),
                count=len(action),
                lists_legal=True,
            )
        try:
            return parse_legal(game, state, seat, action)
        except GameOverError as e:
            raise from_rule(GameNotActiveError, e, lg.row.kind) from None
        except EngineNotYourTurnError:
            raise self.store.not_your_turn(lg) from None
        except RuleError as e:
            raise from_rule(InvalidMoveError, e, lg.row.kind, lists_legal=True) from None

    # -- the one write path ----------------------------------------------------------------

    async def apply(
        self,
        lg: Loaded,
        seat: Seat,
        action: object,
        by: MoveBy,
        seats: tuple[SeatRow, ...],
        *,
        note: str,
        chooser: str | None = None,
        taken_over: bool = False,
        quiet: bool = False,
    ) -> MoveResult:
        """Apply ``action`` for ``seat`` and commit it (event, snapshot, schedule, seats and its
        outbox row, one transaction); ``quiet``: nobody tells this move (a standing order's
        answer)."""
        game, state, row = lg.game, lg.state, lg.row
        before = lg.pending
        label = game.describe_action(state, seat, action)
        secret = game.secret(state, seat, action)
        notation = game.format_action(action)
        try:
            transition = game.apply(state, seat, action)
        except RuleError as e:
            raise from_rule(InvalidMoveError, e, row.kind) from None
        new_state = transition.state
        now = self.store.clock.now()
        version = row.version + 1
        outcome = game.outcome(new_state)
        after = pending_of(game, new_state)
        over = outcome is not None or after.over
        going_on = not over and continues(before, after)
        new_tokens, legal_after = tokens(game, state, new_state, seats, version, lg.legal)
        if by == "player":
            seats = banked(lg, seats, seat, now)
        seats = tuple(
            dataclasses.replace(
                s,
                token=new_tokens.get(s.seat, s.token),
                waiting_since=(
                    None
                    if over or s.seat not in after.waited
                    else s.waiting_since
                    if going_on and s.waiting_since is not None
                    else now
                ),
            )
            for s in seats
        )
        if over:
            plan_ = Schedule(None, None, 0, None)
        else:
            plan_ = schedule(
                lg.options,
                after,
                now=now,
                keep=schedule_of(lg) if going_on else None,
                immediate=is_immediate(lg, seats, new_state),
                pace=ai_pace(seats, self.store.pace),
                seats=seats,
                quiets=await self.store.times.quiets(seats, after.waited),
            )
        window = any(d.kind == "window" for d in after.decisions)
        board = self._board(
            seats, seat, over, transition.checkpoint, going_on, after.waited, window
        )
        event_row = EventRow(
            game_id=row.id,
            seq=version,
            seat=seat,
            user_id=lg.seat(seat).user_id,
            by=by,
            action=notation,
            label=text.to_json(label),  # an engine's words keep their parts (issue 28)
            events=codec.dumps(list(transition.events)),
            at=now,
            secret=secret,
        )
        status: Status = "finished" if over else "active"
        outcome_bytes = None if outcome is None else codec.dumps(outcome.to_json())
        claim = self.store.claim_for_move(DELIVER, now)  # its delivery's: one commit for both
        write = MoveWrite(
            game_id=row.id,
            expected_version=row.version,
            expected_revision=row.revision,
            event=event_row,
            snapshot=codec.encode_state(row.kind, game.state_to_json(new_state)),
            status=status,
            outcome=outcome_bytes,
            schedule=plan_,
            seats=tuple(seat_update(s) for s in seats),
            at=now,
            note=note,
            board=board,
            quiet=quiet,
            claim=claim,
        )
        refused = N_("The board changed since this was shown; nothing was played: try again.")
        await self.commit(lg, write, seats, new_state, legal_after, refused=refused)
        return MoveResult(
            game_id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            version=version,
            seat=seat,
            user_id=lg.seat(seat).user_id,
            notation=notation,
            label=label,
            by=by,
            next_to_act=self.store.infos(lg, sorted(after.waited) if not over else []),
            deadline=plan_.deadline,
            outcome=outcome,
            board=board,
            note=notes.english(note),  # the stored note is the catalog's (host/notes.py)
            chooser=chooser,
            taken_over=taken_over,
        )

    async def commit(
        self,
        lg: Loaded,
        write: MoveWrite,
        seats: tuple[SeatRow, ...],
        state: Any,
        legal: dict[Seat, tuple[Any, ...]],
        *,
        refused: str,
    ) -> None:
        """Commit a move's rows (``write``: a move's, or an undo's, ``host.undo``) and only
        then move ``lg`` on to ``state`` (with ``seats`` and the legal actions ``legal``).
        Another process's write first: :class:`StaleVersionError` saying ``refused``."""
        row = lg.row
        try:
            took = await self.store.db.moves.commit_move(write)
        except asyncio.CancelledError:
            # The write may still land: forget the cached game so the next call reloads it.
            self.store.forget(row.id)
            raise
        except VersionConflictError:
            self.store.forget(row.id)
            raise StaleVersionError(refused, row.version) from None
        # Committed: now (and only now) the in-memory game moves on.
        if took and write.claim is not None:
            self.store.holds(write.claim, row.id)
        lg.row = dataclasses.replace(
            scheduled(row, write.schedule),
            version=write.event.seq,
            status=write.status,
            outcome=write.outcome,
            updated_at=write.at,
            revision=row.revision + 1,
        )
        lg.seats = seats
        lg.last_mover = write.event.seat
        lg.moved_to(state, legal)
        outbox = OutboxRow(
            row.id, write.event.seq, write.note, write.board, write.at, None, write.quiet
        )
        self.store.moved(lg, write.event, outbox)

    @staticmethod
    def _board(
        seats: tuple[SeatRow, ...],
        mover: Seat,
        over: bool,
        checkpoint: bool,
        going_on: bool,
        waited: frozenset[Seat],
        window: bool = False,
    ) -> bool:
        """Whether the channel gets a board for this move: at the end, at every checkpoint the
        game marks (a round, a reveal), and when a new decision of someone other than the mover
        begins, or a window opens (an optional chance, the mover's own included: the table sees
        the move and what it waits for, which may take as long as the window lasts). While
        only AIs play, a board per round is enough: when the turn order wraps."""
        if over or checkpoint:
            return True
        if going_on or not waited or (waited == {mover} and not window):
            return False
        if all(s.ai_controlled for s in seats):
            return min(waited) <= mover
        return True


def banked(lg: Loaded, seats: tuple[SeatRow, ...], mover: Seat, now: float) -> tuple[SeatRow, ...]:
    """``seats`` with the mover's time bank after their move in a decision the table timed
    (:func:`host.timing.spent`)."""
    row = lg.row
    if mover not in lg.pending.waited or row.turn_started is None:
        return seats
    if lg.pending.time_limit() is not None:
        return seats
    return tuple(
        dataclasses.replace(s, reserve=spent(lg.options, s, now - row.turn_started))
        if s.seat == mover
        else s
        for s in seats
    )
