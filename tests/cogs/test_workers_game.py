"""The worker game (Pompeii, Siebelt) through Discord, end to end: whole games from
`/game new game:workers` to the result, with the offering as players meet it — two humans and
an AI pledging in the open (each pledge and the total in the status message and on the other
pledge boards), two pledging at the same moment under the secret pledges variant, the pledge
board's buttons, who has locked, the nudge to the last one, a failed offering, the deadline
that locks what was pledged, a restart in the middle — a win by the Castrum, a game lost to
the Apocalypse, and a solo game in a thread. Nothing in the bot is special-cased for the
game."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from host import FakeClock
from tests.cogs.helpers import WAIT, WATCH, act_by_component, until
from tests.cogs.workers_play import Table, held, newest, open_table, play_until


async def _first_offering_fails(table: Table, spectator: Any) -> None:
    """Under the secret pledges variant: two players pledge at the same moment, the first
    locks with the button of their private message, the second by `/move`; the third, nudged,
    raises a pledge on the pledge board and locks. Far short of the requirement, the offering
    fails and a volcano card destroys goods."""
    state = await table.state()
    assert state.stage == "offering" and sorted(await table.waited()) == [0, 1, 2]
    a, b, c = (table.user_of[s] for s in (0, 1, 2))
    goods = {s: held(state, s)[0] for s in (0, 1)}
    before = await table.version()
    replies = await asyncio.gather(
        a.slash("move", channel=table.chan, action=f"pledge {goods[0]} 1"),
        b.slash("move", channel=table.chan, action=f"pledge {goods[1]} 1"),
    )
    await table.bot.flows.idle()
    assert await table.version() == before + 2  # both played, neither lost
    for seat, (u, r) in enumerate(zip((a, b), replies, strict=True)):
        assert r.ephemeral and "You played" in r.content
        mine = (await table.bot.host.views.private_view(table.game_id, u.id)).view
        assert mine["pledge"] == {goods[seat]: 1}
        assert f"Your offering: value {mine['pledge_value']}" in r.content
    public = await table.bot.host.views.public_view(table.game_id)
    assert not public.get("pledge")  # secret until the step resolves
    for m in table.chan.messages:  # what the spectator sees says who changed, never what
        if spectator.can_see(m):
            assert "Offer 1" not in m.content and "value 1 ·" not in m.content

    lock = newest(a, table.game_id, "lock", table.chan)
    assert lock is not None and "Lock" in " ".join(lock.button_labels)
    await act_by_component(a, lock, "lock")
    await table.bot.flows.idle()
    status_line = [
        m
        for m in table.chan.messages
        if "Everyone decides at once" in m.content and not m.ephemeral
    ][-1]
    assert "pledge goods to Vesuvius" in status_line.content
    assert f"Locked: {a.name}" in status_line.content
    assert "still deciding" in status_line.content and b.name in status_line.content
    await table.move(1, "lock")
    assert re.search(rf"Locked: {a.name} \(\w+\), {b.name} \(", status_line.content)
    board = newest(c, table.game_id, "lock", table.chan)
    assert board is not None  # the pledge board, by DM or in the reply to their move
    # The last one is told in their own pledge board (they take DMs): no ping in the channel.
    assert "Everyone else has decided" in board.content
    assert not any(c.id in m.pinged for m in table.chan.messages)
    good = held(await table.state(), 2)[0]
    plus = next(
        comp
        for comp in board.walk_components()
        if str(comp.get("custom_id", "")).endswith(f":pledge {good} 1")
    )
    assert plus["label"] == "+"
    await c.click(custom_id=str(plus["custom_id"]), message=board)
    await table.bot.flows.idle()
    mine = (await table.bot.host.views.private_view(table.game_id, c.id)).view
    assert mine["pledge"] == {good: 1}
    lock = newest(c, table.game_id, "lock", table.chan)
    assert lock is not None and lock.id == board.id  # the same message, redrawn
    await act_by_component(c, lock, "lock")
    await table.bot.flows.idle()
    # No pledge board of this offering is left to press; a board pledged by `/move` says where
    # the decision went (it said "Your offering: nothing" with one good pledged).
    for u in (a, b, c):
        for m in list(u.dms) + [m for m in u.visible_messages(table.chan) if m.ephemeral]:
            if "Your offering" in m.content or "Lock" in " ".join(m.button_labels):
                assert not any(s.startswith("vz:a:") for s in map(str, _ids(m))), m.content
    assert "Everyone has decided" in status_line.content
    assert "still deciding" not in status_line.content  # it said so in every game before
    said = table.said()
    assert re.search(r"The offering failed \(\d+ of \d+: .*\): the volcano destroyed all", said)
    for u in (a, b, c):  # the pledges are told once the step resolved
        assert re.search(rf"{u.name}[^,)]* \d", said.split("The offering failed", 1)[1])
    assert "changed their offering" not in said  # its result, not every revision


def _ids(msg: Any) -> list[str]:
    return [str(c.get("custom_id", "")) for c in msg.walk_components()]


async def test_three_players_fail_an_offering_then_win_by_the_castrum(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    users = [await fake_discord.user(n) for n in ("alice", "bob", "cara")]
    spectator = await fake_discord.user("sam")
    table = await open_table(
        fake_discord,
        bot,
        chan,
        users,
        "difficulty=A, apocalypse_bottom=true, first_seat=0, secret_pledges=true",
    )
    # The channel gets one image, the board; the tablets are a button away.
    first = table.boards()[0]
    assert first.filenames == ["board.png"] and "Tablets" in first.button_labels

    await play_until(table, "offering")
    assert "Vesuvius wakes" in table.said()
    await _first_offering_fails(table, spectator)

    table.skilled = True  # from here on the players think like the normal AI level
    while await table.active():
        await table.step()
    offerings = table.said().count("Offerings to Vesuvius:")
    status = await bot.host.views.status(table.game_id)
    assert status.outcome is not None and len(status.outcome.winners) == 1
    (winner,) = status.outcome.winners
    name = table.user_of[winner].name
    final = table.boards()[-1].content
    assert f"{name}'s army entered the Castrum" in final and f"**{name}" in final
    assert "wins!" in final and offerings >= 2
    assert final.count("🥇") == 1


async def test_offerings_left_to_the_deadline_fail_until_the_apocalypse(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: FakeClock
) -> None:
    """Nobody answers the first offering: at its deadline what was pledged (nothing) is
    locked for everyone and the step resolves. Later offerings are locked empty at once; each
    fails and turns up a volcano card, until the Apocalypse ends the game for everybody."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    users = [await fake_discord.user(n) for n in ("alice", "bob")]
    table = await open_table(fake_discord, bot, chan, users, "all_cards=true, offering_window=900")
    await play_until(table, "offering")
    status = await bot.host.views.status(table.game_id)
    assert status.deadline is not None and status.deadline - clock.now() == 900
    before = status.version
    clock.advance(899)
    bot.wake_scheduler()
    await bot.flows.idle()
    assert await table.version() == before  # not yet
    clock.advance(1)
    bot.wake_scheduler()

    async def resolved() -> bool:
        return (await table.state()).stage != "offering"

    await until(resolved)
    await bot.flows.idle()
    assert "The offering failed (0 of" in table.said()
    # The board of that deadline marks each silent player's timeout once (it said ⏰ twice).
    board = next(b for b in table.boards() if "The offering failed (0 of" in b.content)
    for u in users:
        said = [line for line in board.content.splitlines() if u.mention in line or u.name in line]
        assert sum(line.count("⏰") for line in said) <= 1, board.content
    assert board.content.count("⏰") == len(users), board.content

    failures = 1
    while await table.active():
        state = await table.state()
        if state.stage == "offering":
            for seat in await table.waited():
                await table.move(seat, "lock")
            failures += 1
        else:
            await table.step()
    final = table.boards()[-1].content
    assert "the Apocalypse! Vesuvius buries Pompeii" in final
    assert "everybody lost" in final
    status = await bot.host.views.status(table.game_id)
    assert status.outcome is not None and not status.outcome.winners
    assert 1 < failures <= 19  # all 18 cards of the set and the Apocalypse at most
    assert table.said().count("The offering failed") == failures


async def test_an_offering_survives_a_restart(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """One player pledges and locks, the bot restarts; the other player's pledge board from
    before the restart still works, and the offering resolves with both pledges."""
    first = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    users = [await fake_discord.user(n) for n in ("alice", "bob")]
    table = await open_table(fake_discord, first, chan, users, "apocalypse_bottom=true")
    await play_until(table, "offering")
    state = await table.state()
    good = held(state, 0)[0]
    await table.move(0, f"pledge {good} 1")
    await table.move(0, "lock")
    other = table.user_of[1]
    board = newest(other, table.game_id, "lock", chan)
    assert board is not None
    await start_bot.stop(first)

    second = await start_bot(make_bot(), watch_loggers=WATCH)
    table.bot = second
    mine = (await second.host.views.private_view(table.game_id, table.user_of[0].id)).view
    assert mine["pledge"] == {good: 1} and (await table.waited()) == [1]
    theirs = held(await table.state(), 1)[0]
    plus = next(
        c
        for c in board.walk_components()
        if str(c.get("custom_id", "")).endswith(f":pledge {theirs} 1")
    )
    await other.click(custom_id=str(plus["custom_id"]), message=board)
    await second.flows.idle()
    lock = newest(other, table.game_id, "lock", chan)
    assert lock is not None
    await act_by_component(other, lock, "lock")
    await second.flows.idle()
    said = table.said()
    assert re.search(r"The offering (failed|succeeded) \(\d+ of \d+: ", said)
    last = said.rsplit("The offering", 1)[1]
    for seat in (0, 1):  # both pledges counted: each value is at least 1
        assert re.search(rf"{table.user_of[seat].name} [1-9]", last), last


async def test_a_solo_game_in_a_thread_runs_to_the_round_clock(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """`/game new game:workers players:1` in a thread: no lobby to wait in, the board after
    every round with the 18-round clock, and a skilled player's win with the title reached."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    parent = fake_discord.guild("Pompeii").channel("general")
    alice = await fake_discord.user("alice")
    r = await alice.slash(
        "game new",
        channel=parent,
        game="workers",
        players=1,
        where="thread",
        variant="difficulty=A",
    )
    assert "game #1" in r.content
    await bot.flows.idle()
    thread = parent.threads[0]  # a table of one starts at once: no lobby, no Start
    assert not any(m.button_labels[:1] == ["Join"] for m in thread.messages)
    status = await bot.host.views.game_in_channel(thread.id)
    assert status is not None
    table = Table(bot, thread, int(status.game_id), {0: alice}, skilled=True)
    while await table.active():
        await table.step()
    boards = table.boards()
    status = await bot.host.views.status(table.game_id)
    assert status.outcome is not None and status.outcome.kind == "solo"
    title = status.outcome.title
    assert title in {"Duumvir", "Aedile", "Decurion", "Quaestor"}, status.outcome
    last = int(status.outcome.scores[0]["round"])
    for n in range(1, last + 1):  # each round of the clock is told on a board
        assert any(f"Round {n} of 18 begins" in m.content for m in boards), n
    final = boards[-1].content
    assert "**Solo game won**" in final and title in final
    # Told once (it was four times in one message): the heading, not every line again.
    assert final.lower().count("won") == 1 and "wins" not in final.lower()
    assert all("board.png" not in m.filenames for m in parent.messages)  # all in the thread


async def test_rules_and_solo_tables_for_the_worker_game(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """`/game rules game:workers` by topic, adaptations pointed out; a one-player table only
    for a game with a solo mode."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    sam = await fake_discord.user("sam")
    topics = await sam.autocomplete("game rules", "topic", "", channel=chan, game="workers")
    assert {"overview", "offerings", "solo", "adaptations"} <= {c.value for c in topics}
    r = await sam.slash("game rules", channel=chan, game="workers", topic="offerings")
    assert r.ephemeral and "Pompeii" in r.content and "lock" in r.content
    r = await sam.slash("game rules", channel=chan, game="workers", topic="adaptations")
    assert "†" in r.content and "not public" in r.content

    r = await sam.slash("game new", channel=chan, game="downfall", players=1)
    assert r.ephemeral and "is for 2 to 4 players" in r.content
    assert await bot.host.views.game_in_channel(chan.id) is None
    r = await sam.slash("game new", channel=chan, game="workers", players=1)
    await r.wait_until_loaded(timeout=WAIT)  # a solo table starts at once
    await bot.flows.idle()
    first = next(m for m in chan.messages if "board.png" in m.filenames)
    assert "Game #1" in first.content


async def test_an_ai_seat_pledges_beside_a_human_and_plays_a_resigned_seat(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: FakeClock
) -> None:
    """An AI seat plays its placements and its side of an offering while the human pledges; a
    human who runs out of time has their turn played by the AI (timeout policy `ai`); after
    `/game resign` the AI plays the resigned seat too."""
    bot = await start_bot(make_bot(ai_pace=0.0), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice = await fake_discord.user("alice")
    started = await alice.slash(
        "game new",
        channel=chan,
        game="workers",
        players=2,
        ai_seats=1,
        ai_level="normal",
        timeout_policy="ai",
        turn_time=3600,
        variant="apocalypse_bottom=true",
    )
    await started.wait_until_loaded(timeout=WAIT)  # full with the AI: it starts at once
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None
    mine = next(s.seat for s in status.seats if s.user_id == alice.id)
    table = Table(bot, chan, int(status.game_id), {mine: alice})

    async def alice_decides() -> bool:
        return not await table.active() or mine in await table.waited()

    offered = timed_out = False
    while not offered:
        await until(alice_decides)
        await bot.flows.idle()
        state = await table.state()
        if state.stage == "offering":
            await table.move(mine, "lock")
            offered = True
        elif not timed_out and state.stage == "place":
            version = await table.version()
            clock.advance(3600)
            bot.wake_scheduler()

            async def moved(v: int = version) -> bool:
                return await table.version() > v

            await until(moved)
            await bot.flows.idle()
            timed_out = True
        else:
            await table.step(mine)

    async def ai_locked() -> bool:  # the AI seat decides beside the human, in its own time
        log = await bot.host.views.log(table.game_id, None, limit=1000)
        return any(e.by == "ai" and e.notation == "lock" for e in log)

    await until(ai_locked)
    await bot.flows.idle()
    log = await bot.host.views.log(table.game_id, None, limit=1000)
    assert {"player", "ai", "timeout"} <= {e.by for e in log}
    assert any(e.by == "ai" and e.notation == "lock" for e in log), [
        (e.by, e.notation, e.label) for e in log[-8:]
    ]
    resigned_at = await table.version()
    r = await alice.slash("game resign", channel=chan)
    assert "resigned" in r.content

    async def ai_plays_her_seat() -> bool:
        log = await bot.host.views.log(table.game_id, None, limit=200, after=resigned_at)
        return not await table.active() or sum(e.seat == mine and e.by == "ai" for e in log) >= 5

    await until(ai_plays_her_seat)
    await bot.flows.idle()
    boards = [m for m in table.boards() if "🤖" in m.content]
    assert boards and "AI 1 (normal)" in table.said()
    if await table.active():
        r = await alice.slash("game cancel", channel=chan)
        await bot.flows.idle()
        assert not await table.active()


async def test_two_humans_and_an_ai_pledge_in_the_open(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """W4, the default: pledges are open. Two humans and an AI seat at an offering: the AI's
    pledge shows at once; after a human pledges, the channel's status message shows that
    seat's pledge and the running total against the requirement, and so does the other
    human's pledge board (drawn again, its buttons still valid); the offering resolves with
    the board saying who gave what."""
    bot = await start_bot(make_bot(ai_pace=0.0), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    started = await alice.slash(
        "game new",
        channel=chan,
        game="workers",
        players=3,
        ai_seats=1,
        ai_level="normal",
        turn_time=3600,
        variant="difficulty=A, apocalypse_bottom=true",
    )
    await started.wait_until_loaded(timeout=WAIT)
    lobby = started.message
    await bob.click("Join", message=lobby)  # the third seat is the AI's
    await (await alice.click("Start", message=lobby)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None and status.status == "active"
    users = {alice.id: alice, bob.id: bob}
    user_of = {s.seat: users[s.user_id] for s in status.seats if s.user_id is not None}
    (ai,) = [s for s in status.seats if s.user_id is None]
    table = Table(bot, chan, int(status.game_id), user_of)

    async def humans_decide() -> bool:
        return not await table.active() or bool(set(await table.waited()) & set(user_of))

    while (await table.state()).stage != "offering":  # the humans play on by the policy
        await until(humans_decide)
        await bot.flows.idle()
        assert await table.active()
        if (await table.state()).stage == "offering":
            break
        await table.step(next(s for s in await table.waited() if s in user_of))
    opened = await table.version()

    async def ai_locked() -> bool:  # the AI pledges and locks beside the humans, at once
        log = await bot.host.views.log(table.game_id, None, limit=200, after=opened - 1)
        return any(e.by == "ai" and e.notation == "lock" for e in log)

    await until(ai_locked)
    await bot.flows.idle()
    (a, b) = sorted(user_of)
    view = await bot.host.views.public_view(table.game_id)
    offering = view["offering"]
    assert offering["open"] and ai.seat in offering["locked"]
    ai_name = ai.ai or "AI"

    def status_message() -> Any:
        said = [m for m in chan.messages if not m.ephemeral]  # a /move's reply is private
        return [m for m in said if "Everyone decides at once" in m.content][-1]

    # alice pledges one unit of a good she holds.
    good = held(await table.state(), a)[0]
    before = newest(bob, table.game_id, "lock", chan)
    assert before is not None
    sent = [s for s in fake_discord.sent if s.message.id == before.id and s.kind == "new"]
    assert sent and sent[0].files, "bob's pledge board came with the tablets"
    uploads = len(fake_discord.sent)
    await table.move(a, f"pledge {good} 1")
    view = await bot.host.views.public_view(table.game_id)
    offering = view["offering"]
    value, total, need = offering["values"][a], offering["total"], offering["requirement"]
    assert value >= 1 and total >= value
    pledged = f"{alice.name} {value} (1 {good.replace('_', ' ')})"
    stands = f"Offering: {total} of {need} needed"
    line = status_message().content
    assert stands in line and pledged in line, line
    assert f"{ai_name} 🔒 {offering['values'][ai.seat]}" in line or (
        not offering["values"][ai.seat] and f"{ai_name} 🔒 nothing" in line
    ), line
    board = newest(bob, table.game_id, "lock", chan)  # bob's pledge board, drawn again
    assert board is not None and stands in board.content and pledged in board.content
    assert f"the others together: {total - offering['values'][b]}" in board.content
    # Another's move changed bob's picture: his message is edited with its lines up to date
    # and drops the picture rather than show an older moment (issue 44) or upload it again
    # after every pledge of the others (issue 43); the Tablets button draws it as it is now.
    # No line says so (said 44 times in one game).
    redrawn = [s for s in fake_discord.sent[uploads:] if s.message.id == board.id]
    assert redrawn and not any(s.files for s in redrawn)
    assert not board.attachments and "The picture is from before" not in board.content
    ids = [str(c.get("custom_id", "")) for c in board.walk_components()]
    assert any(i.endswith(":tablets") for i in ids)
    # bob raises a pledge with a button of that board: it is still valid; alice sees it.
    theirs = held(await table.state(), b)[0]
    plus = next(
        c
        for c in board.walk_components()
        if str(c.get("custom_id", "")).endswith(f":pledge {theirs} 1")
    )
    await bob.click(custom_id=str(plus["custom_id"]), message=board)
    await bot.flows.idle()
    view = await bot.host.views.public_view(table.game_id)
    assert view["offering"]["pledges"][b] == {theirs: 1}
    bobs = f"{bob.name} {view['offering']['values'][b]} (1 {theirs.replace('_', ' ')})"
    assert bobs in status_message().content
    mine = newest(alice, table.game_id, "lock", chan)
    assert mine is not None and bobs in mine.content
    # bob's own move brings his picture back, as the tablets are now.
    board = newest(bob, table.game_id, "lock", chan)
    assert board is not None and board.attachments
    assert "The picture is from before" not in board.content
    assert "changed their offering" not in table.said()  # the pledges themselves are public
    step = status_message()
    for seat in (a, b):
        await table.move(seat, "lock")

    async def resolved() -> bool:
        return "The offering" in "\n".join(m.content for m in table.boards())

    await until(resolved)
    said = next(m.content for m in reversed(table.boards()) if "The offering" in m.content)
    gave = view["offering"]["values"]
    assert re.search(r"The offering (succeeded|failed) \(\d+ of \d+: ", said), said
    for seat, who in ((a, alice.name), (b, bob.name), (ai.seat, ai_name)):
        assert f"{who} {gave[seat]}" in said, (who, said)
    assert "Everyone has decided" in step.content
