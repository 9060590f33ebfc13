"""A second game (Pompeji, the card game) runs through the same commands with no special case in
the Discord layer: its options, labels, words and images come from its engine, renderer and
narration module."""

from __future__ import annotations

from typing import Any

from tests.cogs.helpers import WAIT, WATCH, until


async def test_pompeji_plays_through_the_same_commands(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    by_id = {alice.id: alice, bob.id: bob}
    offered = await alice.autocomplete("game new", "variant", "", channel=chan, game="cardcity")
    assert offered and all("permit" in c.value or "first_seat" in c.value for c in offered)
    lobby = await alice.slash("game new", channel=chan, game="cardcity", players=2)
    assert "Pompeji" in lobby.content
    await bob.click("Join", message=lobby.message)
    start = await alice.click("Start", message=lobby.message)
    await start.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    assert any("board.png" in m.filenames for m in chan.messages)
    game_id = (await bot.host.views.game_in_channel(chan.id)).game_id
    for u in (alice, bob):
        dm = next(m for m in u.dms if "hand.png" in m.filenames)
        assert "Your hand: " in dm.content and "Pompeji" in dm.content

    for _ in range(8):
        status = await bot.host.views.status(game_id)
        user = by_id[status.waiting_on[0].user_id]
        offered = await user.autocomplete("move", "action", "", channel=chan)
        legal = [c.value for c in offered if c.value != "?"]
        # No refusal among the suggestions; only, past 25 moves, the note on how to narrow.
        assert legal and all(c.value != "?" or "type to narrow" in c.name for c in offered)
        action = next((v for v in legal if v.startswith("play")), None)
        action = action or ("decline" if "decline" in legal else legal[0])
        await user.slash("move", channel=chan, action=action)
        await bot.flows.idle()

        async def moved(version: int = status.version) -> bool:
            return (await bot.host.views.status(game_id)).version > version

        await until(moved)
    boards = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral]
    assert len(boards) >= 2
    assert any(" built " in m.content for m in boards), [m.content for m in boards]
    r = await alice.slash("game rules", channel=chan, topic="scoring")
    assert "Pompeji" in r.content and "street" in r.content
