"""The side panel (phase, whose turn and what they decide, the players, the last turn in
words) and the strip under the board (lava tiles in the bag, the stock, the discard pile)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.downfall import board as B
from render import fonts, shapes
from render.downfall.last_turn import LastTurn
from render.downfall.layout import (
    BUILDING_FILL,
    CANVAS,
    CARD,
    CARD_HI,
    GOLD,
    GX,
    HIGHLIGHT,
    MUTED,
    NUMBER_HALO,
    NUMBER_INK,
    PANEL_X,
    SEETHE,
    STRIP_Y,
    TEXT,
    H,
    W,
    colour_of,
    display_name,
    mix,
    paste_centered,
)
from render.fonts import RGB


def decision(view: Mapping[str, Any]) -> str:
    pending = view.get("pending") or {}
    kind = pending.get("kind")
    if kind == "play":
        return "plays a card and places a piece"
    if kind == "relative":
        left = pending.get("relatives_left", 0)
        frm = pending.get("relatives_from")
        src = f" (from {frm})" if frm else ""
        return f"may place {left} more relative{'s' if left != 1 else ''}{src}"
    if kind == "omen":
        return "Omen: throws a piece into the volcano"
    if kind == "lava":
        tile = str(pending.get("lava_tile") or "lava")
        if "/" in tile:
            return f"places the dual vent tile: {tile.replace('/', ' or ')}"
        return f"places a {tile} lava tile"
    if kind == "move":
        left = pending.get("moves_left", 0)
        return f"moves a piece ({left} move{'s' if left != 1 else ''} left)"
    return str(pending.get("prompt", ""))


PHASE_TITLE = {
    "build": "Phase 1 · To Pompeii",
    "lava_setup": "The lava comes",
    "escape": "Phase 2 · Escape!",
    "over": "Game over",
}

PANEL_R = W - 14
TURN_TOP = 130  # the "whose turn" box
ROWS_TOP = 262  # the first player row
ROW_H = 86
NAME_X = PANEL_X + 56  # where a player's name starts; it is cut to end before PANEL_R - 12
NAME_R = PANEL_R - 12
COLS = (("supply", 128), ("city", 190), ("saved", 252), ("volcano", 318), ("hand", 370))
LEGEND_Y = H - 70
BAG_X = GX - 34
STOCK_X = BAG_X + 6 * 66 + 14
DISCARD_X = STOCK_X + 80
DISCARD_KEYS = (*(str(n) for n in range(1, 12)), "omen")


def draw_static_panel(img: Image.Image, stacked: bool) -> None:
    """The parts of the panel and strip that never change (drawn into the background)."""
    d = ImageDraw.Draw(img)
    x0 = PANEL_X
    fonts.role_label(img, (x0, 34), "THE DOWNFALL OF POMPEII", "serif_bold", 20, MUTED)
    for label, cx in COLS:
        fonts.role_label(img, (x0 + cx, ROWS_TOP - 8), label, "cond", 16, MUTED, "ms")
    ly = LEGEND_Y
    d.rounded_rectangle((x0, ly, x0 + 30, ly + 22), radius=5, outline=HIGHLIGHT, width=4)
    fonts.role_label(img, (x0 + 40, ly + 18), "last turn", "cond", 16, MUTED)
    if stacked:
        d.rounded_rectangle((x0 + 130, ly, x0 + 156, ly + 24), radius=7, fill=NUMBER_INK)
        fonts.role_label(img, (x0 + 143, ly + 12), "5", "bold", 18, NUMBER_HALO, "mm")
        fonts.role_label(
            img, (x0 + 164, ly + 18), "pieces on square = move points", "cond", 16, MUTED
        )

    y0 = STRIP_Y
    fonts.role_label(img, (BAG_X, y0 + 14), "Lava tiles in the bag", "bold", 18, MUTED)
    for i, symbol in enumerate(B.SYMBOLS):
        tile = shapes.lava_tile(symbol, 56)
        img.paste(tile, (BAG_X + i * 66, y0 + 26), tile)
    fonts.role_label(img, (STOCK_X, y0 + 14), "Stock", "bold", 18, MUTED)
    d.rounded_rectangle(
        (STOCK_X, y0 + 26, STOCK_X + 56, y0 + 82),
        radius=6,
        fill=(80, 66, 54),
        outline=MUTED,
        width=2,
    )
    fonts.role_label(img, (STOCK_X + 28, y0 + 110), "cards", "cond", 16, MUTED, "ms")
    fonts.role_label(img, (DISCARD_X, y0 + 14), "Discard pile", "bold", 18, MUTED)
    for i, key in enumerate(DISCARD_KEYS):
        _discard_card(img, DISCARD_X + i * 50, y0 + 26, key, bright=False)
    fonts.role_label(img, (DISCARD_X + 11 * 50 + 21, y0 + 130), "omen", "cond", 14, MUTED, "ms")


def _discard_card(img: Image.Image, x: int, y: int, key: str, *, bright: bool) -> None:
    d = ImageDraw.Draw(img)
    colour = BUILDING_FILL[B.CARD_COLOURS[int(key)]] if key.isdigit() else (92, 52, 52)
    ink = NUMBER_INK if key.isdigit() else TEXT
    if not bright:
        colour, ink = mix(colour, CANVAS, 0.65), mix(ink, CANVAS, 0.5)
    d.rounded_rectangle((x, y, x + 42, y + 56), radius=6, fill=colour, outline=(20, 16, 14))
    fonts.role_label(img, (x + 21, y + 28), key if key.isdigit() else "Ω", "bold", 24, ink, "mm")


def _bright_card(key: str) -> Image.Image:
    """A discard-pile card face (with the canvas around its corners), cached."""

    def make() -> Image.Image:
        im = Image.new("RGB", (43, 57), CANVAS)
        _discard_card(im, 0, 0, key, bright=True)
        return im

    return shapes.cached(("discard card", key), make)


def draw_panel(
    img: Image.Image, view: Mapping[str, Any], names: Sequence[str], last: LastTurn
) -> None:
    d = ImageDraw.Draw(img)
    x0, x1 = PANEL_X, PANEL_R
    phase = str(view.get("phase", "build"))
    fonts.role_label(img, (x0, 74), PHASE_TITLE.get(phase, phase), "bold", 28, TEXT)
    chip = _phase_chip(view)
    if chip:
        text, chip_fill = chip
        cf = fonts.font("bold", 21)
        d.rounded_rectangle((x0, 86, x0 + 24 + cf.getlength(text), 120), radius=8, fill=chip_fill)
        fonts.label(img, (x0 + 12, 111), text, cf, (255, 255, 255))

    # whose turn, and what they must decide
    pending = view.get("pending") or {}
    seat = pending.get("seat")
    y = TURN_TOP
    d.rounded_rectangle((x0, y, x1, y + 100), radius=10, fill=CARD_HI, outline=HIGHLIGHT, width=2)
    if phase == "over" or not isinstance(seat, int):
        line1, line2 = _outcome_lines(view, names)
        winners = (view.get("outcome") or {}).get("winners") or []
        lx = x0 + 16
        if len(winners) == 1 and isinstance(winners[0], int):
            paste_centered(
                img, shapes.piece_sprite(colour_of(view, winners[0]), 44), x0 + 34, y + 32
            )
            lx = x0 + 64
        fonts.fitted_line(img, (lx, y + 42), line1, "bold", 28, TEXT, x1 - 16)
        fonts.fitted_line(img, (x0 + 16, y + 80), line2, "regular", 20, MUTED, x1 - 16)
    else:
        colour = colour_of(view, seat)
        paste_centered(img, shapes.piece_sprite(colour, 44), x0 + 34, y + 32)
        right = x1 - 14
        tile = pending.get("lava_tile")
        if pending.get("kind") == "lava" and isinstance(tile, str):
            for i, symbol in enumerate(reversed(tile.split("/"))):  # the drawn tile (dual: both)
                sprite = shapes.lava_tile(symbol, 44)
                img.paste(sprite, (round(x1 - 56 - i * 48), y + 10), sprite)
            right = x1 - 66 - 48 * tile.count("/")
        fonts.fitted_line(
            img, (x0 + 64, y + 42), display_name(view, names, seat), "bold", 28, TEXT, right
        )
        fonts.fitted_line(img, (x0 + 16, y + 82), decision(view), "regular", 20, TEXT, x1 - 16)

    # players: colour, name, and where their pieces are
    outcome = view.get("outcome") or {}
    places = [p for p in outcome.get("places") or [] if isinstance(p, int)]
    y = ROWS_TOP
    for sv in view.get("seats") or []:
        s = int(sv.get("seat", 0))
        on_turn = seat == s and phase != "over"
        d.rounded_rectangle(
            (x0, y, x1, y + ROW_H - 8), radius=10, fill=CARD_HI if on_turn else CARD
        )
        if on_turn:
            d.rounded_rectangle((x0, y, x0 + 7, y + ROW_H - 8), radius=3, fill=HIGHLIGHT)
        colour = str(sv.get("colour", "red"))
        paste_centered(img, shapes.piece_sprite(colour, 40), x0 + 30, y + 27)
        right = NAME_R
        if phase == "over" and s < len(places):  # the finishing place, gold for the winners
            place = f"#{places[s]}"
            fonts.role_label(
                img, (NAME_R, y + 34), place, "bold", 24, GOLD if places[s] == 1 else MUTED, "rs"
            )
            right = NAME_R - 48
        fonts.fitted_line(
            img, (NAME_X, y + 34), display_name(view, names, s), "bold", 24, TEXT, right
        )
        fonts.role_label(img, (x0 + 30, y + 70), colour, "cond", 16, MUTED, "ms")
        values = [sv.get(k, 0) for k in ("supply", "in_city", "saved", "volcano", "hand_size")]
        for (_label, cx), v in zip(COLS, values, strict=True):
            fonts.role_label(img, (x0 + cx, y + 70), str(v), "bold", 27, TEXT, "ms")
        y += ROW_H

    # the last turn in words
    y += 8
    fonts.role_label(img, (x0, y + 18), "Last turn", "bold", 20, MUTED)
    y += 28
    lines = last.lines or ["—"]
    room = (LEGEND_Y - 20 - y) // 30
    if len(lines) > room:  # a long turn (many relatives): its end matters most
        lines = ["…", *lines[len(lines) - room + 1 :]]
    for line in lines:
        fonts.fitted_line(img, (x0 + 4, y + 22), line, "cond", 22, TEXT, x1 - 4)
        y += 30

    tiles = view.get("tiles_placed", 0)
    out = len(view.get("tiles_out_of_play") or [])
    lava_line = f"lava tiles placed: {tiles}" + (f" · out of play: {out}" if out else "")
    fonts.role_label(img, (x0, LEGEND_Y + 50), lava_line, "cond", 16, MUTED)


def _phase_chip(view: Mapping[str, Any]) -> tuple[str, RGB] | None:
    phase = view.get("phase")
    if phase == "build" and view.get("seething"):
        return "Vesuvius seethes!", SEETHE
    if phase == "lava_setup":
        return f"Vesuvius erupts! {view.get('tiles_placed', 0)} of 6 tiles", SEETHE
    return None


def _outcome_lines(view: Mapping[str, Any], names: Sequence[str]) -> tuple[str, str]:
    outcome = view.get("outcome") or {}
    winners = [w for w in outcome.get("winners", []) if isinstance(w, int)]
    scores = outcome.get("scores") or []
    who = " & ".join(display_name(view, names, w) for w in winners) or "nobody"
    verb = "win" if len(winners) > 1 else "wins"
    detail = ""
    if winners and winners[0] < len(scores):
        sc = scores[winners[0]]
        detail = f"{sc.get('saved', '?')} saved, {sc.get('volcano', '?')} in the volcano"
    return f"{who} {verb}!", detail


def draw_strip(img: Image.Image, view: Mapping[str, Any]) -> None:
    """Under the board: lava tiles left in the bag, the stock and the discard pile."""
    y0 = STRIP_Y
    bag = view.get("bag") or {}
    for i, symbol in enumerate(B.SYMBOLS):
        n = int(bag.get(symbol, 0))
        fonts.role_label(
            img, (BAG_X + i * 66 + 28, y0 + 110), str(n), "bold", 22, TEXT if n else MUTED, "ms"
        )
    duals = sum(int(v) for k, v in bag.items() if "/" in k)
    if duals:
        fonts.role_label(img, (BAG_X, y0 + 138), f"+ {duals} dual vent", "cond", 16, MUTED)
    fonts.role_label(
        img, (STOCK_X + 28, y0 + 54), str(view.get("stock_size", 0)), "bold", 22, TEXT, "mm"
    )

    discard = view.get("discard") or {}
    top = view.get("discard_top")
    d = ImageDraw.Draw(img)
    for i, key in enumerate(DISCARD_KEYS):
        x = DISCARD_X + i * 50
        n = int(discard.get(key, 0))
        if n:
            img.paste(_bright_card(key), (x, y0 + 26))
        if key == top:
            d.rounded_rectangle(
                (x - 3, y0 + 23, x + 45, y0 + 85), radius=8, outline=HIGHLIGHT, width=4
            )
        fonts.role_label(img, (x + 21, y0 + 110), str(n), "bold", 22, TEXT if n else MUTED, "ms")
