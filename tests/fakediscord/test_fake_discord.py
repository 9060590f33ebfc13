"""The fake Discord against a real discord.py client (tests.fakediscord.sample_bot): login,
the gateway, command sync and what the fake checks of commands and requests."""

from __future__ import annotations

import discord
import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route

from sandbox.fake import (
    DriverError,
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
