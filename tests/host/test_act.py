"""Moves: act, hidden information, errors, autocomplete, the log, concurrency, restarts."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from host import (
    FakeClock,
    GameNotActiveError,
    Host,
    InvalidMoveError,
    NotAPlayerError,
    NotYourTurnError,
    StaleVersionError,
    TableOptions,
)
from storage.check import check_database
from tests.host.conftest import NewDb, OpenHost
from tests.host.helpers import GUILD, USERS, random_move, started_game
from tests.toy import TOY, games

A, B, C, D = USERS


async def test_a_move_returns_public_and_private_information_to_the_right_seats(
    host: Host,
) -> None:
    game = (await started_game(host)).game_id
    hand = (await host.views.private_view(game, A)).view["hand"]
    result = await host.moves.act(game, A, f"play {hand[0]}", 0)
    assert (result.version, result.seat, result.user_id, result.by) == (1, 0, A, "player")
    assert result.notation == f"play {hand[0]}" and result.label.startswith("Play your")
    assert result.board  # the turn passed: the channel gets the board
    (public,) = await host.views.log(game, None)
    drawn = [e for e in public.events if e["type"] == "CardDrawn"]
    assert drawn == [{"type": "CardDrawn", "seat": 0}]  # the card drawn is not public
    (mine,) = await host.views.log(game, A)
    secret = next(e for e in mine.events if e["type"] == "CardDrawn")["secret"]
    new_hand = (await host.views.private_view(game, A)).view["hand"]
    assert secret["card"] in new_hand
    assert "hand" not in await host.views.public_view(game)
    assert [s.user_id for s in result.next_to_act] == [B]
    assert result.next_to_act[0].colour == "black"


async def test_views_and_the_log_are_redacted_per_viewer(host: Host) -> None:
    game = (await started_game(host)).game_id
    hand = (await host.views.private_view(game, A)).view["hand"]
    await host.moves.act(game, A, f"play {hand[0]}")
    await host.moves.act(game, B, "pass")
    with pytest.raises(NotAPlayerError):
        await host.views.private_view(game, D)
    for viewer, sees_secret in ((A, True), (B, False), (D, False), (None, False)):
        log = await host.views.log(game, viewer)
        assert [e.notation for e in log] == [f"play {hand[0]}", "pass"]
        drawn = next(e for e in log[0].events if e["type"] == "CardDrawn")
        assert ("secret" in drawn) is sees_secret
    assert [e.version for e in await host.views.log(game, A, limit=1)] == [2]


async def test_wrong_moves_get_a_clear_error_and_change_nothing(host: Host) -> None:
    game = (await started_game(host)).game_id
    before = await host.views.status(game)
    with pytest.raises(NotYourTurnError, match="waiting for the red player") as turn:
        await host.moves.act(game, B, "pass")
    assert [(s.user_id, s.colour) for s in turn.value.waiting_on] == [(A, "red")]
    with pytest.raises(NotAPlayerError, match="not playing"):
        await host.moves.act(game, D, "pass")
    with pytest.raises(InvalidMoveError, match="not a move"):
        await host.moves.act(game, A, "fly to the moon")
    hand = (await host.views.private_view(game, A)).view["hand"]
    missing = next(v for v in range(1, 7) if v not in hand)
    with pytest.raises(InvalidMoveError, match="Legal now: `play"):
        await host.moves.act(game, A, f"play {missing}")
    with pytest.raises(InvalidMoveError, match="too long") as long:
        await host.moves.act(game, A, "play 1 " * 1000)
    assert len(str(long.value)) < 300  # the text is not echoed back
    await host.moves.act(game, A, "pass", 0)
    with pytest.raises(StaleVersionError) as stale:
        await host.moves.act(game, B, "pass", 0)  # a button drawn for version 0
    assert stale.value.current_version == 1
    after = await host.views.status(game)
    assert after.version == 1 and [s.user_id for s in after.waiting_on] == [B]
    assert len(await host.views.log(game, limit=50)) == 1
    assert before.version == 0


async def test_not_your_turn_carries_whom_the_game_waits_for_without_raw_mentions(
    host: Host,
) -> None:
    game = (await started_game(host, players=3)).game_id
    await host.moves.act(game, A, "pass")  # now the game waits for B (black)
    with pytest.raises(NotYourTurnError) as turn:
        await host.decisions.legal_choices(game, C)
    error = turn.value
    assert [(s.seat, s.user_id, s.colour) for s in error.waiting_on] == [(1, B, "black")]
    assert str(error) == "It is not your turn: the game is waiting for the black player."
    assert "<@" not in str(error)
    named = error.naming(lambda s: f"@{s.user_id} ({s.colour})")
    assert named == f"It is not your turn: the game is waiting for @{B} (black)."
    assert (await host.views.status(game)).version == 1


async def test_a_lobby_and_a_finished_game_take_no_moves(host: Host) -> None:
    lobby = await host.tables.create_game(
        GUILD, 600, A, TableOptions(kind="downfall")
    )  # not started
    with pytest.raises(GameNotActiveError, match="not started"):
        await host.moves.act(lobby.game_id, A, "pass")
    game = (await started_game(host, variants={"max_turns": 2})).game_id
    await host.moves.act(game, A, "pass")
    last = await host.moves.act(game, B, "pass")
    assert last.outcome is not None and last.next_to_act == () and last.deadline is None
    status = await host.views.status(game)
    assert status.status == "finished" and status.outcome == last.outcome
    with pytest.raises(GameNotActiveError, match="over"):
        await host.moves.act(game, C, "pass")
    assert await host.views.game_in_channel(500) is None


async def test_an_out_of_turn_decision_is_offered_but_never_waited_for(
    hosts: OpenHost, new_db: NewDb
) -> None:
    # Find a seed where B holds two sixes at the start, so B may knock out of turn.
    for seed in range(200):
        if sum(TOY.new_game(seed, 3).hands[1]) >= 12:
            break
    h = await hosts(new_db("knock"), FakeClock(), seed_source=lambda: seed)
    game = (await started_game(h)).game_id
    status = await h.views.status(game)
    assert [s.user_id for s in status.waiting_on] == [A]
    assert [c.notation for c in await h.decisions.legal_choices(game, B)] == ["knock"]
    result = await h.moves.act(game, B, "knock")
    assert result.outcome is not None and result.outcome.reason == "knock"
    await h.close()


async def test_autocomplete_filters_legal_moves_by_label_or_notation(host: Host) -> None:
    game = (await started_game(host)).game_id
    hand = sorted(set((await host.views.private_view(game, A)).view["hand"]))
    every = await host.decisions.legal_choices(game, A)
    assert [c.notation for c in every] == [f"play {v}" for v in hand] + ["pass"]
    assert [c.notation for c in await host.decisions.legal_choices(game, A, "PASS")] == ["pass"]
    by_label = await host.decisions.legal_choices(game, A, "draw NOTHING")
    assert [c.label for c in by_label] == ["Pass (draw nothing)"]
    nothing = await host.decisions.legal_choices(game, A, "zzz")
    assert (nothing.choices, nothing.total, nothing.more) == ((), 0, 0)
    assert every.total == len(every) and every.more == 0
    with pytest.raises(NotYourTurnError):
        await host.decisions.legal_choices(game, B)


async def test_autocomplete_offers_at_most_25_choices_and_says_how_many_match(
    host: Host,
) -> None:
    game = (await started_game(host, variants={"slots": 20})).game_id
    cards = len(set((await host.views.private_view(game, A)).view["hand"]))
    choices = await host.decisions.legal_choices(game, A)
    assert len(choices) == 25
    assert choices.total == cards * 20 + 1 and choices.more == choices.total - 25  # + pass
    slash_one = await host.decisions.legal_choices(game, A, "/1")  # /1 and /10../19
    assert len(slash_one) == slash_one.total == cards * 11 and slash_one.more == 0
    # Past the first 25, matches are still counted, by label as well as by notation.
    by_label = await host.decisions.legal_choices(game, A, "TO SLOT")  # "... to slot N", N >= 1
    assert len(by_label) == 25 and by_label.total == cards * 19
    assert all("to slot" in c.label for c in by_label)
    assert await host.moves.act(game, A, choices[-1].notation, 0)


async def test_fifty_concurrent_clicks_on_one_version_apply_exactly_once(host: Host) -> None:
    game = (await started_game(host)).game_id
    for version in range(5):
        status = await host.views.status(game)
        user = status.waiting_on[0].user_id
        assert user is not None and status.version == version
        legal = [c.notation for c in await host.decisions.legal_choices(game, user)]
        clicks = [legal[i % len(legal)] for i in range(50)]
        results = await asyncio.gather(
            *(host.moves.act(game, user, m, version) for m in clicks), return_exceptions=True
        )
        applied = [r for r in results if not isinstance(r, BaseException)]
        assert len(applied) == 1 and applied[0].version == version + 1
        assert all(isinstance(r, StaleVersionError) for r in results if r not in applied)
    assert (await host.views.status(game)).version == 5
    assert [e.version for e in await host.views.log(game, limit=100)] == [1, 2, 3, 4, 5]


async def test_concurrent_moves_without_a_version_never_both_apply(host: Host) -> None:
    game = (await started_game(host)).game_id
    results = await asyncio.gather(
        *(host.moves.act(game, A, "pass") for _ in range(50)), return_exceptions=True
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(isinstance(r, NotYourTurnError) for r in results if isinstance(r, BaseException))
    assert (await host.views.status(game)).version == 1


async def test_a_reopened_host_continues_every_game_exactly(
    hosts: OpenHost, db_path: Path, clock: FakeClock
) -> None:
    h = await hosts(db_path, clock)
    game = (await started_game(h)).game_id
    rng = random.Random(5)
    for _ in range(6):
        await random_move(h, game, rng)
    status = await h.views.status(game)
    views = {u: (await h.views.private_view(game, u)).view for u in USERS[:3]}
    public = await h.views.public_view(game)
    await h.close()
    h = await hosts(db_path, clock)
    assert await h.views.status(game) == status
    assert await h.views.public_view(game) == public
    assert {u: (await h.views.private_view(game, u)).view for u in USERS[:3]} == views
    assert await random_move(h, game, rng) is not None
    await h.close()


async def test_200_games_driven_concurrently_stay_consistent(
    hosts: OpenHost, new_db: NewDb
) -> None:
    clock = FakeClock()
    h = await hosts(new_db("many"), clock)
    ids = [
        (await started_game(h, channel=c, players=2 + c % 3, kind="downfall")).game_id
        for c in range(200)
    ]
    played: dict[int, int] = dict.fromkeys(ids, 0)

    async def drive(game: int, seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(8):
            result = await random_move(h, game, rng)
            if result is None:
                return
            played[game] += 1
            # Secrets stay with their owners: nothing for the channel carries one.
            (entry,) = await h.views.log(game, None, limit=1)
            assert entry.version == result.version
            assert all("secret" not in e for e in entry.events)
            assert "hand" not in await h.views.public_view(game)
            await asyncio.sleep(0)

    await asyncio.gather(*(drive(g, i) for i, g in enumerate(ids)))
    for game in ids:
        assert (await h.views.status(game)).version == played[game]
    await h.close()
    report = check_database(new_db("many"), games)
    assert report.ok, report.problems
    assert report.games_checked == 200 and report.moves_replayed == sum(played.values())


async def test_the_second_game_plays_through_the_same_host(hosts: OpenHost, new_db: NewDb) -> None:
    h = await hosts(new_db("cardcity"), FakeClock())
    rng = random.Random(4)
    outcomes = []
    for channel, players in ((1, 2), (2, 4)):
        game = (await started_game(h, channel=channel, players=players, kind="cardcity")).game_id
        last = None
        while (result := await random_move(h, game, rng)) is not None:
            last = result
        assert last is not None and last.outcome is not None
        assert (await h.views.status(game)).status == "finished"
        outcomes.append(last.outcome)
    await h.close()
    assert [len(o.places) for o in outcomes] == [2, 4]
    report = check_database(new_db("cardcity"), games)
    assert report.ok, report.problems
    assert report.games_checked == 2
