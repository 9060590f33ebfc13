"""The flows in progress: counted while they run, so that ``idle`` can wait until every board,
DM and reply they started has been sent (tests, benchmarks and a bounded shutdown)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator


class Progress:
    """The count of flows in progress (see the module)."""

    def __init__(self) -> None:
        self._busy = 0
        self._idle: asyncio.Event | None = None

    @contextlib.asynccontextmanager
    async def busy(self) -> AsyncIterator[None]:
        """Marks a flow in progress (its messages may still be on their way)."""
        if self._idle is None:
            self._idle = asyncio.Event()
            self._idle.set()
        self._busy += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if self._busy == 0:
                self._idle.set()

    async def idle(self) -> None:
        """Wait until no flow is in progress: every board, DM and reply has been sent."""
        if self._idle is not None:
            await self._idle.wait()
