"""A player's decision message stays true to the decision (issue 44, items 1 and 2): it closes
with what was played, once, and while the game waits on the same player again, a message
carries that decision with its controls."""

from __future__ import annotations

from typing import Any

from tests.cogs import helpers as h
from tests.cogs.test_permit import (
    CLAIMED_ELSEWHERE,
    PREPARED,
    mover_plays_and_the_window_opens,
    offers,
    table,
)


async def test_a_changed_prepared_move_closes_with_what_was_played(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """Item 1: the DM said "✅ You played: Prepare: play Well·orange·1 on g8 … (and 1 more)",
    the replaced h.pick, while another card was played."""
    t = await table(fake_discord, start_bot, make_bot)
    sent = {"due": len(t.due.dms), "holder": len(t.holder.dms)}
    await mover_plays_and_the_window_opens(t)
    (interrupt,) = offers(t.holder, sent["holder"], "claim")
    (prepare,) = offers(t.due, sent["due"], PREPARED)
    await h.act_by_component(t.due, prepare, PREPARED)
    await t.bot.flows.idle()
    changed = "play Vp g6"  # changed: Villa·purple on g6 instead of h8
    assert changed in h.choices_of(prepare)
    await h.act_by_component(t.due, prepare, changed)
    await t.bot.flows.idle()
    await h.act_by_component(t.holder, interrupt, "claim")
    await t.bot.flows.idle()
    r = await t.holder.slash("move", channel=t.chan, action=CLAIMED_ELSEWHERE)
    await r.wait_until_loaded(timeout=h.WAIT)
    await t.bot.flows.idle()

    assert f"{t.due.name} built Villa·purple on g6" in t.boards()[-1].content
    assert prepare.buttons == []
    closing = prepare.content
    assert "✅ You played: Villa·purple on g6." in closing, closing
    assert closing.count("You played") == 1, closing
    assert "h8" not in closing and "Prepare" not in closing and "more" not in closing, closing


def live(user: Any, chan: Any) -> list[Any]:
    """The user's DMs and private replies in ``chan`` that carry a decision's controls."""
    mine = [*user.dms, *(m for m in user.visible_messages(chan) if m.ephemeral)]
    return [
        m
        for m in mine
        if any(
            str(c.get("custom_id", "")).startswith(("vz:a:", "vz:s:")) for c in m.walk_components()
        )
    ]


async def test_a_follow_up_decision_of_the_same_player_keeps_a_live_message(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: Any
) -> None:
    """Item 2: after "2 spielen → e2" her DM and her private reply were both closed ("✅ Du
    hast gespielt: …", no menu) while the game waited on her next decision (place a relative),
    and no message carried it. Her decision was in a reply (``/hand``) and in a reminder's DM
    at once; answering in one made it her next decision, and closing "the other" message of
    the decision she answered closed both. The reminder now takes the decision out of the
    reply (one message per decision), and an answer never closes the message it was given in.
    """
    bot = await start_bot(make_bot(), watch_loggers=h.WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    by_id = {alice.id: alice, bob.id: bob}
    game_id = await h.open_game(fake_discord, bot, chan, [alice, bob], turn_time=300)
    await h.play_by_host(bot, game_id, 8)  # with this seed, the 9th has a follow-up
    status = await bot.host.views.status(game_id)
    mover = by_id[status.waiting_on[0].user_id]
    await mover.slash("hand", channel=chan)  # her decision in a private reply
    await bot.flows.idle()
    reply = h.latest_decision(mover, game_id, status.version, chan)
    assert reply is not None and reply.ephemeral
    clock.advance(160)  # past half time: a reminder brings the decision by DM too
    await bot.run_due_once()
    await bot.flows.idle()
    assert any("Reminder" in m.content and h.choices_of(m) for m in mover.dms)

    (reminder,) = live(mover, chan)  # the reply says where it went: one live message
    assert reminder.in_dm and "Reminder" in reminder.content
    assert not list(reply.walk_components()) and "newer message" in reply.content

    legal = [c.notation for c in await bot.host.decisions.legal_choices(game_id, mover.id)]
    await h.act_by_component(mover, reminder, h.pick(legal))
    await bot.flows.idle()
    after = await bot.host.views.status(game_id)
    assert [s.user_id for s in after.waiting_on] == [mover.id]  # she decides again
    carried = live(mover, chan)
    assert len(carried) == 1, [m.content for m in carried]  # one live message, not none
    assert h.latest_decision(mover, game_id, after.version, chan) is carried[0] is reminder
    assert "✅ You played" in reminder.content
