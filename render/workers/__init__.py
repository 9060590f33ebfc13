"""Pompeii (Michiel Siebelt's worker game) on screen: the board with its panel and the goods
tablets (``images``), the private hand image (``hand``), its words (``narrate``, ``words``,
``rules_text``) and its controls (``controls``), as one
:class:`~render.presentation.Presentation`."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import ActionChoice
from render import png
from render.presentation import Image, Presentation, View, Words
from render.workers import hand, icons, narrate, words
from render.workers.images import PALETTE, render_board, render_combined, render_tablets
from render.workers.menus import controls
from render.workers.rules_text import RULES


def public_images(view: View, names: Sequence[str]) -> list[Image]:
    """The board (with its panel), then every player's goods tablet."""
    return [
        Image("board.png", render_board(view, names)),
        Image("tablets.png", render_tablets(view, names)),
    ]


def render_hand(view: View, name: str, choices: Sequence[ActionChoice] = ()) -> bytes:
    return png.encode(hand.draw_hand(view, name, choices), PALETTE)


def private_image(view: View, name: str, choices: Sequence[ActionChoice]) -> Image | None:
    """The hand, pledge and drawn cards; ``None`` when there is nothing of the kind."""
    if not hand.worth_an_image(view):
        return None
    return Image("hand.png", render_hand(view, name, choices))


def colours(view: View) -> list[str]:
    """Each seat's colour (the shape of its workers goes with it: see ``icons``)."""
    return [icons.seat_colour(i) for i in range(int(view.get("players") or 0))]


PRESENTATION = Presentation(
    public_images=public_images,
    private_image=private_image,
    words=Words(
        narrate=narrate.narrate,
        decision=words.decision,
        hand=words.hand,
        rules=RULES,
        score_labels=words.SCORE_LABELS,
        score_sheet=words.score_sheet,
    ),
    colours=colours,
    controls=controls,
)

__all__ = ["PRESENTATION", "render_board", "render_combined", "render_hand", "render_tablets"]
