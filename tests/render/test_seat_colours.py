"""Every pair of seats stays apart in colour for colour-blind players too (issue 45, point 2).

For each game and table size, the colour each seat's pieces or workers are filled with *as
drawn*: the sprite's own fill (its most frequent opaque pixel), mapped through the game's PNG
palette as ``render.png.encode`` maps it. Every pair must differ by at least ``MIN_DELTA_E``
(CIEDE2000) under normal vision and as protanopes, deuteranopes and tritanopes see them
(``render.colours``: Machado et al. 2009 at full severity, the dichromacies themselves, the
worst case of each kind).

Why 20, for every vision. A ΔE00 of about 1 is the just noticeable difference of two large
patches side by side, and about 10 the difference seen at a glance. The seat marks are small
and apart: a Downfall piece is 34–48 px of a 1204 px image and a worker 20–40 px of 800, so
11–20 px once Discord shows the image 400 px wide, about a third of a degree at reading
distance. Below half a degree the difference needed to tell two colours apart grows steeply
(M. Stone, D. A. Szafir and V. Setlur, "An Engineering Model for Color Difference as a Function
of Size", Color and Imaging Conference 2014: about two to three times that of a 2° patch), and a
player must also *recognise* a seat's colour across the board, not only see that two touching
patches differ: twice the glance value. A dichromat reads the same small pieces, so the
simulated views get the same floor rather than a lower one; the shapes (and Pompeji's numbers)
are the second cue, not an excuse for a weaker first one.

Every palette is checked (``render.palette``): the high-contrast one keeps the seats' colours
and draws bolder rings round them, so its fills are measured through its colour table and its
marks' shapes again.

Pompeji (the card game) gives seats no colour at all: a seat is its number in a dark disc
everywhere (``render.cardcity.cards.seat_badge``), so there is no pair to compare; the test
checks that it stays so.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import cast

import pytest
from PIL import Image, ImageChops

import engine.cardcity
import engine.downfall
import engine.workers
import render.cardcity
import render.downfall
import render.workers
from render import colours, png, shapes
from render import palette as palettes
from render.cardcity.cards import seat_badge
from render.downfall.board import PALETTE as DOWNFALL_PALETTE
from render.workers import icons
from render.workers.images import PALETTE as WORKERS_PALETTE

MIN_DELTA_E = 20.0


def fill(sprite: Image.Image) -> colours.RGB:
    """The colour a sprite is filled with: its most frequent fully opaque pixel."""
    found = sprite.convert("RGBA").getcolors(sprite.width * sprite.height) or []
    _n, (r, g, b, _a) = max((n, c) for n, c in found if c[3] == 255)
    return r, g, b


def drawn(rgb: colours.RGB, table: png.Palette, name: str = palettes.STANDARD) -> colours.RGB:
    """``rgb`` as it reaches the player: mapped to the palette the way ``png.encode`` maps it,
    in the colours of palette ``name`` (the high-contrast one turns the table)."""
    pixel = Image.new("RGB", (1, 1), rgb).quantize(palette=table.image(), dither=Image.Dither.NONE)
    index = pixel.getpixel((0, 0))
    assert isinstance(index, int)
    r, g, b = table.table(name)[3 * index : 3 * index + 3]
    return r, g, b


def downfall_seats(players: int, name: str = palettes.STANDARD) -> list[colours.RGB]:
    view = engine.downfall.GAME.view(engine.downfall.GAME.new_game(1, players), None)
    seats = render.downfall.PRESENTATION.colours(view)
    with palettes.using(name):
        sprites = [shapes.piece_sprite(seat, 48) for seat in seats]
    return [drawn(fill(sprite), DOWNFALL_PALETTE, name) for sprite in sprites]


def workers_seats(players: int, name: str = palettes.STANDARD) -> list[colours.RGB]:
    with palettes.using(name):
        sprites = [icons.worker(seat, 40) for seat in range(players)]
    return [drawn(fill(sprite), WORKERS_PALETTE, name) for sprite in sprites]


GAMES: dict[str, tuple[Callable[[int, str], list[colours.RGB]], tuple[int, ...]]] = {
    "downfall": (downfall_seats, engine.downfall.GAME.capabilities.player_counts),
    "workers": (workers_seats, engine.workers.GAME.capabilities.player_counts),
}


def worst_pairs(seats: list[colours.RGB]) -> dict[str, tuple[float, int, int]]:
    """Per vision: the smallest ΔE00 between two seats, and which seats."""
    out: dict[str, tuple[float, int, int]] = {}
    for vision in colours.VISIONS:
        out[vision] = min(
            (colours.delta_e(seats[i], seats[j], vision), i, j)
            for i, j in itertools.combinations(range(len(seats)), 2)
        )
    return out


@pytest.mark.parametrize("name", palettes.PALETTES)
@pytest.mark.parametrize(
    ("game", "players"),
    [(game, n) for game, (_, counts) in GAMES.items() for n in counts if n > 1],
)
def test_every_pair_of_seats_differs_in_every_vision(game: str, players: int, name: str) -> None:
    """In every palette: the high-contrast one keeps the seats' colours (bolder rings)."""
    seats = GAMES[game][0](players, name)
    assert len(seats) == players
    failures = [
        f"{vision}: seats {i} and {j} {seats[i]} {seats[j]} ΔE00 {d:.1f}"
        for vision, (d, i, j) in worst_pairs(seats).items()
        if d < MIN_DELTA_E
    ]
    assert not failures, failures


def test_the_seat_fills_are_the_palettes_own_colours() -> None:
    """The fills are kept exactly by the palettes (their ``keep`` lists), so the check above
    reads the very colours defined in ``shapes.PIECE_FILL`` and ``icons.SEAT_FILL``."""
    assert downfall_seats(4) == [shapes.PIECE_FILL[c] for c in ("red", "black", "yellow", "blue")]
    assert workers_seats(4) == [icons.SEAT_FILL[c] for c in icons.SEAT_COLOURS]


def test_pompeji_marks_seats_by_number_not_colour() -> None:
    view = engine.cardcity.GAME.view(engine.cardcity.GAME.new_game(1, 4), None)
    assert render.cardcity.PRESENTATION.colours(view) == [""] * 4
    badges = []
    for seat in range(4):
        img = Image.new("RGB", (60, 60), (128, 128, 128))
        seat_badge(img, (30, 30), seat, 22)
        badges.append(img)
    # one disc and ink for every seat: only the number differs, so colour says nothing
    assert len({fill(b.crop((16, 16, 44, 44))) for b in badges}) == 1
    assert len({b.tobytes() for b in badges}) == 4


# ------------------------------------------------------------------ colour is never the only cue

PHONE = 400  # px: the width Discord shows an image at on a phone
MIN_SHAPE_DIFFERENCE = 0.05
"""Of a mark's box at phone size, the share whose coverage differs between two seats' marks
(circle and rounded square, the closest pair of shapes, differ by 0.10 in a 10 px worker)."""


def coverage(mark: Image.Image, scale: float) -> Image.Image:
    """How much of each pixel a mark covers once the image is ``scale`` times smaller: a
    sprite's silhouette (its alpha), or a mask ("L") as it is."""
    mask = mark if mark.mode == "L" else mark.convert("RGBA").getchannel("A")
    size = (max(1, round(mask.width * scale)), max(1, round(mask.height * scale)))
    return mask.resize(size, Image.Resampling.BOX)


def difference(a: Image.Image, b: Image.Image) -> float:
    """The share of the box whose coverage differs (0: the same mark, 1: no overlap at all)."""
    histogram = ImageChops.difference(a, b).histogram()
    return sum(n * v for v, n in enumerate(histogram)) / 255 / (a.width * a.height)


def army_mark(seat: int, *, injured: bool = False) -> Image.Image:
    """The shape on an army's shield, as a mask: the middle's pixels far from the shield's fill
    (the injured slash left out)."""
    sprite = icons.army(seat, 32, injured=injured).convert("RGBA")
    fill = icons.SEAT_FILL[icons.seat_colour(seat)]
    src = sprite.load()
    mask = Image.new("L", sprite.size, 0)
    dst = mask.load()
    assert src is not None and dst is not None
    for y in range(sprite.height):
        for x in range(sprite.width):
            r, g, b, a = cast(tuple[int, int, int, int], src[x, y])
            if a > 128 and (r, g, b) != SLASH and colours.delta_e((r, g, b), fill) > 30:
                dst[x, y] = 255
    return mask.crop((8, 6, 24, 22))


SLASH = (220, 30, 30)


def seat_marks(name: str = palettes.STANDARD) -> dict[str, list[Image.Image]]:
    with palettes.using(name):
        return _seat_marks()


def _seat_marks() -> dict[str, list[Image.Image]]:
    """Every seat-owned mark at the size it is drawn, each as a phone shows it."""
    downfall, hand, workers = PHONE / 1204, PHONE / 900, PHONE / 800
    names = ("red", "black", "yellow", "blue")
    return {
        "downfall piece (phase 1)": [coverage(shapes.piece_sprite(c, 34), downfall) for c in names],
        "downfall piece (phase 2)": [coverage(shapes.piece_sprite(c, 30), downfall) for c in names],
        "downfall lost piece": [coverage(shapes.ghost_sprite(c, 34), downfall) for c in names],
        "downfall hand": [coverage(shapes.piece_sprite(c, 44), hand) for c in names],
        "worker": [coverage(icons.worker(s, 20), workers) for s in range(4)],
        "worker by an extra action": [
            coverage(icons.worker(s, 26, coin=True), workers) for s in range(4)
        ],
        "army": [coverage(army_mark(s), workers) for s in range(4)],
        "injured army": [coverage(army_mark(s, injured=True), workers) for s in range(4)],
    }


@pytest.mark.parametrize("name", palettes.PALETTES)
def test_every_seat_mark_differs_in_shape_at_phone_size(name: str) -> None:
    """Colour is never the only cue: each seat-owned mark (a piece, a lost piece, a worker, a
    worker placed by an extra action, an army's shield) has the seat's own shape, which still
    differs from every other seat's once a phone shows the image 400 px wide (in every
    palette)."""
    for what, marks in seat_marks(name).items():
        for (i, a), (j, b) in itertools.combinations(enumerate(marks), 2):
            d = difference(a, b)
            assert d >= MIN_SHAPE_DIFFERENCE, f"{what}: seats {i} and {j} differ by {d:.3f}"
        assert all(difference(m, Image.new("L", m.size, 0)) > 0.08 for m in marks), what
