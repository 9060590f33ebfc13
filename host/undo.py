"""Undo by Board Game Arena's policy (issue 46, item 3).

A player may take back their last move at once while nobody else has acted since (**free**);
after another seat acted, only when every other player agrees (**the table**: one refusal,
a move by anyone, or :data:`VOTE_SECONDS` without an answer ends the request, refused). Never
when a move to take back showed anything new: the engine says which moves may be taken back
(:meth:`engine.core.Game.undoable`: a draw, a reveal, a die or a secret move never), so no one
can see something and choose again. AI seats never ask.

The state after an undo is the replay of the seed and the moves not taken back. The log keeps
everything: the undo is a row of its own (:mod:`storage.undo`), committed like a move (a new
version, its board, fresh deadlines for the decisions it gives back).

A vote that ends without a click (a move by anyone, or its time ran out) is closed by the bot:
:meth:`Undos.watching` tells from memory, with no query, which games have one
(:meth:`Undos.watch` reads the stored ones at start), :meth:`Undos.lapsed` which ran out, and
:meth:`Undos.close` drops one that is over and gives the vote to show as over.
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass
from typing import Any, cast

from engine import text
from engine.core import JSON, Seat
from host.deadlines import plan, seat_update
from host.errors import HostError, NotAPlayerError
from host.games import Loaded, Store
from host.model import MoveResult
from host.moves import Moves
from host.pending import pending_of, tokens
from render.i18n import N_
from storage import codec, undo
from storage.claims import DELIVER
from storage.rows import EventRow, MoveWrite
from storage.undo import UndoRequest

VOTE_SECONDS = 6 * 3600.0
"""How long the table has to answer a request; silence after that counts as a refusal."""


class UndoRefusedError(HostError):
    """Nothing may be taken back now, or not without the table: ``table`` says whether asking
    the table could take it back (another seat acted since, nothing was revealed)."""

    def __init__(self, message: str, /, *, table: bool = False, **values: object) -> None:
        super().__init__(message, **values)
        self.table = table


@dataclass(frozen=True)
class Plan:
    """What an undo would take back: the moves from ``back_to`` on (``moves`` of them, the
    first being the asker's ``label``), and the state before them."""

    seat: Seat
    back_to: int
    moves: int
    label: str
    state: Any

    @property
    def free(self) -> bool:
        return self.moves == 1


@dataclass(frozen=True)
class UndoVote:
    """A request to the table as it stands: ``seat`` asks to take back from ``back_to`` on (the
    move ``label``); ``voters`` must all agree, ``agreed`` did; ``refused_by`` ended it (a
    seat), ``lapsed``: ran out or the game moved on; ``result``: the undo, once agreed."""

    game_id: int
    channel_id: int
    version: int
    seat: Seat
    back_to: int
    label: str
    """The asker's move to take back, as its log row keeps it (``engine.text`` JSON)."""
    voters: tuple[Seat, ...]
    agreed: tuple[Seat, ...]
    expires_at: float
    message_id: int | None = None
    refused_by: Seat | None = None
    lapsed: bool = False
    result: MoveResult | None = None

    @property
    def open(self) -> bool:
        return self.result is None and self.refused_by is None and not self.lapsed


class Undos:
    """``host.undos``: take back, ask the table, vote (see the module)."""

    def __init__(self, store: Store, moves: Moves) -> None:
        self.store = store
        self.moves = moves
        self._votes: dict[int, tuple[int, float]] = {}
        """The open votes this process knows, by game: the version asked at and when the vote
        runs out (those it asked, and at start every stored one: :meth:`watch`)."""

    async def watch(self) -> None:
        """Every stored vote, to be closed when it lapses (at start)."""
        for request in await self.store.db.undos.every():
            self._votes[request.game_id] = (request.version, request.expires_at)

    def watching(self, game_id: int) -> bool:
        """Whether ``game_id`` may have an open vote (from memory, no query): after its moves
        the bot asks :meth:`close` whether the vote is over."""
        return game_id in self._votes

    def lapsed(self, now: float) -> list[int]:
        """The games whose known vote ran out by ``now``."""
        return [game_id for game_id, (_, ends) in self._votes.items() if now >= ends]

    def next_lapse(self) -> float | None:
        """When the next known vote runs out (``None``: none open)."""
        return min((ends for _, ends in self._votes.values()), default=None)

    async def close(self, game_id: int) -> UndoVote | None:
        """The game's vote, dropped and returned as over (``lapsed``) when the game moved on or
        it ran out; ``None`` when it is still open or there is none (answered meanwhile)."""
        self._votes.pop(game_id, None)  # back below if still open: a failure is not retried
        async with self.store.lock(game_id):
            request = await self.store.db.undos.get(game_id)
            if request is None:
                return None
            try:
                lg = await self.store.get(game_id)
            except HostError:  # the game is gone: nothing to show the vote in
                await self._drop(game_id, request.version)
                return None
            if self._live(lg, request, self.store.clock.now()):
                self._votes[game_id] = (request.version, request.expires_at)
                return None
            await self._drop(game_id, request.version)
            return await self._asked(lg, request, self._voters(lg, request.seat), lapsed=True)

    async def take_back(
        self, game_id: int, user: int, *, channel_id: int | None = None, guild_id: int | None = None
    ) -> MoveResult:
        """Take back ``user``'s last move, which nobody answered yet; else
        :class:`UndoRefusedError` (``table``: the table may be asked)."""
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id, channel_id, guild_id)
            seat = self._asker(lg, user)
            found = await self._plan(lg, seat)
            if not found.free:
                raise UndoRefusedError(
                    N_(
                        "Another player has acted since your move, so it can only be taken "
                        "back if the whole table agrees."
                    ),
                    table=True,
                )
            return await self._commit(lg, found, vote=False)

    async def ask(
        self, game_id: int, user: int, *, channel_id: int | None = None, guild_id: int | None = None
    ) -> UndoVote:
        """Ask the table to take back ``user``'s last move and what followed it. With nobody
        to ask (the others are AIs), it is taken back at once (``result``)."""
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id, channel_id, guild_id)
            seat = self._asker(lg, user)
            found = await self._plan(lg, seat)
            voters = self._voters(lg, seat)
            now = self.store.clock.now()
            current = await self.store.db.undos.get(game_id)
            if current is not None and self._live(lg, current, now):
                raise UndoRefusedError(N_("The table is already voting on an undo."))
            if not voters:
                result = await self._commit(lg, found, vote=True)
                return self._vote(lg, found, (), (), now, result=result)
            request = UndoRequest(
                game_id, lg.row.version, seat, found.back_to, now, now + VOTE_SECONDS
            )
            await self.store.db.undos.put(request)
            self._votes[game_id] = (request.version, request.expires_at)
            return self._vote(lg, found, voters, (), request.expires_at)

    async def vote(
        self, game_id: int, user: int, version: int, agree: bool, *, guild_id: int | None = None
    ) -> UndoVote:
        """``user``'s answer to the request asked at ``version``: a refusal ends it; the last
        agreement takes the moves back (``result``)."""
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id, None, guild_id)
            request = await self.store.db.undos.get(game_id)
            now = self.store.clock.now()
            if request is None or request.version != version:
                raise UndoRefusedError(N_("This undo vote is over."))
            voters = self._voters(lg, request.seat)
            mine = lg.seat_of(user)
            # The asker may withdraw the request (refuse), not agree to it.
            if mine is None or mine.seat not in (*voters, *([request.seat] if not agree else [])):
                raise NotAPlayerError(N_("Only the other players vote on this undo."))
            if not self._live(lg, request, now):
                await self._drop(game_id, version)
                return await self._asked(lg, request, voters, lapsed=True)
            if not agree:
                await self._drop(game_id, version)
                return await self._asked(lg, request, voters, refused_by=mine.seat)
            agreed = tuple(sorted({*request.agreed, mine.seat}))
            if not set(voters) <= set(agreed):
                await self.store.db.undos.agree(game_id, version, agreed)
                return await self._asked(lg, dataclasses.replace(request, agreed=agreed), voters)
            try:
                found = await self._plan(lg, request.seat)
            except UndoRefusedError:
                await self._drop(game_id, version)
                return await self._asked(lg, request, voters, lapsed=True)
            result = await self._commit(lg, found, vote=True)
            await self._drop(game_id, version)
            return self._vote(lg, found, voters, agreed, request.expires_at, result=result)

    async def _drop(self, game_id: int, version: int) -> None:
        """The vote asked at ``version`` is over: gone from the database and from memory."""
        await self.store.db.undos.drop(game_id, version)
        self._votes.pop(game_id, None)

    async def posted(self, game_id: int, version: int, message_id: int) -> None:
        """The vote's message in the channel (so a restart edits the same one)."""
        await self.store.db.undos.posted(game_id, version, message_id)

    # -- the plan ----------------------------------------------------------------------------

    def _asker(self, lg: Loaded, user: int) -> Seat:
        seat = self.store.require_player(lg, user)
        return seat.seat

    @staticmethod
    def _voters(lg: Loaded, asker: Seat) -> tuple[Seat, ...]:
        """The players who must agree: every other seat a person holds (AIs never vote)."""
        return tuple(
            s.seat for s in lg.seats if s.seat != asker and s.user_id is not None and not s.resigned
        )

    @staticmethod
    def _live(lg: Loaded, request: UndoRequest, now: float) -> bool:
        return request.version == lg.row.version and now < request.expires_at

    async def _plan(self, lg: Loaded, seat: Seat) -> Plan:
        """What taking back ``seat``'s last move would do, or :class:`UndoRefusedError`: the
        game replayed from its seed and the moves not taken back, and every move from the
        seat's last one on asked of the engine."""
        rows = undo.live(await self.store.db.events.events(lg.row.id))
        mine = next((i for i in range(len(rows) - 1, -1, -1) if rows[i].seat == seat), None)
        if mine is None or rows[mine].by != "player":
            raise UndoRefusedError(N_("You have no move of your own to take back."))
        game = lg.game
        variants = cast(dict[str, JSON], dict(lg.options.variants))

        def replay() -> tuple[Any, bool]:
            state = game.new_game(lg.row.seed, lg.row.players, variants)
            for row in rows[:mine]:
                state = game.apply(state, row.seat, game.parse_action(row.action)).state
            before, allowed = state, True
            for row in rows[mine:]:
                action = game.parse_action(row.action)
                after = game.apply(state, row.seat, action).state
                allowed = (
                    allowed and not row.secret and game.undoable(state, row.seat, action, after)
                )
                state = after
            return before, allowed

        before, allowed = await asyncio.to_thread(replay)
        if not allowed:
            raise UndoRefusedError(
                N_(
                    "That can't be taken back: something new was revealed since (a card "
                    "drawn, a tile, a secret choice), and nobody may see it and choose again."
                )
            )
        label = rows[mine].label
        return Plan(seat, rows[mine].seq, len(rows) - mine, label, before)

    # -- the commit --------------------------------------------------------------------------

    async def _commit(self, lg: Loaded, found: Plan, *, vote: bool) -> MoveResult:
        """Write the undo as a move of its own: its log row (``↩ <first>``), the state before
        the moves taken back, fresh deadlines for what it waits on, a board."""
        game, row = lg.game, lg.row
        state = found.state
        now = self.store.clock.now()
        version = row.version + 1
        after = pending_of(game, state)
        new_tokens, legal = tokens(game, lg.state, state, lg.seats, version, lg.legal)
        seats = tuple(
            dataclasses.replace(
                s,
                token=new_tokens.get(s.seat, s.token),
                waiting_since=now if s.seat in after.waited else None,
            )
            for s in lg.seats
        )
        quiets = await self.store.times.quiets(seats, after.waited)
        plan_ = plan(lg, seats, state, now, self.store.pace, quiets)
        events = [{"type": "TakenBack", "back_to": found.back_to, "moves": found.moves}]
        asker = lg.seat(found.seat)
        event_row = EventRow(
            game_id=row.id,
            seq=version,
            seat=found.seat,
            user_id=asker.user_id,
            by="player",
            action=undo.notation(found.back_to),
            label=found.label,
            events=codec.dumps([{**e, "vote": vote} for e in events]),
            at=now,
            secret=False,
        )
        write = MoveWrite(
            game_id=row.id,
            expected_version=row.version,
            expected_revision=row.revision,
            event=event_row,
            snapshot=codec.encode_state(row.kind, game.state_to_json(state)),
            status="active",
            outcome=None,
            schedule=plan_,
            seats=tuple(seat_update(s) for s in seats),
            at=now,
            note="",
            board=True,
            quiet=False,
            claim=self.store.claim_for_move(DELIVER, now),
        )
        refused = N_("The game moved on meanwhile; nothing was taken back.")
        await self.moves.commit(lg, write, seats, state, legal, refused=refused)
        return MoveResult(
            game_id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            version=version,
            seat=found.seat,
            user_id=asker.user_id,
            notation=event_row.action,
            label=text.from_json(found.label),
            by="player",
            next_to_act=self.store.infos(lg, sorted(after.waited)),
            deadline=plan_.deadline,
            outcome=None,
            board=True,
        )

    # -- votes as they stand -----------------------------------------------------------------

    def _vote(
        self,
        lg: Loaded,
        found: Plan,
        voters: tuple[Seat, ...],
        agreed: tuple[Seat, ...],
        expires_at: float,
        *,
        result: MoveResult | None = None,
    ) -> UndoVote:
        version = lg.row.version - 1 if result is not None else lg.row.version
        return UndoVote(
            lg.row.id,
            lg.row.channel_id,
            version,
            found.seat,
            found.back_to,
            found.label,
            voters,
            agreed,
            expires_at,
            result=result,
        )

    async def _asked(
        self,
        lg: Loaded,
        request: UndoRequest,
        voters: tuple[Seat, ...],
        *,
        refused_by: Seat | None = None,
        lapsed: bool = False,
    ) -> UndoVote:
        first = await self.store.db.events.events(lg.row.id, after=request.back_to - 1, limit=1)
        label = first[0].label if first else ""
        return UndoVote(
            lg.row.id,
            lg.row.channel_id,
            request.version,
            request.seat,
            request.back_to,
            label,
            voters,
            request.agreed,
            request.expires_at,
            message_id=request.message_id,
            refused_by=refused_by,
            lapsed=lapsed,
        )
