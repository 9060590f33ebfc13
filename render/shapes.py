"""Vector art drawn by the renderer: lava symbols and player pieces (no copied artwork).

Everything here is drawn supersampled into small RGBA sprites that are cached for the process
(sprites are never modified after creation, so threads may paste them concurrently).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PIL import Image, ImageDraw

from render import fonts, palette

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Box = tuple[float, float, float, float]
SS = 4  # supersampling factor for sprites

_lock = threading.Lock()
_sprites: dict[tuple[object, ...], Image.Image] = {}
_drawn: dict[tuple[object, ...], Image.Image] = {}


Painter = Callable[[Image.Image, ImageDraw.ImageDraw, float], None]


def cached_sprite(key: tuple[object, ...], size: tuple[int, int], paint: Painter) -> Image.Image:
    """A cached RGBA sprite of ``size`` px painted by ``paint(image, draw, scale)`` at SS×,
    per palette (:mod:`render.palette`: a seat's mark is drawn bolder in high contrast)."""
    key = (*key, palette.current())
    hit = _sprites.get(key)
    if hit is not None:
        return hit
    big = Image.new("RGBA", (size[0] * SS, size[1] * SS), (0, 0, 0, 0))
    paint(big, ImageDraw.Draw(big), SS)
    small = big.resize(size, Image.Resampling.LANCZOS)
    with _lock:
        return _sprites.setdefault(key, small)


def cached(key: tuple[object, ...], make: Callable[[], Image.Image]) -> Image.Image:
    """An image drawn by ``make()`` (with text, so per font set) once and kept; ``key`` is
    shared by every renderer, so each starts its keys with a name of its own. Entries are never
    modified after they are stored, so threads may paste them concurrently. Kept per palette
    too: a text drawn in high contrast may get a halo (:mod:`render.legible`)."""
    full = (*key, fonts.generation(), palette.current())
    hit = _drawn.get(full)
    if hit is None:
        hit = make()
        with _lock:
            hit = _drawn.setdefault(full, hit)
    return hit


def box(
    size: tuple[int, int],
    fill: RGB,
    under: RGB,
    *,
    radius: int = 10,
    outline: RGB | None = None,
    width: int = 0,
    bar: RGB | None = None,
) -> Image.Image:
    """A rounded box as an RGB tile (``under`` round its corners; ``bar``: a coloured bar down
    its left edge), drawn once and cached: pasting it costs far less than drawing it."""

    def make() -> Image.Image:
        w, h = size
        tile = Image.new("RGB", size, under)
        d = ImageDraw.Draw(tile)
        d.rounded_rectangle(
            (0, 0, w - 1, h - 1), radius=radius, fill=fill, outline=outline, width=width
        )
        if bar is not None:
            d.rounded_rectangle((0, 0, 7, h - 1), radius=3, fill=bar)
        return tile

    return cached(("box", size, fill, under, radius, outline, width, bar), make)


# ---------------------------------------------------------------- lava symbols


def draw_symbol(
    d: ImageDraw.ImageDraw,
    symbol: str,
    cx: float,
    cy: float,
    r: float,
    fg: RGB | RGBA,
    bg: RGB | RGBA,
) -> None:
    """Draw a lava symbol centred on (cx, cy) within a square of half-size ``r``.

    ``fg`` is the symbol, ``bg`` the colour of the tile under it (used for cut-outs).
    """

    def p(x: float, y: float) -> tuple[float, float]:
        return (cx + x * r, cy + y * r)

    def box(x0: float, y0: float, x1: float, y1: float) -> Box:
        return (cx + x0 * r, cy + y0 * r, cx + x1 * r, cy + y1 * r)

    w = max(1, round(r * 0.09))
    if symbol == "scroll":
        d.rectangle(box(-0.55, -0.42, 0.55, 0.42), fill=fg)
        d.rounded_rectangle(box(-0.82, -0.62, -0.5, 0.62), radius=r * 0.16, fill=fg)
        d.rounded_rectangle(box(0.5, -0.62, 0.82, 0.62), radius=r * 0.16, fill=fg)
        d.line([p(-0.66, -0.5), p(-0.66, 0.5)], fill=bg, width=w)
        d.line([p(0.66, -0.5), p(0.66, 0.5)], fill=bg, width=w)
        for y in (-0.2, 0.0, 0.2):
            d.line([p(-0.36, y), p(0.36, y)], fill=bg, width=w)
    elif symbol == "coin":
        d.ellipse(box(-0.78, -0.78, 0.78, 0.78), fill=fg)
        d.ellipse(box(-0.58, -0.58, 0.58, 0.58), outline=bg, width=w)
        d.ellipse(box(-0.2, -0.2, 0.2, 0.2), fill=bg)
    elif symbol == "column":
        d.rectangle(box(-0.68, -0.84, 0.68, -0.66), fill=fg)
        d.polygon([p(-0.5, -0.66), p(0.5, -0.66), p(0.38, -0.52), p(-0.38, -0.52)], fill=fg)
        d.rectangle(box(-0.34, -0.52, 0.34, 0.6), fill=fg)
        for x in (-0.12, 0.12):
            d.line([p(x, -0.44), p(x, 0.52)], fill=bg, width=w)
        d.rectangle(box(-0.5, 0.6, 0.5, 0.7), fill=fg)
        d.rectangle(box(-0.68, 0.7, 0.68, 0.84), fill=fg)
    elif symbol == "vase":
        d.ellipse(box(-0.52, -0.5, 0.52, 0.6), fill=fg)
        d.rectangle(box(-0.16, -0.78, 0.16, -0.4), fill=fg)
        d.rectangle(box(-0.28, -0.88, 0.28, -0.76), fill=fg)
        d.polygon([p(-0.26, 0.5), p(0.26, 0.5), p(0.0, 0.92)], fill=fg)
        d.arc(box(-0.52, -0.78, -0.06, -0.2), 90, 270, fill=fg, width=max(1, round(r * 0.11)))
        d.arc(box(0.06, -0.78, 0.52, -0.2), 270, 90, fill=fg, width=max(1, round(r * 0.11)))
        d.line([p(-0.36, 0.02), p(0.36, 0.02)], fill=bg, width=w)
    elif symbol == "helmet":
        d.polygon(
            [p(-0.5, -0.78), p(0.5, -0.78), p(0.3, -0.5), p(-0.3, -0.5)], fill=fg
        )  # the crest
        d.chord(box(-0.66, -0.62, 0.66, 0.5), 180, 360, fill=fg)
        d.rectangle(box(-0.66, -0.08, -0.22, 0.62), fill=fg)
        d.rectangle(box(0.22, -0.08, 0.66, 0.62), fill=fg)
        d.rectangle(box(-0.06, -0.08, 0.06, 0.32), fill=fg)  # nose guard
        d.line([p(-0.66, -0.08), p(0.66, -0.08)], fill=bg, width=w)
    elif symbol == "mask":
        d.ellipse(box(-0.62, -0.84, 0.62, 0.84), fill=fg)
        d.ellipse(box(-0.4, -0.36, -0.1, -0.1), fill=bg)
        d.ellipse(box(0.1, -0.36, 0.4, -0.1), fill=bg)
        d.chord(box(-0.32, 0.08, 0.32, 0.58), 0, 180, fill=bg)
        d.arc(box(-0.44, -0.58, -0.06, -0.3), 200, 340, fill=bg, width=w)
        d.arc(box(0.06, -0.58, 0.44, -0.3), 200, 340, fill=bg, width=w)
    else:  # an unknown symbol still gets a visible mark
        d.regular_polygon((cx, cy, r * 0.7), 5, fill=fg)


LAVA = (196, 58, 22)
LAVA_DARK = (112, 24, 10)
LAVA_GLOW = (240, 120, 40)
LAVA_INK = (255, 226, 170)


def lava_tile(symbol: str, size: int) -> Image.Image:
    """A lava tile sprite (``size`` × ``size``) with its symbol."""

    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        n = size * s
        d.rounded_rectangle((0, 0, n - 1, n - 1), radius=n * 0.1, fill=LAVA_DARK)
        d.rounded_rectangle((n * 0.05, n * 0.05, n * 0.95, n * 0.95), radius=n * 0.08, fill=LAVA)
        for x, y, rr in ((0.22, 0.2, 0.1), (0.8, 0.78, 0.08), (0.78, 0.22, 0.06)):
            d.ellipse((n * (x - rr), n * (y - rr), n * (x + rr), n * (y + rr)), fill=LAVA_GLOW)
        draw_symbol(d, symbol, n / 2, n / 2, n * 0.36, LAVA_INK, LAVA)

    return cached_sprite(("lava", symbol, size), (size, size), paint)


def symbol_sprite(symbol: str, size: int, fg: RGB | RGBA, bg: RGB | RGBA) -> Image.Image:
    """Just the symbol (transparent around it), e.g. for the first-lava squares and the bag."""

    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        n = size * s
        draw_symbol(d, symbol, n / 2, n / 2, n * 0.48, fg, bg)

    return cached_sprite(("symbol", symbol, size, fg, bg), (size, size), paint)


# ---------------------------------------------------------------- pieces

PIECE_FILL: dict[str, RGB] = {
    "red": (214, 40, 40),
    "black": (28, 28, 30),
    "yellow": (250, 204, 21),
    "blue": (37, 99, 235),
}
PIECE_SHAPE: dict[str, str] = {
    "red": "circle",
    "black": "square",
    "yellow": "triangle",
    "blue": "diamond",
}
INK = (20, 16, 14)
RIM = (255, 248, 230)


def _shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if shape == "triangle":
        return [(cx, cy - r * 1.05), (cx + r * 1.0, cy + r * 0.78), (cx - r * 1.0, cy + r * 0.78)]
    if shape == "diamond":
        return [(cx, cy - r * 1.1), (cx + r * 1.0, cy), (cx, cy + r * 1.1), (cx - r * 1.0, cy)]
    return []


def draw_piece(d: ImageDraw.ImageDraw, colour: str, cx: float, cy: float, r: float) -> None:
    """A piece: its colour's shape, filled, with a light rim and a dark edge (any background;
    in high contrast both thicker, the one that sets the colour off next to it)."""
    fill = PIECE_FILL.get(colour, (128, 128, 128))
    shape = PIECE_SHAPE.get(colour, "circle")
    edge = max(1.0, r * 0.16)
    outer, inner = INK, RIM
    if palette.is_contrast():  # bolder rings in the same room, the one next to the colour
        r, edge = r * 0.89, max(1.0, r * 0.215)  # setting it off
        outer, inner = palette.rings(fill, INK, RIM)
    for grow, col in ((edge * 2, outer), (edge, inner), (0.0, fill)):
        rr = r + grow
        if shape == "circle":
            d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=col)
        elif shape == "square":
            d.rounded_rectangle(
                (cx - rr * 0.9, cy - rr * 0.9, cx + rr * 0.9, cy + rr * 0.9),
                radius=rr * 0.2,
                fill=col,
            )
        else:
            pts = _shape_points(shape, cx, cy, r)
            # grow a polygon about its centroid
            mx = sum(x for x, _ in pts) / len(pts)
            my = sum(y for _, y in pts) / len(pts)
            k = rr / r
            d.polygon([(mx + (x - mx) * k, my + (y - my) * k) for x, y in pts], fill=col)


def piece_sprite(colour: str, size: int) -> Image.Image:
    """A piece sprite of ``size`` × ``size`` px (the rim included)."""

    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        n = size * s
        draw_piece(
            d,
            colour,
            n / 2,
            n / 2 + (n * 0.03 if PIECE_SHAPE.get(colour) == "triangle" else 0),
            n * 0.34,
        )

    return cached_sprite(("piece", colour, size), (size, size), paint)


def ghost_sprite(colour: str, size: int) -> Image.Image:
    """A piece lost this turn: the piece, with a small dark cross badge on its shoulder."""

    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        n = size * s
        draw_piece(d, colour, n * 0.42, n * 0.56, n * 0.28)
        bx, by, br = n * 0.74, n * 0.26, n * 0.22
        d.ellipse(
            (bx - br, by - br, bx + br, by + br), fill=INK, outline=RIM, width=round(n * 0.05)
        )
        k, w = br * 0.5, max(1, round(n * 0.07))
        d.line([(bx - k, by - k), (bx + k, by + k)], fill=RIM, width=w)
        d.line([(bx - k, by + k), (bx + k, by - k)], fill=RIM, width=w)

    return cached_sprite(("ghost", colour, size), (size, size), paint)
