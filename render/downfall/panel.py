"""The panel under the board: the phase, whose turn it is and what they decide, one row per
player, and the last turn in words.

It spans the image's width, so its text can be as large as the board's coordinates: nothing in
it is smaller than ``SMALLEST`` px (a capital ≈ 7.3 px tall when Discord shows the image 400 px
wide), and sentences wrap instead of being cut.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.downfall import board as B
from render import fonts, shapes
from render.downfall.last_turn import LastTurn
from render.downfall.layout import (
    CANVAS,
    CARD,
    CARD_HI,
    GOLD,
    HIGHLIGHT,
    MUTED,
    NUMBER_HALO,
    NUMBER_INK,
    PANEL_Y,
    SEETHE,
    SMALLEST,
    TEXT,
    H,
    W,
    colour_of,
    display_name,
    paste_centered,
)
from render.fonts import RGB

X0, X1 = 22, W - 22  # the panel's left and right edges
NAME_SIZE = 36  # whose turn
ROW_SIZE = 32  # names and numbers in the player rows
LINE_H = 38  # between wrapped lines of SMALLEST text
ROW_H = 48
COLS = (("supply", "supply"), ("city", "in_city"), ("saved", "saved"), ("volcano", "volcano"),
        ("hand", "hand_size"))  # fmt: skip
COL_W = 118
COLS_X = X1 - len(COLS) * COL_W  # where the number columns start
NAME_X = X0 + 58  # where a player's name starts; it ends before NAME_R
NAME_R = COLS_X - 16
BUILDING_BY_LABEL = {b.label: b for b in B.BUILDINGS}  # the view names buildings "6b", "N3"
PHASE_TITLE = {
    "build": "Phase 1 · To Pompeii",
    "lava_setup": "The lava comes",
    "escape": "Phase 2 · Escape!",
    "over": "Game over",
}


def decision(view: Mapping[str, Any]) -> str:
    pending = view.get("pending") or {}
    kind = pending.get("kind")
    if kind == "play":
        return "plays a card and places a piece"
    if kind == "relative":
        left = pending.get("relatives_left", 0)
        frm = BUILDING_BY_LABEL.get(str(pending.get("relatives_from")))
        squares = "/".join(sq for sq, _n in frm.squares) if frm else ""
        src = f" (brought by house {frm.number} on {squares})" if frm and frm.number else ""
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


def _draw_header(img: Image.Image, view: Mapping[str, Any], top: int) -> int:
    """The phase, Vesuvius' state, and the lava tiles placed so far."""
    phase = str(view.get("phase", "build"))
    title = PHASE_TITLE.get(phase, phase)
    base = top + 34
    fonts.role_label(img, (X0, base), title, "bold", SMALLEST, TEXT)
    x = X0 + fonts.width(title, "bold", SMALLEST) + 18
    chip = _phase_chip(view)
    if chip:
        text, fill = chip
        chip_w = 24 + fonts.width(text, "bold", SMALLEST)
        ImageDraw.Draw(img).rounded_rectangle(
            (x, top + 2, x + chip_w, top + 46), radius=8, fill=fill
        )
        fonts.role_label(img, (x + 12, base), text, "bold", SMALLEST, (255, 255, 255))
        x += chip_w
    tiles = int(view.get("tiles_placed", 0))
    out = len(view.get("tiles_out_of_play") or [])
    right = {
        "build": "The Downfall of Pompeii",
        "lava_setup": "",  # the chip counts the tiles
    }.get(phase, f"{tiles} lava tiles placed" + (f" · {out} out of play" if out else ""))
    if fonts.width(right, "cond", SMALLEST) < X1 - x - 16:
        fonts.role_label(img, (X1, base), right, "cond", SMALLEST, MUTED, "rs")
    return top + 52


def _draw_turn(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> int:
    """Whose turn it is and what they decide (or who won), in a magenta-edged box."""
    phase = str(view.get("phase", "build"))
    pending = view.get("pending") or {}
    seat = pending.get("seat")
    name_font = fonts.font("bold", NAME_SIZE)
    icon: Image.Image | None = None
    right = X1 - 16
    tiles: list[Image.Image] = []
    if phase == "over" or not isinstance(seat, int):
        head, what = _outcome_lines(view, names)
        winners = (view.get("outcome") or {}).get("winners") or []
        if len(winners) == 1 and isinstance(winners[0], int):
            icon = shapes.piece_sprite(colour_of(view, winners[0]), 44)
    else:
        head, what = display_name(view, names, seat), decision(view)
        icon = shapes.piece_sprite(colour_of(view, seat), 44)
        tile = pending.get("lava_tile")
        if pending.get("kind") == "lava" and isinstance(tile, str):  # the drawn tile (dual: both)
            tiles = [shapes.lava_tile(symbol, 44) for symbol in tile.split("/")]
            right -= 50 * len(tiles)
    x = X0 + (64 if icon else 16)
    head = fonts.fit(head, name_font, NAME_SIZE, right - x)
    after = x + fonts.width(head, "bold", NAME_SIZE) + 14
    lines = fonts.wrap(what, "regular", SMALLEST, X1 - 16 - X0 - 16, first=right - after)
    bottom = top + 60 + LINE_H * (len(lines) - 1)
    frame = shapes.box((X1 - X0, bottom - top), CARD_HI, CANVAS, outline=HIGHLIGHT, width=2)
    img.paste(frame, (X0, top))
    if icon is not None:
        paste_centered(img, icon, X0 + 34, top + 30)
    for i, tile_img in enumerate(tiles):
        img.paste(tile_img, (round(right + 8 + i * 50), top + 8), tile_img)
    fonts.draw_text(img, (x, top + 43), head, name_font, NAME_SIZE, TEXT)
    fonts.draw_lines(img, (X0 + 16, top + 43), lines, "regular", SMALLEST, TEXT, LINE_H, after)
    return bottom


def _draw_players(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> int:
    """A row per player: piece, name and colour; supply, city, saved, volcano, hand."""
    for i, (label, _key) in enumerate(COLS):
        cx = COLS_X + i * COL_W + COL_W / 2
        fonts.role_label(img, (cx, top + 30), label, "cond", SMALLEST, MUTED, "ms")
    phase = view.get("phase")
    seat = (view.get("pending") or {}).get("seat")
    places = [p for p in (view.get("outcome") or {}).get("places") or [] if isinstance(p, int)]
    y = top + 40
    for sv in view.get("seats") or []:
        s = int(sv.get("seat", 0))
        on_turn = seat == s and phase != "over"
        fill, bar = (CARD_HI, HIGHLIGHT) if on_turn else (CARD, None)
        img.paste(shapes.box((X1 - X0, ROW_H - 6), fill, CANVAS, bar=bar), (X0, y))
        colour = str(sv.get("colour", "red"))
        paste_centered(img, shapes.piece_sprite(colour, 40), X0 + 32, y + 21)
        base = y + 33
        right = NAME_R
        if phase == "over" and s < len(places):  # the finishing place, gold for the winners
            gold = GOLD if places[s] == 1 else MUTED
            fonts.role_label(img, (NAME_R, base), f"#{places[s]}", "bold", ROW_SIZE, gold, "rs")
            right -= 60
        f = fonts.font("bold", ROW_SIZE)
        name = fonts.fit(display_name(view, names, s), f, ROW_SIZE, right - NAME_X)
        x = NAME_X + fonts.draw_text(img, (NAME_X, base), name, f, ROW_SIZE, TEXT) + 12
        if x + fonts.width(colour, "cond", SMALLEST) <= right:  # if there is room
            fonts.role_label(img, (x, base), colour, "cond", SMALLEST, MUTED)
        for i, (_label, key) in enumerate(COLS):
            cx = COLS_X + i * COL_W + COL_W / 2
            fonts.role_label(img, (cx, base), str(sv.get(key, 0)), "bold", ROW_SIZE, TEXT, "ms")
        y += ROW_H
    return y


def _draw_last(img: Image.Image, view: Mapping[str, Any], last: LastTurn, top: int) -> None:
    """The last turn in words, wrapped; a long turn keeps its end (what matters most)."""
    d = ImageDraw.Draw(img)
    base = top + 34
    d.rounded_rectangle((X0, top + 10, X0 + 34, top + 38), radius=6, outline=HIGHLIGHT, width=4)
    fonts.role_label(img, (X0 + 46, base), "Last turn", "bold", SMALLEST, MUTED)
    if view.get("phase") in ("escape", "over"):  # the corner tag of the phase-2 squares
        legend = "pieces on a square = its move points"
        x = X1 - fonts.width(legend, "cond", SMALLEST)
        fonts.role_label(img, (X1, base), legend, "cond", SMALLEST, MUTED, "rs")
        d.rounded_rectangle((x - 48, top + 8, x - 12, top + 42), radius=7, fill=NUMBER_INK)
        fonts.role_label(img, (x - 30, top + 25), "5", "bold", SMALLEST, NUMBER_HALO, "mm")
    lines = [
        line for text in last.lines or ["—"] for line in fonts.wrap(text, "cond", SMALLEST, X1 - X0)
    ]
    first = base + LINE_H + 4
    room = (H - 14 - first) // LINE_H + 1
    if len(lines) > room:
        lines = ["…", *lines[len(lines) - room + 1 :]]
    fonts.draw_lines(img, (X0, first), lines, "cond", SMALLEST, TEXT, LINE_H)


def draw_panel(
    img: Image.Image, view: Mapping[str, Any], names: Sequence[str], last: LastTurn
) -> None:
    y = _draw_header(img, view, PANEL_Y)
    y = _draw_turn(img, view, names, y)
    y = _draw_players(img, view, names, y + 4)
    _draw_last(img, view, last, y)
