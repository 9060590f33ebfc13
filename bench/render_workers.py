"""Pompeii (the worker game) image timings: ``python -m bench render_workers``.

Prints, for an early, a mid-game, a late (game over) and a four-player position, the median
time to render and encode the board, the goods tablets and the private hand image, with their
PNG sizes; and, in the same run, the Downfall board's median, so the ratio survives a noisy,
shared machine. Goals: median render + encode ≤ 20 ms, PNG ≤ 200 KB.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import render.downfall
import render.workers
from bench._timing import median_cpu_ms, median_ms
from bench.render import crowded_phase2
from tests.render.workers import positions

POSITIONS = {"early": "early", "mid": "mid", "late": "castrum_win", "4 players": "four_players"}


def _time(label: str, run: Callable[[], bytes]) -> float:
    data = run()
    wall, cpu = median_ms(run), median_cpu_ms(run)
    print(f"  {label:8} median {wall:5.1f} ms wall, {cpu:5.1f} ms CPU, {len(data) / 1024:4.0f} KB")
    return cpu


def main() -> None:
    t = time.perf_counter()
    view = positions.public("early")
    render.workers.render_board(view, positions.names(view))
    print(f"first render (fonts, sprites, palette): {(time.perf_counter() - t) * 1000:.0f} ms")
    down_view, down_names = crowded_phase2()
    render.downfall.render_board(down_view, down_names)
    cpus: list[float] = []
    for title, name in POSITIONS.items():
        view = positions.public(name)
        names = positions.names(view)
        private, who, choices = positions.private(name if name != "castrum_win" else "mid")
        print(f"{title} (round {view['round']}, {view['players']} players):")
        cpus.append(_time("board", lambda v=view, n=names: render.workers.render_board(v, n)))
        cpus.append(_time("tablets", lambda v=view, n=names: render.workers.render_tablets(v, n)))
        cpus.append(
            _time("hand", lambda p=private, w=who, c=choices: render.workers.render_hand(p, w, c))
        )
    print("Downfall board in the same run (the reference):")
    down = _time("board", lambda: render.downfall.render_board(down_view, down_names))
    worst = max(cpus)
    print(f"slowest Pompeii image / Downfall board (CPU medians): {worst / down:.2f}")


if __name__ == "__main__":
    main()
