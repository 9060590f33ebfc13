"""Pompeji as text (the text board: ``/game board text:True``): what the board picture holds,
in plain lines a screen reader reads well, from the public view alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.cardcity import news, panel
from render.cardcity.flow import Seg
from render.cardcity.lang import _, ngettext
from render.cardcity.narrate import BUILDINGS, COLOURS, hand
from render.cardcity.view import display_name, read_city, read_last, read_turn
from render.presentation import description


def said(segs: Sequence[Seg], names: Sequence[str]) -> str:
    """A line of the picture's words and pictures in words: a seat's badge as its number, a
    card as its letters, a statue as "statue", points as they are."""
    out: list[str] = []
    for seg in segs:
        if seg.kind in ("word", "name", "card", "pill"):
            out.append(seg.text)
        elif seg.kind == "statue":
            out.append(_("statue"))
        elif seg.kind == "break":
            out.append("·")
    return " ".join(out).replace(" ·  ·", " ·")


def _cell(entry: Mapping[str, Any]) -> str:
    """``"g7 Vb6"`` (a card: letters and value), ``"h8 statue of 2 as Ww"``."""
    where = str(entry.get("cell", "?"))
    card = str(entry.get("card") or "")
    if card:
        return f"{where} {card}{entry.get('value', '')}"
    statue = entry.get("statue")
    seat = int(statue) + 1 if isinstance(statue, int) and statue >= 0 else "?"
    return _("{space} statue of {seat} as {card}").format(
        space=where, seat=seat, card=entry.get("declared") or "?"
    )


def _row_of(cell: str) -> int:
    digits = "".join(c for c in cell if c.isdigit())
    return int(digits) if digits else 0


def text_board(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """The board in lines: the last turn and what it scored, what the table waits for (or who
    won), the city row by row (each card by its letters and value, the statues), the letters'
    meaning, the deck, and each player's figures (at the end: place and final score)."""
    lines = _head(view, names)
    lines.append(_("The city, row by row (the cards' letters and values):"))
    rows: dict[int, list[Mapping[str, Any]]] = {}
    for entry in view.get("city") or []:
        rows.setdefault(_row_of(str(entry.get("cell", ""))), []).append(entry)
    for row in sorted(rows):
        cells = sorted(rows[row], key=lambda e: str(e.get("cell", "")))
        lines.append(
            _("Row {row}: {cells}").format(row=row, cells=" · ".join(_cell(e) for e in cells))
        )
    letters = [f"{code} {_(name)}" for code, name in BUILDINGS.items()]
    letters += [f"{code} {_(name)}" for code, name in COLOURS.items()]
    lines.append(_("Letters: {letters}").format(letters=", ".join(letters)))
    return lines + _figures(view, names)


def describe_picture(view: Mapping[str, Any], names: Sequence[str], key: str) -> str:
    """A picture's description: the board's (public) says the last turn and what it scored,
    what the table waits for (or who won), the deck and each player's figures; the hand's
    (``cards``, from the player's own view) says their hand first, then the same heading
    lines."""
    if key == "cards":
        return description([*hand(view).splitlines()[:1], *_head(view, names)])
    return description([*_head(view, names), *_figures(view, names)])


def _head(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """The last turn and what it scored, what the table waits for (or who won)."""
    city = read_city(view)
    turn = read_turn(view, read_last(view, city))
    lines = [_("Last turn: {what}").format(what=said(news.headline(turn, city, names), names))]
    details = said(news.details(turn), names)
    if details:
        lines.append(details)
    lines.append(said(news.now(view, names), names))
    return lines


def _figures(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """The deck, the discards and each player's figures."""
    lines = []
    head, detail = panel.deck_lines(view)
    volcanoes = int(view.get("volcanoes", 0))
    lines.append(
        _("Deck: {n} · volcanoes drawn: {volcanoes} of 2 · {detail}").format(
            n=head, volcanoes=volcanoes, detail=detail
        )
    )
    discards = [str(c) for c in view.get("discards") or []]
    if discards:
        lines.append(_("Discarded: {cards}").format(cards=" ".join(discards)))
    lines += _seats(view, names)
    return lines


def _seats(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    over = view.get("stage") == "over"
    outcome = view.get("outcome") or {}
    places = [p for p in outcome.get("places") or [] if isinstance(p, int)]
    scores = outcome.get("scores") or []
    shown = view.get("hands")
    hands: list[Any] = shown if isinstance(shown, list) else []
    asked = (view.get("window") or {}).get("pending") or []
    lines = []
    for sv in view.get("seats") or []:
        s = int(sv.get("seat", 0))
        who = f"{s + 1} {display_name(names, s)}"
        if over and s < len(scores) and isinstance(scores[s], Mapping):
            final = scores[s]
            kept = hands[s] if s < len(hands) and isinstance(hands[s], list) else []
            place = places[s] if s < len(places) else "?"
            points = int(final.get("final", sv.get("score", 0)) or 0)
            figures = ngettext("#{place}, {points} point: built {built}, minus {penalty} for "
                               "the cards kept ({cards})",
                               "#{place}, {points} points: built {built}, minus {penalty} for "
                               "the cards kept ({cards})", points).format(
                place=place,
                points=points,
                built=final.get("built", "?"),
                penalty=abs(int(final.get("hand", 0) or 0)),
                cards=" ".join(str(c) for c in kept) or _("none"),
            )  # fmt: skip
        else:
            parts = [
                _("points: {n}").format(n=sv.get("score", 0)),
                _("cards in hand: {n}").format(n=sv.get("hand_size", 0)),
                _("statue used") if sv.get("statue_used") else _("statue unused"),
                _("permits left: {n}").format(n=max(0, int(sv.get("permits_left", 0)))),
            ]
            if s in asked:
                parts.append(_("permit?"))
            figures = " · ".join(parts)
        lines.append(f"{who}: {figures}")
    return lines
