"""A third, very different game plugs in without a special case: the toy game (tests/toy) with a
simultaneous, secret bidding step and a solo mode, played through the real bot end to end."""

from __future__ import annotations

import asyncio
from typing import Any

from sandbox.fake import FakeUser, Message
from tests.cogs.helpers import WAIT, WATCH, until


def bid_dm(user: FakeUser, game_id: int, chan: Any) -> Message | None:
    """The user's newest private message (a DM, or the ephemeral reply to their own move) with
    a bidding stepper (its Lock button)."""
    mine = [*user.dms, *(m for m in user.visible_messages(chan) if m.ephemeral)]
    for msg in sorted(mine, key=lambda m: m.id, reverse=True):
        if any(
            str(c.get("custom_id", "")).startswith(f"vz:a:{game_id}:")
            and str(c.get("custom_id", "")).endswith(":lock")
            for c in msg.walk_components()
        ):
            return msg
    return None


def button(msg: Message, label: str) -> str:
    return next(str(c["custom_id"]) for c in msg.walk_components() if c.get("label") == label)


async def test_two_players_bid_at_the_same_time_and_the_bids_are_revealed_together(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    sam = await fake_discord.user("sam")  # a spectator
    lobby = await alice.slash("game new", channel=chan, game="toy", players=2, variant="bids=true")
    await bob.click("Join", message=lobby.message)
    await (await alice.click("Start", message=lobby.message)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None
    game_id = status.game_id
    users = {alice.id: alice, bob.id: bob}
    for _ in range(2):  # a round of passes; then everyone bids
        now = await bot.host.views.status(game_id)
        r = await users[now.waiting_on[0].user_id].slash("move", channel=chan, action="pass")
        await r.wait_until_loaded(timeout=WAIT)
        await bot.flows.idle()
    bidding = await bot.host.views.status(game_id)
    assert {s.user_id for s in bidding.waiting_on} == {alice.id, bob.id}
    board = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral][-1]
    assert "Bidding" in board.content and "bid 0, 1 or 2 in secret" in board.content
    dms = {u: bid_dm(u, game_id, chan) for u in (alice, bob)}
    assert all(dms.values())
    assert all("bid 0, 1 or 2 in secret" in m.content for m in dms.values() if m)

    # Both raise their bids at the same moment: neither click makes the other stale.
    a, b = dms[alice], dms[bob]
    assert a is not None and b is not None
    ra, rb = await asyncio.gather(
        alice.click(custom_id=button(a, "+"), message=a),
        bob.click(custom_id=button(b, "+"), message=b),
    )
    await bot.flows.idle()
    assert ra.updated and rb.updated  # each stepper edited in place
    assert "Your bid: 1" in a.content and "Your bid: 1" in b.content
    r = await alice.click(custom_id=button(a, "+"), message=a)  # alice goes to 2
    await bot.flows.idle()
    assert "Your bid: 2" in a.content
    # Nothing public tells the bids apart before they are revealed.
    log = await sam.slash("game log", channel=chan)
    assert "alice: a secret move" in log.content and "bid 2" not in log.content.lower()
    assert not any("Your bid" in m.content for m in chan.messages if not m.ephemeral)

    await alice.click(custom_id=button(a, "Lock your bid of 2"), message=a)
    await bot.flows.idle()
    waiting = await bot.host.views.status(game_id)
    assert [s.user_id for s in waiting.waiting_on] == [bob.id]  # alice has locked
    # The channel shows who has locked and who is still deciding; the last one is told in
    # their own message (they take DMs: no ping in the channel).
    # The toy words its step its own way (StepWords).
    step = next(m for m in chan.messages if "**Bidding**" in m.content and not m.ephemeral)
    assert "Locked: alice" in step.content and "still bidding: bob" in step.content
    assert "Everyone else has decided" in b.content
    assert not any(bob.id in m.pinged for m in chan.messages)
    await bob.click(custom_id=button(b, "Lock your bid of 1"), message=b)
    await bot.flows.idle()

    async def revealed() -> bool:
        return any("Bids:" in m.content for m in chan.messages if not m.ephemeral)

    await until(revealed)
    # The status message says the step is over, and nobody is still "deciding".
    assert "Every bid is in" in step.content and "bidding:" not in step.content
    # alice's bid message says what became of it and has no buttons left; bob's, the one he
    # locked with, became his next decision (his turn follows) and says what he played.
    assert not a.buttons and "Lock your bid of 2" in a.content
    assert "✅ You played: Lock your bid of 1" in b.content and b.buttons
    reveal = next(m for m in chan.messages if "Bids:" in m.content and not m.ephemeral)
    assert (
        "alice 2" in reveal.content and "bob 1" in reveal.content and "alice wins" in reveal.content
    )
    view = await bot.host.views.public_view(game_id)
    seat_of = {s.user_id: s.seat for s in waiting.seats}
    scores = {u: view["seats"][seat]["score"] for u, seat in seat_of.items()}
    assert scores == {alice.id: 4, bob.id: 0}  # both paid their bids; alice won twice hers


async def test_a_solo_game_shows_its_progress_and_ends_with_a_title(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    thread_parent = fake_discord.guild("Pompeii").channel("general")
    alice = await fake_discord.user("alice")
    r = await alice.slash("game new", channel=thread_parent, game="toy", players=1, where="thread")
    assert "game #1" in r.content
    await bot.flows.idle()
    thread = thread_parent.threads[0]  # a table of one starts at once
    await bot.flows.idle()
    boards = 1
    while (await bot.host.views.status(1)).status == "active":
        legal = await alice.autocomplete("move", "action", "play", channel=thread)
        action = legal[0].value if legal and legal[0].value != "?" else "pass"
        r = await alice.slash("move", channel=thread, action=action)
        await r.wait_until_loaded(timeout=WAIT)
        await bot.flows.idle()
        boards += 1
        posted = [m for m in thread.messages if "board.png" in m.filenames and not m.ephemeral]
        assert len(posted) == boards  # every round of a solo game shows its board
    final = [m for m in thread.messages if "board.png" in m.filenames and not m.ephemeral][-1]
    assert "Solo game won" in final.content and "Champion" in final.content
    assert final.button_labels == ["Replay"]  # no "My hand" on a finished game: its replay


async def test_a_two_step_choice_opens_a_group_then_plays(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    lobby = await alice.slash("game new", channel=chan, game="toy", players=2, variant="slots=3")
    await bob.click("Join", message=lobby.message)
    await (await alice.click("Start", message=lobby.message)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None
    mover = alice if status.waiting_on[0].user_id == alice.id else bob
    dm = next(m for m in reversed(mover.dms) if m.selects)
    (first,) = [c for c in dm.walk_components() if c.get("type") == 3]
    assert first["placeholder"] == "Choose a card…" and "Pass (draw nothing)" in dm.button_labels
    card = first["options"][0]["value"]
    opened = await mover.select(dm, values=[card])
    assert opened.updated  # the same message, now the card's slots
    labels = dm.button_labels
    assert labels[0] == "◀ Back" and len(labels) == 5  # back + 3 slots + the board on demand
    assert labels[-1] == "Board"
    before = (await bot.host.views.status(status.game_id)).version
    slot = next(c for c in dm.walk_components() if str(c.get("custom_id", "")).endswith("/2"))
    await mover.click(custom_id=str(slot["custom_id"]), message=dm)
    await bot.flows.idle()
    (entry,) = await bot.host.views.log(status.game_id, None, limit=1)
    assert entry.version == before + 1 and entry.notation == f"play {card}/2"
