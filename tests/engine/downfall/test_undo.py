"""Which Downfall actions may be taken back (issue 46): none that drew a card or a lava tile
or set off the eruption; a relative or a piece placed, a piece moved, may."""

from __future__ import annotations

from engine.downfall import GAME, MovePiece, PlaceRelative, PlayCard
from tests.engine.undoing import steps

DRAWS = {"CardDrawn", "OmenDrawn", "LavaDrawn", "VesuviusSeethes", "VesuviusErupted"}
ENDS = DRAWS | {"GameEnded"}
WALKS = steps(GAME, 3, range(6)) + steps(GAME, 2, range(6, 9))


def test_a_draw_or_a_reveal_is_never_undoable() -> None:
    drawing = [s for s in WALKS if s.types & DRAWS]
    assert drawing
    assert not any(s.undoable for s in drawing)


def test_a_card_played_that_draws_is_not_undoable() -> None:
    played = [s for s in WALKS if isinstance(s.action, PlayCard) and "CardDrawn" in s.types]
    assert played and not any(s.undoable for s in played)


def test_a_relative_placed_before_the_draw_is_undoable() -> None:
    placed = [s for s in WALKS if isinstance(s.action, PlaceRelative) and not s.types & DRAWS]
    assert placed and all(s.undoable for s in placed)


def test_a_card_that_brings_relatives_is_undoable() -> None:
    """A card whose building earns relatives draws nothing yet: the relatives come first."""
    earning = [s for s in WALKS if "RelativesEarned" in s.types and not s.types & DRAWS]
    assert earning and all(s.undoable for s in earning)


def test_a_first_move_of_the_escape_is_undoable() -> None:
    moves = [s for s in WALKS if isinstance(s.action, MovePiece) and not s.types & ENDS]
    assert moves and all(s.undoable for s in moves)


def test_undoable_means_the_hidden_parts_did_not_change() -> None:
    for s in WALKS:
        if s.undoable:
            assert s.after.stock == s.before.stock and s.after.bag == s.before.bag
            assert s.after.phase == s.before.phase


def test_the_last_move_of_the_game_is_not_undoable() -> None:
    last = [s for s in WALKS if "GameEnded" in s.types]
    assert last and not any(s.undoable for s in last)
