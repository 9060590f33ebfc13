"""determinize(state, seat, seed): resample what ``seat`` cannot know (for the AI)."""

from __future__ import annotations

from engine.cardcity import determinize, playout
from engine.cardcity.api import GAME
from engine.cardcity.data import VOLCANO
from engine.cardcity.game import State, legal_actions, to_act
from engine.rng import Rng

PILE = 9


def states_along_a_game(seed: int, players: int) -> list[State]:
    state = GAME.new_game(seed, players)
    out = [state]
    rng = Rng(seed + 99)
    while to_act(state):
        seat = min(to_act(state))
        legal = legal_actions(state, seat)
        i, rng = rng.below(len(legal))
        state = GAME.apply(state, seat, legal[i]).state
        out.append(state)
    return out


def test_c17_the_seat_sees_no_difference_and_hidden_cards_are_resampled() -> None:
    changed_hands = changed_decks = 0
    for seed in range(6):
        for state in states_along_a_game(seed, 3)[:-1:3]:
            for seat in range(3):
                other = determinize(state, seat, seed * 31 + seat)
                assert GAME.view(other, seat) == GAME.view(state, seat)
                assert GAME.view(other, None) == GAME.view(state, None)
                assert other.hands[seat] == state.hands[seat]
                hidden = sorted(c for s in range(3) if s != seat for c in state.hands[s])
                hidden += [c for c in state.deck if c != VOLCANO]
                again = sorted(c for s in range(3) if s != seat for c in other.hands[s])
                again += [c for c in other.deck if c != VOLCANO]
                assert sorted(again) == sorted(hidden)
                changed_hands += other.hands != state.hands
                changed_decks += other.deck != state.deck
    assert changed_hands > 0 and changed_decks > 0


def volcano_positions(state: State) -> list[int]:
    return [i for i, c in enumerate(state.deck) if c == VOLCANO]


def test_c17_volcanoes_stay_in_their_piles() -> None:
    state = GAME.new_game(8, 2)
    size = len(state.deck)
    firsts, seconds = set(), set()
    for seed in range(300):
        first, second = volcano_positions(determinize(state, 0, seed))
        firsts.add(first)
        seconds.add(second)
    assert firsts == set(range(size - 2 * PILE, size - PILE))
    assert seconds == set(range(size - PILE, size))


def test_c17_after_the_first_volcano_only_the_bottom_pile_holds_one() -> None:
    state = next(s for s in states_along_a_game(3, 2) if s.volcanoes == 1)
    size = len(state.deck)
    for seed in range(50):
        (position,) = volcano_positions(determinize(state, 1, seed))
        assert size - PILE <= position < size


def test_c17_same_seed_same_sample_and_the_game_goes_on() -> None:
    state = states_along_a_game(4, 4)[20]
    assert determinize(state, 2, 5) == determinize(state, 2, 5)
    other = determinize(state, 2, 5)
    while to_act(other):
        seat = min(to_act(other))
        other = GAME.apply(other, seat, legal_actions(other, seat)[-1]).state
    assert GAME.outcome(other) is not None


def test_playout_finishes_a_determinized_game_reproducibly() -> None:
    state = determinize(states_along_a_game(6, 3)[10], 0, 1)
    first, second = playout(state, 3), playout(state, 3)
    assert first == second and GAME.outcome(first) is not None
