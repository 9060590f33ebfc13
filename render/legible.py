"""Text set off from its ground in high contrast (issue 45; :mod:`render.palette`).

Every text goes through :func:`render.fonts.label`. Drawn in the ``contrast`` palette, a text
whose colour is closer to its ground than the enhanced contrast of WCAG 2.x (7:1, success
criterion 1.4.6) asks, in the game's own colours, gets a halo: a thin outline, black round a
light text, white round a dark one (a white number on a coloured chip, dark letters on a
coloured card). The game's high-contrast colour table lifts the rest (grey text, dark panels).
"""

from __future__ import annotations

from PIL import Image

from render.colours import RGB, contrast_ratio, luminance
from render.palette import BLACK, WHITE

ENHANCED = 7.0
"""WCAG 2.x enhanced contrast for text (1.4.6)."""


def ground(img: Image.Image, at: tuple[int, int], mask: Image.Image) -> RGB | None:
    """The colour a text is drawn on: the most frequent colour of ``img`` where the text's box
    goes (``at``, the size of its ``mask``); ``None`` where that is not opaque (a sprite's clear
    ground: the text's ground is wherever the sprite goes)."""
    x, y = at
    part = img.crop((x, y, x + mask.width, y + mask.height))
    if part.mode == "RGBA":
        low = part.getchannel("A").getextrema()[0]
        if isinstance(low, int | float) and low < 255:
            return None
    found = part.convert("RGB").getcolors(part.width * part.height) or []
    if not found:
        return None
    _n, colour = max(found)
    assert isinstance(colour, tuple)
    r, g, b = colour[:3]
    return int(r), int(g), int(b)


def halo(fill: RGB, under: RGB) -> RGB | None:
    """The outline a text of colour ``fill`` on ``under`` gets in high contrast (``None``:
    none needed): black round a text lighter than its ground, white round a darker one (the
    game's high-contrast colours keep light text light and dark text dark)."""
    fill = (fill[0], fill[1], fill[2])
    if contrast_ratio(fill, under) >= ENHANCED:
        return None
    return BLACK if luminance(fill) >= luminance(under) else WHITE


def halo_width(cap: float) -> int:
    """The halo's width in px for a font whose capitals are ``cap`` px tall."""
    return max(2, round(cap / 9))
