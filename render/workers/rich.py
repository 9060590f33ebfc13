"""Lines of words and pictures: text with goods icons (and their counts) and seats' workers
inline, broken into lines that fit a width. The news band, the whose-turn band and the volcano
strip are written with them, so a sentence can say "made 4 [flour] from 3 [grain]" in icons a
player learns once instead of names.

``layout`` places the items (pure arithmetic, testable), ``draw`` paints them: consecutive
words of a line are drawn as one text (through ``fonts``, so any script works and tests can
measure them), icons are pasted with their bottom on the baseline.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from render import fonts
from render.fonts import RGB
from render.workers import icons


@dataclass(frozen=True)
class Good:
    """A goods icon, with its count after it unless 1."""

    id: str
    n: int = 1


@dataclass(frozen=True)
class Seat:
    """A seat's worker (its colour and shape)."""

    seat: int


Item = str | Good | Seat
"""A piece of a line: words (a string, broken at its spaces), a good or a seat."""


@dataclass(frozen=True)
class Style:
    role: str
    size: int
    fill: RGB
    icon: int  # px: goods and workers inline
    line_h: int  # px from one baseline to the next
    count_fill: RGB | None = None  # a good's count (default: ``fill``)


@dataclass(frozen=True)
class Placed:
    """An item placed on a line: its x and width (``y``: the line's baseline)."""

    item: Item
    x: float
    y: float
    width: float


def _tokens(items: Sequence[Item]) -> list[Item]:
    out: list[Item] = []
    for item in items:
        if isinstance(item, str):
            out += fonts.clean(item).split(" ") if fonts.clean(item) else []
        else:
            out.append(item)
    return out


def item_width(item: Item, style: Style) -> float:
    if isinstance(item, str):
        return fonts.width(item, style.role, style.size)
    if isinstance(item, Good):
        count = fonts.width(str(item.n), "bold", style.size) + 2 if item.n != 1 else 0
        return style.icon + count
    return style.icon


def layout(
    items: Sequence[Item], style: Style, x: float, y: float, width: float
) -> list[list[Placed]]:
    """The items broken into lines of at most ``width`` px from ``x``, the first baseline at
    ``y``. A word wider than a whole line stays alone on its line (``draw`` cuts it)."""
    space = fonts.width(" ", style.role, style.size)
    lines: list[list[Placed]] = [[]]
    used = 0.0
    for token in _tokens(items):
        w = item_width(token, style)
        gap = space if lines[-1] else 0.0
        if lines[-1] and used + gap + w > width:
            lines.append([])
            gap, used = 0.0, 0.0
        base = y + (len(lines) - 1) * style.line_h
        lines[-1].append(Placed(token, x + used + gap, base, w))
        used += gap + w
    return [line for line in lines if line]


def height(lines: Sequence[Sequence[Placed]], style: Style) -> int:
    return style.line_h * len(lines)


def draw(img: Image.Image, lines: Sequence[Sequence[Placed]], style: Style, right: float) -> None:
    """Paint laid-out lines; a run of words is one text, cut to end before ``right`` only if a
    single word is wider than the line."""
    f = fonts.font(style.role, style.size)
    for line in lines:
        run: list[Placed] = []
        for placed in [*line, None]:
            if placed is not None and isinstance(placed.item, str):
                run.append(placed)
                continue
            if run:
                text = " ".join(str(p.item) for p in run)
                left = run[0].x
                fonts.draw_text(
                    img,
                    (left, run[0].y),
                    fonts.fit(text, f, style.size, right - left),
                    f,
                    style.size,
                    style.fill,
                )
                run = []
            if placed is not None:
                _picture(img, placed, style)


def _picture(img: Image.Image, placed: Placed, style: Style) -> None:
    top = round(placed.y - style.icon + style.icon * 0.16)
    if isinstance(placed.item, Good):
        sprite = icons.good_icon(placed.item.id, style.icon)
        img.paste(sprite, (round(placed.x), top), sprite)
        if placed.item.n != 1:
            fonts.role_label(
                img,
                (placed.x + style.icon + 2, placed.y),
                str(placed.item.n),
                "bold",
                style.size,
                style.count_fill or style.fill,
            )
    elif isinstance(placed.item, Seat):
        sprite = icons.worker(placed.item.seat, style.icon)
        img.paste(sprite, (round(placed.x), top), sprite)
