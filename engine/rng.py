"""Deterministic randomness kept in the game state: a seed and a counter.

Python promises only that ``random.random()`` repeats across versions, not ``shuffle`` or
``randrange``, so the engine has its own generator: the n-th number of a game is
``splitmix64(seed, n)``, and its own unbiased ``below`` and Fisher–Yates ``shuffle``.
The values are pinned by ``tests/engine/test_rng.py``; never change them, or stored games
would replay differently.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _splitmix64(seed: int, n: int) -> int:
    z = (seed * 0xD1342543DE82EF95 + (n + 1) * _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@dataclass(frozen=True, slots=True)
class Rng:
    """An immutable generator position; every draw returns the value and the next position."""

    seed: int
    counter: int = 0

    def next64(self) -> tuple[int, Rng]:
        return _splitmix64(self.seed & _MASK, self.counter), Rng(self.seed, self.counter + 1)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            value, rng = rng.next64()
            if value < limit:
                return value % n, rng

    def to_json(self) -> list[int]:
        """The position as JSON: ``[seed, counter]``."""
        return [self.seed, self.counter]

    @classmethod
    def from_json(cls, data: list[int]) -> Rng:
        seed, counter = data
        if type(seed) is not int or type(counter) is not int:
            raise ValueError(f"not a generator position: {data!r}")
        return cls(seed, counter)

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A Fisher–Yates shuffle of ``items``."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng
