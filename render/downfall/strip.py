"""The strip under the board: lava tiles left in the bag and, in phase 1, the stock and the
discard pile, each with its count under it. A discard pile the last turn added to (the card
played, an Omen drawn, the hands discarded at the eruption) is outlined in magenta, for that
turn only. In phase 2, when no card is played any more, the stock and the discard pile make way
for the key to the squares' move-point tags."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.downfall import board as B
from render import fonts, shapes
from render.downfall.lang import N_, _, ngettext
from render.downfall.last_turn import LastTurn
from render.downfall.layout import (
    BUILDING_FILL,
    CANVAS,
    GX,
    HIGHLIGHT,
    MUTED,
    NUMBER_HALO,
    NUMBER_INK,
    SMALLEST,
    STRIP_Y,
    TEXT,
    mix,
)

TILE, TILE_STEP = 56, 64  # a lava tile in the bag, and the distance between two
BAG_X = GX - 34
STOCK_X = BAG_X + 5 * TILE_STEP + TILE + 24
DISCARD_X = STOCK_X + 110  # room for the stock label ("Stapel" in German and Dutch)
CARD_W, CARD_H, CARD_STEP = 46, 60, 54  # a discard pile's card
DISCARD_KEYS = (*(str(n) for n in range(1, 12)), "omen")
LABEL_Y = STRIP_Y + 28  # baselines of the labels
CARD_Y = STRIP_Y + 40  # top of the tiles and cards
COUNT_Y = STRIP_Y + 134  # baselines of the counts
LABEL_ROLE = "cond_bold"


def draw_static_strip(img: Image.Image, faded: bool) -> None:
    """The parts of the strip that never change (drawn into the background, without text)."""
    d = ImageDraw.Draw(img)
    for i, symbol in enumerate(B.SYMBOLS):
        tile = shapes.lava_tile(symbol, TILE)
        img.paste(tile, (BAG_X + i * TILE_STEP, CARD_Y), tile)
    if faded:
        return
    d.rounded_rectangle(
        (STOCK_X, CARD_Y, STOCK_X + TILE, CARD_Y + CARD_H),
        radius=6,
        fill=(80, 66, 54),
        outline=MUTED,
        width=2,
    )
    for i, key in enumerate(DISCARD_KEYS):
        _card_face(img, DISCARD_X + i * CARD_STEP, CARD_Y, key, bright=False)


def _card_face(img: Image.Image, x: int, y: int, key: str, *, bright: bool) -> None:
    """A card of the discard pile without its number (dim: no card of that number there)."""
    colour = BUILDING_FILL[B.CARD_COLOURS[int(key)]] if key.isdigit() else (92, 52, 52)
    if not bright:
        colour = mix(colour, CANVAS, 0.65)
    ImageDraw.Draw(img).rounded_rectangle(
        (x, y, x + CARD_W, y + CARD_H), radius=6, fill=colour, outline=(20, 16, 14)
    )


def _bright_card(key: str) -> Image.Image:
    """A discard-pile card face (with the canvas around its corners), cached."""

    def make() -> Image.Image:
        im = Image.new("RGB", (CARD_W + 1, CARD_H + 1), CANVAS)
        _card_face(im, 0, 0, key, bright=True)
        return im

    return shapes.cached(("discard card", key), make)


def _count(img: Image.Image, cx: float, n: int) -> None:
    fonts.role_label(img, (cx, COUNT_Y), str(n), "bold", SMALLEST, TEXT if n else MUTED, "ms")


def tag_width(n: int) -> int:
    """The width of the move-point tag showing ``n``."""
    return max(SMALLEST + 4, round(fonts.width(str(n), "bold", SMALLEST)) + 14)


def move_point_tag(img: Image.Image, x: float, y: float, n: int) -> None:
    """The dark tag of a phase-2 square (``n`` pieces there: each has ``n`` move points), its
    top-left corner at ``x``, ``y``; ``tag_width(n)`` wide, ``SMALLEST + 4`` tall."""
    w, h = tag_width(n), SMALLEST + 4
    ImageDraw.Draw(img).rounded_rectangle((x, y, x + w - 1, y + h - 1), radius=7, fill=NUMBER_INK)
    fonts.role_label(img, (x + w / 2, y + h / 2), str(n), "bold", SMALLEST, NUMBER_HALO, "mm")


def _label(img: Image.Image, x: int, text: str, room: float) -> None:
    """A label over the strip's tiles or cards, cut to the room it has (never the next
    label's)."""
    said = fonts.fit(text, fonts.font(LABEL_ROLE, SMALLEST), SMALLEST, room)
    fonts.role_label(img, (x, LABEL_Y), said, LABEL_ROLE, SMALLEST, MUTED)


def draw_strip(img: Image.Image, view: Mapping[str, Any], last: LastTurn, faded: bool) -> None:
    """Tiles left per symbol; in phase 1 the stock and the discard pile per house number (Ω:
    omens); in phase 2 the key to the move-point tags."""
    bag = view.get("bag") or {}
    duals = sum(int(v) for k, v in bag.items() if "/" in k)
    label = (
        ngettext("Lava in the bag · {n} dual", "Lava in the bag · {n} dual", duals).format(n=duals)
        if duals
        else _("Lava tiles in the bag")
    )
    _label(img, BAG_X, label, STOCK_X - BAG_X - 12)
    for i, symbol in enumerate(B.SYMBOLS):
        _count(img, BAG_X + i * TILE_STEP + TILE / 2, int(bag.get(symbol, 0)))
    if faded:
        if view.get("phase") == "escape":  # at the end no piece is left to move
            _draw_key(img)
        return
    _label(img, STOCK_X, _("Stock"), DISCARD_X - STOCK_X - 12)
    _label(img, DISCARD_X, _("Discard pile"), len(DISCARD_KEYS) * CARD_STEP)
    _count(img, STOCK_X + TILE / 2, int(view.get("stock_size", 0)))
    discard = view.get("discard") or {}
    d = ImageDraw.Draw(img)
    for i, key in enumerate(DISCARD_KEYS):
        x = DISCARD_X + i * CARD_STEP
        n = int(discard.get(key, 0))
        if n:
            img.paste(_bright_card(key), (x, CARD_Y))
        if n and key in last.discarded:
            d.rounded_rectangle(
                (x - 4, CARD_Y - 4, x + CARD_W + 4, CARD_Y + CARD_H + 4),
                radius=8,
                outline=HIGHLIGHT,
                width=4,
            )
        ink = NUMBER_INK if key.isdigit() else TEXT
        if not n:
            ink = mix(ink, CANVAS, 0.5)
        face = key if key.isdigit() else "Ω"
        cx, cy = x + CARD_W / 2, CARD_Y + CARD_H / 2
        fonts.role_label(img, (cx, cy), face, "bold", SMALLEST, ink, "mm")
        _count(img, cx, n)


KEY_TEXT = (N_("pieces on the square"), N_("= move points of each"))


def _draw_key(img: Image.Image) -> None:
    """What the dark tag in a square's corner means (phase 2)."""
    move_point_tag(img, STOCK_X, CARD_Y + 6, 5)
    tx = STOCK_X + tag_width(5) + 16
    fonts.role_label(img, (tx, CARD_Y + 26), _(KEY_TEXT[0]), "cond", SMALLEST, TEXT)
    fonts.role_label(img, (tx, CARD_Y + 26 + 42), _(KEY_TEXT[1]), "cond", SMALLEST, TEXT)
