"""The goods tablets: one block per player with all 27 goods (icon and count, grouped by value
I–V, none held washed out), the workers, the army, the offering status and the activated
cards. All tablets go into one image (``draw_tablets``) or under the board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render import fonts
from render.workers import icons, terms
from render.workers.layout import (
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
CELL = 85
LABEL_W = 52
ICON = 42
ROW = 52
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
        return fonts.wrap("Activated cards: none", "cond", SMALLEST, X1 - X0 - 24)
    text = "Activated: " + ", ".join(
        f"{c.get('id')} {c.get('name')}{c.get('mark') or ''}" for c in cards
    )
    return fonts.wrap(text, "cond", SMALLEST, X1 - X0 - 24)


def _status(sv: Mapping[str, Any]) -> str:
    parts = [
        f"workers {sv.get('workers', 0)}: {sv.get('available', 0)} free, "
        f"{sv.get('placed', 0)} placed"
    ]
    for key, word in (
        ("hired", "hired"),
        ("injured", "injured"),
        ("on_c28", "on C28"),
        ("on_c31", "on C31"),
    ):
        if sv.get(key):
            parts.append(f"{sv.get(key)} {word}")
    parts.append(f"hand {sv.get('hand_specialists', 0)}S {sv.get('hand_city', 0)}C")
    if sv.get("drawn"):
        parts.append(f"{sv.get('drawn')} drawn")
    if sv.get("draws_left"):
        parts.append(f"{sv.get('draws_left')} draws left")
    return " · ".join(parts)


def tablet_height(view: View, sv: Mapping[str, Any]) -> int:
    return 84 + ROW * len(ROWS) + LINE_H * len(_cards_lines(sv)) + 22


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
    paste_centered(img, icons.worker(s, 40), X0 + 30, top + 28)
    value = f"value {sv.get('value', 0)}"
    right = X1 - 16 - fonts.width(value, "bold", TITLE)
    army = str(sv.get("army", "none"))
    if army != "none":
        paste_centered(img, icons.army(s, 38, injured=army == "injured"), right - 30, top + 26)
        right -= 60
    flags = [
        w
        for k, w in (
            ("locked", "locked"),
            ("exempt", "exempt"),
            ("boosted", "+1/unit"),
            ("porta_owner", "owns Porta"),
        )
        if sv.get(k)
    ]
    flag = " · ".join(flags)
    if flag:
        right -= fonts.width(flag, "cond_bold", SMALLEST) + 16
        fonts.role_label(img, (right + 8, top + 38), flag, "cond_bold", SMALLEST, GOOD)
    f = fonts.font("bold", TITLE)
    name = fonts.fit(seat_name(view, names, s), f, TITLE, right - X0 - 66)
    fonts.draw_text(img, (X0 + 60, top + 40), name, f, TITLE, TEXT)
    fonts.role_label(img, (X1 - 16, top + 40), value, "bold", TITLE, GOLD, "rs")
    fonts.role_label(img, (X0 + 16, top + 74), _status(sv), "cond", SMALLEST, MUTED)
    goods = sv.get("goods") or {}
    y = top + 84
    for row in _rows(view):
        x = X0 + 10
        for value_, ids in row:
            fonts.role_label(
                img,
                (x + LABEL_W / 2, y + 34),
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
                    fonts.role_label(img, (x + ICON + 4, y + 36), str(n), "bold", TITLE - 2, TEXT)
                else:
                    fonts.role_label(img, (x + ICON + 6, y + 34), "·", "bold", SMALLEST, DIM)
                x += CELL
        y += ROW
    fonts.draw_lines(img, (X0 + 16, y + 24), _cards_lines(sv), "cond", SMALLEST, TEXT, LINE_H)
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


def tablets_height(view: View) -> int:
    return (
        sum(tablet_height(view, sv) for sv in seats(view)) + 16 + (LINE_H if _adapted(view) else 0)
    )


def draw_tablets_onto(img: Image.Image, view: View, names: Sequence[str], top: int) -> int:
    y = top
    for sv in seats(view):
        y = draw_tablet(img, view, names, sv, y)
    if _adapted(view):
        note = str(
            (view.get("legend") or {}).get("adapted_note")
            or "† adapted: original card or board text not public"
        )
        fonts.role_label(img, (X0, y + 22), note, "cond", SMALLEST, MUTED)
        y += LINE_H
    return y


def draw_tablets(view: View, names: Sequence[str]) -> Image.Image:
    """Every player's tablet, one under the other."""
    img = Image.new("RGB", (W, tablets_height(view) + 8), CANVAS)
    draw_tablets_onto(img, view, names, 10)
    return img
