"""Injected time: the host never reads the wall clock directly, so tests drive it."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """A source of the current time in seconds since the epoch."""

    def now(self) -> float: ...


class SystemClock:
    """The real wall clock (``time.time()``)."""

    def now(self) -> float:
        return time.time()


class OffsetClock:
    """The wall clock moved ahead on demand: the sandbox's clock, whose page fast-forwards a
    day at a time (docs/sandbox.md) so a tester sees deadlines, reminders and away run out."""

    def __init__(self) -> None:
        self.ahead = 0.0
        """Seconds this clock runs ahead of the wall clock."""

    def now(self) -> float:
        return time.time() + self.ahead

    def advance(self, seconds: float) -> float:
        """Move ahead by ``seconds``; returns how far ahead the clock is now."""
        if seconds < 0:
            raise ValueError("a clock does not go backwards")
        self.ahead += seconds
        return self.ahead


class FakeClock:
    """A clock that moves only when told to; for tests and simulations."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> float:
        """Move time forward by ``seconds`` and return the new time."""
        if seconds < 0:
            raise ValueError("a clock does not go backwards")
        self._now += seconds
        return self._now

    def set(self, when: float) -> None:
        self._now = when
