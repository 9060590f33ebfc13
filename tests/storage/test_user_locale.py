"""A user's Discord language, remembered for the DMs the bot starts itself (migration 0007,
issue 28), beside their notification setting and without changing it; and the server's
language taken once from its Discord language."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from host import FakeClock
from tests.host.helpers import open_host


async def test_a_users_locale_is_remembered_beside_their_notification_setting(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    host = await open_host(tmp_path / "l.db", clock)
    try:
        assert await host.user_locale(11) is None  # never seen
        await host.remember_locale(11, "nl")
        assert await host.user_locale(11) == "nl"
        assert await host.notify_setting(11) == "dm"  # a new row keeps the default
        assert await host.set_notify_setting(11, "both") == "both"
        await host.remember_locale(11, "de")
        assert await host.user_locale(11) == "de" and await host.notify_setting(11) == "both"
        await host.remember_locale(11, "")  # nothing known: nothing written
        assert await host.user_locale(11) == "de"
        await host.set_notify_setting(12, "none")
        assert await host.user_locale(12) is None  # a setting alone has no language
    finally:
        await host.close()
    again = await open_host(tmp_path / "l.db", clock)
    try:
        assert await again.user_locale(11) == "de"
    finally:
        await again.close()
    conn = sqlite3.connect(tmp_path / "l.db")
    try:
        columns = [r[1] for r in conn.execute("PRAGMA table_info(user_settings)")]
    finally:
        conn.close()
    assert columns == ["user_id", "notify", "locale"]


async def test_the_servers_language_is_taken_once_from_discord(tmp_path: Path) -> None:
    host = await open_host(tmp_path / "g.db", FakeClock())
    try:
        assert (await host.guild_settings(7)).language == "en"  # the default, not stored
        assert await host.adopt_guild_language(7, "es") == "es"
        assert await host.adopt_guild_language(7, "de") == "es"  # stored: kept
        await host.set_guild_settings(7, language="nl")
        assert (await host.guild_settings(7)).language == "nl"
    finally:
        await host.close()
