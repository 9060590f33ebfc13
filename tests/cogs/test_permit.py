"""Pompeji's building permit played as the rules intend, without waiting (issue 13), through
Discord, on a scripted deal (tests/engine/cardcity/helpers.py: HANDS around Temple·red on g7).

The mover (seat 0) plays Forum·orange on h7: a window opens for the mover (a second turn,
offered in the confirmation of their own turn) and the holder (seat 2, an interrupt, by DM);
the player due next (seat 1) prepares their move by DM meanwhile. The holder interrupts; the
prepared move is played the moment its player's turn comes, or, when the permit turn took its
space, that player is asked anew. Every player gets
one DM per window at most, edited in place as it goes on. Standing orders ("never ask me",
"ask me only after <player>'s turns") are set by `/game interrupts` and on the offer's buttons.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cogs.components import window_order_buttons
from tests.cogs.helpers import WAIT, WATCH, act_by_component, choices_of, until
from tests.engine.cardcity.helpers import HANDS, scenario

PREPARED = "play Vp h8"  # seat 1 prepares Villa·purple next to the Forum
CLAIMED_ELSEWHERE = "play Gy g8"  # seat 2's permit turn, which leaves h8 free
CLAIMED_THERE = "play Gy h8"  # seat 2's permit turn on the prepared space


@dataclass
class Table:
    bot: Any
    chan: Any
    game_id: int
    mover: Any
    """seat 0, who plays first"""
    due: Any
    """seat 1, next"""
    holder: Any
    """seat 2, the other permit holder"""

    async def waiting(self) -> list[int]:
        return [s.seat for s in (await self.bot.host.views.status(self.game_id)).waiting_on]

    def boards(self) -> list[Any]:
        return [m for m in self.chan.messages if "board.png" in m.filenames and not m.ephemeral]

    async def events(self) -> list[str]:
        log = await self.bot.host.views.log(self.game_id, None, limit=60)
        return [ev["type"] for e in log for ev in e.events]


async def table(fake_discord: Any, start_bot: Any, make_bot: Any) -> Table:
    """A started 3-player table (permit window 15 minutes) on the scripted deal, seat 0 to play."""
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
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None
    by_id = {u.id: u for u in players}
    user_of = {s.seat: by_id[s.user_id] for s in status.seats}
    loaded = await bot.host.store.get(status.game_id)
    loaded.moved_to(scenario({"g7": "Tr"}, HANDS, options={"permit_window": 900}), {})
    return Table(bot, chan, status.game_id, user_of[0], user_of[1], user_of[2])


def dms(user: Any, since: int) -> list[Any]:
    """The DMs the bot sent the user after the first ``since`` (not the ephemeral answers to
    their clicks there); a DM edited in place keeps its place in the list."""
    return [m for m in user.dms[since:] if not m.ephemeral]


def offers(user: Any, since: int, notation: str) -> list[Any]:
    """The user's DMs sent after the first ``since`` that offer ``notation`` now."""
    return [m for m in dms(user, since) if notation in choices_of(m)]


async def mover_plays_and_the_window_opens(t: Table) -> Any:
    """The mover types their move: the board answers, and their permit offer comes in the
    private confirmation of their turn (ruling C3's order), not by DM. Returns that confirmation."""
    dms = len(t.mover.dms)
    r = await t.mover.slash("move", channel=t.chan, action="play Fo h7")
    await r.wait_until_loaded(timeout=WAIT)
    await t.bot.flows.idle()
    confirmation = await r.wait_for_followup(timeout=WAIT)
    assert confirmation.ephemeral and "You played" in confirmation.content
    assert choices_of(confirmation) == ["claim", "decline"]
    assert "take another turn now" in " ".join(confirmation.button_labels)
    assert "Ask me only after" not in " ".join(confirmation.button_labels)  # her own turn
    assert offers(t.mover, dms, "claim") == []  # no DM on top of it
    return confirmation


async def test_the_next_player_prepares_while_another_interrupts(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    t = await table(fake_discord, start_bot, make_bot)
    sent = {"mover": len(t.mover.dms), "due": len(t.due.dms), "holder": len(t.holder.dms)}
    confirmation = await mover_plays_and_the_window_opens(t)
    assert await t.waiting() == [0, 2]

    # The holder is asked by one DM, with standing orders on it; the due player may prepare.
    (interrupt,) = offers(t.holder, sent["holder"], "claim")
    assert interrupt.in_dm and choices_of(interrupt) == ["claim", "decline"]
    assert confirmation.id < interrupt.id  # the mover is asked first (ruling C3's order)
    assert "Never ask me" in interrupt.button_labels
    assert f"Ask me only after {t.mover.name}'s turns" in interrupt.button_labels
    (prepare,) = offers(t.due, sent["due"], PREPARED)
    assert prepare.in_dm and "claim" not in choices_of(prepare)
    # What it is: preparing a move, not acting out of turn; choosing plays nothing yet.
    assert prepare.content.startswith("🌋 **Prepare your next move (optional)**")
    # Said once ("If you like, now: prepare your move now if you like" said it twice).
    assert prepare.content.lower().count("if you like") == 1, prepare.content
    await act_by_component(t.due, prepare, PREPARED)
    await t.bot.flows.idle()
    assert "✅ Done: Prepare: play Villa·purple" in prepare.content  # the same DM, edited
    assert "Played" not in prepare.content and "You played" not in prepare.content
    assert "withdraw" in choices_of(prepare)
    assert await t.waiting() == [0, 2]  # the move is held: the window stays open
    # Changing it twice is the player's own choice: nobody else is told (C22).
    other = next(c for c in choices_of(prepare) if c not in (PREPARED, "withdraw"))
    for again in (other, PREPARED):
        await act_by_component(t.due, prepare, again)
        await t.bot.flows.idle()
    log = await t.holder.slash("game log", channel=t.chan)
    assert "prepared their move" in log.content and "h8" not in log.content
    assert "changed" not in log.content, log.content
    assert all("changed their prepared move" not in m.content for m in t.chan.messages)

    # The holder interrupts; a claim commits (C7): the same DM becomes the permit turn.
    await act_by_component(t.holder, interrupt, "claim")
    await t.bot.flows.idle()
    assert await t.waiting() == [2]
    assert "decline" not in choices_of(interrupt) and CLAIMED_ELSEWHERE in choices_of(interrupt)
    # The mover's offer (in the confirmation of her turn) says the chance is over, and how.
    assert confirmation.buttons == [] and "This is over" in confirmation.content
    assert f"{t.holder.name} used their building permit" in confirmation.content
    r = await t.holder.slash("move", channel=t.chan, action=CLAIMED_ELSEWHERE)
    await r.wait_until_loaded(timeout=WAIT)
    await t.bot.flows.idle()

    # The prepared move was played as soon as its turn came, without its player coming back.
    events = await t.events()
    assert events.count("PreparedMovePlayed") == 1 and "PreparedMoveDropped" not in events
    board = t.boards()[-1].content
    assert f"{t.holder.name} built Granary·yellow on g8" in board
    assert f"{t.due.name} built Villa·purple on h8" in board
    assert prepare.buttons == []  # his offer to prepare is over: its buttons are gone

    # One DM per player per window, edited in place as it goes on. The first window: none for
    # the mover (their offer was in their confirmation), one for the holder, one offer to
    # prepare for the due player. The second (after seat 1's turn, for seats 1 and 0): one each.
    assert await t.waiting() == [0, 1]
    (second,) = dms(t.mover, sent["mover"])
    assert choices_of(second) == ["claim", "decline"]
    assert dms(t.holder, sent["holder"]) == [interrupt]
    assert dms(t.due, sent["due"])[0] is prepare
    (own,) = dms(t.due, sent["due"])[1:]
    assert choices_of(own) == ["claim", "decline"]


async def test_a_prepared_move_the_interrupt_made_impossible_is_asked_anew(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    t = await table(fake_discord, start_bot, make_bot)
    sent = {"due": len(t.due.dms), "holder": len(t.holder.dms)}
    await mover_plays_and_the_window_opens(t)
    (prepare,) = offers(t.due, sent["due"], PREPARED)
    await act_by_component(t.due, prepare, PREPARED)
    await t.bot.flows.idle()
    (interrupt,) = offers(t.holder, sent["holder"], "claim")
    await act_by_component(t.holder, interrupt, "claim")
    await t.bot.flows.idle()
    await act_by_component(t.holder, interrupt, CLAIMED_THERE)  # the space seat 1 had prepared
    await t.bot.flows.idle()

    assert await t.waiting() == [1]  # seat 1 plays now, choosing anew
    assert "PreparedMovePlayed" not in await t.events()
    # Nothing public says the prepared move failed (that would tell where it was aimed): the
    # player is told in the DM of their turn.
    said = "\n".join(b.content for b in t.boards())
    assert "no longer fits" not in said, said
    assert prepare.buttons == []
    (turn,) = [m for m in dms(t.due, sent["due"]) if m is not prepare]
    assert "Your move" in turn.content and PREPARED not in choices_of(turn)
    assert "prepared move (`play Vp h8`) no longer fits after the interrupt" in turn.content
    assert any(n.startswith("play V") for n in choices_of(turn))


async def test_standing_orders_from_the_command_and_from_the_offer(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    t = await table(fake_discord, start_bot, make_bot)
    sent = len(t.holder.dms)
    confirmation = await mover_plays_and_the_window_opens(t)
    (interrupt,) = offers(t.holder, sent, "claim")

    # "Ask me only after <mover>'s turns", on the offer: this window follows their turn.
    after = await t.holder.click(f"Ask me only after {t.mover.name}'s turns", message=interrupt)
    assert after.ephemeral and f"only after {t.mover.name}'s turns" in after.content
    await t.bot.flows.idle()
    assert await t.waiting() == [0, 2]
    await act_by_component(t.mover, confirmation, "decline")
    await t.bot.flows.idle()
    assert await t.waiting() == [2]
    # "Never ask me", on the same offer: the holder was the last one asked, so the window
    # closes at once and seat 1 plays; the offer loses its buttons.
    never = await t.holder.click("Never ask me", message=interrupt)
    assert never.ephemeral and "won't ask you again" in never.content

    async def due_plays() -> bool:
        return await t.waiting() == [1]

    await until(due_plays)
    await t.bot.flows.idle()
    assert interrupt.buttons == [] and dms(t.holder, sent) == [interrupt]

    # `/game interrupts` sets it back.
    r = await t.holder.slash("game interrupts", channel=t.chan, when="ask")
    assert r.ephemeral and "ask you at every chance" in r.content
    assert (await t.bot.host.views.status(t.game_id)).seats[2].window_order == "ask"


async def test_never_ask_me_is_not_pinged_and_a_prepared_move_follows_the_window(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    t = await table(fake_discord, start_bot, make_bot)
    r = await t.holder.slash("game interrupts", channel=t.chan, when="never")
    assert r.ephemeral
    sent = {"due": len(t.due.dms), "holder": len(t.holder.dms)}
    confirmation = await mover_plays_and_the_window_opens(t)
    # The window asks the mover only: the holder is neither named on the board nor DMed.
    assert await t.waiting() == [0]
    board = t.boards()[-1].content
    assert f"<@{t.mover.id}>" in board and f"<@{t.holder.id}>" not in board
    assert dms(t.holder, sent["holder"]) == []
    (prepare,) = offers(t.due, sent["due"], PREPARED)
    await act_by_component(t.due, prepare, PREPARED)
    await t.bot.flows.idle()
    # The mover lets it pass: nobody else is asked, so the window closes at once, and the
    # prepared move is played in that same moment (then a window after seat 1's turn opens).
    await act_by_component(t.mover, confirmation, "decline")
    await t.bot.flows.idle()
    assert "PreparedMovePlayed" in await t.events()
    assert f"{t.due.name} built Villa·purple on h8" in t.boards()[-1].content
    assert await t.waiting() == [0, 1]
    assert offers(t.holder, sent["holder"], "claim") == []  # (now next, they may prepare)
    # A standing order's passes are silent: no board tells "<holder>: Let it pass" (it was on
    # 24 of 38 boards after a "Never ask me").
    said = "\n".join(b.content for b in t.boards())
    assert f"{t.holder.name}: Let it pass" not in said and "Let it pass" not in said
    # /game log shows the holder's pass as their standing order's, not as a forced move.
    log = await t.due.slash("game log", channel=t.chan)
    (passed,) = [line for line in log.content.splitlines() if f"{t.holder.name}:" in line]
    assert "standing order" in passed and "forced" not in passed, passed


def test_an_offer_carries_the_standing_orders_the_player_does_not_have_yet() -> None:
    def labels(seat: int, order: str, origin: int | None) -> list[str]:
        items = window_order_buttons(9, seat, order, origin, ["Ann", "Bo", "Cy"])
        return [str(getattr(i, "item", i).label) for i in items]

    assert labels(2, "ask", 0) == ["Never ask me", "Ask me only after Ann's turns"]
    assert labels(2, "after:0", 0) == ["Never ask me", "Ask me at every chance"]
    assert labels(2, "after:1", 1) == ["Never ask me", "Ask me at every chance"]
    assert labels(0, "ask", 0) == ["Never ask me"]  # the mover's own offer: no "after" self


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
    game_id = (await bot.host.views.game_in_channel(chan.id)).game_id  # type: ignore[union-attr]
    status = await bot.host.views.status(game_id)
    user_of = {s.seat: next(u for u in players if u.id == s.user_id) for s in status.seats}
    legal = await user_of[0].autocomplete("move", "action", "play", channel=chan)
    r = await user_of[0].slash("move", channel=chan, action=legal[0].value)
    await r.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    assert {s.seat for s in (await bot.host.views.status(game_id)).waiting_on} == {0, 2, 3}
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
        assert offer.content.startswith("🌋 **Your chance to act (optional)** · game #1")
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
    offers = {seat: user_of[seat].dms[-1] for seat in (2, 3)}
    clock.advance(451)
    await bot.run_due_once()
    await bot.flows.idle()
    for seat in (2, 3):
        reminder = user_of[seat].dms[-1]
        assert reminder.content.startswith(
            "🌋 **⏳ Reminder: 7 minutes left for your chance to act (optional)**"
        ), reminder.content
        # The reminder replaces the offer: one message per decision is left.
        assert (
            choices_of(reminder) and offers[seat].deleted and offers[seat] not in user_of[seat].dms
        )
