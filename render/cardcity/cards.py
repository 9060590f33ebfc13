"""Card faces drawn without relying on colour: building letter and symbol, colour letter and
fill, the value in a disc; statues, player badges and permit icons."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.cardcity import data as D
from render import fonts, shapes
from render.cardcity import art
from render.cardcity.layout import CARD_FILL, INK, LIGHT_CARDS, MUTED, PANEL, PAPER, STONE
from render.cardcity.view import BUILDING_INDEX, COLOUR_INDEX
from render.fonts import RGB

# ------------------------------------------------------------------ cards


def card_ink(colour: str) -> RGB:
    return INK if colour in LIGHT_CARDS else PAPER


def _card_blank(size: int, under: RGB, fill: RGB) -> Image.Image:
    """A card's rounded outline filled with ``fill``, on ``under`` around the corners."""
    tile = Image.new("RGB", (size, size), under)
    ImageDraw.Draw(tile).rounded_rectangle(
        (0, 0, size - 1, size - 1), radius=round(10 * (size / 92)), fill=fill, outline=INK, width=2
    )
    return tile


def card_tile(code: str, size: int, under: RGB) -> Image.Image:
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
        tile = _card_blank(size, under, fill)
        d = ImageDraw.Draw(tile)
        if colour == "w":  # white on white: an inner rule so the card edge shows on paper too
            d.rounded_rectangle(
                (4, 4, size - 5, size - 5), radius=round(7 * k), outline=(170, 166, 150), width=1
            )
        sprite = art.building_sprite(code[0], round(43 * k), ink)
        tile.paste(sprite, (round(6 * k), round(size - sprite.height - 6 * k)), sprite)
        fonts.role_label(tile, (7 * k, 34 * k), code, "bold", round(33 * k), ink)
        r = 19 * k
        cx, cy = size - 5 * k - r, size - 5 * k - r
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PAPER, outline=INK, width=2)
        value = D.VALUES[BUILDING_INDEX[code[0]]][COLOUR_INDEX[colour]]
        fonts.role_label(tile, (cx, cy + 1), str(value), "bold", round(31 * k), INK, "mm")
        return tile

    return shapes.cached(("card", code, size, under), make)


def statue_tile(seat: int | None, size: int, under: RGB) -> Image.Image:
    """A placed statue: stone grey, neutral, with the number of the player who played it."""

    def make() -> Image.Image:
        k = size / 92
        tile = _card_blank(size, under, STONE)
        sprite = art.statue_sprite(round(50 * k), INK)
        tile.paste(
            sprite, (round((size - sprite.width) / 2), round(size - sprite.height - 4 * k)), sprite
        )
        fonts.role_label(tile, (7 * k, 34 * k), "S", "bold", round(33 * k), INK)
        if seat is not None:  # top right: the value disc's corner stays empty (worth nothing now)
            seat_badge(tile, (size - 24 * k, 24 * k), seat, round(16 * k))
        return tile

    return shapes.cached(("statue", seat, size, under), make)


def seat_badge(img: Image.Image, centre: tuple[float, float], seat: int, r: int) -> None:
    """The player's number (seat + 1) in a dark disc: how seats are told apart here."""
    d = ImageDraw.Draw(img)
    cx, cy = centre
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK, outline=PAPER, width=2)
    fonts.role_label(img, (cx, cy + 1), str(seat + 1), "bold", round(r * 1.3), PAPER, "mm")


def permit_icon(
    img: Image.Image, x: float, y: float, live: bool, scale: float = 1.0, text: int = 15
) -> None:
    """A building permit card (28 × 36 px × ``scale``, "2×" ``text`` px): bright while it
    has a use left."""
    d = ImageDraw.Draw(img)
    fill, ink = ((236, 214, 160), INK) if live else (PANEL, MUTED)
    w, h = 28 * scale, 36 * scale
    d.rounded_rectangle((x, y, x + w, y + h), radius=4, fill=fill, outline=MUTED, width=2)
    fonts.role_label(img, (x + w / 2, y + h / 2 + 1), "2×", "cond_bold", text, ink, "mm")
