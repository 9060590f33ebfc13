"""Undo (issue 46): a move taken back at once while nobody answered it and nothing was
revealed; with the table's agreement after another seat acted; never across a draw. The log
keeps the move and its undo; the game replays to the state without the move."""

from __future__ import annotations

import pytest

from engine.core import Record, replay
from host import FakeClock, Host
from host.undo import VOTE_SECONDS, UndoRefusedError, Undos
from storage import codec, undo
from storage.check import check_database
from tests.host.conftest import NewDb, OpenHost
from tests.host.helpers import USERS, started_game
from tests.toy import TOY, games

ALICE, BOB, CAROL = USERS[:3]


async def _state(host: Host, game_id: int) -> object:
    lg = await host.store.get(game_id)
    return lg.state


async def _replayed(host: Host, game_id: int) -> object:
    """The game replayed from its seed and the moves not taken back."""
    rows = undo.live(await host.db.events.events(game_id))
    row = (await host.db.games.load_game(game_id)).game  # type: ignore[union-attr]
    records = [Record(r.seat, r.action, tuple(codec.loads(r.events))) for r in rows]
    return replay(TOY, row.seed, row.players, {}, records)


async def test_a_pass_nobody_answered_is_taken_back(host: Host) -> None:
    game_id = (await started_game(host, players=2)).game_id
    before = await _state(host, game_id)
    await host.moves.act(game_id, ALICE, "pass")
    result = await host.undos.take_back(game_id, ALICE)
    assert result.version == 2 and result.board and result.notation == "↩ 1"
    status = await host.views.status(game_id)
    assert [s.user_id for s in status.waiting_on] == [ALICE]
    assert await _state(host, game_id) == before == await _replayed(host, game_id)
    log = await host.views.log(game_id)
    assert [e.notation for e in log] == ["pass", "↩ 1"]  # nothing deleted
    assert log[1].undoes == 1 and log[1].events == ()
    await host.moves.act(game_id, ALICE, "pass")  # the seat plays again from there


async def test_a_move_that_drew_a_card_is_never_taken_back(host: Host) -> None:
    game_id = (await started_game(host, players=2)).game_id
    card = (await host.decisions.legal_choices(game_id, ALICE)).choices[0].notation
    assert card.startswith("play")
    await host.moves.act(game_id, ALICE, card)
    for attempt in (host.undos.take_back, host.undos.ask):
        with pytest.raises(UndoRefusedError) as refused:
            await attempt(game_id, ALICE)
        assert not refused.value.table and "revealed" in str(refused.value)
    assert (await host.views.status(game_id)).version == 1


async def test_another_seat_acted_so_the_table_decides(host: Host) -> None:
    game_id = (await started_game(host, players=3)).game_id
    start = await _state(host, game_id)
    await host.moves.act(game_id, ALICE, "pass")
    await host.moves.act(game_id, BOB, "pass")
    with pytest.raises(UndoRefusedError) as refused:
        await host.undos.take_back(game_id, ALICE)
    assert refused.value.table
    vote = await host.undos.ask(game_id, ALICE)
    assert vote.open and vote.voters == (1, 2) and vote.back_to == 1
    with pytest.raises(UndoRefusedError):  # one request at a time
        await host.undos.ask(game_id, BOB)
    vote = await host.undos.vote(game_id, BOB, vote.version, True)
    assert vote.open and vote.agreed == (1,)
    vote = await host.undos.vote(game_id, CAROL, vote.version, True)
    assert vote.result is not None and vote.result.version == 3
    assert await _state(host, game_id) == start == await _replayed(host, game_id)
    assert [e.notation for e in await host.views.log(game_id)] == ["pass", "pass", "↩ 1"]


async def test_one_refusal_ends_the_request(host: Host) -> None:
    game_id = (await started_game(host, players=3)).game_id
    await host.moves.act(game_id, ALICE, "pass")
    await host.moves.act(game_id, BOB, "pass")
    vote = await host.undos.ask(game_id, ALICE)
    vote = await host.undos.vote(game_id, BOB, vote.version, True)
    vote = await host.undos.vote(game_id, CAROL, vote.version, False)
    assert not vote.open and vote.refused_by == 2 and vote.result is None
    assert (await host.views.status(game_id)).version == 2
    with pytest.raises(UndoRefusedError):  # the request is over
        await host.undos.vote(game_id, BOB, vote.version, True)


async def test_silence_refuses_and_a_move_ends_the_request(host: Host, clock: FakeClock) -> None:
    game_id = (await started_game(host, players=2)).game_id
    await host.moves.act(game_id, ALICE, "pass")
    await host.moves.act(game_id, BOB, "pass")
    vote = await host.undos.ask(game_id, ALICE)
    clock.advance(VOTE_SECONDS + 1)
    late = await host.undos.vote(game_id, BOB, vote.version, True)
    assert late.lapsed and late.result is None
    vote = await host.undos.ask(game_id, ALICE)  # asked again, then the game moves on
    card = (await host.decisions.legal_choices(game_id, ALICE)).choices[0].notation
    await host.moves.act(game_id, ALICE, card)
    moved_on = await host.undos.vote(game_id, BOB, vote.version, True)
    assert moved_on.lapsed and (await host.views.status(game_id)).version == 3


async def test_a_vote_over_without_a_click_is_closed(host: Host, clock: FakeClock) -> None:
    """The bot closes a vote nobody answered: ``watching`` (memory) after a move, ``lapsed``
    once its time is up, and ``close`` gives it as over and drops it; a restarted process
    reads the open ones (``watch``)."""
    game_id = (await started_game(host, players=3)).game_id
    await host.moves.act(game_id, ALICE, "pass")
    await host.moves.act(game_id, BOB, "pass")
    asked = await host.undos.ask(game_id, ALICE)
    assert host.undos.watching(game_id) and host.undos.next_lapse() == asked.expires_at
    assert await host.undos.close(game_id) is None  # still open: kept
    restarted = Undos(host.store, host.moves)
    await restarted.watch()
    assert restarted.watching(game_id) and restarted.lapsed(clock.now()) == []
    clock.advance(VOTE_SECONDS + 1)
    assert host.undos.lapsed(clock.now()) == [game_id]
    closed = await host.undos.close(game_id)
    assert closed is not None and closed.lapsed and closed.label
    assert not host.undos.watching(game_id) and host.undos.next_lapse() is None
    assert await host.store.db.undos.get(game_id) is None
    assert await restarted.close(game_id) is None  # closed already: nothing to show

    asked = await host.undos.ask(game_id, ALICE)  # asked again; then the game moves on
    await host.moves.act(game_id, CAROL, "pass")
    closed = await host.undos.close(game_id)
    assert closed is not None and closed.lapsed and closed.version == asked.version
    assert (await host.views.status(game_id)).version == 3


async def test_only_the_other_players_vote_and_ais_never_ask(host: Host) -> None:
    game_id = (await started_game(host, players=2)).game_id
    await host.moves.act(game_id, ALICE, "pass")
    await host.moves.act(game_id, BOB, "pass")
    vote = await host.undos.ask(game_id, ALICE)
    with pytest.raises(Exception, match="other players"):
        await host.undos.vote(game_id, ALICE, vote.version, True)
    with pytest.raises(Exception, match="other players"):
        await host.undos.vote(game_id, CAROL, vote.version, True)


async def test_nothing_of_ones_own_to_take_back(host: Host) -> None:
    game_id = (await started_game(host, players=2)).game_id
    with pytest.raises(UndoRefusedError, match="no move"):
        await host.undos.take_back(game_id, ALICE)


async def test_with_only_ais_to_ask_the_move_is_taken_back_at_once(host: Host) -> None:
    status = await started_game(host, players=2, ai_seats=1)
    game_id = status.game_id
    await host.moves.act(game_id, ALICE, "pass")
    ai = await host.store.get(game_id)
    await host.moves.apply(ai, 1, TOY.parse_action("pass"), "ai", ai.seats, note="")
    vote = await host.undos.ask(game_id, ALICE)
    assert vote.voters == () and vote.result is not None


async def test_the_log_with_undos_checks_out_and_replays(
    hosts: OpenHost, new_db: NewDb, clock: FakeClock
) -> None:
    host = await hosts(new_db("undo"), clock)
    game_id = (await started_game(host, players=2)).game_id
    await host.moves.act(game_id, ALICE, "pass")
    await host.undos.take_back(game_id, ALICE)
    card = (await host.decisions.legal_choices(game_id, ALICE)).choices[0].notation
    await host.moves.act(game_id, ALICE, card)
    await host.moves.act(game_id, BOB, "pass")
    report = check_database(new_db("undo"), games)
    assert report.ok, report.problems
    last = await host.replays.step(game_id, -1)
    assert last.view == TOY.view(await _state(host, game_id), None)
    steps = [await host.replays.step(game_id, i) for i in range(last.count)]
    taken = [e for s in steps for e in s.entries if e.undoes is not None]
    assert [e.notation for e in taken] == ["↩ 1"] and taken[0].label == "Pass (draw nothing)"
    row = (await host.db.games.load_game(game_id)).game  # type: ignore[union-attr]
    dealt = TOY.new_game(row.seed, 2, {})
    assert steps[[s.version for s in steps].index(2)].view == TOY.view(dealt, None)
