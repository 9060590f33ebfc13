"""A user's settings for all their games (``user_settings``): how they are told a game waits
for them, and their Discord language as last seen."""

from __future__ import annotations

from storage.dialect import Connection, Runner
from storage.writes import transaction


class People:
    """``db.people``: per-user settings (see the module)."""

    def __init__(self, run: Runner) -> None:
        self.run = run

    async def notify_setting(self, user_id: int) -> str:
        """How ``user_id`` wants to be told of their decisions (``dm`` unless they chose)."""

        def read(c: Connection) -> str:
            row = c.execute(
                "SELECT notify FROM user_settings WHERE user_id = ?", (user_id,)
            ).fetchone()
            return "dm" if row is None else str(row[0])

        return await self.run(read)

    async def set_notify_setting(self, user_id: int, notify: str) -> None:
        """``user_id``'s choice of how to be told (one of :data:`storage.rows.NOTIFY`)."""

        def write(c: Connection) -> None:
            with transaction(c):
                c.execute(
                    "INSERT INTO user_settings (user_id, notify) VALUES (?, ?) "
                    "ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify",
                    (user_id, notify),
                )

        await self.run(write)

    async def user_locale(self, user_id: int) -> str | None:
        """``user_id``'s Discord language as last seen (``None`` before their first command)."""

        def read(c: Connection) -> str | None:
            row = c.execute(
                "SELECT locale FROM user_settings WHERE user_id = ?", (user_id,)
            ).fetchone()
            return None if row is None or row[0] is None else str(row[0])

        return await self.run(read)

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        """Remember ``user_id``'s Discord language (``interaction.locale``) for the DMs the bot
        starts itself; their notification setting stays as it was."""

        def write(c: Connection) -> None:
            with transaction(c):
                c.execute(
                    "INSERT INTO user_settings (user_id, locale) VALUES (?, ?) "
                    "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
                    (user_id, locale),
                )

        await self.run(write)
