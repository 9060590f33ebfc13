"""Pompeii's images put together and encoded: the board (what happened, whose turn, the
players, then what is on offer), the goods tablets, and the player's private image; the fixed
palette they share.

Drawn from the views only: the public images read nothing of a player view's private keys, so
passing one by mistake shows nothing secret (a test renders states that differ only in hidden
information and compares the bytes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, cast

from PIL import Image

from engine.workers import GAME
from render import fonts, palette, png
from render.workers import board, icons, panel, terms
from render.workers.hand import sample_hand
from render.workers.layout import (
    CANVAS,
    CARD,
    CARD_HI,
    CONTRAST,
    DANGER,
    DIM,
    GOLD,
    GOOD,
    HIGHLIGHT,
    MUTED,
    NEWS,
    NEWS_TEXT,
    SMALLEST,
    TEXT,
    TIER_FILL,
    M,
    View,
    W,
)
from render.workers.tablet import draw_tablets

GOODS = tuple(icons.PAINTERS)


NOTE_H = 22
"""The height of a note's line under the board."""


def _notes(view: View) -> list[str]:
    """What the board's † marks mean, one note each: an adapted building, and the solo game's
    house-rule price (W41) by a building's cost still showing."""
    shown = [b for b in view.get("buildings") or [] if isinstance(b, Mapping)]
    notes = []
    if any(b.get("adapted") for b in shown):
        notes.append(terms.adapted_note())
    if any(board.house_rule_price(b) for b in shown):
        notes.append(terms.house_rule_note())
    return notes


def draw_board_image(view: View, names: Sequence[str]) -> Image.Image:
    """The board: the top (round, news, whose turn, players) over what is on offer, and under
    it what its † marks mean."""
    parts = [*panel.blocks(view, names), *board.blocks(view)]
    notes = _notes(view)
    height = panel.height(parts) + (12 + NOTE_H * len(notes) if notes else 8)
    img = Image.new("RGB", (W, height), CANVAS)
    y = panel.draw_blocks(img, parts, 0)
    for i, text in enumerate(notes):
        fonts.role_label(img, (M + 2, y + 22 + NOTE_H * i), text, "cond", SMALLEST, MUTED)
    return img


def _sample_view() -> dict[str, Any]:
    """A synthetic crowded position holding every dynamic colour (for the palette)."""
    state = GAME.new_game(1, 4)
    view = GAME.view(state, None)
    for i, b in enumerate(view["buildings"]):
        b["built"] = i % 2 == 0
        b["owner"] = i % 4 if b["built"] else None
        b["workers"] = [[i % 4, 0], [(i + 1) % 4, i % 3 == 0]][: b["limit"]]
    for i, f in enumerate(view["fields"]):
        f["workers"] = [[(i + k) % 4, 0] for k in range(i % 5)]
    for i, sv in enumerate(view["seats"]):
        sv["goods"] = {g: (i + k) % 4 for k, g in enumerate(sv["goods"])}
        sv["army"] = ("none", "ready", "injured", "castrum")[i]
    view["volcano"]["top"] = {"id": "VC01", "goods": ["bread", "gold", "meat", "iron", "grass"]}
    return view


def _palette_samples() -> list[Image.Image]:
    view = _sample_view()
    names = [""] * 4  # seats named by their colours
    sheet = Image.new("RGB", (W, 200), CARD)
    for i, g in enumerate(GOODS):
        for faded in (False, True):
            icon = icons.good_icon(g, 42, faded=faded)
            sheet.paste(icon, (4 + (i % 16) * 48, 4 + (i // 16) * 48 + (96 if faded else 0)), icon)
    return [draw_board_image(view, names), draw_tablets(view, names), sheet, sample_hand()]


def _goods_colours() -> list[tuple[int, int, int]]:
    """Each good's own colour: the largest fill of its icon (drawn large, opaque pixels) that
    is neither the tile, its edge nor the ink, nor a shade several icons share (their rims).
    Kept exactly in the palette: a 96-colour palette had drawn fish grey, clay and the tunic
    brown (an icon's fills are too small an area to win a colour of their own)."""
    plain = (icons.TILE, icons.TILE_EDGE, icons.INK)

    def own(colour: tuple[int, int, int]) -> bool:
        return all(sum((a - b) ** 2 for a, b in zip(colour, p, strict=True)) > 900 for p in plain)

    counts: dict[str, dict[tuple[int, int, int], int]] = {}
    for good in GOODS:
        icon = icons.good_icon(good, 96)
        solid = icon.getchannel("A").point(lambda a: 255 if a == 255 else 0)
        opaque = Image.new("RGB", icon.size, icons.TILE)  # the rest: the tile, not counted
        opaque.paste(icon.convert("RGB"), mask=solid)
        found = opaque.getcolors(1 << 16) or []
        counts[good] = {
            rgb: n for n, colour in found if own(rgb := cast(tuple[int, int, int], colour))
        }
    shared = Counter(c for found in counts.values() for c in found)
    out: list[tuple[int, int, int]] = []
    for good in GOODS:
        ranked = sorted(counts[good].items(), key=lambda item: (-item[1], item[0]))
        colour = next((c for c, _n in ranked if shared[c] <= 2 and c not in out), None)
        if colour is not None:
            out.append(colour)
    return out


PALETTE = png.Palette(
    _palette_samples,
    keep=[
        *icons.SEAT_FILL.values(),
        *TIER_FILL.values(),
        CANVAS,
        CARD,
        CARD_HI,
        TEXT,
        MUTED,
        DIM,
        HIGHLIGHT,
        GOOD,
        GOLD,
        NEWS,
        NEWS_TEXT,
        DANGER,
        icons.TILE,
        icons.INK,
    ],
    # 60 with each good's colour and the face-down bands kept: 15 % fewer bytes than 96
    # without (which lost some goods' colours), the same text (issue 43; docs/render.md)
    colours=60,
    keep_drawn=lambda: [*_goods_colours(), *board.face_down_bands()],
    contrast=palette.table(CONTRAST, (*icons.SEAT_FILL.values(), *TIER_FILL.values()), icons.INK),
)


def render_board(view: View, names: Sequence[str]) -> bytes:
    """The public board image (PNG bytes)."""
    return png.encode(draw_board_image(view, names), PALETTE)


def render_tablets(view: View, names: Sequence[str]) -> bytes:
    """Every player's goods tablet in one image (PNG bytes)."""
    return png.encode(draw_tablets(view, names), PALETTE)


def clear_caches() -> None:
    PALETTE.reset()
