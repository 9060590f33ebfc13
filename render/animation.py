"""An animated image of a whole game: one frame per step of its replay, the final board held.

Discord plays an attached GIF inline (on a phone too) and limits a bot's upload to 10 MiB, so
the frames are the board pictures scaled down to :data:`WIDTH` pixels and written as a GIF
with **one palette for the whole animation** (taken from the first and the last board, which
between them hold every colour a board uses), no dithering (flat board colours compress well
without it) and only the part of each frame that changed stored. The measurements behind these
choices are in ``docs/render.md``.

The work is split so that a caller can show progress and keep it off its event loop:
:func:`draw_frames` renders a slice of the frames (each a small compressed picture, so slices
travel cheaply between processes) and :func:`assemble` writes the animation. Both are module
level functions of picklable arguments (the board's drawing function is a module-level
function of its game), for a process pool. :func:`animate` does everything at once.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image as PILImage

WIDTH = 600
"""Frame width in pixels: Discord shows an inline image about 400 px wide on a phone and up to
about 550 px on a desktop, so a wider frame only costs bytes."""
STEP_MS = 900
"""How long each step is shown."""
FIRST_MS = 1500
"""The deal, shown a little longer so the eye finds the board."""
HOLD_MS = 6000
"""The final board, held so the result can be read before the animation starts again."""
LIMIT = 10 * 1024 * 1024
"""Discord's upload limit for a bot (without a boosted server)."""
FORMATS = ("gif", "webp")
MAX_FRAMES = 100
"""At most this many frames: a longer game shows every few steps (evenly spread, the deal and
the end always), which keeps the longest game (a 4-player worker game: about 300 steps) well
under Discord's limit and its animation about two minutes long."""

Draw = Callable[[Mapping[str, Any], Sequence[str]], Any]
"""A board's drawing function: ``(public view, names) -> render.presentation.Image``."""


@dataclass(frozen=True)
class Frame:
    """One frame: its size and its RGB pixels, compressed (zlib)."""

    width: int
    height: int
    pixels: bytes

    def image(self) -> PILImage.Image:
        raw = zlib.decompress(self.pixels)
        return PILImage.frombytes("RGB", (self.width, self.height), raw)


def _frame(png: bytes, width: int) -> Frame:
    with PILImage.open(io.BytesIO(png)) as image:
        rgb = image.convert("RGB")
    if rgb.width != width:
        height = max(1, round(rgb.height * width / rgb.width))
        rgb = rgb.resize((width, height), PILImage.Resampling.LANCZOS)
    return Frame(rgb.width, rgb.height, zlib.compress(rgb.tobytes(), 1))


def draw_frames(
    draw: Draw, views: Sequence[Mapping[str, Any]], names: Sequence[str], width: int = WIDTH
) -> list[Frame]:
    """The frames of ``views`` (public views only: an animation is posted in the channel),
    each board scaled to ``width`` pixels."""
    return [_frame(draw(view, names).png, width) for view in views]


def pick(count: int, most: int = MAX_FRAMES) -> list[int]:
    """Which of ``count`` steps get a frame: all of them up to ``most``, else ``most`` spread
    evenly, the first and the last always."""
    if count <= most:
        return list(range(count))
    if most < 2:
        return [count - 1]
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def durations(count: int) -> list[int]:
    """Each frame's time on screen in milliseconds: the deal a little longer, the final
    board held (a one-frame animation is the final board)."""
    if count <= 1:
        return [HOLD_MS] * count
    return [FIRST_MS] + [STEP_MS] * (count - 2) + [HOLD_MS]


def _canvas(frames: Sequence[Frame]) -> list[PILImage.Image]:
    """The frames on one size (boards grow and shrink with their content): each padded at the
    bottom with its own bottom-left colour (the board's background)."""
    images = [f.image() for f in frames]
    width = max(i.width for i in images)
    height = max(i.height for i in images)
    out = []
    for image in images:
        if image.size != (width, height):
            back = image.getpixel((0, image.height - 1))
            canvas = PILImage.new("RGB", (width, height), back)
            canvas.paste(image, (0, 0))
            out.append(canvas)
        else:
            out.append(image)
    return out


def assemble(frames: Sequence[Frame], fmt: str = "gif") -> bytes:
    """The animation of ``frames`` (at least one): ``gif`` (a shared palette) or ``webp``."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    if fmt not in FORMATS:
        raise ValueError(f"unknown animation format {fmt!r}")
    images = _canvas(frames)
    times = durations(len(images))
    out = io.BytesIO()
    if fmt == "webp":
        images[0].save(
            out,
            "WEBP",
            save_all=True,
            append_images=images[1:],
            duration=times,
            loop=0,
            quality=80,
            method=4,
        )
        return out.getvalue()
    palette = _palette(images[0], images[-1])
    paletted = [image.quantize(palette=palette, dither=PILImage.Dither.NONE) for image in images]
    paletted[0].save(
        out,
        "GIF",
        save_all=True,
        append_images=paletted[1:],
        duration=times,
        loop=0,
        optimize=True,
        disposal=1,
    )
    return out.getvalue()


def _palette(first: PILImage.Image, last: PILImage.Image) -> PILImage.Image:
    """One palette of 255 colours for every frame (the 256th marks the pixels a frame leaves
    as they were: they compress to almost nothing), from the first and the last board side by
    side (the deal has the empty board's colours, the end the pieces, lava and marks)."""
    both = PILImage.new("RGB", (first.width + last.width, max(first.height, last.height)))
    both.paste(first, (0, 0))
    both.paste(last, (first.width, 0))
    return both.quantize(255, method=PILImage.Quantize.MEDIANCUT)


def animate(
    draw: Draw,
    views: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    *,
    width: int = WIDTH,
    fmt: str = "gif",
    most: int = MAX_FRAMES,
) -> bytes:
    """The whole animation at once (tests, benchmarks): a frame for each of the steps
    :func:`pick` chooses among ``views``."""
    chosen = [views[i] for i in pick(len(views), most)]
    return assemble(draw_frames(draw, chosen, names, width), fmt)
