"""The private image ("My cards", the picture of every Pompeji decision): whose it is and what
to do now in large type, the last turn in one line, the city with every space where the
viewer's cards fit (and what each would score there), the hand as large cards with their best
play, the statue, the permits and what the hand costs, the scores and the deck. Drawn from the
player view only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image

from render import fonts, shapes
from render.cardcity import flow, news, panel
from render.cardcity.cards import card_tile, permit_icon, seat_badge
from render.cardcity.flow import Seg
from render.cardcity.grid import Origin, draw_city, draw_legal, grid_origin
from render.cardcity.lang import _, ngettext
from render.cardcity.layout import (
    CANVAS,
    CITY_H,
    END_PHASE,
    GOLD,
    LEGAL,
    MUTED,
    PANEL,
    TEXT,
    X0,
    X1,
    Cell,
    W,
)
from render.cardcity.terms import BUILDING_NAMES, COLOUR_NAMES
from render.cardcity.tiles import paste
from render.cardcity.view import (
    Fit,
    cell_code,
    face_of,
    hand_codes,
    legal_spots,
    read_city,
    read_last,
    read_turn,
    statue_spots,
)

HAND_CARD = 124  # a hand card: its letters 13 px tall at 400 px wide
CARD_COL = (X1 - X0) // 3  # a hand has three cards
TITLE = 36  # the viewer's name: 10.4 px capitals at 400 px
STATUS = 32  # what to do now: 9.2 px
LAST = 28  # the last turn: 8 px
INFO = 28  # the hand's texts, statue, permits, scores: 8 px
OWN_H = 66


def hand_status(view: Mapping[str, Any], spots: Mapping[Cell, list[Fit]]) -> str:
    seat = view.get("seat")
    stage = view.get("stage")
    if stage == "over":
        return _("The game is over.")
    if stage == "window":
        window = view.get("window") or {}
        if seat in (window.get("pending") or []):
            if window.get("second_turn") == seat:
                return _("You may use your building permit for a second turn now.")
            return _("You may use your building permit to build before the next player.")
        if seat == window.get("next"):
            return _("A permit window is open; then it is your turn (you may prepare your move).")
        nxt = int(window.get("next", 0)) + 1
        return _("Permit window open; then player {n} plays.").format(n=nxt)
    if view.get("actor") == seat:
        if stage == "draw":
            return _("Your turn: draw a card, or keep your hand.")
        if view.get("permit_turn"):
            return _("Your permit turn: place a card or your statue (a claim commits).")
        if view.get("can_place") is False:
            return _("Your turn: nothing fits; discard a card (a draw follows).")
        if not spots:
            return _("Your turn: no card fits; statue or discard one.")
        return _("Your turn: place a card on a marked space.")
    actor = view.get("actor")
    if isinstance(actor, int):
        return _("Not your turn: waiting for player {n}.").format(n=int(actor) + 1)
    return _("Not your turn: waiting for the others.")


@dataclass(frozen=True)
class Layout:
    head: list[list[flow.Placed]]  # the name, what to do, the last turn
    heights: list[int]
    city_top: int
    cards_top: int
    own_top: int
    deck: list[list[flow.Placed]]
    deck_top: int
    foot: list[list[flow.Placed]]
    foot_top: int
    height: int

    @property
    def origin(self) -> Origin:
        return grid_origin(self.city_top)


def _head(view: Mapping[str, Any], name: str, status: str) -> list[tuple[list[Seg], int, int]]:
    """(pieces, size, line height) of each part of the head."""
    seat = int(view.get("seat", 0))
    shown = fonts.clean(name) or _("Player {n}").format(n=seat + 1)
    who = [flow.badge(seat, TITLE), flow.name(shown, TITLE)]
    who += flow.words(_("· your cards, only you see them"), 26, "cond", MUTED)
    mine = view.get("actor") == seat or seat in ((view.get("window") or {}).get("pending") or [])
    todo = flow.words(status, STATUS, "bold", LEGAL if mine else TEXT)
    city = read_city(view)
    turn = read_turn(view, read_last(view, city))
    last = news.headline(turn, city, None, LAST, cards=False)
    return [
        (who, TITLE, 56),
        (todo, STATUS, 46),
        ([*flow.words(_("Last:"), LAST, "cond", MUTED), *last], LAST, 44),
    ]


def hand_layout(view: Mapping[str, Any], name: str) -> Layout:
    city = read_city(view)
    status = hand_status(view, legal_spots(view, city))
    head: list[list[flow.Placed]] = []
    heights: list[int] = []
    for segs, _size, h in _head(view, name, status):
        for line in flow.lay_out(segs, X1 - X0):
            head.append(line)
            heights.append(h)
    city_top = 12 + sum(heights) + 6
    cards_top = city_top + CITY_H + 10
    own_top = cards_top + HAND_CARD + 16
    deck = flow.lay_out(panel.deck_segments(view), X1 - X0 - 12)
    deck_top = own_top + 2 * OWN_H + 6
    foot = flow.lay_out(panel.footer_segments(view), X1 - X0)
    foot_top = deck_top + 50 * len(deck) + 4
    height = foot_top + panel.FOOT_H * len(foot) + 10
    return Layout(head, heights, city_top, cards_top, own_top, deck, deck_top, foot, foot_top,
                  height)  # fmt: skip


def _draw_cards(
    img: Image.Image,
    codes: list[str],
    spots: Mapping[Cell, list[Fit]],
    top: int,
    view_over: bool,
) -> None:
    """The hand: each card with its name, colour and value, its best play and how many spaces
    it fits (while the game runs)."""
    if not codes:
        fonts.role_label(img, (X0 + 14, top + 60), _("No cards in hand"), "bold", 32, MUTED)
        return
    per_card: dict[str, list[tuple[Cell, int]]] = {}
    for cell, fits in spots.items():
        for fit in fits:
            per_card.setdefault(fit.code, []).append((cell, fit.points))
    for i, code in enumerate(codes[:3]):
        cx = X0 + i * CARD_COL
        paste(img, card_tile(code, HAND_CARD, CANVAS), (cx, top))
        b, c, v = face_of(code)
        x, right = cx + HAND_CARD + 10, cx + CARD_COL - 2
        fonts.fitted_line(img, (x, top + 28), _(BUILDING_NAMES[b]), "cond_bold", 26, TEXT, right)
        fonts.role_label(img, (x, top + 62), f"{_(COLOUR_NAMES[c])} · {v}", "cond", INFO, MUTED)
        places = sorted(per_card.get(code, []), key=lambda t: (-t[1], t[0]))
        if view_over:
            continue
        if places:
            best_cell, best = places[0]
            best_line = _("best +{points} {space}").format(points=best, space=cell_code(best_cell))
            spaces = ngettext("{n} space", "{n} spaces", len(places)).format(n=len(places))
            lines = (best_line, spaces)
            colours = (LEGAL, LEGAL)
        else:
            lines, colours = (_("fits nowhere"), ""), (END_PHASE, END_PHASE)
        for j, line in enumerate(lines):
            role = "cond_bold" if j == 0 else "cond"
            fonts.role_label(img, (x, top + 96 + j * 32), line, role, INFO, colours[j])


def _draw_own(img: Image.Image, view: Mapping[str, Any], top: int) -> None:
    """The statue, the permit uses left and what the hand costs; then every score."""
    seat = int(view.get("seat", 0))
    seats = view.get("seats") or []
    me: Mapping[str, Any] = next((s for s in seats if s.get("seat") == seat), {})
    img.paste(shapes.box((X1 - X0, OWN_H - 6), PANEL, CANVAS), (X0, top))
    mid = top + (OWN_H - 6) // 2
    base = mid + 10
    used = bool(me.get("statue_used"))
    panel.draw_statue(img, X0 + 12, mid - 23, used)
    x: float = X0 + 66
    word = _("statue used") if used else _("statue: yours")
    x += fonts.draw_text(
        img, (x, base), word, fonts.font("cond", INFO), INFO, MUTED if used else TEXT
    )
    x += 30
    left = max(0, int(me.get("permits_left", 0)))
    for i in range(left):
        permit_icon(img, x + i * 44, mid - 23, True)
    x += left * 44 + 6
    word = ngettext("{n} permit left", "{n} permits left", left).format(n=left)
    if not left:
        word = _("no permit")
    x += fonts.draw_text(
        img, (x, base), word, fonts.font("cond", INFO), INFO, TEXT if left else MUTED
    )
    hand_value = int(view.get("hand_value", 0))
    text = _("hand −{value} at the end").format(value=hand_value)
    fonts.role_label(img, (X1 - 14, base), text, "cond", INFO, TEXT, "rs")
    # every score
    top += OWN_H
    img.paste(shapes.box((X1 - X0, OWN_H - 6), PANEL, CANVAS), (X0, top))
    mid = top + (OWN_H - 6) // 2
    x = X0 + 14.0
    x += (
        fonts.draw_text(img, (x, mid + 10), _("Scores"), fonts.font("cond", INFO), INFO, MUTED) + 18
    )
    finals = (view.get("outcome") or {}).get("scores") or []  # once over: after the hands
    for sv in seats:
        s = int(sv.get("seat", 0))
        seat_badge(img, (x + 20, mid), s, 20)
        x += 48
        final = finals[s].get("final") if s < len(finals) else None
        score = str(sv.get("score", 0) if final is None else final)
        colour = GOLD if s == seat else TEXT
        fonts.role_label(img, (x, mid + 13), score, "bold", 36, colour)
        x += round(fonts.width(score, "bold", 36)) + 30


def draw_hand(view: Mapping[str, Any], name: str) -> Image.Image:
    """The private image (``W`` px wide): head, city with the viewer's spaces, hand, own
    figures, scores, deck."""
    lay = hand_layout(view, name)
    img = Image.new("RGB", (W, lay.height), CANVAS)
    y = 12
    for line, h in zip(lay.head, lay.heights, strict=True):
        flow.draw_line(img, line, X0, y + h / 2)
        y += h
    city = read_city(view)
    last = read_last(view, city)
    spots = legal_spots(view, city)
    draw_city(img, city, last, lay.origin, points=False)
    draw_legal(img, city, spots, statue_spots(view, city, spots), lay.origin)
    _draw_cards(img, hand_codes(view), spots, lay.cards_top, view.get("stage") == "over")
    _draw_own(img, view, lay.own_top)
    panel.draw_rows(img, lay.deck, X0 + 6, lay.deck_top, 50)
    panel.draw_rows(img, lay.foot, X0, lay.foot_top, panel.FOOT_H)
    return img
