"""Settings read from the database and kept in memory: a user's settings row (:class:`Users`),
a server's defaults. Every interaction and every delivery asks for them, and they
change rarely.

A process alone on its database makes every write itself, so what it keeps is exact. When
processes share the database another one may change a setting, so a kept value is read again
once it is older than :data:`FRESH` seconds: a change made through one process shows in every
other within that time.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from host.games import Store

K = TypeVar("K")
V = TypeVar("V")

FRESH = 60.0
"""With a shared database, seconds a value read from it is trusted."""


class Kept(Generic[K, V]):
    """Values by key, each read once (see the module)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._values: dict[K, tuple[V, float]] = {}

    async def get(self, key: K, read: Callable[[], Awaitable[V]]) -> V:
        """The value of ``key``: kept, or ``read()`` (and kept) when unknown or, with a shared
        database, older than :data:`FRESH` seconds."""
        now = self.store.clock.now()
        known = self._values.get(key)
        if known is None or (self.store.shared and now - known[1] > FRESH):
            known = self._values[key] = (await read(), now)
        return known[0]

    def put(self, key: K, value: V) -> None:
        """``value`` was just written for ``key``."""
        self._values[key] = (value, self.store.clock.now())

    def known(self, key: K) -> V | None:
        """The value kept for ``key`` (``None``: none kept)."""
        found = self._values.get(key)
        return None if found is None else found[0]


class Users:
    """Each user's settings (``user_settings``: notify, language, palette, timing), read as
    one row in one statement and kept (``store.users``): the people service and the timing
    read their parts of it, so a user's first move or delivery in a process costs one read,
    not one a setting."""

    def __init__(self, store: Store) -> None:
        self.db = store.db
        self.kept: Kept[int, Mapping[str, object]] = Kept(store)

    async def of(self, user: int) -> Mapping[str, object]:
        return await self.kept.get(user, lambda: self.db.people.settings(user))

    async def set(self, user: int, values: Mapping[str, object]) -> None:
        """Write ``values`` (some of ``storage.people.COLUMNS``) for ``user``; the kept row
        follows (none is read for it)."""
        await self.db.people.set(user, values)
        known = self.kept.known(user)
        if known is not None:
            self.kept.put(user, {**known, **values})
