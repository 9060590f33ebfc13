"""Pompeii's images: sizes, colours and the small helpers every part shares (reading the view's
seats, goods and buildings; names; pasting sprites).

Every image is ``W`` px wide, shown about 400 px wide on a phone: half size. No text on it is
smaller than ``SMALLEST`` px (DejaVu: capitals 15 px, 7.5 px in the preview); what a player
reads every turn is larger (``BODY``, ``TITLE``, the news in ``BIG``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render import fonts, palette, shapes
from render.fonts import RGB
from render.workers import icons, terms
from render.workers.lang import _

W = 800
M = 6  # outer margin
SMALLEST = 20  # px: a capital 7.5 px tall in a 400 px wide preview
BODY = 22  # sentences and figures: capitals 8-8.5 px in the preview
LINE_H = 27  # between wrapped lines of SMALLEST / BODY text
TITLE = 26  # names and headings (bold: capitals 9.5 px in the preview)
BIG = 30  # the news (bold: capitals 11 px in the preview)

CANVAS = (36, 29, 24)  # dark warm surround: the same on Discord's dark and light themes
CARD = (54, 44, 36)
CARD_HI = (72, 58, 46)
TEXT = (246, 236, 214)
MUTED = (190, 174, 148)
DIM = (120, 108, 92)
HIGHLIGHT = (255, 43, 214)  # the last placement: a colour used nowhere else
NEWS = (112, 44, 26)  # the news band: lava red-brown
NEWS_TEXT = (255, 236, 214)
GOOD = (96, 200, 110)  # "usable now"
GOLD = (250, 200, 70)
DANGER = (232, 70, 30)
FACE_DOWN = (88, 76, 64)

TIER_FILL: dict[str, RGB] = {
    "red": (170, 44, 36),
    "blue": (36, 82, 170),
    "green": (40, 128, 72),
    "purple": (112, 56, 150),
}


def face_down(fill: RGB) -> RGB:
    """A building's band while it is face down: its tier's colour, greyed."""
    r, g, b = ((c + 2 * f) // 3 for c, f in zip(fill, FACE_DOWN, strict=True))
    return r, g, b


def _darker(c: RGB) -> RGB:
    return c[0] * 3 // 4, c[1] * 3 // 4, c[2] * 3 // 4


CONTRAST: dict[RGB, RGB] = {
    **palette.shared(CANVAS, CARD, CARD_HI, TEXT, MUTED),
    DIM: (196, 184, 164),
    NEWS: (84, 26, 10),
    NEWS_TEXT: (255, 255, 255),
    (226, 196, 170): (255, 236, 222),  # the news band's second line
    GOOD: (132, 232, 142),
    GOLD: (255, 216, 100),
    DANGER: (255, 122, 82),
    **{face_down(f): _darker(face_down(f)) for f in TIER_FILL.values()},  # under white numbers
}
"""The same colours in high contrast (render.palette; docs/render.md): darker surrounds, cards,
news band and face-down buildings' bands, white text, lighter grey, green, gold and red text.
The seats', the buildings' and the goods' colours stay as they are."""


View = Mapping[str, Any]


def seats(view: View) -> list[Mapping[str, Any]]:
    out = view.get("seats")
    return [s for s in out if isinstance(s, Mapping)] if isinstance(out, list) else []


def seat_name(view: View, names: Sequence[str], seat: Any) -> str:
    """The seat's display name; its colour when the name is missing or blank."""
    if not isinstance(seat, int) or seat < 0:
        return _("Vesuvius") if seat == -1 else _("Someone")
    raw = names[seat] if seat < len(names) else None
    name = fonts.clean(raw) if isinstance(raw, str) else ""
    colour = terms.colour(icons.seat_colour(seat))
    return name or colour[:1].upper() + colour[1:]


def goods_legend(view: View) -> list[Mapping[str, Any]]:
    legend = view.get("legend") or {}
    goods = legend.get("goods") if isinstance(legend, Mapping) else None
    return [g for g in goods if isinstance(g, Mapping)] if isinstance(goods, list) else []


def good_names(view: View) -> dict[str, str]:
    return {str(g["id"]): terms.good(g["id"]) for g in goods_legend(view)}


def buildings(view: View) -> dict[int, Mapping[str, Any]]:
    out = view.get("buildings")
    if not isinstance(out, list):
        return {}
    return {int(b["number"]): b for b in out if isinstance(b, Mapping) and "number" in b}


def paste_centered(img: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    img.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)


def box(
    img: Image.Image,
    xy: tuple[int, int],
    size: tuple[int, int],
    fill: RGB = CARD,
    *,
    outline: RGB | None = None,
    width: int = 0,
    radius: int = 10,
) -> None:
    """A rounded box pasted from the shared cache."""
    img.paste(shapes.box(size, fill, CANVAS, radius=radius, outline=outline, width=width), xy)


def goods_row(
    img: Image.Image,
    x: float,
    base: float,
    bundle: Mapping[str, int],
    icon: int,
    fill: RGB = TEXT,
    *,
    tight: bool = False,
) -> float:
    """Icons with their counts (``2`` after the icon, none for 1) from ``x`` with the text's
    baseline at ``base``; returns the x after the last."""
    gap = 5 if tight else 11
    for good, n in bundle.items():
        top = round(base - icon + 6)
        sprite = icons.good_icon(good, icon)
        img.paste(sprite, (round(x), top), sprite)
        x += icon + 2
        if n != 1:
            text = str(n)
            fonts.role_label(img, (x, base), text, "bold", SMALLEST, fill)
            x += fonts.width(text, "bold", SMALLEST) + 1
        x += gap
    return x


def goods_width(bundle: Mapping[str, int], icon: int, *, tight: bool = False) -> float:
    gap = 5 if tight else 11
    return sum(
        icon + 2 + gap + (fonts.width(str(n), "bold", SMALLEST) + 1 if n != 1 else 0)
        for n in bundle.values()
    )


def mark(item: Mapping[str, Any]) -> str:
    """``"†"`` for an adapted item."""
    return "†" if item.get("adapted") or item.get("mark") == "†" else ""
