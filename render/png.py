"""PNG encoding through a fixed, cached palette.

Measured for the 1600×1000 board (see ``bench/render.py``): RGB PNG costs 40–80 ms and
260–290 KB; mapping to a fixed 256-colour palette (≈3 ms) and writing a palette PNG at
compression level 1 (≈7 ms) gives ≈100 KB. The palette is computed once from sample images
(the static art plus every dynamic colour), so every render maps to the same colours and the
output is deterministic.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Sequence

from PIL import Image

COMPRESS_LEVEL = 1


class Palette:
    """A 256-colour palette built lazily (once, thread-safely) from sample images."""

    def __init__(
        self,
        samples: Callable[[], Sequence[Image.Image]],
        keep: Sequence[tuple[int, int, int]] = (),
    ) -> None:
        self._samples = samples
        self._keep = tuple(keep)
        self._lock = threading.Lock()
        self._image: Image.Image | None = None

    def image(self) -> Image.Image:
        """A "P" image holding the palette (for ``Image.quantize(palette=...)``)."""
        if self._image is None:
            with self._lock:
                if self._image is None:
                    self._image = _build(self._samples(), self._keep)
        return self._image

    def reset(self) -> None:
        with self._lock:
            self._image = None


def _build(samples: Sequence[Image.Image], keep: Sequence[tuple[int, int, int]]) -> Image.Image:
    width = max(s.width for s in samples)
    height = sum(s.height for s in samples)
    sheet = Image.new("RGB", (width, height))
    y = 0
    for s in samples:
        sheet.paste(s.convert("RGB"), (0, y))
        y += s.height
    q = sheet.quantize(256 - len(keep), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    colours = q.getpalette() or []
    colours = colours[: 3 * (256 - len(keep))]
    for c in keep:  # colours that must come out exactly (piece colours, the highlight)
        colours.extend(c)
    colours.extend([0] * (768 - len(colours)))
    pal = Image.new("P", (1, 1))
    pal.putpalette(colours)
    return pal


def encode(img: Image.Image, palette: Palette | None = None) -> bytes:
    """Encode ``img`` as PNG bytes: through ``palette`` when given, else as RGB."""
    buf = io.BytesIO()
    if palette is not None:
        img = img.quantize(palette=palette.image(), dither=Image.Dither.NONE)
    img.save(buf, format="PNG", compress_level=COMPRESS_LEVEL)
    return buf.getvalue()
