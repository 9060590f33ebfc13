"""The game host: tables, seats, moves, deadlines and AI seats, on top of the storage layer.

The bot makes one call per interaction and turns the result into Discord output. The host is
game-agnostic: it talks to games only through the engine contract (``engine.core.Game``).

Concurrency: one ``asyncio.Lock`` per game around load → apply → commit; the stored version is
checked again inside the write transaction, so two moves can never both apply to one version.
Time: every deadline, reminder point and AI move is a column in the database; ``run_due`` acts
on what is due, so a restart loses nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from engine import registry
from engine.core import (
    JSON,
    Event,
    Game,
    GameOverError,
    Outcome,
    RuleError,
    Seat,
    legal_summary,
    parse_legal,
    redact,
)
from engine.core import NotYourTurnError as EngineNotYourTurnError
from engine.rng import Rng
from host.ai import DEFAULT_TIMEOUT_LEVEL, Chooser, ai_name, chooser_for, parse_level, seat_chooser
from host.clock import Clock, SystemClock
from host.errors import (
    AlreadySeatedError,
    BadOptionError,
    ChannelBusyError,
    GameNotActiveError,
    HostError,
    InvalidMoveError,
    NoSuchGameError,
    NotAPlayerError,
    NotEnoughPlayersError,
    NotInLobbyError,
    NotYourTurnError,
    PermissionDeniedError,
    StaleVersionError,
    TableFullError,
    WrongChannelError,
)
from host.model import (
    DEFAULT_TURN_TIME,
    MAX_CHOICES,
    MAX_TURN_TIME,
    MIN_TURN_TIME,
    Choice,
    ChoicePage,
    GameStatus,
    GuildSettings,
    LogEntry,
    MoveBy,
    MoveResult,
    Notification,
    PrivateView,
    Reminder,
    SeatInfo,
    Started,
    Status,
    TableOptions,
    UserGame,
)
from storage import codec
from storage.db import (
    ChannelTakenError,
    Database,
    EventRow,
    GameBundle,
    GameRow,
    MoveWrite,
    Schedule,
    SeatRow,
    SeatUpdate,
    VersionConflictError,
)

GameResolver = Callable[[str], Game[Any, Any]]
RETRY_DELAY = 300.0
"""Seconds before ``run_due`` retries a game whose due work failed (a bug, logged)."""
log = logging.getLogger("host")
MAX_ACTION_TEXT = 200
"""Longer text is refused before parsing (and never echoed back into a message)."""
MAX_MENU = 100
"""Choices offered on one decision message: 4 selects of 25 (Discord allows 5 rows)."""
_MISSING = object()
_MASK64 = (1 << 64) - 1


@dataclass
class _Loaded:
    """A game as the host keeps it in memory (decoded once, then updated by each move)."""

    row: GameRow
    seats: tuple[SeatRow, ...]
    options: TableOptions
    game: Game[Any, Any]
    state: Any | None
    public: dict[str, JSON] | None = None
    private: dict[Seat, dict[str, JSON]] | None = None

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)


def options_to_json(options: TableOptions) -> dict[str, JSON]:
    return {
        "kind": options.kind,
        "players": options.players,
        "variants": dict(options.variants),
        "turn_time": options.turn_time,
        "timeout_policy": options.timeout_policy,
        "reminders_at": list(options.reminders_at),
        "reminders_before": list(options.reminders_before),
        "max_timeouts": options.max_timeouts,
        "seat_order": options.seat_order,
        "ai_seats": options.ai_seats,
        "ai_level": options.ai_level,
        "auto_forced": options.auto_forced,
    }


def options_from_json(data: Mapping[str, JSON]) -> TableOptions:
    return TableOptions(
        kind=str(data["kind"]),
        players=data["players"],
        variants=dict(data["variants"]),
        turn_time=data["turn_time"],
        timeout_policy=data["timeout_policy"],
        reminders_at=tuple(data["reminders_at"]),
        reminders_before=tuple(data["reminders_before"]),
        max_timeouts=int(data["max_timeouts"]),
        seat_order=data["seat_order"],
        ai_seats=int(data["ai_seats"]),
        ai_level=str(data.get("ai_level", "normal")),
        auto_forced=bool(data.get("auto_forced", False)),
    )


def waited_seats(game: Game[Any, Any], state: Any) -> frozenset[Seat]:
    """The seats the game waits for: the seat on turn if it has a decision, else everyone who
    may decide. Out-of-turn options (e.g. an eruption call) never get a deadline."""
    to_act = game.to_act(state)
    if not to_act:
        return frozenset()
    active = game.active_seat(state)
    if active is not None and active in to_act:
        return frozenset({active})
    return to_act


def rules_time_limit(game: Game[Any, Any], state: Any, waited: Iterable[Seat]) -> float | None:
    """The time the game's rules give the pending decision, if the game says (optional hook
    ``decision_time(state, seat) -> float | None``, e.g. a 15-minute interrupt window); the
    shortest over the waited seats, at least one second. ``None``: the table's turn time."""
    hook = getattr(game, "decision_time", None)
    if hook is None:
        return None
    limits = [t for seat in waited if (t := hook(state, seat)) is not None]
    return max(1.0, float(min(limits))) if limits else None


def rules_timeout_action(game: Game[Any, Any], state: Any, seat: Seat) -> Any | None:
    """What the game's rules do when ``seat`` lets its decision time out, if the game says
    (optional hook ``timeout_action(state, seat) -> action | None``, e.g. ``decline`` an
    interrupt); ``None``: the table's timeout policy decides."""
    hook = getattr(game, "timeout_action", None)
    if hook is None:
        return None
    action = hook(state, seat)
    return action if action is not None and action in game.legal_actions(state, seat) else None


def menu_actions(game: Game[Any, Any], state: Any, seat: Seat) -> list[Any]:
    """The legal actions worth a button or menu entry, if the game says (optional hook
    ``menu_actions(state, seat)``, e.g. all but a statue's thousand placements, which stay
    legal and are typed); without the hook, every legal action."""
    hook = getattr(game, "menu_actions", None)
    if hook is None:
        return list(game.legal_actions(state, seat))
    return list(hook(state, seat))


def pass_action(game: Game[Any, Any], state: Any, seat: Seat) -> Any | None:
    """The legal action the game's notation calls ``pass`` (``None`` when passing is not legal
    now): what the ``skip`` timeout policy plays."""
    legal = game.legal_actions(state, seat)
    try:
        action = game.parse_action("pass")
    except RuleError:
        action = None
    if action is not None and action in legal:
        return action
    return next((a for a in legal if game.format_action(a).strip().lower() == "pass"), None)


def reminder_points(options: TableOptions, started: float, deadline: float) -> list[float]:
    """The reminder times of a decision that started at ``started``, in order."""
    span = deadline - started
    points = {started + f * span for f in options.reminders_at}
    points |= {deadline - b for b in options.reminders_before}
    return sorted(p for p in points if started < p < deadline)


def _private_part(view: Mapping[str, JSON], public: Mapping[str, JSON]) -> dict[str, JSON]:
    return {k: v for k, v in view.items() if public.get(k, _MISSING) != v}


def _mention(seat: SeatRow) -> str:
    return f"<@{seat.user_id}>" if seat.user_id is not None else (seat.ai or "an AI")


class Host:
    """The service the bot calls. Open with ``await Host.open(path)``; ``await host.close()``.

    Every method that a user triggers raises a :class:`~host.errors.HostError` subclass with a
    message for that user when the call is wrong; the game is then unchanged.
    """

    def __init__(
        self,
        db: Database,
        *,
        clock: Clock | None = None,
        chooser: Chooser | None = None,
        games: GameResolver = registry.get_game,
        seed_source: Callable[[], int] | None = None,
        cache_size: int = 5000,
    ) -> None:
        self.db = db
        self.clock: Clock = clock or SystemClock()
        self.chooser: Chooser = chooser or chooser_for(DEFAULT_TIMEOUT_LEVEL)
        self._games = games
        self._seed_source = seed_source or (lambda: secrets.randbits(63))
        self._cache: OrderedDict[int, _Loaded] = OrderedDict()
        self._cache_size = cache_size
        self._locks: dict[int, asyncio.Lock] = {}
        self._closed = False

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        clock: Clock | None = None,
        chooser: Chooser | None = None,
        games: GameResolver = registry.get_game,
        seed_source: Callable[[], int] | None = None,
        cache_size: int = 5000,
    ) -> Host:
        """Open the database at ``path`` (created and migrated as needed).

        Nothing is decoded up front: games load on first use, and the deadlines of every active
        game are already in the database, so ``run_due`` resumes them.
        """
        db = await Database.open(path)
        return cls(
            db,
            clock=clock,
            chooser=chooser,
            games=games,
            seed_source=seed_source,
            cache_size=cache_size,
        )

    async def close(self) -> None:
        """Close the database (idempotent). Pending writes have all been awaited by then."""
        if not self._closed:
            self._closed = True
            await self.db.close()
            self._cache.clear()

    async def backup(self, dest: str | Path) -> Path:
        """An online copy of the database at ``dest`` (safe while games are being played)."""
        return await self.db.backup(dest)

    # -- per-server settings -----------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's defaults (the host's defaults where the server set nothing)."""
        turn_time, policy, language = await self.db.guild_settings(guild_id)
        base = GuildSettings(guild_id)
        return GuildSettings(
            guild_id,
            turn_time=base.turn_time if turn_time is None else turn_time,
            timeout_policy=base.timeout_policy if policy is None else _policy(policy),
            language=base.language if language is None else language,
        )

    async def set_guild_settings(
        self,
        guild_id: int,
        *,
        turn_time: float | None = None,
        timeout_policy: str | None = None,
        language: str | None = None,
    ) -> GuildSettings:
        """Change some of the server's defaults (``None`` keeps a value); returns them all."""
        old_time, old_policy, old_language = await self.db.guild_settings(guild_id)
        if turn_time is not None:
            _check_turn_time(turn_time)
        if timeout_policy is not None:
            _policy(timeout_policy)
        if language is not None and not (1 <= len(language) <= 16):
            raise BadOptionError("The language must be a short code such as `en` or `nl`.")
        await self.db.set_guild_settings(
            guild_id,
            old_time if turn_time is None else turn_time,
            old_policy if timeout_policy is None else timeout_policy,
            old_language if language is None else language,
        )
        return await self.guild_settings(guild_id)

    # -- tables ------------------------------------------------------------------------------

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        creator: int,
        options: TableOptions | None = None,
    ) -> GameStatus:
        """Open a lobby in ``channel_id`` with ``creator`` in the first seat (plus any AI seats).

        Raises :class:`ChannelBusyError` if the channel already has an open game and
        :class:`BadOptionError` for an unknown game or a bad option.
        """
        options = options or TableOptions()
        game = self._game(options.kind)
        settings = await self.guild_settings(guild_id)
        resolved = dataclasses.replace(
            options,
            players=game.max_players if options.players is None else options.players,
            turn_time=settings.turn_time if options.turn_time is None else options.turn_time,
            timeout_policy=(
                settings.timeout_policy
                if options.timeout_policy is None
                else _policy(options.timeout_policy)
            ),
            reminders_at=tuple(float(f) for f in options.reminders_at),
            reminders_before=tuple(float(b) for b in options.reminders_before),
        )
        _validate(game, resolved)
        existing = await self.db.open_game_in_channel(channel_id)
        if existing is not None:
            raise ChannelBusyError(_busy_message(existing))
        seed = self._seed_source() & ((1 << 63) - 1)
        seats: list[tuple[int | None, str | None]] = [(creator, None)]
        seats += [(None, ai_name(i + 1, resolved.ai_level)) for i in range(resolved.ai_seats)]
        try:
            game_id = await self.db.create_game(
                kind=resolved.kind,
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator,
                options=codec.dumps(options_to_json(resolved)),
                seed=seed,
                seats=seats,
                now=self.clock.now(),
            )
        except ChannelTakenError:
            other = await self.db.open_game_in_channel(channel_id)
            raise ChannelBusyError(_busy_message(other)) from None
        return await self.status(game_id)

    async def join(self, game_id: int, user: int, *, channel_id: int | None = None) -> GameStatus:
        """Take a free seat in the lobby."""
        async with self._lock(game_id):
            lg = await self._get(game_id, channel_id)
            self._require_lobby(lg, "join")
            if lg.seat_of(user) is not None:
                raise AlreadySeatedError("You have already joined this game.")
            assert lg.options.players is not None
            if len(lg.seats) >= lg.options.players:
                raise TableFullError(
                    f"The table is full ({lg.options.players} of {lg.options.players} seats)."
                )
            rows = [(s.user_id, s.ai, s.joined_at) for s in lg.seats]
            rows.append((user, None, self.clock.now()))
            await self._write_lobby(lg, rows)
            return self._status(lg)

    async def add_ai(
        self,
        game_id: int,
        user: int,
        *,
        is_admin: bool = False,
        name: str | None = None,
        channel_id: int | None = None,
    ) -> GameStatus:
        """Add an AI seat to the lobby (the creator or an admin only). ``name`` defaults to
        ``"AI n"``; ``host.ai.ai_name(n, level)`` gives a name that also picks the AI's level."""
        async with self._lock(game_id):
            lg = await self._get(game_id, channel_id)
            self._require_lobby(lg, "add an AI to")
            self._require_creator(lg, user, is_admin, "add an AI player")
            assert lg.options.players is not None
            if len(lg.seats) >= lg.options.players:
                raise TableFullError("The table is full; there is no seat left for an AI.")
            rows = [(s.user_id, s.ai, s.joined_at) for s in lg.seats]
            n = sum(1 for s in lg.seats if s.ai is not None) + 1
            label = (name or "").strip()[:40] or f"AI {n}"
            rows.append((None, label, self.clock.now()))
            await self._write_lobby(lg, rows)
            return self._status(lg)

    async def leave(self, game_id: int, user: int, *, channel_id: int | None = None) -> GameStatus:
        """Give up a seat in the lobby; the lobby is cancelled when no human is left. When the
        creator leaves, the player seated longest takes over the lobby (may start, cancel)."""
        async with self._lock(game_id):
            lg = await self._get(game_id, channel_id)
            if lg.row.status == "active" and lg.seat_of(user) is not None:
                raise NotInLobbyError(
                    "The game has already started; use resign to leave it (an AI takes over)."
                )
            self._require_lobby(lg, "leave")
            if lg.seat_of(user) is None:
                raise NotAPlayerError("You are not in this game's lobby.")
            rows = [(s.user_id, s.ai, s.joined_at) for s in lg.seats if s.user_id != user]
            if not any(u is not None for u, _, _ in rows):
                await self._end(lg, "cancelled")
                return self._status(lg)
            # The creator leaving hands the lobby to the longest-seated player left.
            heir = (
                next(u for u, _, _ in rows if u is not None) if user == lg.row.creator_id else None
            )
            await self._write_lobby(lg, rows, creator_id=heir)
            return self._status(lg)

    async def start(
        self, game_id: int, user: int, *, is_admin: bool = False, channel_id: int | None = None
    ) -> Started:
        """Deal: fix the seat order, create the engine state and start the first deadline."""
        async with self._lock(game_id):
            lg = await self._get(game_id, channel_id)
            self._require_lobby(lg, "start")
            self._require_creator(lg, user, is_admin, "start it")
            game = lg.game
            if len(lg.seats) < game.min_players:
                raise NotEnoughPlayersError(
                    f"{game.title} needs at least {game.min_players} players; "
                    f"{len(lg.seats)} joined so far."
                )
            rows = [(s.user_id, s.ai, s.joined_at) for s in lg.seats]
            if lg.options.seat_order == "random":
                shuffled, _ = Rng(lg.row.seed ^ 0x5EA7).shuffle(rows)
                rows = list(shuffled)
            try:
                state = game.new_game(lg.row.seed, len(rows), dict(lg.options.variants))
            except RuleError as e:
                raise BadOptionError(str(e)) from None
            now = self.clock.now()
            seats = tuple(
                SeatRow(game_id, i, u, ai, ai is not None, False, 0, None, joined)
                for i, (u, ai, joined) in enumerate(rows)
            )
            waited = waited_seats(game, state)
            seats = tuple(
                dataclasses.replace(s, waiting_since=now if s.seat in waited else None)
                for s in seats
            )
            schedule = self._plan(lg.options, game, state, seats, waited, now, None)
            await self.db.start_game(
                game_id,
                seats=rows,
                snapshot=codec.encode_state(lg.row.kind, game.state_to_json(state)),
                schedule=schedule,
                waiting=waited,
                now=now,
            )
            lg.row = dataclasses.replace(
                _scheduled(lg.row, schedule),
                status="active",
                players=len(rows),
                version=0,
                updated_at=now,
            )
            lg.seats = seats
            lg.state = state
            lg.public = game.view(state, None)
            lg.private = {s.seat: _private_part(game.view(state, s.seat), lg.public) for s in seats}
            private = {
                s.seat: PrivateView(s.seat, s.user_id, game.view(state, s.seat))
                for s in seats
                if s.user_id is not None
            }
            return Started(self._status(lg), lg.public, private)

    async def resign(self, game_id: int, user: int, *, channel_id: int | None = None) -> GameStatus:
        """Leave a game in play: an AI plays the seat out; with no human left it is cancelled."""
        async with self._lock(game_id):
            lg = await self._get(game_id, channel_id)
            seat = lg.seat_of(user)
            if seat is None:
                raise NotAPlayerError("You are not playing in this game.")
            if lg.row.status == "lobby":
                raise GameNotActiveError("The game has not started; use leave to give up a seat.")
            self._require_active(lg)
            if seat.resigned:
                raise GameNotActiveError("You have already resigned from this game.")
            now = self.clock.now()
            seats = tuple(
                dataclasses.replace(s, resigned=True, ai_controlled=True)
                if s.seat == seat.seat
                else s
                for s in lg.seats
            )
            if not any(s.user_id is not None and not s.resigned for s in seats):
                lg.seats = seats
                await self.db.update_schedule(
                    game_id, self._schedule_of(lg), [_seat_update(s) for s in seats], now
                )
                await self._end(lg, "cancelled")
                return self._status(lg)
            waited = waited_seats(lg.game, lg.state)
            schedule = self._plan(lg.options, lg.game, lg.state, seats, waited, now, lg.row)
            await self.db.update_schedule(game_id, schedule, [_seat_update(s) for s in seats], now)
            lg.seats = seats
            self._set_schedule(lg, schedule)
            return self._status(lg)

    async def cancel(
        self, game_id: int, user: int, *, is_admin: bool = False, channel_id: int | None = None
    ) -> GameStatus:
        """Call the game off (lobby or in play): the creator or a server admin only."""
        async with self._lock(game_id):
            lg = await self._get(game_id, channel_id)
            if lg.row.status not in ("lobby", "active"):
                raise GameNotActiveError(f"This game is already {lg.row.status}.")
            self._require_creator(lg, user, is_admin, "cancel it")
            await self._end(lg, "cancelled")
            return self._status(lg)

    async def return_to_seat(
        self, game_id: int, user: int, *, channel_id: int | None = None
    ) -> GameStatus:
        """Take a seat back from the AI after timeouts ("I'm back"); moving does the same."""
        async with self._lock(game_id):
            lg = await self._get(game_id, channel_id)
            self._require_active(lg)
            seat = lg.seat_of(user)
            if seat is None:
                raise NotAPlayerError("You are not playing in this game.")
            if seat.resigned:
                raise GameNotActiveError("You resigned from this game; an AI plays your seat.")
            if not seat.ai_controlled:
                raise HostError("You are already playing your seat yourself.")
            now = self.clock.now()
            seats = tuple(
                dataclasses.replace(s, ai_controlled=False, timeouts=0)
                if s.seat == seat.seat
                else s
                for s in lg.seats
            )
            waited = waited_seats(lg.game, lg.state)
            schedule = self._plan(lg.options, lg.game, lg.state, seats, waited, now, None)
            seats = tuple(
                dataclasses.replace(s, waiting_since=now if s.seat in waited else None)
                for s in seats
            )
            await self.db.update_schedule(game_id, schedule, [_seat_update(s) for s in seats], now)
            lg.seats = seats
            self._set_schedule(lg, schedule)
            return self._status(lg)

    # -- reading -----------------------------------------------------------------------------

    async def game_in_channel(self, channel_id: int) -> GameStatus | None:
        """The game in its lobby or in play in ``channel_id``, or ``None``."""
        game_id = await self.db.open_game_in_channel(channel_id)
        return None if game_id is None else await self.status(game_id)

    async def last_game_in_channel(self, channel_id: int) -> GameStatus | None:
        """The newest game of ``channel_id`` whatever its status, or ``None`` if it never had
        one: the open game when there is one (a channel holds one open game, and a new one
        can only be created once the last has ended), else the one that ended last, finished
        or cancelled. It is read from the database, so it survives a restart."""
        game_id = await self.db.newest_game_in_channel(channel_id)
        return None if game_id is None else await self.status(game_id)

    async def status(self, game_id: int, *, channel_id: int | None = None) -> GameStatus:
        """Lobby/active/finished/cancelled, seats (users, AIs, colours), whose turn, deadline."""
        return self._status(await self._get(game_id, channel_id))

    async def public_view(self, game_id: int, *, channel_id: int | None = None) -> dict[str, JSON]:
        """The public view (for the channel and spectators)."""
        lg = await self._get(game_id, channel_id)
        self._require_started(lg)
        return self._public(lg)

    async def private_view(
        self, game_id: int, user: int, *, channel_id: int | None = None
    ) -> PrivateView:
        """``user``'s own view (their hand included); deliver it only to that user."""
        lg = await self._get(game_id, channel_id)
        self._require_started(lg)
        seat = lg.seat_of(user)
        if seat is None:
            raise NotAPlayerError("You are not playing in this game, so you have no hand here.")
        return PrivateView(seat.seat, user, lg.game.view(lg.state, seat.seat))

    async def log(
        self,
        game_id: int,
        viewer: int | None = None,
        *,
        limit: int = 10,
        channel_id: int | None = None,
    ) -> list[LogEntry]:
        """The last ``limit`` moves, oldest first, with events redacted for ``viewer``
        (a user id; ``None`` or a non-player sees the public log)."""
        lg = await self._get(game_id, channel_id)
        seat_row = None if viewer is None else lg.seat_of(viewer)
        seat = None if seat_row is None else seat_row.seat
        rows = await self.db.events(game_id, limit=max(0, limit), newest=True)
        return [_log_entry(r, seat) for r in rows]

    async def legal_choices(
        self, game_id: int, user: int, typed: str = "", *, channel_id: int | None = None
    ) -> ChoicePage:
        """Autocomplete: ``user``'s legal actions whose label or notation contains ``typed``
        (case-insensitive), in the game's order: the first 25, and ``total``, how many match
        in all (``page.more`` were left out: "showing 25 of 61 — type to narrow").

        Raises the same errors as :meth:`act` when the user cannot move (so the cog can show
        the reason); an empty page means nothing matches the text.
        """
        lg = await self._get(game_id, channel_id)
        seat = self._require_mover(lg, user)
        game, state = lg.game, lg.state
        needle = typed.strip().lower()[:MAX_ACTION_TEXT]
        legal = game.legal_actions(state, seat.seat)
        out: list[Choice] = []
        total = 0
        for action in legal:
            notation = game.format_action(action)
            if len(out) == MAX_CHOICES and (not needle or needle in notation.lower()):
                total += 1  # counted only: no label needed
                continue
            label = game.describe_action(state, seat.seat, action)
            if needle in notation.lower() or needle in label.lower():
                total += 1
                if len(out) < MAX_CHOICES:
                    out.append(Choice(label=label, notation=notation))
        return ChoicePage(tuple(out), total)

    async def menu_choices(
        self, game_id: int, user: int, *, limit: int = MAX_MENU, channel_id: int | None = None
    ) -> ChoicePage:
        """Buttons and menus: ``user``'s legal actions worth offering there (the game's optional
        ``menu_actions`` hook; else every legal action), in the game's order: the first
        ``limit`` and ``total``. Actions a game leaves out stay legal: ``/move`` lists them.
        Raises the same errors as :meth:`act` when the user cannot move."""
        lg = await self._get(game_id, channel_id)
        seat = self._require_mover(lg, user)
        game, state = lg.game, lg.state
        actions = menu_actions(game, state, seat.seat)
        out = tuple(
            Choice(label=game.describe_action(state, seat.seat, a), notation=game.format_action(a))
            for a in actions[: max(0, limit)]
        )
        return ChoicePage(out, len(actions))

    async def rules_default(self, game_id: int, user: int) -> str | None:
        """The notation of what the game's rules do if ``user`` lets their pending decision
        time out (optional hook ``timeout_action``, e.g. ``decline`` a permit window), or
        ``None``: no such rule, or no decision pending for ``user``. A player whose only legal
        action is this one has nothing to decide (the bot does not ping them)."""
        lg = await self._get(game_id, None)
        seat = lg.seat_of(user)
        if lg.row.status != "active" or seat is None or seat.resigned:
            return None
        if seat.seat not in lg.game.to_act(lg.state):
            return None
        action = rules_timeout_action(lg.game, lg.state, seat.seat)
        return None if action is None else lg.game.format_action(action)

    async def games_of_user(self, user: int) -> list[UserGame]:
        """The lobbies and games in play where ``user`` has a seat (for "my games")."""
        pairs = await self.db.games_of_user(user)
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

    # -- moves -------------------------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        user: int,
        action: str | object,
        expected_version: int | None = None,
        *,
        channel_id: int | None = None,
    ) -> MoveResult:
        """Play one action for ``user``: notation text (``"play 6 d4"``) or an engine action.

        ``expected_version`` is the version the user's button or menu was drawn for; if the game
        has moved on, :class:`StaleVersionError` is raised and nothing changes. Errors:
        :class:`NoSuchGameError`, :class:`WrongChannelError`, :class:`GameNotActiveError`,
        :class:`NotAPlayerError`, :class:`NotYourTurnError`, :class:`InvalidMoveError`.
        """
        async with self._lock(game_id):
            lg = await self._get(game_id, channel_id)
            if expected_version is not None and expected_version != lg.row.version:
                raise StaleVersionError(
                    "The board has changed since this was shown (another move was made); "
                    "nothing was played. Here is the current board.",
                    lg.row.version,
                )
            seat = self._require_mover(lg, user)
            game, state = lg.game, lg.state
            if isinstance(action, str):
                if len(action) > MAX_ACTION_TEXT:
                    raise InvalidMoveError(
                        f"That is too long to be a move ({len(action)} characters). "
                        "Pick one from the suggestions, e.g. "
                        + legal_summary(game, game.legal_actions(state, seat.seat), limit=5)
                    )
                try:
                    parsed = parse_legal(game, state, seat.seat, action)
                except GameOverError as e:
                    raise GameNotActiveError(str(e)) from None
                except EngineNotYourTurnError:
                    raise self._not_your_turn(lg) from None
                except RuleError as e:
                    raise InvalidMoveError(str(e)) from None
            else:
                if action not in game.legal_actions(state, seat.seat):
                    raise InvalidMoveError("That move is not legal right now.")
                parsed = action
            updated = tuple(
                dataclasses.replace(s, timeouts=0, ai_controlled=False)
                if s.seat == seat.seat
                else s
                for s in lg.seats
            )
            return await self._apply(lg, seat.seat, parsed, "player", updated, note="")

    # -- time --------------------------------------------------------------------------------

    async def next_due(self) -> float | None:
        """When ``run_due`` next has something to do (``None``: nothing scheduled)."""
        return await self.db.next_due()

    async def due(self, now: float | None = None) -> list[int]:
        """The ids of active games with an AI move, reminder or timeout due at ``now``."""
        return await self.db.due_games(self.clock.now() if now is None else now)

    async def run_due(
        self, now: float | None = None, *, ai_moves_per_game: int = 1
    ) -> list[Notification]:
        """Do everything due at ``now`` (default: the clock) and return what to deliver:
        :class:`Reminder` s and :class:`MoveResult` s of AI and timeout moves, in order.

        Each game plays at most ``ai_moves_per_game`` AI moves per call, so the scheduler posts
        AI moves one by one and other games get their turn; when more are due, ``next_due()``
        is already "now", so the loop simply calls again.
        """
        now = self.clock.now() if now is None else now
        out: list[Notification] = []
        for game_id in await self.db.due_games(now):
            try:
                await self._run_game(game_id, now, max(1, ai_moves_per_game), out)
            except Exception:
                # One broken game (an engine or AI bug) must not stop every other game's clock.
                log.exception("game %s: running what was due failed; retrying later", game_id)
                await self._postpone(game_id, now + RETRY_DELAY)
        return out

    async def _postpone(self, game_id: int, when: float) -> None:
        async with self._lock(game_id):
            self._cache.pop(game_id, None)  # reload from the database next time
            await self.db.postpone(game_id, when)

    async def _run_game(
        self, game_id: int, now: float, max_ai: int, out: list[Notification]
    ) -> None:
        """Do what is due in one game, appending each notification to ``out`` as it happens
        (so moves already made are delivered even if a later step fails)."""
        async with self._lock(game_id):
            lg = await self._get(game_id, None)
            ai_moves = 0
            timed_out = False
            while lg.row.status == "active":
                waited = waited_seats(lg.game, lg.state)
                by_seat = {s.seat: s for s in lg.seats}
                ai_turn = sorted(s for s in waited if by_seat[s].ai_controlled)
                if ai_turn:
                    if ai_moves >= max_ai:
                        break  # next_due stays "now": the next run continues
                    ai_moves += 1
                    out.append(await self._ai_move(lg, by_seat[ai_turn[0]]))
                    continue
                forced = self._forced(lg.options, lg.game, lg.state, waited)
                if forced is not None:
                    if ai_moves >= max_ai:
                        break
                    ai_moves += 1
                    out.append(await self._forced_move(lg, by_seat[forced]))
                    continue
                if not timed_out and lg.row.deadline is not None and now >= lg.row.deadline:
                    # Each decision times out once per run; the next deadline runs from now.
                    timed_out = True
                    for seat in sorted(waited):
                        if lg.row.status != "active":
                            break
                        if seat in waited_seats(lg.game, lg.state):
                            out.append(await self._timeout_move(lg, seat))
                    continue
                points = self._points(lg)
                passed = sum(1 for p in points if p <= now)
                if passed > lg.row.reminders_done:
                    assert lg.row.deadline is not None
                    for seat in sorted(waited):
                        row = by_seat[seat]
                        if row.user_id is not None and not row.ai_controlled:
                            out.append(
                                Reminder(
                                    game_id=game_id,
                                    guild_id=lg.row.guild_id,
                                    channel_id=lg.row.channel_id,
                                    seat=seat,
                                    user_id=row.user_id,
                                    deadline=lg.row.deadline,
                                    remaining=lg.row.deadline - now,
                                )
                            )
                    schedule = Schedule(
                        lg.row.turn_started,
                        lg.row.deadline,
                        passed,
                        self._next_due(lg.row.deadline, points, passed, lg.seats, waited),
                    )
                    await self.db.update_schedule(game_id, schedule, [], now)
                    self._set_schedule(lg, schedule)
                    continue
                # Nothing due now: make sure the stored next_due is in the future.
                expected = self._next_due(
                    lg.row.deadline, points, lg.row.reminders_done, lg.seats, waited
                )
                if expected != lg.row.next_due:
                    schedule = dataclasses.replace(self._schedule_of(lg), next_due=expected)
                    await self.db.update_schedule(game_id, schedule, [], now)
                    self._set_schedule(lg, schedule)
                break

    async def _choose(self, lg: _Loaded, seat: SeatRow) -> tuple[object, str]:
        """The seat's AI decides, in a worker thread (a strong AI thinks for a while; states are
        immutable, so this is safe), deterministically from the game seed and version."""
        chooser = seat_chooser(self.chooser, seat.ai)
        seed = self._ai_seed(lg, seat.seat)
        action = await asyncio.to_thread(chooser.choose, lg.game, lg.state, seat.seat, seed)
        return action, chooser.name

    async def _ai_move(self, lg: _Loaded, seat: SeatRow) -> MoveResult:
        action, name = await self._choose(lg, seat)
        if seat.user_id is None:
            note = f"{seat.ai or 'The AI'} ({name}) moved."
        elif seat.resigned:
            note = f"{name} played for <@{seat.user_id}>, who resigned."
        else:
            note = (
                f"{name} played for <@{seat.user_id}> after repeated timeouts "
                "(any move of theirs takes the seat back)."
            )
        return await self._apply(lg, seat.seat, action, "ai", lg.seats, note=note, chooser=name)

    async def _forced_move(self, lg: _Loaded, seat: SeatRow) -> MoveResult:
        (action,) = lg.game.legal_actions(lg.state, seat.seat)
        note = f"Only one move was possible for {_mention(seat)}, so it was played automatically."
        return await self._apply(lg, seat.seat, action, "auto", lg.seats, note=note)

    async def _timeout_move(self, lg: _Loaded, seat_no: Seat) -> MoveResult:
        seat = next(s for s in lg.seats if s.seat == seat_no)
        who = _mention(seat)
        default = rules_timeout_action(lg.game, lg.state, seat_no)
        if default is not None:  # the rules say what a silent player does; not held against them
            label = lg.game.describe_action(lg.state, seat_no, default)
            note = f"{who} did not answer in time, so the rules apply: {label}."
            return await self._apply(lg, seat_no, default, "timeout", lg.seats, note=note)
        timeouts = seat.timeouts + 1
        taken_over = timeouts >= lg.options.max_timeouts and not seat.ai_controlled
        game, state = lg.game, lg.state
        action: object | None = None
        chooser: str | None = None
        name = seat_chooser(self.chooser, seat.ai).name
        if lg.options.timeout_policy == "skip":
            action = pass_action(game, state, seat_no)
            if action is not None:
                note = f"{who} ran out of time; their turn was skipped (pass)."
            else:
                note = (
                    f"{who} ran out of time; passing is not possible here, so "
                    f"{name} chose for them."
                )
        else:
            note = f"{who} ran out of time; {name} chose for them."
        if action is None:
            action, chooser = await self._choose(lg, seat)
        if taken_over:
            note += (
                f" After {timeouts} timeouts in a row, {name} plays this seat "
                "until its player moves again."
            )
        updated = tuple(
            dataclasses.replace(s, timeouts=timeouts, ai_controlled=s.ai_controlled or taken_over)
            if s.seat == seat_no
            else s
            for s in lg.seats
        )
        return await self._apply(
            lg,
            seat_no,
            action,
            "timeout",
            updated,
            note=note,
            chooser=chooser,
            taken_over=taken_over,
        )

    # -- the one write path for moves --------------------------------------------------------

    async def _apply(
        self,
        lg: _Loaded,
        seat: Seat,
        action: object,
        by: MoveBy,
        seats: tuple[SeatRow, ...],
        *,
        note: str,
        chooser: str | None = None,
        taken_over: bool = False,
    ) -> MoveResult:
        game, state, row = lg.game, lg.state, lg.row
        if lg.private is None:
            public_before = self._public(lg)
            lg.private = {
                s.seat: _private_part(game.view(state, s.seat), public_before) for s in lg.seats
            }
        label = game.describe_action(state, seat, action)
        notation = game.format_action(action)
        try:
            transition = game.apply(state, seat, action)
        except RuleError as e:
            raise InvalidMoveError(str(e)) from None
        new_state = transition.state
        events = tuple(transition.events)
        now = self.clock.now()
        version = row.version + 1
        outcome = game.outcome(new_state)
        waited = waited_seats(game, new_state)
        over = outcome is not None or not waited
        # Some of several seats deciding at once answered (e.g. a permit window) and the rest
        # still decide the same thing: their deadline and waiting time run on, not restart.
        going_on = not over and waited < waited_seats(game, state)
        seats = tuple(
            dataclasses.replace(
                s,
                waiting_since=(
                    None
                    if over or s.seat not in waited
                    else s.waiting_since
                    if going_on and s.waiting_since is not None
                    else now
                ),
            )
            for s in seats
        )
        schedule = (
            Schedule(None, None, 0, None)
            if over
            else self._plan(
                lg.options, game, new_state, seats, waited, now, row if going_on else None
            )
        )
        actor = next(s for s in seats if s.seat == seat)
        event_row = EventRow(
            game_id=row.id,
            seq=version,
            seat=seat,
            user_id=actor.user_id,
            by=by,
            action=notation,
            label=label,
            events=codec.dumps(list(events)),
            at=now,
        )
        status: Status = "finished" if over else "active"
        outcome_bytes = None if outcome is None else codec.dumps(outcome.to_json())
        try:
            await self.db.commit_move(
                MoveWrite(
                    game_id=row.id,
                    expected_version=row.version,
                    event=event_row,
                    snapshot=codec.encode_state(row.kind, game.state_to_json(new_state)),
                    status=status,
                    outcome=outcome_bytes,
                    schedule=schedule,
                    seats=tuple(_seat_update(s) for s in seats),
                    at=now,
                )
            )
        except asyncio.CancelledError:
            # The write may still land: forget the cached game so the next call reloads it.
            self._cache.pop(row.id, None)
            raise
        except VersionConflictError:
            self._cache.pop(row.id, None)
            raise StaleVersionError(
                "The board has changed since this was shown; nothing was played.", row.version
            ) from None
        # Committed: now (and only now) the in-memory game moves on.
        lg.row = dataclasses.replace(
            _scheduled(row, schedule),
            version=version,
            status=status,
            outcome=outcome_bytes,
            updated_at=now,
        )
        lg.seats = seats
        lg.state = new_state
        public = game.view(new_state, None)
        lg.public = public
        private_views: dict[Seat, PrivateView] = {}
        old_private = lg.private
        new_private: dict[Seat, dict[str, JSON]] = {}
        for s in seats:
            full = game.view(new_state, s.seat)
            part = _private_part(full, public)
            new_private[s.seat] = part
            if part != old_private.get(s.seat):
                private_views[s.seat] = PrivateView(s.seat, s.user_id, full)
        lg.private = new_private
        self._cache[row.id] = lg
        public_events = tuple(redact(e, None) for e in events)
        seat_events: dict[Seat, tuple[Event, ...]] = {}
        for s in seats:
            mine = tuple(redact(e, s.seat) for e in events)
            if mine != public_events:
                seat_events[s.seat] = mine
        return MoveResult(
            game_id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            version=version,
            seat=seat,
            user_id=actor.user_id,
            notation=notation,
            label=label,
            by=by,
            public_view=public,
            public_events=public_events,
            private_views=private_views,
            seat_events=seat_events,
            next_to_act=self._infos(lg, sorted(waited) if not over else []),
            deadline=schedule.deadline,
            outcome=outcome,
            note=note,
            chooser=chooser,
            taken_over=taken_over,
            partial=going_on,
        )

    # -- schedule ----------------------------------------------------------------------------

    def _points(self, lg: _Loaded) -> list[float]:
        if lg.row.turn_started is None or lg.row.deadline is None:
            return []
        return reminder_points(lg.options, lg.row.turn_started, lg.row.deadline)

    def _plan(
        self,
        options: TableOptions,
        game: Game[Any, Any],
        state: Any,
        seats: Iterable[SeatRow],
        waited: frozenset[Seat],
        now: float,
        keep: GameRow | None,
    ) -> Schedule:
        """The schedule of the decision pending in ``state`` (see :meth:`_schedule`)."""
        forced = self._forced(options, game, state, waited) is not None
        limit = rules_time_limit(game, state, waited)
        return self._schedule(options, seats, waited, now, keep, forced=forced, limit=limit)

    def _schedule(
        self,
        options: TableOptions,
        seats: Iterable[SeatRow],
        waited: frozenset[Seat],
        now: float,
        keep: GameRow | None,
        *,
        forced: bool = False,
        limit: float | None = None,
    ) -> Schedule:
        """The timing of the pending decision: fresh from ``now``, or ``keep``'s if given;
        ``forced``: the decision will be auto-played (due now); ``limit``: the time the game's
        rules give this decision, instead of the table's turn time."""
        if not waited:
            return Schedule(None, None, 0, None)
        if keep is not None and keep.turn_started is not None and keep.deadline is not None:
            started, deadline, done = keep.turn_started, keep.deadline, keep.reminders_done
        else:
            assert options.turn_time is not None
            span = options.turn_time if limit is None else limit
            started, deadline, done = now, now + span, 0
        points = reminder_points(options, started, deadline)
        return Schedule(
            started,
            deadline,
            done,
            self._next_due(deadline, points, done, seats, waited, forced=forced),
        )

    def _next_due(
        self,
        deadline: float | None,
        points: list[float],
        done: int,
        seats: Iterable[SeatRow],
        waited: frozenset[Seat],
        *,
        forced: bool = False,
    ) -> float | None:
        if deadline is None or not waited:
            return None
        if forced or any(s.ai_controlled for s in seats if s.seat in waited):
            return self.clock.now()
        return min([deadline, *points[done:]])

    def _forced(
        self, options: TableOptions, game: Game[Any, Any], state: Any, waited: frozenset[Seat]
    ) -> Seat | None:
        """The seat whose only legal action the table plays automatically (``auto_forced``).
        Not when that action is what the rules do on silence anyway (``timeout_action``, e.g.
        a permit holder with nothing that fits declining): playing it at once would show
        everyone that the seat had no choice, which may be hidden information."""
        if not options.auto_forced or len(waited) != 1:
            return None
        (seat,) = waited
        if len(game.legal_actions(state, seat)) != 1:
            return None
        return None if rules_timeout_action(game, state, seat) is not None else seat

    def _schedule_of(self, lg: _Loaded) -> Schedule:
        r = lg.row
        return Schedule(r.turn_started, r.deadline, r.reminders_done, r.next_due)

    def _set_schedule(self, lg: _Loaded, s: Schedule) -> None:
        lg.row = _scheduled(lg.row, s)

    def _ai_seed(self, lg: _Loaded, seat: Seat) -> int:
        return (lg.row.seed * 0x9E3779B1 + (lg.row.version + 1) * 0x85EBCA77 + seat) & _MASK64

    # -- loading and checks ------------------------------------------------------------------

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def _game(self, kind: str) -> Game[Any, Any]:
        try:
            return self._games(kind)
        except RuleError as e:
            raise BadOptionError(str(e)) from None

    async def _get(self, game_id: int, channel_id: int | None) -> _Loaded:
        lg = self._cache.get(game_id)
        if lg is None:
            bundle = await self.db.load_game(game_id)
            if bundle is None:
                raise NoSuchGameError(f"There is no game #{game_id}.")
            lg = self._cache.setdefault(game_id, self._decode(bundle))
            self._evict()
        else:
            self._cache.move_to_end(game_id)
        if channel_id is not None and lg.row.channel_id != channel_id:
            raise WrongChannelError(
                f"Game #{game_id} is played in <#{lg.row.channel_id}>, not in this channel."
            )
        return lg

    def _decode(self, bundle: GameBundle) -> _Loaded:
        row = bundle.game
        game = self._game(row.kind)
        state = None
        if bundle.snapshot is not None:
            state = game.state_from_json(codec.decode_state(row.kind, bundle.snapshot))
        options = options_from_json(cast(Mapping[str, JSON], codec.loads(row.options)))
        return _Loaded(row, bundle.seats, options, game, state)

    def _evict(self) -> None:
        while len(self._cache) > self._cache_size:
            for game_id in self._cache:
                lock = self._locks.get(game_id)
                if lock is None or not lock.locked():
                    del self._cache[game_id]
                    break
            else:
                return

    async def _write_lobby(
        self,
        lg: _Loaded,
        rows: list[tuple[int | None, str | None, float]],
        creator_id: int | None = None,
    ) -> None:
        now = self.clock.now()
        await self.db.replace_seats(lg.row.id, rows, now, creator_id=creator_id)
        lg.seats = tuple(
            SeatRow(lg.row.id, i, u, ai, ai is not None, False, 0, None, joined)
            for i, (u, ai, joined) in enumerate(rows)
        )
        lg.row = dataclasses.replace(
            lg.row,
            updated_at=now,
            creator_id=lg.row.creator_id if creator_id is None else creator_id,
        )

    async def _end(self, lg: _Loaded, status: Status) -> None:
        now = self.clock.now()
        await self.db.set_status(lg.row.id, status, now)
        lg.row = dataclasses.replace(
            lg.row, status=status, next_due=None, deadline=None, updated_at=now
        )
        lg.seats = tuple(dataclasses.replace(s, waiting_since=None) for s in lg.seats)

    def _require_lobby(self, lg: _Loaded, what: str) -> None:
        if lg.row.status != "lobby":
            state = {"active": "has already started", "finished": "is over"}.get(
                lg.row.status, "was cancelled"
            )
            raise NotInLobbyError(f"You can no longer {what} this game: it {state}.")

    def _require_active(self, lg: _Loaded) -> None:
        if lg.row.status == "lobby":
            raise GameNotActiveError("The game has not started yet.")
        if lg.row.status == "finished":
            raise GameNotActiveError("The game is over; no more moves can be made.")
        if lg.row.status == "cancelled":
            raise GameNotActiveError("The game was cancelled.")

    def _require_started(self, lg: _Loaded) -> None:
        if lg.state is None:
            raise GameNotActiveError("The game has not started yet, so there is no board.")

    def _require_creator(self, lg: _Loaded, user: int, is_admin: bool, what: str) -> None:
        if user != lg.row.creator_id and not is_admin:
            raise PermissionDeniedError(
                f"Only the creator of the game (<@{lg.row.creator_id}>) or a server admin "
                f"can {what}."
            )

    def _require_mover(self, lg: _Loaded, user: int) -> SeatRow:
        self._require_active(lg)
        seat = lg.seat_of(user)
        if seat is None:
            raise NotAPlayerError("You are not playing in this game, so you cannot move.")
        if seat.resigned:
            raise NotAPlayerError("You resigned from this game; an AI plays your seat.")
        if seat.seat not in lg.game.to_act(lg.state):
            raise self._not_your_turn(lg)
        return seat

    def _not_your_turn(self, lg: _Loaded) -> NotYourTurnError:
        """The refusal, carrying the seats the game waits for (the caller names them)."""
        return NotYourTurnError(self._infos(lg, waited_seats(lg.game, lg.state)))

    # -- results -----------------------------------------------------------------------------

    def _public(self, lg: _Loaded) -> dict[str, JSON]:
        if lg.public is None:
            lg.public = lg.game.view(lg.state, None)
        return lg.public

    def _colours(self, lg: _Loaded) -> dict[Seat, str]:
        if lg.state is None:
            return {}
        seats = self._public(lg).get("seats")
        out: dict[Seat, str] = {}
        if isinstance(seats, list):
            for entry in seats:
                if isinstance(entry, dict) and isinstance(entry.get("colour"), str):
                    out[int(entry.get("seat", len(out)))] = entry["colour"]
        return out

    def _infos(self, lg: _Loaded, seat_numbers: Iterable[Seat]) -> tuple[SeatInfo, ...]:
        wanted = set(seat_numbers)
        colours = self._colours(lg)
        return tuple(
            SeatInfo(
                seat=s.seat,
                user_id=s.user_id,
                ai=s.ai,
                ai_controlled=s.ai_controlled,
                resigned=s.resigned,
                colour=colours.get(s.seat),
                timeouts=s.timeouts,
                waiting_since=s.waiting_since if lg.row.status == "active" else None,
            )
            for s in lg.seats
            if s.seat in wanted
        )

    def _status(self, lg: _Loaded) -> GameStatus:
        r = lg.row
        waiting = [s.seat for s in lg.seats if s.waiting_since is not None]
        outcome = None if r.outcome is None else Outcome.from_json(codec.loads(r.outcome))
        return GameStatus(
            game_id=r.id,
            kind=r.kind,
            title=lg.game.title,
            guild_id=r.guild_id,
            channel_id=r.channel_id,
            creator_id=r.creator_id,
            status=cast(Status, r.status),
            options=lg.options,
            seats=self._infos(lg, (s.seat for s in lg.seats)),
            version=r.version,
            waiting_on=self._infos(lg, waiting) if r.status == "active" else (),
            turn_started=r.turn_started if r.status == "active" else None,
            deadline=r.deadline if r.status == "active" else None,
            outcome=outcome,
            created_at=r.created_at,
            min_players=lg.game.min_players,
            max_players=lg.game.max_players,
        )


def _scheduled(row: GameRow, s: Schedule) -> GameRow:
    """``row`` with the timing columns of ``s`` (the inverse of ``Host._schedule_of``)."""
    return dataclasses.replace(
        row,
        turn_started=s.turn_started,
        deadline=s.deadline,
        reminders_done=s.reminders_done,
        next_due=s.next_due,
    )


def _seat_update(s: SeatRow) -> SeatUpdate:
    return SeatUpdate(s.seat, s.ai_controlled, s.resigned, s.timeouts, s.waiting_since)


def _log_entry(row: EventRow, viewer: Seat | None) -> LogEntry:
    events = cast(list[Event], codec.loads(row.events))
    return LogEntry(
        version=row.seq,
        seat=row.seat,
        user_id=row.user_id,
        notation=row.action,
        label=row.label,
        by=cast(MoveBy, row.by),
        events=tuple(redact(e, viewer) for e in events),
        at=row.at,
    )


def _policy(value: str) -> Any:
    if value not in ("ai", "skip"):
        raise BadOptionError("The timeout policy must be `ai` (an AI moves) or `skip` (pass).")
    return value


def _check_turn_time(seconds: float) -> None:
    if not (MIN_TURN_TIME <= seconds <= MAX_TURN_TIME):
        raise BadOptionError("The time per move must be between 5 minutes and 7 days.")


def _busy_message(game_id: int | None) -> str:
    which = f" (game #{game_id})" if game_id is not None else ""
    return (
        f"This channel already has a game{which}. Finish or cancel it first, "
        "or start a thread for a new one."
    )


def _validate(game: Game[Any, Any], o: TableOptions) -> None:
    assert o.players is not None and o.turn_time is not None
    if not (game.min_players <= o.players <= game.max_players):
        raise BadOptionError(
            f"{game.title} is for {game.min_players} to {game.max_players} players."
        )
    _check_turn_time(o.turn_time)
    if o.seat_order not in ("random", "joined"):
        raise BadOptionError("The seat order must be `random` or `joined`.")
    if not all(0 < f < 1 for f in o.reminders_at):
        raise BadOptionError("Reminder points must be fractions of the turn time between 0 and 1.")
    if not all(b > 0 for b in o.reminders_before):
        raise BadOptionError("Reminders before the deadline must be a positive number of seconds.")
    if not (1 <= o.max_timeouts <= 100):
        raise BadOptionError("The number of timeouts before an AI takes over must be 1 to 100.")
    if parse_level(o.ai_level) is None:
        raise BadOptionError("The AI level must be `easy`, `normal` or `hard`.")
    if not (0 <= o.ai_seats < o.players):
        raise BadOptionError(
            f"There can be 0 to {o.players - 1} AI players at a {o.players}-seat table."
        )
    try:
        codec.dumps(dict(o.variants))
    except TypeError:
        raise BadOptionError("Game options must be plain values (text, numbers, yes/no).") from None
    try:
        game.new_game(0, o.players, dict(o.variants))
    except RuleError as e:
        raise BadOptionError(str(e)) from None


__all__ = ["DEFAULT_TURN_TIME", "Host", "options_from_json", "options_to_json", "waited_seats"]
