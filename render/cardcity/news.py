"""The news band at the top of the board, in large type: what the last turn did (the card and
the points it scored, a statue, a discard, street by street, a permit turn, a volcano drawn)
and what the table waits for now (whose turn and what they decide, an open permit window and
who may build first, the winner). Read from the public view only (``last``, ``last_turn``,
``stage``, ``window``, ``outcome``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from render import shapes
from render.cardcity import flow
from render.cardcity.flow import Placed, Seg
from render.cardcity.lang import _, ngettext
from render.cardcity.layout import (
    CANVAS,
    END_PHASE,
    GOLD,
    HIGHLIGHT,
    LINE_LABEL,
    MUTED,
    PANEL,
    PANEL_HI,
    TEXT,
    X0,
    X1,
)
from render.cardcity.view import City, Turn, cell_code, display_name

HEAD = 40  # the last turn's headline: 11.6 px capitals at 400 px wide
DETAIL = 30  # its details: 8.8 px
NOW = 34  # what the table waits for: 10 px


def _who(seat: int, names: Sequence[str] | None, size: int) -> list[Seg]:
    """A seat's badge and name (``names`` None: the badge alone, as in a private image, which
    knows only its viewer's name)."""
    if names is None:
        return [flow.badge(seat, size)]
    return [flow.badge(seat, size), flow.name(display_name(names, seat), size)]


def headline(
    turn: Turn | None,
    city: City,
    names: Sequence[str] | None,
    size: int = HEAD,
    *,
    cards: bool = True,
) -> list[Seg]:
    """The last turn: "② Brutus [Wp] on g9 +16", "② Brutus [statue] as Ar on g9 +5", "②
    Brutus discarded [Tr]"; before the first turn the start card. ``cards``: the card as a
    face (else its code); ``names`` None: badges without names."""

    def card(code: str) -> list[Seg]:
        return [Seg("card", code, size)] if cards else flow.words(code, size)

    if turn is None:
        start = city.cells[0] if city.cells else None
        if start is None or start.code is None:
            return flow.words(_("A new city"), size)
        return [
            *flow.words(_("Start card"), size),
            *card(start.code),
            *flow.words(_("on {space}").format(space=cell_code(start.cell)), size),
        ]
    who = _who(turn.seat, names, size)
    if turn.discarded:
        return [*who, *flow.words(_("discarded"), size), *card(turn.discarded)]
    placed = turn.placed
    if placed is None:
        return [*who, *flow.words(_("played"), size)]
    p = placed.placed
    where = flow.words(_("on {space}").format(space=cell_code(p.cell)), size)
    points = Seg("pill", f"+{placed.points}", size)
    if p.code:
        return [*who, *card(p.code), *where, points]
    what = [Seg("statue", size=size, seat=turn.seat)] if cards else flow.words(_("statue"), size)
    declared = flow.words(_("as {card}").format(card=p.declared), size) if p.declared else []
    return [*who, *what, *declared, *where, points]


def details(turn: Turn | None) -> list[Seg]:
    """The rest of the last turn: a permit turn, each street's points (or none), the draw or
    the volcano."""
    if turn is None:
        return []
    out: list[Seg] = []

    def part(text: str, colour: tuple[int, int, int] = TEXT, role: str = "cond") -> None:
        if out:
            out.extend(flow.words("·", DETAIL, "cond", MUTED))
        out.extend(flow.words(text, DETAIL, role, colour))

    if turn.permit:
        part(_("permit turn"), GOLD, "cond_bold")
    if turn.discarded:
        part(_("nothing fitted"), MUTED)
    elif turn.placed is not None and turn.placed.streets is not None:
        scoring = [s for s in turn.placed.streets if s.points]
        for s in scoring:
            line = _(LINE_LABEL[s.line]) if s.line in LINE_LABEL else s.line
            part(f"{line} +{s.points}")
        if not scoring:
            part(_("no street scored"), MUTED)
    if turn.volcano:  # on a line of its own
        out.extend((Seg("break"), Seg("volcano", size=DETAIL)))
        text = (
            _("2nd volcano: Pompeji is buried")
            if turn.volcano == 2
            else _("1st volcano! Drawing is optional now")
        )
        out.extend(flow.words(text, DETAIL, "cond_bold", END_PHASE))
    if turn.drew:
        drew = ngettext("drew a card", "drew {n} cards", turn.drew).format(n=turn.drew)
        part(drew, MUTED)
    elif turn.kept:
        part(_("kept the hand"), MUTED)
    return out


def now(view: Mapping[str, Any], names: Sequence[str], size: int = NOW) -> list[Seg]:
    """What the table waits for: "Now: ③ Cornelia places a card", an open permit window ("Permit?
    ① Aurelia may build before ③ Cornelia"), the end-phase draw, or the winner."""
    stage = view.get("stage")
    label = flow.words(_("Now:"), size, "cond", MUTED)
    if stage == "over":
        outcome = view.get("outcome") or {}
        winners = [w for w in outcome.get("winners") or [] if isinstance(w, int)]
        scores = outcome.get("scores") or []
        segs = flow.words(_("Game over:"), size, "bold", GOLD)
        for i, w in enumerate(winners):
            if i:
                segs += flow.words("&", size)
            segs += _who(w, names, size)
        final = scores[winners[0]].get("final") if winners and winners[0] < len(scores) else None
        if final is None:
            verb = ngettext("wins", "win", len(winners))
        else:
            verb = ngettext("wins with {points}", "win with {points}", len(winners))
        segs += flow.words(verb.format(points=final), size, "bold", GOLD)
        return segs
    if stage == "window":
        window = view.get("window") or {}
        nxt = int(window.get("next", view.get("turn") or 0))
        pending = [int(s) for s in window.get("pending") or []]
        second = window.get("second_turn")
        if isinstance(second, int) and pending == [second]:
            return [
                *label,
                *_who(second, names, size),
                *flow.words(_("may use the permit for a second turn"), size, "regular"),
            ]
        segs = [*label, *flow.words(_("Permit?"), size, "bold", GOLD)]
        for i, s in enumerate(pending):
            if i:
                segs += flow.words(_("or"), size, "regular")
            segs += _who(s, names, size)
        before = flow.words(_("may build before"), size, "regular")
        return [*segs, *before, *_who(nxt, names, size)]
    actor = view.get("actor")
    seat = int(actor) if isinstance(actor, int) else int(view.get("turn") or 0)
    if stage == "draw":
        what = _("draws a card or keeps the hand")
    elif view.get("permit_turn"):
        what = _("permit turn: places a card or the statue")
    else:
        what = _("places a card")
    return [*label, *_who(seat, names, size), *flow.words(what, size, "regular")]


@dataclass(frozen=True)
class Rows:
    """Laid-out lines, their height each, and where they are drawn."""

    lines: list[list[Placed]]
    line_h: int

    @property
    def height(self) -> int:
        return self.line_h * len(self.lines)


@dataclass(frozen=True)
class Band:
    head: Rows
    detail: Rows
    now: Rows

    @property
    def height(self) -> int:
        return 12 + self.head.height + self.detail.height + 14 + self.now.height + 24 + 10


INNER = X1 - X0 - 36  # the width a line of the band may take


def band(view: Mapping[str, Any], names: Sequence[str], turn: Turn | None, city: City) -> Band:
    return Band(
        Rows(flow.lay_out(headline(turn, city, names), INNER), 88),
        Rows(flow.lay_out(details(turn), INNER), 44),
        Rows(flow.lay_out(now(view, names), INNER - 8), 56),
    )


def draw_band(img: Image.Image, b: Band, top: int) -> int:
    """The news band from ``top``: the last turn on a panel with a magenta bar, what the table
    waits for in a gold-edged box under it; returns its bottom."""
    x = X0 + 22
    last_h = 12 + b.head.height + b.detail.height
    img.paste(shapes.box((X1 - X0, last_h), PANEL, CANVAS, bar=HIGHLIGHT), (X0, top))
    y = top + 10
    for rows in (b.head, b.detail):
        for line in rows.lines:
            flow.draw_line(img, line, x, y + rows.line_h / 2)
            y += rows.line_h
    y = top + last_h + 14
    box_h = b.now.height + 24
    img.paste(shapes.box((X1 - X0, box_h), PANEL_HI, CANVAS, outline=GOLD, width=3), (X0, y))
    for line in b.now.lines:
        flow.draw_line(img, line, x, y + 12 + b.now.line_h / 2)
        y += b.now.line_h
    return top + b.height
