"""What the Pompeji render tests share: drawing both pictures as players get them, counting
pixels, and the texts an image shows (every text goes through ``fonts.label``; cached tiles
log theirs again where they are pasted)."""

from __future__ import annotations

import io
from typing import Any, cast

from PIL import Image

import render.cardcity
from render import fonts
from render.cardcity import board as CB
from render.cardcity import hand as CH
from render.fonts import Drawn
from tests.render.cardcity import positions

GAME = positions.GAME
Box = tuple[int, int, int, int]

LONG = "Maximilianus Augustus Germanicus the Magnificent of Herculaneum"
WIDE_NAMES = [LONG, "王小明の冒険者🌋", "Żółć Décimus", "Ἀθηνᾶ"]


def board(view: dict[str, Any], names: list[str] | None = None) -> Image.Image:
    data = render.cardcity.render_board(view, names or positions.names(view))
    return Image.open(io.BytesIO(data)).convert("RGB")


def hand(view: dict[str, Any], name: str = "Brutus") -> Image.Image:
    data = render.cardcity.render_hand(view, name)
    return Image.open(io.BytesIO(data)).convert("RGB")


def count_near(img: Image.Image, box: Box, colour: tuple[int, int, int], tol: int = 20) -> int:
    """Pixels in ``box`` within ``tol`` (per channel) of ``colour``."""
    colours = cast(list[tuple[int, tuple[int, int, int]]], img.crop(box).getcolors(1 << 20) or [])
    return sum(
        n for n, c in colours if all(abs(a - b) <= tol for a, b in zip(c, colour, strict=True))
    )


def board_texts(view: dict[str, Any], names: list[str]) -> tuple[Image.Image, list[Drawn]]:
    """The board and every text on it, where it is drawn."""
    with fonts.recording() as drawn:
        img = CB.draw_board(view, names)
    return img, drawn


def hand_texts(view: dict[str, Any], name: str) -> tuple[Image.Image, list[Drawn]]:
    """The private image and every text on it, where it is drawn."""
    with fonts.recording() as drawn:
        img = CH.draw_hand(view, name)
    return img, drawn


def said(drawn: list[Drawn], top: int = 0, bottom: int = 1 << 30) -> str:
    """The texts drawn between ``top`` and ``bottom``, in the order drawn, as one string."""
    return " ".join(d.text for d in drawn if top <= d.box[1] and d.box[3] <= bottom)


def inside(box: Box, outer: Box) -> bool:
    return outer[0] <= box[0] and outer[1] <= box[1] and box[2] <= outer[2] and box[3] <= outer[3]


def meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
