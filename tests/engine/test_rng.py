"""The engine's generator is pinned: stored games must replay the same on every Python."""

from engine.rng import Rng


def test_pinned_first_values() -> None:
    values = []
    rng = Rng(42)
    for _ in range(3):
        value, rng = rng.next64()
        values.append(value)
    assert values == [3546357672855535781, 9134013159268703604, 12250470901521323789]


def test_pinned_shuffle_and_below() -> None:
    assert Rng(1).shuffle(range(10))[0] == (6, 3, 5, 2, 4, 8, 7, 9, 1, 0)
    assert Rng(7).below(6)[0] == 3


def test_draws_are_immutable_and_repeatable() -> None:
    rng = Rng(5, 3)
    a, after = rng.next64()
    b, _ = rng.next64()
    assert a == b and after.counter == 4 and rng.counter == 3


def test_below_is_roughly_uniform() -> None:
    counts = [0] * 6
    rng = Rng(99)
    for _ in range(6000):
        v, rng = rng.below(6)
        counts[v] += 1
    assert all(850 < c < 1150 for c in counts)


def test_shuffle_is_a_permutation() -> None:
    items = list(range(53))
    shuffled, _ = Rng(3).shuffle(items)
    assert sorted(shuffled) == items and list(shuffled) != items
