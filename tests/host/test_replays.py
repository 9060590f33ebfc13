"""Replays: each step is the game as it was then, rebuilt from the seed and the log; a running
game only up to its current move; only public information unless the rules reveal it."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from engine.core import Record, replay
from host import FakeClock, GameNotActiveError, Host, NoSuchGameError, TableOptions
from host.replays import KEEP_EVERY
from storage import codec
from tests.host.conftest import NewDb, OpenHost
from tests.host.helpers import GUILD, USERS, random_move, started_game
from tests.toy import PLUGIN, TOY, games


async def _records(host: Host, game_id: int) -> list[Record]:
    rows = await host.db.events.events(game_id)
    return [Record(r.seat, r.action, tuple(codec.loads(r.events))) for r in rows]


async def _play(host: Host, game_id: int, moves: int, seed: int = 3) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        if await random_move(host, game_id, rng) is None:
            return


async def test_every_step_is_the_public_view_of_the_state_replayed_to_its_version(
    host: Host,
) -> None:
    status = await started_game(host, players=3, variants={"bids": True, "target": 30})
    game_id = status.game_id
    await _play(host, game_id, 400)
    assert (await host.views.status(game_id)).status == "finished"
    records = await _records(host, game_id)
    row = (await host.db.games.load_game(game_id)).game  # type: ignore[union-attr]
    first = await host.replays.step(game_id, 0)
    assert first.index == 0 and first.version == 0 and first.entries == ()
    assert first.count > KEEP_EVERY * 2  # so kept states and replays between them are used
    told: list[int] = []
    for index in range(first.count):
        step = await host.replays.step(game_id, index)
        state = replay(
            TOY, row.seed, row.players, {"bids": True, "target": 30}, records[: step.version]
        )
        assert step.view == TOY.view(state, None)
        assert [e.version for e in step.entries] == list(range(len(told) + 1, step.version + 1))
        told += [e.version for e in step.entries]
    assert told == list(range(1, len(records) + 1))  # every move told once, in order
    last = await host.replays.step(game_id, -1)
    assert last.is_last and last.version == len(records)
    assert last.view == await host.views.public_view(game_id)
    assert (await host.replays.step(game_id, 10_000)).index == last.index


async def test_a_running_game_is_replayed_up_to_its_current_move_only(host: Host) -> None:
    game_id = (await started_game(host, players=2)).game_id
    await _play(host, game_id, 6)
    before = await host.replays.step(game_id, -1)
    assert before.version == (await host.views.status(game_id)).version == 6
    assert before.view == await host.views.public_view(game_id)
    await _play(host, game_id, 5, seed=9)
    after = await host.replays.step(game_id, -1)  # the cached replay grows with the game
    assert after.version == 11 and after.count > before.count
    assert after.view == await host.views.public_view(game_id)
    again = await host.replays.step(game_id, before.index)
    assert again.view == before.view


async def test_no_secret_shows_in_a_replay_unless_the_finished_game_reveals_it(
    hosts: OpenHost, new_db: NewDb, clock: FakeClock
) -> None:
    revealing = dataclasses.replace(
        PLUGIN, presentation=dataclasses.replace(PLUGIN.presentation, replay_reveals=True)
    )
    plain = await hosts(new_db("plain"), clock)
    open_ = await hosts(
        new_db("open"),
        clock,
        games=lambda kind: revealing if kind == TOY.key else games(kind),
    )
    for host, reveals in ((plain, False), (open_, True)):
        game_id = (await started_game(host, players=2, variants={"target": 6})).game_id
        await _play(host, game_id, 4)
        hands = {u: (await host.views.private_view(game_id, u)).view["hand"] for u in USERS[:2]}
        assert any(hands.values())

        async def everything(host: Host = host, game_id: int = game_id) -> list[Any]:
            first = await host.replays.step(game_id, 0)
            steps = [await host.replays.step(game_id, i) for i in range(first.count)]
            return [e for s in steps for entry in s.entries for e in entry.events] + [
                s.view for s in steps
            ]

        running = await everything()
        assert running and not any("secret" in str(x) for x in running)
        assert not any("hand" in x for x in running if "type" not in x)  # views: no hand
        await _play(host, game_id, 400)
        assert (await host.views.status(game_id)).status == "finished"
        ended = await everything()
        assert any("secret" in x for x in ended if "type" in x) == reveals
        assert not any("hand" in x for x in ended if "type" not in x)


async def test_a_game_of_another_server_or_not_yet_dealt_cannot_be_replayed(host: Host) -> None:
    game_id = (await started_game(host, players=2)).game_id
    with pytest.raises(NoSuchGameError):
        await host.replays.step(game_id, 0, guild_id=GUILD + 1)
    lobby = await host.tables.create_game(GUILD, 900, USERS[0], TableOptions(kind="toy", players=2))
    with pytest.raises(GameNotActiveError, match="not been dealt"):
        await host.replays.step(lobby.game_id, 0, guild_id=GUILD)
    with pytest.raises(NoSuchGameError):
        await host.replays.step(99_999, 0)
    listed = await host.replays.games(GUILD)
    assert [g.game_id for g in listed] == [game_id]  # the lobby has no board yet
    assert (await host.replays.game_to_replay(500)).game_id == game_id  # type: ignore[union-attr]
