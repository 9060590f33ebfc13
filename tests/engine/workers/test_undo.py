"""Which worker-game actions may be taken back (issue 46): never a card drawn, a volcano card
revealed or searched, a secret keep or pledge; a worker placed that drew nothing may."""

from __future__ import annotations

from engine.workers.game import GAME
from tests.engine.undoing import steps

REVEALS = {
    "CardDrawn",
    "CardsDrawn",
    "VolcanoRevealed",
    "VolcanoSearched",
    "DeckReshuffled",
    "DisplayRefreshed",
    "ApocalypseExposed",
}
WALKS = steps(GAME, 3, range(3), limit=400) + steps(GAME, 1, range(3, 5), limit=400)
SEALED = steps(GAME, 2, range(5, 7), {"secret_pledges": True}, limit=400)


def test_a_draw_or_a_reveal_is_never_undoable() -> None:
    drawing = [s for s in WALKS + SEALED if s.types & REVEALS]
    assert drawing
    assert not any(s.undoable for s in drawing)


def test_a_worker_placed_that_drew_nothing_is_undoable() -> None:
    plain = {"WorkerPlaced", "GoodsCollected", "GoodsProduced"}
    placed = [s for s in WALKS if "WorkerPlaced" in s.types and s.types <= plain]
    assert placed and all(s.undoable for s in placed)


def test_an_open_pledge_is_undoable_and_a_sealed_one_is_not() -> None:
    open_ = [s for s in WALKS if s.action.verb == "pledge"]
    sealed = [s for s in SEALED if s.action.verb == "pledge"]
    assert open_ and all(s.undoable for s in open_)
    assert sealed and not any(s.undoable for s in sealed)


def test_secret_actions_are_never_undoable() -> None:
    secret = [s for s in WALKS + SEALED if s.secret]
    assert secret and not any(s.undoable for s in secret)
