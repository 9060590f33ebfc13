"""The top of the board, what a player checks every turn, in large type: the round and
Vesuvius, the news (the main event since the last board, ``news``), whose turn or which
decision the table waits for, the offering / reward / extra actions / solo display, and one
row per player with their key figures (workers free, army, the value of their goods, cards in
hand) and who sits on the special fields C12 / C28 / C31."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PIL import Image

from render import fonts
from render.workers import icons, news, rich, words
from render.workers.lang import N_, _
from render.workers.layout import (
    BIG,
    BODY,
    CARD,
    CARD_HI,
    DANGER,
    GOLD,
    HIGHLIGHT,
    MUTED,
    NEWS,
    NEWS_TEXT,
    SMALLEST,
    TEXT,
    TITLE,
    M,
    View,
    W,
    box,
    paste_centered,
    seat_name,
    seats,
)

X0, X1 = M, W - M
PAD = 14
HEAD = rich.Style("bold", BIG, NEWS_TEXT, 36, 40)
DETAIL = rich.Style("cond", BODY, NEWS_TEXT, 30, 34)
EARLIER = rich.Style("cond", BODY, (226, 196, 170), 30, 34)
LINE = rich.Style("cond", BODY, TEXT, 30, 34)


@dataclass(frozen=True)
class Block:
    """A part of the board: its height and how to draw it from a top y."""

    height: int
    draw: Callable[[Image.Image, int], None]


# ------------------------------------------------------------------ the round and Vesuvius

TOP_H = 52


def _top(view: View) -> Block:
    phase = _("Prosperity") if view.get("phase") == "prosperity" else _("Founding")
    solo = view.get("solo")
    if isinstance(solo, Mapping):
        title = _("Round {round} of {rounds} · {phase}").format(
            round=view.get("round", 0), rounds=solo.get("rounds"), phase=phase
        )
    else:
        title = _("Round {round} · {phase}").format(round=view.get("round", 0), phase=phase)
    if view.get("stage") in ("setup_red", "setup_goods"):
        title = _("Setting up")
    awake = view.get("vesuvius") == "B"
    side = _("Vesuvius awake") if awake else _("Vesuvius asleep")
    room = X1 - X0 - 48 - fonts.width(side, "cond_bold", BODY) - 16
    title = fonts.fit(title, fonts.font("bold", TITLE + 2), TITLE + 2, room)

    def draw(img: Image.Image, top: int) -> None:
        fonts.role_label(img, (X0 + 2, top + 38), title, "bold", TITLE + 2, TEXT)
        sprite = icons.vesuvius(40, awake)
        img.paste(sprite, (X1 - sprite.width, top + 6), sprite)
        right = X1 - sprite.width - 8
        fonts.role_label(
            img, (right, top + 36), side, "cond_bold", BODY, DANGER if awake else MUTED, "rs"
        )

    return Block(TOP_H, draw)


# ------------------------------------------------------------------ the news


def _news(view: View, names: Sequence[str]) -> Block | None:
    told = news.read(view, names)
    story = told.story
    if story is None:
        return None
    width = X1 - X0 - 2 * PAD
    x = X0 + PAD
    parts: list[tuple[rich.Style, Sequence[rich.Item]]] = [(HEAD, story.head)]
    parts += [(DETAIL, line) for line in story.details]
    if told.earlier:
        parts.append((EARLIER, told.earlier))
    laid: list[tuple[rich.Style, list[list[rich.Placed]]]] = []
    y = PAD + BIG - 2  # the first baseline
    for i, (style, items) in enumerate(parts):
        if i:
            y += style.line_h
        lines = rich.layout(items, style, x, y, width)
        if style is HEAD:
            lines = lines[:3]
        laid.append((style, lines))
        if lines:
            y = round(lines[-1][0].y)
    height = y + PAD

    def draw(img: Image.Image, top: int) -> None:
        box(img, (X0, top), (X1 - X0, height), NEWS, radius=12)
        for style, lines in laid:
            moved = [[_down(p, top) for p in line] for line in lines]
            rich.draw(img, moved, style, X1 - PAD)

    return Block(height + 8, draw)


def _down(p: rich.Placed, dy: int) -> rich.Placed:
    return rich.Placed(p.item, p.x, p.y + dy, p.width)


# ------------------------------------------------------------------ whose turn


def turn_of(view: View, names: Sequence[str]) -> tuple[int | None, str, list[rich.Item]]:
    """(the seat shown, the head, what it decides: words with seats' workers)."""
    d = view.get("decision") or {}
    kind = d.get("kind")
    waiting = [s for s in d.get("seats") or [] if isinstance(s, int)]
    if kind == "over" or view.get("stage") == "over":
        outcome = view.get("outcome") or {}
        winners = [w for w in outcome.get("winners") or [] if isinstance(w, int)]
        if outcome.get("kind") == "solo":
            if winners:
                title = _(str(outcome.get("title")))
                return 0, _("Game over: won"), [_("title: {title}").format(title=title)]
            return 0, _("Game over: lost"), [_("the army did not reach the Castrum in time")]
        return None, _("Game over"), []
    what: list[rich.Item] = [words.decision(view)]
    if kind == "window":
        builder = (view.get("window") or {}).get("builder")
        who = seat_name(view, names, builder)
        what = [_("{who} builds the Castrum: C31 may halt it").format(who=who)]
    if kind == "offering":
        offering = view.get("offering") or {}
        locked = [s for s in offering.get("locked") or [] if isinstance(s, int)]
        head = _("Offering: {need} needed").format(need=offering.get("requirement"))
        what = [_("pledge in secret, then lock")]
        if words.open_pledges(view):  # W4: each seat's pledge value, and the total
            head = _("Offering: {total}").format(total=words.offering_total(offering))
            what = [_("pledged:")]
            for seat, value in enumerate(offering.get("values") or []):
                what += [rich.Seat(seat), f"{value}"]
        if locked:
            what += ["·", _("locked:"), *[rich.Seat(s) for s in locked]]
        if waiting:
            what += ["·", _("waiting:"), *[rich.Seat(s) for s in waiting]]
        return None, head, what
    if len(waiting) == 1 and kind not in ("reward", "setup_goods", "window"):
        return waiting[0], seat_name(view, names, waiting[0]), what
    head = _(HEADS.get(str(kind), N_("Everyone")))
    if waiting:
        what += ["·", _("waiting:"), *[rich.Seat(s) for s in waiting]]
    return None, head, what


HEADS = {"reward": N_("Rewards"), "setup_goods": N_("Setup"), "window": N_("Halt the Castrum?")}


def _turn_block(view: View, names: Sequence[str]) -> Block:
    seat, head, what = turn_of(view, names)
    x = X0 + (58 if seat is not None else PAD)
    f = fonts.font("bold", TITLE + 2)
    head = fonts.fit(head, f, TITLE + 2, X1 - PAD - x)
    lines = rich.layout(what, LINE, X0 + PAD, 0, X1 - X0 - 2 * PAD) if what else []
    height = 50 + (rich.height(lines, LINE) if lines else 0) + (4 if lines else 0)

    def draw(img: Image.Image, top: int) -> None:
        box(img, (X0, top), (X1 - X0, height), CARD_HI, outline=HIGHLIGHT, width=3, radius=12)
        if seat is not None:
            paste_centered(img, icons.worker(seat, 40), X0 + 30, top + 26)
        fonts.draw_text(img, (x, top + 38), head, f, TITLE + 2, TEXT)
        rich.draw(img, [[_down(p, top + 72) for p in line] for line in lines], LINE, X1 - PAD)

    return Block(height + 8, draw)


# ------------------------------------------------------------------ the round's state


def status_rows(view: View, names: Sequence[str]) -> list[list[rich.Item]]:
    """Reward draws, extra actions, the pacing coins, the solo display and titles."""
    out: list[list[rich.Item]] = []
    reward = view.get("reward")
    if isinstance(reward, Mapping):
        draws: list[rich.Item] = []
        for i, n in enumerate(reward.get("draws") or []):
            if isinstance(n, int) and n:
                draws += [rich.Seat(i), f"{n}"]
        out.append([_("Reward draws left:"), *(draws or [_("none")])])
    extra = int(view.get("extra_actions") or 0)
    if extra:
        out.append([_("Extra actions left this turn: {n}").format(n=extra)])
    coins = int(view.get("foro_coins") or 0)
    if coins:
        out.append(
            [_("Coins on the Foro: {n} (it can be built when none are left)").format(n=coins)]
        )
    solo = view.get("solo")
    if isinstance(solo, Mapping):
        display = [str(c.get("id")) for c in solo.get("display") or [] if isinstance(c, Mapping)]
        shown = " · ".join(display) or _("empty")
        out.append([_("Display: {cards} (see My cards)").format(cards=shown)])
        titles = " · ".join(f"{_(str(t))} {r}" for t, r in solo.get("titles") or [])
        out.append([_("Win by round: {titles}").format(titles=titles)])
    return out


def _lines_block(rows: list[list[rich.Item]]) -> Block | None:
    if not rows:
        return None
    laid = []
    y = 0
    for items in rows:
        lines = rich.layout(items, LINE, X0 + 4, y + BODY + 4, X1 - X0 - 8)
        laid.append(lines)
        y += rich.height(lines, LINE)

    def draw(img: Image.Image, top: int) -> None:
        for lines in laid:
            rich.draw(img, [[_down(p, top) for p in line] for line in lines], LINE, X1)

    return Block(y + 6, draw)


# ------------------------------------------------------------------ the players

COLS = (("workers", 104), ("army", 72), ("value", 78), ("specialists", 110), ("city", 70))
HEADINGS = {
    "workers": N_("workers"),
    "army": N_("army"),
    "value": N_("value"),
    "specialists": N_("specialists"),
    "city": N_("city"),
}
"""The players' columns' headings: a column widens to hold its heading in a language that
writes it longer (German, Dutch and Spanish do)."""


def columns() -> list[tuple[str, int]]:
    """Each column's key and width in the reader's language."""
    return [
        (key, max(w, round(fonts.width(_(HEADINGS[key]), "cond", SMALLEST)) + 8)) for key, w in COLS
    ]


NAME_X = X0 + 52
ROW_H = 44
ARMY_WORD = {"none": "–"}


def _players_block(view: View, names: Sequence[str]) -> Block:
    rows = seats(view)
    turn = view.get("turn")
    waiting = set((view.get("decision") or {}).get("seats") or [])
    winners = set((view.get("outcome") or {}).get("winners") or [])
    cols = columns()
    cols_x = X1 - sum(w for _, w in cols)
    height = 30 + ROW_H * len(rows)

    def draw(img: Image.Image, top: int) -> None:
        x = cols_x
        for label, w in cols:
            heading = _(HEADINGS[label])
            fonts.role_label(img, (x + w / 2, top + 22), heading, "cond", SMALLEST, MUTED, "ms")
            x += w
        y = top + 30
        for sv in rows:
            s = int(sv.get("seat", 0))
            on = s == turn or (turn is None and s in waiting) or s in winners
            box(
                img,
                (X0, y),
                (X1 - X0, ROW_H - 4),
                CARD_HI if on else CARD,
                outline=(GOLD if s in winners else HIGHLIGHT) if on else None,
                width=3 if on else 0,
            )
            paste_centered(img, icons.worker(s, 32), X0 + 26, y + 20)
            base = y + 29
            f = fonts.font("bold", TITLE - 2)
            name = fonts.fit(seat_name(view, names, s), f, TITLE - 2, cols_x - NAME_X - 6)
            fonts.draw_text(img, (NAME_X, base), name, f, TITLE - 2, TEXT)
            cells = (
                _("{free} of {workers}").format(
                    free=sv.get("available", 0), workers=sv.get("workers", 0)
                ),
                "",
                str(sv.get("value", 0)),
                str(sv.get("hand_specialists", 0)),
                str(sv.get("hand_city", 0)),
            )
            x = cols_x
            army = str(sv.get("army", "none"))
            for (label, w), text in zip(cols, cells, strict=True):
                if label == "army":
                    if army in ("ready", "injured", "castrum"):
                        sprite = icons.army(s, 32, injured=army == "injured")
                        paste_centered(img, sprite, x + w / 2, y + 20)
                    else:
                        word = ARMY_WORD.get(army, army)
                        fonts.role_label(
                            img, (x + w / 2, base), word, "cond", SMALLEST, MUTED, "ms"
                        )
                else:
                    fill = GOLD if label == "value" else TEXT
                    fonts.role_label(img, (x + w / 2, base), text, "bold", BODY, fill, "ms")
                x += w
            y += ROW_H

    return Block(height + 4, draw)


SPECIAL = (
    ("C12", N_("injured (C12):")),
    ("C28", N_("army hurt (C28):")),
    ("C31", N_("halted (C31):")),
)


def _special(view: View) -> list[list[rich.Item]]:
    """Who sits on the special fields (workers injured, armies hurt, a halted Castrum)."""
    fields = view.get("special_fields") or {}
    items: list[rich.Item] = []
    for key, label in SPECIAL:
        held = [s for s in fields.get(key) or [] if isinstance(s, int)]
        if held:
            items += [*(["·"] if items else []), _(label), *[rich.Seat(s) for s in held]]
    return [items] if items else []


def blocks(view: View, names: Sequence[str]) -> list[Block]:
    """The top of the board, in order."""
    out = [_top(view)]
    told = _news(view, names)
    if told is not None:
        out.append(told)
    out.append(_turn_block(view, names))
    status = _lines_block(status_rows(view, names))
    if status is not None:
        out.append(status)
    out.append(_players_block(view, names))
    special = _lines_block(_special(view))
    if special is not None:
        out.append(special)
    return out


def height(parts: Sequence[Block]) -> int:
    return sum(b.height for b in parts)


def draw_blocks(img: Image.Image, parts: Sequence[Block], top: int) -> int:
    y = top
    for b in parts:
        b.draw(img, y)
        y += b.height
    return y
