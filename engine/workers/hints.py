"""Why the normal level's move is good, in the worker game's terms (a hint's
:class:`~engine.ai.hints.Reason`; ``render/workers`` words it).

Read off what the normal level scores (:func:`engine.workers.ai.worth`): the milestones (the
Foro, the Terme, the seat's army), the value of goods still missing for the next goal (up to the
Castrum), workers, trained specialists, spare goods, and the offering's outcome. Read from a
determinization and the state after the move (its own follow-ups played as the evaluation
plays them).
"""

from __future__ import annotations

from engine.ai.hints import Reason
from engine.workers.actions import Action
from engine.workers.ai import _ENGINES, _follow_ups
from engine.workers.board import CASTRUM, FORO, TERME, VALUE
from engine.workers.offering import offered, pledged, requirement
from engine.workers.rules import outcome
from engine.workers.search import plan
from engine.workers.state import NONE, OFFERING, OVER, State

WINS = "wins"
"""The move wins the game."""
MILESTONE = "milestone"
"""It completes a milestone: ``goal`` (:data:`GOALS`)."""
COMPLETE = "complete"
"""The seat now holds every good ``goal`` needs."""
TOWARDS = "towards"
"""It builds towards ``goal``: ``count`` value points of goods still missing."""
HIRE = "hire"
"""One more worker."""
ENGINE = "engine"
"""A trained specialist that adds to every collect or conversion it names."""
GOODS = "goods"
"""``count`` value points of goods more."""
COVERED = "covered"
"""With this pledge the offering is covered."""
SHARE = "share"
"""The pledge is now worth ``count`` of the ``need`` the offering needs."""
LOCK = "lock"
"""The pledge stands as it is: lock it."""

REASONS = (WINS, MILESTONE, COMPLETE, TOWARDS, HIRE, ENGINE, GOODS, COVERED, SHARE, LOCK)
"""Every reason the worker game gives (its presentation words each)."""

GOALS = (FORO, TERME, CASTRUM, 0)
"""A goal's figure: its index here (the Foro 0, the Terme 1, the Castrum 2, the army 3)."""


def goal_of(state: State, seat: int) -> int:
    """The goal ``seat`` works towards (an index of :data:`GOALS`), as the evaluation's plan:
    the first building of the Foro (not solo), the Terme and the Castrum nobody has built,
    else its own army; -1 for none."""
    order = (TERME, CASTRUM) if state.players == 1 else (FORO, TERME, CASTRUM)
    for number in order:
        if state.owners[number] < 0 and state.castrum_halt != seat:
            return GOALS.index(number)
    return 3 if state.army[seat] == NONE else -1


def _milestones(state: State, seat: int) -> set[int]:
    done = {i for i, number in enumerate((FORO, TERME)) if state.owners[number] >= 0}
    return done | ({3} if state.army[seat] != NONE else set())


def explain(before: State, after: State, seat: int, action: Action) -> Reason | None:
    """The reason for ``action`` (see the module); ``None``: nothing to say beyond "best"."""
    if after.stage == OVER:
        result = outcome(after)
        return Reason.of(WINS) if result is not None and seat in result.winners else None
    if before.stage == OFFERING:
        return _offering(before, after, seat, action)
    settled = _follow_ups(after, seat)
    new = _milestones(settled, seat) - _milestones(before, seat)
    if new:
        return Reason.of(MILESTONE, goal=min(new))
    goal = goal_of(before, seat)
    need, missing = plan(settled, seat)
    if goal >= 0 and goal == goal_of(settled, seat) and missing < plan(before, seat)[1]:
        if need and not missing:
            return Reason.of(COMPLETE, goal=goal)
        return Reason.of(TOWARDS, goal=goal, count=round(missing))
    if settled.workers[seat] > before.workers[seat]:
        return Reason.of(HIRE)
    engines = sum(1 for c in settled.active_s[seat] if c in _ENGINES)
    if engines > sum(1 for c in before.active_s[seat] if c in _ENGINES):
        return Reason.of(ENGINE)
    gained = _wealth(settled, seat) - _wealth(before, seat)
    return Reason.of(GOODS, count=gained) if gained > 0 else None


def _wealth(state: State, seat: int) -> int:
    return sum(n * VALUE[g] for g, n in enumerate(state.goods[seat]))


def _offering(before: State, after: State, seat: int, action: Action) -> Reason | None:
    if action.verb == "lock":
        return Reason.of(LOCK)
    if action.verb != "pledge":
        return None
    need = requirement(after)
    if pledged(after) >= need > pledged(before):
        return Reason.of(COVERED)
    return Reason.of(SHARE, count=offered(after, seat), need=need)
