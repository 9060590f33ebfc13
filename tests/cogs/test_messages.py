"""One message per decision (issue 23): what a player's decision message says once the decision
is over, one picture per decision and the others on demand, pings by each player's choice, no
message for a forced move, and the defects seen in play (a board whose words and image told two
different moments, a /move that raced its own click, a locked seat, silent standing orders)."""

from __future__ import annotations

import asyncio
import io
import itertools
import sqlite3
from pathlib import Path
from typing import Any

from PIL import Image

import plugins
from bot import create_bot
from engine.core import Record, replay
from host import FakeClock
from plugins import PLUGINS
from sandbox.fake import FakeUser, Message
from tests.cogs.helpers import (
    WAIT,
    WATCH,
    act_by_component,
    choices_of,
    latest_decision,
    open_game,
    pick,
    until,
)
from tests.host.helpers import THREADS
from tests.toy import PLUGIN as TOY


def live(user: FakeUser) -> list[Message]:
    """The user's DMs that still offer a choice."""
    return [m for m in user.dms if choices_of(m)]


async def mover_of(bot: Any, game_id: int, users: list[FakeUser]) -> FakeUser:
    status = await bot.host.views.status(game_id)
    by_id = {u.id: u for u in users}
    return by_id[status.waiting_on[0].user_id]


async def test_a_decision_dm_says_what_became_of_it_and_keeps_no_controls(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: FakeClock
) -> None:
    """Played by `/move` in the channel, played for the player at the deadline, or called off
    with the game: each time the player's DM says so and offers nothing any more. (Before, a
    used DM lost its buttons but kept "Your decision … Choose below".)"""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob], turn_time=300)
    players = [alice, bob]

    # Played with /move in the channel: the DM says what was played.
    mover = await mover_of(bot, game_id, players)
    (dm,) = live(mover)
    assert "Choose below" in dm.content
    legal = [c.value for c in await mover.autocomplete("move", "action", "", channel=chan)]
    played = pick(legal)
    await (await mover.slash("move", channel=chan, action=played)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    assert not choices_of(dm) and dm.components == []
    assert "You played" in dm.content and "Choose below" not in dm.content
    assert "Your decision" not in dm.content

    # Left to the deadline: the DM says time ran out and what was played for the player.
    while (late := await mover_of(bot, game_id, players)) is mover:
        msg = latest_decision(mover, game_id, (await bot.host.views.status(game_id)).version, chan)
        assert msg is not None
        await act_by_component(mover, msg, pick(choices_of(msg)))
        await bot.flows.idle()
    (dm,) = live(late)
    clock.advance(301)
    bot.wake_scheduler()

    async def timed_out() -> bool:
        log = await bot.host.views.log(game_id, None, limit=5)
        return any(e.by == "timeout" for e in log)

    await until(timed_out)
    await bot.flows.idle()
    assert dm.components == [] and "⏱ Time ran out" in dm.content
    assert "was played for you" in dm.content and "Choose below" not in dm.content

    # Called off: the DM of the decision that was open says the game was cancelled.
    waiting = await mover_of(bot, game_id, players)
    (dm,) = live(waiting)
    await alice.slash("game cancel", channel=chan)
    await bot.flows.idle()
    assert dm.components == [] and "The game was cancelled" in dm.content
    assert all(not live(u) for u in players)


async def test_a_taken_over_seat_is_told_an_ai_plays_it(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: FakeClock
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob], turn_time=300)
    players = [alice, bob]
    sleeper = await mover_of(bot, game_id, players)
    other = bob if sleeper is alice else alice
    for _ in range(30):
        status = await bot.host.views.status(game_id)
        seat = status.seat_of(sleeper.id)
        assert seat is not None
        if seat.ai_controlled:
            break
        if status.waiting_on[0].user_id == sleeper.id:
            clock.advance(301)  # the sleeper lets every decision time out
            bot.wake_scheduler()
            await until(lambda v=status.version: _moved(bot, game_id, v))
        else:
            msg = latest_decision(other, game_id, status.version, chan)
            assert msg is not None
            await act_by_component(other, msg, pick(choices_of(msg)))
        await bot.flows.idle()
    await bot.flows.idle()
    assert (await bot.host.views.status(game_id)).seat_of(sleeper.id).ai_controlled  # type: ignore[union-attr]
    assert not live(sleeper)
    last = sleeper.dms[-1]
    assert "An AI plays your seat now" in last.content and "/game back" in last.content


async def _moved(bot: Any, game_id: int, version: int) -> bool:
    return bool((await bot.host.views.status(game_id)).version > version)


async def test_one_picture_per_decision_the_others_on_demand(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """The worker game's DMs carried the board, the tablets and the hand (three PNGs) with the
    hand in words: now the one picture the decision needs, and the others behind buttons that
    answer only the player who pressed them."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    sam = await fake_discord.user("sam")
    lobby = await alice.slash("game new", channel=chan, game="workers", players=2)
    await bob.click("Join", message=lobby.message)
    await (await alice.click("Start", message=lobby.message)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None
    game_id = status.game_id
    mover = await mover_of(bot, game_id, [alice, bob])
    dm = live(mover)[-1]
    assert dm.filenames == ["board.png"]  # a placement: the board
    assert {"Tablets", "My cards"} <= set(dm.button_labels)
    assert len(dm.content) < 1200  # the key figures, not the whole hand in words
    board = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral][-1]
    assert board.filenames == ["board.png"] and "Tablets" in board.button_labels

    tablets = await (await mover.click("Tablets", message=dm)).wait_until_loaded(timeout=WAIT)
    assert tablets.ephemeral and tablets.filenames == ["tablets.png"]
    cards = await (await mover.click("My cards", message=dm)).wait_until_loaded(timeout=WAIT)
    assert cards.ephemeral and cards.filenames == ["hand.png"]
    # A spectator may look at the public pictures, not at a player's cards.
    seen = await (await sam.click("Tablets", message=board)).wait_until_loaded(timeout=WAIT)
    assert seen.ephemeral and seen.filenames == ["tablets.png"] and not mover.can_see(seen)
    dl = fake_discord.guild("Pompeii").channel("general")
    assert dl is chan
    png = Image.open(io.BytesIO(tablets.files[0]))
    assert png.width <= 1000

    # Downfall: a card to play carries the hand, the board a button away.
    other = fake_discord.guild("Pompeii").add_channel("downfall")
    game2 = await open_game(fake_discord, bot, other, [alice, bob])
    mover = await mover_of(bot, game2, [alice, bob])
    dm = [m for m in live(mover) if f"game #{game2}" in m.content][-1]
    assert dm.filenames == ["hand.png"] and "Board" in dm.button_labels
    shown = await (await mover.click("Board", message=dm)).wait_until_loaded(timeout=WAIT)
    assert shown.filenames == ["board.png"] and shown.ephemeral


async def test_pings_follow_each_players_setting_once_per_decision(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """Every board used to @-mention the next player on top of their DM. By default a player
    gets the DM and no ping; `/game notify` chooses; closed DMs bring the mention back."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    r = await bob.slash("game notify", channel=chan)
    assert r.ephemeral and "one DM per decision" in r.content
    r = await bob.slash("game notify", channel=chan, how="mention")
    assert r.ephemeral and "a mention in the game's channel" in r.content
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    players = [alice, bob]
    for _ in range(24):
        mover = await mover_of(bot, game_id, players)
        msg = latest_decision(mover, game_id, (await bot.host.views.status(game_id)).version, chan)
        if msg is not None:
            await act_by_component(mover, msg, pick(choices_of(msg)))
        else:
            legal = [c.value for c in await mover.autocomplete("move", "action", "", channel=chan)]
            await mover.slash("move", channel=chan, action=pick(legal))
        await bot.flows.idle()
    boards = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral]
    pinged = [u for m in boards for u in m.pinged]
    assert alice.id not in pinged  # the default: her DM is the one notice
    assert pinged.count(bob.id) >= 3  # he asked for mentions ...
    assert not [m for m in bob.dms if "Your move" in m.content]  # ... and no DMs
    log = await bot.host.views.log(game_id, None, limit=200)
    bob_seat = (await bot.host.views.status(game_id)).seat_of(bob.id).seat  # type: ignore[union-attr]
    turns = sum(1 for a, b in itertools.pairwise(log) if b.seat == bob_seat != a.seat)
    assert pinged.count(bob.id) <= turns + 1  # once per decision of his, at most
    # A board notifies only the player it pings: one that pings nobody is sent silently, so
    # the channel's followers are not woken by every turn (issue 45).
    assert [m.silent for m in boards] == [not m.pinged for m in boards]
    assert any(m.silent for m in boards) and any(not m.silent for m in boards)

    alice.close_dms()  # DMs closed: the channel mention comes back for her
    before = len(boards)
    for _ in range(12):
        mover = await mover_of(bot, game_id, players)
        legal = [c.value for c in await mover.autocomplete("move", "action", "", channel=chan)]
        await mover.slash("move", channel=chan, action=pick(legal))
        await bot.flows.idle()
    boards = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral]
    assert any(alice.id in m.pinged for m in boards[before:])


async def test_a_forced_move_sends_no_decision_and_is_told_with_the_next_one(
    fake_discord: Any, start_bot: Any, tmp_path: Path, clock: FakeClock
) -> None:
    """With `forced_moves`, a player got "Your move … Choose below" with one choice that was
    then played for them. Now nobody is asked; the next real decision's DM says what was
    played."""
    bot = await start_bot(
        create_bot(
            db_path=tmp_path / "forced.sqlite3",
            clock=clock,
            seed_source=lambda: 1003,
            scheduler_max_sleep=0.05,
            ai_executor=THREADS,
            plugin_list=(*PLUGINS, TOY),
        ),
        watch_loggers=WATCH,
    )
    chan = fake_discord.guild("Pompeii").channel("general")
    users = [await fake_discord.user(n) for n in ("alice", "bob", "cara")]
    lobby = await users[0].slash("game new", channel=chan, game="toy", players=3, forced_moves=True)
    for u in users[1:]:
        await u.click("Join", message=lobby.message)
    await (await users[0].click("Start", message=lobby.message)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None
    game_id = status.game_id
    forced_users: set[int] = set()
    for _ in range(12):
        status = await bot.host.views.status(game_id)
        if status.status != "active":
            break
        mover = await mover_of(bot, game_id, users)
        legal = [c.value for c in await mover.autocomplete("move", "action", "", channel=chan)]
        action = "pass" if "pass" in legal else legal[0]
        await mover.slash("move", channel=chan, action=action)
        await bot.flows.idle()
        log = await bot.host.views.log(game_id, None, limit=100)
        forced_users |= {e.user_id for e in log if e.by == "auto" and e.user_id}
    assert forced_users, "this deal has a forced move"
    for u in users:
        # No DM ever offered a single choice that the table then played by itself.
        assert not [m for m in u.dms if len(choices_of(m)) == 1 and "Only one" not in m.content]
    # The next real decision's DM said what was played (read as it was sent: the DM is edited
    # again once that decision is over).
    sent = [
        str((q.body or {}).get("content", ""))
        for q in fake_discord.requests
        if q.method == "POST" and q.path.startswith("/channels/") and isinstance(q.body, dict)
    ]
    assert any("Only one move was possible, so it was played for you" in c for c in sent)


async def test_a_board_shows_the_moment_its_words_tell_and_never_comes_twice(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """With an AI seat, a board said "Waiting for AI 1" while its image already showed the AI's
    reply, and the same board followed. Each board's image is now the board at the version its
    words name ("move N"), and no board repeats the one before it."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice = await fake_discord.user("alice")
    started = await alice.slash(
        "game new", channel=chan, game="downfall", players=2, ai_seats=1, ai_level="easy"
    )
    await started.wait_until_loaded(timeout=WAIT)
    game_id = 1
    for _ in range(30):
        await until(lambda: _alice_or_over(bot, game_id, alice.id))
        await bot.flows.idle()
        status = await bot.host.views.status(game_id)
        if status.status != "active":
            break
        msg = latest_decision(alice, game_id, status.version, chan)
        if msg is not None:
            await act_by_component(alice, msg, pick(choices_of(msg)))
        else:
            legal = [c.value for c in await alice.autocomplete("move", "action", "", channel=chan)]
            await alice.slash("move", channel=chan, action=pick(legal))
        await bot.flows.idle()
    boards = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral]
    assert len(boards) > 5
    plugin = plugins.get("downfall")
    loaded = await bot.host.store.get(game_id)
    entries = await bot.host.views.log(game_id, None, limit=1000)
    names = await bot.flows.private.seat_names(await bot.host.views.status(game_id))
    pictures = [b.files[0] for b in boards]
    assert len(set(pictures)) == len(pictures)  # never the same board twice
    for board, png in zip(boards, pictures, strict=True):
        version = int(board.content.split(" · move ", 1)[1].split("\n", 1)[0])
        records = [Record(e.seat, e.notation) for e in entries[:version]]
        state = replay(
            plugin.engine,
            loaded.row.seed,
            loaded.row.players,
            loaded.options.variants,
            records,
            check_events=False,
        )
        expected = plugin.presentation.board.public(plugin.engine.view(state, None), names)  # type: ignore[misc]
        assert expected.png == png, f"the board of move {version} shows another moment"
        waiting = (
            board.content.rsplit("Waiting for ", 1)[-1] if "Waiting for" in board.content else ""
        )
        waited = list(plugin.engine.pending(state))
        assert waited or not waiting
        if "AI 1" in waiting.split(":", 1)[0]:
            # The game really waited for the AI at that version.
            seats = {s for d in waited for s in d.seats}
            ai_seat = next(
                s.seat for s in (await bot.host.views.status(game_id)).seats if s.user_id is None
            )
            assert ai_seat in seats


async def _alice_or_over(bot: Any, game_id: int, alice: int) -> bool:
    status = await bot.host.views.status(game_id)
    return status.status != "active" or any(s.user_id == alice for s in status.waiting_on)


async def _decision_in_dm(fake: Any, bot: Any) -> tuple[Any, int, Any, Any, str]:
    """A game of alice and bob in #general: the channel, the game, the player it waits for,
    their decision's DM and a move it offers."""
    chan = fake.guild("Pompeii").channel("general")
    alice, bob = await fake.user("alice"), await fake.user("bob")
    game_id = await open_game(fake, bot, chan, [alice, bob])
    mover = await mover_of(bot, game_id, [alice, bob])
    (dm,) = live(mover)
    return chan, game_id, mover, dm, pick(choices_of(dm))


async def test_a_move_racing_its_own_click_is_told_it_was_played(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """`/move` sent while the player's own DM click was being played answered "It is not your
    turn"."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, game_id, mover, dm, notation = await _decision_in_dm(fake_discord, bot)
    _clicked, typed = await asyncio.gather(
        act_by_component(mover, dm, notation),
        mover.slash("move", channel=chan, action=notation),
    )
    await bot.flows.idle()
    answers = [typed.content, *(f.content for f in typed.followups)]
    said = " ".join(answers)
    assert "not your turn" not in said.lower(), said
    log = await bot.host.views.log(game_id, None, limit=10)
    assert len([e for e in log if e.user_id == mover.id and e.notation == notation]) == 1
    if typed.ephemeral:  # the click came first: the command says so
        assert "already played" in said, said


async def test_a_move_typed_just_after_the_players_own_click_was_played_is_told_so(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """The click was played before the bot first looked at the game for the `/move`: the
    command is told that their move was played, not that it is not their turn."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, _game, mover, dm, notation = await _decision_in_dm(fake_discord, bot)
    await act_by_component(mover, dm, notation)
    await bot.flows.idle()
    typed = await mover.slash("move", channel=chan, action=notation)
    said = " ".join([typed.content, *(f.content for f in typed.followups)])
    assert "already played a moment ago" in said and "not your turn" not in said.lower(), said


async def test_a_locked_seat_is_told_its_choice_is_locked(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    lobby = await alice.slash("game new", channel=chan, game="toy", players=2, variant="bids=true")
    await bob.click("Join", message=lobby.message)
    await (await alice.click("Start", message=lobby.message)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    for _ in range(2):
        mover = await mover_of(bot, 1, [alice, bob])
        await (await mover.slash("move", channel=chan, action="pass")).wait_until_loaded(
            timeout=WAIT
        )
        await bot.flows.idle()
    await alice.slash("move", channel=chan, action="lock")
    await bot.flows.idle()
    r = await alice.slash("move", channel=chan, action="bid 1")
    assert r.ephemeral and "You have locked your choice" in r.content, r.content
    assert "not your turn" not in r.content.lower()


async def test_help_and_the_servers_games(fake_discord: Any, start_bot: Any, make_bot: Any) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    guild = fake_discord.guild("Pompeii")
    chan = guild.channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    r = await alice.slash("help", channel=chan)
    assert r.ephemeral and "/game new" in r.content and "/move" in r.content
    assert "The Downfall of Pompeii" in r.content and "1 = solo" in r.content
    r = await alice.slash("game list", channel=chan)
    assert r.ephemeral and "No game is open" in r.content
    await open_game(fake_discord, bot, chan, [alice, bob])
    other = guild.add_channel("tavern")
    await bob.slash("game new", channel=other, game="cardcity", players=3)
    r = await alice.slash("game list", channel=chan)
    lines = r.content.splitlines()
    assert any("game #1" in line and "in play" in line for line in lines)
    assert any("game #2" in line and "open table, 1/3 seated" in line for line in lines)
    assert f"https://discord.com/channels/{guild.id}/{other.id}" in r.content


async def test_variants_are_offered_as_they_are_typed_defaults_marked(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice = await fake_discord.user("alice")
    offered = await alice.autocomplete("game new", "variant", "diff", channel=chan, game="workers")
    values = [c.value for c in offered]
    assert values == ["difficulty=A", "difficulty=B", "difficulty=C"]
    assert "(default)" in offered[1].name and "(default)" not in offered[2].name  # B
    more = await alice.autocomplete(
        "game new", "variant", "difficulty=C, all", channel=chan, game="workers"
    )
    assert more and more[0].value == "difficulty=C, all_cards=true"
    r = await alice.slash(
        "game new", channel=chan, game="workers", players=2, variant="difficulty=c"
    )
    assert "difficulty=C" in r.content or "difficulty C" in r.content, r.content


async def test_a_table_is_listed_in_one_order_everywhere(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """The lobby listed the join order, the board the order from the first player, `/game
    status` the seats: one table, three orders. Now all three list the seats."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    users = [await fake_discord.user(n) for n in ("alice", "bob", "cara", "dan")]
    game_id = await open_game(fake_discord, bot, chan, users)
    status = await bot.host.views.status(game_id)
    order = [next(u.name for u in users if u.id == s.user_id) for s in status.seats]

    def listed(text: str) -> list[str]:
        return sorted(order, key=text.index)

    lobby = next(m for m in chan.messages if "has started" in m.content)
    board = next(m for m in chan.messages if "The game has started" in m.content)
    shown = await users[0].slash("game status", channel=chan)
    players = lobby.content.split("Players: ", 1)[1].split("\n", 1)[0]
    seating = board.content.split("turn order: ", 1)[1].split("\n", 1)[0]
    assert listed(players) == order
    assert listed(seating) == order
    assert listed(shown.content) == order


async def test_a_command_answered_while_an_ai_thinks_keeps_the_players_secrets(
    fake_discord: Any, start_bot: Any, make_bot: Any, monkeypatch: Any
) -> None:
    """A move that leaves the game waiting on an AI seat waits for its answer, so the command
    is answered "thinking…" first: privately. When the AI takes longer, the player's next
    decision and their secret move still reach only them; the channel says only the move's
    public form."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, sam = await fake_discord.user("alice"), await fake_discord.user("sam")
    started = await alice.slash(
        "game new", channel=chan, game="toy", players=2, ai_seats=1, variant="bids=true"
    )
    await started.wait_until_loaded(timeout=WAIT)

    async def bidding() -> bool:
        return any("Bidding" in m.content for m in chan.messages)

    for _ in range(6):
        await bot.flows.idle()
        if await bidding():
            break
        status = await bot.host.views.status(1)
        if any(s.user_id == alice.id for s in status.waiting_on):
            r = await alice.slash("move", channel=chan, action="pass")
            await r.wait_until_loaded(timeout=WAIT)
        else:
            await until(lambda v=status.version: _moved(bot, 1, v))
    await until(bidding)
    await bot.flows.idle()
    runner = bot.host.ai
    choose = runner.choose

    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(2.5)  # longer than a move waits for an AI's answer
        return await choose(*args, **kwargs)

    r = await alice.slash("move", channel=chan, action="bid 2")
    await r.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    monkeypatch.setattr(runner, "choose", slow)
    # She locks: the game now waits only on the AI, which takes its time.
    r = await alice.slash("move", channel=chan, action="lock", check=False)
    await r.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    assert r.deferred and r.ephemeral  # answered "thinking…", privately
    public = [m for m in chan.messages if sam.can_see(m)]
    said = [m.content for m in public]
    assert not any("of 2" in c or "bid 2" in c or "Your bid" in c for c in said), said[-3:]
    assert any("locked their bid" in c for c in said), said[-3:]


async def test_hand_and_board_on_a_game_that_cannot_be_read_say_why(
    fake_discord: Any, start_bot: Any, make_bot: Any, tmp_path: Path
) -> None:
    """`/hand` on a game whose saved state cannot be read said it "was cancelled before it
    started"."""
    bot = await start_bot(make_bot(), watch_loggers=("discord",))
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    await start_bot.stop(bot)
    with sqlite3.connect(tmp_path / "vesuvius.sqlite3") as conn:
        conn.execute("UPDATE snapshots SET state = ? WHERE game_id = ?", (b"\xff{", game_id))
    await start_bot(make_bot(), watch_loggers=("discord",))
    for command in ("hand", "game board"):
        r = await alice.slash(command, channel=chan)
        assert r.ephemeral and "cannot be read" in r.content, r.content
        assert "cancelled before it started" not in r.content
