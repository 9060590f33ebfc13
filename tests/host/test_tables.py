"""Lobbies: create, join, leave, AI seats, start, resign, cancel, options, server settings."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from host import (
    AlreadySeatedError,
    BadOptionError,
    ChannelBusyError,
    FakeClock,
    GameNotActiveError,
    Host,
    NoSuchGameError,
    NotAPlayerError,
    NotEnoughPlayersError,
    NotInLobbyError,
    PermissionDeniedError,
    TableFullError,
    TableOptions,
    WrongChannelError,
)
from host.ai import LevelChooser, seat_chooser
from tests.host.conftest import NewDb, OpenHost
from tests.host.helpers import GUILD, USERS, started_game

A, B, C, D = USERS
TOY = TableOptions(kind="toy", players=3)


async def test_a_new_game_is_a_lobby_with_its_creator_seated(host: Host) -> None:
    status = await host.tables.create_game(GUILD, 500, A, TOY)
    assert status.status == "lobby"
    assert [s.user_id for s in status.seats] == [A]
    assert status.creator_id == A and status.channel_id == 500
    assert (await host.views.game_in_channel(500)) == status
    assert await host.views.game_in_channel(501) is None


async def test_a_channel_holds_one_open_game(host: Host) -> None:
    first = await host.tables.create_game(GUILD, 500, A, TOY)
    with pytest.raises(ChannelBusyError, match=f"#{first.game_id}"):
        await host.tables.create_game(GUILD, 500, B, TOY)
    other = await host.tables.create_game(GUILD, 501, B, TOY)
    assert other.game_id != first.game_id


async def test_joining_twice_and_a_full_table_are_refused(host: Host) -> None:
    game = (
        await host.tables.create_game(GUILD, 500, A, TableOptions(kind="toy", players=2))
    ).game_id
    with pytest.raises(AlreadySeatedError, match="already joined"):
        await host.tables.join(game, A)
    await host.tables.join(game, B)
    with pytest.raises(TableFullError, match="full"):
        await host.tables.join(game, C)
    assert [s.user_id for s in (await host.views.status(game)).seats] == [A, B]


async def test_start_needs_enough_players_and_the_creator_or_an_admin(host: Host) -> None:
    downfall = TableOptions(kind="downfall", players=2)
    game = (await host.tables.create_game(GUILD, 500, A, downfall)).game_id
    with pytest.raises(NotEnoughPlayersError, match="at least 2"):
        await host.tables.start(game, A)
    await host.tables.join(game, B)
    with pytest.raises(PermissionDeniedError, match="creator"):
        await host.tables.start(game, B)
    started = await host.tables.start(game, B, is_admin=True)
    assert started.status.status == "active"
    with pytest.raises(NotInLobbyError, match="already started"):
        await host.tables.join(game, C)


async def test_start_deals_private_views_only_to_each_seat(host: Host) -> None:
    game = (await host.tables.create_game(GUILD, 500, A, TOY)).game_id
    await host.tables.join(game, B)
    started = await host.tables.start(game, A)
    assert "hand" not in await host.views.public_view(game)
    for seat in started.status.seats:
        assert seat.user_id is not None
        private = await host.views.private_view(game, seat.user_id)
        assert private.seat == seat.seat and len(private.view["hand"]) == 2
    assert [row.version for row in await host.outbox.unsent(game)] == [0]  # the first board waits


async def test_a_solo_game_starts_with_one_player_where_the_game_has_a_solo_mode(
    host: Host,
) -> None:
    solo = (
        await host.tables.create_game(GUILD, 500, A, TableOptions(kind="toy", players=1))
    ).game_id
    assert (await host.tables.start(solo, A)).status.status == "active"
    with pytest.raises(BadOptionError, match="2 to 4 players"):
        await host.tables.create_game(GUILD, 501, A, TableOptions(kind="downfall", players=1))


async def test_seat_order_as_joined_or_shuffled_from_the_seed(
    hosts: OpenHost, new_db: NewDb
) -> None:
    orders = []
    for run in range(2):
        h = await hosts(new_db(str(run)), FakeClock())
        for channel, order in ((1, "joined"), (2, "random"), (3, "random"), (4, "random")):
            opts = TableOptions(kind="toy", players=4, seat_order=order)
            game = (await h.tables.create_game(GUILD, channel, A, opts)).game_id
            for user in (B, C, D):
                await h.tables.join(game, user)
            status = (await h.tables.start(game, A)).status
            orders.append(tuple(s.user_id for s in status.seats))
        await h.close()
    assert orders[0] == (A, B, C, D)
    assert all(sorted(o) == sorted(USERS) for o in orders)
    assert len(set(orders[1:4])) > 1  # different seeds shuffle differently
    assert orders[:4] == orders[4:]  # the same seeds give the same order


async def test_leaving_the_lobby_and_the_last_human_leaving_cancels_it(host: Host) -> None:
    game = (await host.tables.create_game(GUILD, 500, A, TOY)).game_id
    await host.tables.join(game, B)
    status = await host.tables.leave(game, A)
    assert [s.user_id for s in status.seats] == [B]
    with pytest.raises(NotAPlayerError):
        await host.tables.leave(game, C)
    status = await host.tables.leave(game, B)
    assert status.status == "cancelled"
    assert await host.views.game_in_channel(500) is None


async def test_when_the_creator_leaves_the_next_player_runs_the_lobby(host: Host) -> None:
    game = (await host.tables.create_game(GUILD, 500, A, TOY)).game_id
    await host.tables.join(game, B)
    await host.tables.join(game, C)
    status = await host.tables.leave(game, A)
    assert status.creator_id == B
    with pytest.raises(PermissionDeniedError, match=f"<@{B}>"):
        await host.tables.start(game, C)
    assert (await host.tables.start(game, B)).status.status == "active"


async def test_leaving_a_started_game_points_to_resign(host: Host) -> None:
    status = await started_game(host)
    with pytest.raises(NotInLobbyError, match="resign"):
        await host.tables.leave(status.game_id, B)


async def test_cancel_is_for_the_creator_or_an_admin_and_frees_the_channel(host: Host) -> None:
    status = await started_game(host)
    with pytest.raises(PermissionDeniedError):
        await host.tables.cancel(status.game_id, B)
    cancelled = await host.tables.cancel(status.game_id, B, is_admin=True)
    assert cancelled.status == "cancelled" and cancelled.deadline is None
    with pytest.raises(GameNotActiveError, match="cancelled"):
        await host.moves.act(status.game_id, A, "pass")
    with pytest.raises(GameNotActiveError):
        await host.tables.cancel(status.game_id, A)
    again = await host.tables.create_game(GUILD, 500, C, TOY)
    assert again.game_id != status.game_id


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (TableOptions(kind="chess"), "Unknown game"),
        (TableOptions(kind="toy", players=5), "1 \\(solo\\) to 4 players"),
        (TableOptions(kind="toy", turn_time=60), "5 minutes and 7 days"),
        (TableOptions(kind="toy", turn_time=8 * 24 * 3600), "5 minutes and 7 days"),
        (TableOptions(kind="toy", timeout_policy="wait"), "timeout policy"),  # type: ignore[arg-type]
        (TableOptions(kind="toy", variants={"target": 1000}), "target"),
        (TableOptions(kind="toy", players=2, ai_seats=2), "AI players"),
        (TableOptions(kind="toy", players=2, ai_seats=1, ai_level="genius"), "AI level"),
        (TableOptions(kind="toy", reminders_at=(1.5,)), "fractions"),
        (TableOptions(kind="toy", variants={"target": object()}), "plain values"),
    ],
)
async def test_bad_options_are_refused_with_a_reason(
    host: Host, options: TableOptions, message: str
) -> None:
    with pytest.raises(BadOptionError, match=message):
        await host.tables.create_game(GUILD, 500, A, options)
    assert await host.views.game_in_channel(500) is None


async def test_server_settings_are_stored_and_used_as_defaults(
    hosts: OpenHost, db_path: Path, clock: FakeClock
) -> None:
    h = await hosts(db_path, clock)
    assert (await h.servers.guild_settings(GUILD)).turn_time == 24 * 3600
    await h.servers.set_guild_settings(GUILD, turn_time=3600, timeout_policy="skip")
    with pytest.raises(BadOptionError):
        await h.servers.set_guild_settings(GUILD, turn_time=10)
    await h.close()
    h = await hosts(db_path, clock)
    settings = await h.servers.guild_settings(GUILD)
    assert (settings.turn_time, settings.timeout_policy) == (3600, "skip")
    status = await started_game(h)
    assert status.options.turn_time == 3600 and status.options.timeout_policy == "skip"
    assert status.deadline == clock.now() + 3600
    other_guild = await h.tables.create_game(GUILD + 1, 900, A, TOY)
    assert other_guild.options.turn_time == 24 * 3600
    await h.close()


async def test_unknown_game_and_wrong_channel_are_explained(host: Host) -> None:
    status = await started_game(host)
    with pytest.raises(NoSuchGameError, match="#999"):
        await host.views.status(999)
    with pytest.raises(NoSuchGameError):
        await host.tables.join(999, A)
    with pytest.raises(WrongChannelError, match="<#500>"):
        await host.moves.act(status.game_id, A, "pass", channel_id=501)
    with pytest.raises(WrongChannelError):
        await host.tables.join(status.game_id, D, channel_id=501)


async def test_ai_seats_play_through_the_scheduler(host: Host, clock: FakeClock) -> None:
    opts = TableOptions(kind="toy", players=3, ai_seats=2, seat_order="joined")
    game = (await host.tables.create_game(GUILD, 500, A, opts)).game_id
    with pytest.raises(PermissionDeniedError):
        await host.tables.add_ai(game, B)
    status = (await host.tables.start(game, A)).status
    assert [s.is_ai for s in status.seats] == [False, True, True]
    await host.moves.act(game, A, (await host.decisions.legal_choices(game, A))[0].notation)
    first = await host.scheduler.run_due()  # one AI move per game per call, so the bot posts each
    assert await host.scheduler.next_due() == clock.now()  # the next AI move is due at once
    notes = first + await host.scheduler.run_due()
    assert [(n.seat, n.by) for n in notes] == [(1, "ai"), (2, "ai")]  # type: ignore[union-attr]
    assert await host.scheduler.run_due() == []
    after = await host.views.status(game)
    assert after.version == 3 and [s.user_id for s in after.waiting_on] == [A]


async def test_a_resigned_seat_is_played_by_the_ai_and_the_ais_finish_when_all_resign(
    hosts: OpenHost, db_path: Path, clock: FakeClock
) -> None:
    host = await hosts(db_path, clock, ai_pace=2.0)
    status = await started_game(host, players=3)
    game = status.game_id
    resigned = await host.tables.resign(game, A)  # A is on turn
    assert resigned.seats[0].resigned and resigned.seats[0].ai_controlled
    with pytest.raises(NotAPlayerError, match="resigned"):
        await host.moves.act(game, A, "pass")
    notes = await host.scheduler.run_due()
    assert len(notes) == 1 and notes[0].seat == 0 and "resigned" in notes[0].note  # type: ignore[union-attr]
    await host.tables.resign(game, B)
    last = await host.tables.resign(game, C)
    # No human is left: the game goes on, every seat an AI's, at the AI pace, to its end.
    assert last.status == "active" and all(s.resigned and s.ai_controlled for s in last.seats)
    with pytest.raises(GameNotActiveError, match="already resigned"):
        await host.tables.resign(game, C)
    assert await host.scheduler.next_due() == clock.now() + 2.0  # the AI pace
    for _ in range(500):
        due = await host.scheduler.next_due()
        if due is None:
            break
        assert due >= clock.now()
        clock.advance(max(0.0, due - clock.now()))
        await host.scheduler.run_due()
    end = await host.views.status(game)
    assert end.status == "finished" and end.outcome is not None


async def test_double_clicks_and_a_rush_for_the_last_seats_are_handled(host: Host) -> None:
    created = await asyncio.gather(
        *(host.tables.create_game(GUILD, 700, u, TOY) for u in (A, B, C, A)), return_exceptions=True
    )
    games = [r for r in created if not isinstance(r, BaseException)]
    assert len(games) == 1
    assert all(isinstance(r, ChannelBusyError) for r in created if r not in games)
    game = games[0].game_id
    creator = games[0].creator_id
    others = [u for u in USERS if u != creator] + [999, 998]
    joined = await asyncio.gather(
        *(host.tables.join(game, u) for u in others), return_exceptions=True
    )
    assert sum(not isinstance(r, BaseException) for r in joined) == 2  # a 3-seat table
    assert all(isinstance(r, TableFullError) for r in joined if isinstance(r, BaseException))
    again = await asyncio.gather(host.tables.join(game, creator), return_exceptions=True)
    assert isinstance(again[0], AlreadySeatedError)
    assert len((await host.views.status(game)).seats) == 3


async def test_the_last_game_of_a_channel_is_found_after_it_ends_and_after_a_restart(
    hosts: OpenHost, db_path: Path, clock: FakeClock
) -> None:
    h = await hosts(db_path, clock)
    assert await h.views.last_game_in_channel(500) is None
    lobby = await h.tables.create_game(GUILD, 500, A, TOY)
    assert await h.views.last_game_in_channel(500) == lobby  # the open game, when there is one
    await h.tables.cancel(lobby.game_id, A)
    cancelled = await h.views.last_game_in_channel(500)
    assert cancelled is not None and cancelled.game_id == lobby.game_id
    assert cancelled.status == "cancelled"
    game = (await started_game(h, players=2, variants={"max_turns": 2})).game_id
    other = await h.tables.create_game(GUILD, 501, B, TOY)  # a newer game, in another channel
    await h.moves.act(game, A, "pass")
    await h.moves.act(game, B, "pass")
    assert await h.views.game_in_channel(500) is None  # nothing open here any more...
    await h.close()
    h = await hosts(db_path, clock)  # ...and after a restart the finished game is still found
    last = await h.views.last_game_in_channel(500)
    assert last is not None and last.game_id == game and last.status == "finished"
    assert last.outcome is not None and last.version == 2
    assert (await h.views.last_game_in_channel(501)) == await h.views.status(other.game_id)
    again = await h.tables.create_game(GUILD, 500, C, TOY)  # a new game takes over the channel
    assert await h.views.last_game_in_channel(500) == again
    await h.close()


async def test_ai_seats_carry_their_level_and_are_played_at_it(
    new_db: NewDb, clock: FakeClock, hosts: OpenHost
) -> None:
    # The host's default chooser is the real AI (normal level for timeouts); a seat's level
    # comes from the table option and is written in its name, so it survives a restart.
    host = await hosts(new_db("g"), clock, chooser=None)
    opts = TableOptions(kind="downfall", players=3, ai_seats=2, ai_level="hard")
    game = (await host.tables.create_game(GUILD, 600, A, opts)).game_id
    status = (await host.tables.start(game, A)).status
    assert sorted(s.ai for s in status.seats if s.is_ai) == ["AI 1 (hard)", "AI 2 (hard)"]
    assert isinstance(host.chooser, LevelChooser) and host.chooser.level == "normal"
    ai_seat = next(s for s in status.seats if s.is_ai)
    assert seat_chooser(host.chooser, ai_seat.ai).name == "the hard AI"
