"""Pompeji card game image timings: ``python -m bench render_cardcity``.

Prints, for every golden position, the median time to render and encode both pictures: the
board (the channel's image after every turn) and the player's own image ("My cards", the
picture of every decision), with their PNG sizes, and where the time of the fullest board
goes. Goals: median render + encode ≤ 20 ms, PNG ≤ 200 KB per image.
"""

from __future__ import annotations

import io
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
        own = positions.private(name)
        me = positions.NAMES[own["seat"]]
        board = render.cardcity.render_board(view, names)
        hand = render.cardcity.render_hand(own, me)

        def run_board(view: dict[str, object] = view, names: list[str] = names) -> bytes:
            return render.cardcity.render_board(view, names)

        def run_hand(own: dict[str, object] = own, me: str = me) -> bytes:
            return render.cardcity.render_hand(own, me)

        for picture, run, data in (("board", run_board, board), ("cards", run_hand, hand)):
            wall, cpu = median_ms(run), median_cpu_ms(run)
            size = Image.open(io.BytesIO(data)).size
            print(
                f"{picture} {name} ({len(view['city'])} cards, {size[0]} × {size[1]}): median "
                f"{wall:.1f} ms wall, {cpu:.1f} ms CPU, {len(data) / 1024:.0f} KB"
            )
    view = positions.public("game_over")
    names = positions.names(view)
    img = cardcity.draw_board(view, names)
    draw = median_cpu_ms(lambda: cardcity.draw_board(view, names))
    quant = median_cpu_ms(lambda: img.quantize(palette=pal, dither=Image.Dither.NONE))
    q = img.quantize(palette=pal, dither=Image.Dither.NONE)
    colours = bytes((q.getpalette() or [])[:768])
    save = median_cpu_ms(lambda: png.write(q.tobytes(), q.size, 3, 1, colours))
    print(f"  board game_over CPU: draw {draw:.1f} ms, quantise {quant:.1f} ms, PNG {save:.1f} ms")


if __name__ == "__main__":
    main()
