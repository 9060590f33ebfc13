"""The worker game's hint reasons match the hinted move (engine/workers/hints.py)."""

from __future__ import annotations

import plugins
from engine.workers import hints as H
from engine.workers.ai import _follow_ups
from engine.workers.offering import pledged, requirement
from engine.workers.search import plan
from engine.workers.state import OFFERING
from tests.engine.ai.hinting import reasons

SEEN = reasons(plugins.get("workers"))


def test_every_reason_matches_its_move() -> None:
    for h in SEEN:
        action, why, seat = h.hint.action, h.hint.reason, h.seat
        settled = _follow_ups(h.after, seat)
        if why.key == H.TOWARDS:
            missing = plan(settled, seat)[1]
            assert why.figure("count") == round(missing) and missing < plan(h.before, seat)[1]
            assert why.figure("goal") == H.goal_of(h.before, seat)
        elif why.key == H.COMPLETE:
            assert plan(settled, seat)[1] == 0 < plan(h.before, seat)[1]
        elif why.key == H.MILESTONE:
            assert why.figure("goal") in (0, 1, 3)
        elif why.key == H.COVERED:
            assert h.before.stage == OFFERING and action.verb == "pledge"
            assert pledged(h.after) >= requirement(h.after) > pledged(h.before)
        elif why.key == H.SHARE:
            assert action.verb == "pledge" and why.figure("need") == requirement(h.after)
        elif why.key == H.LOCK:
            assert h.before.stage == OFFERING and action.verb == "lock"
        elif why.key == H.HIRE:
            assert settled.workers[seat] > h.before.workers[seat]
        elif why.key == H.GOODS:
            assert why.figure("count") > 0


def test_the_worker_game_gives_its_reasons() -> None:
    keys = {h.hint.reason.key for h in SEEN}
    assert {H.TOWARDS, H.MILESTONE, H.COVERED, H.LOCK, H.GOODS} <= keys
    goals = {h.hint.reason.figure("goal") for h in SEEN if h.hint.reason.key == H.TOWARDS}
    assert 2 in goals  # "this builds towards the Castrum"
