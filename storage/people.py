"""A user's settings for all their games (``user_settings``): how they are told a game waits
for them, their Discord language as last seen, their timing (away, time zone, quiet hours:
issue 46) and the palette of their own pictures."""

from __future__ import annotations

from collections.abc import Mapping

from storage.dialect import Connection, Runner, value
from storage.writes import transaction

TIMING = ("away_until", "away_year", "away_used", "time_zone", "quiet_hours")
"""A user's timing columns, in the order :meth:`People.timing` returns them."""


class People:
    """``db.people``: per-user settings (see the module)."""

    def __init__(self, run: Runner) -> None:
        self.run = run

    async def notify_setting(self, user_id: int) -> str:
        """How ``user_id`` wants to be told of their decisions (``dm`` unless they chose)."""
        found = await self._setting(user_id, "notify")
        return "dm" if found is None else str(found)

    async def set_notify_setting(self, user_id: int, notify: str) -> None:
        """``user_id``'s choice of how to be told (one of :data:`storage.rows.NOTIFY`)."""
        await self._set(user_id, "notify", notify)

    async def user_locale(self, user_id: int) -> str | None:
        """``user_id``'s Discord language as last seen (``None`` before their first command)."""
        found = await self._setting(user_id, "locale")
        return None if found is None else str(found)

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        """Remember ``user_id``'s Discord language (``interaction.locale``) for the DMs the bot
        starts itself; their notification setting stays as it was."""
        await self._set(user_id, "locale", locale)

    async def timing(self, user_id: int) -> tuple[object, ...]:
        """``user_id``'s :data:`TIMING` columns (each ``None`` when not set)."""

        def read(c: Connection) -> tuple[object, ...]:
            row = c.execute(
                f"SELECT {', '.join(TIMING)} FROM user_settings WHERE user_id = ?", (user_id,)
            ).fetchone()
            return (None,) * len(TIMING) if row is None else tuple(row)

        return await self.run(read)

    async def set_timing(self, user_id: int, values: Mapping[str, object]) -> None:
        """Set some of ``user_id``'s :data:`TIMING` columns (``None`` clears one)."""
        columns = [c for c in TIMING if c in values]
        sets = ", ".join(f"{c} = excluded.{c}" for c in columns)

        def write(c: Connection) -> None:
            with transaction(c):
                c.execute(
                    f"INSERT INTO user_settings (user_id, {', '.join(columns)}) "
                    f"VALUES (?{', ?' * len(columns)}) "
                    f"ON CONFLICT (user_id) DO UPDATE SET {sets}",
                    (user_id, *(values[c] for c in columns)),
                )

        await self.run(write)

    async def palette(self, user_id: int) -> str | None:
        """The palette ``user_id`` chose for the pictures only they get (``None``: none)."""
        found = await self._setting(user_id, "palette")
        return None if found is None else str(found)

    async def set_palette(self, user_id: int, palette: str | None) -> None:
        """``user_id``'s palette (``None``: their server's again)."""
        await self._set(user_id, "palette", palette)

    async def _setting(self, user_id: int, column: str) -> object:
        """One of ``user_id``'s settings (``None``: not set)."""
        sql = f"SELECT {column} FROM user_settings WHERE user_id = ?"
        return await self.run(lambda c: value(c, sql, (user_id,)))

    async def _set(self, user_id: int, column: str, setting: str | None) -> None:
        """Set one of ``user_id``'s settings, the others as they were."""

        def write(c: Connection) -> None:
            with transaction(c):
                c.execute(
                    f"INSERT INTO user_settings (user_id, {column}) VALUES (?, ?) "
                    f"ON CONFLICT (user_id) DO UPDATE SET {column} = excluded.{column}",
                    (user_id, setting),
                )

        await self.run(write)
