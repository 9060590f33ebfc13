"""The band at the top of the board image, the first thing a phone shows: the phase (and
Vesuvius' state), the news (the last turn in words, marked in the board's magenta) and whose
turn it is with what they decide (or who won).

Everything is laid out first (:func:`lay_out`: the band's height follows its lines), then drawn
(:func:`draw_band`). Nothing in it is smaller than ``SMALLEST`` px (a capital ≈ 7.3 px tall when
Discord shows the image 400 px wide); sentences wrap instead of being cut.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from engine.downfall import board as B
from render import fonts, shapes
from render.downfall.lang import N_, _, ngettext
from render.downfall.last_turn import LastTurn
from render.downfall.layout import (
    CANVAS,
    CARD_HI,
    HIGHLIGHT,
    MUTED,
    SEETHE,
    SMALLEST,
    TEXT,
    W,
    colour_of,
    display_name,
    paste_centered,
)
from render.downfall.narrate import figures
from render.downfall.terms import term
from render.fonts import RGB

X0, X1 = 22, W - 22  # the band's left and right edges
NEWS_SIZE = 34  # the last turn's sentences
NEWS_LINE = 44
NEWS_X = X0 + 50  # the sentences start right of the magenta mark
NAME_SIZE = 40  # whose turn
WHAT_SIZE = 34  # what they decide
WHAT_LINE = 44
HEADER_H = 54
BUILDING_BY_LABEL = {b.label: b for b in B.BUILDINGS}  # the view names buildings "6b", "N3"
PHASE_TITLE = {
    "build": N_("Phase 1 · To Pompeii"),
    "lava_setup": N_("The lava comes"),
    "escape": N_("Phase 2 · Escape!"),
    "over": N_("Game over"),
}


def decision(view: Mapping[str, Any]) -> str:
    """What the player on turn decides, in the board's terms (squares, house numbers)."""
    pending = view.get("pending") or {}
    kind = pending.get("kind")
    if kind == "play":
        return _("plays a card and places a piece")
    if kind == "relative":
        left = int(pending.get("relatives_left", 0))
        frm = BUILDING_BY_LABEL.get(str(pending.get("relatives_from")))
        if frm and frm.number:
            squares = "/".join(sq for sq, _n in frm.squares)
            return ngettext(
                "may place {n} more relative (brought by house {number} on {squares})",
                "may place {n} more relatives (brought by house {number} on {squares})",
                left,
            ).format(n=left, number=frm.number, squares=squares)
        return ngettext("may place {n} more relative", "may place {n} more relatives", left).format(
            n=left
        )
    if kind == "omen":
        return _("Omen: throws a piece into the volcano")
    if kind == "lava":
        tile = str(pending.get("lava_tile") or "lava")
        if "/" in tile:
            first, second = tile.split("/", 1)
            return _("places the dual vent tile: {first} or {second}").format(
                first=term(first), second=term(second)
            )
        return _("places a {tile} lava tile").format(tile=term(tile))
    if kind == "move":
        left = int(pending.get("moves_left", 0))
        return ngettext(
            "moves a piece ({n} move left)", "moves a piece ({n} moves left)", left
        ).format(n=left)
    return ""


def phase_chip(view: Mapping[str, Any]) -> tuple[str, RGB] | None:
    phase = view.get("phase")
    if phase == "build" and view.get("seething"):
        return _("Vesuvius seethes!"), SEETHE
    if phase == "lava_setup":
        placed = view.get("tiles_placed", 0)
        return _("Vesuvius erupts! {placed} of 6 tiles").format(placed=placed), SEETHE
    return None


def outcome_lines(view: Mapping[str, Any], names: Sequence[str]) -> tuple[str, str]:
    outcome = view.get("outcome") or {}
    winners = [w for w in outcome.get("winners", []) if isinstance(w, int)]
    scores = outcome.get("scores") or []
    who = " & ".join(display_name(view, names, w) for w in winners)
    if not winners:
        head = _("Nobody wins!")
    elif len(winners) > 1:
        head = _("{who} win!").format(who=who)
    else:
        head = _("{who} wins!").format(who=who)
    detail = ""
    if winners and winners[0] < len(scores):
        detail = figures(scores[winners[0]])
    return head, detail


@dataclass
class Band:
    """The band, laid out: its lines and where each part starts."""

    news: list[str] = field(default_factory=list)
    head: str = ""  # whose turn (or who won)
    what: list[str] = field(default_factory=list)  # what they decide, wrapped
    what_x: float = 0  # where the first line of ``what`` starts, after the name
    icon: str | None = None  # the colour of the piece shown in the turn box
    tiles: list[str] = field(default_factory=list)  # the lava tile to place (dual: both)
    news_top: int = HEADER_H
    turn_top: int = HEADER_H
    height: int = HEADER_H


def lay_out(view: Mapping[str, Any], names: Sequence[str], last: LastTurn) -> Band:
    band = Band()
    for text in last.lines:
        band.news += fonts.wrap(text, "regular", NEWS_SIZE, X1 - NEWS_X)
    band.turn_top = band.news_top + (len(band.news) * NEWS_LINE + 14 if band.news else 0)
    phase = str(view.get("phase", "build"))
    pending = view.get("pending") or {}
    seat = pending.get("seat")
    right = X1 - 16
    if phase == "over" or not isinstance(seat, int):
        band.head, what = outcome_lines(view, names)
        winners = (view.get("outcome") or {}).get("winners") or []
        if len(winners) == 1 and isinstance(winners[0], int):
            band.icon = colour_of(view, winners[0])
    else:
        band.head, what = display_name(view, names, seat), decision(view)
        band.icon = colour_of(view, seat)
        tile = pending.get("lava_tile")
        if pending.get("kind") == "lava" and isinstance(tile, str):  # the drawn tile (dual: both)
            band.tiles = tile.split("/")
            right -= 58 * len(band.tiles)
    x = X0 + (70 if band.icon else 16)
    name_font = fonts.font("bold", NAME_SIZE)
    band.head = fonts.fit(band.head, name_font, NAME_SIZE, right - x)
    band.what_x = x + fonts.width(band.head, "bold", NAME_SIZE) + 16
    band.what = fonts.wrap(what, "regular", WHAT_SIZE, X1 - 16 - X0 - 16, first=right - band.what_x)
    band.height = band.turn_top + _turn_height(band) + 16
    return band


def _turn_height(band: Band) -> int:
    return 68 + WHAT_LINE * (len(band.what) - 1)


def draw_header(img: Image.Image, view: Mapping[str, Any]) -> None:
    """The phase, Vesuvius' state, and the lava tiles placed so far."""
    phase = str(view.get("phase", "build"))
    title = _(PHASE_TITLE[phase]) if phase in PHASE_TITLE else phase
    top = 6
    base = top + 36
    fonts.role_label(img, (X0, base), title, "bold", SMALLEST, MUTED)
    x = X0 + fonts.width(title, "bold", SMALLEST) + 18
    chip = phase_chip(view)
    if chip:
        text, fill = chip
        chip_w = 24 + fonts.width(text, "bold", SMALLEST)
        ImageDraw.Draw(img).rounded_rectangle(
            (x, top + 4, x + chip_w, top + 48), radius=8, fill=fill
        )
        fonts.role_label(img, (x + 12, base), text, "bold", SMALLEST, (255, 255, 255))
        x += chip_w
    if phase in ("escape", "over"):
        tiles = int(view.get("tiles_placed", 0))
        out = len(view.get("tiles_out_of_play") or [])
        right = ngettext("{n} lava tile placed", "{n} lava tiles placed", tiles).format(n=tiles)
        if out:
            right = _("{placed} · {out} out of play").format(placed=right, out=out)
        if fonts.width(right, "cond", SMALLEST) < X1 - x - 16:
            fonts.role_label(img, (X1, base), right, "cond", SMALLEST, MUTED, "rs")


def draw_band(img: Image.Image, view: Mapping[str, Any], band: Band) -> None:
    draw_header(img, view)
    d = ImageDraw.Draw(img)
    if band.news:  # the magenta mark: these are the board's magenta marks in words
        top = band.news_top
        d.rounded_rectangle((X0, top + 8, X0 + 34, top + 38), radius=6, outline=HIGHLIGHT, width=5)
        fonts.draw_lines(img, (NEWS_X, top + 36), band.news, "regular", NEWS_SIZE, TEXT, NEWS_LINE)
    top = band.turn_top
    frame = shapes.box((X1 - X0, _turn_height(band)), CARD_HI, CANVAS, outline=HIGHLIGHT, width=3)
    img.paste(frame, (X0, top))
    if band.icon is not None:
        paste_centered(img, shapes.piece_sprite(band.icon, 48), X0 + 36, top + 34)
    right = X1 - 16 - 58 * len(band.tiles)
    for i, symbol in enumerate(band.tiles):
        tile = shapes.lava_tile(symbol, 50)
        img.paste(tile, (round(right + 8 + i * 58), top + 9), tile)
    name_font = fonts.font("bold", NAME_SIZE)
    x = X0 + (70 if band.icon else 16)
    fonts.draw_text(img, (x, top + 48), band.head, name_font, NAME_SIZE, TEXT)
    fonts.draw_lines(
        img, (X0 + 16, top + 48), band.what, "regular", WHAT_SIZE, TEXT, WHAT_LINE, band.what_x
    )
