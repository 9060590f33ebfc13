"""The Downfall of Pompeii on screen: the board and hand images (``board``) and its words
(``narrate``), as one :class:`~render.presentation.Presentation`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import ActionChoice
from render.controls import Choose, Controls, Group, TwoStep
from render.downfall import hints, narrate, text
from render.downfall.board import render_board, render_hand
from render.downfall.lang import N_, _, ngettext
from render.presentation import Image, Picture, Presentation, View, Words, seat_colours
from render.text import ranking

MENUS = 4 * 25
"""The choices one decision message's menus hold (the bot's four menus of 25)."""
GROUPS = 25
"""The squares one menu lists."""
TYPED_HINT = N_("More moves than the menus hold: type the others, e.g. `/move move e6 f6`.")


def _board(view: View, names: Sequence[str]) -> Image:
    return Image("board.png", render_board(view, names))


def _cards(view: View, name: str, choices: Sequence[ActionChoice]) -> Image | None:
    """The hand, with where each card can go when a card is to be played; nothing in phase 2,
    when every card has been played."""
    if not view.get("hand"):
        return None
    return Image("hand.png", render_hand(view, name, choices))


def picture_for(view: View, choices: Sequence[ActionChoice]) -> str:
    """The hand when a card is to be played (phase 1) or when there is no decision (the
    starting hand, ``/hand`` between turns), else the board (relatives, the Omen, lava, moves:
    where things are is what the decision needs)."""
    if view.get("hand") and (not choices or any(c.notation.startswith("play ") for c in choices)):
        return "cards"
    return "board"


def controls(view: View, seat: int, choices: Sequence[ActionChoice]) -> Controls:
    """Every choice on buttons and menus while they fit a message's menus (100). A phase-2
    turn can offer more (160 moves from 23 squares in a random game): then a piece is moved in
    two steps, the square it stands on first (at most 48 moves from one square), then where
    to; ``pass`` beside the squares."""
    if len(choices) <= MENUS:
        return Choose(tuple(choices))
    squares: dict[str, list[ActionChoice]] = {}
    rest: list[ActionChoice] = []
    for c in choices:
        words = c.notation.split()
        if words[0] == "move" and len(words) > 2:
            squares.setdefault(words[1], []).append(c)
        else:
            rest.append(c)
    groups = [
        Group(
            square if len(moves) <= MENUS else f"{square}-{n}",
            ngettext("From {square} ({n} move)", "From {square} ({n} moves)", len(part)).format(
                square=square, n=len(part)
            ),
            tuple(part),
        )
        for square, moves in squares.items()
        for n, part in enumerate(moves[i : i + MENUS] for i in range(0, len(moves), MENUS))
    ]
    if len(groups) > GROUPS:  # not seen in play: the menus' worth, the rest typed
        return Choose(tuple(choices[:MENUS]), len(choices) - MENUS, _(TYPED_HINT))
    return TwoStep(tuple(groups), _("Move a piece from…"), tuple(rest))


def final(outcome: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """The final ranking (:func:`render.text.ranking`, best first), each seat's figures said
    in the reader's language with the plural its number of saved pieces needs
    (``1 salvada``, ``2 salvadas``)."""
    places = list(outcome.get("places") or [])
    scores = list(outcome.get("scores") or [])
    order = sorted(range(len(places)), key=lambda s: (places[s], s))  # as ranking orders them
    lines = []
    for placed, seat in zip(ranking({"places": places}, names, {}), order, strict=True):
        figures = scores[seat] if seat < len(scores) else None
        said = narrate.figures(figures) if isinstance(figures, Mapping) else ""
        lines.append(f"{placed} — {said}" if said else placed)
    return lines


PRESENTATION = Presentation(
    pictures=(
        Picture("board", N_("Board"), public=_board),
        Picture("cards", N_("My cards"), private=_cards),
    ),
    words=Words(
        narrate=narrate.narrate,
        decision=narrate.decision,
        hand=narrate.hand,
        rules=narrate.RULES,
        score_labels=narrate.SCORE_LABELS,
        score_sheet=lambda outcome, view, names: final(outcome, names),
        reason=hints.reason,
    ),
    colours=seat_colours,
    picture_for=picture_for,
    text_board=text.text_board,
    describe_picture=text.describe_picture,
    controls=controls,
    quiet=frozenset({"pass"}),  # passing
)

__all__ = ["PRESENTATION", "controls", "render_board", "render_hand"]
