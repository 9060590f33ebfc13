"""The private image: the player's hand of specialists and city cards with their costs and
effects written out, what each can do now (read from ``choices``, the engine's legal actions:
nothing here derives a rule), the pledge during an offering, the cards drawn to keep one of,
and the volcano cards the player searched. Adapted cards carry † and the footer says so."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.core import ActionChoice
from engine.workers import GAME
from engine.workers.views import card_view
from render import fonts
from render.workers import icons, terms, words
from render.workers.lang import N_, _
from render.workers.layout import (
    BODY,
    CANVAS,
    CARD,
    CARD_HI,
    GOLD,
    GOOD,
    LINE_H,
    MUTED,
    SMALLEST,
    TEXT,
    TITLE,
    M,
    View,
    W,
    box,
    goods_row,
    goods_width,
    paste_centered,
    seats,
)

X0, X1 = M, W - M
PAD = 18
VERBS = {
    "train": N_("train now"),
    "swap": N_("swap now"),
    "activate": N_("activate at the Foro now"),
    "play": N_("play now"),
    "keep": N_("keep"),
    "take": N_("take"),
    "use": N_("use now"),
}
"""What a card can do now (catalog messages, said when drawn)."""


def uses(cid: str, choices: Sequence[ActionChoice]) -> list[str]:
    """What the player may do with card ``cid`` now, from the legal actions only."""
    out: list[str] = []
    for c in choices:
        parts = c.notation.split()
        if not parts:
            continue
        verb = parts[0]
        if cid in parts[1:] and verb in VERBS:
            what = VERBS[verb]
        elif cid == "C31" and verb == "halt":
            what = N_("halt the Castrum now")
        elif cid in parts[1:]:
            what = N_("use now")
        else:
            continue
        if what not in out:
            out.append(what)
    return out


def sections(view: View) -> list[tuple[str, list[Mapping[str, Any]]]]:
    """The card sections of a player's own view: (title, cards) for the cards drawn to keep
    one of, the specialists and city cards in hand, and the solo display."""
    own = view.get("hand") or {}
    solo = view.get("solo")
    display = solo.get("display") if isinstance(solo, Mapping) else None
    listed = [
        (N_("Drawn: keep one"), list(view.get("drawn_cards") or [])),
        (N_("Specialists in your hand"), list(own.get("specialists") or [])),
        (N_("City cards in your hand"), list(own.get("city") or [])),
        (N_("On display this round: free to use once"), list(display or [])),
    ]
    return [(title, [c for c in cards if isinstance(c, Mapping)]) for title, cards in listed]


def worth_an_image(view: View) -> bool:
    """A hand, drawn cards, a solo display, a pledge step or searched cards: something to
    show."""
    if any(cards for _title, cards in sections(view)):
        return True
    return view.get("stage") == "offering" or bool(view.get("searching"))


def _card_height(card: Mapping[str, Any], now: list[str]) -> tuple[int, list[str]]:
    lines = fonts.wrap(terms.card_text(card.get("id")), "cond", SMALLEST, X1 - X0 - 2 * PAD)
    return 52 + LINE_H * len(lines) + (LINE_H if now else 0) + 10, lines


def _draw_card(img: Image.Image, card: Mapping[str, Any], now: list[str], top: int) -> int:
    h, lines = _card_height(card, now)
    box(
        img,
        (X0, top),
        (X1 - X0, h - 8),
        CARD_HI if now else CARD,
        outline=GOOD if now else None,
        width=3 if now else 0,
    )
    cost = {g: int(n) for g, n in (card.get("cost") or {}).items() if n}
    right: float = X1 - PAD
    if cost:
        width = goods_width(cost, 28)
        goods_row(img, right - width, top + 38, cost, 28)
        right -= width + 8
        word = _("cost")
        fonts.role_label(img, (right, top + 38), word, "cond", SMALLEST, MUTED, "rs")
        right -= fonts.width(word, "cond", SMALLEST) + 12
    elif card.get("timing") != "hand" or card.get("kind") == "specialist":
        word = _("free")
        fonts.role_label(img, (right, top + 38), word, "cond", SMALLEST, MUTED, "rs")
        right -= fonts.width(word, "cond", SMALLEST) + 12
    title = terms.card(card.get("id"))
    f = fonts.font("bold", SMALLEST + 2)
    fonts.draw_text(
        img,
        (X0 + PAD, top + 38),
        fonts.fit(title, f, SMALLEST + 2, right - X0 - PAD),
        f,
        SMALLEST + 2,
        TEXT,
    )
    y = fonts.draw_lines(img, (X0 + PAD, top + 38 + LINE_H), lines, "cond", SMALLEST, TEXT, LINE_H)
    if now:
        ImageDraw.Draw(img).polygon(
            [(X0 + PAD, y - 20), (X0 + PAD + 16, y - 11), (X0 + PAD, y - 2)], fill=GOOD
        )
        said = fonts.fit(
            " · ".join(_(w) for w in now),
            fonts.font("cond_bold", SMALLEST),
            SMALLEST,
            X1 - X0 - 2 * PAD - 26,
        )
        fonts.role_label(img, (X0 + PAD + 26, y), said, "cond_bold", SMALLEST, GOOD)
    return top + h


def _pledge_height(view: View) -> int:
    return 128 if view.get("stage") == "offering" else 0


def _draw_pledge(img: Image.Image, view: View, top: int) -> int:
    """The own pledge: its value against the requirement, its goods, what earns cards."""
    pledge = {g: int(n) for g, n in (view.get("pledge") or {}).items() if n}
    need = (view.get("offering") or {}).get("requirement", "?")
    seat = view.get("seat")
    workers = next((sv.get("workers", 0) for sv in seats(view) if sv.get("seat") == seat), 0)
    box(img, (X0, top), (X1 - X0, 120), CARD_HI, outline=GOLD, width=3)
    value = view.get("pledge_value", 0)
    head = _("Your offering: value {value} · {need} needed from all").format(value=value, need=need)
    if words.alone(view):  # solo: nobody else gives
        head = _("Your offering: value {value} of {need} needed").format(value=value, need=need)
    elif words.open_pledges(view):  # W4: the others' pledges are open too
        total = (view.get("offering") or {}).get("total", 0)
        head = _("Your offering: value {value} · all of you {total} of {need}").format(
            value=value, total=total, need=need
        )
    room = X1 - X0 - 2 * PAD
    head = fonts.fit(head, fonts.font("bold", TITLE - 2), TITLE - 2, room)
    fonts.role_label(img, (X0 + PAD, top + 34), head, "bold", TITLE - 2, GOLD)
    if pledge:
        goods_row(img, X0 + PAD, top + 72, pledge, 32)
    else:
        none = _("nothing pledged yet")
        fonts.role_label(img, (X0 + PAD, top + 70), none, "cond", BODY, MUTED)
    rest = _("more than your {workers} earns a card draw per extra point").format(workers=workers)
    rest = fonts.fit(rest, fonts.font("cond", SMALLEST), SMALLEST, room)
    fonts.role_label(img, (X0 + PAD, top + 104), rest, "cond", SMALLEST, MUTED)
    return top + 128


def _volcano_lines(view: View) -> list[str]:
    out = []
    for key, title in (
        ("searching", N_("Put back in order")),
        ("known_volcano", N_("Next volcano cards")),
    ):
        cards = [c for c in view.get(key) or [] if isinstance(c, Mapping)]
        if cards:
            shown = "; ".join(
                f"{c.get('id')} "
                + (
                    _("the Apocalypse")
                    if c.get("apocalypse")
                    else ", ".join(terms.good(g) for g in c.get("goods") or [])
                )
                for c in cards
            )
            out += fonts.wrap(f"{_(title)}: {shown}", "cond", SMALLEST, X1 - X0)
    return out


def draw_hand(view: View, name: str, choices: Sequence[ActionChoice]) -> Image.Image:
    shown = sections(view)
    heights = 90 + _pledge_height(view)
    plan: list[tuple[str, list[tuple[Mapping[str, Any], list[str]]]]] = []
    adapted = False
    for title, cards in shown:
        if not cards:
            continue
        rows = [(c, uses(str(c.get("id")), choices)) for c in cards]
        rows.sort(key=lambda row: not row[1])  # what can be used now first
        plan.append((title, rows))
        heights += 44 + sum(_card_height(c, now)[0] for c, now in rows)
        adapted = adapted or any(c.get("adapted") or c.get("mark") for c in cards)
    plan.sort(key=lambda part: not any(now for _card, now in part[1]))  # usable now first
    volcano = _volcano_lines(view)
    heights += LINE_H * len(volcano) + (LINE_H + 10 if adapted else 0) + 16
    img = Image.new("RGB", (W, heights), CANVAS)
    seat = view.get("seat")
    x = X0
    if isinstance(seat, int):
        paste_centered(img, icons.worker(seat, 40), X0 + 22, 32)
        x += 50
    f = fonts.font("bold", TITLE)
    who = fonts.clean(name)
    head = _("{who} · your cards").format(who=who) if who else _("Your cards")
    head = fonts.fit(head, f, TITLE, X1 - x)
    fonts.draw_text(img, (x, 44), head, f, TITLE, TEXT)
    status = fonts.fit(
        _("Now: {what}").format(what=words.decision(view))
        if choices
        else _("Nothing to decide now"),
        fonts.font("cond", BODY),
        BODY,
        X1 - X0,
    )
    fonts.draw_text(img, (X0, 80), status, fonts.font("cond", BODY), BODY, TEXT)
    y = 90
    if _pledge_height(view):
        y = _draw_pledge(img, view, y)
    for title, rows in plan:
        heading = f"{_(title)} ({len(rows)})"
        fonts.role_label(img, (X0, y + 32), heading, "bold", SMALLEST, MUTED)
        y += 44
        for card, now in rows:
            y = _draw_card(img, card, now, y)
    y = round(fonts.draw_lines(img, (X0, y + 24), volcano, "cond", SMALLEST, TEXT, LINE_H)) - 24
    if adapted:
        note = terms.adapted_note()
        fonts.role_label(img, (X0, y + 30), note, "cond", SMALLEST, MUTED)
    return img


def sample_hand() -> Image.Image:
    """A hand with cards usable now and a pledge (for the palette)."""
    view = GAME.view(GAME.new_game(2, 2), 0)
    view["stage"] = "offering"
    view["offering"] = {"requirement": 9}
    view["pledge"] = {"bread": 2, "wool": 1}
    view["drawn_cards"] = [dict(card_view("C05"))]
    hand_s = view["hand"]["specialists"]
    return draw_hand(view, "", [ActionChoice(f"train {hand_s[0]['id']}", "")])
