"""Actions next to the legal ones, as the parser can produce them: the legal actions'
notations with one argument changed (another number, another target the decision names
elsewhere). The conformance suite holds ``is_legal`` to ``legal_actions`` on them, and the
pseudo-language check reads the refusals they get."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from typing import Any

from engine.core import Game, NotationError

DIGITS = re.compile(r"\d+")


def _numbers(word: str) -> Iterator[str]:
    """``word`` with one of its numbers changed, its width kept (``C03`` -> ``C02``, ``C04``)."""
    for found in DIGITS.finditer(word):
        digits = found.group()
        n = int(digits)
        for other in {n - 1, n + 1, n + 2, 0, 2 * n + 7}:
            if other >= 0 and other != n:
                text = str(other).zfill(len(digits))
                yield word[: found.start()] + text + word[found.end() :]


def neighbour_notations(notations: Iterable[str], rng: random.Random, limit: int) -> list[str]:
    """Up to ``limit`` texts that differ from one of ``notations`` in one argument (a word
    after the first): another number in it, or a word found at that place in another
    notation of the same verb. Never one of ``notations`` itself."""
    known = sorted(set(notations))
    places: dict[tuple[str, int], set[str]] = {}
    for text in known:
        words = text.split()
        for at, word in enumerate(words[1:], 1):
            places.setdefault((words[0], at), set()).add(word)
    pool = {place: sorted(words) for place, words in places.items()}
    out: set[str] = set()
    for text in rng.sample(known, min(len(known), 12)):
        words = text.split()
        for at in range(1, len(words)):
            others = pool[(words[0], at)]
            swaps = [*_numbers(words[at]), *rng.sample(others, min(len(others), 3))]
            for word in swaps:
                out.add(" ".join([*words[:at], word, *words[at + 1 :]]))
    out -= set(known)
    return rng.sample(sorted(out), min(len(out), limit))


def neighbours(
    game: Game[Any, Any], legal: Iterable[Any], rng: random.Random, limit: int = 40
) -> list[Any]:
    """The actions the parser makes of :func:`neighbour_notations` of ``legal`` (of up to 80 of
    them, when there are more)."""
    actions = list(legal)
    some = rng.sample(actions, min(len(actions), 80))
    out = []
    for text in neighbour_notations((game.format_action(a) for a in some), rng, limit):
        try:
            out.append(game.parse_action(text))
        except NotationError:
            continue
    return out
