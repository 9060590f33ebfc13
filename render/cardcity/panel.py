"""The panel under the city (public image): the deck and the stage, whose turn it is and what
they decide, a row per player, the last play street by street, and the legend.

It is as wide as the city, so its text can be large: nothing in it is smaller than
``SMALLEST`` px (a capital ≈ 7.2 px when Discord shows the image 400 px wide), and sentences
wrap instead of being cut.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.cardcity import data as D
from engine.cardcity import rules
from render import fonts, shapes
from render.cardcity import art
from render.cardcity.cards import card_ink, permit_icon, seat_badge
from render.cardcity.layout import (
    CANVAS,
    CARD_FILL,
    END_PHASE,
    GOLD,
    GRID,
    HIGHLIGHT,
    INK,
    LINE_LABEL,
    MUTED,
    PANEL,
    PANEL_HI,
    PANEL_Y,
    SMALLEST,
    TEXT,
    H,
    W,
)
from render.cardcity.view import (
    City,
    LastPlay,
    Placed,
    Street,
    cell_code,
    display_name,
    face_of,
    plural,
)
from render.fonts import RGB


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
        who = ", ".join(display_name(names, s) for s in pending)
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


def _street_text(s: Street, face: rules.Face) -> str:
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


X0, X1 = 20, W - 20  # the panel's edges
LINE_H = 31  # between wrapped lines of SMALLEST text
ROW_H = 50
ITEMS_X = 392  # where a player's hand, statue and permits start (the name ends before)


def draw_deck(img: Image.Image, view: Mapping[str, Any], top: int) -> int:
    """The volcanoes, the cards left and how far the danger is; the stage on the right."""
    d = ImageDraw.Draw(img)
    right: float = X1
    chip = _stage_chip(view)
    if chip:
        text, fill = chip
        f = fonts.font("bold", SMALLEST)
        right = X1 - 24 - fonts.width(text, "bold", SMALLEST)
        d.rounded_rectangle((right, top + 4, X1, top + 40), radius=8, fill=fill)
        fonts.label(img, (X1 - 12, top + 31), text, f, (255, 255, 255), anchor="rs")
        right -= 14
    volcanoes = int(view.get("volcanoes", 0))
    for i in range(2):
        sprite = art.volcano_sprite(40, erupted=i < volcanoes)
        img.paste(sprite, (X0 + i * 44, top + 2), sprite)
    head, detail = deck_lines(view)
    if chip:  # the chip names the stage
        head = head.removesuffix(" · end phase")
    x = X0 + 96
    width = fonts.draw_text(img, (x, top + 31), head, fonts.font("bold", SMALLEST), SMALLEST, TEXT)
    lines = fonts.wrap(detail, "cond", SMALLEST, X1 - x, first=right - x - width - 12)
    colour = END_PHASE if detail.startswith("Danger") else TEXT
    base = fonts.draw_lines(
        img, (x, top + 31), lines, "cond", SMALLEST, colour, LINE_H, x + width + 12
    )
    return round(base - LINE_H + 16)


def _draw_turn(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> int:
    """Whose turn it is and what they decide (or who won), in a magenta-edged box."""
    seat, head, what = turn_lines(view, names)
    x = X0 + (60 if seat is not None else 14)
    name_font = fonts.font("bold", 30)
    head = fonts.fit(head, name_font, 30, X1 - 14 - x)
    after = x + fonts.width(head, "bold", 30) + 12
    lines = fonts.wrap(what, "regular", SMALLEST, X1 - X0 - 28, first=X1 - 14 - after)
    bottom = top + 54 + LINE_H * (len(lines) - 1)
    frame = shapes.box((X1 - X0, bottom - top), PANEL_HI, CANVAS, outline=HIGHLIGHT, width=2)
    img.paste(frame, (X0, top))
    if seat is not None:
        seat_badge(img, (X0 + 30, top + 27), seat, 19)
    fonts.draw_text(img, (x, top + 38), head, name_font, 30, TEXT)
    fonts.draw_lines(img, (X0 + 14, top + 38), lines, "regular", SMALLEST, TEXT, LINE_H, after)
    return bottom


def _draw_items(
    img: Image.Image, sv: Mapping[str, Any], permit_uses: int, y: int, asked: bool
) -> None:
    """Cards in hand, the statue (or that it is used) and the permit uses left; ``asked``: an
    open permit window waits for this player's answer."""
    base = y + 32
    fonts.role_label(
        img, (ITEMS_X, base), plural(int(sv.get("hand_size", 0)), "card"), "cond", SMALLEST, MUTED
    )
    used = bool(sv.get("statue_used"))
    statue = art.statue_sprite(30, MUTED if used else TEXT)
    img.paste(statue, (ITEMS_X + 100, y + 7), statue)
    word = "statue used" if used else "statue"
    fonts.role_label(img, (ITEMS_X + 134, base), word, "cond", SMALLEST, MUTED if used else TEXT)
    px = ITEMS_X + 284
    left = int(sv.get("permits_left", 0))
    for i in range(permit_uses):
        permit_icon(img, px + i * 38, y + 2, i < left, 1.2, SMALLEST)
    word = "permit?" if asked else "permit" if left else "no permit"
    colour = GOLD if asked else TEXT if left else MUTED
    role = "cond_bold" if asked else "cond"
    fonts.role_label(img, (px + permit_uses * 38 + 6, base), word, role, SMALLEST, colour)


def _draw_seats(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> int:
    """A row per player: number, name, score; hand size, statue and permits left (at the end:
    the place, and the points built minus the cards kept in hand)."""
    over = view.get("stage") == "over"
    outcome = view.get("outcome") or {}
    places = [p for p in outcome.get("places") or [] if isinstance(p, int)]
    scores = outcome.get("scores") or []
    hands = view.get("hands")
    hands = hands if isinstance(hands, list) else []
    actor = view.get("actor")
    permit_uses = int(view.get("permit_uses", 1))
    y = top
    for sv in view.get("seats") or []:
        s = int(sv.get("seat", 0))
        on_turn = actor == s and not over
        fill, bar = (PANEL_HI, HIGHLIGHT) if on_turn else (PANEL, None)
        img.paste(shapes.box((X1 - X0, ROW_H - 6), fill, CANVAS, bar=bar), (X0, y))
        seat_badge(img, (X0 + 30, y + 22), s, 19)
        score = int(sv.get("score", 0))
        base = y + 33
        name_right = ITEMS_X - 14
        if over and s < len(scores):  # the final score, place, and how it came about
            final = scores[s]
            score = int(final.get("final", score))
            place = places[s] if s < len(places) else 0
            gold = GOLD if place == 1 else MUTED
            fonts.role_label(img, (ITEMS_X - 14, base), f"#{place}", "bold", 26, gold, "rs")
            name_right -= 56
            kept = (
                [str(c) for c in hands[s]] if s < len(hands) and isinstance(hands[s], list) else []
            )
            penalty = abs(int(final.get("hand", 0)))
            cards = f" ({' '.join(kept)})" if kept else ""
            summary = f"built {final.get('built', '?')} − {penalty} in hand{cards} = {score}"
            fonts.role_label(img, (ITEMS_X, base), summary, "cond", SMALLEST, MUTED)
        else:
            asked = s in ((view.get("window") or {}).get("pending") or [])
            _draw_items(img, sv, permit_uses, y, asked)
        fonts.role_label(img, (X1 - 12, base + 2), str(score), "bold", 32, TEXT, "rs")
        name = display_name(names, s)
        fonts.fitted_line(img, (X0 + 58, base), name, "bold", 26, TEXT, name_right)
        y += ROW_H
    return y


def _draw_last(
    img: Image.Image,
    view: Mapping[str, Any],
    city: City,
    last: LastPlay | None,
    names: Sequence[str],
    top: int,
    bottom: int,
) -> None:
    """The last play street by street, then the city's size and the discards."""
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((X0, top + 6, X0 + 30, top + 32), radius=5, outline=HIGHLIGHT, width=4)
    base = top + 30
    lines: list[tuple[str, RGB]] = []
    if last is None:
        fonts.role_label(img, (X0 + 42, base), "Last play: none yet", "bold", 26, MUTED)
    else:
        p = last.placed
        what = p.code if p.code else f"statue as {p.declared}" if p.declared else "statue"
        head = f"Last play: {display_name(names, last.seat)}, {what} on {cell_code(p.cell)}"
        pts = f"+{last.points}"
        fonts.role_label(img, (X1, base + 2), pts, "bold", 30, HIGHLIGHT, "rs")
        fonts.fitted_line(
            img, (X0 + 42, base), head, "bold", 26, TEXT, X1 - 16 - fonts.width(pts, "bold", 30)
        )
        if last.streets is None:
            lines.append(("(street by street: not available)", MUTED))
        else:
            scoring = [s for s in last.streets if s.points]
            face = _last_face(p)
            lines += [(_street_text(s, face), TEXT) for s in scoring]
            if not scoring:
                lines.append(("no street scored", MUTED))
    if city.cells:
        lines.append((city_extent(city), MUTED))
    discards = [str(c) for c in view.get("discards") or []]
    if discards:
        lines.append((f"Discarded (out of the game): {' '.join(discards)}", MUTED))
    y: float = base + LINE_H + 4
    for text, colour in lines:
        wrapped = fonts.wrap(text, "cond", SMALLEST, X1 - X0)
        if y + LINE_H * (len(wrapped) - 1) > bottom:
            break
        y = fonts.draw_lines(img, (X0, y), wrapped, "cond", SMALLEST, colour, LINE_H)


LEGEND_H = 168  # the legend at the bottom of the image


def draw_legend(img: Image.Image) -> None:
    """Building symbols and colour letters with their names (our adaptation, so labelled)."""
    top = H - LEGEND_H
    col_w = (X1 - X0) / 4
    for i, (code, name) in enumerate(D.BUILDINGS):  # four to a line
        x, y = X0 + (i % 4) * col_w, top + (i // 4) * 42
        sprite = art.building_sprite(code, 32, TEXT)
        img.paste(sprite, (round(x), y), sprite)
        width = fonts.font("bold", SMALLEST).getlength(code)
        fonts.role_label(img, (x + 36, y + 28), code, "bold", SMALLEST, TEXT)
        fonts.role_label(img, (x + 42 + width, y + 28), name, "cond", SMALLEST, MUTED)
    row = top + 88
    d = ImageDraw.Draw(img)
    col_w = (X1 - X0) / 7
    bold = fonts.font("bold", SMALLEST)
    for i, (code, name, _emoji) in enumerate(D.COLOURS):
        x = X0 + i * col_w
        box = (x, row, x + col_w - 6, row + 36)
        d.rounded_rectangle(box, radius=6, fill=CARD_FILL[code], outline=INK)
        fonts.label(img, (x + 7, row + 27), code, bold, card_ink(code))
        after = x + 12 + bold.getlength(code)
        fonts.role_label(img, (after, row + 27), name, "cond", SMALLEST, card_ink(code))


def adapted_note(img: Image.Image, view: Mapping[str, Any]) -> None:
    """The spec asks for our invented card data to be labelled as such in the UI."""
    if (view.get("legend") or {}).get("adapted", True):
        text = "Building names, colours and values: our adaptation, not the printed cards"
        fonts.role_label(img, (X0, H - 10), text, "cond", SMALLEST, MUTED)


def draw_panel(
    img: Image.Image,
    view: Mapping[str, Any],
    names: Sequence[str],
    city: City,
    last: LastPlay | None,
) -> None:
    y = draw_deck(img, view, PANEL_Y)
    y = _draw_turn(img, view, names, y + 4)
    y = _draw_seats(img, view, names, y + 10)
    _draw_last(img, view, city, last, names, y + 4, H - LEGEND_H - 14)
    adapted_note(img, view)
