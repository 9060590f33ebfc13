"""Cached tiles that remember their text: a card face, a coordinate strip, a box with a label is
drawn once and pasted many times; the texts drawn into it are kept with it and logged again,
at the place it is pasted, whenever a test records what an image shows (``fonts.recording``).
So the legibility tests measure every text of the whole image where a player sees it, the
cards' letters included, however often a tile was reused."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from render import fonts, palette


@dataclass(frozen=True)
class Tile:
    image: Image.Image
    texts: tuple[fonts.Drawn, ...]  # drawn into it, in its own coordinates


_lock = threading.Lock()
_tiles: dict[tuple[object, ...], Tile] = {}


def tile(key: tuple[object, ...], make: Callable[[], Image.Image]) -> Tile:
    """The image ``make()`` draws (once per font set and palette: a text may get a halo in
    high contrast) with the texts it drew."""
    full = (*key, fonts.generation(), palette.current())
    hit = _tiles.get(full)
    if hit is None:
        with fonts.recording() as texts:
            image = make()
        with _lock:
            hit = _tiles.setdefault(full, Tile(image, tuple(texts)))
    return hit


def paste(img: Image.Image, t: Tile, xy: tuple[int, int], *, masked: bool = False) -> None:
    """Paste ``t`` at ``xy`` (through its own alpha when ``masked``) and log its texts there."""
    x, y = round(xy[0]), round(xy[1])
    if masked:
        img.paste(t.image, (x, y), t.image)
    else:
        img.paste(t.image, (x, y))
    fonts.replay(t.texts, x, y)
