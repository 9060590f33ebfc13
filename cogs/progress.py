"""The flows in progress: counted while they run, so that ``idle`` can wait until every board,
DM and reply they started has been sent (tests, benchmarks and a bounded shutdown)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Coroutine
from typing import Any


class Progress:
    """The count of flows in progress (see the module)."""

    def __init__(self) -> None:
        self._busy = 0
        self._idle: asyncio.Event | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @contextlib.asynccontextmanager
    async def busy(self) -> AsyncIterator[None]:
        """Marks a flow in progress (its messages may still be on their way)."""
        self._enter()
        try:
            yield
        finally:
            self._leave()

    def start(self, work: Coroutine[Any, Any, None], name: str) -> None:
        """Run ``work`` as a task of its own, counted in progress from now (not from when it
        first runs: :meth:`idle` cannot slip in between) until it ends."""
        self._enter()
        task = asyncio.create_task(work, name=name)
        self._tasks.add(task)  # kept: a task nobody references may be collected

        def ended(done: asyncio.Task[None]) -> None:
            self._tasks.discard(done)
            self._leave()

        task.add_done_callback(ended)

    def _enter(self) -> None:
        if self._idle is None:
            self._idle = asyncio.Event()
            self._idle.set()
        self._busy += 1
        self._idle.clear()

    def _leave(self) -> None:
        self._busy -= 1
        if self._busy == 0 and self._idle is not None:
            self._idle.set()

    async def idle(self) -> None:
        """Wait until no flow is in progress: every board, DM and reply has been sent."""
        if self._idle is not None:
            await self._idle.wait()
