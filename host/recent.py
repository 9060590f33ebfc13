"""A game's recent past kept with its copy in memory: its last events and outbox rows, the
newest board sent and the step's status message, so a move's delivery (the board's words, the
quiet moves, the notes, what is unsent, the private lines) reads no statement (issue 43).

It is read once (``db.outbox.recent``, one hop) when a delivery first needs it, then kept
exact by the writes this process makes: a move appends its event and outbox row, a delivery
marks its rows sent, a step's message is remembered. It lives on the game's
:class:`host.games.Loaded`, so it goes when the copy goes: when another process wrote the game
(every write of a game's events, outbox rows and step message counts one more revision, so a
copy checked against the database has an exact past too), when a write may have landed
unseen, or when the game leaves the cache. A read of older versions than it holds goes to the
database as before.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from storage.outbox import Recent, Sent
from storage.rows import EventRow, OutboxRow, StepMessage

if TYPE_CHECKING:
    from host.games import Loaded, Store

KEEP = 8
"""Versions kept at least (a player's "what was played for you" looks back as far)."""
MOST = 256
"""Versions kept at most: past it, the oldest are dropped even when a read might want them."""


@dataclass
class Past:
    """Every event and outbox row of the game after version ``since`` (each row up to it was
    sent), up to ``version``."""

    version: int
    since: int
    events: list[EventRow]
    rows: list[OutboxRow]
    last_board: int | None
    step: StepMessage | None

    @classmethod
    def of(cls, found: Recent) -> Past:
        return cls(
            found.version,
            found.since,
            list(found.events),
            list(found.rows),
            found.last_board,
            found.step,
        )

    # -- reads (``None``: older than what is kept: ask the database) --------------------------

    def events_after(self, after: int, limit: int) -> list[EventRow] | None:
        """The last ``limit`` events after ``after``, oldest first."""
        if limit <= 0:
            return []
        found = [e for e in self.events if e.seq > after]
        if after >= self.since or len(found) >= limit:
            return found[-limit:]
        return None

    def quiet_after(self, after: int) -> set[int] | None:
        if after < self.since:
            return None
        return {r.version for r in self.rows if r.version > after and r.quiet}

    def notes_after(self, after: int) -> list[tuple[int, str, str]] | None:
        if after < self.since:
            return None
        by = {e.seq: e.by for e in self.events}
        return [
            (r.version, by[r.version], r.note)
            for r in self.rows
            if r.version > after and r.note != "" and r.version in by
        ]

    def unsent(self) -> list[OutboxRow]:
        return [r for r in self.rows if r.sent_at is None]

    # -- this process's writes ---------------------------------------------------------------

    def moved(self, event: EventRow, row: OutboxRow) -> bool:
        """A move was committed; ``False``: it does not follow what is kept (drop it)."""
        if event.seq != self.version + 1 or row.version != event.seq:
            return False
        self.version = event.seq
        self.events.append(event)
        self.rows.append(row)
        return True

    def sent(self, sent: Sent) -> None:
        """Versions up to ``sent.through`` were announced."""
        self.rows = [
            dataclasses.replace(r, sent_at=sent.now)
            if r.sent_at is None and r.version <= sent.through
            else r
            for r in self.rows
        ]
        boards = [r.version for r in self.rows if r.board and r.sent_at is not None]
        if sent.board_message is not None:  # a board posted for ``through`` tells up to it
            boards.append(sent.through)
        if boards and (self.last_board is None or max(boards) > self.last_board):
            self.last_board = max(boards)
        self._trim()

    def _trim(self) -> None:
        unsent = [r.version for r in self.rows if r.sent_at is None]
        since = self.version - KEEP
        if self.last_board is not None:
            since = min(since, self.last_board)
        if unsent:
            since = min(since, unsent[0] - 1)
        since = max(self.since, since, self.version - MOST)
        if unsent:
            since = min(since, unsent[0] - 1)  # an unsent row is never dropped
        if since > self.since:
            self.since = since
            self.events = [e for e in self.events if e.seq > since]
            self.rows = [r for r in self.rows if r.version > since]


async def past_of(store: Store, lg: Loaded) -> Past | None:
    """The game's recent past, read once and kept with ``lg`` (``None``: a lobby, a damaged
    game, or a read that crossed a write: the caller asks the database)."""
    if lg.past is not None:
        return lg.past
    if lg.state is None:
        return None
    found = await store.db.outbox.recent(lg.row.id, KEEP)
    if found is None or (found.version, found.revision) != (lg.row.version, lg.row.revision):
        return None  # the copy and the database differ, or a write of ours crossed the read
    if store.cached(lg.row.id) is not lg:
        return None
    lg.past = Past.of(found)
    return lg.past
