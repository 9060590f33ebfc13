"""Card faces drawn without relying on colour: building letter and symbol, colour letter and
fill, the value in a disc; statues, player badges, permit and hand icons."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.cardcity import data as D
from render import fonts
from render.cardcity import art
from render.cardcity.layout import CARD_FILL, INK, LIGHT_CARDS, MUTED, PANEL, PAPER, STONE
from render.cardcity.tiles import Tile, tile
from render.cardcity.view import BUILDING_INDEX, COLOUR_INDEX
from render.fonts import RGB

# ------------------------------------------------------------------ cards

LETTERS = 36  # the card's code (building + colour letter) on a 92 px card: 10 px capitals at 400
VALUE = 31  # the value in its disc, on a 92 px card


def card_ink(colour: str) -> RGB:
    return INK if colour in LIGHT_CARDS else PAPER


def _card_blank(size: int, under: RGB, fill: RGB) -> Image.Image:
    """A card's rounded outline filled with ``fill``, on ``under`` around the corners."""
    img = Image.new("RGB", (size, size), under)
    ImageDraw.Draw(img).rounded_rectangle(
        (0, 0, size - 1, size - 1), radius=round(10 * (size / 92)), fill=fill, outline=INK, width=2
    )
    return img


def card_tile(code: str, size: int, under: RGB) -> Tile:
    """A building card face of ``size`` px on ``under`` (the colour around its corners).

    Building letter + colour letter (the notation) top left, the building's symbol bottom left,
    the value in a disc bottom right; the fill is the card's colour. The middle band stays
    clear, so the card reads at a glance.
    """

    def make() -> Image.Image:
        colour = code[1]
        fill = CARD_FILL.get(colour, STONE)
        ink = card_ink(colour)
        k = size / 92
        img = _card_blank(size, under, fill)
        d = ImageDraw.Draw(img)
        if colour == "w":  # white on white: an inner rule so the card edge shows on paper too
            d.rounded_rectangle(
                (4, 4, size - 5, size - 5), radius=round(7 * k), outline=(170, 166, 150), width=1
            )
        sprite = art.building_sprite(code[0], round(42 * k), ink)
        img.paste(sprite, (round(6 * k), round(size - sprite.height - 6 * k)), sprite)
        fonts.role_label(img, (6 * k, 36 * k), code, "bold", round(LETTERS * k), ink)
        r = 19 * k
        cx, cy = size - 5 * k - r, size - 5 * k - r
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PAPER, outline=INK, width=2)
        value = D.VALUES[BUILDING_INDEX[code[0]]][COLOUR_INDEX[colour]]
        fonts.role_label(img, (cx, cy + 1), str(value), "bold", round(VALUE * k), INK, "mm")
        return img

    return tile(("card", code, size, under), make)


def statue_tile(seat: int | None, size: int, under: RGB) -> Tile:
    """A placed statue: stone grey, neutral, with the number of the player who played it."""

    def make() -> Image.Image:
        k = size / 92
        img = _card_blank(size, under, STONE)
        sprite = art.statue_sprite(round(50 * k), INK)
        img.paste(
            sprite, (round((size - sprite.width) / 2), round(size - sprite.height - 4 * k)), sprite
        )
        fonts.role_label(img, (6 * k, 36 * k), "S", "bold", round(LETTERS * k), INK)
        if seat is not None:  # top right: the value disc's corner stays empty (worth nothing now)
            seat_badge(img, (size - 25 * k, 25 * k), seat, max(19, round(20 * k)))
        return img

    return tile(("statue", seat, size, under), make)


def seat_badge(img: Image.Image, centre: tuple[float, float], seat: int, r: int) -> None:
    """The player's number (seat + 1) in a dark disc: how seats are told apart here."""
    d = ImageDraw.Draw(img)
    cx, cy = centre
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK, outline=PAPER, width=2)
    fonts.role_label(img, (cx, cy + 1), str(seat + 1), "bold", round(r * 1.3), PAPER, "mm")


def permit_icon(img: Image.Image, x: float, y: float, live: bool, scale: float = 1.3) -> None:
    """A building permit card (28 × 36 px × ``scale``, "2×" on it): bright while it has a use
    left."""
    d = ImageDraw.Draw(img)
    fill, ink = ((236, 214, 160), INK) if live else (PANEL, MUTED)
    w, h = 28 * scale, 36 * scale
    d.rounded_rectangle((x, y, x + w, y + h), radius=4, fill=fill, outline=MUTED, width=2)
    text = max(24, round(19 * scale))
    fonts.role_label(img, (x + w / 2, y + h / 2 + 1), "2×", "cond_bold", text, ink, "mm")


def hand_icon(img: Image.Image, x: float, y: float, count: int, h: int = 46) -> float:
    """Cards in hand: a fan of card backs with the count on the front one; returns its width."""
    d = ImageDraw.Draw(img)
    w = round(h * 0.74)
    for i, dx in enumerate((8, 0) if count > 1 else (0,)):
        fill = (120, 100, 80) if i == 0 and count > 1 else (214, 196, 160)
        d.rounded_rectangle(
            (x + dx, y, x + dx + w, y + h), radius=5, fill=fill, outline=INK, width=2
        )
    fonts.role_label(
        img, (x + w / 2, y + h / 2 + 1), str(count), "bold", round(h * 0.62), INK, "mm"
    )
    return w + (8 if count > 1 else 0)
