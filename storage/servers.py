"""A server's settings (``guild_settings``): its default turn time, timeout policy and
language, its yearly cap on away days (issue 46) and the palette of its channels' pictures."""

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

    async def away_days(self, guild_id: int) -> int | None:
        """The server's yearly cap on a player's away days (``None``: not set)."""
        found = await self._one(guild_id, "away_days")
        return None if found is None else int(str(found))

    async def set_away_days(self, guild_id: int, days: int) -> None:
        await self._set_one(guild_id, "away_days", days)

    async def palette(self, guild_id: int) -> str | None:
        """The palette of the server's channel pictures (``None``: not set)."""
        found = await self._one(guild_id, "palette")
        return None if found is None else str(found)

    async def set_palette(self, guild_id: int, palette: str) -> None:
        """Set the server's palette, its other settings as they were."""
        await self._set_one(guild_id, "palette", palette)

    async def _one(self, guild_id: int, column: str) -> object | None:
        """One setting of the server as stored (``column``: a name of this module's)."""
        sql = f"SELECT {column} FROM guild_settings WHERE guild_id = ?"
        return await self.run(lambda c: value(c, sql, (guild_id,)))

    async def _set_one(self, guild_id: int, column: str, setting: object) -> None:
        """Set one setting of the server, its others as they were."""

        def write(c: Connection) -> None:
            with transaction(c):
                c.execute(
                    f"INSERT INTO guild_settings (guild_id, {column}) VALUES (?, ?) "
                    f"ON CONFLICT (guild_id) DO UPDATE SET {column} = excluded.{column}",
                    (guild_id, setting),
                )

        await self.run(write)
