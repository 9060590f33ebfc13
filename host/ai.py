"""Who decides for a seat when its player does not: the AI interface and a stand-in.

A :class:`Chooser` picks one legal action for a seat. The AI issue will provide a real one; until
then :class:`RandomChooser` picks uniformly among the legal actions, deterministically from the
seed it is given (the host derives it from the game seed and version), and says so in its name.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.core import Game, Seat
from engine.rng import Rng


class Chooser(Protocol):
    """Chooses an action for ``seat`` in ``state``; must return a member of
    ``game.legal_actions(state, seat)``."""

    name: str
    """How the move is labelled to players, e.g. ``"a stand-in (random legal move)"``."""

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, seed: int) -> Any: ...


class RandomChooser:
    """The stand-in until the AI lands: a uniformly random legal action."""

    name = "a stand-in (random legal move)"

    def choose(self, game: Game[Any, Any], state: Any, seat: Seat, seed: int) -> Any:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action to choose from")
        index, _ = Rng(seed).below(len(legal))
        return legal[index]
