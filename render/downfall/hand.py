"""A player's hand image (for the DM or ephemeral reply): their cards with number and
colour, jokers marked. Drawn from the player view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.downfall import board as B
from render import fonts, shapes
from render.downfall.layout import (
    BUILDING_EDGE,
    BUILDING_FILL,
    CANVAS,
    HIGHLIGHT,
    HIGHLIGHT_EDGE,
    MUTED,
    MUTED_INK,
    NUMBER_HALO,
    NUMBER_INK,
    TEXT,
    colour_of,
    paste_centered,
)
from render.downfall.panel import PHASE_TITLE

HAND_W, HAND_H = 900, 420


def draw_hand(view: Mapping[str, Any], name: str) -> Image.Image:
    """A player's hand: their cards with number and colour, jokers marked."""
    img = Image.new("RGB", (HAND_W, HAND_H), CANVAS)
    d = ImageDraw.Draw(img)
    seat = int(view.get("seat", 0))
    colour = colour_of(view, seat)
    paste_centered(img, shapes.piece_sprite(colour, 40), 40, 40)
    nf = fonts.font("bold", 28)
    fonts.draw_text(img, (72, 50), fonts.fit(f"{name}", nf, 28, 560), nf, 28, TEXT)
    sub = fonts.font("regular", 20)
    phase = str(view.get("phase", "build"))
    d.text((HAND_W - 24, 48), PHASE_TITLE.get(phase, phase), font=sub, fill=MUTED, anchor="rs")
    hand = [int(c) for c in view.get("hand") or []]
    jokers = [bool(j) for j in view.get("jokers") or []]
    card_w, card_h, gap = 190, 270, 24
    x = (HAND_W - len(hand) * card_w - max(0, len(hand) - 1) * gap) // 2 if hand else 24
    big = fonts.font("bold", 96)
    label = fonts.font("bold", 22)
    for i, card in enumerate(hand):
        joker = i < len(jokers) and jokers[i]
        cx = x + i * (card_w + gap)
        top = 84
        colour_name = B.CARD_COLOURS.get(card, "neutral")
        fill = BUILDING_FILL[colour_name]
        d.rounded_rectangle(
            (cx, top, cx + card_w, top + card_h),
            radius=16,
            fill=(250, 244, 228),
            outline=(20, 16, 14),
            width=3,
        )
        d.rounded_rectangle(
            (cx + 10, top + 10, cx + card_w - 10, top + card_h - 64),
            radius=10,
            fill=fill,
            outline=BUILDING_EDGE[colour_name],
            width=3,
        )
        d.text(
            (cx + card_w / 2, top + 100),
            str(card),
            font=big,
            fill=NUMBER_INK,
            anchor="mm",
            stroke_width=4,
            stroke_fill=NUMBER_HALO,
        )
        d.text(
            (cx + card_w / 2, top + card_h - 34),
            colour_name,
            font=label,
            fill=NUMBER_INK,
            anchor="ms",
        )
        where = " · ".join(b.squares[0][0] for b in B.BUILDINGS_BY_NUMBER.get(card, ()))
        d.text((cx + card_w / 2, top + card_h - 12), where, font=sub, fill=MUTED_INK, anchor="ms")
        if joker:
            d.rounded_rectangle(
                (cx + 18, top + 150, cx + card_w - 18, top + 192),
                radius=10,
                fill=HIGHLIGHT,
                outline=HIGHLIGHT_EDGE,
                width=3,
            )
            d.text(
                (cx + card_w / 2, top + 171),
                "★ JOKER",
                font=label,
                fill=(255, 255, 255),
                anchor="mm",
            )
    if not hand:
        d.text((HAND_W // 2, 220), "No cards in hand", font=nf, fill=MUTED, anchor="mm")
    foot = (
        "All jokers: you may call the eruption (erupt)"
        if view.get("can_erupt")
        else (
            "★ Joker: every building of that number is full: place on any free space"
            if any(jokers)
            else ""
        )
    )
    if foot:
        fonts.draw_text(img, (HAND_W / 2, HAND_H - 26), foot, sub, 20, TEXT, anchor="ms")
    return img
