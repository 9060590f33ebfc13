"""A hint for a learning player: the normal level's choice, and why in the game's terms.

:func:`advise` picks exactly what :func:`engine.ai.players.choose_normal` picks (the same
determinization of what the seat can see, drawn from the same seed, the same evaluation), and
asks the game's ``explain`` for the reason: a :class:`Reason`, a message key and a few numbers
(never words: the game's presentation says it in the reader's language). Everything it reads
is the seat's determinization, so a hint tells nothing the seat could not know.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.ai.base import Heuristics, argmax
from engine.ai.players import choose_normal
from engine.core import Game, Seat

ONLY = "only"
"""The reason of a decision with one legal action (the bot words it)."""
BEST = "best"
"""The reason when the game names none: the evaluation likes the result best (the bot's)."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a hinted action is good: ``key`` names the game's sentence (its presentation has
    one per key), ``figures`` its numbers (``("count", 2)``), in the game's terms."""

    key: str
    figures: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, key: str, **figures: int) -> Reason:
        return cls(key, tuple(sorted(figures.items())))

    def figure(self, name: str, default: int = 0) -> int:
        return next((v for k, v in self.figures if k == name), default)


@dataclass(frozen=True, slots=True)
class Hint:
    """The normal level's action for the seat, and its :class:`Reason`."""

    action: Any
    reason: Reason


Explain = Callable[[Any, Any, Seat, Any], "Reason | None"]
"""``explain(before, after, seat, action)``: why ``action`` is good for ``seat``, judged on a
determinization ``before`` and the state ``after`` it (``None``: the game has nothing to add)."""


def advise(
    game: Game[Any, Any],
    state: Any,
    seat: Seat,
    seed: int,
    heuristics: Heuristics,
    explain: Explain | None = None,
) -> Hint:
    """The normal level's choice for ``seat`` (as :func:`choose_normal` with ``seed``) and why."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action to choose from")
    if len(legal) == 1:
        return Hint(legal[0], Reason(ONLY))
    heur = heuristics
    if not heur.informed:
        return Hint(choose_normal(game, state, seat, seed, heur), Reason(BEST))
    sample = heur.determinize(state, seat, seed)  # what rank_actions judges on
    after = [heur.step(sample, seat, action) for action in legal]
    best = argmax([heur.score(result, seat) for result in after])
    action = legal[best]
    reason = explain(sample, after[best], seat, action) if explain is not None else None
    return Hint(action, reason or Reason(BEST))
