"""The game-agnostic parts of the engine contract: errors for text and the game registry."""

import pytest

from engine.core import NotationError, parse_legal
from engine.registry import all_games, get_game


def test_unreadable_text_lists_the_legal_moves_too() -> None:
    game = get_game("downfall")
    state = game.new_game(1, 2)
    seat = game.active_seat(state)
    first = game.format_action(game.legal_actions(state, seat)[0])
    with pytest.raises(NotationError, match="Legal now: ") as caught:
        parse_legal(game, state, seat, "dance a jig")
    assert f"`{first}`" in str(caught.value)


def test_the_flagship_is_offered_first_whatever_the_import_order() -> None:
    import engine.cardcity  # noqa: F401  (imported first on purpose)

    assert list(all_games())[:2] == ["downfall", "cardcity"]


def test_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(Exception, match="Known games: cardcity, downfall"):
        get_game("chess")
