"""Replays: a game shown again step by step, rebuilt from its seed and event log.

A game is its seed and its list of moves (``engine.core.replay``), so any earlier moment can be
rebuilt: nothing is read from posted images. A replay shows what the spectators saw: the
public view at each step and the moves that led there as the public log tells them. Only a
finished game whose presentation says the rules reveal the hands at the end
(``Presentation.replay_reveals``) tells each move as its own player saw it.

The steps are the moments the channel got a board: a checkpoint, the end, each time a new
decision of someone other than the mover began (or a window opened), and each undo (its moves
stay where they were played, and the undo's step shows the board without them, "taken back");
a player's several decisions in a row make one step, as they make one board. A running game is
replayed up to its current move. Replaying is fast because each game's track is cached (the
state of every :data:`KEEP_EVERY`-th step and the current one) and extended by the moves made
since.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, cast

from engine.core import JSON, Game, Seat
from host.errors import GameNotActiveError
from host.games import Loaded, Store
from host.model import GameStatus, LogEntry
from host.pending import Pending, continues, pending_of
from host.views import log_entry
from render.i18n import N_
from storage import undo
from storage.rows import EventRow, SeatChange

KEEP_EVERY = 8
"""A state is kept every this many steps; a step is at most this many steps' moves away."""
CACHED_GAMES = 8
"""Replays kept in memory (the least recently watched goes first)."""


@dataclass(frozen=True)
class Replayable:
    """A game of a server that can be replayed (it has a board): its id, kind, status, and
    the channel it is played in."""

    game_id: int
    kind: str
    status: str
    channel_id: int


@dataclass(frozen=True)
class ReplayMark:
    """One step in short, for a menu: its number (from 0), the game's version then and the
    moves that led to it (as the replay tells them)."""

    index: int
    version: int
    entries: tuple[LogEntry, ...]


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: the public view at ``version`` and the moves since the step
    before (``entries``, oldest first; none at the deal). ``count``: the steps there are (a
    running game's grow); ``revealed``: the moves are told as their players saw them (a
    finished game whose rules reveal the hands at the end)."""

    status: GameStatus
    index: int
    count: int
    version: int
    view: dict[str, JSON]
    entries: tuple[LogEntry, ...]
    revealed: bool
    changes: tuple[SeatChange, ...] = ()
    """The seats that changed hands in this step (before its moves, or at the end of the last
    step); ``status.seats`` name who held each seat by then."""

    @property
    def is_last(self) -> bool:
        return self.index == self.count - 1


@dataclass
class Track:
    """A game replayed so far: its moves, where each step ends, and some states."""

    game: Game[Any, Any]
    version: int
    state: Any
    pending: Pending
    rows: list[EventRow] = field(default_factory=list)
    steps: list[int] = field(default_factory=lambda: [0])
    """The version at which each step ends (step 0 is the deal, version 0)."""
    kept: dict[int, Any] = field(default_factory=dict)
    """Step index -> its state, every :data:`KEEP_EVERY`-th step."""

    @classmethod
    def begin(cls, game: Game[Any, Any], start: Any) -> Track:
        """A game's track at the deal (version 0, step 0), to :meth:`extend` with its moves."""
        return cls(game, 0, start, pending_of(game, start), kept={0: start})

    def extend(self, rows: list[EventRow]) -> None:
        """Apply the moves after ``version`` (in order); a step ends where the channel got a
        board."""
        game = self.game
        for row in rows:
            if row.seq != self.version + 1:
                raise GameNotActiveError(N_("This game's log has a gap; it cannot be replayed."))
            self.rows.append(row)
            if undo.back_to(row.action) is not None:  # a board showed the moves taken back
                state, checkpoint = self.after(self.state, row), True
            else:
                transition = game.apply(self.state, row.seat, game.parse_action(row.action))
                state, checkpoint = transition.state, transition.checkpoint
            after = pending_of(game, state)
            over = after.over or game.outcome(state) is not None
            self.version, self.state = row.seq, state
            if is_step(self.pending, after, row.seat, checkpoint=checkpoint, over=over):
                self.steps.append(row.seq)
                if (len(self.steps) - 1) % KEEP_EVERY == 0:
                    self.kept[len(self.steps) - 1] = self.state
            self.pending = after

    def state_at(self, index: int) -> Any:
        """The state at the end of step ``index``."""
        version = self.steps[index]
        if version == self.version:
            return self.state
        base = index - index % KEEP_EVERY
        state = self.kept[base]
        for row in self.rows[self.steps[base] : version]:
            state = self.after(state, row)
        return state

    def after(self, state: Any, row: EventRow) -> Any:
        """The state after ``row`` (one of :attr:`rows`) from the state before it: a move
        applied, or, for an undo (issue 46), the deal replayed with the moves still standing
        then (the moves it took back shown where they were made, then the board without
        them)."""
        game = self.game
        if undo.back_to(row.action) is None:
            return game.apply(state, row.seat, game.parse_action(row.action)).state
        state = self.kept[0]
        for move in undo.live(self.rows[: row.seq]):
            state = game.apply(state, move.seat, game.parse_action(move.action)).state
        return state


def is_step(before: Pending, after: Pending, mover: Seat, *, checkpoint: bool, over: bool) -> bool:
    """Whether a move ends a step of the replay: as the host posts boards for players
    (``host.moves``): at the end, at a checkpoint, when a new decision of someone other than
    the mover begins, or a window opens; not while the same decision goes on."""
    if over or checkpoint:
        return True
    if continues(before, after) or not after.waited:
        return False
    window = any(d.kind == "window" for d in after.decisions)
    return window or after.waited != {mover}


def holders_at(
    status: GameStatus, changes: list[SeatChange], first: int, end: int, *, last: bool
) -> tuple[GameStatus, tuple[SeatChange, ...]]:
    """The seat changes of the step whose moves run from version ``first`` to ``end`` (made
    at a version from ``first`` up to before ``end``; the last step also has those made after
    its moves), and ``status`` with each seat's holder by then (a change still to come
    undone)."""
    shown = tuple(c for c in changes if first <= c.version < end or (last and c.version >= end))
    if not changes:
        return status, shown
    seats = {s.seat: s for s in status.seats}
    for change in reversed(changes):
        if change.version < end or last:
            break
        seats[change.seat] = dataclasses.replace(
            seats[change.seat], user_id=change.from_user, ai=change.from_ai
        )
    return dataclasses.replace(status, seats=tuple(seats.values())), shown


class Replays:
    """Games shown again, step by step (a cache of replayed games)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db
        self._tracks: OrderedDict[int, Track] = OrderedDict()
        self._track_locks: dict[int, asyncio.Lock] = {}

    async def _track(self, game_id: int, guild_id: int | None) -> tuple[Loaded, Track]:
        """The game, replayed up to its current version (from the cache, extended)."""
        lg = await self.store.get(game_id, None, guild_id)
        self.store.require_readable(lg)
        if lg.row.status == "lobby" or lg.state is None:
            raise GameNotActiveError(
                N_("Game #{game} has not been dealt yet, so there is nothing to replay."),
                game=game_id,
            )
        lock = self._track_locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            version = lg.row.version
            track = self._tracks.get(game_id)
            if track is None or track.game is not lg.game or track.version > version:
                game = lg.game
                row = lg.row
                variants = cast(dict[str, JSON], dict(lg.options.variants))
                start = game.new_game(row.seed, row.players, variants)
                track = Track.begin(game, start)
            if track.version < version:
                rows = await self.db.events.events(game_id, after=track.version)
                rows = [r for r in rows if r.seq <= version]
                await asyncio.to_thread(track.extend, rows)
            self._tracks[game_id] = track
            self._tracks.move_to_end(game_id)
            while len(self._tracks) > CACHED_GAMES:
                self._tracks.popitem(last=False)
        return lg, track

    async def _entries(
        self, lg: Loaded, track: Track, indices: list[int]
    ) -> tuple[dict[int, tuple[LogEntry, ...]], bool]:
        """The moves of each step in ``indices`` as the replay tells them, and whether they are
        revealed (the hands and secret moves of a finished game whose rules show them)."""
        revealed = lg.row.status == "finished" and lg.plugin.presentation.replay_reveals
        quiet = await self.db.outbox.quiet_versions(lg.row.id, 0)
        out: dict[int, tuple[LogEntry, ...]] = {}
        for index in indices:
            first = track.steps[index - 1] if index > 0 else 0
            rows = track.rows[first : track.steps[index]]
            out[index] = tuple(
                log_entry(r, r.seat if revealed else None) for r in rows if r.seq not in quiet
            )
        return out, revealed

    async def step(self, game_id: int, index: int, *, guild_id: int | None = None) -> ReplayStep:
        """Step ``index`` of the game's replay (``-1``: the last, the game as it is now; an
        index past the end is the last step). ``guild_id``: where the request comes from (a
        game of another server is "no such game")."""
        lg, track = await self._track(game_id, guild_id)
        count = len(track.steps)
        index = count - 1 if index < 0 or index >= count else index
        state = await asyncio.to_thread(track.state_at, index)
        view = lg.game.view(state, None)
        entries, revealed = await self._entries(lg, track, [index])
        status, changes = holders_at(
            self.store.status(lg),
            await self.db.seats.changes(game_id),
            track.steps[index - 1] if index > 0 else 0,
            track.steps[index],
            last=index == count - 1,
        )
        return ReplayStep(
            status=status,
            index=index,
            count=count,
            version=track.steps[index],
            view=view,
            entries=entries[index],
            revealed=revealed,
            changes=changes,
        )

    async def marks(
        self, game_id: int, indices: list[int], *, guild_id: int | None = None
    ) -> list[ReplayMark]:
        """The steps ``indices`` in short (for a menu); indices out of range are left out."""
        lg, track = await self._track(game_id, guild_id)
        wanted = [i for i in indices if 0 <= i < len(track.steps)]
        entries, _ = await self._entries(lg, track, wanted)
        return [ReplayMark(i, track.steps[i], entries[i]) for i in wanted]

    async def frames(
        self, game_id: int, *, guild_id: int | None = None
    ) -> tuple[GameStatus, list[dict[str, JSON]]]:
        """The public view at every step, in order (an animation's frames)."""
        lg, track = await self._track(game_id, guild_id)
        game = lg.game

        def views() -> list[dict[str, JSON]]:
            out = [game.view(track.kept[0], None)]
            state, step = track.kept[0], 1
            for row in track.rows:
                if step >= len(track.steps):
                    break
                state = track.after(state, row)
                if row.seq == track.steps[step]:
                    out.append(game.view(state, None))
                    step += 1
            return out

        return self.store.status(lg), await asyncio.to_thread(views)

    async def games(self, guild_id: int, limit: int = 25) -> list[Replayable]:
        """The server's games that have a board, newest first, with their channel (the cog
        lists only those the asker may view)."""
        return [Replayable(*g) for g in await self.db.games.started_games_in_guild(guild_id, limit)]

    async def game_to_replay(self, channel_id: int) -> GameStatus | None:
        """The game ``/game replay`` shows by default in a channel: the last one finished
        there, else the one in play, else ``None``."""
        game_id = await self.db.games.last_finished_in_channel(channel_id)
        if game_id is None:
            game_id = await self.db.games.open_game_in_channel(channel_id)
        return None if game_id is None else self.store.status(await self.store.get(game_id))
