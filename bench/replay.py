"""Replay timings: ``python -m bench replay``.

Per game (a 4-player game played by the normal AI): the median time of one step of the
replay viewer — the state at a random step rebuilt from the nearest kept state
(``host.replays``) and its public view — and of that step's board picture; then the animated
image of the 4-player worker game (the longest game) in each format and width: seconds to draw
and to assemble, and MiB. Goals: a step (state + view) ≤ 100 ms median; the animation under
Discord's 10 MiB.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import plugins
from engine.ai import choose_normal
from host.pending import pending_of
from host.replays import Track
from render import animation
from storage.rows import EventRow


def played(kind: str, players: int, seed: int = 4) -> tuple[Track, list[str]]:
    """A game of ``kind`` by the normal AI, replayed into a track as the host keeps it."""
    plugin = plugins.get(kind)
    game = plugin.engine
    rng = random.Random(seed)
    state = start = game.new_game(seed, players, {})
    rows: list[EventRow] = []
    heuristics = plugin.heuristics()
    while able := sorted(pending_of(game, state).waited):
        action = choose_normal(game, state, able[0], rng.randrange(1 << 30), heuristics)
        state = game.apply(state, able[0], action).state
        row = EventRow(
            0, len(rows) + 1, able[0], None, "ai", game.format_action(action), "", b"[]", 0.0
        )
        rows.append(row)
    track = Track.begin(game, start)
    track.extend(rows)
    return track, [f"Player {i + 1}" for i in range(players)]


def _median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def main() -> None:
    for kind in ("downfall", "cardcity", "workers"):
        track, names = played(kind, 4)
        game, board = track.game, plugins.get(kind).presentation.board.public
        assert board is not None
        rng = random.Random(1)
        steps, pictures = [], []
        for _ in range(40):
            index = rng.randrange(len(track.steps))
            t = time.perf_counter()
            view: Any = game.view(track.state_at(index), None)
            steps.append(time.perf_counter() - t)
            t = time.perf_counter()
            board(view, names)
            pictures.append(time.perf_counter() - t)
        print(
            f"{kind:9} 4p: {len(track.rows)} moves, {len(track.steps)} steps; replay step "
            f"{_median_ms(steps):.1f} ms, board picture {_median_ms(pictures):.0f} ms (median)",
            flush=True,
        )
    track, names = played("workers", 4)
    game = track.game
    views = [game.view(track.state_at(i), None) for i in range(len(track.steps))]
    chosen = [views[i] for i in animation.pick(len(views))]
    draw = plugins.get("workers").presentation.board.public
    assert draw is not None
    for width in (480, 600, 800):
        t = time.perf_counter()
        frames = animation.draw_frames(draw, chosen, names, width)
        drawn = time.perf_counter() - t
        for fmt in animation.FORMATS:
            t = time.perf_counter()
            data = animation.assemble(frames, fmt)
            made = time.perf_counter() - t
            print(
                f"workers 4p animation {fmt:4} {width} px, {len(frames)} frames of "
                f"{len(views)} steps: {len(data) / 2**20:.2f} MiB, draw {drawn:.1f} s + "
                f"assemble {made:.1f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
