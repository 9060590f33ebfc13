"""Pompeji, Frank Brandt's card game: the public city image and a player's private image.

Drawn from the views only (``engine.cardcity.views``): ``render_board`` reads the public view,
``render_hand`` the player view (public fields plus the viewer's own hand). Where the view does
not spell something out, it is derived from the view's own fields with the engine's pure rules
(``engine.cardcity.rules``): the points the last card scored street by street (the city before
it is the city list minus its last entry), and the spaces where the viewer's cards fit.

Every card shows its building as a symbol *and* a letter, its colour as a fill *and* a letter,
and its value in a disc, so nothing depends on telling colours apart (the known complaint about
the printed cards). The image is opaque on a dark surround, for Discord's dark and light themes.

Modules: ``layout`` (sizes, colours), ``view`` (reading the view), ``cards`` (card faces),
``grid`` (the city), ``panel`` (the public side panel), ``hand`` (the private image); this one
puts the public image together and encodes both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.cardcity import data as D
from render import png, shapes
from render.cardcity.grid import draw_city, open_grid
from render.cardcity.hand import draw_hand
from render.cardcity.layout import (
    CANVAS,
    CARD_FILL,
    END_PHASE,
    GOLD,
    GX,
    GY,
    HATCH,
    HIGHLIGHT,
    HIGHLIGHT_EDGE,
    INK,
    LEGAL,
    LEGAL_FILL,
    LIMIT,
    MUTED,
    OPEN,
    OPEN_LINE,
    PANEL,
    PANEL_HI,
    PAPER,
    STONE,
    TEXT,
    H,
    W,
)
from render.cardcity.panel import draw_legend, draw_panel
from render.cardcity.view import cell_code, read_city, read_last


def base() -> Image.Image:
    """What never changes: the surround, the open grid and the legend (copied for every image;
    ``draw_city_cards`` expects the open grid in place)."""

    def make() -> Image.Image:
        img = Image.new("RGB", (W, H), CANVAS)
        img.paste(open_grid(), (GX, GY))
        draw_legend(img)
        return img

    return shapes.cached(("base",), make)


def draw_board(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """The public image as RGB (``W`` × ``H``): the city, and the panel under it."""
    img = base().copy()
    city = read_city(view)
    last = read_last(view, city)
    draw_city(img, city, last)
    draw_panel(img, view, names, city, last)
    return img


def _sample_view(private: bool) -> dict[str, Any]:
    """A synthetic crowded city using every card colour and symbol (for the palette)."""
    city = []
    order = [(r, c) for r in range(3, 10) for c in range(3, 10)]
    for i, (r, c) in enumerate(order):
        b, col = (i + 2 * (r % 2)) % 7, (i * 3 + r) % 7
        code = D.BUILDINGS[b][0] + D.COLOURS[col][0]
        card: str | None = code if i % 11 else None
        city.append({"cell": cell_code((r, c)), "card": card, "statue": i % 4, "declared": code})
    return {
        "stage": "play",
        "players": 4,
        "permit_uses": 2,
        "end_phase": True,
        "volcanoes": 1,
        "deck_size": 12,
        "actor": 1,
        "turn": 1,
        "city": city[:-12],
        "seats": [
            {
                "seat": s,
                "score": 100 + s,
                "hand_size": 3,
                "statue_used": s % 2 == 0,
                "permits_left": s % 3,
            }
            for s in range(4)
        ],
        "last": {"seat": 0, "cell": "g7", "points": 23},
        "seat": 1,
        "hand": ["Tr", "Fo", "Ay"] if private else None,
        "hand_value": 9,
    }


def _palette_samples() -> list[Image.Image]:
    names = ["Sample"] * 4
    return [draw_board(_sample_view(False), names), draw_hand(_sample_view(True), "Sample")]


PALETTE = png.Palette(
    _palette_samples,
    keep=[
        *CARD_FILL.values(),
        *(HIGHLIGHT, HIGHLIGHT_EDGE, LEGAL, LEGAL_FILL, CANVAS, PANEL, PANEL_HI, TEXT, MUTED),
        *(INK, PAPER, STONE, OPEN, OPEN_LINE, HATCH, LIMIT, END_PHASE, GOLD),
    ],
)


def render_board(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    return png.encode(draw_board(view, names), PALETTE)


def render_hand(view: Mapping[str, Any], name: str) -> bytes:
    return png.encode(draw_hand(view, name), PALETTE)
