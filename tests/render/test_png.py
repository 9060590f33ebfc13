"""The pictures as a player receives them: a palette PNG that any viewer opens, showing the
very pixels that were drawn (mapped to the game's palette), in a size that keeps a whole game's
uploads small (issue 43: a 3-player worker game under 20 MiB of pictures in all)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import render.workers
from render import i18n, png
from render.workers.images import PALETTE, draw_board_image
from tests.render.workers import golden, positions

PER_PICTURE = 90 * 1024
"""A worker game's picture at most (boards 61–73 KB, tablets 75–83 KB, hands 56–81 KB on the
golden positions): with about 360 pictures a 3-player game uploads (boards in the channel,
pictures in the DMs), the table's 20 MiB leave 57 KB a picture on average."""


def _decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def test_a_picture_decodes_to_the_drawn_pixels_on_the_palette() -> None:
    view = positions.public("mid")
    drawn = draw_board_image(view, positions.names(view))
    data = png.encode(drawn, PALETTE)
    got = _decoded(data)
    assert got.format == "PNG" and got.mode == "P" and got.size == drawn.size
    expected = drawn.quantize(palette=PALETTE.image(), dither=Image.Dither.NONE)
    assert ImageChops.difference(got.convert("RGB"), expected.convert("RGB")).getbbox() is None
    assert golden.mean_difference(got, drawn) < 1.5  # the palette keeps the drawn colours
    assert len(got.convert("RGB").getcolors(1 << 16) or []) <= 96  # the worker game's palette


def test_an_rgb_picture_is_lossless() -> None:
    drawn = Image.new("RGB", (64, 32), (20, 30, 40))
    drawn.putpixel((5, 7), (250, 1, 128))
    got = _decoded(png.encode(drawn))
    assert got.mode == "RGB"
    assert ImageChops.difference(got, drawn).getbbox() is None


@pytest.mark.parametrize("name", golden.ALL)
def test_a_worker_game_picture_stays_small(name: str) -> None:
    assert len(golden.render_position(name)) <= PER_PICTURE


def test_the_same_view_gives_the_same_bytes() -> None:
    """An unchanged picture is byte for byte the same (what lets a message keep the picture it
    already shows instead of uploading it again)."""
    view = positions.public("offering")
    names = positions.names(view)
    assert render.workers.render_board(view, names) == render.workers.render_board(view, names)


def test_a_palette_is_the_same_whichever_language_draws_first() -> None:
    """A palette's samples are drawn once, by the first picture of the process: in one
    language whatever the caller's, or every later picture's colours would depend on which
    language drew first (a golden image failed when a translated picture came first)."""

    def samples() -> list[Image.Image]:  # a picture whose colours follow its language
        shade = 40 if i18n.current() == i18n.DEFAULT else 200
        return [Image.new("RGB", (8, 8), (shade, shade, shade))]

    built = []
    for lang in ("de", i18n.DEFAULT):
        palette = png.Palette(samples)
        with i18n.using(lang):
            built.append(palette.image().getpalette())
    assert built[0] == built[1]
