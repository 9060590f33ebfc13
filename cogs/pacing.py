"""Discord's rate limits, kept by the bot itself (issue 41).

Discord limits a bot's REST requests per route and in all (docs: "Rate Limits"): 50 requests a
second over every route but the interaction endpoints, and, per channel, a few messages created
and a few edited or deleted every few seconds. A request over a limit gets 429 and must wait.
discord.py waits when a route's headers say its bucket is empty, but it learns a bucket only
from its first answers and knows nothing of the global limit, so a burst (thirty games ending at
once, fifty reminders, an offering step that edits every player's message) meets 429s.

:class:`Pacer` sits in front of discord.py's REST client (``HTTPClient.request``; the interaction
endpoints go through discord.py's webhook adapter and are not paced, as Discord does not limit
them globally) and sends nothing that would exceed:

- the global limit: ``per_second`` requests a second, this process's share of the bot's
  (``Settings.rest_per_second``: :data:`GLOBAL_PER_SECOND` for one process at Discord's default
  limit; its shards' share of it when several processes share the bot's token; nine tenths of
  ``VESUVIUS_GLOBAL_LIMIT`` when Discord has raised it);
- per channel: :data:`CHANNEL_LIMIT` messages created and as many edited or deleted per
  :data:`CHANNEL_PERIOD` seconds, in the order they were asked for.

What waits can be merged: an edit of a message that is still waiting when a newer edit of the
same message comes is not sent; the newer one is sent in its place and both callers get its
answer (only the latest words reach Discord). An edit that uploads a picture is never replaced
(the newer edit may count on that picture being there).

The numbers are Discord's published defaults with a margin; discord.py still reads every
answer's headers, so a stricter limit than these is waited for, not hit.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from discord.http import Route

DISCORD_GLOBAL_LIMIT = 50
"""Requests a second Discord allows a bot's token over every route but the interactions'."""
MARGIN = 0.9
"""The part of a global limit the bot uses: a tenth is left for the clock's skew."""
GLOBAL_PER_SECOND = DISCORD_GLOBAL_LIMIT * MARGIN
"""Requests a second for the whole bot at Discord's default limit: 45."""
CHANNEL_LIMIT = 5
"""Messages created (and, apart, edited or deleted) per channel per period."""
CHANNEL_PERIOD = 5.25
"""Seconds of that period: Discord's 5, and a margin for the way there."""

_MESSAGES = re.compile(r"^/channels/\{channel_id\}/messages(/\{message_id\})?$")

Sender = Callable[..., Awaitable[Any]]


class Window:
    """At most ``limit`` starts in any ``period`` seconds, in the order they were asked for."""

    def __init__(
        self,
        limit: int,
        period: float,
        clock: Callable[[], float],
        sleep: Callable[[float], Awaitable[None]],
    ) -> None:
        self.limit, self.period = limit, period
        self._clock, self._sleep = clock, sleep
        self._starts: deque[float] = deque()
        self._lock = asyncio.Lock()  # wakes its waiters in order: first asked, first sent

    @property
    def busy(self) -> bool:
        """Whether someone is waiting for (or taking) a place."""
        return self._lock.locked()

    async def take(self) -> None:
        async with self._lock:
            while True:
                now = self._clock()
                while self._starts and now - self._starts[0] >= self.period:
                    self._starts.popleft()
                if len(self._starts) < self.limit:
                    self._starts.append(now)
                    return
                await self._sleep(self.period - (now - self._starts[0]))

    def idle_since(self, now: float) -> bool:
        """Nothing waits and every start is older than a period (it can be forgotten)."""
        return not self.busy and all(now - t >= self.period for t in self._starts)


@dataclass
class _Edit:
    """An edit of one message waiting for its turn; a newer edit takes its place."""

    kwargs: dict[str, Any]
    answer: asyncio.Future[Any]
    started: bool = False
    merged: int = 0


@dataclass
class PacingStats:
    """What the pacer did: requests sent, how many waited, edits merged into a newer one."""

    sent: int = 0
    waited: int = 0
    merged: int = 0
    by_route: dict[str, int] = field(default_factory=dict)


class Pacer:
    """Keeps a bot's REST requests within Discord's limits (see the module). ``per_second``:
    this process's part of the global limit; ``scale``: the periods' length against Discord's
    (tests that play whole games at a machine's speed run the limits on a faster clock, with
    the loopback Discord's on the same one)."""

    def __init__(
        self,
        *,
        scale: float = 1.0,
        per_second: float = GLOBAL_PER_SECOND,
        channel_limit: int = CHANNEL_LIMIT,
        channel_period: float = CHANNEL_PERIOD,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._clock, self._sleep = clock, sleep
        per = max(1, int(per_second))
        self._global = Window(per, 1.0 * scale, clock, sleep)
        self._channel_limit, self._channel_period = channel_limit, channel_period * scale
        self._channels: dict[tuple[int, str], Window] = {}
        self._edits: dict[str, _Edit] = {}
        self._sending: set[asyncio.Future[None]] = set()
        self.stats = PacingStats()

    def install(self, http: Any) -> None:
        """Put the pacer in front of a discord.py ``HTTPClient``'s requests."""
        send: Sender = http.request

        async def request(route: Route, **kwargs: Any) -> Any:
            return await self.request(send, route, **kwargs)

        http.request = request

    async def request(self, send: Sender, route: Route, **kwargs: Any) -> Any:
        """``send(route, **kwargs)`` once the limits allow it (an edit may be merged)."""
        self.stats.by_route[route.key] = self.stats.by_route.get(route.key, 0) + 1
        kind = _message_kind(route)
        if kind != "edit" or route.method != "PATCH":
            await self._take(route, kind)
            return await send(route, **kwargs)
        key = route.url
        waiting = self._edits.get(key)
        if waiting is not None and not waiting.started and not waiting.kwargs.get("files"):
            waiting.kwargs = kwargs  # only the newest words are sent
            waiting.merged += 1
            self.stats.merged += 1
            return await asyncio.shield(waiting.answer)
        edit = _Edit(kwargs, asyncio.get_running_loop().create_future())
        edit.answer.add_done_callback(_retrieved)
        self._edits[key] = edit
        # Sent by a task of its own: a caller that gives up (cancelled) does not take the
        # newer edits merged into it down with it.
        task = asyncio.ensure_future(self._send_edit(send, route, key, edit))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)
        return await asyncio.shield(edit.answer)

    async def _send_edit(self, send: Sender, route: Route, key: str, edit: _Edit) -> None:
        try:
            try:
                await self._take(route, "edit")
            finally:
                edit.started = True
                if self._edits.get(key) is edit:
                    del self._edits[key]
            result = await send(route, **edit.kwargs)
        except asyncio.CancelledError:
            edit.answer.cancel()
            raise
        except Exception as error:
            edit.answer.set_exception(error)
        else:
            edit.answer.set_result(result)

    async def _take(self, route: Route, kind: str | None) -> None:
        """A place in the channel's window (messages), then in the global one."""
        channel = self._channel(route, kind)
        if (channel is not None and channel.busy) or self._global.busy:
            self.stats.waited += 1
        if channel is not None:
            await channel.take()
        await self._global.take()
        self.stats.sent += 1

    def _channel(self, route: Route, kind: str | None) -> Window | None:
        if kind is None or route.channel_id is None:
            return None
        key = (int(route.channel_id), kind)
        window = self._channels.get(key)
        if window is None:
            if len(self._channels) > 1000:
                now = self._clock()
                for old in [k for k, w in self._channels.items() if w.idle_since(now)]:
                    del self._channels[old]
            window = self._channels[key] = Window(
                self._channel_limit, self._channel_period, self._clock, self._sleep
            )
        return window


def _message_kind(route: Route) -> str | None:
    """``"create"`` for a new message in a channel, ``"edit"`` for an edit or a deletion of
    one, else ``None`` (only the global limit applies)."""
    match = _MESSAGES.match(route.path)
    if match is None:
        return None
    if match.group(1) is None:
        return "create" if route.method == "POST" else None
    return "edit" if route.method in ("PATCH", "DELETE") else None


def _retrieved(answer: asyncio.Future[Any]) -> None:
    """A merged edit's answer is awaited by the callers it stood for, if any: an error no
    one awaits is not reported as unretrieved (the caller that sent it got it)."""
    if not answer.cancelled():
        answer.exception()
