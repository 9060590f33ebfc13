"""PNG encoding through a fixed, cached palette.

Measured for the boards (see ``bench/render.py``): RGB PNG costs 40–80 ms and 260–290 KB;
mapping to a fixed 256-colour palette (≈3 ms) gives a palette PNG of 100–135 KB. The palette is
computed once from sample images (the static art plus every dynamic colour), so every render
maps to the same colours and the output is deterministic.

The PNG is written here, its image data deflated by libdeflate (``deflate``) at level 6
(issue 43: a 3-player worker game's pictures in all were 30 MiB). Measured on the worker
game's 800 px pictures (palette data, CPU ms of the deflate alone): ISA-L (``isal``) level 1,
which wrote them before, 1 ms for 94–106 KB; libdeflate level 6 4–6 ms for 76–88 KB (19 %
smaller); zlib level 6 11–14 ms for the same bytes, level 9 80–135 ms for 6 % less again. The
format is the plain one Pillow writes (8-bit, no interlace, filter 0: the other filters make
palette data larger).
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import cast

import deflate
from PIL import Image

from render import fonts, i18n
from render import palette as palettes

COMPRESS_LEVEL = 6  # libdeflate's (1–12): see the module's docstring
EXACT = 160  # palette entries given to the samples' most frequent colours, unchanged (of 256)


class Palette:
    """A palette of ``colours`` (at most 256) built lazily (once, thread-safely) from sample
    images, with ``keep`` and ``keep_drawn()`` (colours read off drawn sprites, when it is
    built) exactly. Fewer colours make smaller PNGs: anti-aliased edges take fewer shades (the
    worker game's 96 instead of 256: 10 % fewer bytes, the same text). Small areas of their
    own colour (the goods' icons) lose it to a frequent neighbour unless kept: the worker
    game keeps each good's own colour and the face-down bands, and takes 60 colours
    (issue 43, docs/render.md).

    ``contrast``: the game's colours as drawn in high contrast (:mod:`render.palette`): a
    picture drawn while the palette of the moment is ``contrast`` is written with the colour
    table turned by it (:meth:`table`), its pixels unchanged."""

    def __init__(
        self,
        samples: Callable[[], Sequence[Image.Image]],
        keep: Sequence[tuple[int, int, int]] = (),
        colours: int = 256,
        contrast: Mapping[tuple[int, int, int], tuple[int, int, int]] | None = None,
        keep_drawn: Callable[[], Sequence[tuple[int, int, int]]] = tuple,
    ) -> None:
        if not len(keep) < colours <= 256:
            raise ValueError(f"a palette of {colours} colours cannot keep {len(keep)}")
        self._samples = samples
        self._keep = tuple(keep)
        self._keep_drawn = keep_drawn
        self._colours = colours
        self._lock = threading.Lock()
        self._image: Image.Image | None = None
        self.contrast: Mapping[tuple[int, int, int], tuple[int, int, int]] = contrast or {}
        self._tables: dict[str, bytes] = {}

    def image(self) -> Image.Image:
        """A "P" image holding the palette (for ``Image.quantize(palette=...)``)."""
        if self._image is None:
            with self._lock:
                if self._image is None:
                    # The samples in one language whatever the caller's: the palette, so every
                    # picture of the process, must not depend on which language drew first
                    # (nor on which palette: the samples are drawn in the standard one).
                    # Their texts are not those of the picture being drawn: not recorded.
                    with (
                        i18n.using(i18n.DEFAULT),
                        palettes.using(palettes.STANDARD),
                        fonts.recording(),
                    ):
                        samples = self._samples()
                        keep = (*self._keep, *self._keep_drawn())  # drawn in the standard one
                    self._image = _build(samples, keep, self._colours)
        return self._image

    def table(self, name: str | None = None) -> bytes:
        """The PLTE chunk's colours in palette ``name`` (the palette of the moment when not
        given): the standard colours, or the same entries turned high contrast."""
        name = palettes.current() if name is None else palettes.negotiate(name)
        hit = self._tables.get(name)
        if hit is None:
            flat = (self.image().getpalette() or [])[:768]
            if name == palettes.CONTRAST:
                entries = [
                    cast(tuple[int, int, int], tuple(flat[i : i + 3]))
                    for i in range(0, len(flat), 3)
                ]
                flat = [v for c in palettes.remap(entries, self.contrast) for v in c]
            hit = self._tables.setdefault(name, bytes(flat))
        return hit

    def reset(self) -> None:
        with self._lock:
            self._image = None
            self._tables = {}


def _build(
    samples: Sequence[Image.Image], keep: Sequence[tuple[int, int, int]], size: int = 256
) -> Image.Image:
    """``keep`` exactly, then the most frequent colours of the samples exactly (flat fills must
    not shift; ``EXACT`` of 256, as many in proportion of ``size``), then median-cut colours for
    the rest (anti-aliased edges, gradients); ``size`` colours in all."""
    if len(set(keep)) >= size:
        raise ValueError(f"a palette of {size} colours cannot keep {len(set(keep))}")
    exact = max(len(keep), EXACT * size // 256)
    counts: dict[tuple[int, int, int], int] = {}
    for s in samples:
        rgb_image = s.convert("RGB")
        found = rgb_image.getcolors(1 << 17) or rgb_image.getcolors(s.width * s.height) or []
        for n, colour in found:
            rgb = cast(tuple[int, int, int], colour)
            counts[rgb] = counts.get(rgb, 0) + n
    chosen: list[tuple[int, int, int]] = list(dict.fromkeys(keep))
    for colour, _n in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        if len(chosen) >= exact:
            break
        if colour not in chosen:
            chosen.append(colour)
    # the rest (anti-aliased edges, gradients): median cut over the remaining pixels
    taken = set(chosen)
    rest = [colour for colour, n in sorted(counts.items()) if colour not in taken for _ in range(n)]
    strip = Image.new("RGB", (max(1, len(rest)), 1))
    strip.putdata(rest)
    cut = strip.quantize(
        size - len(chosen), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    flat = [v for c in chosen for v in c]
    colours = flat + (cut.getpalette() or [])[: 3 * (size - len(chosen))]
    colours.extend(colours[:3] * (256 - len(colours) // 3))  # unused: the first colour again
    pal = Image.new("P", (1, 1))
    pal.putpalette(colours)
    return pal


def encode(img: Image.Image, palette: Palette | None = None) -> bytes:
    """Encode ``img`` as PNG bytes: through ``palette`` when given (in the colours of the
    palette of the moment: :meth:`Palette.table`), else as RGB."""
    if palette is not None:
        img = img.quantize(palette=palette.image(), dither=Image.Dither.NONE)
        return _png(_unfiltered_rows(img), img.size, 3, palette.table())
    return write(img.convert("RGB").tobytes(), img.size, 2, 3)


def _unfiltered_rows(img: Image.Image) -> bytes:
    """The rows of a "P" image as the PNG's data holds them: each after its filter byte 0.
    Pasted one pixel to the right of a column of index 0, the image's bytes are those rows
    already (issue 43: 0.4 ms for the Downfall board instead of 0.9 to join them row by row)."""
    width, height = img.size
    wide = Image.new("P", (width + 1, height), 0)
    wide.paste(img, (1, 0))
    return wide.tobytes()


SIGNATURE = b"\x89PNG\r\n\x1a\n"


def write(
    raw: bytes, size: tuple[int, int], colour_type: int, depth: int, palette: bytes = b""
) -> bytes:
    """A PNG of ``raw`` pixels (rows top to bottom, ``depth`` bytes a pixel) of colour type
    ``colour_type`` (3: palette, 2: RGB), each row unfiltered."""
    width, height = size
    stride = width * depth
    rows = b"".join(b"\0" + raw[y * stride : (y + 1) * stride] for y in range(height))
    return _png(rows, size, colour_type, palette)


def _png(rows: bytes, size: tuple[int, int], colour_type: int, palette: bytes = b"") -> bytes:
    """A PNG of 8-bit ``rows``, each after its filter byte."""
    width, height = size
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    out = [SIGNATURE, _chunk(b"IHDR", header)]
    if palette:
        out.append(_chunk(b"PLTE", palette))
    out += [
        _chunk(b"IDAT", bytes(deflate.zlib_compress(rows, COMPRESS_LEVEL))),
        _chunk(b"IEND", b""),
    ]
    return b"".join(out)


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)
