"""Our own pictograms for Pompeii, drawn with Pillow: the 27 goods, the workers of each seat,
Vesuvius, the army and the small markers.

Every good has its own silhouette as well as its own colour (a test checks that all 27 still
differ in greyscale at preview size), so colour-blind players and small phone previews can
tell them apart. Each icon sits on a light tile with a dark outline, so it reads the same on
any background. Sprites are cached for the process and never modified (threads may paste them).
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from render import palette, shapes
from render.fonts import RGB

Pt = tuple[float, float]
INK = (34, 26, 20)
TILE = (240, 228, 200)
TILE_EDGE = (120, 100, 74)


class Pen:
    """Draws in a square of half-size ``r`` round (cx, cy): coordinates run from -1 to 1."""

    def __init__(self, d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
        self.d, self.cx, self.cy, self.r = d, cx, cy, r
        self.w = max(1, round(r * 0.09))  # the outline

    def p(self, x: float, y: float) -> Pt:
        return (self.cx + x * self.r, self.cy + y * self.r)

    def box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        return (
            self.cx + x0 * self.r,
            self.cy + y0 * self.r,
            self.cx + x1 * self.r,
            self.cy + y1 * self.r,
        )

    def ellipse(self, x0: float, y0: float, x1: float, y1: float, fill: RGB) -> None:
        self.d.ellipse(self.box(x0, y0, x1, y1), fill=fill, outline=INK, width=self.w)

    def circle(self, x: float, y: float, rr: float, fill: RGB) -> None:
        self.ellipse(x - rr, y - rr, x + rr, y + rr, fill)

    def rect(
        self, x0: float, y0: float, x1: float, y1: float, fill: RGB, radius: float = 0
    ) -> None:
        self.d.rounded_rectangle(
            self.box(x0, y0, x1, y1), radius=radius * self.r, fill=fill, outline=INK, width=self.w
        )

    def poly(self, pts: list[Pt], fill: RGB) -> None:
        self.d.polygon([self.p(x, y) for x, y in pts], fill=fill, outline=INK, width=self.w)

    def line(self, pts: list[Pt], fill: RGB = INK, width: float = 0.09) -> None:
        self.d.line([self.p(x, y) for x, y in pts], fill=fill, width=max(1, round(self.r * width)))


# ------------------------------------------------------------------ the goods


def _grain(q: Pen) -> None:
    q.line([(0.1, 0.9), (0.0, -0.2)], (150, 110, 30), 0.1)
    for i, y in enumerate((-0.75, -0.45, -0.15, 0.15)):
        side = -1 if i % 2 else 1
        q.ellipse(
            -0.05 + side * 0.05 - 0.2, y - 0.17, -0.05 + side * 0.05 + 0.2, y + 0.17, (236, 190, 60)
        )
        q.ellipse(side * 0.3 - 0.15, y - 0.1, side * 0.3 + 0.15, y + 0.2, (236, 190, 60))


def _deer(q: Pen) -> None:
    brown = (150, 96, 52)
    q.line([(-0.25, -0.25), (-0.55, -0.85), (-0.8, -0.65)], INK, 0.1)
    q.line([(-0.45, -0.6), (-0.2, -0.85)], INK, 0.1)
    q.line([(0.25, -0.25), (0.55, -0.85), (0.8, -0.65)], INK, 0.1)
    q.line([(0.45, -0.6), (0.2, -0.85)], INK, 0.1)
    q.poly([(-0.4, -0.3), (0.4, -0.3), (0.22, 0.6), (0.0, 0.85), (-0.22, 0.6)], brown)
    q.circle(0.0, 0.65, 0.12, INK)


def _wood(q: Pen) -> None:
    q.rect(-0.85, -0.35, 0.55, 0.35, (150, 98, 50), 0.1)
    q.ellipse(0.35, -0.38, 0.9, 0.38, (214, 170, 110))
    q.ellipse(0.52, -0.16, 0.72, 0.16, (150, 98, 50))


def _grass(q: Pen) -> None:
    green = (92, 170, 60)
    for pts in (
        [(-0.6, 0.85), (-0.75, -0.4), (-0.35, 0.85)],
        [(-0.25, 0.85), (0.0, -0.9), (0.25, 0.85)],
        [(0.35, 0.85), (0.75, -0.4), (0.6, 0.85)],
    ):
        q.poly(pts, green)


def _fish(q: Pen) -> None:
    q.poly([(0.45, 0.0), (0.95, -0.45), (0.95, 0.45)], (70, 130, 190))
    q.ellipse(-0.9, -0.42, 0.6, 0.42, (90, 160, 220))
    q.circle(-0.52, -0.08, 0.09, INK)


def _reed(q: Pen) -> None:
    for x in (-0.45, 0.0, 0.45):
        q.line([(x, 0.9), (x, -0.3)], (110, 130, 50), 0.1)
        q.rect(x - 0.14, -0.85, x + 0.14, -0.15, (126, 80, 40), 0.14)


def _clay(q: Pen) -> None:
    q.rect(-0.85, -0.05, 0.05, 0.55, (196, 96, 62), 0.06)
    q.rect(0.1, -0.05, 0.9, 0.55, (196, 96, 62), 0.06)
    q.rect(-0.45, -0.65, 0.45, -0.05, (214, 116, 80), 0.06)


def _stone(q: Pen) -> None:
    q.poly(
        [
            (-0.8, 0.55),
            (-0.65, -0.3),
            (-0.1, -0.75),
            (0.55, -0.5),
            (0.85, 0.2),
            (0.45, 0.7),
            (-0.3, 0.75),
        ],
        (150, 150, 150),
    )
    q.line([(-0.2, -0.3), (0.2, 0.1), (0.05, 0.5)], (90, 90, 90), 0.07)


def _olives(q: Pen) -> None:
    q.poly([(-0.1, -0.9), (0.75, -0.75), (0.1, -0.45)], (80, 130, 60))
    q.ellipse(-0.8, -0.35, -0.05, 0.7, (80, 110, 40))
    q.ellipse(0.0, -0.2, 0.75, 0.85, (70, 60, 80))


def _grapes(q: Pen) -> None:
    purple = (120, 60, 150)
    q.poly([(0.0, -0.95), (0.5, -0.75), (0.05, -0.55)], (80, 130, 60))
    for x, y in ((-0.4, -0.4), (0.0, -0.4), (0.4, -0.4), (-0.2, 0.0), (0.2, 0.0), (0.0, 0.4)):
        q.circle(x, y, 0.24, purple)


def _flour(q: Pen) -> None:  # a sack
    q.poly([(-0.55, -0.45), (0.55, -0.45), (0.8, 0.85), (-0.8, 0.85)], (246, 244, 236))
    q.poly([(-0.3, -0.85), (0.3, -0.85), (0.15, -0.45), (-0.15, -0.45)], (246, 244, 236))
    q.line([(-0.35, -0.5), (0.35, -0.5)], INK, 0.1)


def _sheep(q: Pen) -> None:
    wool = (250, 250, 246)
    for x, y in ((-0.45, -0.1), (0.0, -0.3), (0.4, -0.1), (-0.2, 0.25), (0.25, 0.25)):
        q.circle(x, y, 0.35, wool)
    q.ellipse(-0.98, -0.35, -0.55, 0.15, (60, 56, 52))
    q.line([(-0.3, 0.5), (-0.3, 0.9)], INK, 0.12)
    q.line([(0.3, 0.5), (0.3, 0.9)], INK, 0.12)


def _planks(q: Pen) -> None:
    tan = (214, 170, 104)
    for y in (-0.7, -0.2, 0.3):
        q.rect(-0.85, y, 0.85, y + 0.4, tan, 0.04)


def _coal(q: Pen) -> None:
    black = (40, 40, 44)
    q.poly([(-0.85, 0.7), (-0.6, 0.0), (-0.1, -0.1), (0.1, 0.7)], black)
    q.poly([(-0.1, 0.7), (0.2, -0.2), (0.7, -0.1), (0.9, 0.7)], black)
    q.poly([(-0.45, 0.0), (-0.15, -0.75), (0.35, -0.6), (0.3, 0.0)], (70, 70, 76))


def _pillars(q: Pen) -> None:
    marble = (226, 226, 232)
    q.rect(-0.7, -0.9, 0.7, -0.65, marble)
    q.rect(-0.42, -0.65, 0.42, 0.62, marble)
    q.line([(-0.14, -0.55), (-0.14, 0.52)], (150, 150, 160), 0.07)
    q.line([(0.14, -0.55), (0.14, 0.52)], (150, 150, 160), 0.07)
    q.rect(-0.7, 0.62, 0.7, 0.9, marble)


def _olive_oil(q: Pen) -> None:  # a flask
    q.poly([(-0.18, -0.85), (0.18, -0.85), (0.18, -0.35), (-0.18, -0.35)], (200, 190, 80))
    q.ellipse(-0.65, -0.45, 0.65, 0.9, (214, 200, 60))
    q.line([(-0.4, 0.3), (0.4, 0.3)], (150, 130, 30), 0.08)


def _wine(q: Pen) -> None:  # an amphora
    red = (140, 30, 50)
    q.ellipse(-0.5, -0.5, 0.5, 0.6, red)
    q.rect(-0.16, -0.9, 0.16, -0.42, red)
    q.poly([(-0.22, 0.45), (0.22, 0.45), (0.0, 0.95)], red)
    q.line([(-0.16, -0.75), (-0.55, -0.6), (-0.42, -0.25)], INK, 0.08)
    q.line([(0.16, -0.75), (0.55, -0.6), (0.42, -0.25)], INK, 0.08)


def _bread(q: Pen) -> None:
    q.d.chord(q.box(-0.9, -0.7, 0.9, 1.1), 180, 360, fill=(196, 134, 60), outline=INK, width=q.w)
    q.line([(-0.9, 0.2), (0.9, 0.2)], INK, 0.09)
    for x in (-0.4, 0.0, 0.4):
        q.line([(x - 0.12, -0.15), (x + 0.12, -0.45)], (120, 70, 20), 0.09)


def _meat(q: Pen) -> None:  # a leg
    bone = (250, 246, 232)
    q.poly([(0.1, 0.3), (0.3, 0.1), (0.85, 0.65), (0.65, 0.85)], bone)
    q.circle(0.88, 0.6, 0.13, bone)
    q.circle(0.6, 0.88, 0.13, bone)
    q.ellipse(-0.85, -0.85, 0.45, 0.45, (200, 60, 60))
    q.ellipse(-0.5, -0.5, -0.1, -0.1, (236, 140, 130))


def _pearls(q: Pen) -> None:
    white = (244, 240, 250)
    for x, y in ((-0.5, 0.35), (0.0, 0.5), (0.5, 0.35), (-0.25, -0.2), (0.25, -0.2), (0.0, -0.65)):
        q.circle(x, y, 0.24, white)
    q.circle(0.0, 0.5, 0.08, (190, 180, 220))


def _wool(q: Pen) -> None:  # a ball of yarn
    q.circle(0.0, 0.0, 0.8, (236, 214, 168))
    for box in ((-0.55, -0.8, 0.95, 0.7), (-0.9, -0.3, 0.5, 0.9), (-0.8, -0.75, 0.3, 0.3)):
        q.d.arc(q.box(*box), 200, 330, fill=INK, width=q.w)
    q.line([(0.55, 0.55), (0.95, 0.9)], INK, 0.09)


def _gold(q: Pen) -> None:  # an ingot
    q.poly([(-0.9, 0.55), (-0.55, -0.35), (0.55, -0.35), (0.9, 0.55)], (240, 196, 40))
    q.line([(-0.3, -0.1), (0.3, -0.1)], (255, 240, 160), 0.09)


def _iron(q: Pen) -> None:  # an anvil
    grey = (110, 116, 126)
    q.poly(
        [
            (-0.95, -0.55),
            (0.75, -0.55),
            (0.75, -0.15),
            (0.35, 0.05),
            (-0.45, 0.05),
            (-0.6, -0.25),
            (-0.95, -0.35),
        ],
        grey,
    )
    q.rect(-0.28, 0.05, 0.28, 0.5, grey)
    q.rect(-0.65, 0.5, 0.65, 0.82, grey)


def _fabric(q: Pen) -> None:  # a bolt of cloth
    blue = (60, 110, 200)
    q.poly([(-0.9, 0.35), (-0.3, -0.45), (0.9, -0.45), (0.3, 0.35)], blue)
    q.poly([(-0.9, 0.35), (0.3, 0.35), (0.3, 0.7), (-0.9, 0.7)], (40, 80, 160))
    q.line([(-0.5, 0.1), (0.5, -0.25)], (200, 220, 255), 0.07)


def _swords(q: Pen) -> None:
    steel = (200, 206, 214)
    q.poly([(-0.12, 0.35), (-0.12, -0.7), (0.0, -0.95), (0.12, -0.7), (0.12, 0.35)], steel)
    q.rect(-0.5, 0.3, 0.5, 0.48, (150, 100, 50))
    q.rect(-0.1, 0.48, 0.1, 0.82, (110, 70, 40))
    q.circle(0.0, 0.88, 0.1, (150, 100, 50))


def _gold_coin(q: Pen) -> None:
    q.circle(0.0, 0.0, 0.85, (246, 200, 50))
    q.d.ellipse(q.box(-0.58, -0.58, 0.58, 0.58), outline=(170, 120, 20), width=q.w)
    q.line([(0.0, -0.35), (0.0, 0.35)], (170, 120, 20), 0.12)


def _tunics(q: Pen) -> None:
    q.poly(
        [
            (-0.35, -0.8),
            (-0.9, -0.45),
            (-0.7, -0.05),
            (-0.45, -0.2),
            (-0.45, 0.85),
            (0.45, 0.85),
            (0.45, -0.2),
            (0.7, -0.05),
            (0.9, -0.45),
            (0.35, -0.8),
            (0.0, -0.55),
        ],
        (200, 64, 110),
    )
    q.line([(-0.45, 0.45), (0.45, 0.45)], (250, 210, 80), 0.1)


PAINTERS: dict[str, Callable[[Pen], None]] = {
    "grain": _grain,
    "deer": _deer,
    "wood": _wood,
    "grass": _grass,
    "fish": _fish,
    "reed": _reed,
    "clay": _clay,
    "stone": _stone,
    "olives": _olives,
    "grapes": _grapes,
    "flour": _flour,
    "sheep": _sheep,
    "planks": _planks,
    "coal": _coal,
    "pillars": _pillars,
    "olive_oil": _olive_oil,
    "wine": _wine,
    "bread": _bread,
    "meat": _meat,
    "pearls": _pearls,
    "wool": _wool,
    "gold": _gold,
    "iron": _iron,
    "fabric": _fabric,
    "swords": _swords,
    "gold_coin": _gold_coin,
    "tunics": _tunics,
}


def good_icon(good: str, size: int, *, faded: bool = False) -> Image.Image:
    """The icon of ``good`` on its light tile, ``size`` px square (``faded``: none held)."""

    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        n = size * s
        d.rounded_rectangle(
            (0, 0, n - 1, n - 1),
            radius=n * 0.18,
            fill=TILE,
            outline=TILE_EDGE,
            width=max(1, round(n * 0.03)),
        )
        painter = PAINTERS.get(good)
        if painter is None:
            d.regular_polygon((n / 2, n / 2, n * 0.3), 5, fill=INK)
        else:
            painter(Pen(d, n / 2, n / 2, n * 0.4))
        if faded:  # none held: washed out, the shape still visible
            veil = Image.new("RGBA", im.size, (*TILE, 150))
            im.alpha_composite(veil)

    return shapes.cached_sprite(("workers-good", good, size, faded), (size, size), paint)


# ------------------------------------------------------------------ the seats

SEAT_COLOURS = ("yellow", "white", "black", "orange")
SEAT_FILL: dict[str, RGB] = {
    "yellow": (250, 204, 21),
    "white": (246, 246, 240),
    "black": (30, 30, 34),
    "orange": (213, 94, 0),
}
"""Every pair at least 20 apart (CIEDE2000) in normal vision and as protanopes, deuteranopes and
tritanopes see them (``tests/render/test_seat_colours.py``). The orange is Okabe & Ito's
"vermillion" (#D55E00, Color Universal Design, 2008): the hue of the earlier (234, 110, 20),
6 L* darker, so a deuteranope no longer sees it as a second yellow (ΔE00 15.6 → 21.1)."""
SEAT_SHAPE = {"yellow": "triangle", "white": "circle", "black": "square", "orange": "diamond"}
RIM = (255, 248, 230)
EDGE = (20, 16, 14)
COIN = (240, 196, 40)


def _shape(d: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, fill: RGB) -> None:
    if shape == "circle":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    elif shape == "square":
        d.rounded_rectangle(
            (cx - r * 0.88, cy - r * 0.88, cx + r * 0.88, cy + r * 0.88), radius=r * 0.2, fill=fill
        )
    elif shape == "triangle":
        d.polygon(
            [(cx, cy - r * 1.1), (cx + r * 1.05, cy + r * 0.8), (cx - r * 1.05, cy + r * 0.8)],
            fill=fill,
        )
    else:
        d.polygon([(cx, cy - r * 1.12), (cx + r, cy), (cx, cy + r * 1.12), (cx - r, cy)], fill=fill)


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def worker(seat: int, size: int, *, coin: bool = False) -> Image.Image:
    """A seat's worker: its colour's shape with a dark edge and a light rim (``coin``: placed by
    an extra action, the same worker a little smaller with a gold coin on its shoulder, so the
    shape still says whose it is on a phone)."""
    colour = seat_colour(seat)

    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        n = size * s
        shape = SEAT_SHAPE[colour]
        c, cy, r = n / 2, n / 2 + (n * 0.03 if shape == "triangle" else 0), n * 0.33
        if coin:
            c, cy, r = n * 0.44, cy + n * 0.08, n * 0.29
        outer, inner, edge = EDGE, RIM, n * 0.05
        if palette.is_contrast():  # bolder, and the ring next to the colour sets it off
            outer, inner = palette.rings(SEAT_FILL[colour], EDGE, RIM)
            r, edge = r - n * 0.03, n * 0.065  # in the same room
        _shape(d, shape, c, cy, r + 2 * edge, outer)
        _shape(d, shape, c, cy, r + edge, inner)
        _shape(d, shape, c, cy, r, SEAT_FILL[colour])
        if coin:
            bx, by, br = n * 0.77, n * 0.23, n * 0.2
            d.ellipse((bx - br, by - br, bx + br, by + br), fill=EDGE)
            br -= n * 0.05
            d.ellipse((bx - br, by - br, bx + br, by + br), fill=COIN)

    return shapes.cached_sprite(("workers-seat", colour, size, coin), (size, size), paint)


def empty_place(size: int) -> Image.Image:
    """A free worker place: a dashed ring."""

    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        n = size * s
        c, r = n / 2, n * 0.36
        d.ellipse((c - r, c - r, c + r, c + r), outline=(150, 134, 110), width=round(n * 0.07))

    return shapes.cached_sprite(("workers-free", size), (size, size), paint)


def token(size: int) -> Image.Image:
    """A C14 token covering a worker place: a dark disc with a white cross."""

    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        n = size * s
        c, r = n / 2, n * 0.42
        d.ellipse(
            (c - r, c - r, c + r, c + r), fill=(60, 50, 70), outline=RIM, width=round(n * 0.06)
        )
        k, w = r * 0.5, round(n * 0.1)
        d.line([(c - k, c - k), (c + k, c + k)], fill=RIM, width=w)
        d.line([(c - k, c + k), (c + k, c - k)], fill=RIM, width=w)

    return shapes.cached_sprite(("workers-token", size), (size, size), paint)


def army(seat: int, size: int, *, injured: bool = False) -> Image.Image:
    """A seat's army: a shield in its colour with the seat's shape on it (a red slash when
    injured)."""
    colour = seat_colour(seat)

    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        n = size * s
        pts = [(0.15, 0.1), (0.85, 0.1), (0.85, 0.5), (0.5, 0.95), (0.15, 0.5)]
        d.polygon(
            [(x * n, y * n) for x, y in pts],
            fill=SEAT_FILL[colour],
            outline=EDGE,
            width=round(n * 0.07),
        )
        # the seat's shape, large and in the ink that stands out on its fill (light on black)
        ink = RIM if sum(SEAT_FILL[colour]) < 3 * 96 else EDGE
        _shape(d, SEAT_SHAPE[colour], n / 2, n * 0.44, n * 0.2, ink)
        if injured:
            d.line(
                [(n * 0.1, n * 0.9), (n * 0.9, n * 0.1)], fill=(220, 30, 30), width=round(n * 0.1)
            )

    return shapes.cached_sprite(("workers-army", colour, size, injured), (size, size), paint)


LAVA = (214, 68, 26)
ASH = (88, 80, 76)


def vesuvius(size: int, awake: bool) -> Image.Image:
    """Vesuvius: a grey cone asleep (side A), smoking and glowing awake (side B)."""

    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        w, h = size * 1.4 * s, size * s
        d.polygon(
            [(0, h), (w * 0.38, h * 0.38), (w * 0.62, h * 0.38), (w, h)],
            fill=(122, 104, 90),
            outline=EDGE,
            width=round(s * 2),
        )
        if awake:
            d.polygon(
                [
                    (w * 0.4, h * 0.4),
                    (w * 0.6, h * 0.4),
                    (w * 0.55, h * 0.75),
                    (w * 0.47, h * 0.62),
                ],
                fill=LAVA,
            )
            for x, y, r in ((0.5, 0.22, 0.12), (0.6, 0.1, 0.1), (0.38, 0.12, 0.08)):
                d.ellipse(
                    ((x - r) * w, (y - r) * h * 1.4, (x + r) * w, (y + r) * h * 1.4 - h * 0.1),
                    fill=ASH,
                )
        else:
            d.line(
                [(w * 0.38, h * 0.38), (w * 0.62, h * 0.38)],
                fill=(200, 196, 190),
                width=round(s * 4),
            )

    return shapes.cached_sprite(("workers-vesuvius", size, awake), (round(size * 1.4), size), paint)
