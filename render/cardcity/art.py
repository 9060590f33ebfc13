"""Vector art for Pompeji, the card game: building symbols, the statue, volcano and permit icons.

All drawn in code (no copied artwork) in a unit box: ``(cx, cy)`` is the centre and ``r`` the
half-size. Sprites are painted supersampled through :func:`render.shapes.cached_sprite`, so each
is drawn once per process and never modified afterwards.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render import shapes

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Paint = RGB | RGBA


def draw_building(
    d: ImageDraw.ImageDraw, code: str, cx: float, cy: float, r: float, fg: Paint, bg: Paint
) -> None:
    """The symbol of building ``code`` (T F A B V W G); ``bg`` is used for cut-outs."""

    def p(x: float, y: float) -> tuple[float, float]:
        return (cx + x * r, cy + y * r)

    def box(x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        return (cx + x0 * r, cy + y0 * r, cx + x1 * r, cy + y1 * r)

    w = max(1, round(r * 0.14))
    if code == "T":  # Temple: pediment, four columns, steps
        d.polygon([p(-0.95, -0.38), p(0.0, -0.92), p(0.95, -0.38)], fill=fg)
        d.rectangle(box(-0.88, -0.38, 0.88, -0.22), fill=fg)
        for x in (-0.68, -0.23, 0.23, 0.68):
            d.rectangle(box(x - 0.1, -0.22, x + 0.1, 0.58), fill=fg)
        d.rectangle(box(-0.9, 0.6, 0.9, 0.74), fill=fg)
        d.rectangle(box(-1.0, 0.78, 1.0, 0.94), fill=fg)
    elif code == "F":  # Forum: an arcade of three arches under a cornice
        d.rectangle(box(-1.0, -0.8, 1.0, -0.6), fill=fg)
        d.rectangle(box(-0.9, -0.58, 0.9, 0.9), fill=fg)
        for x in (-0.56, 0.0, 0.56):
            d.rectangle(box(x - 0.18, -0.05, x + 0.18, 0.9), fill=bg)
            d.ellipse(box(x - 0.18, -0.25, x + 0.18, 0.11), fill=bg)
        d.rectangle(box(-0.9, -0.5, 0.9, -0.4), fill=bg)
    elif code == "A":  # Amphitheatre: an oval ring of arches around the arena
        d.ellipse(box(-1.0, -0.72, 1.0, 0.72), fill=fg)
        d.ellipse(box(-0.56, -0.34, 0.56, 0.34), fill=bg)
        for i in range(12):
            a = 2 * math.pi * i / 12
            x, y = 0.79 * math.cos(a), 0.54 * math.sin(a)
            d.ellipse(box(x - 0.07, y - 0.07, x + 0.07, y + 0.07), fill=bg)
    elif code == "B":  # Baths: a dome over three waves of water
        d.chord(box(-0.62, -0.95, 0.62, 0.1), 180, 360, fill=fg)
        d.rectangle(box(-0.08, -1.0, 0.08, -0.86), fill=fg)
        for y in (0.0, 0.34, 0.68):
            pts = [p(-1.0 + i * 0.1, y + 0.1 * math.sin(i * math.pi / 5)) for i in range(21)]
            d.line(pts, fill=fg, width=w, joint="curve")
    elif code == "V":  # Villa: a house with a pitched roof, door and windows
        d.polygon([p(-1.0, -0.12), p(0.0, -0.9), p(1.0, -0.12)], fill=fg)
        d.rectangle(box(-0.76, -0.14, 0.76, 0.9), fill=fg)
        d.rectangle(box(-0.17, 0.3, 0.17, 0.9), fill=bg)
        d.rectangle(box(-0.6, 0.08, -0.32, 0.36), fill=bg)
        d.rectangle(box(0.32, 0.08, 0.6, 0.36), fill=bg)
    elif code == "W":  # Well: a round shaft with two posts, a roof bar and a bucket
        d.rectangle(box(-0.78, -0.98, 0.78, -0.82), fill=fg)
        d.rectangle(box(-0.66, -0.84, -0.52, 0.2), fill=fg)
        d.rectangle(box(0.52, -0.84, 0.66, 0.2), fill=fg)
        d.line([p(0.0, -0.82), p(0.0, -0.3)], fill=fg, width=max(1, w // 2))
        d.rectangle(box(-0.16, -0.36, 0.16, -0.08), fill=fg)
        d.rectangle(box(-0.78, 0.2, 0.78, 0.9), fill=fg)
        d.ellipse(box(-0.78, 0.04, 0.78, 0.36), fill=fg)
        d.ellipse(box(-0.6, 0.1, 0.6, 0.3), fill=bg)
        d.line([p(-0.78, 0.56), p(0.78, 0.56)], fill=bg, width=max(1, w // 2))
    elif code == "G":  # Granary: a sheaf of wheat tied in the middle
        for x_top in (-0.62, 0.0, 0.62):
            d.line([p(x_top * 0.25, 0.95), p(x_top, -0.3)], fill=fg, width=w)
            d.ellipse(box(x_top - 0.2, -0.98, x_top + 0.2, -0.18), fill=fg)
            d.line([p(x_top, -0.92), p(x_top, -0.24)], fill=bg, width=max(1, w // 3))
        d.rectangle(box(-0.34, 0.3, 0.34, 0.46), fill=fg)
    else:  # an unknown building still gets a visible mark
        d.regular_polygon((cx, cy, r * 0.8), 6, fill=fg)


def draw_statue(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fg: Paint) -> None:
    """A standing figure on a pedestal."""

    def box(x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        return (cx + x0 * r, cy + y0 * r, cx + x1 * r, cy + y1 * r)

    d.ellipse(box(-0.2, -0.98, 0.2, -0.58), fill=fg)
    d.polygon(
        [
            (cx - 0.34 * r, cy - 0.52 * r),
            (cx + 0.34 * r, cy - 0.52 * r),
            (cx + 0.26 * r, cy + 0.42 * r),
            (cx - 0.26 * r, cy + 0.42 * r),
        ],
        fill=fg,
    )
    d.line(
        [(cx + 0.3 * r, cy - 0.46 * r), (cx + 0.62 * r, cy - 0.95 * r)],
        fill=fg,
        width=max(1, round(r * 0.14)),
    )
    d.rectangle(box(-0.5, 0.46, 0.5, 0.62), fill=fg)
    d.rectangle(box(-0.66, 0.66, 0.66, 0.98), fill=fg)


def building_sprite(code: str, size: int, fg: Paint) -> Image.Image:
    """A building symbol on a transparent square of ``size`` px."""

    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        n = size * s
        draw_building(d, code, n / 2, n / 2, n * 0.46, fg, (0, 0, 0, 0))

    return shapes.cached_sprite(("cc-building", code, size, fg), (size, size), paint)


def statue_sprite(size: int, fg: Paint) -> Image.Image:
    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        n = size * s
        draw_statue(d, n / 2, n / 2, n * 0.46, fg)

    return shapes.cached_sprite(("cc-statue", size, fg), (size, size), paint)


VOLCANO_ROCK = (132, 104, 86)
VOLCANO_CALM = (118, 132, 92)
LAVA = (236, 84, 24)
LAVA_HOT = (255, 190, 60)
ASH = (150, 150, 150)


def volcano_sprite(size: int, erupted: bool) -> Image.Image:
    """A volcano card symbol: calm (still in the deck) or erupting (drawn)."""

    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        n = size * s
        base = n * 0.95
        d.polygon(
            [(n * 0.04, base), (n * 0.38, n * 0.38), (n * 0.62, n * 0.38), (n * 0.96, base)],
            fill=VOLCANO_ROCK if erupted else VOLCANO_CALM,
            outline=(20, 16, 14),
            width=max(1, round(s)),
        )
        if erupted:
            d.polygon(
                [(n * 0.4, n * 0.4), (n * 0.6, n * 0.4), (n * 0.56, n * 0.7), (n * 0.46, n * 0.8)],
                fill=LAVA,
            )
            for x, y, rr, col in (
                (0.5, 0.22, 0.16, LAVA),
                (0.34, 0.14, 0.09, LAVA_HOT),
                (0.66, 0.12, 0.1, LAVA_HOT),
                (0.5, 0.06, 0.07, LAVA),
            ):
                d.ellipse((n * (x - rr), n * (y - rr), n * (x + rr), n * (y + rr)), fill=col)
        else:
            d.ellipse((n * 0.44, n * 0.18, n * 0.58, n * 0.3), fill=ASH)
            d.ellipse((n * 0.52, n * 0.06, n * 0.7, n * 0.2), fill=ASH)

    return shapes.cached_sprite(("cc-volcano", size, erupted), (size, size), paint)
