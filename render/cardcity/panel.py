"""Under the city on the board: the deck (the volcanoes, the cards left and how far the danger
is), a row per player with their key figures as icons (cards in hand, the statue while unused,
one permit card per use left) and the score in large type, and the footer (the discards, and
that the cards' names, colours and values are our adaptation)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import fonts, shapes
from render.cardcity import art, flow
from render.cardcity.cards import hand_icon, permit_icon, seat_badge
from render.cardcity.flow import Seg
from render.cardcity.lang import _, ngettext
from render.cardcity.layout import (
    CANVAS,
    END_PHASE,
    GOLD,
    MUTED,
    PANEL,
    PANEL_HI,
    TEXT,
    X0,
    X1,
)
from render.cardcity.view import display_name

DECK = 28  # the deck line: 8.4 px capitals at 400 px wide
NAME = 34  # a player's name: 10 px
SCORE = 44  # a player's score: 12.8 px
FOOT = 26  # the footer: 7.6 px
ROW_H = 66
NAME_X = X0 + 66
ITEMS_X = 430  # where a player's hand, statue and permits start (the name ends before)
PILE = 9  # a volcano shuffled into 8 building cards [R]


def danger(view: Mapping[str, Any]) -> bool:
    """Whether the next volcano may come with the next draw (the deck line says "Danger!")."""
    deck = int(view.get("deck_size", 0))
    volcanoes = int(view.get("volcanoes", 0))
    if volcanoes >= 2 or view.get("stage") == "over":
        return False
    return deck - (2 if volcanoes == 0 else 1) * PILE <= 0


def deck_lines(view: Mapping[str, Any]) -> tuple[str, str]:
    """What the deck tells everyone: the cards left, and how far the danger is."""
    deck = int(view.get("deck_size", 0))
    volcanoes = int(view.get("volcanoes", 0))
    head = str(deck)
    if volcanoes >= 2 or view.get("stage") == "over":
        return head, _("both volcanoes are out")
    if volcanoes == 0:
        safe = max(0, deck - 2 * PILE)
        if safe:
            return head, ngettext(
                "{n} safe draw, then the 1st volcano within {pile}",
                "{n} safe draws, then the 1st volcano within {pile}",
                safe,
            ).format(n=safe, pile=PILE)
        near = deck - PILE
        return head, ngettext(
            "Danger! the 1st volcano is the next card",
            "Danger! the 1st volcano is in the next {n} cards",
            near,
        ).format(n=near)
    safe = max(0, deck - PILE)
    if safe:
        return head, ngettext(
            "{n} safe draw, then the 2nd volcano within {pile}",
            "{n} safe draws, then the 2nd volcano within {pile}",
            safe,
        ).format(n=safe, pile=min(PILE, deck))
    return head, ngettext(
        "Danger! the 2nd volcano is the last card",
        "Danger! the 2nd volcano is in the last {n} cards",
        deck,
    ).format(n=deck)


def deck_segments(view: Mapping[str, Any]) -> list[Seg]:
    """Two volcanoes (drawn ones erupting), "25 cards", the danger line; "end phase"."""
    volcanoes = int(view.get("volcanoes", 0))
    segs = [Seg("volcano", "" if i < volcanoes else "calm", DECK) for i in range(2)]
    head, detail = deck_lines(view)
    segs += flow.words(_("Deck: {n}").format(n=head), DECK, "bold")  # "Deck: 25"
    if volcanoes == 1 and view.get("stage") != "over":
        segs += flow.words(_("· end phase ·"), DECK, "cond_bold", END_PHASE)
    else:
        segs += flow.words("·", DECK, "cond", MUTED)
    colour = END_PHASE if danger(view) else TEXT
    return segs + flow.words(detail, DECK, "cond", colour)


def draw_rows(
    img: Image.Image, lines: list[list[flow.Placed]], x: float, top: float, h: int
) -> int:
    """Laid-out lines from ``top``, ``h`` px each; returns the bottom."""
    y = top
    for line in lines:
        flow.draw_line(img, line, x, y + h / 2)
        y += h
    return round(y)


def draw_statue(img: Image.Image, x: int, y: int, used: bool) -> None:
    """The statue while unused; once used a faint one, struck through."""
    statue = art.statue_sprite(46, MUTED if used else TEXT)
    img.paste(statue, (x, y), statue)
    if used:
        ImageDraw.Draw(img).line([(x + 2, y + 44), (x + 44, y + 2)], fill=END_PHASE, width=4)


def draw_items(img: Image.Image, sv: Mapping[str, Any], y: int, asked: bool) -> None:
    """A player's cards in hand, statue and permit cards (one per use left: none without a
    permit); ``asked``: an open permit window waits for this player's answer."""
    mid = y + (ROW_H - 6) // 2
    hand_icon(img, ITEMS_X, mid - 23, int(sv.get("hand_size", 0)))
    draw_statue(img, ITEMS_X + 74, mid - 23, bool(sv.get("statue_used")))
    left = max(0, int(sv.get("permits_left", 0)))
    x = ITEMS_X + 140
    for i in range(left):
        permit_icon(img, x + i * 44, mid - 23, True)
    if asked:
        fonts.role_label(img, (x + left * 44 + 6, mid + 11), _("permit?"), "bold", 30, GOLD)


def draw_seats(img: Image.Image, view: Mapping[str, Any], names: Sequence[str], top: int) -> int:
    """A row per player: number, name, icons, score (at the end: the place, and the points built
    minus the cards kept in hand)."""
    over = view.get("stage") == "over"
    outcome = view.get("outcome") or {}
    places = [p for p in outcome.get("places") or [] if isinstance(p, int)]
    scores = outcome.get("scores") or []
    hands = view.get("hands")
    hands = hands if isinstance(hands, list) else []
    actor = view.get("actor")
    pending = (view.get("window") or {}).get("pending") or []
    y = top
    for sv in view.get("seats") or []:
        s = int(sv.get("seat", 0))
        on_turn = actor == s and not over
        fill, bar = (PANEL_HI, GOLD) if on_turn else (PANEL, None)
        img.paste(shapes.box((X1 - X0, ROW_H - 6), fill, CANVAS, bar=bar), (X0, y))
        mid = y + (ROW_H - 6) // 2
        seat_badge(img, (X0 + 34, mid), s, 22)
        score = int(sv.get("score", 0))
        base = mid + 12
        name_right = ITEMS_X - 16
        if over and s < len(scores):  # the final score, place, and how it came about
            final = scores[s]
            score = int(final.get("final", score))
            place = places[s] if s < len(places) else 0
            name_right = ITEMS_X - 80
            fonts.role_label(
                img, (ITEMS_X - 16, base), f"#{place}", "bold", NAME, GOLD if place == 1 else MUTED,
                "rs",
            )  # fmt: skip
            kept = (
                [str(c) for c in hands[s]] if s < len(hands) and isinstance(hands[s], list) else []
            )
            penalty = abs(int(final.get("hand", 0)))
            summary = f"{final.get('built', '?')} − {penalty}" + (
                f" ({' '.join(kept)})" if kept else ""
            )
            fonts.role_label(img, (ITEMS_X, base), summary, "cond", 30, MUTED)
        else:
            draw_items(img, sv, y, s in pending)
        fonts.role_label(img, (X1 - 14, mid + 16), str(score), "bold", SCORE, TEXT, "rs")
        fonts.fitted_line(
            img, (NAME_X, base), display_name(names, s), "bold", NAME, TEXT, name_right
        )
        y += ROW_H
    return y


def footer_segments(view: Mapping[str, Any]) -> list[Seg]:
    """The discards (out of the game) and the note the spec asks for on our card data."""
    segs: list[Seg] = []
    discards = [str(c) for c in view.get("discards") or []]
    if discards:
        said = _("Discarded: {cards} ·").format(cards=" ".join(discards))
        segs += flow.words(said, FOOT, "cond", MUTED)
    if (view.get("legend") or {}).get("adapted", True):
        said = _("Card names, colours and values: our adaptation")
        segs += flow.words(said, FOOT, "cond", MUTED)
    return segs


FOOT_H = 36
