"""The goods tablets: one block per player with all 27 goods (icon and count, grouped by value
I–V, none held washed out), the workers, the army, the offering status (with open pledges,
W4, the seat's pledge) and the activated cards. All tablets go into one image
(``draw_tablets``) or under the board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render import fonts
from render.workers import icons, terms, words
from render.workers.lang import N_, _, ngettext
from render.workers.layout import (
    BODY,
    CANVAS,
    CARD,
    CARD_HI,
    DIM,
    GOLD,
    GOOD,
    HIGHLIGHT,
    LINE_H,
    MUTED,
    SMALLEST,
    TEXT,
    TITLE,
    M,
    View,
    W,
    box,
    goods_legend,
    paste_centered,
    seat_name,
    seats,
)

X0, X1 = M, W - M
CELL = 70
LABEL_W = 36
ICON = 34
ROW = 44
# rows of the tablet: (value, …) per row, values in order
ROWS = ((1,), (2, 5), (3, 4))


def _rows(view: View) -> list[list[tuple[int, list[str]]]]:
    by_value: dict[int, list[str]] = {}
    for g in goods_legend(view):
        by_value.setdefault(int(g.get("value", 0)), []).append(str(g["id"]))
    return [[(v, by_value.get(v, [])) for v in row] for row in ROWS]


def _cards_lines(sv: Mapping[str, Any]) -> list[str]:
    cards = [
        c
        for c in [*(sv.get("specialists") or []), *(sv.get("city_cards") or [])]
        if isinstance(c, Mapping)
    ]
    if not cards:
        return fonts.wrap(_("Activated cards: none"), "cond", SMALLEST, X1 - X0 - 24)
    text = _("Activated: {cards}").format(cards=", ".join(terms.card(c.get("id")) for c in cards))
    return fonts.wrap(text, "cond", SMALLEST, X1 - X0 - 24)


def _pledge(view: View, sv: Mapping[str, Any]) -> str:
    """The seat's pledge while an offering with open pledges runs, else ``""``."""
    offering = view.get("offering")
    if not isinstance(offering, Mapping) or not words.open_pledges(view):
        return ""
    seat = int(sv.get("seat", 0))
    values, pledges = offering.get("values") or [], offering.get("pledges") or []
    if seat >= len(values) or seat in (offering.get("exempt") or []):
        return ""
    given = pledges[seat] if seat < len(pledges) else None
    if isinstance(given, Mapping) and any(given.values()):
        return _("pledged {value}: {goods}").format(value=values[seat], goods=terms.goods(given))
    return _("pledged {value}").format(value=values[seat])


def _status(view: View, sv: Mapping[str, Any]) -> str:
    parts = [
        _("{free} of {workers} workers free").format(
            free=sv.get("available", 0), workers=sv.get("workers", 0)
        )
    ]
    hired, injured = sv.get("hired", 0), sv.get("injured", 0)
    if hired:
        parts.append(ngettext("{n} hired", "{n} hired", hired).format(n=hired))
    if injured:
        parts.append(ngettext("{n} injured", "{n} injured", injured).format(n=injured))
    for key, word in (("on_c28", N_("{n} on C28")), ("on_c31", N_("{n} on C31"))):
        if sv.get(key):
            parts.append(_(word).format(n=sv.get(key)))
    specialists, city = int(sv.get("hand_specialists", 0)), int(sv.get("hand_city", 0))
    parts.append(
        _("hand: {specialists}, {city}").format(
            specialists=ngettext("{n} specialist", "{n} specialists", specialists).format(
                n=specialists
            ),
            city=ngettext("{n} city card", "{n} city cards", city).format(n=city),
        )
    )
    drawn, left = sv.get("drawn", 0), sv.get("draws_left", 0)
    if drawn:
        parts.append(ngettext("{n} drawn", "{n} drawn", drawn).format(n=drawn))
    if left:
        parts.append(ngettext("{n} draw left", "{n} draws left", left).format(n=left))
    pledge = _pledge(view, sv)
    return " · ".join([pledge, *parts] if pledge else parts)


def _status_lines(view: View, sv: Mapping[str, Any]) -> list[str]:
    return fonts.wrap(_status(view, sv), "cond", BODY, X1 - X0 - 28)


def tablet_height(view: View, sv: Mapping[str, Any]) -> int:
    extra = LINE_H * (len(_status_lines(view, sv)) - 1)
    return 78 + extra + ROW * len(ROWS) + LINE_H * len(_cards_lines(sv)) + 20


def draw_tablet(
    img: Image.Image, view: View, names: Sequence[str], sv: Mapping[str, Any], top: int
) -> int:
    """One player's tablet from ``top``; returns the y under it."""
    s = int(sv.get("seat", 0))
    h = tablet_height(view, sv)
    on = view.get("turn") == s
    box(
        img,
        (X0, top),
        (X1 - X0, h - 8),
        CARD_HI if on else CARD,
        outline=HIGHLIGHT if on else None,
        width=2 if on else 0,
    )
    paste_centered(img, icons.worker(s, 36), X0 + 26, top + 26)
    value = _("value {value}").format(value=sv.get("value", 0))
    right = X1 - 14 - fonts.width(value, "bold", TITLE)
    army = str(sv.get("army", "none"))
    if army != "none":
        paste_centered(img, icons.army(s, 34, injured=army == "injured"), right - 26, top + 24)
        right -= 52
    flags = [
        w
        for k, w in (
            ("locked", _("locked")),
            ("exempt", _("exempt")),
            ("boosted", _("+1/unit")),
            ("porta_owner", _("owns Porta")),
        )
        if sv.get(k)
    ]
    flag = " · ".join(flags)
    if flag:
        right -= fonts.width(flag, "cond_bold", SMALLEST) + 14
        fonts.role_label(img, (right + 7, top + 35), flag, "cond_bold", SMALLEST, GOOD)
    f = fonts.font("bold", TITLE)
    name = fonts.fit(seat_name(view, names, s), f, TITLE, right - X0 - 56)
    fonts.draw_text(img, (X0 + 50, top + 36), name, f, TITLE, TEXT)
    fonts.role_label(img, (X1 - 14, top + 36), value, "bold", TITLE, GOLD, "rs")
    status = _status_lines(view, sv)
    fonts.draw_lines(img, (X0 + 14, top + 66), status, "cond", BODY, MUTED, LINE_H)
    goods = sv.get("goods") or {}
    y = top + 76 + LINE_H * (len(status) - 1)
    for row in _rows(view):
        x = X0 + 6
        for value_, ids in row:
            fonts.role_label(
                img,
                (x + LABEL_W / 2, y + 30),
                terms.ROMAN.get(value_, "?"),
                "serif_bold",
                SMALLEST,
                MUTED,
                "ms",
            )
            x += LABEL_W
            for gid in ids:
                n = int(goods.get(gid, 0) or 0)
                icon = icons.good_icon(gid, ICON, faded=n == 0)
                img.paste(icon, (x, y + 4), icon)
                if n:
                    fonts.role_label(img, (x + ICON + 3, y + 32), str(n), "bold", TITLE - 2, TEXT)
                else:
                    fonts.role_label(img, (x + ICON + 5, y + 30), "·", "bold", SMALLEST, DIM)
                x += CELL
        y += ROW
    fonts.draw_lines(img, (X0 + 14, y + 22), _cards_lines(sv), "cond", SMALLEST, TEXT, LINE_H)
    return top + h


def _adapted(view: View) -> bool:
    """Whether a † shows on the tablets (an adapted good, or an adapted activated card)."""
    if any(g.get("adapted") for g in goods_legend(view)):
        return True
    return any(
        c.get("adapted")
        for sv in seats(view)
        for c in [*(sv.get("specialists") or []), *(sv.get("city_cards") or [])]
        if isinstance(c, Mapping)
    )


def _head_lines(view: View) -> list[str]:
    """Above the tablets: the offering while it runs (with open pledges the total against the
    requirement: each tablet shows its seat's pledge); the decks."""
    out = []
    offering = view.get("offering")
    if isinstance(offering, Mapping) and words.open_pledges(view):
        out.append(
            _("Offering: {total} (each tablet shows its seat's pledge)").format(
                total=words.offering_total(offering)
            )
        )
    elif isinstance(offering, Mapping):
        need = offering.get("requirement")
        out.append(_("Offering: {need} needed from all of you").format(need=need))
    decks = view.get("decks") or {}
    out.append(
        _(
            "Specialists: {specialists} in the deck, {specialist_discards} discarded · "
            "City cards: {city} in the deck, {city_discards} discarded"
        ).format(
            specialists=decks.get("specialists", 0),
            specialist_discards=decks.get("specialist_discards", 0),
            city=decks.get("city", 0),
            city_discards=len(decks.get("city_discards") or []),
        )
    )
    return out


def _head_height(view: View) -> int:
    return 12 + sum(
        LINE_H * len(fonts.wrap(line, "cond", BODY, X1 - X0 - 8)) for line in _head_lines(view)
    )


LEGEND_COLS = 4
LEGEND_ROW = 36
LEGEND_ICON = 28


def _legend_height(view: View) -> int:
    return 44 + LEGEND_ROW * -(-len(goods_legend(view)) // LEGEND_COLS) + 8


def _draw_legend(img: Image.Image, view: View, top: int) -> int:
    """Every good's icon with its name and value, by value: the icons a player learns once."""
    fonts.role_label(img, (X0 + 4, top + 30), _("The goods, by value"), "bold", BODY, MUTED)
    goods = sorted(goods_legend(view), key=lambda g: int(g.get("value", 0)))
    col_w = (X1 - X0) / LEGEND_COLS
    for i, g in enumerate(goods):
        row, col = divmod(i, LEGEND_COLS)
        x = X0 + col * col_w
        y = top + 44 + row * LEGEND_ROW
        sprite = icons.good_icon(str(g["id"]), LEGEND_ICON)
        img.paste(sprite, (round(x + 4), y), sprite)
        value = terms.ROMAN.get(int(g.get("value", 0)), "?")
        fonts.role_label(img, (x + 38, y + 22), value, "serif_bold", SMALLEST, MUTED)
        name = fonts.fit(
            f"{terms.good(g['id'])}{g.get('mark') or ''}",
            fonts.font("cond", SMALLEST),
            SMALLEST,
            col_w - 80,
        )
        fonts.role_label(img, (x + 76, y + 22), name, "cond", SMALLEST, TEXT)
    return top + _legend_height(view)


def tablets_height(view: View) -> int:
    return (
        _head_height(view)
        + sum(tablet_height(view, sv) for sv in seats(view))
        + 8
        + (LINE_H if _adapted(view) else 0)
        + _legend_height(view)
    )


def draw_tablets_onto(img: Image.Image, view: View, names: Sequence[str], top: int) -> int:
    y = top
    for line in _head_lines(view):
        lines = fonts.wrap(line, "cond", BODY, X1 - X0 - 8)
        fonts.draw_lines(img, (X0 + 4, y + 22), lines, "cond", BODY, TEXT, LINE_H)
        y += LINE_H * len(lines)
    y += 12
    for sv in seats(view):
        y = draw_tablet(img, view, names, sv, y)
    y = _draw_legend(img, view, y)
    if _adapted(view):
        note = terms.adapted_note()
        fonts.role_label(img, (X0 + 4, y + 20), note, "cond", SMALLEST, MUTED)
        y += LINE_H
    return y


def draw_tablets(view: View, names: Sequence[str]) -> Image.Image:
    """Every player's tablet, one under the other, with the goods' legend."""
    img = Image.new("RGB", (W, tablets_height(view) + 8), CANVAS)
    draw_tablets_onto(img, view, names, 6)
    return img
