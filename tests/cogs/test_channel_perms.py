"""Channel permissions end to end (issue 42, point 2): a game shows only to members who may view
its channel as Discord has it now (cogs/access.py). A private channel (``@everyone`` denied
View Channel, the council role allowed) and threads (a public thread of it, an archived private
thread of #general that is no longer in the bot's cache): ``/game history``, ``/game replay``
(by ``game:``, its autocomplete, forged viewer buttons and menu, ``animate:True``) and someone
else's ``/game stats`` leave them out for a member outside, and answer as for a game that is not
in this server; the members inside see everything. An animation asked where the asker may not
post pictures comes back only to them; ``/game leaderboard share:True`` posts only where the
asker may post."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image

from host import FakeClock
from sandbox.fake import FakeUser
from sandbox.fake.basics import P
from tests.cogs.helpers import WAIT, WATCH, until
from tests.cogs.test_replay import _played

VIEW = P(view_channel=True).value
SEND = P(send_messages=True, attach_files=True).value
TITLE = "The Downfall of Pompeii"


def _hidden(game_id: int) -> str:
    return f"There is no game #{game_id} in this server."


async def _council(fake: Any) -> tuple[Any, Any, FakeUser, FakeUser, FakeUser]:
    """#general, #council (only the council role and the bot may view it), alice and bob in
    the council, sam outside."""
    guild = fake.guild("Pompeii")
    alice, bob, sam = [await fake.user(n) for n in ("alice", "bob", "sam")]
    council = guild.add_role("council")
    for u in (alice, bob):
        guild.give_role(u, council)
    bot_role = guild.role(fake.bot.name)
    chan = guild.add_channel(
        "council", overwrites={guild.id: (0, VIEW), council.id: (VIEW, 0), bot_role.id: (VIEW, 0)}
    )
    return guild.channel("general"), chan, alice, bob, sam


def _ids(choices: list[Any]) -> set[int]:
    return {int(c.value) for c in choices}


async def _three_games(fake: Any, start_bot: Any, make_bot: Any, db: Path, clock: FakeClock) -> Any:
    """A game in #general, one in #council, and one in a private thread of #general (alice
    and bob in it) archived since, so out of the bot's cache (asked by REST)."""
    general, council, alice, bob, sam = await _council(fake)
    open_game = await _played(db, clock, general, [alice, bob], "downfall")
    secret = await _played(db, clock, council, [alice, bob], "downfall")
    aside = fake.add_thread(general, "aside", private=True, members=(alice, bob))
    in_thread = await _played(db, clock, aside, [alice, bob], "downfall")
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    fake.archive_thread(aside)
    cached = bot.get_guild(general.guild.id)

    async def uncached() -> bool:
        return cached.get_thread(aside.id) is None

    await until(uncached)
    assert not sam.can_view(council) and not sam.can_view(aside) and alice.can_view(aside)
    return general, alice, sam, (open_game, secret, in_thread)


async def test_history_lists_only_games_the_member_may_view(
    fake_discord: Any, start_bot: Any, make_bot: Any, tmp_path: Path, clock: FakeClock
) -> None:
    general, alice, sam, (open_game, secret, in_thread) = await _three_games(
        fake_discord, start_bot, make_bot, tmp_path / "vesuvius.sqlite3", clock
    )
    r = await sam.slash("game history", channel=general)
    assert r.ephemeral and f"#{open_game} " in r.content
    assert f"#{secret} " not in r.content and f"#{in_thread} " not in r.content
    r = await alice.slash("game history", channel=general)
    assert all(f"#{g} " in r.content for g in (open_game, secret, in_thread))

    # Asked of Discord as it is now: alice leaves the council, and its game is gone for her.
    guild = general.guild
    guild.take_role(alice, guild.role("council"))
    r = await alice.slash("game history", channel=general)
    assert f"#{secret} " not in r.content and f"#{in_thread} " in r.content


async def test_replay_autocomplete_lists_only_games_the_member_may_view(
    fake_discord: Any, start_bot: Any, make_bot: Any, tmp_path: Path, clock: FakeClock
) -> None:
    general, alice, sam, (open_game, secret, in_thread) = await _three_games(
        fake_discord, start_bot, make_bot, tmp_path / "vesuvius.sqlite3", clock
    )
    assert _ids(await sam.autocomplete("game replay", "game", "", channel=general)) == {open_game}
    seen = _ids(await alice.autocomplete("game replay", "game", "", channel=general))
    assert seen == {open_game, secret, in_thread}


async def _secret_games(
    fake: Any, start_bot: Any, make_bot: Any, db: Path, clock: FakeClock
) -> Any:
    """A game in #council and one in a public thread of it."""
    general, council, alice, bob, sam = await _council(fake)
    secret = await _played(db, clock, council, [alice, bob], "downfall")
    corner = fake.add_thread(council, "corner")
    in_thread = await _played(db, clock, corner, [alice, bob], "downfall")
    await start_bot(make_bot(), watch_loggers=WATCH)
    return general, council, alice, bob, sam, (secret, in_thread)


async def test_replay_refuses_a_game_in_a_channel_the_member_may_not_view(
    fake_discord: Any, start_bot: Any, make_bot: Any, tmp_path: Path, clock: FakeClock
) -> None:
    general, council, alice, bob, sam, games = await _secret_games(
        fake_discord, start_bot, make_bot, tmp_path / "vesuvius.sqlite3", clock
    )
    for game_id in games:
        for animate in (False, True):
            r = await sam.slash("game replay", channel=general, game=game_id, animate=animate)
            assert r.ephemeral and r.content == _hidden(game_id), r.content
            assert not r.attachments
    assert not [m for m in general.messages + council.messages if m.filenames]
    for user, game_id in ((alice, games[0]), (bob, games[1])):  # inside: shown
        r = await user.slash("game replay", channel=general, game=game_id)
        viewer = await r.wait_until_loaded(timeout=WAIT)
        assert viewer.ephemeral and "step 1 of" in viewer.content and viewer.filenames


async def test_forged_replay_buttons_of_a_game_the_member_may_not_view_are_refused(
    fake_discord: Any, start_bot: Any, make_bot: Any, tmp_path: Path, clock: FakeClock
) -> None:
    general, council, alice, _bob, sam, (secret, _) = await _secret_games(
        fake_discord, start_bot, make_bot, tmp_path / "vesuvius.sqlite3", clock
    )
    # The viewer's buttons and menu, Replay and Animation, forged in a channel sam sees.
    ids = [f"vz:r:{secret}:0:f", f"vz:r:{secret}:e:l", f"vz:r:{secret}:0:v", f"vz:ra:{secret}"]
    row = [{"type": 2, "style": 2, "label": cid, "custom_id": cid} for cid in ids]
    menu = {
        "type": 3,
        "custom_id": f"vz:rs:{secret}",
        "options": [{"label": "step 2", "value": "1"}],
    }
    planted = fake_discord.post(
        general,
        "an old replay",
        components=[{"type": 1, "components": row}, {"type": 1, "components": [menu]}],
    )
    for cid in ids:
        r = await sam.click(custom_id=cid, message=planted)
        assert r.reply is not None and r.reply.ephemeral
        assert r.reply.content == _hidden(secret), r.reply.content
        assert not r.reply.filenames
    r = await sam.select(planted, values=["1"], custom_id=f"vz:rs:{secret}")
    assert r.reply is not None and r.reply.content == _hidden(secret)
    assert planted.content == "an old replay"  # the forged viewer was not edited
    assert not [m for m in general.messages + council.messages if m.filenames]
    opened = await alice.click(custom_id=f"vz:r:{secret}:0:v", message=planted)  # inside
    assert "step 1 of" in (await opened.wait_until_loaded(timeout=WAIT)).content


async def _loaded_gif(result: Any) -> bool:
    return any(any(f.endswith(".gif") for f in m.filenames) for m in result.messages)


async def test_an_animation_where_the_asker_may_not_post_pictures_comes_back_privately(
    fake_discord: Any, start_bot: Any, make_bot: Any, tmp_path: Path, clock: FakeClock
) -> None:
    guild = fake_discord.guild("Pompeii")
    general = guild.channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    bot_role = guild.role(fake_discord.bot.name)
    gallery = guild.add_channel(  # everyone reads, only the bot posts
        "gallery", overwrites={guild.id: (0, SEND), bot_role.id: (SEND, 0)}
    )
    game_id = await _played(tmp_path / "vesuvius.sqlite3", clock, gallery, [alice, bob], "downfall")
    await start_bot(make_bot(), watch_loggers=WATCH)
    assert alice.can_view(gallery)

    r = await alice.slash("game replay", channel=general, game=game_id, animate=True)
    assert r.ephemeral and "comes only to you" in r.content
    await until(lambda: _loaded_gif(r), timeout=WAIT * 4)
    sent = next(m for m in r.messages if any(f.endswith(".gif") for f in m.filenames))
    assert sent.ephemeral and sent.visible_to == alice.id
    with Image.open(io.BytesIO(sent.files[0])) as gif:
        assert gif.format == "GIF" and gif.is_animated
    assert not [m for m in gallery.messages if m.filenames]  # nothing posted in the channel
    assert not [m for m in general.public_messages if m.filenames]


async def test_someone_elses_stats_count_only_games_the_asker_may_view(
    fake_discord: Any, start_bot: Any, make_bot: Any, tmp_path: Path, clock: FakeClock
) -> None:
    general, council, alice, bob, sam = await _council(fake_discord)
    db = tmp_path / "vesuvius.sqlite3"
    await _played(db, clock, general, [alice, bob], "downfall")
    await _played(db, clock, council, [alice, bob], "downfall")
    await start_bot(make_bot(), watch_loggers=WATCH)

    r = await sam.slash("game stats", channel=general, player=alice)
    msg = await r.wait_for_followup()
    assert msg.ephemeral and f"**{TITLE}**: 1 game," in msg.content, msg.content
    assert "after 2 rated games" in msg.content  # her rating is the leaderboard's (all games)
    for asker in (alice, bob):  # her own, and a member of the council
        r = await asker.slash("game stats", channel=general, player=alice)
        msg = await r.wait_for_followup()
        assert f"**{TITLE}**: 2 games," in msg.content, msg.content


async def test_the_leaderboard_is_shared_only_where_the_asker_may_post(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    guild = fake_discord.guild("Pompeii")
    general = guild.channel("general")
    alice = await fake_discord.user("alice")
    gallery = guild.add_channel("gallery", overwrites={guild.id: (0, SEND)})
    rows = [(guild.id, "toy", str(1000 + i), 30.0 - i, 2.0, 24.0 - i, 5) for i in range(3)]

    def write(c: Any) -> None:
        c.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?)", rows)

    await bot.host.db.run(write)
    r = await alice.slash("game leaderboard", channel=general, game="toy", share=True)
    board = r.message
    assert board is not None and not board.ephemeral and "1. <@1000>" in board.content
    assert board in general.public_messages

    r = await alice.slash("game leaderboard", channel=gallery, game="toy", share=True)
    board = r.message
    assert board is not None and board.ephemeral and "1. <@1000>" in board.content
    assert board.content.startswith("You may not post messages in this channel")
    assert not gallery.public_messages
