"""engine/ai/players.py: how the search picks its root candidates."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from engine.ai import SearchConfig
from engine.ai.players import DEFAULT_CONFIG, _better, _root_order, game_config
from engine.rng import Rng


def test_the_best_scores_are_kept_best_first() -> None:
    assert _root_order([1.0, 5.0, 3.0, 4.0], 2, Rng(1)) == [1, 3]
    assert _root_order([1.0, 5.0], 8, Rng(1)) == [1, 0]


def test_a_flat_score_is_not_cut_in_the_engines_order() -> None:
    flat = [0.0] * 40
    drawn = {tuple(_root_order(flat, 8, Rng(seed))) for seed in range(20)}
    assert len(drawn) > 1  # a sample, not always the first eight
    assert all(len(set(order)) == 8 for order in drawn)
    assert _root_order(flat, 8, Rng(3)) == _root_order(flat, 8, Rng(3))


def test_only_the_ties_at_the_cut_are_drawn() -> None:
    scores = [9.0, 1.0, 1.0, 1.0, 1.0, 8.0, 1.0]
    for seed in range(10):
        order = _root_order(scores, 3, Rng(seed))
        assert order[:2] == [0, 5] and scores[order[2]] == 1.0


def test_a_game_may_name_its_own_search_config_per_table_size() -> None:
    class Plain:
        pass

    class Tuned:
        def search_config(self, players: int) -> SearchConfig:
            return SearchConfig(greedy_width=players)

    assert game_config(Plain(), 4) is DEFAULT_CONFIG  # type: ignore[arg-type]
    assert game_config(Tuned(), 2) == SearchConfig(greedy_width=2)  # type: ignore[arg-type]
    assert game_config(Tuned(), 4) == SearchConfig(greedy_width=4)  # type: ignore[arg-type]


def test_the_search_overrules_normal_only_when_sure_with_a_confidence() -> None:
    """The search's choice replaces the normal level's only when it is better on the same
    samples, beyond chance: a lead made of a few lucky samples is noise (the best of eight
    noisy means always leads), a small lead on every sample is not."""
    normal = [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]
    lucky = [0.9, 0.1, 0.9, 0.1, 0.9, 0.1, 0.9, 0.3]  # mean 0.525: 0.025 ahead, by luck
    steady = [0.53, 0.54, 0.53, 0.55, 0.53, 0.54, 0.53, 0.53]  # about 0.035 ahead, always
    plain = SearchConfig()
    sure = SearchConfig(confidence=2.0)
    assert _better(lucky, normal, plain) and _better(steady, normal, plain)
    assert not _better(lucky, normal, sure)
    assert _better(steady, normal, sure)
    # Behind, or within the margin, it never overrules, sure or not.
    assert not _better(normal, steady, sure) and not _better(normal, steady, plain)
    assert not _better([0.51] * 8, normal, sure) and not _better([0.51] * 8, normal, plain)
    # One sample tells nothing about chance.
    assert not _better([0.9], [0.1], sure)


def test_a_flat_search_grows_no_tree_below_the_root() -> None:
    """``tree=False``: every iteration plays its root action, then the rollout at once; the
    deeper nodes' candidates are never asked for, and every root action is still compared."""
    from engine.ai import Budget, search
    from engine.downfall import GAME
    from engine.downfall.ai import DownfallHeuristics

    class Counting(DownfallHeuristics):
        asked = 0

        def candidates(self, state: Any, seat: int, width: int) -> Sequence[object]:
            Counting.asked += 1
            return super().candidates(state, seat, width)

    state = GAME.new_game(5, 2)
    for _ in range(40):  # into the escape: many moves, all legal
        state = GAME.apply(state, state.seat, GAME.legal_actions(state, state.seat)[0]).state
    heur = Counting()
    legal = GAME.legal_actions(state, state.seat)
    flat = search(GAME, state, state.seat, 3, heur, Budget(playouts=60), SearchConfig(tree=False))
    assert Counting.asked == 0
    assert flat.action in legal and flat.iterations == 60
    assert len(flat.visits) == min(8, len(legal)) and sum(flat.visits.values()) == 60
    search(GAME, state, state.seat, 3, heur, Budget(playouts=60), SearchConfig())
    assert Counting.asked > 0  # the tree asks for them


def test_a_small_lead_overrules_normal_only_when_steady() -> None:
    """Win shares at a table of four are small: a lead below the margin that holds on every
    sample overrules the normal level with ``steady``; a small lead made of luck does not, and
    a lead beyond the margin does as it always did."""
    normal = [0.25, 0.2, 0.3, 0.25, 0.22, 0.28, 0.25, 0.25]
    small = [x + 0.008 + 0.001 * (i % 2) for i, x in enumerate(normal)]  # 0.0085 ahead, always
    lucky = [0.45, 0.0, 0.5, 0.05, 0.42, 0.08, 0.45, 0.13]  # 0.01 ahead, by luck
    large = [x + 0.03 for x in lucky]
    steady = SearchConfig(steady=2.0)
    assert not _better(small, normal, SearchConfig())  # below the margin: normal's stays
    assert _better(small, normal, steady)
    assert not _better(lucky, normal, steady)
    assert _better(large, normal, steady) and _better(large, normal, SearchConfig())
    assert not _better(normal, small, steady)  # behind never overrules


def test_without_a_margin_any_lead_overrules_normal() -> None:
    """``margin=0`` (the Downfall's duels): the search's choice stands whenever it leads the
    normal level's at all, and never when it is behind."""
    normal = [0.5, 0.4, 0.6, 0.5, 0.45, 0.55, 0.5, 0.5]
    small = [x + 0.005 for x in normal]  # 0.005 ahead: below the default 0.02 margin
    duel = SearchConfig(margin=0.0)
    assert _better(small, normal, duel) and not _better(small, normal, SearchConfig())
    assert not _better(normal, small, duel)


def test_the_downfall_searches_a_duel_and_a_crowd_differently() -> None:
    """Two players: the tree search, its most visited action played; three or four: a policy
    rollout of the normal level's play (no tree); both play the search's choice whenever it
    leads normal's at all (a margin of 0)."""
    from engine.downfall.ai import DownfallHeuristics

    heur = DownfallHeuristics()
    duel = game_config(heur, 2)
    assert duel.tree and duel.margin == 0.0 and not duel.greedy_width
    for players in (3, 4):
        crowd = game_config(heur, players)
        assert not crowd.tree and crowd.greedy_width and crowd.margin == 0.0


def test_a_game_may_settle_decisions_itself_and_leave_the_rest_to_the_search() -> None:
    """``Heuristics.hard_choice``: an action is played at once (no iteration), on a sample
    drawn from the seed the search gives it; ``None`` leaves the decision to the search."""
    from engine.ai import Budget, search
    from engine.downfall import GAME
    from engine.downfall.ai import DownfallHeuristics

    class Settling(DownfallHeuristics):
        settle = True
        seeds: ClassVar[list[int]] = []

        def hard_choice(self, state: Any, seat: int, legal: Sequence[Any], seed: int) -> Any:
            Settling.seeds.append(seed)
            return legal[-1] if Settling.settle else None

    state = GAME.new_game(5, 2)
    heur = Settling()
    legal = GAME.legal_actions(state, state.seat)
    settled = search(GAME, state, state.seat, 3, heur, Budget(playouts=30))
    assert settled.action == legal[-1] and settled.iterations == 0
    assert search(GAME, state, state.seat, 3, heur, Budget(playouts=30)) == settled
    assert Settling.seeds[0] == Settling.seeds[1]  # reproducible: drawn from the search's seed
    Settling.settle = False
    searched = search(GAME, state, state.seat, 3, heur, Budget(playouts=30))
    assert searched.iterations == 30
