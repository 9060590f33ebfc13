"""People: what the bot remembers of a user across their games (their Discord language, how
they want to be told of their decisions)."""

from __future__ import annotations

from typing import cast

from host.errors import BadOptionError
from host.games import Store
from host.model import Notify
from render.i18n import N_
from storage.rows import NOTIFY

LOCALE_FRESH = 60.0
"""With a shared database, seconds a user's language read from it is trusted (another process
may see the user in another language meanwhile: a language changed in Discord shows in the
DMs of every process within this time)."""


class People:
    """Users' preferences."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db
        self.locales: dict[int, tuple[str | None, float]] = {}
        """Users' Discord languages as read or written (:meth:`user_locale`), and when."""

    async def user_locale(self, user: int) -> str | None:
        """``user``'s Discord language as last seen (``None``: never seen). Kept in memory once
        read or written: every interaction and every DM asks for it. With a shared database it
        is read again after :data:`LOCALE_FRESH` seconds: another process may have seen the
        user's new language."""
        now = self.store.clock.now()
        known = self.locales.get(user)
        if known is None or (self.store.shared and now - known[1] > LOCALE_FRESH):
            known = self.locales[user] = (await self.db.people.user_locale(user), now)
        return known[0]

    async def remember_locale(self, user: int, locale: str) -> None:
        """Remember ``user``'s Discord language when it changed (a write only on a change)."""
        locale = locale.strip()[:16]
        if locale and await self.user_locale(user) != locale:
            await self.db.people.set_user_locale(user, locale)
            self.locales[user] = (locale, self.store.clock.now())

    async def notify_setting(self, user: int) -> Notify:
        """How ``user`` wants to be told of their decisions (``dm`` unless they chose)."""
        value = await self.db.people.notify_setting(user)
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
        return cast(Notify, notify)
