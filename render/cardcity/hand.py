"""The private image: the same city as the public one with the spaces where the viewer's cards
fit, and under it, as wide as the city (so that its text reads at Discord's 400 px preview:
nothing smaller than ``SMALLEST`` px), whose image it is and what to do now, the hand, the
statue and permit uses, how to read the marked spaces, the deck and the scores. Drawn from the
player view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.cardcity import data as D
from render import fonts, shapes
from render.cardcity import art
from render.cardcity.cards import card_tile, permit_icon, seat_badge
from render.cardcity.grid import draw_city_cards, draw_coordinates, draw_last, draw_legal, open_grid
from render.cardcity.layout import (
    CANVAS,
    END_PHASE,
    GX,
    GY,
    HAND_H,
    HAND_W,
    LEGAL,
    LEGAL_FILL,
    MUTED,
    PANEL,
    PANEL_HI,
    PANEL_Y,
    SMALLEST,
    TEXT,
    Cell,
)
from render.cardcity.panel import LINE_H, X0, X1, adapted_note, draw_deck, draw_legend
from render.cardcity.view import (
    Fit,
    cell_code,
    face_of,
    hand_codes,
    legal_spots,
    plural,
    read_city,
    read_last,
    statue_spots,
)

HAND_CARD = 120  # a hand card's size in the panel
CARD_COL = (X1 - X0) // 3  # a hand has three cards
OWN_H = 140  # the box of the statue, the permits and the scores


def _base() -> Image.Image:
    """What never changes: the surround, the open grid and the legend (copied for every image;
    ``draw_city_cards`` expects the open grid in place)."""

    def make() -> Image.Image:
        img = Image.new("RGB", (HAND_W, HAND_H), CANVAS)
        img.paste(open_grid(), (GX, GY))
        draw_legend(img)
        return img

    return shapes.cached(("hand base",), make)


def hand_status(view: Mapping[str, Any], spots: Mapping[Cell, list[Fit]]) -> str:
    seat = view.get("seat")
    stage = view.get("stage")
    if stage == "over":
        return "The game is over."
    if stage == "window":
        window = view.get("window") or {}
        if seat in (window.get("pending") or []):
            if window.get("second_turn") == seat:
                return "You may use your building permit for a second turn now."
            return "You may use your building permit to build before the next player."
        return f"Permit window open; then player {int(window.get('next', 0)) + 1} plays."
    if view.get("actor") == seat:
        if stage == "draw":
            return "Your turn: draw a card, or keep your hand."
        if view.get("permit_turn"):
            return "Your permit turn: place a card or your statue (a claim commits)."
        if view.get("can_place") is False:
            return "Your turn: nothing fits; discard a card (a draw follows)."
        if not spots:
            return "Your turn: no card fits; statue or discard one."
        return "Your turn: place a card on a marked space."
    actor = view.get("actor")
    who = f"player {int(actor) + 1}" if isinstance(actor, int) else "the others"
    return f"Not your turn: waiting for {who}."


def _draw_head(img: Image.Image, view: Mapping[str, Any], name: str, status: str, top: int) -> int:
    """Whose image it is (only theirs) and what to do now, in a teal-edged box."""
    seat = int(view.get("seat", 0))
    x = X0 + 60
    name_font = fonts.font("bold", 30)
    shown = fonts.fit(fonts.clean(name) or f"Player {seat + 1}", name_font, 30, X1 - 320 - x)
    lines = fonts.wrap(status, "regular", SMALLEST, X1 - X0 - 28)
    bottom = top + 88 + LINE_H * (len(lines) - 1)
    frame = shapes.box((X1 - X0, bottom - top), PANEL_HI, CANVAS, outline=LEGAL, width=2)
    img.paste(frame, (X0, top))
    seat_badge(img, (X0 + 30, top + 27), seat, 19)
    after = x + fonts.draw_text(img, (x, top + 38), shown, name_font, 30, TEXT) + 14
    fonts.role_label(img, (after, top + 38), "your hand, only you see it", "cond", SMALLEST, MUTED)
    fonts.draw_lines(img, (X0 + 14, top + 74), lines, "regular", SMALLEST, TEXT, LINE_H)
    return bottom


def _draw_cards(
    img: Image.Image, codes: list[str], spots: Mapping[Cell, list[Fit]], top: int
) -> int:
    """The hand: each card with its name, colour and value, how many spaces it fits and its
    best play."""
    if not codes:
        fonts.role_label(img, (X0 + 14, top + 40), "No cards in hand", "bold", 28, MUTED)
        return top + 56
    per_card: dict[str, list[tuple[Cell, int]]] = {}
    for cell, fits in spots.items():
        for fit in fits:
            per_card.setdefault(fit.code, []).append((cell, fit.points))
    for i, code in enumerate(codes):
        cx = X0 + i * CARD_COL
        img.paste(card_tile(code, HAND_CARD, CANVAS), (cx, top))
        b, c, v = face_of(code)
        x, right = cx + HAND_CARD + 12, cx + CARD_COL - 8
        bold = fonts.font("cond_bold", SMALLEST)
        fonts.draw_text(
            img,
            (x, top + 24),
            fonts.fit(D.BUILDINGS[b][1], bold, SMALLEST, right - x),
            bold,
            SMALLEST,
            TEXT,
        )
        fonts.role_label(img, (x, top + 54), f"{D.COLOURS[c][1]} · {v}", "cond", SMALLEST, MUTED)
        places = sorted(per_card.get(code, []), key=lambda t: (-t[1], t[0]))
        if places:
            best_cell, best = places[0]
            lines = (plural(len(places), "space"), f"best +{best} on {cell_code(best_cell)}")
        else:
            lines = ("fits nowhere", "")
        for j, line in enumerate(lines):
            colour = LEGAL if places else END_PHASE
            fonts.role_label(img, (x, top + 84 + j * 30), line, "cond", SMALLEST, colour)
    return top + HAND_CARD


def _draw_own(img: Image.Image, view: Mapping[str, Any], top: int) -> int:
    """The statue, the permit uses left, and every score with what the hand will cost."""
    seat = int(view.get("seat", 0))
    seats = view.get("seats") or []
    me: Mapping[str, Any] = next((s for s in seats if s.get("seat") == seat), {})
    img.paste(shapes.box((X1 - X0, OWN_H), PANEL, CANVAS), (X0, top))
    used = bool(me.get("statue_used"))
    statue = art.statue_sprite(30, MUTED if used else TEXT)
    img.paste(statue, (X0 + 12, top + 10), statue)
    statue_line = "Statue: used" if used else "Statue: a joker worth 1, fits any open edge; no draw"
    colour = MUTED if used else TEXT
    fonts.role_label(img, (X0 + 52, top + 34), statue_line, "cond", SMALLEST, colour)
    left = int(me.get("permits_left", 0))
    uses = int(view.get("permit_uses", 1))
    for i in range(uses):
        permit_icon(img, X0 + 12 + i * 38, top + 48, i < left, 1.2, SMALLEST)
    permit_line = f"Building permit: {left} use{'s' if left != 1 else ''} left"
    x = X0 + 18 + uses * 38
    fonts.role_label(img, (x, top + 78), permit_line, "cond", SMALLEST, TEXT if left else MUTED)
    base = top + 126
    fonts.role_label(img, (X0 + 12, base), "Scores", "cond", SMALLEST, MUTED)
    x = X0 + 96
    for sv in seats:
        s = int(sv.get("seat", 0))
        seat_badge(img, (x + 19, base - 9), s, 19)
        x += 44
        score = str(sv.get("score", 0))
        fonts.role_label(img, (x, base), score, "bold", 26, TEXT)
        x += round(fonts.width(score, "bold", 26)) + 18
    hand_value = int(view.get("hand_value", 0))
    fonts.role_label(
        img, (x, base), f"· your hand counts −{hand_value} at the end", "cond", SMALLEST, TEXT
    )
    return top + OWN_H


def _draw_key(img: Image.Image, codes: list[str], spots: Mapping[Cell, list[Fit]], top: int) -> int:
    """How to read a marked space, and how to type the best play."""
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (X0, top, X0 + 96, top + 44), radius=8, fill=LEGAL_FILL, outline=LEGAL, width=4
    )
    fonts.role_label(
        img, (X0 + 48, top + 23), "Tr +8", "cond_bold", SMALLEST, (255, 255, 255), "mm"
    )
    text = "a space where your card fits, with the points it would score"
    fonts.role_label(img, (X0 + 110, top + 31), text, "cond", SMALLEST, TEXT)
    top_fit = max(
        ((fit.points, fit.code, cell) for cell, fits in spots.items() for fit in fits),
        key=lambda t: (t[0], t[1], (-t[2][0], -t[2][1])),
        default=None,
    )
    example = (
        f"play {top_fit[1]} {cell_code(top_fit[2])}"
        if top_fit
        else f"discard {codes[0]}"
        if codes
        else "play Tr g8"
    )
    line = f"/move {example}   (card, column, row)"
    fonts.role_label(img, (X0 + 110, top + 31 + LINE_H), line, "cond", SMALLEST, MUTED)
    return top + 31 + LINE_H + 8


def draw_hand(view: Mapping[str, Any], name: str) -> Image.Image:
    """The private image (``HAND_W`` × ``HAND_H``): the city with the viewer's spots, and the
    panel under it."""
    img = _base().copy()
    city = read_city(view)
    last = read_last(view, city)
    spots = legal_spots(view, city)
    draw_coordinates(img, city)
    draw_city_cards(img, city, last)
    if last is not None:
        draw_last(img, city, last)
    draw_legal(img, city, spots, statue_spots(view, city, spots))
    codes = hand_codes(view)
    y = _draw_head(img, view, name, hand_status(view, spots), PANEL_Y)
    y = _draw_cards(img, codes, spots, y + 14)
    y = _draw_own(img, view, y + 14)
    y = _draw_key(img, codes, spots, y + 12)
    draw_deck(img, view, y + 4)
    adapted_note(img, view)
    return img
