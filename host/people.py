"""People: what the bot remembers of a user across their games (their Discord language, how
they want to be told of their decisions, the palette of their own pictures)."""

from __future__ import annotations

from typing import cast

from host.errors import BadOptionError
from host.games import Store
from host.kept import Kept
from host.model import Notify
from host.servers import checked_palette
from render import palette as palettes
from render.i18n import N_
from storage.rows import NOTIFY


class People:
    """Users' preferences."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db
        self.locales: Kept[int, str | None] = Kept(store)
        """Users' Discord languages as read or written (:meth:`user_locale`)."""
        self.notify: Kept[int, str] = Kept(store)
        """Users' notification settings as read or written (:meth:`notify_setting`)."""
        self.palettes: Kept[int, str | None] = Kept(store)
        """Users' palettes as read or written (:meth:`palette`)."""

    async def user_locale(self, user: int) -> str | None:
        """``user``'s Discord language as last seen (``None``: never seen). Kept in memory once
        read or written (:class:`~host.kept.Kept`): every interaction and every DM asks for
        it."""
        return await self.locales.get(user, lambda: self.db.people.user_locale(user))

    async def remember_locale(self, user: int, locale: str) -> None:
        """Remember ``user``'s Discord language when it changed (a write only on a change)."""
        locale = locale.strip()[:16]
        if locale and await self.user_locale(user) != locale:
            await self.db.people.set_user_locale(user, locale)
            self.locales.put(user, locale)

    async def notify_setting(self, user: int) -> Notify:
        """How ``user`` wants to be told of their decisions (``dm`` unless they chose); kept in
        memory (:class:`~host.kept.Kept`): every delivery asks for it."""
        value = await self.notify.get(user, lambda: self.db.people.notify_setting(user))
        return cast(Notify, value if value in NOTIFY else "dm")

    async def set_notify_setting(self, user: int, notify: str) -> Notify:
        """``user``'s choice (``dm``, ``mention``, ``both``, ``none``), for all their games."""
        if notify not in NOTIFY:
            raise BadOptionError(
                N_("`{value}` is not a notification setting: choose one of {known}."),
                value=notify,
                known=", ".join(f"`{n}`" for n in NOTIFY),
            )
        await self.db.people.set_notify_setting(user, notify)
        self.notify.put(user, notify)
        return cast(Notify, notify)

    async def palette(self, user: int) -> str | None:
        """The palette ``user`` chose for the pictures only they get (``standard`` or
        ``contrast``; ``None``: none, their server's applies); kept in memory."""
        found = await self.palettes.get(user, lambda: self.db.people.palette(user))
        return found if found in palettes.PALETTES else None

    async def set_palette(self, user: int, palette: str | None) -> str | None:
        """``user``'s palette for all their own pictures (``None``: their server's again)."""
        if palette is not None:
            checked_palette(palette)
        await self.db.people.set_palette(user, palette)
        self.palettes.put(user, palette)
        return palette
