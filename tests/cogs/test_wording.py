"""What the bot says, said once and to the right reader (issue 44, items 6 and 7): a decision
"moved" only when it leaves the DMs, the public waiting line in the third person, the seating
from the player who begins, "join there!" only at a table with free seats, and a closed DM
without the picture of a decision that is over."""

from __future__ import annotations

from typing import Any

from sandbox.fake import FakeUser, Message
from tests.cogs.helpers import WAIT, WATCH, boards, pick, start_lobby


def mine(user: FakeUser, chan: Any) -> list[Message]:
    """Every message the user received: DMs and private replies in ``chan``."""
    return [*user.dms, *(m for m in user.visible_messages(chan) if m.ephemeral)]


async def solo(fake: Any, bot: Any, **options: Any) -> tuple[Any, FakeUser, Any]:
    """sam opens a solo worker game in #general (``options``: more of `/game new`'s); the
    channel, sam and the command's answer."""
    chan = fake.guild("Pompeii").channel("general")
    sam = await fake.user("sam")
    r = await sam.slash("game new", channel=chan, game="workers", players=1, **options)
    await r.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    return chan, sam, r


async def play_typed(user: FakeUser, chan: Any, bot: Any) -> None:
    legal = [c.value for c in await user.autocomplete("move", "action", "", channel=chan)]
    r = await user.slash("move", channel=chan, action=pick(legal))
    await r.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()


async def test_a_solo_game_played_by_move_says_once_that_the_decision_moved(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """Every `/move` of a solo game closed the previous reply with "Your decision moved to
    #general, where you asked for it" (80 times in one game): it moves once, out of the DM."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, sam, r = await solo(fake_discord, bot)
    assert "join there" not in r.content
    # The public waiting line names the player and words the decision for the table.
    waiting = next(m.content for m in boards(chan) if "Waiting for" in m.content)
    assert " your " not in waiting.split("Waiting for", 1)[1], waiting
    for _ in range(4):
        await play_typed(sam, chan, bot)
    moved = [m for m in mine(sam, chan) if "Your decision moved to" in m.content]
    assert len(moved) == 1, [m.content for m in moved]
    assert moved[0].in_dm and not moved[0].attachments  # over: its picture goes too
    assert all(not m.attachments for m in mine(sam, chan) if not m.components)


async def test_a_full_table_in_a_thread_is_not_told_to_join(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    parent, sam, r = await solo(fake_discord, bot, where="thread")
    assert "game #1" in r.content and "join there" not in r.content
    r = await sam.slash("game new", channel=parent, game="downfall", players=2, where="thread")
    await bot.flows.idle()
    assert "game #2" in r.content and "join there!" in r.content  # a seat is free


async def test_the_seating_starts_with_the_player_who_begins(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob, cara = [await fake_discord.user(n) for n in ("alice", "bob", "cara")]
    lobby = await alice.slash(
        "game new", channel=chan, game="cardcity", players=3, variant="first_seat=1"
    )
    status = await start_lobby(bot, chan, lobby.message, alice, [bob, cara])
    first = status.waiting_on[0]
    assert first.seat == 1
    name = {alice.id: "alice", bob.id: "bob", cara.id: "cara"}[first.user_id]
    seating = next(m.content for m in chan.messages if "Seating" in m.content)
    listed = seating.split("Seating, in turn order: ", 1)[1]
    assert listed.startswith(name), seating
    # The channel's waiting line speaks of the player, not to them.
    waiting = seating.split("Waiting for", 1)[1]
    assert " your " not in waiting and "statue into the city" in waiting, seating
