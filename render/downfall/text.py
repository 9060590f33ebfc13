"""The Downfall of Pompeii as text (the text board: ``/game board text:True``): what the board
picture holds, in plain lines a screen reader reads well, from the public view alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.downfall import board as B
from render.downfall.lang import _
from render.downfall.last_turn import read_last_turn
from render.downfall.layout import colour_of, display_name
from render.downfall.narrate import hand
from render.downfall.news import PHASE_TITLE, decision, outcome_lines, phase_chip
from render.downfall.panel import columns
from render.downfall.terms import term
from render.presentation import description


def _square(view: Mapping[str, Any], square: str) -> str:
    """What stands on a square: its pieces by colour, its lava tile, its gate when closed."""
    parts: list[str] = []
    lava = (view.get("lava") or {}).get(square)
    if lava:
        parts.append(_("lava {symbol}").format(symbol=term(lava)))
    counts: dict[int, int] = {}
    for seat in (view.get("squares") or {}).get(square) or []:
        if isinstance(seat, int):
            counts[seat] = counts.get(seat, 0) + 1
    for seat, n in sorted(counts.items()):
        colour = term(colour_of(view, seat))
        parts.append(f"{colour} ×{n}" if n > 1 else colour)
    for gate in view.get("gates") or []:
        if gate.get("square") == square and not gate.get("open", True):
            parts.append(_("{gate} closed").format(gate=term(gate.get("name"))))
    return ", ".join(parts)


def text_board(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """The board in lines: the phase, the last turn, whose turn and what they decide (or who
    won), the city row by row (only the squares with something on them: pieces by colour, lava,
    closed gates), the bag, stock and discard pile, and each player's figures."""
    lines = _head(view, names)
    lines.append(_("The city, row by row (squares with something on them):"))
    for row in range(1, B.ROWS + 1):
        said = [f"{sq}: {what}" for sq in _row(row) if (what := _square(view, sq))]
        lines.append(
            _("Row {row}: {squares}").format(row=row, squares=" · ".join(said) or _("empty"))
        )
    return lines + _figures(view, names)


def describe_picture(view: Mapping[str, Any], names: Sequence[str], key: str) -> str:
    """A picture's description: the board's (public) says the phase, the last turn, whose turn
    and what they decide, the bag and stock, and each player's figures; the hand's (``cards``,
    from the player's own view) says their cards first, then the same heading lines."""
    if key == "cards":
        return description([hand(view), *_head(view, names)])
    return description([*_head(view, names), *_figures(view, names)])


def _head(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """The phase, the last turn, whose turn and what they decide (or who won)."""
    phase = str(view.get("phase", "build"))
    head = f"**{_(PHASE_TITLE.get(phase, PHASE_TITLE['build']))}**"
    chip = phase_chip(view)
    lines = [f"{head} · {chip[0]}" if chip else head]
    told = read_last_turn(view, names).lines
    if told:
        lines.append(_("Last turn: {what}").format(what=" · ".join(told)))
    pending = view.get("pending") or {}
    seat = pending.get("seat")
    if phase == "over" or not isinstance(seat, int):
        won, detail = outcome_lines(view, names)
        lines.append(f"{won} {detail}".strip())
    else:
        lines.append(
            _("Now: {who} ({colour}) {what}").format(
                who=display_name(view, names, seat),
                colour=term(colour_of(view, seat)),
                what=decision(view),
            )
        )
    return lines


def _figures(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """The bag, stock and discard pile, and each player's figures."""
    phase = str(view.get("phase", "build"))
    lines = []
    bag = sum(n for n in (view.get("bag") or {}).values() if isinstance(n, int))
    pile = [_("Lava tiles in the bag: {n}").format(n=bag)]
    if phase == "build":
        discard = sum(n for n in (view.get("discard") or {}).values() if isinstance(n, int))
        pile.append(_("cards in the stock: {n}").format(n=view.get("stock_size", 0)))
        pile.append(_("cards on the discard pile: {n}").format(n=discard))
    lines.append(" · ".join(pile))
    places = [p for p in (view.get("outcome") or {}).get("places") or [] if isinstance(p, int)]
    for sv in view.get("seats") or []:
        s = int(sv.get("seat", 0))
        figures = " · ".join(f"{_(label)} {sv.get(key, 0)}" for label, key in columns(view))
        place = f"#{places[s]} " if phase == "over" and s < len(places) else ""
        who = display_name(view, names, s)
        lines.append(f"{place}{who} ({term(colour_of(view, s))}): {figures}")
    return lines


def _row(row: int) -> list[str]:
    return [f"{chr(97 + col)}{row}" for col in range(B.COLS)]
