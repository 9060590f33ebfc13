"""A player's hand image (for the DM or ephemeral reply): their cards with number and colour,
jokers marked, and under each card the squares it can place a piece on: read from the player's
legal choices when it is their turn to play (``play 6 d4``), else the squares of the buildings
of that number. Drawn from the player view only.

900 px wide, as tall as its content; nothing smaller than 24 px (a capital ≈ 7.8 px tall when
Discord shows the image 400 px wide).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core import ActionChoice
from engine.downfall import board as B
from render import fonts, i18n, palette, shapes
from render.downfall.lang import _
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
from render.downfall.news import PHASE_TITLE
from render.downfall.terms import term

HAND_W = 900
CARD_W, CARD_H, CARD_GAP, CARD_TOP = 200, 300, 16, 84
SMALL = 24  # px: the smallest text (7.8 px at 400 px wide)
LINE = 32
MANY = 4  # more legal squares than this: "any free space"


def card_x(count: int, i: int) -> int:
    """The left edge of the ``i``-th of ``count`` cards (centred)."""
    x0 = (HAND_W - count * CARD_W - max(0, count - 1) * CARD_GAP) // 2
    return x0 + i * (CARD_W + CARD_GAP)


def playable_squares(choices: Sequence[ActionChoice]) -> dict[int, list[str]]:
    """Card -> the squares it can place a piece on now (``play 6 d4``; ``play 3``: none)."""
    out: dict[int, list[str]] = {}
    for choice in choices:
        words = choice.notation.split()
        if len(words) >= 2 and words[0] == "play" and words[1].isdigit():
            squares = out.setdefault(int(words[1]), [])
            if len(words) >= 3:
                squares.append(words[2])
    return out


def _where(card: int, playable: Mapping[int, list[str]]) -> str:
    if card not in playable:  # not their turn: where the card's buildings are
        return " ".join(sq for b in B.BUILDINGS_BY_NUMBER.get(card, ()) for sq, _n in b.squares)
    squares = playable[card]
    if not squares:
        return _("no space")
    return " ".join(squares) if len(squares) <= MANY else _("any free space")


def _footer(view: Mapping[str, Any], jokers: Sequence[bool], playing: bool) -> list[str]:
    lines = []
    if view.get("can_erupt"):
        lines.append(_("All jokers: you may call the eruption (erupt)"))
    elif any(jokers):
        lines.append(_("★ Joker: its houses are full: place on any free space"))
    if playing:
        lines.append(_("Under each card: the squares it can fill now"))
    return lines


def draw_hand(
    view: Mapping[str, Any], name: str, choices: Sequence[ActionChoice] = ()
) -> Image.Image:
    """A player's hand: their cards with number and colour, jokers marked, and where each can
    place a piece (from ``choices`` when they are to play a card)."""
    hand = [int(c) for c in view.get("hand") or []]
    jokers = [bool(j) for j in view.get("jokers") or []]
    playable = playable_squares(choices)
    foot: list[str] = []
    for text in _footer(view, jokers, bool(playable)):
        foot += fonts.wrap(text, "regular", SMALL, HAND_W - 48)
    bottom = CARD_TOP + CARD_H if hand else 260
    height = bottom + 24 + LINE * len(foot) + (12 if foot else 0)
    img = Image.new("RGB", (HAND_W, height), CANVAS)
    seat = int(view.get("seat", 0))
    paste_centered(img, shapes.piece_sprite(colour_of(view, seat), 44), 44, 42)
    phase = str(view.get("phase", "build"))
    right, ink = (_(PHASE_TITLE[phase]) if phase in PHASE_TITLE else phase), MUTED
    if playable:
        right, ink = _("Your turn: play a card"), TEXT
    right_w = fonts.width(right, "cond", SMALL)
    fonts.role_label(img, (HAND_W - 24, 54), right, "cond", SMALL, ink, "rs")
    fonts.fitted_line(img, (80, 54), name, "bold", 32, TEXT, HAND_W - 24 - right_w - 24)
    for i, card in enumerate(hand):
        joker = i < len(jokers) and jokers[i]
        _paste_card(img, card_x(len(hand), i), card, joker, _where(card, playable))
    if not hand:
        fonts.role_label(img, (HAND_W // 2, 180), _("No cards in hand"), "bold", 32, MUTED, "mm")
    fonts.draw_lines(img, (24, bottom + 42), foot, "regular", SMALL, TEXT, LINE)
    return img


_cards: dict[tuple[object, ...], tuple[Image.Image, tuple[fonts.Drawn, ...]]] = {}
_cards_lock = threading.Lock()
CARDS_KEPT = 128
"""Card faces kept (15 cards per language, palette and font set; 180 KB each)."""


def _paste_card(img: Image.Image, x: int, card: int, joker: bool, where: str) -> None:
    """A card at ``x`` (its top at ``CARD_TOP``): its face (frame, number, colour) from a cache
    of faces drawn once per card, language, palette and font set (issue 43: the rounded
    rectangles and texts were most of a hand's drawing), then the squares under it and its
    joker mark. The face is drawn on the canvas colour the hand has under it, so pasting it
    gives the very pixels drawing it there did; its texts are replayed to
    :func:`fonts.recording` where they end up."""
    key = (card, i18n.current(), palette.current(), fonts.generation())
    hit = _cards.get(key)
    dx, dy = fonts.shift()
    if hit is None:
        sprite = Image.new("RGB", (CARD_W + 1, CARD_H + 1), CANVAS)
        with fonts.recording() as log, fonts.recorded_at(-dx, -dy):  # as drawn at (0, 0)
            _draw_face(sprite, ImageDraw.Draw(sprite), 0, 0, card)
        hit = (sprite, tuple(log))
        with _cards_lock:
            if len(_cards) >= CARDS_KEPT:
                _cards.clear()
            _cards[key] = hit
    sprite, drawn = hit
    img.paste(sprite, (x, CARD_TOP))
    fonts.replay(drawn, x + dx, CARD_TOP + dy)
    _draw_marks(img, ImageDraw.Draw(img), x, CARD_TOP, joker, where)


def _draw_card(
    img: Image.Image, d: ImageDraw.ImageDraw, x: int, top: int, card: int, joker: bool, where: str
) -> None:
    """A card drawn anew (what :func:`_paste_card` gives)."""
    _draw_face(img, d, x, top, card)
    _draw_marks(img, d, x, top, joker, where)


def _draw_face(img: Image.Image, d: ImageDraw.ImageDraw, x: int, top: int, card: int) -> None:
    colour_name = B.CARD_COLOURS.get(card, "neutral")
    d.rounded_rectangle(
        (x, top, x + CARD_W, top + CARD_H),
        radius=16,
        fill=(250, 244, 228),
        outline=(20, 16, 14),
        width=3,
    )
    d.rounded_rectangle(
        (x + 10, top + 10, x + CARD_W - 10, top + CARD_H - 90),
        radius=10,
        fill=BUILDING_FILL[colour_name],
        outline=BUILDING_EDGE[colour_name],
        width=3,
    )
    cx = x + CARD_W / 2
    fonts.label(
        img,
        (cx, top + 100),
        str(card),
        fonts.font("bold", 96),
        NUMBER_INK,
        anchor="mm",
        stroke=4,
        stroke_fill=NUMBER_HALO,
    )
    colour_said = fonts.fit(term(colour_name), fonts.font("bold", 28), 28, CARD_W - 16)
    fonts.role_label(img, (cx, top + CARD_H - 52), colour_said, "bold", 28, NUMBER_INK, "ms")


def _draw_marks(
    img: Image.Image, d: ImageDraw.ImageDraw, x: int, top: int, joker: bool, where: str
) -> None:
    """What changes from hand to hand on a card: the squares under it, its joker mark."""
    cx = x + CARD_W / 2
    where = fonts.fit(where, fonts.font("cond_bold", SMALL), SMALL, CARD_W - 12)
    fonts.role_label(img, (cx, top + CARD_H - 16), where, "cond_bold", SMALL, MUTED_INK, "ms")
    if joker:
        d.rounded_rectangle(
            (x + 18, top + 152, x + CARD_W - 18, top + 198),
            radius=10,
            fill=HIGHLIGHT,
            outline=HIGHLIGHT_EDGE,
            width=3,
        )
        fonts.role_label(img, (cx, top + 175), _("★ JOKER"), "bold", SMALL, (255, 255, 255), "mm")
