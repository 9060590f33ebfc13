"""The Downfall of Pompeii: the public board image and a player's hand image.

Drawn from the views only (``engine.downfall.views``), never from the state. The board image
is, from the top: the band (phase, the last turn in words, whose turn), the board with its
coordinates and the strip under it (bag, stock, discard pile), and a row per player. Its height
follows the band's lines and the number of players. The static art (grid, wall, buildings,
spaces, first-lava squares, volcano) is drawn once per process into a cached background; each
render copies it, draws what changes on it (text, pieces, lava, closed gates, the last turn's
marks, the strip's counts) and pastes it under the band.

Modules: ``layout`` (geometry, colours), ``static`` (the cached background), ``last_turn``
(reading the last turn), ``city`` (pieces, lava, gates, highlights), ``strip`` (bag, stock,
discard pile), ``news`` (the band), ``panel`` (the players), ``hand`` (the hand image); this
one puts them together and encodes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.core import ActionChoice
from engine.downfall import board as B
from render import fonts, palette, png, shapes
from render.downfall.city import (
    draw_gates,
    draw_last_turn,
    draw_lava,
    draw_pieces_on_spaces,
    draw_stacks,
)
from render.downfall.hand import draw_hand
from render.downfall.last_turn import read_last_turn
from render.downfall.layout import (
    BOARD_H,
    CANVAS,
    CONTRAST,
    COUNTRY,
    HIGHLIGHT,
    NUMBER_INK,
    SPACE_CENTRES,
    TEXT,
    W,
    mix,
)
from render.downfall.news import draw_band, lay_out
from render.downfall.panel import draw_panel, panel_height
from render.downfall.static import (
    CRATER_CALM,
    CRATER_ERUPTING,
    VOLCANO_H,
    VOLCANO_W,
    background,
    clear_backgrounds,
    draw_volcano,
    lettered,
    volcano_sprite,
)
from render.downfall.strip import DISCARD_KEYS, draw_strip

# ------------------------------------------------------------------ public entry points


def board_top(view: Mapping[str, Any], names: Sequence[str]) -> int:
    """Where the board (its coordinates' top edge) starts on the image: under the band."""
    return lay_out(view, names, read_last_turn(view, names)).height


def draw_board(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """The public board as an RGB image, ``W`` wide and as tall as its content."""
    phase = view.get("phase", "build")
    stacked = phase in ("escape", "over")
    last = read_last_turn(view, names)
    band = lay_out(view, names, last)
    top = band.height
    base = lettered(stacked)  # the static board with the texts nothing below can touch
    board = base.image.copy()
    with fonts.recorded_at(0, top):  # the board is drawn on its own, then pasted under the band
        draw_volcano(board, view)
        draw_lava(board, view, stacked)
        draw_gates(board, view)
        fonts.replay(base.drawn, 0, top)
        for label in base.rest:
            label.draw(board)
        if stacked:
            draw_stacks(board, view)
        else:
            draw_pieces_on_spaces(board, view)
        draw_last_turn(board, view, last)
        draw_strip(board, view, last, stacked)
    img = Image.new("RGB", (W, top + BOARD_H + panel_height(view)), CANVAS)
    img.paste(board, (0, top))
    draw_band(img, view, band)
    draw_panel(img, view, names, top + BOARD_H)
    return img


def _sample_view(phase: str) -> dict[str, Any]:
    """A crowded synthetic position that shows every dynamic colour (for the palette)."""
    squares: dict[str, list[int]] = {}
    lava = {sq: sym for sym, sq in B.FIRST_LAVA.items()}
    if phase == "escape":  # late phase 2: lava on every other square, as often in play
        lava |= {
            sq: B.SYMBOLS[i % 6] for i, sq in enumerate(B.CITY) if i % 2 and sq not in SPACE_CENTRES
        }
    for i, sq in enumerate(B.CITY):
        if sq in lava:
            continue
        if sq in SPACE_CENTRES or phase == "escape":
            n = len(SPACE_CENTRES.get(sq, [])) or (i % 5)
            squares[sq] = [(i + k) % 4 for k in range(n + (i % 3 if phase == "escape" else 0))]
    return {
        "players": 4,
        "phase": phase,
        "seething": True,
        "seats": [
            {
                "seat": s,
                "colour": c,
                "supply": 10,
                "in_city": 5,
                "saved": 3,
                "volcano": 2,
                "hand_size": 4,
            }
            for s, c in enumerate(B.COLOURS)
        ],
        "squares": squares,
        "lava": lava,
        "gates": [{"square": sq, "open": i % 2 == 0} for i, (_g, sq, _n) in enumerate(B.GATES)],
        "stock_size": 12,
        "discard": dict.fromkeys(DISCARD_KEYS, 1),
        "discard_top": "6",
        "bag": dict(B.LAVA_COUNTS),
        "pending": {"seat": 1, "kind": "move", "moves_left": 2},
        "last_turn": {
            "events": [
                {"type": "CardPlayed", "seat": 0, "card": 6, "square": "d4"},
                {"type": "LavaPlaced", "seat": 0, "symbol": "coin", "square": "c2"},
                {"type": "PiecesBurned", "square": "c2", "seats": [0, 1, 2, 3]},
                {
                    "type": "PieceMoved",
                    "seat": 1,
                    "from": "b5",
                    "to": "b3",
                    "path": ["b5", "b4", "b3"],
                },
            ]
        },
    }


def _palette_samples() -> list[Image.Image]:
    """Images holding every colour the renders use, for the fixed palette."""
    names = ["SAMPLE"] * 4  # capitals: the samples are drawn in any language
    volcanoes = Image.new("RGB", (3 * VOLCANO_W, VOLCANO_H), COUNTRY)
    for i, state in enumerate(("calm", "seething", "erupting")):  # each state's own colours
        sprite = volcano_sprite(state)
        volcanoes.paste(sprite, (i * VOLCANO_W, 0), sprite)
    return [
        background(False),
        background(True),
        draw_board(_sample_view("build"), names),
        draw_board(_sample_view("escape"), names),
        draw_hand(dict(_sample_view("build"), seat=0, hand=[1, 6, 10, 3], jokers=[True] * 4), "S"),
        volcanoes,
    ]


PALETTE = png.Palette(
    _palette_samples,
    keep=[
        *shapes.PIECE_FILL.values(),
        *(HIGHLIGHT, shapes.LAVA, CANVAS, TEXT, NUMBER_INK),
        *(CRATER_CALM, shapes.LAVA_GLOW, CRATER_ERUPTING),  # small but flat: the volcano's states
        mix(shapes.LAVA, shapes.LAVA_GLOW, 0.5),  # the glow dots' rim on the small lava tiles
    ],
    contrast=palette.table(CONTRAST, shapes.PIECE_FILL.values(), shapes.INK, shapes.RIM),
)


def render_board(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    return png.encode(draw_board(view, names), PALETTE)


def render_hand(view: Mapping[str, Any], name: str, choices: Sequence[ActionChoice] = ()) -> bytes:
    """The hand image; ``choices``: the player's legal choices (where each card can go now)."""
    return png.encode(draw_hand(view, name, choices), PALETTE)


def clear_caches() -> None:
    """Forget the cached backgrounds and palette (tests use it after changing the fonts)."""
    clear_backgrounds()
    PALETTE.reset()
