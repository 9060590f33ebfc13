"""Discord's REST rate limits, as the fake enforces them.

Discord (https://discord.com/developers/docs/topics/rate-limits) limits every bot per route and
globally. A per-route *bucket* is a route template (method and path with the ids taken out)
plus its top-level resource, the *major parameter*: the channel, the guild, or the webhook
(id + token). Every response of a limited route carries ``X-RateLimit-Limit``, ``-Remaining``,
``-Reset`` (epoch seconds), ``-Reset-After`` (seconds) and ``-Bucket`` (an opaque hash of the
limit: the same for every major parameter, and shared by routes that share the limit). A request
over a limit gets 429 with ``retry_after`` and has no effect; discord.py reads the headers and
waits before it would exceed a bucket, and sleeps and retries on a 429.

Windows are fixed: a bucket's window starts at its first request and resets ``per`` seconds
later. They run on a real monotonic clock (``rate_clock``), not on the fake's injected
``clock``, because discord.py sleeps in real time.

What the fake limits (numbers in :class:`RateLimits`):

========================================================  =================================
route                                                     bucket (major parameter)
========================================================  =================================
``POST /channels/{id}/messages`` (DM channels too)        ``channel_messages`` (channel)
``PATCH`` / ``DELETE /channels/{id}/messages/{id}``       ``message_edits`` (channel)
``POST /webhooks/{app}/{token}``, ``GET`` / ``PATCH`` /   ``interaction_webhooks``
``DELETE /webhooks/{app}/{token}/messages/{@original|id}`` (webhook id + token)
every other route with the bot's token                    the global limit only
========================================================  =================================

Interaction endpoints (the callback and the interaction webhooks) are not bound by the global
limit; every other request counts towards it, per ``Authorization`` header (per address
without one). 401, 403 and 429 answers count as *invalid requests*; past that limit the address
is banned as Cloudflare bans it (429 without ``Via``, a text body) until the window ends.
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

RATE_LIMITED = "You are being rate limited."
RESOURCE_RATE_LIMITED = "The resource is being rate limited."
CLOUDFLARE_BODY = "error code: 1015"  # Cloudflare's "you are being rate limited" page, as text
HITS_KEPT = 1000  # the newest 429s kept in ``RateLimiter.hits`` (all are counted)


@dataclass(frozen=True)
class Limit:
    """``requests`` per fixed window of ``per`` seconds. ``shared``: a per-resource limit
    (shared with everyone using the resource): 429s say scope ``shared`` and are not invalid
    requests."""

    requests: int
    per: float
    shared: bool = False


@dataclass(frozen=True)
class RateLimits:
    """The limits the fake enforces: Discord's by default (the sandbox, the tests, the benches).

    Discord documents the global limit and the invalid-request limit; the per-route numbers are
    the ones its ``X-RateLimit-*`` headers have long reported (the docs say only that per-route
    limits exist, and that bots must read the headers rather than hard-code numbers). A test
    may pass stricter numbers to provoke 429s."""

    # "All bots can make up to 50 requests per second to our API" (Rate Limits, "Global Rate
    # Limit"); "Interaction endpoints are not bound to the bot's Global Rate Limit".
    global_requests: Limit = Limit(50, 1.0)
    # POST /channels/{channel.id}/messages: X-RateLimit-Limit 5, Reset-After 5 per channel.
    channel_messages: Limit = Limit(5, 5.0)
    # PATCH and DELETE /channels/{channel.id}/messages/{message.id}: 5 per 5 s per channel, a
    # bucket of their own (not the sends').
    message_edits: Limit = Limit(5, 5.0)
    # Interaction follow-ups and the interaction webhook's messages (@original, follow-ups:
    # GET, PATCH, DELETE), per application id + token. Discord's webhook routes report
    # X-RateLimit-Limit 5, Reset-After 2 per webhook id + token, and an interaction's
    # follow-ups are that webhook's routes. A normal answer (a defer, an edit of the original,
    # one or two follow-ups) uses at most 3 of the 5; the callback itself is answered once and
    # is not limited.
    interaction_webhooks: Limit = Limit(5, 2.0)
    # "IP addresses that make too many invalid HTTP requests are automatically and temporarily
    # restricted ... Currently, this limit is 10,000 per 10 minutes. An invalid request is one
    # that results in 401, 403, or 429 statuses" (429s of scope "shared" excepted).
    invalid_requests: Limit = Limit(10_000, 600.0)

    def scaled(self, factor: float) -> RateLimits:
        """The same limits on a clock ``factor`` times as long (0.1: ten times as fast): for
        tests whose scripted players answer in milliseconds, with the bot paced on the same
        clock (``cogs.pacing.Pacer(scale=)``). The counts stay Discord's."""
        return RateLimits(
            **{
                f.name: dataclasses.replace(
                    getattr(self, f.name), per=getattr(self, f.name).per * factor
                )
                for f in dataclasses.fields(self)
            }
        )


DISCORD_RATE_LIMITS = RateLimits()
"""Discord's numbers: the default of every fake (sandbox, tests, benches)."""

# (method, path below /api/v10, the RateLimits field of its bucket). The path's one group is
# the major parameter: the channel id, or the webhook's id and token.
_CHANNEL = r"/channels/(\d+)"
_WEBHOOK = r"/webhooks/(\d+/[^/]+)"
_WEBHOOK_MESSAGE = _WEBHOOK + r"/messages/(?:@original|\d+)"
_LIMITED_ROUTES: tuple[tuple[str, re.Pattern[str], str], ...] = tuple(
    (method, re.compile(path), bucket)
    for method, path, bucket in (
        ("POST", _CHANNEL + "/messages", "channel_messages"),
        ("PATCH", _CHANNEL + r"/messages/\d+", "message_edits"),
        ("DELETE", _CHANNEL + r"/messages/\d+", "message_edits"),
        ("POST", _WEBHOOK, "interaction_webhooks"),
        ("GET", _WEBHOOK_MESSAGE, "interaction_webhooks"),
        ("PATCH", _WEBHOOK_MESSAGE, "interaction_webhooks"),
        ("DELETE", _WEBHOOK_MESSAGE, "interaction_webhooks"),
    )
)
# Interaction endpoints: the callback and the interaction webhook (the fake has no other
# webhooks). Not bound by the global limit.
_INTERACTION_ENDPOINT = re.compile(r"/interactions/\d+/[^/]+/callback|/webhooks/\d+/.+")


def is_interaction_endpoint(path: str) -> bool:
    """Whether a request to ``path`` (below /api/v10) is an interaction's, which Discord does
    not count towards the bot's global limit of 50 requests a second."""
    return _INTERACTION_ENDPOINT.fullmatch(path) is not None


def bucket_hash(bucket: str) -> str:
    """The opaque ``X-RateLimit-Bucket`` of a limit (32 hex digits, as Discord's look)."""
    return hashlib.md5(f"vesuvius-fake:{bucket}".encode()).hexdigest()


def _up(seconds: float) -> float:
    """Seconds rounded up to the millisecond: a client that waits this long is never early."""
    return math.ceil(max(seconds, 0.0) * 1000) / 1000


@dataclass(frozen=True)
class RateLimitHit:
    """One 429 the fake answered. ``bucket``: the :class:`RateLimits` field that refused it
    (``global_requests``, ``channel_messages``, ... or ``invalid_requests`` for a Cloudflare
    ban); ``major``: its top-level resource (``None`` for the global limit); ``scope``:
    ``user``, ``shared``, ``global`` or ``cloudflare``; ``when``: on the rate clock."""

    method: str
    path: str
    bucket: str
    major: str | None
    scope: str
    retry_after: float
    when: float


@dataclass(frozen=True)
class Verdict:
    """The limiter's answer to one request: the headers its response carries, and the 429 it
    gets instead (``hit``: ``None`` when it may go through)."""

    headers: dict[str, str]
    hit: RateLimitHit | None = None

    @property
    def body(self) -> dict[str, object] | str:
        """The 429's body (JSON, or Cloudflare's text)."""
        assert self.hit is not None
        if self.hit.scope == "cloudflare":
            return CLOUDFLARE_BODY
        message = RESOURCE_RATE_LIMITED if self.hit.scope == "shared" else RATE_LIMITED
        return {
            "message": message,
            "retry_after": self.hit.retry_after,
            "global": self.hit.scope == "global",
        }


@dataclass
class _Window:
    count: int
    resets_at: float  # rate clock


@dataclass
class RateLimiter:
    """Counts requests in fixed windows per bucket and answers :class:`Verdict` s.

    Synchronous: the fake's handlers run on one event loop, so a check and its count happen
    together. A refused request counts towards nothing (but the invalid requests)."""

    limits: RateLimits = field(default_factory=RateLimits)
    clock: Callable[[], float] = time.monotonic
    hits: deque[RateLimitHit] = field(default_factory=lambda: deque(maxlen=HITS_KEPT))
    hits_total: int = 0
    _windows: dict[tuple[str, str], _Window] = field(default_factory=dict)
    _next_sweep: float = 0.0

    def _window(self, key: tuple[str, str], now: float) -> _Window | None:
        win = self._windows.get(key)
        if win is not None and now >= win.resets_at:
            del self._windows[key]
            return None
        return win

    def _count(self, key: tuple[str, str], limit: Limit, now: float) -> _Window:
        win = self._window(key, now)
        if win is None:
            win = self._windows[key] = _Window(0, now + limit.per)
        win.count += 1
        return win

    def _sweep(self, now: float) -> None:
        """Forget ended windows (a long-lived sandbox sees a new token per interaction)."""
        if now < self._next_sweep:
            return
        self._next_sweep = now + 1.0
        for key in [k for k, w in self._windows.items() if now >= w.resets_at]:
            del self._windows[key]

    def _refuse(
        self,
        method: str,
        path: str,
        bucket: str,
        major: str | None,
        scope: str,
        retry_after: float,
        now: float,
        headers: dict[str, str],
    ) -> Verdict:
        hit = RateLimitHit(method, path, bucket, major, scope, _up(retry_after), now)
        self.hits.append(hit)
        self.hits_total += 1
        headers = {**headers, "Retry-After": str(math.ceil(hit.retry_after))}
        if scope != "cloudflare":
            # discord.py treats a 429 without Via as a Cloudflare ban and raises at once.
            headers["Via"] = "1.1 google"
            headers["X-RateLimit-Scope"] = scope
        if scope == "global":
            headers["X-RateLimit-Global"] = "true"
        return Verdict(headers, hit)

    def banned(self, method: str, path: str) -> Verdict | None:
        """A Cloudflare-style 429 while too many invalid requests were made, else ``None``."""
        now = self.clock()
        limit = self.limits.invalid_requests
        win = self._window(("invalid_requests", ""), now)
        if win is None or win.count < limit.requests:
            return None
        return self._refuse(
            method, path, "invalid_requests", None, "cloudflare", win.resets_at - now, now, {}
        )

    def note_status(self, status: int, scope: str | None = None) -> None:
        """Count an answer towards the invalid-request limit (401, 403, 429 not ``shared``)."""
        if status in (401, 403) or (status == 429 and scope not in ("shared", "cloudflare")):
            self._count(("invalid_requests", ""), self.limits.invalid_requests, self.clock())

    def admit(self, method: str, path: str, authorization: str | None) -> Verdict:
        """Check ``method path`` (below /api/v10, no query) against its bucket, then the
        global limit; count it if both allow it. The route's bucket is checked first, so a
        request over both gets the route's 429 (the longer wait)."""
        now = self.clock()
        self._sweep(now)
        headers: dict[str, str] = {}
        route: tuple[str, str, Limit] | None = None
        for rmethod, pattern, bucket in _LIMITED_ROUTES:
            match = pattern.fullmatch(path)
            if match is not None and rmethod == method:
                route = (bucket, match.group(1), getattr(self.limits, bucket))
                break
        if route is not None:
            bucket, major, limit = route
            win = self._window((bucket, major), now)
            if win is not None and win.count >= limit.requests:
                reset_after = win.resets_at - now
                headers = self._headers(bucket, limit, 0, reset_after)
                scope = "shared" if limit.shared else "user"
                return self._refuse(method, path, bucket, major, scope, reset_after, now, headers)
        if not is_interaction_endpoint(path):
            key = ("global_requests", authorization or "address")
            glimit = self.limits.global_requests
            gwin = self._window(key, now)
            if gwin is not None and gwin.count >= glimit.requests:
                # As Discord's example: a global 429 carries no route headers.
                retry = gwin.resets_at - now
                return self._refuse(method, path, "global_requests", None, "global", retry, now, {})
            self._count(key, glimit, now)
        if route is not None:
            bucket, major, limit = route
            win = self._count((bucket, major), limit, now)
            headers = self._headers(bucket, limit, limit.requests - win.count, win.resets_at - now)
        return Verdict(headers)

    @staticmethod
    def _headers(bucket: str, limit: Limit, remaining: int, reset_after: float) -> dict[str, str]:
        reset_after = _up(reset_after)
        return {
            "X-RateLimit-Limit": str(limit.requests),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{math.ceil((time.time() + reset_after) * 1000) / 1000:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket_hash(bucket),
        }
