"""Which Pompeji actions may be taken back (issue 46): never a draw (a card, a volcano), a
prepared move (secret) or one that lets a prepared move play; a placement that leaves the
draw to decide (the end phase), ``nodraw``, a claimed or declined permit may."""

from __future__ import annotations

from engine.cardcity.actions import Claim, Decline, Draw, NoDraw, Placement
from engine.cardcity.api import GAME
from tests.engine.undoing import steps

DRAWS = {"CardDrawn", "VolcanoDrawn", "PreparedMovePlayed"}
WALKS = steps(GAME, 3, range(5)) + steps(GAME, 2, range(5, 8))


def test_a_draw_or_a_reveal_is_never_undoable() -> None:
    drawing = [s for s in WALKS if s.types & DRAWS or isinstance(s.action, Draw)]
    assert drawing
    assert not any(s.undoable for s in drawing)


def test_a_placement_before_the_first_volcano_draws_and_is_not_undoable() -> None:
    early = [
        s
        for s in WALKS
        if isinstance(s.action, Placement) and s.before.volcanoes == 0 and not s.secret
    ]
    early = [s for s in early if s.seat == s.before.actor]
    assert early and not any(s.undoable for s in early if "CardDrawn" in s.types)


def test_an_end_phase_placement_that_leaves_the_draw_is_undoable() -> None:
    late = [
        s
        for s in WALKS
        if isinstance(s.action, Placement)
        and s.after.stage == "draw"
        and not s.secret
        and not s.types & DRAWS
    ]
    assert late and all(s.undoable for s in late)


def test_nodraw_and_permit_answers_without_a_prepared_move_are_undoable() -> None:
    answers = [
        s
        for s in WALKS
        if isinstance(s.action, NoDraw | Claim | Decline)
        and s.before.prepared is None
        and not s.types & DRAWS
    ]
    assert answers and all(s.undoable for s in answers)


def test_a_secret_prepared_move_is_never_undoable() -> None:
    secret = [s for s in WALKS if s.secret]
    assert secret and not any(s.undoable for s in secret)
