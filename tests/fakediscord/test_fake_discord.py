"""The fake Discord against a real discord.py client (tests.fakediscord.sample_bot)."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route

from sandbox.fake import (
    Channel,
    DriverError,
    FakeClock,
    FakeDiscord,
    InteractionFailed,
    bot_running,
)
from tests.fakediscord.plugin import StartBot
from tests.fakediscord.sample_bot import SampleBot

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


async def test_login_identify_ready_and_global_sync(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    paths = [(r.method, r.path) for r in fake_discord.requests]
    app = fake_discord.application_id
    assert paths[:3] == [
        ("GET", "/users/@me"),
        ("GET", "/oauth2/applications/@me"),
        ("PUT", f"/applications/{app}/commands"),
    ]
    assert [(d, op) for d, op, _ in fake_discord.gateway_log[:2]] == [
        ("send", 10),
        ("recv", 2),
    ] or (fake_discord.gateway_log[0][:2] == ("send", 10))
    events = [t for d, op, t in fake_discord.gateway_log if d == "send" and op == 0]
    assert events[:2] == ["READY", "GUILD_CREATE"]
    assert fake_discord.identify_payloads[0]["intents"] == bot.intents.value
    assert {"ping", "game", "deal", "move"} <= {c["name"] for c in fake_discord.all_commands}
    guild = bot.get_guild(fake_discord.guild("Pompeii").id)
    assert guild is not None and guild.get_channel(fake_discord.guild().channel("general").id)
    assert bot.user is not None and bot.user.id == fake_discord.bot.id


async def test_wrong_token_is_refused(fake_discord: FakeDiscord) -> None:
    with pytest.raises(discord.LoginFailure):
        async with bot_running(fake_discord, SampleBot(), token="wrong"):
            pass


async def test_override_is_scoped_and_restored(fake_discord: FakeDiscord) -> None:
    before = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
    async with bot_running(fake_discord, SampleBot()):
        assert fake_discord.api_base == Route.BASE
        assert str(DiscordWebSocket.DEFAULT_GATEWAY) == fake_discord.gateway_url
    assert before == (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
    assert before[0].startswith("https://discord.com")


async def test_guild_sync_and_unsynced_command_is_refused(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    pompeii = fake_discord.guild("Pompeii")
    other = fake_discord.add_guild("Herculaneum", channels=("lobby",))
    bot = SampleBot(guild_sync=True)
    bot.guild_sync_ids = [pompeii.id]
    await start_bot(bot)
    assert "1:ping" in pompeii.commands and other.commands == {} and fake_discord.commands == {}
    alice = fake_discord.add_user("alice", guilds=[pompeii, other])
    r = await alice.slash("ping", channel=pompeii.channel("general"))
    assert r.content == "pong"
    with pytest.raises(DriverError, match="never synced"):
        await alice.slash("ping", channel=other.channel("lobby"))
    with pytest.raises(DriverError, match="never synced"):
        await alice.slash("nosuchcommand", channel=pompeii.channel("general"))


async def test_slash_with_options_subcommand_group_png_and_view(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    await start_bot(SampleBot())
    chan = fake_discord.guild("Pompeii").channel("general")
    alice = await fake_discord.user("alice")
    bob = await fake_discord.user("bob")

    r = await alice.slash("game new", channel=chan, game="downfall", players=3)
    assert (r.content, r.ephemeral, r.deferred) == ("new downfall game for 3", False, False)
    assert r.files[0].startswith(PNG_MAGIC) and r.attachments[0].filename == "board.png"
    assert r.message is not None and r.message.button_labels == ["Join", "Start"]
    assert chan.last_message is r.message

    # The callback came as multipart, without Authorization, with ?with_response=1.
    cb = next(q for q in fake_discord.requests if q.path.endswith("/callback"))
    assert cb.files and cb.files[0][0] == "board.png" and not cb.authorized
    assert cb.query.get("with_response") == "1"

    # A subcommand group (game admin set) with a user option, resolved by the bot.
    r2 = await alice.slash("game admin set", channel=chan, key="speed", value=2, who=bob)
    assert r2.content == "speed=2 for bob" and r2.ephemeral

    # Options are checked like the client checks them.
    with pytest.raises(DriverError, match="players"):
        await alice.slash("game new", channel=chan, game="downfall", players=9)
    with pytest.raises(DriverError, match="one of"):
        await alice.slash("game new", channel=chan, game="chess", players=2)
    with pytest.raises(DriverError, match="missing required"):
        await alice.slash("game new", channel=chan, game="downfall")
    with pytest.raises(DriverError, match="needs a subcommand"):
        await alice.slash("game", channel=chan)


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


async def test_autocomplete_and_more_than_25_choices_rejected(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    chan = fake_discord.guild().channel("general")
    alice = await fake_discord.user("alice")
    choices = await alice.autocomplete("move", "action", "play 2", channel=chan)
    assert [c.name for c in choices] == ["play 2"] + [f"play {n}" for n in range(20, 30)]

    with pytest.raises(InteractionFailed, match="rejected") as info:
        await alice.autocomplete("move", "action", "all", channel=chan)
    assert info.value.result.rejections[0]["code"] == 50035
    assert info.value.result.rejections[0]["errors"]["data"]["choices"]["_errors"][0]["code"] == (
        "BASE_TYPE_MAX_LENGTH"
    )
    await fake_discord.settle()
    assert any("autocomplete" in r.getMessage() for r in fake_discord.bot_errors)
    fake_discord.bot_errors.clear()
    del bot


async def test_custom_id_over_100_characters_rejected(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    r = await alice.slash("longid", check=False)
    assert r.failed
    err = bot.seen["longid_error"]
    assert isinstance(err, discord.HTTPException) and err.status == 400 and err.code == 50035
    rej = fake_discord.rejections[-1]
    assert rej.errors == {
        "data": {
            "components": {
                "0": {
                    "components": {
                        "0": {
                            "custom_id": {
                                "_errors": [
                                    {
                                        "code": "BASE_TYPE_BAD_LENGTH",
                                        "message": "Must be between 1 and 100 in length.",
                                    }
                                ]
                            }
                        }
                    }
                }
            }
        }
    }


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


@pytest.fixture
def fake_discord_options(request: pytest.FixtureRequest) -> dict[str, Any]:
    return getattr(request, "param", {})


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


async def test_slash_in_dms_and_delete_original(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    r = await alice.slash("ping", channel=alice.dm)
    assert r.content == "pong" and r.message in alice.dm.messages
    gone = await alice.slash("oops")
    await fake_discord.wait_for(lambda: "oops_deleted" in bot.seen)
    assert gone.message is not None and gone.message.deleted
    assert not alice.can_see(gone.message)


async def test_unknown_route_is_recorded_and_fails_verify(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    r = await alice.slash("pins")
    await r.wait_until_loaded()
    assert r.content == "done"
    chan_id = fake_discord.guild().channel("general").id
    assert fake_discord.unknown_routes == [("GET", f"/channels/{chan_id}/messages/pins")]
    assert isinstance(bot.seen["pins_error"], discord.NotFound)
    with pytest.raises(AssertionError, match="routes the fake does not know"):
        fake_discord.verify()
    fake_discord.unknown_routes.clear()  # expected here; otherwise the fixture fails the test


async def test_threads_from_a_message_and_standalone(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    guild = fake_discord.guild()
    chan = guild.channel("general")
    alice = await fake_discord.user("alice")
    bob = await fake_discord.user("bob")
    r = await alice.slash("thread", channel=chan, name="game-1")
    await fake_discord.wait_for(lambda: "threads" in bot.seen)
    public = chan.thread("game-1")
    private = chan.thread("game-1-private")
    assert r.message is not None and r.message.thread is public and public.id == r.message.id
    assert [m.content for m in bob.visible_messages(public)] == ["welcome to the game"]
    assert [m.content for m in alice.visible_messages(private)] == ["private hello"]
    assert bob.visible_messages(private) == []
    assert bot.seen["threads"] == (public.id, private.id)
    # A slash command run inside the thread.
    w = await bob.slash("where", channel=public)
    assert w.content == "in game-1" and w.message in public.messages
    # Archived: commands are refused; a message from the bot unarchives it (not locked).
    fake_discord.archive_thread(public)
    with pytest.raises(DriverError, match="archived"):
        await bob.slash("where", channel=public)
    dthread = bot.get_channel(public.id)
    assert isinstance(dthread, discord.Thread)
    await fake_discord.wait_for(lambda: dthread.archived)
    await dthread.send("wake up")
    assert not public.archived
    with pytest.raises(discord.HTTPException) as info:
        await chan_obj(bot, chan).create_thread(name="bad", auto_archive_duration=99)  # type: ignore[arg-type]
    assert info.value.code == 50035


def chan_obj(bot: discord.Client, chan: Channel) -> discord.TextChannel:
    found = bot.get_channel(chan.id)
    assert isinstance(found, discord.TextChannel)
    return found


async def test_prefix_command_and_channel_messages(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    intents = discord.Intents.default()
    intents.message_content = True
    await start_bot(SampleBot(intents=intents))
    chan = fake_discord.guild().channel("general")
    alice = await fake_discord.user("alice")
    await alice.say(chan, "!hello")
    reply = await fake_discord.wait_for(
        lambda: next((m for m in chan.messages if m.author is fake_discord.bot), None)
    )
    assert reply.content == "hello alice"


async def test_without_message_content_intent_the_bot_sees_no_text(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    seen: list[str] = []

    async def on_message(message: discord.Message) -> None:
        seen.append(message.content)

    bot.add_listener(on_message)
    chan = fake_discord.guild().channel("general")
    alice = await fake_discord.user("alice")
    await alice.say(chan, "!hello")
    await fake_discord.wait_for(lambda: seen)
    await fake_discord.settle()
    assert seen == [""] and [m.content for m in chan.messages] == ["!hello"]


async def test_modal_round_trip(fake_discord: FakeDiscord, start_bot: StartBot) -> None:
    await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    opened = await alice.slash("feedback")
    assert opened.response_type == 9 and opened.modal is not None
    assert opened.modal["title"] == "Feedback"
    done = await alice.submit_modal(opened, {"fb:text": "great game"})
    assert done.content == "thanks: great game" and done.ephemeral


async def test_permissions_reach_the_bot(fake_discord: FakeDiscord, start_bot: StartBot) -> None:
    bot = await start_bot(SampleBot())
    guild = fake_discord.guild()
    chan = guild.channel("general")
    alice = await fake_discord.user("alice")
    await alice.slash("ping", channel=chan)
    assert bot.seen["app_permissions"].manage_threads
    assert bot.seen["permissions"].send_messages and not bot.seen["permissions"].manage_threads
    dguild = bot.get_guild(guild.id)
    assert dguild is not None and dguild.me is not None
    dchan = dguild.get_channel(chan.id)
    assert isinstance(dchan, discord.TextChannel)
    assert dchan.permissions_for(dguild.me).value == bot.seen["app_permissions"].value


async def test_missing_permission_is_403_50013(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    guild = fake_discord.guild()
    chan = guild.channel("general")
    guild.everyone.permissions &= ~discord.Permissions(send_messages=True).value
    guild.set_bot_permissions(0)
    await fake_discord.settle()
    dchan = bot.get_channel(chan.id)
    assert isinstance(dchan, discord.TextChannel)
    with pytest.raises(discord.Forbidden) as info:
        await dchan.send("hi")
    assert info.value.code == 50013
    # Interaction responses need no channel permission.
    alice = await fake_discord.user("alice")
    assert (await alice.slash("ping", channel=chan)).content == "pong"


@pytest.mark.parametrize("fake_discord_options", [{"attachment_size_limit": 1024}], indirect=True)
async def test_attachment_over_the_limit_is_refused(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    ok = await alice.slash("big", size=1024)
    await ok.wait_until_loaded()
    assert ok.files == [b"\0" * 1024]
    refused = await alice.slash("big", size=1025)
    await refused.wait_until_loaded()
    assert refused.content == "too big" and refused.files == []
    err = bot.seen["big_error"]
    assert err.status == 413 and err.code == 40005


async def test_message_edit_fetch_history_typing_and_delete(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    chan = fake_discord.guild().channel("general")
    dchan = await bot.fetch_channel(chan.id)
    assert isinstance(dchan, discord.TextChannel) and dchan.name == "general"
    async with dchan.typing():
        sent = await dchan.send("v1")
    await sent.edit(content="v2")
    fetched = await dchan.fetch_message(sent.id)
    assert fetched.content == "v2" and fetched.edited_at is not None
    assert [m.content async for m in dchan.history(limit=5)] == ["v2"]
    await sent.delete()
    assert chan.public_messages == []
    with pytest.raises(discord.NotFound):
        await dchan.fetch_message(sent.id)
    member = await dchan.guild.fetch_member(fake_discord.owner.id)
    assert member.name == "owner"
    info = await bot.application_info()
    assert info.id == fake_discord.application_id


async def test_several_guilds_and_users_stay_apart(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    other = fake_discord.add_guild("Herculaneum", channels=("forum", "games"))
    await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    carol = fake_discord.add_user("carol", guilds=[other])
    with pytest.raises(DriverError, match="cannot see"):
        await alice.slash("ping", channel=other.channel("games"))
    r = await carol.slash("ping", channel=other.channel("games"))
    assert r.content == "pong" and r.message in other.channel("games").messages
    assert fake_discord.guild().channel("general").messages == []


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
    r = await alice.slash("later")
    assert r.deferred and r.message is not None and r.message.loading
    clock.advance(15 * 60 + 1)
    bot.release_later.set()
    await fake_discord.wait_for(lambda: "later_error" in bot.seen)
    assert bot.seen["later_error"].code == 50027 and r.followups == []


async def test_wait_for_message_hands_out_each_board_once(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    await start_bot(SampleBot())
    chan = fake_discord.guild().channel("general")
    alice = await fake_discord.user("alice")
    bob = await fake_discord.user("bob")
    for n in (1, 2):
        r = await alice.slash("turn", channel=chan, n=n)
        assert r.ephemeral
    first = await bob.wait_for_message(chan)
    second = await bob.wait_for_message(chan)
    assert (first.content, second.content) == ("board after turn 1", "board after turn 2")
    assert second.files[0].startswith(PNG_MAGIC)
    with pytest.raises(TimeoutError):
        await bob.wait_for_message(chan, timeout=0.2)
    mine = await alice.wait_for_message(chan)
    assert mine.content == "turn 1 accepted"  # alice also sees her own ephemeral replies


async def test_command_visibility_follows_permissions_and_contexts(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    chan = fake_discord.guild().channel("general")
    alice = await fake_discord.user("alice")
    with pytest.raises(DriverError, match="lacks the permissions"):
        await alice.slash("reset", channel=chan)
    with pytest.raises(DriverError, match="not available in DMs"):
        await fake_discord.owner.slash("reset", channel=fake_discord.owner.dm)
    fake_discord.owner.locale = "nl"
    r = await fake_discord.owner.slash("reset", channel=chan)
    assert r.content == f"reset by {fake_discord.owner.mention} (nl)"
    dmsg = await bot.get_channel(chan.id).fetch_message(r.message.id)  # type: ignore[union-attr]
    assert [u.id for u in dmsg.mentions] == [fake_discord.owner.id]
    # A moderator role grants it.
    mods = fake_discord.guild().add_role("mods", discord.Permissions(manage_guild=True).value)
    fake_discord.guild().give_role(alice, mods)
    assert (await alice.slash("reset", channel=chan)).content.startswith("reset by")


async def test_bad_json_is_50109_and_a_bug_in_the_fake_fails_verify(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    bot = await start_bot(SampleBot())
    chan = fake_discord.guild().channel("general")
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=chan.id)
    with pytest.raises(discord.HTTPException) as info:
        await bot.http.request(route, data="not json", headers={"Content-Type": "application/json"})
    assert (info.value.status, info.value.code) == (400, 50109)
    fake_discord.verify()  # a rejection is not a problem of the fake

    async def broken(rec: object, channel_id: str) -> None:
        raise KeyError("bug")

    fake_discord._routes = [
        (m, p, broken if getattr(h, "__name__", "") == "r_typing" else h, a)
        for m, p, h, a in fake_discord._routes
    ]
    dchan = bot.get_channel(chan.id)
    assert isinstance(dchan, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as info:
        await dchan.typing()
    assert info.value.status == 400  # not 5xx, which discord.py would retry
    with pytest.raises(AssertionError, match="the fake itself failed"):
        fake_discord.verify()
    fake_discord.internal_errors.clear()


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


async def test_mentions_notify_as_allowed_and_every_message_sent_is_recorded(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    """``Message.pinged`` applies ``allowed_mentions`` (an edit notifies nobody) and
    ``fake.sent`` records what the bot created and edited, with its uploads."""
    await start_bot(SampleBot())
    chan = fake_discord.guild("Pompeii").channel("general")
    alice = await fake_discord.user("alice")
    await alice.slash("mention", channel=chan)
    await fake_discord.wait_for(lambda: any(s.kind == "edit" for s in fake_discord.sent))
    quiet, loud = [m for m in chan.messages if alice.mention in m.content]
    assert quiet.pinged == () and loud.pinged == (alice.id,)
    kinds = [(s.kind, s.message, s.pinged) for s in fake_discord.sent]
    assert kinds == [("new", quiet, ()), ("new", loud, (alice.id,)), ("edit", loud, ())]
    assert loud.content.startswith("edited")  # the record is live
    await alice.slash("board", channel=chan)
    await fake_discord.wait_for(lambda: any(s.files for s in fake_discord.sent))
    board = next(s for s in fake_discord.sent if s.files)
    assert board.kind == "new" and board.files[0][0] == "board.png" and board.files[0][1] > 8


async def test_a_message_sent_again_with_its_nonce_is_not_posted_twice(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    """Discord's ``enforce_nonce``: the same nonce from the same author within a few minutes
    returns the message already posted instead of a second one; another nonce posts anew."""
    bot = await start_bot(SampleBot())
    chan = fake_discord.guild("Pompeii").channel("general")
    channel = bot.get_channel(chan.id)
    assert isinstance(channel, discord.TextChannel)
    first = await channel.send("board of move 7", nonce="vz1.7")
    again = await channel.send("board of move 7", nonce="vz1.7")
    other = await channel.send("board of move 8", nonce="vz1.8")
    assert again.id == first.id and other.id != first.id
    assert [m.content for m in chan.messages] == ["board of move 7", "board of move 8"]
    fake_discord.nonce_window = 0.0  # once Discord has forgotten it, it posts again
    late = await channel.send("board of move 7", nonce="vz1.7")
    assert late.id != first.id
