"""The words on the board image: the header (round, phase, Vesuvius, the volcano's top card,
the decks) and the panel under the board (whose turn and what they decide, the last
placement, the offering / reward / C31 window, the solo display, one row per player and the
† note). Sentences wrap; nothing is smaller than ``SMALLEST`` px."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import fonts
from render.workers import icons, terms, words
from render.workers.layout import (
    CARD,
    CARD_HI,
    DANGER,
    GOLD,
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
    goods_row,
    paste_centered,
    seat_name,
    seats,
)

X0, X1 = M, W - M
ARMY_WORD = {"none": "no army", "ready": "army", "injured": "army hurt", "castrum": "in Castrum"}


@dataclass(frozen=True)
class Block:
    """A part of the panel: its height and how to draw it from a top y."""

    height: int
    draw: Callable[[Image.Image, int], None]


# ------------------------------------------------------------------ the header


def draw_header(img: Image.Image, view: View) -> None:
    phase = "Prosperity phase" if view.get("phase") == "prosperity" else "Founding phase"
    solo = view.get("solo")
    rounds = f" of {solo.get('rounds')}" if isinstance(solo, Mapping) else ""
    title = f"Round {view.get('round', 0)}{rounds} · {phase}"
    if view.get("stage") in ("setup_red", "setup_goods"):
        title = "Setting up"
    fonts.role_label(img, (X0, 42), title, "bold", TITLE, TEXT)
    awake = view.get("vesuvius") == "B"
    sprite = icons.vesuvius(56, awake)
    img.paste(sprite, (X1 - sprite.width, 4), sprite)
    side = "Vesuvius B: awake" if awake else "Vesuvius A: asleep"
    fonts.role_label(
        img,
        (X1 - sprite.width - 10, 42),
        side,
        "cond_bold",
        SMALLEST,
        DANGER if awake else MUTED,
        "rs",
    )
    volcano = view.get("volcano") or {}
    deck = f"Volcano set {volcano.get('difficulty', '?')}: {volcano.get('deck', 0)} face down"
    if volcano.get("upper") is not None:
        deck = f"Volcano: upper {volcano.get('upper')}, lower {volcano.get('lower')}"
    x = X0 + fonts.width(deck, "cond", SMALLEST)
    fonts.role_label(img, (X0, 88), deck, "cond", SMALLEST, TEXT)
    top = volcano.get("top")
    if isinstance(top, Mapping):
        x += 14
        fonts.role_label(img, (x, 88), f"top {top.get('id')}:", "cond_bold", SMALLEST, TEXT)
        x += fonts.width(f"top {top.get('id')}:", "cond_bold", SMALLEST) + 8
        if top.get("apocalypse"):
            fonts.role_label(img, (x, 88), "the Apocalypse!", "cond_bold", SMALLEST, DANGER)
        else:
            goods_row(img, x, 90, dict.fromkeys(top.get("goods") or [], 1), 34)
    else:
        fonts.role_label(img, (x + 14, 88), "none revealed", "cond", SMALLEST, MUTED)
    decks = view.get("decks") or {}
    spec, spec_out = decks.get("specialists", 0), decks.get("specialist_discards", 0)
    city, city_out = decks.get("city", 0), len(decks.get("city_discards") or [])
    line = f"Specialists {spec} (discards {spec_out}) · City cards {city} (discards {city_out})"
    blocked = list(volcano.get("blocked") or [])
    fonts.role_label(img, (X0, 130), line, "cond", SMALLEST, MUTED)
    if blocked:  # solo: goods that cannot be collected or produced this round
        x = X0 + fonts.width(line, "cond", SMALLEST) + 16
        fonts.role_label(img, (x, 130), "blocked:", "cond_bold", SMALLEST, DANGER)
        goods_row(
            img,
            x + fonts.width("blocked:", "cond_bold", SMALLEST) + 8,
            132,
            dict.fromkeys(blocked, 1),
            30,
        )


# ------------------------------------------------------------------ the panel


def _turn(view: View, names: Sequence[str]) -> tuple[int | None, str, str]:
    """(the seat shown, the head line, what it decides)."""
    d = view.get("decision") or {}
    kind = d.get("kind")
    waiting = [s for s in d.get("seats") or [] if isinstance(s, int)]
    if kind == "over" or view.get("stage") == "over":
        outcome = view.get("outcome") or {}
        winners = [w for w in outcome.get("winners") or [] if isinstance(w, int)]
        if outcome.get("kind") == "solo":
            if winners:
                return 0, f"{seat_name(view, names, 0)} wins", f"title: {outcome.get('title')}"
            return 0, "Game over", "the army did not reach the Castrum in time"
        if winners:
            return (
                winners[0],
                f"{seat_name(view, names, winners[0])} wins",
                "the army is in the Castrum",
            )
        return None, "Game over", "the Apocalypse: everybody lost"
    what = words.decision(view)
    if kind == "window":
        builder = (view.get("window") or {}).get("builder")
        what = f"{seat_name(view, names, builder)} builds the Castrum: C31 may halt it"
    if len(waiting) == 1 and kind not in ("offering", "reward", "setup_goods"):
        return waiting[0], seat_name(view, names, waiting[0]), what
    who = terms.listing([seat_name(view, names, s) for s in waiting])
    head = {"offering": "Offering", "reward": "Rewards", "setup_goods": "Setup"}.get(str(kind), "")
    return None, head or "Everyone", f"{what} (waiting for {who})" if who else what


def _turn_block(view: View, names: Sequence[str]) -> Block:
    seat, head, what = _turn(view, names)
    x = X0 + (64 if seat is not None else 16)
    head = fonts.fit(head, fonts.font("bold", TITLE), TITLE, X1 - 16 - x)
    after = x + fonts.width(head, "bold", TITLE) + 12
    lines = fonts.wrap(what, "regular", SMALLEST, X1 - X0 - 32, first=X1 - 16 - after)
    height = 60 + LINE_H * (len(lines) - 1)

    def draw(img: Image.Image, top: int) -> None:
        box(img, (X0, top), (X1 - X0, height), CARD_HI, outline=HIGHLIGHT, width=2)
        if seat is not None:
            paste_centered(img, icons.worker(seat, 44), X0 + 34, top + 30)
        fonts.draw_text(img, (x, top + 42), head, fonts.font("bold", TITLE), TITLE, TEXT)
        fonts.draw_lines(img, (X0 + 16, top + 42), lines, "regular", SMALLEST, TEXT, LINE_H, after)

    return Block(height + 8, draw)


def _text_block(text: str, *, marker: bool = False, fill: tuple[int, int, int] = TEXT) -> Block:
    indent = 46 if marker else 0
    lines = fonts.wrap(text, "cond", SMALLEST, X1 - X0 - indent)

    def draw(img: Image.Image, top: int) -> None:
        if marker:  # the magenta square of the last placement
            ImageDraw.Draw(img).rounded_rectangle(
                (X0, top + 10, X0 + 30, top + 34), radius=6, outline=HIGHLIGHT, width=4
            )
        fonts.draw_lines(img, (X0 + indent, top + 32), lines, "cond", SMALLEST, fill, LINE_H)

    return Block(LINE_H * len(lines) + 10, draw)


def _status(view: View, names: Sequence[str]) -> list[str]:
    """The offering, the reward step, extra actions, the pacing coins, the solo display."""
    out: list[str] = []

    def who(items: Any) -> str:
        return terms.listing([seat_name(view, names, s) for s in items or [] if isinstance(s, int)])

    offering = view.get("offering")
    if isinstance(offering, Mapping):
        text = (
            f"Offering: {offering.get('requirement')} needed (pledges stay secret until all lock)"
        )
        if offering.get("locked"):
            text += f". Locked: {who(offering.get('locked'))}"
        if offering.get("exempt"):
            text += f". Exempt: {who(offering.get('exempt'))}"
        if offering.get("boosted"):
            text += f". +1 per unit: {who(offering.get('boosted'))}"
        out.append(text)
    reward = view.get("reward")
    if isinstance(reward, Mapping):
        draws = [
            f"{seat_name(view, names, i)} {n}"
            for i, n in enumerate(reward.get("draws") or [])
            if isinstance(n, int) and n
        ]
        out.append(f"Rewards, draws left: {', '.join(draws) or 'none'}")
    extra = int(view.get("extra_actions") or 0)
    if extra:
        out.append(f"Extra actions left this turn: {extra}")
    if int(view.get("foro_coins") or 0):
        out.append(
            f"Coins on the Foro: {view.get('foro_coins')} (it can be built when none are left)"
        )
    solo = view.get("solo")
    if isinstance(solo, Mapping):
        display = [
            terms.card(c.get("id")) for c in solo.get("display") or [] if isinstance(c, Mapping)
        ]
        out.append(f"Display: {', '.join(display) or 'empty'}")
        titles = ", ".join(
            f"{t} ≤ {r}" if i == 0 else f"{t} {r}"
            for i, (t, r) in enumerate(solo.get("titles") or [])
        )
        out.append(f"March by round {solo.get('rounds')}. Titles: {titles}")
    return out


COLS = (("workers", 150), ("army", 170), ("value", 100), ("hand", 110))
NAME_X = X0 + 56
ROW_H = 46


def _players_block(view: View, names: Sequence[str]) -> Block:
    rows = seats(view)
    turn = view.get("turn")
    waiting = set((view.get("decision") or {}).get("seats") or [])
    height = 40 + ROW_H * len(rows)
    cols_x = X1 - sum(w for _, w in COLS)

    def draw(img: Image.Image, top: int) -> None:
        x = cols_x
        for label, w in COLS:
            fonts.role_label(img, (x + w / 2, top + 30), label, "cond", SMALLEST, MUTED, "ms")
            x += w
        y = top + 38
        for sv in rows:
            s = int(sv.get("seat", 0))
            on = s == turn or (turn is None and s in waiting)
            box(
                img,
                (X0, y),
                (X1 - X0, ROW_H - 6),
                CARD_HI if on else CARD,
                outline=HIGHLIGHT if on else None,
                width=2 if on else 0,
            )
            paste_centered(img, icons.worker(s, 36), X0 + 28, y + 20)
            base = y + 31
            name = seat_name(view, names, s)
            f = fonts.font("bold", SMALLEST + 2)
            fonts.draw_text(
                img,
                (NAME_X, base),
                fonts.fit(name, f, SMALLEST + 2, cols_x - NAME_X - 8),
                f,
                SMALLEST + 2,
                TEXT,
            )
            workers = f"{sv.get('available', 0)} of {sv.get('workers', 0)}"
            army = str(sv.get("army", "none"))
            hand = f"{sv.get('hand_specialists', 0)}S {sv.get('hand_city', 0)}C"
            x = cols_x
            cells = (workers, ARMY_WORD.get(army, army), str(sv.get("value", 0)), hand)
            for (label, w), text in zip(COLS, cells, strict=True):
                if label == "army" and army != "none":
                    paste_centered(
                        img, icons.army(s, 32, injured=army == "injured"), x + 20, y + 20
                    )
                    fonts.role_label(img, (x + 42, base), text, "cond", SMALLEST, TEXT)
                else:
                    fonts.role_label(
                        img,
                        (x + w / 2, base),
                        text,
                        "cond_bold",
                        SMALLEST,
                        GOLD if label == "value" else TEXT,
                        "ms",
                    )
                x += w
            y += ROW_H

    return Block(height + 6, draw)


def blocks(view: View, names: Sequence[str], adapted: bool) -> list[Block]:
    out = [_turn_block(view, names)]
    last = view.get("last")
    if isinstance(last, Mapping) and view.get("stage") != "over":
        who = seat_name(view, names, last.get("seat"))
        out.append(
            _text_block(f"Last: {who} {words.placement(str(last.get('action', '')))}", marker=True)
        )
    out += [_text_block(line) for line in _status(view, names)]
    out.append(_players_block(view, names))
    out.append(
        _text_block("workers: free of all · S / C: specialists / city cards in hand", fill=MUTED)
    )
    if adapted:
        note = str(
            (view.get("legend") or {}).get("adapted_note")
            or "† adapted: original card or board text not public"
        )
        out.append(_text_block(note, fill=MUTED))
    return out


def height(parts: Sequence[Block]) -> int:
    return sum(b.height for b in parts) + 12


def draw_blocks(img: Image.Image, parts: Sequence[Block], top: int) -> None:
    y = top
    for b in parts:
        b.draw(img, y)
        y += b.height
