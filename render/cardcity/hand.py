"""The private image: the viewer's hand, their legal spots on the city, statue, permits, deck
and scores. Drawn from the player view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.cardcity import data as D
from render import fonts, shapes
from render.cardcity import art
from render.cardcity.cards import card_ink, card_tile, permit_icon, seat_badge
from render.cardcity.grid import draw_city_cards, draw_coordinates, draw_last, draw_legal, open_grid
from render.cardcity.layout import (
    CANVAS,
    CARD_FILL,
    END_PHASE,
    GX,
    GY,
    HAND_H,
    HAND_W,
    INK,
    LEGAL,
    LEGAL_FILL,
    MUTED,
    PANEL,
    PANEL_HI,
    PANEL_R,
    PANEL_X,
    TEXT,
    Cell,
)
from render.cardcity.panel import deck_lines
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

HAND_CARD = 150


def _draw_legend(img: Image.Image, top: int) -> None:
    """Building symbols and colour letters, with their names (our adaptation, so labelled)."""
    x0 = PANEL_X
    col_w = (PANEL_R - PANEL_X) / 7
    for i, (code, name) in enumerate(D.BUILDINGS):
        x = x0 + i * col_w
        sprite = art.building_sprite(code, 34, TEXT)
        img.paste(sprite, (round(x), top), sprite)
        fonts.role_label(img, (x + 40, top + 28), code, "bold", 24, TEXT)
        fonts.role_label(img, (x + col_w / 2 - 4, top + 56), name, "cond", 15, MUTED, "ms")
    y = top + 72
    d = ImageDraw.Draw(img)
    for i, (code, name, _emoji) in enumerate(D.COLOURS):
        x = x0 + i * col_w
        d.rounded_rectangle(
            (x, y, x + col_w - 6, y + 34), radius=6, fill=CARD_FILL[code], outline=INK
        )
        fonts.role_label(img, (x + 6, y + 26), code, "bold", 24, card_ink(code))
        fonts.role_label(img, (x + 24, y + 24), name, "cond", 15, card_ink(code))


LEGEND_TOP = HAND_H - 118


def _adapted_note(img: Image.Image, view: Mapping[str, Any]) -> None:
    """The spec asks for our invented card data to be labelled as such in the UI."""
    if (view.get("legend") or {}).get("adapted", True):
        text = "Building names, colours and values: our adaptation, not the printed cards"
        fonts.role_label(img, (PANEL_R - 12, LEGEND_TOP - 26), text, "cond", 16, MUTED, "rs")


def _base() -> Image.Image:
    """What never changes: the surround, the open grid and the legend (copied for every image;
    ``draw_city_cards`` expects the open grid in place)."""

    def make() -> Image.Image:
        img = Image.new("RGB", (HAND_W, HAND_H), CANVAS)
        img.paste(open_grid(), (GX, GY))
        _draw_legend(img, LEGEND_TOP)
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


def draw_hand(view: Mapping[str, Any], name: str) -> Image.Image:
    """The private image (``HAND_W`` × ``HAND_H``): the hand, and the city with its spots."""
    img = _base().copy()
    city = read_city(view)
    last = read_last(view, city)
    spots = legal_spots(view, city)
    draw_coordinates(img, city)
    draw_city_cards(img, city, last)
    if last is not None:
        draw_last(img, city, last)
    draw_legal(img, city, spots, statue_spots(view, city, spots))

    d = ImageDraw.Draw(img)
    x0, x1 = PANEL_X, PANEL_R
    seat = int(view.get("seat", 0))
    fonts.role_label(
        img, (x0, 36), "POMPEJI · your hand (only you see this)", "serif_bold", 22, MUTED
    )
    d.rounded_rectangle((x0, 54, x1, 146), radius=10, fill=PANEL_HI, outline=LEGAL, width=2)
    seat_badge(img, (x0 + 34, 86), seat, 20)
    fonts.fitted_line(
        img, (x0 + 66, 96), fonts.clean(name) or f"Player {seat + 1}", "bold", 28, TEXT, x1 - 14
    )
    fonts.fitted_line(img, (x0 + 16, 132), hand_status(view, spots), "regular", 20, TEXT, x1 - 14)

    codes = hand_codes(view)
    per_card: dict[str, list[tuple[Cell, int]]] = {}
    for cell, fits in spots.items():
        for fit in fits:
            per_card.setdefault(fit.code, []).append((cell, fit.points))
    y = 166
    gap = 24
    size = min(HAND_CARD, int((x1 - x0 - gap * (len(codes) - 1)) / max(1, len(codes))))
    for i, code in enumerate(codes):  # three cards; more would be drawn smaller
        cx = x0 + i * (size + gap)
        img.paste(card_tile(code, size, CANVAS), (cx, y + HAND_CARD - size))
        b, c, v = face_of(code)
        fonts.role_label(
            img,
            (cx + size / 2, y + HAND_CARD + 26),
            f"{D.BUILDINGS[b][1]}",
            "bold",
            20,
            TEXT,
            "ms",
        )
        fonts.role_label(
            img,
            (cx + size / 2, y + HAND_CARD + 50),
            f"{D.COLOURS[c][1]} · {v}",
            "cond",
            20,
            MUTED,
            "ms",
        )
        places = sorted(per_card.get(code, []), key=lambda t: (-t[1], t[0]))
        if places:
            best_cell, best = places[0]
            lines = (plural(len(places), "space"), f"best +{best} on {cell_code(best_cell)}")
        else:
            lines = ("fits nowhere", "")
        for j, line in enumerate(lines):
            fonts.role_label(
                img,
                (cx + size / 2, y + HAND_CARD + 78 + j * 24),
                line,
                "cond",
                20,
                LEGAL if places else END_PHASE,
                "ms",
            )
    if not codes:
        fonts.role_label(img, (x0 + 16, y + 60), "No cards in hand", "bold", 28, MUTED)

    y = 440
    d.rounded_rectangle((x0, y, x1, y + 140), radius=10, fill=PANEL)
    seats = view.get("seats") or []
    me: Mapping[str, Any] = next((s for s in seats if s.get("seat") == seat), {})
    used = bool(me.get("statue_used"))
    statue = art.statue_sprite(44, MUTED if used else TEXT)
    img.paste(statue, (x0 + 12, y + 12), statue)
    statue_line = "Statue: used" if used else "Statue: joker worth 1, fits any open edge; no draw"
    fonts.fitted_line(
        img, (x0 + 66, y + 42), statue_line, "cond", 20, MUTED if used else TEXT, x1 - 12
    )
    left = int(me.get("permits_left", 0))
    for i in range(int(view.get("permit_uses", 1))):
        permit_icon(img, x0 + 20 + i * 34, y + 66, i < left)
    permit_line = f"Building permit: {left} use{'s' if left != 1 else ''} left"
    fonts.role_label(
        img,
        (x0 + 66 + 34 * max(0, int(view.get("permit_uses", 1)) - 1), y + 92),
        permit_line,
        "cond",
        20,
        TEXT if left else MUTED,
    )
    hand_value = int(view.get("hand_value", 0))
    score = int(me.get("score", 0))
    fonts.role_label(
        img,
        (x0 + 16, y + 128),
        f"Your score {score} · hand counts −{hand_value} at the end",
        "cond",
        20,
        TEXT,
    )

    y = 598
    d.rounded_rectangle((x0, y, x1, y + 112), radius=10, fill=PANEL)
    d.rounded_rectangle(
        (x0 + 12, y + 14, x0 + 96, y + 64), radius=8, fill=LEGAL_FILL, outline=LEGAL, width=4
    )
    fonts.role_label(img, (x0 + 54, y + 40), "Tr +8", "cond_bold", 22, (255, 255, 255), "mm")
    fonts.role_label(img, (x0 + 110, y + 34), "a space where your card fits,", "cond", 20, TEXT)
    fonts.role_label(img, (x0 + 110, y + 58), "with the points it would score", "cond", 20, TEXT)
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
    fonts.role_label(
        img, (x0 + 16, y + 96), f"/move {example}   (card, column, row)", "cond", 20, MUTED
    )
    head, detail = deck_lines(view)
    volcanoes = int(view.get("volcanoes", 0))
    for i in range(2):
        sprite = art.volcano_sprite(44, erupted=i < volcanoes)
        img.paste(sprite, (x0 + i * 46, y + 134), sprite)
    danger = END_PHASE if detail.startswith("Danger") else TEXT
    fonts.role_label(img, (x0 + 104, y + 152), head, "bold", 22, TEXT)
    fonts.role_label(img, (x0 + 104, y + 178), detail, "cond", 20, danger)
    fonts.role_label(img, (x0, y + 232), "Scores", "cond", 20, MUTED)
    x = x0 + 70
    for sv in seats:
        s = int(sv.get("seat", 0))
        seat_badge(img, (x + 18, y + 222), s, 16)
        fonts.role_label(img, (x + 42, y + 232), str(sv.get("score", 0)), "bold", 26, TEXT)
        x += 110
    _adapted_note(img, view)
    return img
