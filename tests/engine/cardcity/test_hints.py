"""Pompeji's hint reasons match the hinted move (engine/cardcity/hints.py)."""

from __future__ import annotations

import plugins
from engine.cardcity import hints as H
from engine.cardcity import rules
from engine.cardcity.actions import Claim, Decline, Draw, NoDraw, PlayCard, PlayStatue
from engine.cardcity.game import card_value, face_of
from tests.engine.ai.hinting import reasons

SEEN = reasons(plugins.get("cardcity"))


def test_every_reason_matches_its_move() -> None:
    for h in SEEN:
        action, why, seat = h.hint.action, h.hint.reason, h.seat
        count = why.figure("count")
        if why.key in (H.POINTS, H.POINTS_SHED):
            assert isinstance(action, PlayCard) and count > 0
            assert count == rules.points(h.before.grid(), action.cell, face_of(action.card))
            if h.before.actor == seat and h.before.stage == "play":  # not a prepared move
                assert h.after.scores[seat] - h.before.scores[seat] == count
        if why.key in (H.POINTS_SHED, H.SHED):
            assert isinstance(action, PlayCard) and h.before.end_phase
            assert why.figure("value") == card_value(action.card)
        elif why.key == H.STATUE:
            assert isinstance(action, PlayStatue)
        elif why.key == H.CLAIM:
            assert isinstance(action, Claim) and count >= 0
        elif why.key == H.KEEP_PERMIT:
            assert isinstance(action, Decline)
        elif why.key == H.DRAW:
            assert isinstance(action, Draw)
        elif why.key == H.NO_DRAW:
            assert isinstance(action, NoDraw)


def test_pompeji_gives_its_reasons() -> None:
    keys = {h.hint.reason.key for h in SEEN}
    assert {H.POINTS, H.POINTS_SHED, H.STATUE, H.NO_DRAW} <= keys
