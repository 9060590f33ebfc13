"""A player's rating history as a small line chart (``/game stats``): one line per game kind,
the shown rating (ordinal, mu − 3 sigma) after each rated game. Legible in Discord's 400 px
phone preview (tests/render/test_charts.py measures it). Pure: numbers in, PNG bytes out."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import fonts, png

WIDTH, HEIGHT = 600, 330
BACKGROUND = (250, 246, 238)
INK = (60, 52, 44)
GRID = (222, 212, 196)
LINES = ((196, 64, 38), (40, 96, 160), (64, 140, 72), (150, 90, 160))
SIZE = 17
"""Text size: DejaVu's capitals are about 12 px here, 8 px in the 400 px preview."""
LEFT, RIGHT, TOP, BOTTOM = 62, 18, 62, 44


def _ticks(low: float, high: float) -> list[int]:
    """Whole-number gridlines between ``low`` and ``high``: about four of them."""
    span = max(high - low, 1.0)
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100) if span / s <= 4)
    first = int(low // step) * step
    return [v for v in range(first, int(high) + step + 1, step) if low - 1e-9 <= v <= high + 1e-9]


def rating_chart(title: str, series: Sequence[tuple[str, Sequence[float]]]) -> Image.Image:
    """The chart: ``title`` on top, then each ``(label, ratings)`` as a line with a dot per
    rated game (the first game at the left); the legend names the lines."""
    img = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(img)
    bold, regular = fonts.font("bold", SIZE), fonts.font("regular", SIZE)
    fonts.draw_text(
        img, (LEFT - 50, 28), fonts.fit(title, bold, SIZE, WIDTH - LEFT), bold, SIZE, INK
    )
    shown = [(label, list(values)) for label, values in series if values][: len(LINES)]
    x = float(LEFT)
    for i, (label, _) in enumerate(shown):
        colour = LINES[i]
        draw.rectangle((x, 42, x + 14, 52), fill=colour)
        text = fonts.fit(label, regular, SIZE, WIDTH - RIGHT - x - 20)
        fonts.draw_text(img, (x + 20, 54), text, regular, SIZE, INK)
        x += 20 + fonts.text_width(text, regular, SIZE) + 24
    values = [v for _, vs in shown for v in vs]
    if not values:
        return img
    low, high = min(*values, 0.0), max(*values, 1.0)
    pad = (high - low) * 0.08 or 1.0
    low, high = low - pad, high + pad
    plot = (LEFT, TOP + 8, WIDTH - RIGHT, HEIGHT - BOTTOM)
    longest = max(len(vs) for _, vs in shown)

    def at(i: int, v: float) -> tuple[float, float]:
        px = plot[0] + (plot[2] - plot[0]) * (i / max(longest - 1, 1))
        py = plot[3] - (plot[3] - plot[1]) * ((v - low) / (high - low))
        return px, py

    for tick in _ticks(low, high):
        y = at(0, tick)[1]
        draw.line((plot[0], y, plot[2], y), fill=GRID, width=1)
        fonts.label(img, (plot[0] - 8, y), str(tick), regular, INK, anchor="rm")
    draw.line((plot[0], plot[3], plot[2], plot[3]), fill=INK, width=2)
    fonts.label(img, (plot[0], HEIGHT - 14), "game 1", regular, INK, anchor="ls")
    if longest > 1:
        fonts.label(img, (plot[2], HEIGHT - 14), f"game {longest}", regular, INK, anchor="rs")
    for i, (_, vs) in enumerate(shown):
        points = [at(j, v) for j, v in enumerate(vs)]
        if len(points) > 1:
            draw.line(points, fill=LINES[i], width=3, joint="curve")
        for px, py in points[-40:]:
            draw.ellipse((px - 4, py - 4, px + 4, py + 4), fill=LINES[i])
    return img


def rating_chart_png(title: str, series: Sequence[tuple[str, Sequence[float]]]) -> bytes:
    return png.encode(rating_chart(title, series))
