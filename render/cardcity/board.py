"""Pompeji, Frank Brandt's card game: the public board and a player's private image.

Drawn from the views only (``engine.cardcity.views``): ``render_board`` reads the public view,
``render_hand`` the player view (public fields plus the viewer's own hand). The engine says what
the last play scored street by street (``last.streets``), what the last turn did
(``last_turn``) and where the viewer's cards fit (``fits``); nothing here applies the rules.

Both images are 1000 px wide and as tall as what they hold, for a phone, where Discord shows
them 400 px wide: the board is a news band in large type (the last turn, what the table waits
for), the city, the deck and a row per player (score, hand, statue, permits), and a short
footer. Every card shows its building as a symbol *and* a letter, its colour as a fill *and* a
letter, and its value in a disc, so nothing depends on telling colours apart. Opaque on a dark
surround, for Discord's dark and light themes.

Modules: ``layout`` (sizes, colours), ``view`` (reading the view), ``tiles`` (cached pictures
with their text), ``cards`` (card faces, icons), ``flow`` (lines of words and pictures),
``grid`` (the city), ``news`` (the news band), ``panel`` (deck, players, footer), ``hand``
(the private image); this one puts the board together and encodes both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from engine.cardcity import data as D
from render import palette, png
from render.cardcity import flow, news, panel
from render.cardcity.grid import Origin, draw_city, grid_origin
from render.cardcity.hand import draw_hand
from render.cardcity.layout import (
    CANVAS,
    CARD_FILL,
    CITY_H,
    CONTRAST,
    END_PHASE,
    GOLD,
    HATCH,
    HIGHLIGHT,
    HIGHLIGHT_EDGE,
    INK,
    LEGAL,
    LEGAL_FILL,
    LIMIT,
    MUTED,
    OPEN,
    OPEN_LINE,
    PANEL,
    PANEL_HI,
    PAPER,
    STONE,
    TEXT,
    X0,
    X1,
    W,
)
from render.cardcity.view import cell_code, read_city, read_last, read_turn


@dataclass(frozen=True)
class Layout:
    """Where each part of the board goes (its height follows the news and the players)."""

    band: news.Band
    city_top: int
    deck: list[list[flow.Placed]]
    deck_top: int
    seats_top: int
    foot: list[list[flow.Placed]]
    foot_top: int
    height: int

    @property
    def origin(self) -> Origin:
        return grid_origin(self.city_top)


DECK_H = 50


def board_layout(view: Mapping[str, Any], names: Sequence[str]) -> Layout:
    city = read_city(view)
    turn = read_turn(view, read_last(view, city))
    band = news.band(view, names, turn, city)
    city_top = 12 + band.height
    deck = flow.lay_out(panel.deck_segments(view), X1 - X0 - 12)
    deck_top = city_top + CITY_H + 6
    seats_top = deck_top + DECK_H * len(deck) + 8
    foot = flow.lay_out(panel.footer_segments(view), X1 - X0)
    foot_top = seats_top + panel.ROW_H * len(view.get("seats") or []) + 2
    height = foot_top + panel.FOOT_H * len(foot) + 10
    return Layout(band, city_top, deck, deck_top, seats_top, foot, foot_top, height)


def draw_board(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """The public image as RGB (``W`` px wide): news, city, deck, players, footer."""
    lay = board_layout(view, names)
    img = Image.new("RGB", (W, lay.height), CANVAS)
    city = read_city(view)
    last = read_last(view, city)
    news.draw_band(img, lay.band, 12)
    draw_city(img, city, last, lay.origin)
    panel.draw_rows(img, lay.deck, X0 + 6, lay.deck_top, DECK_H)
    panel.draw_seats(img, view, names, lay.seats_top)
    panel.draw_rows(img, lay.foot, X0, lay.foot_top, panel.FOOT_H)
    return img


def _sample_view(private: bool) -> dict[str, Any]:
    """A synthetic crowded city using every card colour and symbol (for the palette)."""
    city = []
    order = [(r, c) for r in range(3, 10) for c in range(3, 10)]
    for i, (r, c) in enumerate(order):
        b, col = (i + 2 * (r % 2)) % 7, (i * 3 + r) % 7
        code = D.BUILDINGS[b][0] + D.COLOURS[col][0]
        card: str | None = code if i % 11 else None
        city.append({"cell": cell_code((r, c)), "card": card, "statue": i % 4, "declared": code})
    return {
        "stage": "play",
        "players": 4,
        "permit_uses": 2,
        "end_phase": True,
        "volcanoes": 1,
        "deck_size": 12,
        "actor": 1,
        "turn": 1,
        "city": city[:-12],
        "seats": [
            {
                "seat": s,
                "score": 100 + s,
                "hand_size": 3,
                "statue_used": s % 2 == 0,
                "permits_left": s % 3,
            }
            for s in range(4)
        ],
        "last": {
            "seat": 0,
            "cell": "g7",
            "points": 23,
            "streets": [
                {"line": "row", "cells": ["f7", "g7"], "building": 0, "colour": 23, "seventh": 0}
            ],
        },
        "last_turn": {"seat": 0, "permit": True, "discarded": "", "drew": 1, "volcano": 1},
        "seat": 1,
        "hand": ["Tr", "Fo", "Ay"] if private else None,
        "hand_value": 9,
    }


def _palette_samples() -> list[Image.Image]:
    names = [f"#{seat + 1}" for seat in range(4)]  # never shown: the palette's sample
    return [draw_board(_sample_view(False), names), draw_hand(_sample_view(True), names[1])]


PALETTE = png.Palette(
    _palette_samples,
    keep=[
        *CARD_FILL.values(),
        *(HIGHLIGHT, HIGHLIGHT_EDGE, LEGAL, LEGAL_FILL, CANVAS, PANEL, PANEL_HI, TEXT, MUTED),
        *(INK, PAPER, STONE, OPEN, OPEN_LINE, HATCH, LIMIT, END_PHASE, GOLD),
    ],
    contrast=palette.table(CONTRAST, CARD_FILL.values(), INK, PAPER),
)


def render_board(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    return png.encode(draw_board(view, names), PALETTE)


def render_hand(view: Mapping[str, Any], name: str) -> bytes:
    return png.encode(draw_hand(view, name), PALETTE)
