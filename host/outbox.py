"""The outbox of announcements: what each committed version must tell the channel and the
players, claimed, sent exactly once and marked; the private message that last told a seat of
its decision, and the status message of a step everyone decides at once."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field

from engine.core import Seat
from host.errors import HostError
from host.games import Loaded, Store
from host.recent import Past, past_of
from storage.claims import DELIVER
from storage.outbox import Sent, Told
from storage.rows import OutboxRow, StepMessage


@dataclass
class _Record:
    """What a delivery under way told the players and marked sent, not written yet."""

    told: dict[Seat, Told] = field(default_factory=dict)
    sent: Sent | None = None


class Outbox:
    """The bookkeeping of a game's deliveries."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db
        self._open: dict[int, _Record] = {}
        """game -> what its delivery under way recorded (:meth:`delivering`)."""
        self.started = store.clock.now()
        """When this process began: a version committed before was another run's."""

    @contextlib.asynccontextmanager
    async def delivering(self, game_id: int, *, claimed: bool = False) -> AsyncIterator[None]:
        """While a delivery of the game runs, what it tells the players (:meth:`set_notified`)
        and marks sent (:meth:`mark_sent`) is kept and written in one transaction when it ends,
        even when it fails (what went out went out): one commit for a delivery. ``claimed``:
        it holds the game's delivery claim (:meth:`claim_delivery`), given up in that same
        transaction."""
        if game_id in self._open:  # within another: that one writes
            yield
            return
        record = self._open[game_id] = _Record()
        with self.store.checked_once():  # one look at the game for the whole delivery
            try:
                yield
            finally:
                del self._open[game_id]
                await self._record(game_id, record, claimed)

    async def _record(self, game_id: int, record: _Record, claimed: bool) -> None:
        release = self.store.owner if claimed and self.store.shared else None
        if record.told or record.sent is not None or release is not None:
            async with self.store.lock(game_id):  # counted in order with the game's moves
                lg = await self.store.get(game_id)
                await self.db.outbox.record(game_id, record.told, record.sent, release=release)
                if release is not None:
                    self.store.released(DELIVER, game_id)
                if record.told or record.sent is not None:
                    self.store.wrote(lg)
                    _tell(lg, record.told)
                if record.sent is not None and lg.past is not None:
                    lg.past.sent(record.sent)

    async def _past(self, game_id: int) -> Past | None:
        """The game's recent past in memory (:mod:`host.recent`; ``None``: ask the database)."""
        try:
            lg = await self.store.get(game_id)
        except HostError:
            return None
        return await past_of(self.store, lg)

    async def unsent(self, game_id: int) -> list[OutboxRow]:
        """The versions of the game whose announcement has not been sent, oldest first."""
        past = await self._past(game_id)
        return past.unsent() if past is not None else await self.db.outbox.unsent(game_id)

    async def games_with_unsent(self) -> list[int]:
        """Every game with an announcement still to send (after a restart)."""
        return await self.db.outbox.games_with_unsent()

    async def claim_delivery(self, game_id: int) -> bool:
        """Claim the sending of the game's outbox for this process (``False``: another live
        process is sending it now). Held until the delivery ends (:meth:`delivering` with
        ``claimed``), or until its lease runs out should this process die; claiming again
        renews it."""
        return await self.store.take_claim(DELIVER, game_id)

    async def mark_sent(self, game_id: int, through: int, board_message: int | None = None) -> None:
        """The announcements of the game up to version ``through`` have been sent (with the
        board message posted for ``through``, if any)."""
        sent = Sent(through, self.store.clock.now(), board_message)
        record = self._open.get(game_id)
        if record is not None:
            record.sent = sent
        else:
            await self._record(game_id, _Record(sent=sent), claimed=False)

    def left_behind(self, rows: Sequence[OutboxRow]) -> bool:
        """Whether a process that died may have sent some of these unsent ``rows`` already (its
        board posted, not recorded): one committed before this process began, or one nobody
        sent for longer than a claim's lease (the process that committed it held its delivery,
        and it would have been taken over only once that lease ran out)."""
        stale = self.store.clock.now() - self.store.lease
        return any(r.created_at < self.started or r.created_at <= stale for r in rows)

    async def shown(self, game_id: int, through: int, board_message: int) -> None:
        """The board ``board_message``, which tells the versions up to ``through``, is in the
        channel already (posted by a process that died before recording it): they are marked
        sent with it at once, so the next board tells only what follows."""
        sent = Sent(through, self.store.clock.now(), board_message)
        await self._record(game_id, _Record(sent=sent), claimed=False)  # the past in memory too

    async def notes(self, game_id: int, after: int) -> list[tuple[int, str, str]]:
        """``(version, by, note)``: why the moves after version ``after`` were not their
        players' (timeouts, AIs), oldest first."""
        past = await self._past(game_id)
        found = None if past is None else past.notes_after(after)
        return found if found is not None else await self.db.outbox.notes(game_id, after)

    async def last_board(self, game_id: int) -> int | None:
        """The newest version whose board was posted in the channel."""
        past = await self._past(game_id)
        return past.last_board if past is not None else await self.db.outbox.last_board(game_id)

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
        told = {seat: Told(token, message_id, key)}
        async with self.store.lock(game_id):  # counted in order with the game's moves
            lg = await self.store.get(game_id)
            record = self._open.get(game_id)
            if record is not None:  # written when the delivery ends
                record.told.update(told)
            else:
                await self.db.outbox.record(game_id, told, None)
                self.store.wrote(lg)
            _tell(lg, told)

    async def quiet_versions(self, game_id: int, after: int) -> set[int]:
        """The versions after ``after`` whose moves nobody tells (a standing order's answer)."""
        past = await self._past(game_id)
        found = None if past is None else past.quiet_after(after)
        return found if found is not None else await self.db.outbox.quiet_versions(game_id, after)

    async def step_message(self, game_id: int) -> StepMessage | None:
        """The channel's status message of the game's simultaneous step, if one is known."""
        past = await self._past(game_id)
        return past.step if past is not None else await self.db.outbox.step_message(game_id)

    async def set_step_message(self, game_id: int, step: StepMessage | None) -> None:
        """Remember the step's status message (``None``: the step is over)."""
        async with self.store.lock(game_id):  # counted in order with the game's moves
            lg = self.store.cached(game_id)
            await self.db.outbox.set_step_message(step, game_id)
            if lg is not None:
                self.store.wrote(lg)
                if lg.past is not None:
                    lg.past.step = step


def _tell(lg: Loaded, told: Mapping[Seat, Told]) -> None:
    """The decisions last told to seats, in the game in memory."""
    lg.seats = tuple(
        dataclasses.replace(
            s,
            notified_token=told[s.seat].token,
            notified_message=told[s.seat].message_id,
            notified_key=told[s.seat].key,
        )
        if s.seat in told
        else s
        for s in lg.seats
    )
