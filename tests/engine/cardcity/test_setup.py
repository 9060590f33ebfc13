"""Setup: the deal, the deck with its two volcano piles, the start card, who starts, options."""

from __future__ import annotations

import pytest

from engine.cardcity import GAME
from engine.cardcity.data import VOLCANO
from engine.cardcity.game import NO_STATUE
from engine.core import RuleError


@pytest.mark.parametrize(("players", "safe"), [(2, 26), (3, 23), (4, 20)])
def test_deal_three_each_and_the_safe_draws(players: int, safe: int) -> None:
    state = GAME.new_game(7, players)
    assert [len(h) for h in state.hands] == [3] * players
    assert len(state.deck) - 18 == safe  # the 26 / 23 / 20 of the spec's deck geometry
    assert state.deck.count(VOLCANO) == 2
    seen = [c for h in state.hands for c in h] + [c for c in state.deck if c != VOLCANO]
    seen.append(state.city[0][2])
    assert sorted(seen) == list(range(49))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_volcano_in_each_of_the_last_two_piles_of_nine(players: int) -> None:
    upper_offsets, lower_offsets = set(), set()
    for seed in range(300):
        deck = GAME.new_game(seed, players).deck
        first, second = (i for i, c in enumerate(deck) if c == VOLCANO)
        assert len(deck) - 18 <= first < len(deck) - 9 <= second < len(deck)
        upper_offsets.add(first - (len(deck) - 18))
        lower_offsets.add(second - (len(deck) - 9))
    assert upper_offsets == lower_offsets == set(range(9))  # each pile shuffled on its own


def test_start_card_lies_face_up_on_g7_and_everyone_has_statue_and_permit() -> None:
    state = GAME.new_game(3, 3)
    assert len(state.city) == 1 and state.city[0][:2] == (6, 6)
    assert state.city[0][2] < 49
    assert state.statues == (NO_STATUE,) * 3
    assert state.permits == (1, 1, 1)
    assert GAME.new_game(3, 3, {"permit_uses": 2}).permits == (2, 2, 2)


def test_same_seed_same_game_other_seed_other_game() -> None:
    assert GAME.new_game(11, 4) == GAME.new_game(11, 4)
    assert GAME.new_game(11, 4).deck != GAME.new_game(12, 4).deck


def test_first_seat_random_from_the_seed_or_chosen() -> None:
    starts = {GAME.new_game(seed, 4).turn for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert {GAME.new_game(seed, 4, {"first_seat": 2}).turn for seed in range(10)} == {2}


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (1, {}),
        (5, {}),
        (2, {"permit_uses": 3}),
        (2, {"permit_window": -5}),
        (2, {"first_seat": 2}),
        (2, {"colour_blind": True}),
        (2, {"permit_uses": True}),
    ],
)
def test_bad_setup_is_refused_with_a_rule_error(players: int, options: dict[str, object]) -> None:
    with pytest.raises(RuleError):
        GAME.new_game(1, players, options)
