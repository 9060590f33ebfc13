"""Settings read from the database and kept in memory: a user's language and notification
setting, a server's defaults. Every interaction and every delivery asks for them, and they
change rarely.

A process alone on its database makes every write itself, so what it keeps is exact. When
processes share the database another one may change a setting, so a kept value is read again
once it is older than :data:`FRESH` seconds: a change made through one process shows in every
other within that time.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
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
