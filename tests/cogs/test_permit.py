"""Pompeji's building permit played as the rules intend, without waiting (issue 13): the next
player prepares their move while a window is open, another player interrupts, the prepared
move is played when the turn comes back; each holder gets one DM per window."""

from __future__ import annotations

from typing import Any

from tests.cogs.helpers import WAIT, WATCH, act_by_component, choices_of, until


def newest(user: Any, game_id: int, notation: str, chan: Any = None) -> Any:
    """The user's newest private message (DM, or ephemeral in ``chan``) offering ``notation``."""
    mine = list(user.dms)
    if chan is not None:
        mine += [m for m in user.visible_messages(chan) if m.ephemeral]
    for msg in sorted(mine, key=lambda m: m.id, reverse=True):
        if notation in choices_of(msg) and any(
            str(c.get("custom_id", "")).startswith("vz:") for c in msg.walk_components()
        ):
            return msg
    return None


async def test_the_next_player_prepares_while_another_interrupts(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    players = [await fake_discord.user(n) for n in ("alice", "bob", "cara")]
    lobby = await players[0].slash(
        "game new",
        channel=chan,
        game="cardcity",
        players=3,
        variant="permit_window=900, first_seat=0",
    )
    for u in players[1:]:
        await u.click("Join", message=lobby.message)
    await (await players[0].click("Start", message=lobby.message)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    game_id = (await bot.host.game_in_channel(chan.id)).game_id  # type: ignore[union-attr]
    status = await bot.host.status(game_id)
    user_of = {s.seat: next(u for u in players if u.id == s.user_id) for s in status.seats}
    mover, due, third = user_of[0], user_of[1], user_of[2]
    before = {u.name: len(u.dms) for u in players}

    # Seat 0 plays: a window opens for seat 0 (a second turn) and seat 2 (an interrupt), and
    # seat 1, who is due next, may prepare their move meanwhile.
    legal = await mover.autocomplete("move", "action", "play", channel=chan)
    r = await mover.slash("move", channel=chan, action=legal[0].value)
    await r.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    view = await bot.host.public_view(game_id)
    assert view["stage"] == "window"
    prepare = await bot.host.decision(game_id, due.id)
    assert prepare.kind == "option" and not prepare.waited
    plays = [c.notation for c in prepare.choices if c.notation.startswith("play ")]
    offer = newest(due, game_id, plays[0])
    assert offer is not None and offer.in_dm  # the next player is asked to prepare, by DM
    await act_by_component(due, offer, plays[0])
    await bot.flows.idle()
    # Nothing public tells where: the log reads "prepared their move".
    log = await third.slash("game log", channel=chan)
    assert "prepared their move" in log.content and plays[0] not in log.content
    assert (await bot.host.public_view(game_id))["stage"] == "window"  # still open

    # Seat 2 interrupts with their permit (if they can place) and plays the permit turn.
    interrupt = newest(third, game_id, "claim")
    if interrupt is not None:
        await act_by_component(third, interrupt, "claim")
        await bot.flows.idle()
        turn = await bot.host.decision(game_id, third.id)
        assert "decline" not in [c.notation for c in turn.choices]  # a claim commits (C7)
        card = next(c.notation for c in turn.choices if c.notation.startswith("play "))
        r = await third.slash("move", channel=chan, action=card)
        await r.wait_until_loaded(timeout=WAIT)
    else:  # nothing of theirs fits: both holders let it pass
        for u in (mover, third):
            msg = newest(u, game_id, "decline", chan)
            if msg is not None:
                await act_by_component(u, msg, "decline")
        await bot.flows.idle()
    await bot.flows.idle()

    async def moved_on() -> bool:
        log = await bot.host.log(game_id, None, limit=40)
        played = any(ev["type"] == "PreparedMovePlayed" for e in log for ev in e.events)
        dropped = any(ev["type"] == "PreparedMoveDropped" for e in log for ev in e.events)
        return played or dropped

    await until(moved_on)
    # The prepared move was played as soon as the turn came back (or, when it no longer fit
    # after the interrupt, seat 1 was asked anew), without seat 1 having to come back to it.
    log = await bot.host.log(game_id, None, limit=40)
    events = [ev for e in log for ev in e.events]
    if any(ev["type"] == "PreparedMovePlayed" for ev in events):
        assert any(ev["type"] == "CardPlayed" and ev["seat"] == 1 for ev in events)
        await bot.flows.idle()
        board = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral][-1]
        assert f"{due.name} built" in board.content
    else:
        assert 1 in [s.seat for s in (await bot.host.status(game_id)).waiting_on]
    # One DM per holder per window, not one more each time another answered.
    windows = sum(
        1
        for e in await bot.host.log(game_id, None, limit=60)
        for ev in e.events
        if ev["type"] == "WindowOpened"
    )
    offers = [
        m
        for m in third.dms[before["cara"] :]
        if "claim" in choices_of(m) or "decline" in m.content.lower()
    ]
    assert len(offers) <= windows


async def _four_at_a_window(fake_discord: Any, bot: Any, window: int) -> tuple[Any, dict[int, Any]]:
    """A 4-player Pompeji game in which seat 0 has just played: the window is open for the
    holders (seat 0 for a second turn, in the reply to its move; seats 2 and 3 by DM)."""
    chan = fake_discord.guild("Pompeii").channel("general")
    players = [await fake_discord.user(n) for n in ("alice", "bob", "cara", "dan")]
    lobby = await players[0].slash(
        "game new",
        channel=chan,
        game="cardcity",
        players=4,
        variant=f"permit_window={window}, first_seat=0",
    )
    for u in players[1:]:
        await u.click("Join", message=lobby.message)
    await (await players[0].click("Start", message=lobby.message)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    game_id = (await bot.host.game_in_channel(chan.id)).game_id  # type: ignore[union-attr]
    status = await bot.host.status(game_id)
    user_of = {s.seat: next(u for u in players if u.id == s.user_id) for s in status.seats}
    legal = await user_of[0].autocomplete("move", "action", "play", channel=chan)
    r = await user_of[0].slash("move", channel=chan, action=legal[0].value)
    await r.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    assert {s.seat for s in (await bot.host.status(game_id)).waiting_on} == {0, 2, 3}
    return chan, user_of


async def test_a_short_window_is_one_dm_per_holder_and_one_line_per_silent_holder(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: Any
) -> None:
    """Issue 14: at 3-4 players a 60-second window sent an offer titled "Your move", another
    full DM whenever another holder declined and a "30 seconds left" reminder; when it timed
    out the board said twice per silent holder that they let it pass."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, user_of = await _four_at_a_window(fake_discord, bot, 60)
    board = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral][-1]
    assert f"{user_of[0].name} built " in board.content and " and drew a card" in board.content
    offers = {seat: user_of[seat].dms[-1] for seat in (2, 3)}
    for offer in offers.values():
        assert offer.content.startswith("🌋 **Your chance to act (optional)** in game #1")
        assert "Your move" not in offer.content and "claim" in choices_of(offer)
    sent = {seat: len(u.dms) for seat, u in user_of.items()}

    await act_by_component(user_of[2], offers[2], "decline")  # one holder lets it pass
    await bot.flows.idle()
    clock.advance(31)  # half the window: no reminder in a minute-long window
    await bot.run_due_once()
    await bot.flows.idle()
    assert {seat: len(u.dms) for seat, u in user_of.items()} == sent
    assert offers[3].components  # the other holder's offer still stands, unchanged

    clock.advance(30)  # the window closes: the silent holders let it pass
    await bot.run_due_once()
    await bot.flows.idle()
    assert {seat: len(u.dms) for seat, u in user_of.items()} == sent
    assert offers[3].components == []  # the offer is over: its buttons are gone
    board = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral][-1]
    lines = board.content.splitlines()
    for seat in (0, 3):  # timed out: one line each, which says so
        user = user_of[seat]
        said = [line for line in lines if user.mention in line or f"{user.name}:" in line]
        assert len(said) == 1 and "did not answer in time" in said[0], lines
    assert sum(f"{user_of[2].name}: Let it pass" in line for line in lines) == 1, lines


async def test_a_long_window_reminds_its_holders_of_what_it_is(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: Any
) -> None:
    """A window long enough for a reminder (15 minutes) gets one at half time, which says it
    is the optional chance, not "your move"."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    _chan, user_of = await _four_at_a_window(fake_discord, bot, 900)
    clock.advance(451)
    await bot.run_due_once()
    await bot.flows.idle()
    for seat in (2, 3):
        reminder = user_of[seat].dms[-1]
        assert reminder.content.startswith(
            "🌋 **⏳ Reminder: 7 minutes left for your chance to act (optional)**"
        ), reminder.content
        assert choices_of(reminder) and user_of[seat].dms[-2].components == []
