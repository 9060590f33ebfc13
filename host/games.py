"""Games in memory: the cache, one lock per game, decoding, and the checks every call shares.

A game is decoded once and then updated by each move. When several bot processes share the
database (``shared``), a process compares its copy's revision with the stored one before every
use (one indexed read) and reads the game again when another process changed it: a stale copy is
never used to check a move. Within :meth:`Store.checked_once` (one delivery) the copy is
compared once, and every read of it shows that one revision. A stored state that cannot be decoded
(a damaged database) does not block its channel: the game loads as *damaged*, every call that
needs its state refuses with one clear sentence, and ``/game cancel`` still frees the channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import dataclasses
import logging
import os
import secrets
import socket
from collections import OrderedDict
from collections.abc import Awaitable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from engine.core import JSON, Game, Outcome, RuleError, Seat
from host.clock import Clock
from host.errors import (
    BadOptionError,
    GameDamagedError,
    GameNotActiveError,
    NoSuchGameError,
    NotAPlayerError,
    NotInLobbyError,
    NotYourTurnError,
    PermissionDeniedError,
    StaleVersionError,
    WrongChannelError,
)
from host.kept import Users
from host.model import Choice, Coach, GameStatus, SeatInfo, Status, TableOptions
from host.pending import Pending, pending_of
from host.recent import Past
from host.refusing import Closed, not_seated
from host.tableoptions import coaching_from_json, options_blob, options_from_json
from host.timing import Times, reserve_left
from plugins import GamePlugin, PluginResolver
from render import i18n
from render.i18n import N_
from storage import codec
from storage.claims import ALWAYS, DELIVER
from storage.db import Database
from storage.rows import (
    ClaimTake,
    EventRow,
    GameBundle,
    GameRow,
    OutboxRow,
    SeatRow,
    VersionConflictError,
)

log = logging.getLogger("host")

MAX_GAME_ID = 2**63 - 1
"""The largest id a game can have (both backends keep ids as signed 64-bit integers): a larger
one, as a forged button may carry, names no game rather than failing in the database."""


@dataclass
class Loaded:
    """A game as the host keeps it in memory; ``state`` is ``None`` in the lobby (and when the
    stored state could not be read: ``damaged``)."""

    row: GameRow
    seats: tuple[SeatRow, ...]
    options: TableOptions
    plugin: GamePlugin
    state: Any | None
    damaged: bool = False
    last_mover: Seat | None = None
    """The seat of the last move made since the game was loaded (``None``: not known)."""
    _pending: Pending | None = None
    _public: dict[str, JSON] | None = None
    _colours: dict[Seat, str] | None = None
    legal: dict[Seat, tuple[Any, ...]] = field(default_factory=dict)
    """Legal actions of the current state per seat, filled in as they are computed."""
    labelled: dict[Seat, tuple[Choice, ...]] = field(default_factory=dict)
    """The same, labelled (:meth:`choices_of`): a move's answer and delivery ask several times."""
    coaching: dict[int, Coach] = field(default_factory=dict)
    """Per user: joined to learn, hints used (kept in the options' JSON: :func:`options_blob`)."""
    past: Past | None = None
    """Its recent events and outbox rows, once a delivery asked (:mod:`host.recent`)."""

    @property
    def game(self) -> Game[Any, Any]:
        return self.plugin.engine

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def seat(self, number: Seat) -> SeatRow:
        return next(s for s in self.seats if s.seat == number)

    @property
    def pending(self) -> Pending:
        if self._pending is None:
            self._pending = pending_of(self.game, self.state)
        return self._pending

    @property
    def public(self) -> dict[str, JSON]:
        if self._public is None:
            self._public = self.game.view(self.state, None)
        return self._public

    def legal_of(self, seat: Seat) -> tuple[Any, ...]:
        """The seat's legal actions now (cached until the state changes)."""
        if seat not in self.legal:
            able = seat in self.pending.deciders
            self.legal[seat] = tuple(self.game.legal_actions(self.state, seat)) if able else ()
        return self.legal[seat]

    def choices_of(self, seat: Seat) -> tuple[Choice, ...]:
        """The seat's legal actions now, each with its label and notation (cached until the
        state changes: labels are English with their parts, the same in every language)."""
        if seat not in self.labelled:
            game, state = self.game, self.state
            self.labelled[seat] = tuple(
                Choice(game.describe_action(state, seat, a), game.format_action(a))
                for a in self.legal_of(seat)
            )
        return self.labelled[seat]

    def moved_to(self, state: Any, legal: dict[Seat, tuple[Any, ...]]) -> None:
        """The game moved on to ``state`` (whose legal actions per seat are ``legal``)."""
        self.state = state
        self._pending = None
        self._public = None
        self._colours = None
        self.legal = dict(legal)
        self.labelled = {}


_CHECKED: contextvars.ContextVar[set[int] | None] = contextvars.ContextVar(
    "vesuvius_checked", default=None
)
"""The games compared with the database in the current :meth:`Store.checked_once`."""
_PEEKING: contextvars.ContextVar[bool] = contextvars.ContextVar("vesuvius_peeking", default=False)
"""Inside :meth:`Store.peeking`."""


class Store:
    """The cache of loaded games, their locks, and the checks every host call shares."""

    def __init__(
        self,
        db: Database,
        clock: Clock,
        plugins: PluginResolver,
        cache_size: int = 5000,
        *,
        shared: bool = False,
        lease: float = 60.0,
        pace: float = 0.0,
    ) -> None:
        self.db = db
        self.clock = clock
        self.pace = pace
        """Seconds between AI moves once no human plays a game any more (every deadline the
        services plan reads it here)."""
        self.shared = shared
        """Several processes use the database: check copies before use, honour others' claims."""
        self.lease = lease
        """Seconds a claim (``storage.claims``) lasts unless released or renewed."""
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        """This process's name on its claims (the host and pid say which one to look at)."""
        self._plugins = plugins
        self._cache: OrderedDict[int, Loaded] = OrderedDict()
        self._cache_size = cache_size
        self._locks: dict[int, asyncio.Lock] = {}
        self._damaged_logged: set[int] = set()
        self._by_channel: dict[int, int] = {}
        """channel -> the game last found open in it (:meth:`open_in_channel`'s first guess)."""
        self._trusted: dict[int, int] = {}
        """game -> the revision its last move by this process left (:meth:`moved`)."""
        self._held: dict[tuple[str, int], float] = {}
        """(kind, game id) -> when this process's claim runs out (claims it took)."""
        self.users = Users(self)
        """Users' settings rows, kept (:class:`~host.kept.Users`)."""
        self.times = Times(self)
        """Users' timing: away, time zone, quiet hours (:mod:`host.timing`)."""

    # -- loading ---------------------------------------------------------------------------

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def plugin(self, kind: str) -> GamePlugin:
        try:
            return self._plugins(kind)
        except RuleError as e:
            raise BadOptionError(str(e)) from None

    def cached(self, game_id: int) -> Loaded | None:
        """The game's copy in memory as it is (``None``: not loaded), with no statement."""
        return self._cache.get(game_id)

    def open_in_channel(self, channel_id: int) -> int | None:
        """The id of the lobby or game in play in ``channel_id`` among the games in memory
        (``None``: none there, or not loaded): an answer that never waits for the database."""
        lg = self._cache.get(self._by_channel.get(channel_id, 0))
        open_ = ("lobby", "active")
        if lg is not None and lg.row.channel_id == channel_id and lg.row.status in open_:
            return lg.row.id
        for lg in reversed(self._cache.values()):
            if lg.row.channel_id == channel_id and lg.row.status in ("lobby", "active"):
                self._by_channel[channel_id] = lg.row.id
                return lg.row.id
        return None

    async def get(
        self,
        game_id: int,
        channel_id: int | None = None,
        guild_id: int | None = None,
        *,
        peek: bool = False,
    ) -> Loaded:
        """The game, loaded once. ``guild_id`` / ``channel_id``: the server and channel the
        request came from (``None``: a trusted place, e.g. a DM's button that names the game);
        a game of another server is "no such game" there, one of another channel is refused.
        ``peek``: the copy in memory as it is, not checked against the database (several
        processes: it may be a move behind; for what only shows, such as autocomplete)."""
        if not 0 < game_id <= MAX_GAME_ID:
            raise NoSuchGameError(N_("There is no game #{game}."), game=game_id)
        lg = self._cache.get(game_id)
        checked = _CHECKED.get()
        # A copy as this process's own move left it needs no look (:meth:`moved`).
        peek = peek or _PEEKING.get()
        if checked is not None and not peek and lg is not None and self._trusts(lg):
            checked.add(game_id)
        if lg is not None and self.shared and not peek and game_id not in (checked or ()):
            changed, fresh = await self.db.games.load_if_changed(game_id, lg.row.revision)
            if changed:
                self._cache.pop(game_id, None)
                if fresh is None:
                    raise NoSuchGameError(N_("There is no game #{game}."), game=game_id)
                lg = self._cache[game_id] = self._decode(fresh)
        if checked is not None and not peek:
            checked.add(game_id)
        if lg is None:
            bundle = await self.db.games.load_game(game_id)
            if bundle is None:
                raise NoSuchGameError(N_("There is no game #{game}."), game=game_id)
            lg = self._cache.setdefault(game_id, self._decode(bundle))
            self._evict()
        else:
            self._cache.move_to_end(game_id)
        if guild_id is not None and lg.row.guild_id != guild_id:
            raise NoSuchGameError(N_("There is no game #{game} in this server."), game=game_id)
        if channel_id is not None and lg.row.channel_id != channel_id:
            raise WrongChannelError(
                N_("Game #{game} is played in <#{channel}>, not in this channel."),
                game=game_id,
                channel=lg.row.channel_id,
            )
        return lg

    @contextlib.contextmanager
    def checked_once(self) -> Iterator[None]:
        """Within it (one delivery: :meth:`host.outbox.Outbox.delivering`), a game's copy is
        compared with the database at its first read only (several processes): every later
        read shows that revision, one picture of the game, at one statement. A move written
        in it is still guarded by its revision (:meth:`write`); the next delivery compares
        again. Nested, the outer one counts."""
        if _CHECKED.get() is not None:
            yield
            return
        token = _CHECKED.set(set())
        try:
            yield
        finally:
            _CHECKED.reset(token)

    def _trusts(self, lg: Loaded) -> bool:
        """Whether ``lg`` is as this process's own move left it, with the game's delivery
        claim still held (:meth:`moved`)."""
        game_id = lg.row.id
        if self._trusted.get(game_id) != lg.row.revision:
            return False
        return self._held.get((DELIVER, game_id), 0.0) > self.clock.now()

    @contextlib.contextmanager
    def peeking(self) -> Iterator[None]:
        """Within it, reads take the copy in memory as it is (``peek``): for what prepares a
        move, which checks again (:meth:`host.moves.Moves.act`)."""
        token = _PEEKING.set(True)
        try:
            yield
        finally:
            _PEEKING.reset(token)

    def _decode(self, bundle: GameBundle) -> Loaded:
        row = bundle.game
        plugin = self.plugin(row.kind)
        data = cast(Mapping[str, JSON], codec.loads(row.options))
        options = options_from_json(data)
        coaching = coaching_from_json(data)
        if bundle.snapshot is None:
            return Loaded(row, bundle.seats, options, plugin, None, coaching=coaching)
        try:
            state = plugin.engine.state_from_json(codec.decode_state(row.kind, bundle.snapshot))
        except Exception:
            if row.id not in self._damaged_logged:
                self._damaged_logged.add(row.id)
                log.exception("game %s: its stored state cannot be read", row.id)
            return Loaded(row, bundle.seats, options, plugin, None, damaged=True, coaching=coaching)
        return Loaded(row, bundle.seats, options, plugin, state, coaching=coaching)

    def forget(self, game_id: int) -> None:
        """Drop a game from the cache (the next call reloads it from the database)."""
        self._cache.pop(game_id, None)
        self._trusted.pop(game_id, None)

    def keep(self, lg: Loaded) -> None:
        self._cache[lg.row.id] = lg

    def moved(self, lg: Loaded, event: EventRow, row: OutboxRow) -> None:
        """``lg`` moved on by a move this process committed (its ``event`` and outbox
        ``row``): kept, its recent past (:mod:`host.recent`) with them. Several processes:
        the move's write was guarded by the copy's revision, so the copy is the database's as
        the move left it; its delivery (:meth:`checked_once`, while the claim taken with the
        move is held) reads that copy with no statement, as one picture of the game (another
        process's move after it is announced by the next delivery)."""
        if lg.past is not None and not lg.past.moved(event, row):
            lg.past = None
        self.keep(lg)
        if self.shared and (DELIVER, lg.row.id) in self._held:
            self._trusted[lg.row.id] = lg.row.revision

    def expired_before(self, now: float) -> float:
        """Before when another owner's claim counts as abandoned: its lease's end when several
        processes share the database; for one process, any other owner is a run that
        stopped."""
        return now if self.shared else ALWAYS

    async def take_claim(self, kind: str, game_id: int, now: float | None = None) -> bool:
        """This process's claim on the game's work of ``kind`` (``storage.claims``; ``False``:
        another live process holds it), renewed when it is this process's already. Only
        processes that share the database claim: one alone has nobody to keep out, so it
        writes nothing."""
        if not self.shared:
            return True
        now = self.clock.now() if now is None else now
        if self._held.get((kind, game_id), now) - now > self.lease / 2:
            return True  # taken moments ago (with a move): more than half its lease to run
        took = await self.db.claims.take_claim(
            kind,
            game_id,
            self.owner,
            now=now,
            lease=self.lease,
            expired_before=self.expired_before(now),
        )
        if took:
            self._held[(kind, game_id)] = now + self.lease
        else:
            self._held.pop((kind, game_id), None)
        return took

    def claim_for_move(self, kind: str, now: float) -> ClaimTake | None:
        """The claim a move takes in its own transaction (several processes; ``None``: one
        process alone claims nothing); :meth:`holds` it once the move says it was taken."""
        if not self.shared:
            return None
        return ClaimTake(kind, self.owner, now + self.lease, self.expired_before(now))

    def holds(self, claim: ClaimTake, game_id: int) -> None:
        """``claim`` on the game was taken (with a move): :meth:`take_claim` trusts it without
        a statement while more than half its lease is left."""
        self._held[(claim.kind, game_id)] = claim.until

    def released(self, kind: str, game_id: int) -> None:
        """This process's claim on the game was given up (in a transaction of its own work)."""
        self._held.pop((kind, game_id), None)
        if kind == DELIVER:
            self._trusted.pop(game_id, None)

    async def release_claim(self, kind: str, game_id: int) -> None:
        """Give up this process's claim (see :meth:`take_claim`)."""
        if self.shared:
            self.released(kind, game_id)
            await self.db.claims.release_claim(kind, game_id, self.owner)

    def wrote(self, lg: Loaded) -> None:
        """``lg`` was just written (the database counted one more revision of it)."""
        lg.row = dataclasses.replace(lg.row, revision=lg.row.revision + 1)

    async def write(self, lg: Loaded, write: Awaitable[None]) -> None:
        """Await a write guarded by ``lg``'s revision and count it; another process's change
        since refuses it: the game is read again and the user told that nothing was done."""
        try:
            await write
        except VersionConflictError:
            self.forget(lg.row.id)
            raise StaleVersionError(  # the words of a move that lost such a race (translated)
                N_("The board changed since this was shown; nothing was played: try again."),
                lg.row.version,
            ) from None
        except asyncio.CancelledError:
            self.forget(lg.row.id)  # the write may still land
            raise
        self.wrote(lg)

    async def set_coach(self, lg: Loaded, user: int, coach: Coach) -> None:
        """Keep what ``user`` chose and used to learn in ``lg`` (its stored options, guarded by
        its revision as every write outside a move)."""
        coaching = {**lg.coaching, user: coach}
        blob = options_blob(lg.options, coaching)
        await self.write(lg, self.db.games.set_options(lg.row.id, blob, revision=lg.row.revision))
        lg.coaching = coaching
        lg.row = dataclasses.replace(lg.row, options=blob)

    def _evict(self) -> None:
        while len(self._cache) > self._cache_size:
            for game_id in self._cache:
                lock = self._locks.get(game_id)
                if lock is None or not lock.locked():
                    del self._cache[game_id]
                    break
            else:
                return

    # -- checks ----------------------------------------------------------------------------

    def require_lobby(self, lg: Loaded, closed: Closed) -> None:
        """Refuse a lobby-only call once the game has left its lobby, with the caller's whole
        sentence for the game's state (``closed``)."""
        if lg.row.status != "lobby":
            message = {"active": closed.started, "finished": closed.over}.get(
                lg.row.status, closed.cancelled
            )
            raise NotInLobbyError(message)

    def require_active(self, lg: Loaded) -> None:
        if lg.row.status == "lobby":
            raise GameNotActiveError(N_("The game has not started yet."))
        if lg.row.status == "finished":
            raise GameNotActiveError(N_("The game is over; no more moves can be made."))
        if lg.row.status == "cancelled":
            raise GameNotActiveError(N_("The game was cancelled."))
        self.require_readable(lg)

    def require_readable(self, lg: Loaded) -> None:
        if lg.damaged:
            raise GameDamagedError(
                N_(
                    "Game #{game} cannot be played: its saved state cannot be read (the "
                    "database may be damaged). A server admin can restore a backup; "
                    "`/game cancel` frees this channel."
                ),
                game=lg.row.id,
            )

    def require_started(self, lg: Loaded) -> None:
        self.require_readable(lg)
        if lg.state is None:
            raise GameNotActiveError(N_("The game has not started yet, so there is no board."))

    def require_creator(self, lg: Loaded, user: int, is_admin: bool, refusal: str) -> None:
        """Refuse anyone but the creator and a server admin, with the caller's whole sentence
        (``refusal``, a catalog message naming the creator as ``{creator}``)."""
        if user != lg.row.creator_id and not is_admin:
            raise PermissionDeniedError(refusal, creator=lg.row.creator_id)

    def require_seat(self, lg: Loaded, user: int) -> SeatRow:
        """The user's seat in a game in play, resigned or not."""
        self.require_active(lg)
        seat = lg.seat_of(user)
        if seat is None:
            raise not_seated(lg, user, N_("You are not playing in this game."))
        return seat

    def require_player(self, lg: Loaded, user: int) -> SeatRow:
        """The user's seat in a game in play (not resigned), whatever it may decide now."""
        self.require_active(lg)
        seat = lg.seat_of(user)
        if seat is None:
            raise not_seated(lg, user, N_("You are not playing in this game, so you cannot move."))
        if seat.resigned:
            raise NotAPlayerError(N_("You resigned from this game; an AI plays your seat."))
        return seat

    def require_mover(self, lg: Loaded, user: int) -> SeatRow:
        """The user's seat when it has a decision now."""
        seat = self.require_player(lg, user)
        if seat.seat not in lg.pending.deciders:
            raise self.not_your_turn(lg, seat.seat)
        return seat

    def not_your_turn(self, lg: Loaded, seat: Seat | None = None) -> NotYourTurnError:
        """The refusal, carrying the seats the game waits for (the caller names them), and
        whether ``seat`` has locked its choice in a step everyone decides at once (a seat that
        locked leaves the step's seats)."""
        pending = lg.pending
        locked = seat is not None and seat not in pending.deciders
        locked = locked and any(d.kind == "simultaneous" for d in pending.decisions)
        error = NotYourTurnError(self.infos(lg, pending.waited), locked=locked)
        error.game = lg.row.kind  # the words of its seats' colours
        return error

    # -- values ----------------------------------------------------------------------------

    def colours(self, lg: Loaded) -> dict[Seat, str]:
        """The seats' colour names (kept with the state: every status asks)."""
        if lg.state is None:
            return {}
        if lg._colours is None:
            with i18n.using(i18n.DEFAULT):  # kept in English; each reader's language says it
                names = lg.plugin.presentation.colours(lg.public)
            lg._colours = {seat: name for seat, name in enumerate(names) if name}
        return lg._colours

    def infos(self, lg: Loaded, seat_numbers: Iterable[Seat]) -> tuple[SeatInfo, ...]:
        wanted = set(seat_numbers)
        colours = self.colours(lg)
        active = lg.row.status == "active"
        now = self.clock.now()
        bank = lg.options.reserve > 0 or lg.options.increment > 0
        return tuple(
            SeatInfo(
                seat=s.seat,
                user_id=s.user_id,
                ai=s.ai,
                ai_controlled=s.ai_controlled,
                resigned=s.resigned,
                colour=colours.get(s.seat),
                timeouts=s.timeouts,
                waiting_since=s.waiting_since if active else None,
                token=s.token,
                notified_token=s.notified_token,
                notified_message=s.notified_message,
                window_order=s.window_order,
                notified_key=s.notified_key,
                reserve=reserve_left(lg.options, s) if bank and s.user_id is not None else None,
                away_until=s.away_until
                if active and s.away_until is not None and s.away_until > now
                else None,
                seeking=s.seeking,
                former=s.former,
                learning=s.user_id in lg.coaching and lg.coaching[s.user_id].learning,
                hints=lg.coaching[s.user_id].hints if s.user_id in lg.coaching else 0,
            )
            for s in lg.seats
            if s.seat in wanted
        )

    def status(self, lg: Loaded) -> GameStatus:
        r = lg.row
        active = r.status == "active"
        waiting = [s.seat for s in lg.seats if s.waiting_since is not None]
        outcome = None if r.outcome is None else Outcome.from_json(codec.loads(r.outcome))
        return GameStatus(
            game_id=r.id,
            kind=r.kind,
            title=lg.plugin.title,
            guild_id=r.guild_id,
            channel_id=r.channel_id,
            creator_id=r.creator_id,
            status=cast(Status, r.status),
            options=lg.options,
            seats=self.infos(lg, (s.seat for s in lg.seats)),
            version=r.version,
            waiting_on=self.infos(lg, waiting) if active else (),
            turn_started=r.turn_started if active else None,
            deadline=r.deadline if active else None,
            outcome=outcome,
            created_at=r.created_at,
            player_counts=lg.plugin.capabilities.player_counts,
        )
