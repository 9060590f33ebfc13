"""Pompeii (the worker game) image timings: ``python -m bench render_workers``.

Prints, for every golden position (early, mid-game, an offering, the Castrum's win, four
players, solo), the median time to render and encode the board, the goods tablets and the
private hand image (the deciding seat's), with their size in pixels and PNG bytes and the
smallest capital of their text once shown 400 px wide; and, in the same run, the Downfall
board's median, so the ratio survives a noisy, shared machine. Goals: median render + encode
≤ 20 ms, PNG ≤ 200 KB, capitals ≥ 7 px at 400 px.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from functools import partial

from PIL import Image

import render.downfall
import render.workers
from bench._timing import median_cpu_ms, median_ms
from bench.render import crowded_phase2
from render.workers import hand, images, tablet
from tests.render import legibility
from tests.render.workers import positions


def _smallest(draw: Callable[[], Image.Image]) -> float:
    img, drawn = legibility.drawn_text(draw, None)
    return min(legibility.preview_cap(d, img.width) for d in drawn)


def _time(label: str, run: Callable[[], bytes], draw: Callable[[], Image.Image]) -> float:
    data = run()
    wall, cpu = median_ms(run), median_cpu_ms(run)
    w, h = Image.open(io.BytesIO(data)).size
    print(
        f"  {label:8} median {wall:5.1f} ms wall, {cpu:5.1f} ms CPU, {len(data) / 1024:4.0f} KB,"
        f" {w} × {h}, smallest capital {_smallest(draw):.1f} px at 400 px"
    )
    return cpu


def main() -> None:
    t = time.perf_counter()
    view = positions.public("early")
    render.workers.render_board(view, positions.names(view))
    print(f"first render (fonts, sprites, palette): {(time.perf_counter() - t) * 1000:.0f} ms")
    down_view, down_names = crowded_phase2()
    render.downfall.render_board(down_view, down_names)
    cpus: list[float] = []
    for name in positions.GOLDEN:
        view = positions.public(name)
        names = positions.names(view)
        private, who, choices = positions.private(name)
        print(f"{name} (round {view['round']}, {view['players']} players):")
        cpus.append(
            _time(
                "board",
                partial(render.workers.render_board, view, names),
                partial(images.draw_board_image, view, names),
            )
        )
        cpus.append(
            _time(
                "tablets",
                partial(render.workers.render_tablets, view, names),
                partial(tablet.draw_tablets, view, names),
            )
        )
        cpus.append(
            _time(
                "hand",
                partial(render.workers.render_hand, private, who, choices),
                partial(hand.draw_hand, private, who, choices),
            )
        )
    print("Downfall board in the same run (the reference):")

    def downfall() -> bytes:
        return render.downfall.render_board(down_view, down_names)

    data = downfall()
    down = median_cpu_ms(downfall)
    wall = median_ms(downfall)
    print(f"  board    median {wall:5.1f} ms wall, {down:5.1f} ms CPU, {len(data) / 1024:4.0f} KB")
    worst = max(cpus)
    print(f"slowest Pompeii image / Downfall board (CPU medians): {worst / down:.2f}")


if __name__ == "__main__":
    main()
