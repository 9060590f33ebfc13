"""Why the normal level's move is good, in Pompeji's terms (a hint's
:class:`~engine.ai.hints.Reason`; ``render/cardcity`` words it).

Read off what the normal level scores (:func:`engine.cardcity.ai.estimates`): the points a
placement makes, a hand card that would count against its owner at the end, the placement a
permit opens, the permit and the statue kept for later. Read from a determinization and the
state after the move; only the seat's own hand is named.
"""

from __future__ import annotations

from engine.ai.hints import Reason
from engine.cardcity.actions import Claim, Decline, Discard, Draw, NoDraw, PlayCard, PlayStatue
from engine.cardcity.ai import gain, reach, statue_points
from engine.cardcity.game import State, card_value, face_of

POINTS = "points"
"""The placement scores ``count`` points."""
POINTS_SHED = "points_shed"
"""In the end phase: it scores ``count`` points and takes a card worth ``value`` out of the
hand, where it would count against the seat."""
SHED = "shed"
"""In the end phase: it takes a card worth ``value`` out of the hand."""
KEEP_STATUE = "keep_statue"
"""It scores nothing now: the statue and the best cards are kept for a richer city."""
STATUE = "statue"
"""The statue scores ``count`` points here."""
DISCARD = "discard"
"""No card fits: it discards the card the seat needs least."""
CLAIM = "claim"
"""The permit's extra placement is worth about ``count`` points now."""
KEEP_PERMIT = "keep_permit"
"""The permit is worth more kept for a richer city."""
DRAW = "draw"
"""Another card to place outweighs the risk of holding it at the end."""
NO_DRAW = "no_draw"
"""A card drawn now would likely count against the seat at the end."""

REASONS: tuple[str, ...] = (
    POINTS,
    POINTS_SHED,
    SHED,
    KEEP_STATUE,
    STATUE,
    DISCARD,
    CLAIM,
    KEEP_PERMIT,
    DRAW,
)
REASONS += (NO_DRAW,)
"""Every reason Pompeji gives (its presentation words each)."""


def explain(before: State, after: State, seat: int, action: object) -> Reason | None:
    """The reason for ``action`` (see the module); ``None``: nothing to say beyond "best"."""
    if isinstance(action, PlayStatue):  # the points as the rules count them (C20: also when
        # the move is prepared ahead of the turn, so nothing is scored yet)
        points = statue_points(before.city, action.cell)[action.building * 7 + action.colour]
        return Reason.of(STATUE, count=points)
    if isinstance(action, PlayCard):
        points = gain(before.grid(), action.cell, face_of(action.card))
        value = card_value(action.card)
        if before.end_phase:
            if points > 0:
                return Reason.of(POINTS_SHED, count=points, value=value)
            return Reason.of(SHED, value=value)
        if points > 0:
            return Reason.of(POINTS, count=points)
        return Reason.of(KEEP_STATUE)
    if isinstance(action, Discard):
        return Reason.of(DISCARD)
    if isinstance(action, Claim):
        return Reason.of(CLAIM, count=reach(before.city, before.hands[seat]))
    if isinstance(action, Decline):
        return Reason.of(KEEP_PERMIT)
    if isinstance(action, Draw):
        return Reason.of(DRAW)
    if isinstance(action, NoDraw):
        return Reason.of(NO_DRAW)
    return None
