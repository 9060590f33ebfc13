"""Pompeii (Michiel Siebelt's worker game) on screen: the board with its panel and the goods
tablets (``images``), the private hand image (``hand``), its words (``narrate``, ``words``,
``rules_text``) and its controls (``controls``), as one
:class:`~render.presentation.Presentation`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import ActionChoice
from render import png
from render.presentation import Image, Picture, Presentation, View, Words
from render.workers import (
    hand,
    hints,
    icons,
    lang,  # noqa: F401  (its catalog, for words read back from the log)
    narrate,
    terms,
    text,
    words,
)
from render.workers.images import PALETTE, render_board, render_tablets
from render.workers.lang import N_
from render.workers.menus import controls
from render.workers.rules_text import RULES


def _board(view: View, names: Sequence[str]) -> Image:
    """The board with its panel: the channel's image after a turn."""
    return Image("board.png", render_board(view, names))


def _tablets(view: View, names: Sequence[str]) -> Image:
    """Every player's goods tablet."""
    return Image("tablets.png", render_tablets(view, names))


def render_hand(view: View, name: str, choices: Sequence[ActionChoice] = ()) -> bytes:
    return png.encode(hand.draw_hand(view, name, choices), PALETTE)


def _cards(view: View, name: str, choices: Sequence[ActionChoice]) -> Image | None:
    """The hand, pledge and drawn cards; ``None`` when there is nothing of the kind."""
    if not hand.worth_an_image(view):
        return None
    return Image("hand.png", render_hand(view, name, choices))


def colours(view: View) -> list[str]:
    """Each seat's colour in the reader's language (the shape of its workers goes with it:
    see ``icons``)."""
    seats = range(int(view.get("players") or 0))
    return [terms.colour(icons.seat_colour(i)) for i in seats]


PICTURE_OF = {
    "offering": "tablets",  # what everyone has, to pledge against the requirement
    "setup_goods": "tablets",
    "trade": "tablets",  # the Porta: one's own goods and the others'
    "give": "tablets",
    "steal": "tablets",
    "choose": "tablets",
    "bonus": "tablets",
    "reward": "cards",  # draw, then keep one
    "keep": "cards",
    "take": "cards",
    "piazza": "cards",  # train or swap hand specialists
    "stack": "cards",  # the searched volcano cards
}
"""The picture a decision of this kind (the view's ``decision.kind``) needs; the board for
the others: a placement, setup's red building, a target on the board (``injure``, ``cover``,
``mark``, ``seize``, ``freebuild``)."""

CARD_VERBS = frozenset({"draw", "keep", "take", "train", "swap", "stack", "halt"})
"""Choices about one's own cards: the hand picture shows them (with what each can do now)."""


def picture_for(view: View, choices: Sequence[ActionChoice]) -> str:
    """The one picture a player's decision message carries: the tablets for an offering and
    other choices of goods, the hand for a choice among one's own cards (a reward, the card
    to keep, training or swapping at the Piazza, C31 to halt the Castrum), else the board (a
    placement). Read from the decision's kind, and from the choices when its kind is not
    known (a seat in the C31 window without C31 only passes: the board)."""
    verbs = {c.notation.split(" ", 1)[0] for c in choices}
    if not verbs:
        return "cards"  # no decision: a look at one's own hand between turns
    decision = view.get("decision")
    kind = str(decision.get("kind")) if isinstance(decision, Mapping) else ""
    if kind in PICTURE_OF:
        return PICTURE_OF[kind]
    if verbs & {"pledge", "lock"}:
        return "tablets"
    if verbs & CARD_VERBS and verbs <= CARD_VERBS | {"done", "pass"}:
        return "cards"
    return "board"


PRESENTATION = Presentation(
    pictures=(
        Picture("board", N_("Board"), public=_board),
        Picture("tablets", N_("Tablets"), public=_tablets),
        Picture("cards", N_("My cards"), private=_cards),
    ),
    picture_for=picture_for,
    text_board=text.text_board,
    describe_picture=text.describe_picture,
    words=Words(
        narrate=narrate.narrate,
        decision=words.decision,
        waiting=words.waiting,
        hand=words.hand,
        step=words.step,
        rules=RULES,
        score_labels=words.SCORE_LABELS,
        score_sheet=words.score_sheet,
        reason=hints.reason,
    ),
    colours=colours,
    controls=controls,
    quiet=frozenset({"pass"}),  # letting a window or a reward pass
)

__all__ = ["PRESENTATION", "render_board", "render_hand", "render_tablets"]
