"""A server's defaults for its new tables (time per move, timeout policy), its language, its
yearly cap on away days (issue 46) and the palette of its channels' pictures."""

from __future__ import annotations

from host.errors import BadOptionError
from host.games import Store
from host.kept import Kept
from host.model import MAX_TURN_TIME, MIN_TURN_TIME, GuildSettings, TimeoutPolicy
from host.timing import MAX_AWAY_DAYS
from render import palette as palettes
from render.i18n import N_


class Servers:
    """Per-server settings (``/game settings``)."""

    def __init__(self, store: Store) -> None:
        self.db = store.db
        self.stored: Kept[int, tuple[float | None, str | None, str | None]] = Kept(store)
        """What each server set (:meth:`_stored`), as read or written."""
        self.away: Kept[int, int | None] = Kept(store)
        """Each server's cap on away days as stored (``None``: not set)."""
        self.palettes: Kept[int, str | None] = Kept(store)
        """Each server's palette (:meth:`palette`), as read or written."""

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

    async def palette(self, guild_id: int | None) -> str:
        """The palette of the server's channel pictures (``standard`` unless its managers
        chose ``contrast``; a DM's: ``standard``), kept in memory: every board asks for it."""
        if guild_id is None:
            return palettes.STANDARD
        found = await self.palettes.get(guild_id, lambda: self.db.servers.palette(guild_id))
        return palettes.negotiate(found)

    async def set_palette(self, guild_id: int, palette: str) -> str:
        """Set the server's palette (``standard`` or ``contrast``)."""
        await self.db.servers.set_palette(guild_id, checked_palette(palette))
        self.palettes.put(guild_id, palette)
        return palette

    async def reader_palette(self, people_choice: str | None, guild_id: int | None) -> str:
        """The palette of a picture only one player gets: their own choice
        (``people_choice``), else their server's."""
        return people_choice if people_choice in palettes.PALETTES else await self.palette(guild_id)


def checked_palette(value: str) -> str:
    """``value`` when it names a palette (``render.palette.PALETTES``); else refused."""
    if value not in palettes.PALETTES:
        raise BadOptionError(
            N_("`{value}` is not a palette: choose one of {known}."),
            value=value,
            known=", ".join(f"`{n}`" for n in palettes.PALETTES),
        )
    return value


def policy_of(value: str) -> TimeoutPolicy:
    if value == "ai":
        return "ai"
    if value == "skip":
        return "skip"
    raise BadOptionError(N_("The timeout policy must be `ai` (an AI moves) or `skip` (pass)."))


def check_turn_time(seconds: float) -> None:
    if not (MIN_TURN_TIME <= seconds <= MAX_TURN_TIME):
        raise BadOptionError(N_("The time per move must be between 5 minutes and 7 days."))
