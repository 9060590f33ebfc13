"""A user's Discord language, remembered for the DMs the bot starts itself (migration 0007,
issue 28), beside their notification setting and without changing it; and the server's
language taken once from its Discord language. On both backends."""

from __future__ import annotations

from pathlib import Path

from host import FakeClock, Host
from tests.host.conftest import OpenHost


async def test_a_users_locale_is_remembered_beside_their_notification_setting(
    hosts: OpenHost, db_path: Path | str, clock: FakeClock
) -> None:
    host = await hosts(db_path, clock)
    assert await host.people.user_locale(11) is None  # never seen
    await host.people.remember_locale(11, "nl")
    assert await host.people.user_locale(11) == "nl"
    assert await host.people.notify_setting(11) == "dm"  # a new row keeps the default
    assert await host.people.set_notify_setting(11, "both") == "both"
    await host.people.remember_locale(11, "de")
    assert (
        await host.people.user_locale(11) == "de" and await host.people.notify_setting(11) == "both"
    )
    await host.people.remember_locale(11, "")  # nothing known: nothing written
    assert await host.people.user_locale(11) == "de"
    await host.people.set_notify_setting(12, "none")
    assert await host.people.user_locale(12) is None  # a setting alone has no language
    await host.close()
    again = await hosts(db_path, clock)
    assert await again.people.user_locale(11) == "de"


async def test_the_servers_language_is_taken_once_from_discord(host: Host) -> None:
    assert (await host.servers.guild_settings(7)).language == "en"  # the default, not stored
    assert await host.servers.adopt_guild_language(7, "es") == "es"
    assert await host.servers.adopt_guild_language(7, "de") == "es"  # stored: kept
    await host.servers.set_guild_settings(7, language="nl")
    assert (await host.servers.guild_settings(7)).language == "nl"
