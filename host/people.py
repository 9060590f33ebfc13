"""People: what the bot remembers of a user across their games (their Discord language, how
they want to be told of their decisions, the palette of their own pictures)."""

from __future__ import annotations

from typing import cast

from host.errors import BadOptionError
from host.games import Store
from host.model import Notify
from host.servers import checked_palette
from render import palette as palettes
from render.i18n import N_
from storage.rows import NOTIFY


class People:
    """Users' preferences."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.users = store.users
        """Users' settings rows, read once and kept (:class:`~host.kept.Users`)."""

    async def user_locale(self, user: int) -> str | None:
        """``user``'s Discord language as last seen (``None``: never seen). Kept in memory once
        read or written (:class:`~host.kept.Kept`): every interaction and every DM asks for
        it."""
        found = (await self.users.of(user)).get("locale")
        return None if found is None else str(found)

    async def remember_locale(self, user: int, locale: str) -> None:
        """Remember ``user``'s Discord language when it changed (a write only on a change)."""
        locale = locale.strip()[:16]
        if locale and await self.user_locale(user) != locale:
            await self.users.set(user, {"locale": locale})

    async def notify_setting(self, user: int) -> Notify:
        """How ``user`` wants to be told of their decisions (``dm`` unless they chose); kept in
        memory (:class:`~host.kept.Kept`): every delivery asks for it."""
        value = (await self.users.of(user)).get("notify")
        return cast(Notify, value if value in NOTIFY else "dm")

    async def set_notify_setting(self, user: int, notify: str) -> Notify:
        """``user``'s choice (``dm``, ``mention``, ``both``, ``none``), for all their games."""
        if notify not in NOTIFY:
            raise BadOptionError(
                N_("`{value}` is not a notification setting: choose one of {known}."),
                value=notify,
                known=", ".join(f"`{n}`" for n in NOTIFY),
            )
        await self.users.set(user, {"notify": notify})
        return cast(Notify, notify)

    async def palette(self, user: int) -> str | None:
        """The palette ``user`` chose for the pictures only they get (``standard`` or
        ``contrast``; ``None``: none, their server's applies); kept in memory."""
        found = (await self.users.of(user)).get("palette")
        return found if isinstance(found, str) and found in palettes.PALETTES else None

    async def set_palette(self, user: int, palette: str | None) -> str | None:
        """``user``'s palette for all their own pictures (``None``: their server's again)."""
        if palette is not None:
            checked_palette(palette)
        await self.users.set(user, {"palette": palette})
        return palette
