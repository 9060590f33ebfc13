"""The fake Discord's channels and messages with a real discord.py client: threads, plain
messages and intents, permissions, attachments, edits, several guilds, mentions and nonces."""

from __future__ import annotations

import discord
import pytest

from sandbox.fake import (
    Channel,
    DriverError,
    FakeDiscord,
)
from tests.fakediscord.plugin import StartBot
from tests.fakediscord.sample_bot import SampleBot

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


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


async def test_an_attachment_keeps_its_description_within_discords_limit(
    fake_discord: FakeDiscord, start_bot: StartBot
) -> None:
    """An attachment's ``description`` (its alt text) is stored and served; one over 1,024
    characters is refused with Discord's form error, as Discord does."""
    bot = await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    ok = await alice.slash("alt", length=1024)
    await ok.wait_until_loaded()
    assert [a.description for a in ok.attachments] == ["d" * 1024]
    assert ok.message is not None
    assert ok.message.payload()["attachments"][0]["description"] == "d" * 1024
    refused = await alice.slash("alt", length=1025)
    await refused.wait_until_loaded()
    assert refused.content == "too long" and refused.files == []
    err = bot.seen["alt_error"]
    assert err.status == 400 and err.code == 50035
    assert "description" in err.text


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
