"""A player's decision message stays true to the decision (issue 44, items 1 and 2): it closes
with what was played, once, and while the game waits on the same player again, a message
carries that decision with its controls."""

from __future__ import annotations

from typing import Any

from tests.cogs.helpers import WAIT, act_by_component, choices_of
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
    the replaced pick, while another card was played."""
    t = await table(fake_discord, start_bot, make_bot)
    sent = {"due": len(t.due.dms), "holder": len(t.holder.dms)}
    await mover_plays_and_the_window_opens(t)
    (interrupt,) = offers(t.holder, sent["holder"], "claim")
    (prepare,) = offers(t.due, sent["due"], PREPARED)
    await act_by_component(t.due, prepare, PREPARED)
    await t.bot.flows.idle()
    changed = "play Vp g6"  # changed: Villa·purple on g6 instead of h8
    assert changed in choices_of(prepare)
    await act_by_component(t.due, prepare, changed)
    await t.bot.flows.idle()
    await act_by_component(t.holder, interrupt, "claim")
    await t.bot.flows.idle()
    r = await t.holder.slash("move", channel=t.chan, action=CLAIMED_ELSEWHERE)
    await r.wait_until_loaded(timeout=WAIT)
    await t.bot.flows.idle()

    assert f"{t.due.name} built Villa·purple on g6" in t.boards()[-1].content
    assert prepare.buttons == []
    closing = prepare.content
    assert "✅ You played: Villa·purple on g6." in closing, closing
    assert closing.count("You played") == 1, closing
    assert "h8" not in closing and "Prepare" not in closing and "more" not in closing, closing
