"""Board image timings: ``python -m bench render`` (or ``python -m bench.render``).

Prints the median time to render and encode each Downfall picture of the golden positions (the
board the bot posts after every turn, and the hand a player's decision carries) with its size
and the smallest capital once shown 400 px wide, then a crowded phase-2 board step by step with
the alternatives the encoder was chosen against. Goals: median render + encode ≤ 20 ms,
PNG ≤ 200 KB per image; capitals ≥ 7 px at 400 px wide (the tests enforce it).
"""

from __future__ import annotations

import functools
import io
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

import render.downfall
from bench._timing import median_cpu_ms, median_ms
from render import fonts, png
from render.downfall import board as downfall
from render.downfall.hand import draw_hand
from tests.render.downfall import positions


def crowded_phase2() -> tuple[dict[str, Any], list[str]]:
    """The phase-2 position of the benchmark game with the most occupied squares."""
    best: dict[str, Any] | None = None
    for view, _state, _game in positions.play():
        if view["phase"] == "escape" and (
            best is None or len(view["squares"]) > len(best["squares"])
        ):
            best = view
    assert best is not None
    return best, positions.NAMES[: best["players"]]


def smallest_cap(draw: Callable[[], Image.Image]) -> float:
    """The smallest capital of the picture's texts, in px, once it is shown 400 px wide."""
    with fonts.recording() as drawn:
        img = draw()
    return min(d.cap for d in drawn) * 400 / img.width


def goldens() -> None:
    """Each golden position's board, and the hand of the README picture."""
    print("picture: median wall / CPU ms, PNG KB, size, smallest capital at 400 px wide")
    render.downfall.render_board(*positions.build(positions.GOLDEN[0]))  # warm the caches
    for name in positions.GOLDEN:
        view, names = positions.build(name)
        _report(
            f"board {name}",
            functools.partial(render.downfall.render_board, view, names),
            functools.partial(downfall.draw_board, view, names),
        )
    hand_view, hand_name, choices = positions.hand()
    _report(
        "hand (README)",
        functools.partial(render.downfall.render_hand, hand_view, hand_name, choices),
        functools.partial(draw_hand, hand_view, hand_name, choices),
    )


def _report(label: str, encode: Callable[[], bytes], draw: Callable[[], Image.Image]) -> None:
    data = encode()
    w, h = Image.open(io.BytesIO(data)).size
    wall, cpu = median_ms(encode), median_cpu_ms(encode)
    cap = smallest_cap(draw)
    print(
        f"  {label}: {wall:.1f} / {cpu:.1f} ms, {len(data) / 1024:.0f} KB, {w} × {h}, "
        f"capitals ≥ {cap:.1f} px"
    )


def main() -> None:
    view, names = crowded_phase2()
    pieces = sum(len(s) for s in view["squares"].values())
    occupied, lava = len(view["squares"]), len(view["lava"])
    print(f"position: {occupied} occupied squares, {pieces} pieces, {lava} lava tiles")
    t = time.perf_counter()
    render.downfall.render_board(view, names)  # warm: fonts, background, sprites, palette
    print(f"first render (builds the caches): {(time.perf_counter() - t) * 1000:.0f} ms")

    data = render.downfall.render_board(view, names)
    total = median_ms(lambda: render.downfall.render_board(view, names))
    cpu = median_cpu_ms(lambda: render.downfall.render_board(view, names))
    print(
        f"render_board (draw + quantise + PNG): median {total:.1f} ms wall, {cpu:.1f} ms CPU, "
        f"{len(data) / 1024:.0f} KB"
    )

    img = downfall.draw_board(view, names)
    pal = downfall.PALETTE.image()
    draw = median_cpu_ms(lambda: downfall.draw_board(view, names))
    quant = median_cpu_ms(lambda: img.quantize(palette=pal, dither=Image.Dither.NONE))
    print("  CPU medians of the steps:")
    print(f"  draw on the cached background: {draw:.1f} ms")
    print(f"  quantise to the fixed palette: {quant:.1f} ms")
    q = img.quantize(palette=pal, dither=Image.Dither.NONE)
    size = len(_written(q))
    ms = median_cpu_ms(functools.partial(_written, q), 15)
    level = png.COMPRESS_LEVEL
    print(f"  palette PNG, libdeflate level {level}: {ms:.1f} ms, {size / 1024:.0f} KB  <- used")
    for level in (1, 3, 6):
        size = len(_save(q, level))
        ms = median_cpu_ms(functools.partial(_save, q, level), 15)
        kb = size / 1024
        print(f"  (rejected) palette PNG, Pillow zlib level {level}: {ms:.1f} ms, {kb:.0f} KB")
    for level in (1, 6):
        size = len(_save(img, level))
        ms = median_cpu_ms(functools.partial(_save, img, level), 10)
        print(f"  (rejected) RGB PNG, Pillow zlib level {level}: {ms:.1f} ms, {size / 1024:.0f} KB")
    goldens()


def _written(img: Image.Image) -> bytes:
    """The palette image as ``render.png`` writes it (libdeflate)."""
    return png.write(img.tobytes(), img.size, 3, 1, bytes((img.getpalette() or [])[:768]))


def _save(img: Image.Image, level: int) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=level)
    return buf.getvalue()


if __name__ == "__main__":
    main()
