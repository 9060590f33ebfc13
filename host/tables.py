"""Tables: opening a lobby, joining and leaving it, starting, resigning, cancelling, coming back."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from engine.core import RuleError
from engine.rng import Rng
from host.ai import ai_name, parse_level
from host.deadlines import plan, scheduled, write_schedule
from host.errors import (
    AlreadySeatedError,
    BadOptionError,
    ChannelBusyError,
    GameNotActiveError,
    HostError,
    NotAPlayerError,
    NotEnoughPlayersError,
    NotInLobbyError,
    TableFullError,
    from_rule,
)
from host.games import Loaded, Store
from host.model import (
    Coach,
    GameStatus,
    Started,
    Status,
    TableOptions,
)
from host.pending import pending_of
from host.refusing import Closed
from host.servers import Servers, check_turn_time, policy_of
from host.tableoptions import options_to_json
from host.timing import check_bank
from plugins import GamePlugin
from render.i18n import N_, NP_
from storage import codec
from storage.rows import ChannelTakenError, SeatRow

_CLOSED = (  # per call: has started, is over, was cancelled
    N_("You can no longer join this game: it has already started."),
    N_("You can no longer join this game: it is over."),
    N_("You can no longer join this game: it was cancelled."),
    N_("You can no longer add an AI to this game: it has already started."),
    N_("You can no longer add an AI to this game: it is over."),
    N_("You can no longer add an AI to this game: it was cancelled."),
    N_("You can no longer leave this game's lobby: the game has already started."),
    N_("You can no longer leave this game's lobby: the game is over."),
    N_("You can no longer leave this game's lobby: the game was cancelled."),
    N_("You can no longer start this game: it has already started."),
    N_("You can no longer start this game: it is over."),
    N_("You can no longer start this game: it was cancelled."),
)
JOIN_CLOSED, ADD_AI_CLOSED, LEAVE_CLOSED, START_CLOSED = (
    Closed(*_CLOSED[i : i + 3]) for i in range(0, len(_CLOSED), 3)
)
"""Why a lobby-only call is refused, one whole sentence per call and state (issue 44)."""

ADD_AI_CREATOR = N_(
    "Only the creator of the game (<@{creator}>) or a server admin can add an AI player."
)
START_CREATOR = N_("Only the creator of the game (<@{creator}>) or a server admin can start it.")
CANCEL_CREATOR = N_("Only the creator of the game (<@{creator}>) or a server admin can cancel it.")
"""Who may do what the creator may, one whole sentence per call."""


class Tables:
    """Lobby and seat management."""

    def __init__(self, store: Store, servers: Servers, seed_source: Callable[[], int]) -> None:
        self.store = store
        self.servers = servers
        self.seed_source = seed_source
        """Each new game's seed."""

    # -- the lobby -----------------------------------------------------------------------------

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        creator: int,
        options: TableOptions,
    ) -> GameStatus:
        """Open a lobby in ``channel_id`` with ``creator`` in the first seat (plus any AI seats).
        Raises :class:`ChannelBusyError` if the channel already has an open game and
        :class:`BadOptionError` for an unknown game or a bad option."""
        plugin = self.store.plugin(options.kind)
        settings = await self.servers.guild_settings(guild_id)
        resolved = dataclasses.replace(
            options,
            players=plugin.capabilities.max_players if options.players is None else options.players,
            turn_time=settings.turn_time if options.turn_time is None else options.turn_time,
            timeout_policy=(
                settings.timeout_policy
                if options.timeout_policy is None
                else policy_of(options.timeout_policy)
            ),
            reminders_at=tuple(float(f) for f in options.reminders_at),
            reminders_before=tuple(float(b) for b in options.reminders_before),
        )
        validate(plugin, resolved)
        existing = await self.store.db.games.open_game_in_channel(channel_id)
        if existing is not None:
            raise busy_error(existing)
        seed = self.seed_source() & ((1 << 63) - 1)
        seats: list[tuple[int | None, str | None]] = [(creator, None)]
        seats += [(None, ai_name(i + 1, resolved.ai_level)) for i in range(resolved.ai_seats)]
        try:
            game_id = await self.store.db.games.create_game(
                kind=resolved.kind,
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator,
                options=codec.dumps(options_to_json(resolved)),
                seed=seed,
                seats=seats,
                now=self.store.clock.now(),
            )
        except ChannelTakenError:
            other = await self.store.db.games.open_game_in_channel(channel_id)
            raise busy_error(other) from None
        return self.store.status(await self.store.get(game_id))

    async def join(
        self,
        game_id: int,
        user: int,
        *,
        learning: bool = False,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> GameStatus:
        """Take a free seat in the lobby; ``learning``: to learn (hints allowed, the game
        unrated for this player), which a player already seated may also choose this way."""
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id, channel_id, guild_id)
            self.store.require_lobby(lg, JOIN_CLOSED)
            coach = lg.coaching.get(user, Coach())
            if lg.seat_of(user) is not None:
                if learning and not coach.learning:
                    await self.store.set_coach(lg, user, dataclasses.replace(coach, learning=True))
                    return self.store.status(lg)
                raise AlreadySeatedError(N_("You have already joined this game."))
            assert lg.options.players is not None
            if len(lg.seats) >= lg.options.players:
                raise TableFullError(
                    NP_(
                        "The table is full ({count} of {count} seat).",
                        "The table is full ({count} of {count} seats).",
                    ),
                    count=lg.options.players,
                )
            rows = [(s.user_id, s.ai, s.joined_at) for s in lg.seats]
            rows.append((user, None, self.store.clock.now()))
            await self._write_lobby(lg, rows)
            if coach.learning != learning:
                await self.store.set_coach(lg, user, dataclasses.replace(coach, learning=learning))
            return self.store.status(lg)

    async def add_ai(
        self,
        game_id: int,
        user: int,
        *,
        is_admin: bool = False,
        name: str | None = None,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> GameStatus:
        """Add an AI seat to the lobby (the creator or an admin only). ``name`` defaults to
        ``"AI n"``; ``host.ai.ai_name(n, level)`` gives a name that also picks the AI's level."""
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id, channel_id, guild_id)
            self.store.require_lobby(lg, ADD_AI_CLOSED)
            self.store.require_creator(lg, user, is_admin, ADD_AI_CREATOR)
            assert lg.options.players is not None
            if len(lg.seats) >= lg.options.players:
                raise TableFullError(N_("The table is full; there is no seat left for an AI."))
            rows = [(s.user_id, s.ai, s.joined_at) for s in lg.seats]
            n = sum(1 for s in lg.seats if s.ai is not None) + 1
            label = (name or "").strip()[:40] or f"AI {n}"
            rows.append((None, label, self.store.clock.now()))
            await self._write_lobby(lg, rows)
            return self.store.status(lg)

    async def leave(
        self,
        game_id: int,
        user: int,
        *,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> GameStatus:
        """Give up a seat in the lobby; the lobby is cancelled when no human is left. When the
        creator leaves, the player seated longest takes over the lobby (may start, cancel)."""
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id, channel_id, guild_id)
            if lg.row.status == "active" and lg.seat_of(user) is not None:
                raise NotInLobbyError(
                    N_(
                        "The game has already started; use `/game resign` to leave it "
                        "(an AI takes over your seat)."
                    )
                )
            self.store.require_lobby(lg, LEAVE_CLOSED)
            if lg.seat_of(user) is None:
                raise NotAPlayerError(N_("You are not in this game's lobby."))
            rows = [(s.user_id, s.ai, s.joined_at) for s in lg.seats if s.user_id != user]
            if not any(u is not None for u, _, _ in rows):
                await self._end(lg, "cancelled")
                return self.store.status(lg)
            heir = (
                next(u for u, _, _ in rows if u is not None) if user == lg.row.creator_id else None
            )
            await self._write_lobby(lg, rows, creator_id=heir)
            return self.store.status(lg)

    async def start(
        self,
        game_id: int,
        user: int,
        *,
        is_admin: bool = False,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> Started:
        """Deal: fix the seat order, create the engine state and start the first deadline. The
        first board waits in the outbox (version 0)."""
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id, channel_id, guild_id)
            self.store.require_lobby(lg, START_CLOSED)
            self.store.require_creator(lg, user, is_admin, START_CREATOR)
            game = lg.game
            counts = lg.plugin.capabilities.player_counts
            if len(lg.seats) < min(counts):
                raise NotEnoughPlayersError(
                    NP_(
                        "{title} needs at least {least} players; {count} has joined so far.",
                        "{title} needs at least {least} players; {count} have joined so far.",
                    ),
                    title=game.title,
                    least=min(counts),
                    count=len(lg.seats),
                )
            if len(lg.seats) not in counts:
                raise NotEnoughPlayersError(
                    NP_(
                        "{title} is not played by {count} player: it is for {players}.",
                        "{title} is not played by {count} players: it is for {players}.",
                    ),
                    title=game.title,
                    count=len(lg.seats),
                    players=players_text(counts),
                )
            rows = [(s.user_id, s.ai, s.joined_at) for s in lg.seats]
            if lg.options.seat_order == "random":
                shuffled, _ = Rng(lg.row.seed ^ 0x5EA7).shuffle(rows)
                rows = list(shuffled)
            try:
                state = game.new_game(lg.row.seed, len(rows), dict(lg.options.variants))
            except RuleError as e:
                raise from_rule(BadOptionError, e, lg.row.kind) from None
            now = self.store.clock.now()
            away = await self._away(lg, rows, now)
            seats = tuple(
                SeatRow(game_id, i, u, ai, ai is not None, False, 0, None, joined)
                for i, (u, ai, joined) in enumerate(rows)
            )
            waited = pending_of(game, state).waited
            seats = tuple(
                dataclasses.replace(
                    s, waiting_since=now if s.seat in waited else None, away_until=away.get(s.seat)
                )
                for s in seats
            )
            quiets = await self.store.times.quiets(seats, waited)
            schedule = plan(lg, seats, state, now, self.store.pace, quiets)
            await self.store.write(
                lg,
                self.store.db.games.start_game(
                    game_id,
                    seats=rows,
                    snapshot=codec.encode_state(lg.row.kind, game.state_to_json(state)),
                    schedule=schedule,
                    waiting=waited,
                    now=now,
                    revision=lg.row.revision,
                    away=away,
                ),
            )
            lg.row = dataclasses.replace(
                scheduled(lg.row, schedule),
                status="active",
                players=len(rows),
                version=0,
                updated_at=now,
            )
            lg.seats = seats
            lg.moved_to(state, {})
            return Started(self.store.status(lg))

    async def _away(
        self, lg: Loaded, rows: Sequence[tuple[int | None, str | None, float]], now: float
    ) -> dict[int, float]:
        """By seat, until when the players who are away now (``/game away``, before the game
        started) are away: their seats start marked, so the decisions waiting on them hold
        their clocks as in their other games (issue 46); none at a "no away" table."""
        if not lg.options.away:
            return {}
        away: dict[int, float] = {}
        for seat, (user, _ai, _joined) in enumerate(rows):
            if user is None:
                continue
            until = (await self.store.times.of(user)).away_until
            if until is not None and until > now:
                away[seat] = until
        return away

    # -- in play ---------------------------------------------------------------------------------

    async def resign(
        self,
        game_id: int,
        user: int,
        *,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> GameStatus:
        """Leave a game in play: an AI plays the seat out (the last human's too: the AIs finish
        the game, which counts)."""
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id, channel_id, guild_id)
            seat = lg.seat_of(user)
            if seat is None:
                raise NotAPlayerError(N_("You are not playing in this game."))
            if lg.row.status == "lobby":
                raise GameNotActiveError(
                    N_("The game has not started; use `/game leave` to give up your seat.")
                )
            self.store.require_active(lg)
            if seat.resigned:
                raise GameNotActiveError(N_("You have already resigned from this game."))
            now = self.store.clock.now()
            seats = tuple(
                dataclasses.replace(s, resigned=True, ai_controlled=True)
                if s.seat == seat.seat
                else s
                for s in lg.seats
            )
            # The last human too: the AIs then play every seat out at the AI pace (a board
            # per round) to a counted end, where resigned seats share last place.
            schedule = plan(lg, seats, lg.state, now, self.store.pace)
            schedule = dataclasses.replace(
                schedule,
                turn_started=lg.row.turn_started,
                deadline=lg.row.deadline,
                reminders_done=lg.row.reminders_done,
            )
            await write_schedule(self.store, lg, schedule, now, seats)
            lg.seats = seats
            return self.store.status(lg)

    async def cancel(
        self,
        game_id: int,
        user: int,
        *,
        is_admin: bool = False,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> GameStatus:
        """Call the game off (lobby or in play, a damaged game too): the creator or an admin."""
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id, channel_id, guild_id)
            if lg.row.status not in ("lobby", "active"):
                if lg.row.status == "finished":
                    raise GameNotActiveError(N_("This game is already finished."))
                raise GameNotActiveError(N_("This game is already cancelled."))
            self.store.require_creator(lg, user, is_admin, CANCEL_CREATOR)
            await self._end(lg, "cancelled")
            return self.store.status(lg)

    async def return_to_seat(
        self,
        game_id: int,
        user: int,
        *,
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> GameStatus:
        """Take a seat back from the AI after timeouts ("I'm back"); moving does the same."""
        async with self.store.lock(game_id):
            lg = await self.store.get(game_id, channel_id, guild_id)
            seat = self.store.require_seat(lg, user)
            if seat.resigned:
                raise GameNotActiveError(N_("You resigned from this game; an AI plays your seat."))
            if not seat.ai_controlled:
                raise HostError(N_("You are already playing your seat yourself."))
            now = self.store.clock.now()
            seats = tuple(
                dataclasses.replace(s, ai_controlled=False, timeouts=0)
                if s.seat == seat.seat
                else s
                for s in lg.seats
            )
            waited = lg.pending.waited
            schedule = plan(lg, seats, lg.state, now, self.store.pace)
            seats = tuple(
                dataclasses.replace(s, waiting_since=now if s.seat in waited else None)
                for s in seats
            )
            await write_schedule(self.store, lg, schedule, now, seats)
            lg.seats = seats
            return self.store.status(lg)

    # -- helpers -------------------------------------------------------------------------------

    async def _write_lobby(
        self,
        lg: Loaded,
        rows: list[tuple[int | None, str | None, float]],
        creator_id: int | None = None,
    ) -> None:
        now = self.store.clock.now()
        await self.store.write(
            lg,
            self.store.db.games.replace_seats(
                lg.row.id, rows, now, creator_id=creator_id, revision=lg.row.revision
            ),
        )
        lg.seats = tuple(
            SeatRow(lg.row.id, i, u, ai, ai is not None, False, 0, None, joined)
            for i, (u, ai, joined) in enumerate(rows)
        )
        lg.row = dataclasses.replace(
            lg.row,
            updated_at=now,
            creator_id=lg.row.creator_id if creator_id is None else creator_id,
        )

    async def _end(self, lg: Loaded, status: Status) -> None:
        now = self.store.clock.now()
        await self.store.write(
            lg, self.store.db.games.set_status(lg.row.id, status, now, revision=lg.row.revision)
        )
        lg.row = dataclasses.replace(
            lg.row, status=status, next_due=None, deadline=None, updated_at=now
        )
        lg.seats = tuple(dataclasses.replace(s, waiting_since=None) for s in lg.seats)


def players_text(counts: tuple[int, ...]) -> str:
    """``(2, 3, 4)`` -> ``"2 to 4 players"``; ``(1, 2, 3, 4)`` -> ``"1 (solo) to 4 players"``
    (English: the log's; :func:`players_error` gives the words to translate)."""
    low, high = min(counts), max(counts)
    first = "1 (solo)" if low == 1 else str(low)
    return f"{first} player" if low == high == 1 else f"{first} to {high} players"


def players_error(title: str, counts: tuple[int, ...]) -> BadOptionError:
    """``<title> is for 2 to 4 players.``, as a catalog message."""
    low, high = min(counts), max(counts)
    if low == high == 1:
        return BadOptionError(N_("{title} is for 1 player (solo)."), title=title)
    if low == 1:
        return BadOptionError(
            N_("{title} is for 1 (solo) to {high} players."), title=title, high=high
        )
    return BadOptionError(
        N_("{title} is for {low} to {high} players."), title=title, low=low, high=high
    )


def busy_error(game_id: int | None) -> ChannelBusyError:
    if game_id is None:
        return ChannelBusyError(
            N_(
                "This channel already has a game. Finish or cancel it first, or start a thread "
                "for a new one."
            )
        )
    return ChannelBusyError(
        N_(
            "This channel already has a game (game #{game}). Finish or cancel it first, or "
            "start a thread for a new one."
        ),
        game=game_id,
    )


def validate(plugin: GamePlugin, o: TableOptions) -> None:
    assert o.players is not None and o.turn_time is not None
    counts = plugin.capabilities.player_counts
    if o.players not in counts:
        raise players_error(plugin.title, counts)
    check_turn_time(o.turn_time)
    check_bank(o)
    if o.seat_order not in ("random", "joined"):
        raise BadOptionError(N_("The seat order must be `random` or `joined`."))
    if not all(0 < f < 1 for f in o.reminders_at):
        raise BadOptionError(
            N_("Reminder points must be fractions of the turn time between 0 and 1.")
        )
    if not all(b > 0 for b in o.reminders_before):
        raise BadOptionError(
            N_("Reminders before the deadline must be a positive number of seconds.")
        )
    if not (1 <= o.max_timeouts <= 100):
        raise BadOptionError(N_("The number of timeouts before an AI takes over must be 1 to 100."))
    if parse_level(o.ai_level) is None:
        raise BadOptionError(N_("The AI level must be `easy`, `normal` or `hard`."))
    if o.players == 1 and o.ai_seats:
        raise BadOptionError(N_("A solo game has no AI seats."))
    if o.players > 1 and not (0 <= o.ai_seats < o.players):
        raise BadOptionError(
            N_("There can be 0 to {most} AI players at a {seats}-seat table."),
            most=o.players - 1,
            seats=o.players,
        )
    try:
        codec.dumps(dict(o.variants))
    except TypeError:
        raise BadOptionError(
            N_("Game options must be plain values (text, numbers, yes/no).")
        ) from None
    try:
        plugin.engine.new_game(0, o.players, dict(o.variants))
    except RuleError as e:
        raise from_rule(BadOptionError, e, plugin.key) from None
