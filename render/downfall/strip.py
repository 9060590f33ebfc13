"""The strip under the board: lava tiles left in the bag, the stock and the discard pile, each
with its count under it. A discard pile the last turn added to (the card played, an Omen drawn,
the hands discarded at the eruption) is outlined in magenta, for that turn only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.downfall import board as B
from render import fonts, shapes
from render.downfall.last_turn import LastTurn
from render.downfall.layout import (
    BUILDING_FILL,
    CANVAS,
    GX,
    HIGHLIGHT,
    MUTED,
    NUMBER_INK,
    SMALLEST,
    STRIP_Y,
    TEXT,
    mix,
)

BAG_X = GX - 34
STOCK_X = BAG_X + 6 * 66 + 14
DISCARD_X = STOCK_X + 110
DISCARD_KEYS = (*(str(n) for n in range(1, 12)), "omen")
LABEL_Y = STRIP_Y + 28  # baselines of the labels
CARD_Y = STRIP_Y + 38  # top of the tiles and cards
COUNT_Y = STRIP_Y + 128  # baselines of the counts


def draw_static_strip(img: Image.Image) -> None:
    """The parts of the strip that never change (drawn into the background)."""
    d = ImageDraw.Draw(img)
    for i, symbol in enumerate(B.SYMBOLS):
        tile = shapes.lava_tile(symbol, 56)
        img.paste(tile, (BAG_X + i * 66, CARD_Y), tile)
    fonts.role_label(img, (STOCK_X, LABEL_Y), "Stock", "bold", SMALLEST, MUTED)
    d.rounded_rectangle(
        (STOCK_X, CARD_Y, STOCK_X + 56, CARD_Y + 56),
        radius=6,
        fill=(80, 66, 54),
        outline=MUTED,
        width=2,
    )
    fonts.role_label(img, (DISCARD_X, LABEL_Y), "Discard pile", "bold", SMALLEST, MUTED)
    for i, key in enumerate(DISCARD_KEYS):
        _discard_card(img, DISCARD_X + i * 50, CARD_Y, key, bright=False)


def _discard_card(img: Image.Image, x: int, y: int, key: str, *, bright: bool) -> None:
    d = ImageDraw.Draw(img)
    colour = BUILDING_FILL[B.CARD_COLOURS[int(key)]] if key.isdigit() else (92, 52, 52)
    ink = NUMBER_INK if key.isdigit() else TEXT
    if not bright:
        colour, ink = mix(colour, CANVAS, 0.65), mix(ink, CANVAS, 0.5)
    d.rounded_rectangle((x, y, x + 42, y + 56), radius=6, fill=colour, outline=(20, 16, 14))
    fonts.role_label(img, (x + 21, y + 28), key if key.isdigit() else "Ω", "bold", 24, ink, "mm")


def _bright_card(key: str) -> Image.Image:
    """A discard-pile card face (with the canvas around its corners), cached."""

    def make() -> Image.Image:
        im = Image.new("RGB", (43, 57), CANVAS)
        _discard_card(im, 0, 0, key, bright=True)
        return im

    return shapes.cached(("discard card", key), make)


def _count(img: Image.Image, cx: float, n: int) -> None:
    fonts.role_label(img, (cx, COUNT_Y), str(n), "bold", SMALLEST, TEXT if n else MUTED, "ms")


def draw_strip(img: Image.Image, view: Mapping[str, Any], last: LastTurn) -> None:
    """Tiles left per symbol, the stock, and the discard pile per house number (Ω: omens)."""
    bag = view.get("bag") or {}
    duals = sum(int(v) for k, v in bag.items() if "/" in k)
    label = f"Lava in the bag · {duals} dual" if duals else "Lava tiles in the bag"
    fonts.role_label(img, (BAG_X, LABEL_Y), label, "bold", SMALLEST, MUTED)
    for i, symbol in enumerate(B.SYMBOLS):
        _count(img, BAG_X + i * 66 + 28, int(bag.get(symbol, 0)))
    _count(img, STOCK_X + 28, int(view.get("stock_size", 0)))

    discard = view.get("discard") or {}
    d = ImageDraw.Draw(img)
    for i, key in enumerate(DISCARD_KEYS):
        x = DISCARD_X + i * 50
        n = int(discard.get(key, 0))
        if n:
            img.paste(_bright_card(key), (x, CARD_Y))
        if n and key in last.discarded:
            d.rounded_rectangle(
                (x - 3, CARD_Y - 3, x + 45, CARD_Y + 59), radius=8, outline=HIGHLIGHT, width=4
            )
        _count(img, x + 21, n)
