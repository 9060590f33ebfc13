"""A server's defaults for its new tables (time per move, timeout policy), its language and its
yearly cap on away days (issue 46)."""

from __future__ import annotations

from host.errors import BadOptionError
from host.games import Store
from host.kept import Kept
from host.model import MAX_TURN_TIME, MIN_TURN_TIME, GuildSettings, TimeoutPolicy
from host.timing import MAX_AWAY_DAYS
from render.i18n import N_


class Servers:
    """Per-server settings (``/game settings``)."""

    def __init__(self, store: Store) -> None:
        self.db = store.db
        self.stored: Kept[int, tuple[float | None, str | None, str | None]] = Kept(store)
        """What each server set (:meth:`_stored`), as read or written."""
        self.away: Kept[int, int | None] = Kept(store)
        """Each server's cap on away days as stored (``None``: not set)."""

    async def _stored(self, guild_id: int) -> tuple[float | None, str | None, str | None]:
        """The server's time per move, timeout policy and language as stored (``None``: not
        set), kept in memory (:class:`~host.kept.Kept`): every delivery asks for them."""
        return await self.stored.get(guild_id, lambda: self.db.servers.guild_settings(guild_id))

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """The server's defaults (the host's defaults where the server set nothing)."""
        turn_time, policy, language = await self._stored(guild_id)
        away = await self.away.get(guild_id, lambda: self.db.servers.away_days(guild_id))
        base = GuildSettings(guild_id)
        return GuildSettings(
            guild_id,
            turn_time=base.turn_time if turn_time is None else turn_time,
            timeout_policy=base.timeout_policy if policy is None else policy_of(policy),
            language=base.language if language is None else language,
            away_days=base.away_days if away is None else away,
        )

    async def set_guild_settings(
        self,
        guild_id: int,
        *,
        turn_time: float | None = None,
        timeout_policy: str | None = None,
        language: str | None = None,
        away_days: int | None = None,
    ) -> GuildSettings:
        """Change some of the server's defaults (``None`` keeps a value); returns them all."""
        old_time, old_policy, old_language = await self._stored(guild_id)
        if away_days is not None and not 0 <= away_days <= MAX_AWAY_DAYS:
            raise BadOptionError(N_("The yearly away days must be 0 to 365."))
        if turn_time is not None:
            check_turn_time(turn_time)
        if timeout_policy is not None:
            policy_of(timeout_policy)
        if language is not None and not (1 <= len(language) <= 16):
            raise BadOptionError(N_("The language must be a short code such as `en` or `nl`."))
        stored = (
            old_time if turn_time is None else turn_time,
            old_policy if timeout_policy is None else timeout_policy,
            old_language if language is None else language,
        )
        await self.db.servers.set_guild_settings(guild_id, *stored)
        self.stored.put(guild_id, stored)
        if away_days is not None:
            await self.db.servers.set_away_days(guild_id, away_days)
            self.away.put(guild_id, away_days)
        return await self.guild_settings(guild_id)

    async def adopt_guild_language(self, guild_id: int, language: str) -> str:
        """The server's language: the stored one, or ``language`` (its Discord language when
        its first game opens), stored from now on. ``/game settings`` changes it."""
        _time, _policy, stored = await self._stored(guild_id)
        if stored is not None:
            return stored
        await self.set_guild_settings(guild_id, language=language)
        return language


def policy_of(value: str) -> TimeoutPolicy:
    if value == "ai":
        return "ai"
    if value == "skip":
        return "skip"
    raise BadOptionError(N_("The timeout policy must be `ai` (an AI moves) or `skip` (pass)."))


def check_turn_time(seconds: float) -> None:
    if not (MIN_TURN_TIME <= seconds <= MAX_TURN_TIME):
        raise BadOptionError(N_("The time per move must be between 5 minutes and 7 days."))
