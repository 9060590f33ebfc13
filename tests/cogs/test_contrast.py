"""The high-contrast palette end to end (issue 45): a player who picks high contrast
(``/game notify palette:contrast``) gets their own pictures (their DMs, ``/game board`` only
for them) in it while the channel's board follows the server (standard until a manager picks
high contrast with ``/game settings palette:contrast``); a player who picks standard keeps it
in their DMs then."""

from __future__ import annotations

import io
from functools import partial
from typing import Any

import discord
from PIL import Image

from render import palette
from render.downfall.board import PALETTE
from sandbox.fake import Message
from tests.cogs.helpers import WATCH, last_board, open_game, play_by_host, until, waited_user


def colours_of(msg: Message) -> bytes:
    """The colour table of a message's picture (a palette PNG)."""
    with Image.open(io.BytesIO(msg.files[0])) as image:
        return bytes((image.getpalette() or [])[:768])


def darkest(msg: Message) -> float:
    """The mean grey level of the darkest tenth of a message's picture."""
    with Image.open(io.BytesIO(msg.files[0])) as image:
        grey = sorted(image.convert("L").tobytes())
    tenth = max(1, len(grey) // 10)
    return sum(grey[:tenth]) / tenth


def in_palette(msg: Message) -> str:
    found = colours_of(msg)
    names = [n for n in palette.PALETTES if PALETTE.table(n) == found]
    assert len(names) == 1, msg.filenames
    return names[0]


def newest_picture(user: Any) -> Message:
    pictured: list[Message] = [m for m in user.dms if m.attachments]
    assert pictured, f"{user.name} got no picture"
    return pictured[-1]


async def test_a_players_own_pictures_follow_their_choice_and_the_board_the_servers(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    guild = fake_discord.guild("Pompeii")
    chan = guild.channel("general")
    mod = await fake_discord.user("mod")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    assert alice is not None and bob is not None
    guild.give_role(mod, guild.add_role("mods", discord.Permissions(manage_guild=True).value))

    said = await alice.slash("game notify", channel=chan, palette="contrast")
    assert said.ephemeral and "high contrast" in said.content
    shown = await alice.slash("game notify", channel=chan)  # her settings, the palette too
    assert "one DM per decision" in shown.content and "high contrast" in shown.content
    refused = await alice.slash("game settings", channel=chan, palette="contrast")
    assert refused.ephemeral and await bot.host.servers.palette(guild.id) == "standard"

    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    assert in_palette(last_board(chan)) == palette.STANDARD  # the channel: the server's

    # Each player's decision picture, in their own palette: alice's high contrast, bob's the
    # server's standard one. The same game's pictures, visibly darker where alice chose.
    seen: dict[str, tuple[str, float]] = {}  # read at once: a closed decision loses its picture
    for _ in range(12):
        waited = await waited_user(bot, game_id, [alice, bob])
        assert waited is not None
        await until(partial(_has_picture, waited))
        picture = newest_picture(waited)
        seen[waited.name] = (in_palette(picture), darkest(picture))
        if len(seen) == 2:
            break
        await play_by_host(bot, game_id, 1)
    assert seen["alice"][0] == palette.CONTRAST and seen["bob"][0] == palette.STANDARD
    assert seen["alice"][1] < seen["bob"][1] - 10
    asked = await alice.slash("game board", channel=chan)  # only for her: her palette
    assert asked.ephemeral and in_palette(asked) == palette.CONTRAST
    assert in_palette(last_board(chan)) == palette.STANDARD

    # The server turns to high contrast: the channel's next board follows, and bob (no choice
    # of his own) gets it too; then he picks standard for himself, and his pictures keep it.
    r = await mod.slash("game settings", channel=chan, palette="contrast")
    assert r.ephemeral and "high contrast" in r.content
    await play_by_host(bot, game_id, 1)
    assert in_palette(last_board(chan)) == palette.CONTRAST
    assert await bot.flows.private.palette_of(bob.id, await bot.host.views.status(game_id)) == (
        palette.CONTRAST
    )
    await bob.slash("game notify", channel=chan, palette="standard")
    before = len(bob.dms)
    for _ in range(12):
        waited = await waited_user(bot, game_id, [alice, bob])
        if waited is not None and waited.id == bob.id and len(bob.dms) > before:
            break
        await play_by_host(bot, game_id, 1)
    await until(partial(_has_picture, bob))
    assert in_palette(newest_picture(bob)) == palette.STANDARD
    assert in_palette(last_board(chan)) == palette.CONTRAST


async def _has_picture(user: Any) -> bool:
    return any(m.attachments for m in user.dms)
