"""A user's settings (notify, language, palette, away and quiet hours) are one row, read once
(``store.users``): a player's first delivery in a process costs one statement, not one a
setting, and what the process writes is what it reads back."""

from __future__ import annotations

from host import Host


async def test_a_users_settings_are_read_in_one_statement_and_kept(host: Host) -> None:
    seen: list[str] = []
    host.db.tally.seen = seen
    assert await host.people.notify_setting(5) == "dm"
    assert await host.people.user_locale(5) is None
    assert await host.people.palette(5) is None
    assert (await host.store.times.of(5)).quiet is None
    host.db.tally.seen = None
    assert len([s for s in seen if s.startswith("SELECT")]) == 1, seen


async def test_what_is_written_is_read_back_without_a_statement(host: Host) -> None:
    await host.people.notify_setting(6)  # kept
    await host.people.set_notify_setting(6, "mention")
    await host.people.set_palette(6, "contrast")
    await host.people.remember_locale(6, "de")
    seen: list[str] = []
    host.db.tally.seen = seen
    assert await host.people.notify_setting(6) == "mention"
    assert await host.people.palette(6) == "contrast"
    assert await host.people.user_locale(6) == "de"
    host.db.tally.seen = None
    assert seen == []
