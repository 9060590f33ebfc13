"""Pompeii (the worker game) as text (the text board: ``/game board text:True``): what the
board picture and its panel hold, with every seat's goods as the tablets show them, in plain
lines a screen reader reads well, from the public view alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.presentation import description
from render.workers import hand, icons, news, panel, terms, words
from render.workers.lang import _
from render.workers.layout import View, seat_name, seats
from render.workers.rich import Good, Item, Seat


def said(items: Sequence[Item], view: View, names: Sequence[str]) -> str:
    """A line of the picture's words, goods and workers in words."""
    out: list[str] = []
    for i, item in enumerate(items):
        if isinstance(item, Good):
            out.append(terms.good(item.id, item.n))
        elif isinstance(item, Seat):
            name = seat_name(view, names, item.seat)
            after = items[i + 1] if i + 1 < len(items) else None
            if not (isinstance(after, str) and after.startswith(name)):  # not its icon
                out.append(name)
        else:
            out.append(str(item))
    return " ".join(o for o in out if o)


def _who(view: View, names: Sequence[str], workers: Any) -> str:
    """``[[0, 0], [1, 1]]`` -> ``"alice, bob (a coin)"``: each worker's seat; marker 1 is an
    extra action's coin, not a worker."""
    out = []
    for entry in workers or []:
        if isinstance(entry, list | tuple) and entry:
            name = seat_name(view, names, entry[0])
            coin = len(entry) > 1 and entry[1] == 1
            out.append(_("{name} (a coin)").format(name=name) if coin else name)
    return ", ".join(out)


def _building(view: View, names: Sequence[str], b: Mapping[str, Any]) -> str:
    parts = []
    owner = b.get("owner")
    if isinstance(owner, int):
        parts.append(_("built by {who}").format(who=seat_name(view, names, owner)))
    else:
        parts.append(_("built"))
    occupied = _who(view, names, b.get("workers"))
    parts.append(_("workers: {who}").format(who=occupied) if occupied else _("free"))
    marks = [seat_name(view, names, m) for m in b.get("marks") or [] if isinstance(m, int)]
    if marks:
        parts.append(_("markers: {who}").format(who=", ".join(marks)))
    if b.get("tokens"):
        parts.append(_("tokens: {n}").format(n=b.get("tokens")))
    return f"{terms.building(b.get('number'))}: {'; '.join(parts)}"


def text_board(view: View, names: Sequence[str]) -> list[str]:
    """The board in lines: the round and Vesuvius, the latest news, whose turn and what they
    decide (or how the game ended), the round's state, the fields, spaces and buildings with
    who occupies them (the buildings not yet built on one line), and each player's figures and
    goods."""
    lines = _head(view, names)
    busy = [
        f"{terms.good(f.get('good'))} {_who(view, names, f.get('workers'))}"
        for f in view.get("fields") or []
        if f.get("workers")
    ]
    lines.append(_("Fields with workers: {fields}").format(fields="; ".join(busy) or _("none")))
    for sp in view.get("spaces") or []:
        occupied = _who(view, names, sp.get("workers"))
        lines.append(f"{terms.space(sp.get('space'))}: {occupied or _('free')}")
    unbuilt = []
    for b in view.get("buildings") or []:
        if b.get("excluded"):
            continue
        if b.get("built") or b.get("workers"):
            lines.append(_building(view, names, b))
        else:
            unbuilt.append(terms.building(b.get("number")))
    if unbuilt:
        lines.append(_("Not built yet: {buildings}").format(buildings=", ".join(unbuilt)))
    return lines + _figures(view, names)


def describe_picture(view: View, names: Sequence[str], key: str) -> str:
    """A picture's description: the board's and the tablets' (public) say the round and
    Vesuvius, the latest news, whose turn and what they decide, the round's state, and each
    player's figures and goods (at the end, the score sheet); the hand's (``cards``, from the
    player's own view) says their cards first, then the same heading lines."""
    if key == "cards":
        return description([*_own_cards(view), *_head(view, names)])
    return description([*_head(view, names), *_figures(view, names)])


def _own_cards(view: View) -> list[str]:
    """The cards of a player's own view by section (drawn, specialists, city cards, the solo
    display), by name."""
    lines = []
    for title, cards in hand.sections(view):
        if cards:
            shown = ", ".join(terms.card_name(c.get("id")) for c in cards)
            lines.append(f"{_(title)}: {shown}")
    return lines or [_("No cards in your hand.")]


def _head(view: View, names: Sequence[str]) -> list[str]:
    """The round and Vesuvius, the latest news, whose turn and what they decide, the round's
    state."""
    phase = _("Prosperity") if view.get("phase") == "prosperity" else _("Founding")
    side = _("Vesuvius awake") if view.get("vesuvius") == "B" else _("Vesuvius asleep")
    head = _("Round {round} · {phase}").format(round=view.get("round", 0), phase=phase)
    lines = [f"**{head}** · {side}"]
    told = news.read(view, names)
    if told.story is not None:
        story = [told.story.head, *told.story.details]
        lines.append(
            _("Latest: {what}").format(what=" · ".join(said(s, view, names) for s in story))
        )
    if told.earlier:
        lines.append(said(told.earlier, view, names))
    _on, who, what = panel.turn_of(view, names)
    doing = said(what, view, names)
    lines.append(_("Now: {who}: {what}").format(who=who, what=doing) if doing else who)
    lines += [said(row, view, names) for row in panel.status_rows(view, names)]
    return lines


def _figures(view: View, names: Sequence[str]) -> list[str]:
    """Each player's figures and goods (at the end, the score sheet)."""
    lines = []
    for sv in seats(view):
        lines.append(_seat(view, names, sv))
    outcome = view.get("outcome")
    if isinstance(outcome, Mapping):
        lines += words.score_sheet(outcome, view, names)
    return lines


def _seat(view: View, names: Sequence[str], sv: Mapping[str, Any]) -> str:
    s = int(sv.get("seat", 0))
    army = str(sv.get("army", "none"))
    parts = [
        _("workers free: {free} of {workers}").format(
            free=sv.get("available", 0), workers=sv.get("workers", 0)
        ),
        _("army: {state}").format(state=_(words.ARMY[army]) if army in words.ARMY else _("none")),
        _("goods worth {value}").format(value=sv.get("value", 0)),
        _("cards in hand: specialists {specialists}, city {city}").format(
            specialists=sv.get("hand_specialists", 0), city=sv.get("hand_city", 0)
        ),
        _("goods: {goods}").format(goods=terms.goods(sv.get("goods"))),
    ]
    return (
        f"{seat_name(view, names, s)} ({terms.colour(icons.seat_colour(s))}): {' · '.join(parts)}"
    )
