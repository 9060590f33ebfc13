"""The palette a picture is drawn in: ``standard`` or ``contrast`` (high contrast, issue 45).

Passed to the renderers as the language is (:mod:`render.i18n`): a context variable the bot
sets with :func:`using` around what it draws for one reader (their own choice, else their
server's) or for one channel (the server's), copied into the thread ``asyncio.to_thread``
starts, and given explicitly to a worker process with :func:`call_in`. Nothing is set per
process: two pictures drawn at once in two threads may use two palettes.

How a game draws in high contrast (``docs/render.md``):

- its colours: each game's PNG palette (:class:`render.png.Palette`) carries a table
  ``contrast`` from its own colours to their high-contrast ones (darker surrounds, white text,
  stronger lines and edges); :func:`remap` turns the whole 256-colour table with it (the
  anti-aliased shades between two colours follow them), so a picture is drawn once and
  written with the other colour table: the same pixels, other colours;
- its seat marks: pieces and workers get thicker edges, in the order that sets each seat's
  colour off (a dark ring round a light colour, a light ring round a dark one:
  :func:`rings`), drawn into sprites cached per palette.
"""

from __future__ import annotations

import contextvars
import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from render.colours import RGB, contrast_ratio

T = TypeVar("T")

STANDARD = "standard"
CONTRAST = "contrast"
PALETTES: tuple[str, ...] = (STANDARD, CONTRAST)
"""The palettes, the default first."""

_current: contextvars.ContextVar[str] = contextvars.ContextVar("vesuvius_palette", default=STANDARD)


def negotiate(name: object) -> str:
    """A stored or given palette name as one of :data:`PALETTES` (the standard one for
    anything else)."""
    return name if isinstance(name, str) and name in PALETTES else STANDARD


def current() -> str:
    """The palette of the moment (``standard`` unless :func:`using` chose one)."""
    return _current.get()


def is_contrast() -> bool:
    return _current.get() == CONTRAST


@contextmanager
def using(name: str | None) -> Iterator[str]:
    """Draw in palette ``name`` inside the ``with`` block."""
    chosen = negotiate(name)
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)


def call_in(name: str, function: Callable[..., T], /, *args: Any) -> T:
    """``function(*args)`` drawn in palette ``name``: what a thread or a worker process runs
    (a context variable does not cross into another process)."""
    with using(name):
        return function(*args)


# ------------------------------------------------------------------ the games' shared colours

SURROUND: RGB = (8, 6, 5)
"""The dark surround of every game's pictures, in high contrast (near black, still warm)."""
PANEL: RGB = (20, 16, 13)
"""A panel or card on it."""
PANEL_HI: RGB = (38, 31, 25)
"""A highlighted panel (a player's row, the one on turn)."""
LIGHT_TEXT: RGB = (234, 224, 206)
"""The grey text of the standard colours, in high contrast: lighter (12:1 on a panel)."""


def shared(surround: RGB, panel: RGB, panel_hi: RGB, text: RGB, grey: RGB) -> dict[RGB, RGB]:
    """A game's surround, panels, text and grey text (its own shades of them) as every game
    draws them in high contrast."""
    return {surround: SURROUND, panel: PANEL, panel_hi: PANEL_HI, text: WHITE, grey: LIGHT_TEXT}


# ------------------------------------------------------------------ seat marks

BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)


def rings(fill: RGB, dark: RGB, light: RGB) -> tuple[RGB, RGB]:
    """The two rings round a seat's mark, ``(outer, inner)``: the inner one is whichever of
    ``dark`` and ``light`` stands out more against ``fill``, the outer one the other, so the
    colour is set off by its ring and the mark by one of its rings on any ground."""
    if contrast_ratio(fill, dark) >= contrast_ratio(fill, light):
        return light, dark
    return dark, light


# ------------------------------------------------------------------ colour tables

Table = Mapping[RGB, RGB]
"""A game's high-contrast colours: its own colour -> the one drawn in high contrast."""


def table(own: Table, keep: Iterable[RGB] = (), ink: RGB = (0, 0, 0), rim: RGB = WHITE) -> Table:
    """A game's high-contrast table: its ``own`` colours, the colours in ``keep`` as they
    are (the seats': their colour-blind-safe choice holds in high contrast too), its dark
    ``ink`` drawn black and its light ``rim`` white, and the halos' black and white
    (:mod:`render.legible`) as they are."""
    out: dict[RGB, RGB] = {c: c for c in keep}
    out.update({ink: BLACK, rim: WHITE, BLACK: BLACK, WHITE: WHITE})
    out.update(own)
    return out


_NEAR = 6  # named colours considered for one entry
_ON_LINE = 12.0  # RGB distance within which a colour is a shade between two named ones
_NEARBY = 20.0  # RGB distance beyond which a colour does not follow a named one


def _dist2(a: Sequence[float], b: Sequence[float]) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True))


def _clamp(v: float) -> int:
    return max(0, min(255, round(v)))


def remap(colours: Sequence[RGB], table: Table) -> list[RGB]:
    """Every colour of ``colours`` as drawn in high contrast: a colour of ``table`` as it
    says; a shade between two of its colours (an anti-aliased edge: within a few steps of the
    line between them) the same shade between their high-contrast colours; a colour near some
    of its colours (a shade of one) moved as they are, weighted by nearness; any other colour
    (art of its own) as it is."""
    named = list(table)
    out: list[RGB] = []
    for c in colours:
        if c in table:
            out.append(table[c])
            continue
        if not named:
            out.append(c)
            continue
        near = sorted(named, key=lambda n: _dist2(c, n))[:_NEAR]
        best: tuple[float, RGB, RGB, float] | None = None
        for a, b in itertools.combinations(near, 2):
            ab = [y - x for x, y in zip(a, b, strict=True)]
            length = sum(v * v for v in ab)
            if not length:
                continue
            t = max(
                0.0,
                min(1.0, sum((ci - ai) * v for ci, ai, v in zip(c, a, ab, strict=True)) / length),
            )
            d = _dist2(c, [ai + t * v for ai, v in zip(a, ab, strict=True)])
            if best is None or d < best[0]:
                best = (d, a, b, t)
        if best is not None and best[0] <= _ON_LINE**2 and 0.0 < best[3] < 1.0:
            _d, a, b, t = best
            ta, tb = table[a], table[b]
            on = [ai + t * (bi - ai) for ai, bi in zip(a, b, strict=True)]
            r, g, bl = (
                _clamp(x + t * (y - x) + ci - oi)
                for x, y, ci, oi in zip(ta, tb, c, on, strict=True)
            )
            out.append((r, g, bl))
            continue
        close = [n for n in near[:4] if _dist2(c, n) <= _NEARBY**2]
        if not close:  # nothing of the table near it: art of its own, kept
            out.append(c)
            continue
        weights = [1.0 / max(1.0, _dist2(c, n)) ** 2 for n in close]
        total = sum(weights)
        shift = [
            sum(w * (table[n][i] - n[i]) for w, n in zip(weights, close, strict=True)) / total
            for i in range(3)
        ]
        r, g, bl = (_clamp(ci + s) for ci, s in zip(c, shift, strict=True))
        out.append((r, g, bl))
    return out
