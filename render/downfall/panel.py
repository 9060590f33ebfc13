"""The players under the board: a row per player with their piece, name and colour and the
figures that matter in the phase (phase 1: supply, city, volcano, hand; from the eruption on:
city, saved, volcano), the player on turn marked, and at the end each player's place.

It spans the image's width, so its text can be as large as the board's coordinates: nothing in
it is smaller than ``SMALLEST`` px (a capital ≈ 7.3 px tall when Discord shows the image 400 px
wide).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render import fonts, shapes
from render.downfall.lang import N_, _
from render.downfall.layout import (
    CANVAS,
    CARD,
    CARD_HI,
    GOLD,
    HIGHLIGHT,
    MUTED,
    SMALLEST,
    TEXT,
    W,
    display_name,
    paste_centered,
)
from render.downfall.terms import term

X0, X1 = 22, W - 22  # the panel's left and right edges
ROW_SIZE = 32  # names and numbers in the player rows
ROW_H = 50
COL_W = 132
COLUMNS = {  # label -> the seat's field, per phase
    "build": ((N_("supply"), "supply"), (N_("city"), "in_city"), (N_("volcano"), "volcano"),
              (N_("hand"), "hand_size")),
    "escape": ((N_("city"), "in_city"), (N_("saved"), "saved"), (N_("volcano"), "volcano")),
}  # fmt: skip
NAME_X = X0 + 60  # where a player's name starts


def columns(view: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """The figures shown for the phase: ``(label, field)``."""
    phase = view.get("phase")
    return COLUMNS["build" if phase == "build" else "escape"]  # hands and supply are gone


def name_right(view: Mapping[str, Any]) -> float:
    """Where the name column ends (the figures start after it)."""
    return X1 - len(columns(view)) * COL_W - 16


def panel_height(view: Mapping[str, Any]) -> int:
    return 52 + ROW_H * len(view.get("seats") or []) + 12


def draw_panel(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> int:
    """A row per player: piece, name and colour, and the phase's figures."""
    cols = columns(view)
    cols_x = X1 - len(cols) * COL_W
    name_r = name_right(view)
    for i, (label, _key) in enumerate(cols):
        cx = cols_x + i * COL_W + COL_W / 2
        fonts.role_label(img, (cx, top + 40), _(label), "cond", SMALLEST, MUTED, "ms")
    phase = view.get("phase")
    seat = (view.get("pending") or {}).get("seat")
    places = [p for p in (view.get("outcome") or {}).get("places") or [] if isinstance(p, int)]
    y = top + 52
    for sv in view.get("seats") or []:
        s = int(sv.get("seat", 0))
        on_turn = seat == s and phase != "over"
        fill, bar = (CARD_HI, HIGHLIGHT) if on_turn else (CARD, None)
        img.paste(shapes.box((X1 - X0, ROW_H - 6), fill, CANVAS, bar=bar), (X0, y))
        colour = str(sv.get("colour", "red"))
        paste_centered(img, shapes.piece_sprite(colour, 40), X0 + 32, y + 22)
        base = y + 34
        right = name_r
        if phase == "over" and s < len(places):  # the finishing place, gold for the winners
            gold = GOLD if places[s] == 1 else MUTED
            fonts.role_label(img, (name_r, base), f"#{places[s]}", "bold", ROW_SIZE, gold, "rs")
            right -= 60
        f = fonts.font("bold", ROW_SIZE)
        name = fonts.fit(display_name(view, names, s), f, ROW_SIZE, right - NAME_X)
        x = NAME_X + fonts.draw_text(img, (NAME_X, base), name, f, ROW_SIZE, TEXT) + 12
        said = term(colour)
        if x + fonts.width(said, "cond", SMALLEST) <= right:  # if there is room
            fonts.role_label(img, (x, base), said, "cond", SMALLEST, MUTED)
        for i, (_label, key) in enumerate(cols):
            cx = cols_x + i * COL_W + COL_W / 2
            fonts.role_label(img, (cx, base), str(sv.get(key, 0)), "bold", ROW_SIZE, TEXT, "ms")
        y += ROW_H
    return y
