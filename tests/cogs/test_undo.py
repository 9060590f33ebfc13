"""Undo through the real bot on the loopback Discord (issue 46): **Undo** on the board takes
back a pass nobody answered and the board says so; a move that drew a card is refused; after
another player acted, the table votes (**Agree** / **Refuse**); the replay shows the move
taken back; a vote nobody answers says it is over when a move or its time ends it. The toy
game: a pass draws nothing (may be taken back), a card played draws one."""

from __future__ import annotations

from typing import Any

from host.undo import VOTE_SECONDS
from sandbox.fake import FakeUser, Message
from tests.cogs.helpers import WAIT, WATCH, boards, last_board, start_lobby, until


async def _toy(
    fake: Any, bot: Any, names: list[str]
) -> tuple[Any, int, dict[int, FakeUser], list[FakeUser]]:
    """A toy game of ``names`` in #general: the channel, the game, users by id, and the users
    in seat order (the toy's seat 0 moves first)."""
    chan = fake.guild("Pompeii").channel("general")
    users = [await fake.user(n) for n in names]
    lobby = await users[0].slash("game new", channel=chan, game="toy", players=len(users))
    status = await start_lobby(bot, chan, lobby.message, users[0], users[1:])
    by_id = {u.id: u for u in users}
    return chan, int(status.game_id), by_id, [by_id[s.user_id] for s in status.seats]


async def _waited(bot: Any, game_id: int, users: dict[int, FakeUser]) -> FakeUser:
    status = await bot.host.views.status(game_id)
    return users[status.waiting_on[0].user_id]


async def _move(bot: Any, chan: Any, user: FakeUser, action: str) -> None:
    await (await user.slash("move", channel=chan, action=action)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()


async def _passed_twice(
    fake: Any, bot: Any
) -> tuple[Any, int, dict[int, FakeUser], list[FakeUser]]:
    """A three-player toy game whose first two seats passed: the first may ask the table."""
    chan, game_id, users, seats = await _toy(fake, bot, ["ann", "ben", "cat"])
    await _move(bot, chan, seats[0], "pass")
    await _move(bot, chan, seats[1], "pass")
    return chan, game_id, users, seats


async def _ask_table(bot: Any, chan: Any, asker: FakeUser) -> tuple[Any, Any]:
    """``asker`` presses **Ask the table to undo** under ``/game undo``'s refusal: the refusal
    and the click."""
    reply = await asker.slash("game undo", channel=chan)
    await bot.flows.idle()
    asked = await asker.click("Ask the table to undo", message=reply.message)
    await bot.flows.idle()
    return reply, asked


def _vote_message(chan: Any) -> Message:
    return next(
        m
        for m in reversed(chan.messages)
        if any(str(c.get("custom_id", "")).startswith("vz:uv:") for c in m.walk_components())
        or "asks the table to take back" in m.content
    )


async def test_undo_before_a_reveal_and_refused_after_one(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, game_id, _, (alice, bob) = await _toy(fake_discord, bot, ["ann", "ben"])
    await _move(bot, chan, alice, "pass")
    board = last_board(chan)
    assert (await bot.host.views.status(game_id)).waiting_on[0].user_id == bob.id
    count = len(boards(chan))

    undone = await alice.click("Undo", message=board)  # the board's button
    await bot.flows.idle()
    assert "You took back: Pass" in undone.reply.content  # type: ignore[union-attr]
    assert undone.reply is not None and undone.reply.ephemeral
    assert len(boards(chan)) == count + 1
    assert f"↩ {alice.name} took back: Pass (draw nothing)" in last_board(chan).content
    status = await bot.host.views.status(game_id)
    assert status.waiting_on[0].user_id == alice.id and status.version == 2

    refused = await bob.click("Undo", message=last_board(chan))  # bob has no move to take back
    await bot.flows.idle()
    assert "no move of your own" in refused.reply.content  # type: ignore[union-attr]

    card = (await bot.host.decisions.legal_choices(game_id, alice.id)).choices[0].notation
    await _move(bot, chan, alice, card)  # plays a card and draws one: revealed
    reply = await alice.slash("game undo", channel=chan)
    await bot.flows.idle()
    assert "can't be taken back: something new was revealed" in reply.content
    offered = [c.get("label") for c in reply.message.walk_components()]
    assert "Ask the table to undo" not in offered
    assert (await bot.host.views.status(game_id)).version == 3


async def test_the_table_votes_to_undo_agreed_then_refused(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, game_id, users, (alice, bob, carol) = await _passed_twice(fake_discord, bot)
    reply, asked = await _ask_table(bot, chan, alice)
    assert "only be taken back if the whole table agrees" in reply.content
    assert "the vote is in the channel" in asked.reply.content  # type: ignore[union-attr]
    vote = _vote_message(chan)
    assert f"{alice.name} asks the table to take back: Pass (draw nothing)" in vote.content
    assert f"<@{bob.id}>" in vote.content and f"<@{carol.id}>" in vote.content
    assert f"<@{alice.id}>" not in vote.content

    own = await alice.click("Agree", message=vote)  # the asker does not vote
    await bot.flows.idle()
    assert "Only the other players vote" in own.reply.content  # type: ignore[union-attr]
    await bob.click("Agree", message=vote)
    await bot.flows.idle()
    assert f"Agreed so far: {bob.name}" in vote.content
    before = len(boards(chan))
    await carol.click("Agree", message=vote)
    await bot.flows.idle()
    assert "Everyone agreed" in vote.content and not list(vote.walk_components())
    assert len(boards(chan)) == before + 1
    assert f"↩ {alice.name} took back: Pass (draw nothing)" in last_board(chan).content
    status = await bot.host.views.status(game_id)
    assert status.waiting_on[0].user_id == alice.id and status.version == 3

    await _move(bot, chan, alice, "pass")
    await _move(bot, chan, bob, "pass")
    await _ask_table(bot, chan, alice)
    vote = _vote_message(chan)
    await carol.click("Refuse", message=vote)
    await bot.flows.idle()
    assert f"{carol.name} refused: the move stands" in vote.content
    assert (await bot.host.views.status(game_id)).version == 5
    assert (await _waited(bot, game_id, users)) is carol

    await _ask_table(bot, chan, alice)  # asked again; then carol moves
    vote = _vote_message(chan)
    assert list(vote.walk_components())
    await _move(bot, chan, carol, "pass")  # her move ends the vote: its message says so
    assert "The vote is over (time ran out, or the game moved on)" in vote.content
    assert f"{alice.name} asks the table to take back" in vote.content
    assert not list(vote.walk_components())
    assert (await bot.host.views.status(game_id)).version == 6


async def test_a_vote_nobody_answers_closes_when_its_time_is_up_even_after_a_restart(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, game_id, users, (alice, _, carol) = await _passed_twice(fake_discord, bot)
    await _ask_table(bot, chan, alice)
    vote = _vote_message(chan)
    assert list(vote.walk_components())
    await start_bot.stop(bot)  # the bot restarts while the table is asked
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    clock.advance(VOTE_SECONDS + 1)  # nobody answered: silence refuses

    async def closed() -> bool:
        return "The vote is over" in vote.content and not list(vote.walk_components())

    await until(closed)
    status = await bot.host.views.status(game_id)
    assert status.version == 2  # time ran out; nothing moved and nothing was taken back
    assert (await _waited(bot, game_id, users)) is carol


async def test_the_replay_shows_the_move_taken_back(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, _, _, (alice, _bob) = await _toy(fake_discord, bot, ["ann", "ben"])
    await _move(bot, chan, alice, "pass")
    await (await alice.slash("game undo", channel=chan)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    await _move(bot, chan, alice, "pass")
    sam = await fake_discord.user("sam")
    viewer = await sam.slash("game replay", channel=chan)
    await bot.flows.idle()
    shown = viewer.reply  # the deal first; then on, step by step (edited in place)
    assert shown is not None
    told = [shown.content]
    while len(told) < 10:
        on = [
            str(c["custom_id"])
            for c in shown.walk_components()
            if c.get("emoji", {}).get("name") == "▶" and not c.get("disabled")
        ]
        if not on:
            break
        await sam.click(custom_id=on[0], message=shown)
        await bot.flows.idle()
        told.append(shown.content)
    assert any(f"↩ {alice.name} took back: Pass (draw nothing)" in t for t in told), told
    taken = next(i for i, t in enumerate(told) if "took back" in t)
    assert f"{alice.name} passed" in told[taken - 1]  # the move itself, where it was made
    assert f"{alice.name} passed" in told[-1]  # and played again
