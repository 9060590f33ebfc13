"""Games played by the hint (:func:`engine.ai.hints.advise`): every decision of the seat the game
waits for first is hinted and the hinted action played, so each game's tests can check that
every reason matches its action."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.ai.hints import Hint, advise
from engine.core import waited
from plugins import GamePlugin


@dataclass(frozen=True)
class Hinted:
    """One hinted decision: the ``state``, the ``seat``, the ``seed`` the hint used, the hint,
    and the determinization it judged on (``before``) with the state after its move."""

    state: Any
    seat: int
    seed: int
    hint: Hint
    before: Any
    after: Any


def hinted(plugin: GamePlugin, players: int, seed: int, limit: int = 300) -> Iterator[Hinted]:
    """The hinted decisions of one game of ``players`` dealt from ``seed`` (at most ``limit``)."""
    game, heur = plugin.engine, plugin.heuristics()
    state = game.new_game(seed, players, {})
    for step in range(limit):
        decisions = game.pending(state)
        seats = sorted(waited(decisions) or {s for d in decisions for s in d.seats})
        if not seats:
            return
        seat, used = seats[0], seed * 10_000 + step
        hint = advise(game, state, seat, used, heur, plugin.explain)
        before = heur.determinize(state, seat, used)
        yield Hinted(state, seat, used, hint, before, heur.step(before, seat, hint.action))
        state = game.apply(state, seat, hint.action).state


def reasons(plugin: GamePlugin, games: int = 2) -> list[Hinted]:
    """Every hinted decision of ``games`` games at two and at four players."""
    return [h for players in (2, 4) for seed in range(games) for h in hinted(plugin, players, seed)]
