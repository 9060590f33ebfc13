"""determinize: a seat cannot tell the resampled state from the real one, and the hidden parts
really are resampled; playout plays any state to the end."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from engine.workers import GAME, determinize, playout
from engine.workers.search import trajectory
from engine.workers.state import State

from .helpers import offering, owned, play, seat_cards, started, with_goods


def states(players: int, seed: int, every: int = 9) -> list[State]:
    game = trajectory(GAME.new_game(seed, players), seed)
    return [s for step, s in enumerate(game) if step % every == 0 and s.stage != "over"]


def unseen(s: State) -> list[str]:
    """The cards that may be reshuffled among deck, hands and draws (all of them)."""
    return sorted(s.spec_deck + s.city_deck + sum(s.hand_s + s.hand_c + s.drawn, ()))


def test_a_seat_sees_no_difference() -> None:
    for players in (1, 2, 4):
        for s in states(players, 3):
            for seat in range(players):
                d = determinize(s, seat, 11)
                assert GAME.view(d, seat) == GAME.view(s, seat)
                assert d.hand_s[seat] == s.hand_s[seat] and d.pledges[seat] == s.pledges[seat]
                assert unseen(d) == unseen(s)


def test_hidden_parts_are_resampled() -> None:
    changed: Counter[str] = Counter()
    for s in states(3, 5, every=25):
        d = determinize(s, 0, 1)
        changed["hands"] += d.hand_s[1:] != s.hand_s[1:]
        changed["deck"] += d.spec_deck != s.spec_deck
        changed["volcano"] += d.volcano != s.volcano
        changed["rng"] += d.rng != s.rng
    assert all(changed[k] > 0 for k in ("hands", "deck", "volcano", "rng")), changed


def test_open_pledges_are_kept_and_secret_ones_resampled() -> None:
    """W4: every seat sees the pledges, so a determinization keeps them all; under the
    secret pledges variant the other seats' are resampled (their fair share)."""
    for options, kept in (({}, True), ({"secret_pledges": True}, False)):
        s = with_goods(with_goods(started(3, options=options), 1, bread=3), 2, wine=2)
        s, _ = play(offering(s), (1, "pledge bread 3"), (2, "pledge wine 1"))
        for seed in range(3):
            d = determinize(s, 0, seed)
            assert (d.pledges == s.pledges) is kept, options
            assert GAME.view(d, 0) == GAME.view(s, 0)


def test_a_searcher_keeps_the_order_it_saw() -> None:
    s = replace(owned(seat_cards(started(2), "hand_c", 0, ["C51"]), b17=0), prosperity=True)
    top = s.volcano[:3]
    s, _ = play(s, (0, "activate C51"), (0, f"stack {top[1]}"), (0, f"stack {top[2]}"))
    for seed in range(5):
        assert determinize(s, 0, seed).volcano[:3] == (top[1], top[2], top[0])
    assert len({determinize(s, 1, seed).volcano for seed in range(5)}) > 1


def test_determinized_states_play_to_the_end() -> None:
    for s in states(4, 2, every=60):
        final = playout(determinize(s, 1, 9), 4)
        assert final.stage == "over"
