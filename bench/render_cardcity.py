"""Pompeji card game image timings: ``python -m bench render_cardcity``.

Prints the median time to render and encode the public image of the fullest city of the
benchmark game (the picture the bot posts after every turn) and of a player's private image,
with their PNG sizes and where the time goes. Goals (issue 7): median render + encode ≤ 20 ms,
PNG ≤ 150 KB.
"""

from __future__ import annotations

import time

from PIL import Image

import render.cardcity
from bench._timing import median_cpu_ms, median_ms
from render import png
from render.cardcity import board as cardcity
from tests.render.cardcity import positions


def main() -> None:
    t = time.perf_counter()
    render.cardcity.render_board(positions.public("early"), positions.NAMES[:3])
    print(f"first render (fonts, tiles, palette): {(time.perf_counter() - t) * 1000:.0f} ms")
    pal = cardcity.PALETTE.image()
    for name in positions.GOLDEN:
        view = positions.public(name)
        names = positions.names(view)
        data = render.cardcity.render_board(view, names)

        def run(view: dict[str, object] = view, names: list[str] = names) -> bytes:
            return render.cardcity.render_board(view, names)

        wall, cpu = median_ms(run), median_cpu_ms(run)
        print(
            f"render_board {name} ({len(view['city'])} cards): median {wall:.1f} ms wall, "
            f"{cpu:.1f} ms CPU, {len(data) / 1024:.0f} KB"
        )
    view = positions.public("game_over")
    names = positions.names(view)
    img = cardcity.draw_board(view, names)
    draw = median_cpu_ms(lambda: cardcity.draw_board(view, names))
    quant = median_cpu_ms(lambda: img.quantize(palette=pal, dither=Image.Dither.NONE))
    q = img.quantize(palette=pal, dither=Image.Dither.NONE)
    colours = bytes((q.getpalette() or [])[:768])
    save = median_cpu_ms(lambda: png.write(q.tobytes(), q.size, 3, 1, colours))
    print(f"  game_over CPU: draw {draw:.1f} ms, quantise {quant:.1f} ms, PNG {save:.1f} ms")

    private = positions.private("mid")
    hand = render.cardcity.render_hand(private, "Cornelia")

    def run_hand() -> bytes:
        return render.cardcity.render_hand(private, "Cornelia")

    wall, cpu = median_ms(run_hand), median_cpu_ms(run_hand)
    print(
        f"render_hand mid (legal spots marked): median {wall:.1f} ms wall, {cpu:.1f} ms CPU, "
        f"{len(hand) / 1024:.0f} KB"
    )


if __name__ == "__main__":
    main()
