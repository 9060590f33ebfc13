"""The palette of the pictures (migration 0010, issue 45): a server's for its channels, a
user's for the pictures only they get, each beside the other settings and without changing
them, kept across a restart. On both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from host import BadOptionError, FakeClock
from render import palette
from tests.host.conftest import OpenHost


async def test_a_users_palette_wins_for_their_own_pictures_else_the_servers(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    host = await hosts(db_path, clock)
    people, servers = host.people, host.servers
    assert await people.palette(11) is None and await servers.palette(7) == palette.STANDARD
    assert await servers.reader_palette(await people.palette(11), 7) == palette.STANDARD
    await people.set_notify_setting(11, "both")
    await people.remember_locale(11, "nl")
    assert await people.set_palette(11, "contrast") == "contrast"
    assert await people.notify_setting(11) == "both" and await people.user_locale(11) == "nl"
    await servers.set_guild_settings(7, language="de")
    assert await servers.set_palette(7, "contrast") == "contrast"
    assert (await servers.guild_settings(7)).language == "de"  # the other settings kept
    await servers.set_guild_settings(7, turn_time=3600)
    assert await servers.palette(7) == palette.CONTRAST  # and the palette kept by them
    await people.set_palette(12, "standard")
    assert await servers.reader_palette(await people.palette(12), 7) == palette.STANDARD
    assert await servers.reader_palette(await people.palette(13), 7) == palette.CONTRAST
    assert await servers.palette(None) == palette.STANDARD  # a DM has no server
    with pytest.raises(BadOptionError):
        await people.set_palette(11, "neon")
    with pytest.raises(BadOptionError):
        await servers.set_palette(7, "neon")
    await host.close()
    again = await hosts(db_path, clock)
    assert await again.people.palette(11) == "contrast"
    assert await again.servers.palette(7) == palette.CONTRAST
    await again.people.set_palette(11, None)  # back to the server's
    assert await again.people.palette(11) is None
