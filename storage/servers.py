"""A server's settings (``guild_settings``): its default turn time, timeout policy,
language and palette."""

from __future__ import annotations

from storage.dialect import Connection, Runner, value
from storage.writes import transaction


class Servers:
    """``db.servers``: per-server settings (see the module)."""

    def __init__(self, run: Runner) -> None:
        self.run = run

    async def guild_settings(self, guild_id: int) -> tuple[float | None, str | None, str | None]:
        """``(turn_time, timeout_policy, language)`` as stored; ``None`` = not set."""

        def read(c: Connection) -> tuple[float | None, str | None, str | None]:
            row = c.execute(
                "SELECT turn_time, timeout_policy, language FROM guild_settings WHERE guild_id = ?",
                (guild_id,),
            ).fetchone()
            return (None, None, None) if row is None else (row[0], row[1], row[2])

        return await self.run(read)

    async def set_guild_settings(
        self,
        guild_id: int,
        turn_time: float | None,
        timeout_policy: str | None,
        language: str | None,
    ) -> None:
        def write(c: Connection) -> None:
            with transaction(c):
                c.execute(
                    "INSERT INTO guild_settings (guild_id, turn_time, timeout_policy, language) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                    "turn_time = excluded.turn_time, timeout_policy = excluded.timeout_policy, "
                    "language = excluded.language",
                    (guild_id, turn_time, timeout_policy, language),
                )

        await self.run(write)

    async def palette(self, guild_id: int) -> str | None:
        """The palette of the server's channel pictures (``None``: not set)."""
        sql = "SELECT palette FROM guild_settings WHERE guild_id = ?"
        found = await self.run(lambda c: value(c, sql, (guild_id,)))
        return None if found is None else str(found)

    async def set_palette(self, guild_id: int, palette: str) -> None:
        """Set the server's palette, its other settings as they were."""

        def write(c: Connection) -> None:
            with transaction(c):
                c.execute(
                    "INSERT INTO guild_settings (guild_id, palette) VALUES (?, ?) "
                    "ON CONFLICT (guild_id) DO UPDATE SET palette = excluded.palette",
                    (guild_id, palette),
                )

        await self.run(write)
