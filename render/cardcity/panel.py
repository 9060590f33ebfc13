"""The public image's side panel: stage, whose turn, the players, the deck, the last play
street by street, and the legend."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.cardcity import data as D
from engine.cardcity import rules
from render import fonts, shapes
from render.cardcity import art
from render.cardcity.cards import card_ink, permit_icon, seat_badge
from render.cardcity.grid import open_grid
from render.cardcity.layout import (
    CANVAS,
    CARD_FILL,
    END_PHASE,
    GOLD,
    GRID,
    GX,
    GY,
    HIGHLIGHT,
    INK,
    LINE_LABEL,
    MUTED,
    PANEL,
    PANEL_HI,
    PANEL_R,
    PANEL_X,
    TEXT,
    H,
    W,
)
from render.cardcity.view import (
    BUILDING_INDEX,
    City,
    LastPlay,
    Placed,
    cell_code,
    display_name,
    face_of,
    plural,
)
from render.fonts import RGB

# ------------------------------------------------------------------ the side panel


def _stage_chip(view: Mapping[str, Any]) -> tuple[str, RGB] | None:
    if view.get("stage") == "over":
        return "GAME OVER", (150, 40, 30)
    if view.get("end_phase"):
        return "END PHASE", END_PHASE
    return None


def turn_lines(view: Mapping[str, Any], names: Sequence[str]) -> tuple[int | None, str, str]:
    """(seat to badge, headline, what happens now)."""
    stage = view.get("stage")
    if stage == "over":
        outcome = view.get("outcome") or {}
        winners = [w for w in outcome.get("winners") or [] if isinstance(w, int)]
        scores = outcome.get("scores") or []
        who = " & ".join(display_name(names, w) for w in winners) or "nobody"
        verb = "win" if len(winners) > 1 else "wins"
        detail = "The second volcano erupted: Pompeji is destroyed."
        if winners and winners[0] < len(scores):
            detail = f"{scores[winners[0]].get('final', '?')} points after the hand penalty"
        return (winners[0] if len(winners) == 1 else None), f"{who} {verb}!", detail
    if stage == "window":
        window = view.get("window") or {}
        nxt = int(window.get("next", view.get("turn") or 0))
        pending = [int(s) for s in window.get("pending") or []]
        second = window.get("second_turn")
        f = fonts.font("regular", 20)
        room = 290 / max(1, len(pending))  # px per name, so that every name shows
        who = ", ".join(fonts.fit(display_name(names, s), f, 20, room) for s in pending)
        if pending == [second]:
            what = f"{who}: use the building permit for a second turn?"
        else:
            what = f"Permit? {who} may build first"
        return nxt, f"Next: {display_name(names, nxt)}", what
    actor = view.get("actor")
    seat = int(actor) if isinstance(actor, int) else int(view.get("turn") or 0)
    if stage == "draw":
        what = "draws a card, or keeps the hand (cards left count against you)"
    elif view.get("permit_turn"):
        what = "building permit: places a card or the statue now"
    else:
        what = "places a card (or discards one if none fits)"
    return seat, display_name(names, seat), what


def draw_header(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> int:
    d = ImageDraw.Draw(img)
    x0, x1 = PANEL_X, PANEL_R
    fonts.role_label(img, (x0, top + 22), "POMPEJI · the card game", "serif_bold", 22, MUTED)
    chip = _stage_chip(view)
    if chip:
        text, fill = chip
        f = fonts.font("bold", 20)
        w = f.getlength(text)
        d.rounded_rectangle((x1 - w - 24, top, x1, top + 32), radius=8, fill=fill)
        fonts.label(img, (x1 - 12, top + 24), text, f, (255, 255, 255), anchor="rs")
    y = top + 44
    seat, head, what = turn_lines(view, names)
    d.rounded_rectangle((x0, y, x1, y + 92), radius=10, fill=PANEL_HI, outline=HIGHLIGHT, width=2)
    lx = x0 + 16
    if seat is not None:
        seat_badge(img, (x0 + 34, y + 32), seat, 20)
        lx = x0 + 66
    fonts.fitted_line(img, (lx, y + 42), head, "bold", 28, TEXT, x1 - 14)
    fonts.fitted_line(img, (x0 + 16, y + 78), what, "regular", 20, TEXT, x1 - 14)
    return y + 92


ROW_H = 92


def _draw_seat_items(
    img: Image.Image,
    sv: Mapping[str, Any],
    permit_uses: int,
    x: float,
    y: int,
    ly: int,
    asked: bool = False,
) -> None:
    """Cards in hand, the statue (or that it is used) and the permit uses left; ``asked``: an
    open permit window waits for this player's answer."""
    hand = int(sv.get("hand_size", 0))
    fonts.role_label(img, (x, ly), plural(hand, "card"), "cond", 21, MUTED)
    used = bool(sv.get("statue_used"))
    sx = round(x + 142)
    statue = art.statue_sprite(32, MUTED if used else TEXT)
    img.paste(statue, (sx, y + 48), statue)
    word = "statue used" if used else "statue"
    fonts.role_label(img, (sx + 34, ly), word, "cond", 21, MUTED if used else TEXT)
    px = sx + 160
    left = int(sv.get("permits_left", 0))
    for i in range(permit_uses):
        permit_icon(img, px + i * 34, y + 46, i < left)
    word = "permit?" if asked else "permit" if left else "no permit"
    colour = GOLD if asked else TEXT if left else MUTED
    fonts.role_label(
        img, (px + permit_uses * 34 + 4, ly), word, "cond_bold" if asked else "cond", 21, colour
    )


def draw_seats(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> int:
    """A row per player: number, name, score; hand size, statue and permits left."""
    d = ImageDraw.Draw(img)
    x0, x1 = PANEL_X, PANEL_R
    over = view.get("stage") == "over"
    outcome = view.get("outcome") or {}
    places = [p for p in outcome.get("places") or [] if isinstance(p, int)]
    scores = outcome.get("scores") or []
    actor = view.get("actor")
    permit_uses = int(view.get("permit_uses", 1))
    y = top + 10
    for sv in view.get("seats") or []:
        s = int(sv.get("seat", 0))
        on_turn = actor == s and not over
        fill = PANEL_HI if on_turn else PANEL
        d.rounded_rectangle((x0, y, x1, y + ROW_H - 8), radius=10, fill=fill)
        if on_turn:
            d.rounded_rectangle((x0, y, x0 + 7, y + ROW_H - 8), radius=3, fill=HIGHLIGHT)
        seat_badge(img, (x0 + 32, y + 30), s, 20)
        score = int(sv.get("score", 0))
        right = x1 - 110
        ly = y + 72
        if over and s < len(scores):  # the final score, place, and how it came about
            final = scores[s]
            score = int(final.get("final", score))
            place = places[s] if s < len(places) else 0
            colour = GOLD if place == 1 else MUTED
            fonts.role_label(img, (x1 - 120, y + 40), f"#{place}", "bold", 26, colour, "rs")
            right = x1 - 170
            built, penalty = final.get("built", "?"), abs(int(final.get("hand", 0)))
            summary = f"built {built} − {penalty} left in hand = {score}"
            fonts.role_label(img, (x0 + 64, ly), summary, "cond", 21, MUTED)
        fonts.role_label(img, (x1 - 14, y + 44), str(score), "bold", 42, TEXT, "rs")
        fonts.fitted_line(img, (x0 + 64, y + 40), display_name(names, s), "bold", 28, TEXT, right)
        if not over:
            asked = s in ((view.get("window") or {}).get("pending") or [])
            _draw_seat_items(img, sv, permit_uses, x0 + 64, y, ly, asked)
        y += ROW_H
    return y


def deck_lines(view: Mapping[str, Any]) -> tuple[str, str]:
    """What the deck tells everyone: cards left and how far the danger is."""
    deck = int(view.get("deck_size", 0))
    volcanoes = int(view.get("volcanoes", 0))
    pile = 9  # a volcano shuffled into 8 building cards [R]
    if volcanoes >= 2 or view.get("stage") == "over":
        return f"Deck: {plural(deck, 'card')} left", "Both volcanoes are out: Pompeji is buried."
    if volcanoes == 0:
        safe = max(0, deck - 2 * pile)
        head = f"Deck: {plural(deck, 'card')}"
        if safe:
            return head, f"{plural(safe, 'safe draw')}, then the 1st volcano within {pile}"
        return head, f"Danger! the 1st volcano is in the next {plural(deck - pile, 'card')}"
    safe = max(0, deck - pile)
    head = f"Deck: {plural(deck, 'card')} · end phase"
    if safe:
        return head, f"{plural(safe, 'safe draw')}, then the 2nd volcano within {min(pile, deck)}"
    return head, f"Danger! the 2nd volcano is in the last {plural(deck, 'card')}"


def draw_deck(img: Image.Image, view: Mapping[str, Any], top: int) -> int:
    d = ImageDraw.Draw(img)
    x0, x1 = PANEL_X, PANEL_R
    y = top + 6
    d.rounded_rectangle((x0, y, x1, y + 86), radius=10, fill=PANEL)
    volcanoes = int(view.get("volcanoes", 0))
    for i in range(2):
        sprite = art.volcano_sprite(56, erupted=i < volcanoes)
        img.paste(sprite, (x0 + 8 + i * 58, y + 14), sprite)
    head, detail = deck_lines(view)
    colour = END_PHASE if detail.startswith("Danger") else TEXT
    fonts.role_label(img, (x0 + 134, y + 36), head, "bold", 24, TEXT)
    fonts.role_label(img, (x0 + 134, y + 70), detail, "cond", 20, colour)
    return y + 86


def _street_text(s: rules.StreetScore, face: rules.Face) -> str:
    parts = []
    if s.building:
        parts.append(f"{D.BUILDINGS[face[0]][1]} {s.building}")
    if s.colour:
        parts.append(f"{D.COLOURS[face[1]][1]} {s.colour}")
    if s.seventh:
        parts.append(f"7 cards +{s.seventh}")
    return f"{LINE_LABEL.get(s.line, s.line)}: " + " + ".join(parts) + f" = +{s.points}"


def city_extent(city: City) -> str:
    """The size of the city so far and the columns and rows it can still reach."""
    w, h = city.right - city.left + 1, city.bottom - city.top + 1
    if w >= rules.FRAME and h >= rules.FRAME:
        return "City 7 × 7: full size, only gaps are left"
    c0, c1 = max(0, city.right - rules.FRAME + 1), min(GRID - 1, city.left + rules.FRAME - 1)
    r0, r1 = max(0, city.bottom - rules.FRAME + 1), min(GRID - 1, city.top + rules.FRAME - 1)
    cols = f"columns {chr(ord('a') + c0)}–{chr(ord('a') + c1)}"
    rows = f"rows {r0 + 1}–{r1 + 1}"
    return f"City {w} wide × {h} tall (max 7 × 7): {cols}, {rows}"


def _last_face(p: Placed) -> rules.Face:
    if p.code:
        return face_of(p.code)
    return face_of(p.declared, D.STATUE_VALUE) if p.declared else rules.NEUTRAL


def draw_notes(
    img: Image.Image,
    view: Mapping[str, Any],
    city: City,
    last: LastPlay | None,
    names: Sequence[str],
    top: int,
    bottom: int,
) -> None:
    """The last play street by street, the city's size, discards and (at the end) hands."""
    d = ImageDraw.Draw(img)
    x0, x1 = PANEL_X, PANEL_R
    y = top + 8
    d.rounded_rectangle((x0, y, x1, bottom), radius=10, fill=PANEL)
    d.rounded_rectangle((x0 + 12, y + 14, x0 + 40, y + 38), radius=5, outline=HIGHLIGHT, width=4)
    lines: list[tuple[str, RGB]] = []
    if last is None:
        fonts.role_label(img, (x0 + 52, y + 34), "Last play: none yet", "bold", 22, MUTED)
    else:
        p = last.placed
        what = p.code if p.code else f"statue as {p.declared}" if p.declared else "statue"
        head = f"{display_name(names, last.seat)}: {what} on {cell_code(p.cell)}"
        pts = f"+{last.points}"
        f = fonts.font("bold", 30)
        fonts.role_label(img, (x1 - 14, y + 38), pts, "bold", 30, HIGHLIGHT, "rs")
        fonts.fitted_line(
            img, (x0 + 52, y + 34), head, "bold", 22, TEXT, x1 - 26 - f.getlength(pts)
        )
        if last.streets is None:
            lines.append(("(street by street: not available)", MUTED))
        else:
            scoring = [s for s in last.streets if s.points]
            face = _last_face(p)
            lines += [(_street_text(s, face), TEXT) for s in scoring]
            if not scoring:
                lines.append(("no street scored", MUTED))
    lines.append(("", MUTED))
    if city.cells:
        lines.append((city_extent(city), MUTED))
    discards = [str(c) for c in view.get("discards") or []]
    if discards:
        lines.append((f"Discarded (out of the game): {' '.join(discards)}", MUTED))
    hands = view.get("hands")
    if view.get("stage") == "over" and isinstance(hands, list):
        for seat, hand in enumerate(hands):
            codes = [str(c) for c in hand]
            lost = sum(face_of(c)[2] for c in codes if len(c) == 2 and c[0] in BUILDING_INDEX)
            left = " ".join(codes) if codes else "none"
            lines.append((f"{display_name(names, seat)} kept {left} (−{lost})", MUTED))
    ly = y + 66
    for text, colour in lines:
        if ly > bottom - 34:
            break
        if text:
            fonts.fitted_line(img, (x0 + 16, ly), text, "cond", 20, colour, x1 - 12)
        ly += 26 if text else 10


def draw_legend(img: Image.Image, top: int) -> None:
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


LEGEND_TOP = H - 118


def adapted_note(img: Image.Image, view: Mapping[str, Any]) -> None:
    """The spec asks for our invented card data to be labelled as such in the UI."""
    if (view.get("legend") or {}).get("adapted", True):
        text = "Building names, colours and values: our adaptation, not the printed cards"
        fonts.role_label(img, (PANEL_R - 12, LEGEND_TOP - 26), text, "cond", 16, MUTED, "rs")


def base() -> Image.Image:
    """What never changes: the surround, the open grid and the legend (copied for every image;
    ``draw_city_cards`` expects the open grid in place)."""

    def make() -> Image.Image:
        img = Image.new("RGB", (W, H), CANVAS)
        img.paste(open_grid(), (GX, GY))
        draw_legend(img, LEGEND_TOP)
        return img

    return shapes.cached(("base",), make)
