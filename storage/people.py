"""A user's settings for all their games (``user_settings``): how they are told a game waits
for them, their Discord language as last seen, their timing (away, time zone, quiet hours:
issue 46) and the palette of their own pictures."""

from __future__ import annotations

from collections.abc import Mapping

from storage.dialect import Connection, Runner
from storage.writes import transaction

TIMING = ("away_until", "away_year", "away_used", "time_zone", "quiet_hours")
"""A user's timing columns (issue 46)."""

COLUMNS = ("notify", "locale", "palette", *TIMING)
"""Every setting of a user, as :meth:`People.settings` gives them."""


class People:
    """``db.people``: per-user settings (see the module), read as one row."""

    def __init__(self, run: Runner) -> None:
        self.run = run

    async def settings(self, user_id: int) -> dict[str, object]:
        """Every one of ``user_id``'s :data:`COLUMNS`, in one statement (``None``: not set)."""

        def read(c: Connection) -> dict[str, object]:
            row = c.execute(
                f"SELECT {', '.join(COLUMNS)} FROM user_settings WHERE user_id = ?", (user_id,)
            ).fetchone()
            return dict(zip(COLUMNS, (None,) * len(COLUMNS) if row is None else row, strict=True))

        return await self.run(read)

    async def set(self, user_id: int, values: Mapping[str, object]) -> None:
        """Set some of ``user_id``'s :data:`COLUMNS` (``None`` clears one), the others as they
        were."""
        columns = [c for c in COLUMNS if c in values]
        if len(columns) != len(values):
            raise ValueError(f"not a user setting: {sorted(set(values) - set(columns))}")
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
