"""The high-contrast palette (issue 45; ``render.palette``, ``docs/render.md``), measured on
pictures of every game drawn as the bot draws them (``tests/render/contrast.py``).

- Text: every text drawn (``fonts.recording`` gives its colour and the colour under it, or the
  halo it got) is compared as the player sees it, through the game's PNG palette and its
  high-contrast colour table: at least 7:1 (WCAG 2.x enhanced, 1.4.6).
- Seats: each seat's colour is set off by the ring next to it by at least 3:1 (WCAG 1.4.11),
  and one of its two rings stands 3:1 off every surface the marks sit on.
- The palette is an input: a standard picture drawn after a high-contrast one is the same, the
  two differ, and the seats' colours are the same in both (their colour-blind-safe choice,
  ``test_seat_colours.py``, holds in high contrast).
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from plugins import PLUGINS, GamePlugin
from render import colours, fonts, palette, png, shapes
from render.downfall import layout as DL
from render.workers import icons
from render.workers import layout as WL
from tests.render import contrast

PALETTES = {
    "downfall": "render.downfall.board",
    "cardcity": "render.cardcity.board",
    "workers": "render.workers.images",
}
ENHANCED = 7.0
MARK = 3.0

pytestmark = pytest.mark.skipif(not fonts.has_real_fonts(), reason="measures DejaVu glyphs")


def table_of(key: str) -> png.Palette:
    found: png.Palette = importlib.import_module(PALETTES[key]).PALETTE
    return found


def sample(plugin: GamePlugin) -> list[Any]:
    """The start, the middle and the end of a random game at the game's smallest and largest
    tables."""
    counts = plugin.engine.capabilities.player_counts
    out: list[Any] = []
    for players in sorted({min(counts), max(counts)}):
        found = list(contrast.states(plugin, players, 5, 40))
        out += [found[0], found[len(found) // 2], found[-1]]
    return out


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.key)
def test_every_text_stands_off_its_ground_in_high_contrast(plugin: GamePlugin) -> None:
    table = table_of(plugin.key)
    low: dict[tuple[Any, ...], float] = {}
    texts = 0
    for state in sample(plugin):
        fonts.reset_discovery(None)  # the texts of cached tiles are drawn (and logged) again
        for drawn in contrast.pictures(plugin, state, palette.CONTRAST):
            for t in drawn.texts:
                if t.ground is None or t.fill is None:
                    continue
                texts += 1
                ratio = colours.contrast_ratio(
                    contrast.shown(t.fill, table, palette.CONTRAST),
                    contrast.shown(t.ground, table, palette.CONTRAST),
                )
                if ratio < ENHANCED:
                    low[(drawn.key, t.text, t.fill, t.ground)] = round(ratio, 2)
    assert texts > 50
    assert not low, low


def _rings(fill: colours.RGB, dark: colours.RGB, light: colours.RGB) -> tuple[Any, Any]:
    with palette.using(palette.CONTRAST):
        return palette.rings(fill, dark, light)


SEATS = {
    # game: (seat fills, dark ring, light ring, the surfaces the marks sit on)
    "downfall": (
        tuple(shapes.PIECE_FILL.values()),
        shapes.INK,
        shapes.RIM,
        (DL.PAVING, DL.GARDEN, DL.CARD, DL.CARD_HI, DL.CANVAS, *DL.BUILDING_FILL.values()),
    ),
    "workers": (
        tuple(icons.SEAT_FILL.values()),
        icons.EDGE,
        icons.RIM,
        (WL.CARD, WL.CARD_HI, WL.CANVAS, icons.TILE, *WL.TIER_FILL.values()),
    ),
}


@pytest.mark.parametrize("key", SEATS)
def test_every_seat_mark_stands_off_its_ring_and_its_ground(key: str) -> None:
    table = table_of(key)
    fills, dark, light, surfaces = SEATS[key]

    def seen(rgb: colours.RGB) -> colours.RGB:
        return contrast.shown(rgb, table, palette.CONTRAST)

    for fill in fills:
        outer, inner = _rings(fill, dark, light)
        assert colours.contrast_ratio(seen(fill), seen(inner)) >= MARK, (fill, inner)
        for ground in surfaces:
            best = max(colours.contrast_ratio(seen(ring), seen(ground)) for ring in (outer, inner))
            assert best >= MARK, (fill, ground)
        assert seen(fill) == contrast.shown(fill, table, palette.STANDARD) == fill


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.key)
def test_the_palette_is_an_input_of_the_drawing(plugin: GamePlugin) -> None:
    state = sample(plugin)[-2]
    before = contrast.pictures(plugin, state, palette.STANDARD)
    high = contrast.pictures(plugin, state, palette.CONTRAST)
    after = contrast.pictures(plugin, state, palette.STANDARD)
    assert [d.png for d in before] == [d.png for d in after]
    assert palette.current() == palette.STANDARD
    for b, h in zip(before, high, strict=True):
        assert b.key == h.key and b.png != h.png
        assert b.image().size == h.image().size
        # darker surrounds and whiter text: the picture's light and dark ends pulled apart
        lo_b, hi_b = _ends(b.image())
        lo_h, hi_h = _ends(h.image())
        assert lo_h <= lo_b and hi_h >= hi_b and (hi_h - lo_h) > (hi_b - lo_b)


def _ends(image: Any) -> tuple[float, float]:
    """The mean grey level of the darkest and of the lightest tenth of a picture's pixels."""
    grey = sorted(image.convert("L").tobytes())
    tenth = max(1, len(grey) // 10)
    return sum(grey[:tenth]) / tenth, sum(grey[-tenth:]) / tenth


def test_a_palette_name_is_negotiated() -> None:
    assert palette.negotiate("contrast") == palette.CONTRAST
    assert palette.negotiate("loud") == palette.negotiate(None) == palette.STANDARD
    assert palette.call_in(palette.CONTRAST, palette.current) == palette.CONTRAST
    assert palette.current() == palette.STANDARD
