"""The fake Discord's interactions with a real discord.py client: buttons and selects, DMs,
deferring and follow-ups, the 3-second deadline, modals, expiring tokens."""

from __future__ import annotations

import asyncio

import discord
import pytest

from sandbox.fake import (
    DriverError,
    FakeClock,
    FakeDiscord,
    InteractionFailed,
)
from tests.fakediscord.plugin import StartBot
from tests.fakediscord.sample_bot import SampleBot

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


async def test_buttons_and_selects_in_a_channel(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    await start_bot(SampleBot())
    chan = fake_discord.guild().channel("general")
    alice = await fake_discord.user("alice")
    bob = await fake_discord.user("bob")
    r = await alice.slash("game new", channel=chan, game="workers", players=2)
    board = r.message
    assert board is not None

    joined = await bob.click("Join", message=board)
    assert joined.content == "bob joined" and joined.ephemeral and joined.response_type == 4

    picked = await alice.select(board, values=["blue"])
    assert picked.updated and picked.message is board and board.content == "picked blue"

    started = await alice.click(custom_id="game:start", channel=chan)
    assert started.response_type == 7 and board.content == "game started"
    assert next(b for b in board.buttons if b["custom_id"] == "game:start")["disabled"] is True
    with pytest.raises(DriverError, match="disabled"):
        await bob.click("Start", message=board)
    with pytest.raises(DriverError, match="no options"):
        await alice.select(board, values=["green"])


async def test_user_cannot_see_another_users_ephemeral(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    await start_bot(SampleBot())
    chan = fake_discord.guild().channel("general")
    alice = await fake_discord.user("alice")
    bob = await fake_discord.user("bob")
    r = await alice.slash("secret", channel=chan)
    assert r.ephemeral and r.content == "secret for alice"
    assert r.message in alice.visible_messages(chan)
    assert r.message not in bob.visible_messages(chan)
    assert not bob.can_see(r.message) and chan.last_message is None
    # Ephemeral messages never reach the gateway and cannot be fetched by id.
    sent = [t for d, _, t in fake_discord.gateway_log if d == "send"]
    assert "MESSAGE_CREATE" not in sent


async def test_defer_dm_with_png_button_in_dm_and_followups(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    await start_bot(SampleBot())
    chan = fake_discord.guild().channel("general")
    alice = await fake_discord.user("alice")
    bob = await fake_discord.user("bob")

    r = await alice.slash("deal", channel=chan)
    assert r.deferred and r.ephemeral
    second = await r.wait_for_followup(2)
    # The first follow-up after the defer replaced the "thinking" message.
    assert r.followups[0] is r.message and r.content == "dealt" and not r.message.loading
    assert r.message.ephemeral and not second.ephemeral and second.content == "second"
    assert [m.content for m in alice.visible_messages(chan)] == ["dealt", "second"]
    assert [m.content for m in bob.visible_messages(chan)] == ["second"]

    hand = await alice.wait_for_dm()
    assert hand.content == "your hand" and hand.files[0].startswith(PNG_MAGIC)
    assert bob.dms == [] and not bob.can_see(hand)
    with pytest.raises(DriverError, match="cannot see"):
        await bob.click("Play", message=hand)

    played = await alice.click("Play", message=hand)
    assert played.content == "played from DM" and played.message is not None
    assert played.message.in_dm and played.message in alice.dm.messages
    # Requests as discord.py makes them: defer, open DM, multipart DM, follow-up with wait=1.
    followup = next(q for q in fake_discord.requests if q.path.startswith("/webhooks/"))
    assert followup.query.get("wait") == "1" and not followup.authorized
    # The transcript (printed, so pytest shows it for a failing test) reads like the game.
    assert "alice in general: /deal" in fake_discord.transcript
    assert "alice in DM: clicks 'Play'" in fake_discord.transcript
    assert any(
        line.startswith("bot POST /webhooks/") and "content='dealt'" in line
        for line in fake_discord.transcript
    )


async def test_closed_dms_get_50007(fake_discord: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    alice.close_dms()
    r = await alice.slash("deal")
    await r.wait_until_loaded()
    assert r.content == "I cannot DM you" and alice.dms == []
    err = bot.seen["dm_error"]
    assert isinstance(err, discord.Forbidden) and err.code == 50007
    assert fake_discord.rejections[-1].code == 50007


async def test_defer_then_edit_original_with_png_reads_back(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    r = await alice.slash("board")
    assert r.deferred
    await fake_discord.wait_for(lambda: "read_back" in bot.seen)
    assert r.content == "board" and r.files[0] == bot.seen["read_back"]
    assert bot.seen["read_back"].startswith(PNG_MAGIC)


async def test_interaction_answered_twice_gets_40060(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    r = await alice.slash("twice")
    assert r.content == "first"
    await fake_discord.wait_for(lambda: "twice_error" in bot.seen)
    err = bot.seen["twice_error"]
    assert err.status == 400 and err.code == 40060


@pytest.mark.parametrize("fake_discord_options", [{"clock": FakeClock()}], indirect=True)
async def test_three_second_deadline_with_a_fake_clock(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    clock = fake_discord.clock
    assert isinstance(clock, FakeClock) and fake_discord.interaction_deadline == 3.0
    alice = await fake_discord.user("alice")
    pending = asyncio.create_task(alice.slash("slow", check=False))
    await asyncio.sleep(0.1)
    assert not pending.done()  # 2.9 s of fake time is still in time
    clock.advance(2.9)
    await asyncio.sleep(0.1)
    assert not pending.done()
    clock.advance(0.2)
    r = await asyncio.wait_for(pending, 2)
    assert r.failed and "3.0 s" in (r.error or "")
    bot.release.set()
    await fake_discord.wait_for(lambda: "slow_error" in bot.seen)
    assert isinstance(bot.seen["slow_error"], discord.NotFound)
    assert bot.seen["slow_error"].code == 10062


@pytest.mark.parametrize("fake_discord_options", [{"interaction_deadline": 0.3}], indirect=True)
async def test_deadline_in_real_time_raises_by_default(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    with pytest.raises(InteractionFailed, match=r"did not respond within 0\.3 s"):
        await alice.slash("slow")
    bot.release.set()
    await fake_discord.wait_for(lambda: "slow_error" in bot.seen)


async def test_click_on_a_view_the_bot_does_not_know_fails(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    # A button from an earlier life of the bot: discord.py has no view for it and drops it.
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "Old", "custom_id": "old:1"}]}
    msg = fake_discord.post(fake_discord.guild().channel("general"), "stale", components=[row])
    fake_discord.response_timeout = 0.3
    r = await alice.click("Old", message=msg, check=False)
    assert r.failed and not r.answered and "0.3 s" in (r.error or "")
    with pytest.raises(InteractionFailed):
        await alice.click("Old", message=msg)


async def test_a_command_that_raises_fails_fast_with_the_error(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    with pytest.raises(InteractionFailed, match="kaboom"):
        await alice.slash("boom")
    assert loop.time() - t0 < 2.5  # well before the 3 s deadline
    assert "boom" in fake_discord.bot_errors[0].getMessage()
    with pytest.raises(AssertionError, match="the bot logged errors"):
        fake_discord.verify()
    fake_discord.bot_errors.clear()


async def test_modal_round_trip(fake_discord: FakeDiscord, start_bot: StartBot) -> None:
    await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    opened = await alice.slash("feedback")
    assert opened.response_type == 9 and opened.modal is not None
    assert opened.modal["title"] == "Feedback"
    done = await alice.submit_modal(opened, {"fb:text": "great game"})
    assert done.content == "thanks: great game" and done.ephemeral


async def test_restart_dynamic_button_still_works(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    first = await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    r = await alice.slash("counter")
    assert r.content == "count 0"
    await start_bot.stop(first)
    assert not fake_discord.connected
    with pytest.raises(DriverError, match="no bot is connected"):
        await alice.click("Count 0", message=r.message)
    await start_bot(SampleBot())
    clicked = await alice.click("Count 0", message=r.message)
    assert clicked.updated and r.content == "count 1"
    assert r.message is not None and r.message.button_labels == ["Count 1"]
    assert len(fake_discord.identify_payloads) == 2


@pytest.mark.parametrize("fake_discord_options", [{"clock": FakeClock()}], indirect=True)
async def test_interaction_token_expires_after_15_minutes(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    clock = fake_discord.clock
    assert isinstance(clock, FakeClock)
    alice = await fake_discord.user("alice")
    r = await alice.slash("later", check=False)  # its answer is never to come
    assert r.deferred and r.message is not None and r.message.loading
    clock.advance(15 * 60 + 1)
    bot.release_later.set()
    await fake_discord.wait_for(lambda: "later_error" in bot.seen)
    assert bot.seen["later_error"].code == 50027 and r.followups == []


async def test_user_select_in_a_dm_attachment_and_channel_options(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    await start_bot(SampleBot())
    chan = fake_discord.guild().channel("general")
    alice = await fake_discord.user("alice")
    bob = await fake_discord.user("bob")
    r = await alice.slash("pick", channel=chan)
    assert r.content == "check your DMs"
    picker = await alice.wait_for_dm()
    picked = await alice.select(picker, values=[bob])
    assert picked.content == "picked bob" and picked.message in alice.dm.messages

    up = await alice.slash("upload", channel=chan, file=("notes.txt", b"hello"), where=chan)
    assert up.content == "notes.txt: 5 bytes for #general"


async def test_components_v2_and_concurrent_clicks(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    await start_bot(SampleBot())
    chan = fake_discord.guild().channel("general")
    alice = await fake_discord.user("alice")
    bob = await fake_discord.user("bob")
    r = await alice.slash("panel", channel=chan)
    assert r.message is not None and r.message.flags & (1 << 15) and r.content == ""
    assert r.message.button_labels == ["Go"]
    a, b = await asyncio.gather(
        alice.click("Go", message=r.message), bob.click("Go", message=r.message)
    )
    assert (a.content, b.content) == ("went", "went")
    assert a.message is not b.message and a.ephemeral and b.ephemeral
    assert alice.can_see(a.message) and not alice.can_see(b.message)  # type: ignore[arg-type]
