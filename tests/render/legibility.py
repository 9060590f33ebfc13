"""What a phone shows: the text of an image measured as it appears in Discord's preview, which
scales the image to about 400 px wide. Every text the renderers draw goes through
``fonts.label``; ``fonts.recording`` collects it with its font's cap height and its box."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image

from render import fonts

PREVIEW_W = 400  # px: Discord's inline image on a phone
MIN_CAP = 7.0  # px: a capital at least this tall in the preview (the board's house numbers)


def drawn_text(
    draw: Callable[[], Image.Image], forget: Callable[[], None] | None = lambda: None
) -> tuple[Image.Image, list[fonts.Drawn]]:
    """Run ``draw`` and return its image and every text it drew, including the text of cached
    images (labels drawn once): the font set is looked up afresh, which invalidates them, and
    ``forget`` drops the renderer's own caches. ``forget=None``: only what ``draw`` draws anew
    (quicker, for many images)."""
    if forget is not None:
        fonts.reset_discovery(None)
        forget()
    with fonts.recording() as drawn:
        img = draw()
    return img, drawn


def preview_cap(d: fonts.Drawn, width: int) -> float:
    """The cap height of ``d`` once the ``width`` px image is shown 400 px wide."""
    return d.cap * PREVIEW_W / width


def overlapping(drawn: Sequence[fonts.Drawn]) -> list[tuple[str, str]]:
    """Pairs of texts whose pixels' boxes overlap (one would be drawn over the other)."""
    out = []
    for i, a in enumerate(drawn):
        for b in drawn[i + 1 :]:
            if (
                a.box[0] < b.box[2]
                and b.box[0] < a.box[2]
                and a.box[1] < b.box[3]
                and b.box[1] < a.box[3]
            ):
                out.append((a.text, b.text))
    return out


def problems(drawn: Sequence[fonts.Drawn], size: tuple[int, int]) -> list[str]:
    """What a player would notice about these texts of a ``size`` image in the preview: too
    small to read, cut with "…", outside the image, or drawn over each other."""
    width, height = size
    out = [
        f"{d.text!r}: capitals {preview_cap(d, width):.1f} px at {PREVIEW_W} px wide"
        for d in drawn
        if preview_cap(d, width) < MIN_CAP
    ]
    out += [f"{d.text!r} is cut" for d in drawn if d.text.endswith(fonts.ELLIPSIS)]
    out += [
        f"{d.text!r} leaves the image"
        for d in drawn
        if d.box[0] < 0 or d.box[1] < 0 or d.box[2] > width or d.box[3] > height
    ]
    out += [f"{a!r} overlaps {b!r}" for a, b in overlapping(drawn)]
    return out
