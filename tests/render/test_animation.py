"""The animated replay: one frame per step (at most MAX_FRAMES), 600 px wide, the final board
held, a GIF Discord plays inline, under its upload limit."""

from __future__ import annotations

import io
import random

from PIL import Image

import plugins
from engine.core import deciders
from render import animation


def _views(kind: str, players: int, seed: int = 2) -> list[dict[str, object]]:
    game = plugins.get(kind).engine
    rng = random.Random(seed)
    state = game.new_game(seed, players, {})
    views = [game.view(state, None)]
    while able := sorted(deciders(game, state)):
        state = game.apply(
            state, able[0], rng.choice(list(game.legal_actions(state, able[0])))
        ).state
        views.append(game.view(state, None))
    return views


def test_frames_are_evenly_picked_with_the_deal_and_the_end() -> None:
    assert animation.pick(5) == [0, 1, 2, 3, 4]
    chosen = animation.pick(300, 120)
    assert len(chosen) == 120 and chosen[0] == 0 and chosen[-1] == 299
    assert animation.durations(4) == [
        animation.FIRST_MS,
        animation.STEP_MS,
        animation.STEP_MS,
        animation.HOLD_MS,
    ]


def test_a_game_animates_as_a_gif_with_its_final_board_held() -> None:
    views = _views("downfall", 3)[::10]
    views.append(_views("downfall", 3)[-1])
    names = ["Ann", "Bob", "Cy"]
    draw = plugins.get("downfall").presentation.board.public
    assert draw is not None
    data = animation.animate(draw, views, names)
    assert 0 < len(data) < animation.LIMIT
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.format == "GIF" and gif.is_animated and gif.width == animation.WIDTH
        count = gif.n_frames
        assert count >= len(views) - 2  # identical frames may merge, never more frames
        gif.seek(count - 1)
        assert gif.info["duration"] >= animation.HOLD_MS
        last = gif.convert("RGB")
    end = Image.open(io.BytesIO(draw(views[-1], names).png)).convert("RGB")
    end = end.resize((animation.WIDTH, round(end.height * animation.WIDTH / end.width)))
    # The last frame is the final board (colours reduced to one palette): close everywhere.
    diff = sum(
        abs(a - b)
        for a, b in zip(last.crop((0, 0, *end.size)).tobytes(), end.tobytes(), strict=True)
    )
    assert diff / len(end.tobytes()) < 6


def test_webp_is_offered_too_and_an_empty_animation_is_refused() -> None:
    frame = animation.Frame(2, 2, __import__("zlib").compress(bytes(12)))
    assert animation.assemble([frame, frame], "webp")[:4] == b"RIFF"
    try:
        animation.assemble([], "gif")
    except ValueError:
        pass
    else:
        raise AssertionError("no frames must be refused")
