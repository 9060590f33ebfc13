"""The Downfall's hint reasons match the hinted move (engine/downfall/hints.py)."""

from __future__ import annotations

import plugins
from engine.downfall import hints as H
from engine.downfall.actions import MovePiece, PlaceLava, PlaceRelative, PlayCard, ThrowOmen
from engine.downfall.ai import maps
from engine.downfall.board import COLOURS
from engine.downfall.tables import INDEX, STRIDE
from tests.engine.ai.hinting import reasons

SEEN = reasons(plugins.get("downfall"))


def test_every_reason_matches_its_move() -> None:
    for h in SEEN:
        action, why, seat = h.hint.action, h.hint.reason, h.seat
        count = why.figure("count")
        if why.key == H.SAVED:
            assert isinstance(action, MovePiece) and action.out
            assert count == h.after.saved[seat] - h.before.saved[seat] >= 1
        elif why.key in (H.NEXT_OUT, H.TOWARD_GATE):
            assert isinstance(action, MovePiece | PlayCard | PlaceRelative)
            square = action.target if isinstance(action, MovePiece) else action.square
            assert square is not None
            gate = maps(h.after.lava)[0][INDEX[square]]
            if why.key == H.TOWARD_GATE:
                assert count == gate
            else:
                assert h.after.occ[INDEX[square]] > gate
        elif why.key == H.RELATIVES:
            assert isinstance(action, PlayCard) and count >= 1
            assert h.after.pending == "relative" and h.after.rel_left >= count
        elif why.key == H.LAVA_BURIES:
            assert isinstance(action, PlaceLava)
            i = INDEX[action.square]
            theirs = sum(h.before.men[i * STRIDE + s] for s in range(h.state.players) if s != seat)
            assert count == theirs >= 1
        elif why.key in (H.LAVA_BLOCKS, H.LAVA_SPARES):
            assert isinstance(action, PlaceLava)
        elif why.key in (H.OMEN_LEADER, H.OMEN):
            assert isinstance(action, ThrowOmen)
            assert COLOURS[why.figure("seat")] == action.colour != COLOURS[seat]


def test_the_downfall_gives_its_reasons() -> None:
    keys = {h.hint.reason.key for h in SEEN}
    assert {H.SAVED, H.TOWARD_GATE, H.RELATIVES, H.LAVA_BURIES} <= keys
    saved = next(h for h in SEEN if h.hint.reason.key == H.SAVED)
    assert saved.hint.reason.figure("count") == 1  # one piece a move
