"""The worker game's AI heuristics (:class:`~engine.ai.base.Heuristics` for ``engine.ai``).

What a position is worth to a seat (:func:`worth`), in value points of goods:

- **progress to the win**: the goods still missing for its next goals (the Foro, the Terme and
  the Castrum that nobody has built, and its own army once the Foro stands) weigh three times
  their value; an army counts as much as a building's cost, a finished Castrum with the army in
  it is the win itself;
- **wealth**: the value of its tablet, its workers (more places to act), its activated cards
  and buildings (engines that pay every round);
- **goods at risk**: goods of a volcano card the seat knows to be next are discounted;
- **what the offering needs**: during an offering, goods pledged count as spent, and a pledge
  up to the seat's share of the requirement (its own workers) is worth far more than it costs,
  since a failed offering destroys goods or ends the game for everybody; beyond the share it
  earns reward draws.

The cheap per-action scores reuse the progress policy's placement worth
(:func:`engine.workers.search.score_placement`), the rollouts play that policy, and every
position searched is a determinization (:func:`engine.workers.search.determinize`): nothing a
seat cannot see is read.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine.ai.base import outcome_values
from engine.core import Seat
from engine.rng import Rng
from engine.workers.actions import Action
from engine.workers.board import FORO, TERME, VALUE, occupancy
from engine.workers.offering import VOLCANO, offered
from engine.workers.rules import apply_unchecked, deciding, legal_actions, outcome
from engine.workers.search import determinize, goal, policy_action, score_placement, trade_for
from engine.workers.setup import APOCALYPSE
from engine.workers.state import NONE, OFFERING, OVER, PLACE, State

GOAL_WEIGHT = 3.0
"""Each value point still missing for the next goal costs this much."""
MILESTONE = 300.0
"""The Foro and the Terme standing, and the seat's own army: each more than any next goal's
missing goods can weigh, so reaching one is always worth its cost."""
SETTLE = 12
"""At most this many follow-up steps are played before a position is judged."""
WORKER = 6.0
CARD = 2.0
BUILDING = 2.0
DOOM = 1500.0
"""The Apocalypse's threat: this much over the number of volcano cards left."""
FAIL_COST = 40.0
"""What a failed offering is expected to destroy of a seat's goods."""
EXTRA = 0.8
"""Each value point pledged beyond the share: a reward draw, worth a card in hand."""
REWARDS = 3
"""Reward draws worth pledging for."""
HAND = EXTRA
"""A card in hand (or a reward draw still to make)."""
AT_RISK = 0.5
"""The share of a known-doomed good's value that is discounted."""
WIN = 10_000.0
TEMPERATURE = 30.0
"""Value points between two seats that make one about e times likelier to win."""
_PLACEMENTS = frozenset(
    ("collect", "produce", "build", "port", "piazza", "activate", "recover", "army", "hire", "use")
)


def worth(state: State, seat: int) -> float:
    """What ``state`` is worth to ``seat`` (see the module docstring), from its own view; the
    seat's own follow-up steps (the trade after ``port``, the Piazza's training, an owner's
    bonus) are first played out by the progress policy, so a placement is judged by what it
    leads to."""
    state = _settled(state, seat)
    if state.stage == OVER:
        result = outcome(state)
        if result is None or not result.winners:
            return -WIN
        return WIN if seat in result.winners else -WIN
    goods = list(state.goods[seat])
    spent = 0
    if state.stage == OFFERING:
        for g, n in enumerate(state.pledges[seat]):
            goods[g] -= n
        spent = offered(state, seat)
    owners = state.owners
    done = sum(1 for number in (FORO, TERME) if owners[number] >= 0)
    done += state.army[seat] != NONE
    need = dict(goal(state, seat))
    missing = sum(max(0, n - goods[g]) * VALUE[g] for g, n in need.items())
    spare = sum(max(0, n - need.get(g, 0)) * VALUE[g] for g, n in enumerate(goods))
    score = MILESTONE * done - GOAL_WEIGHT * missing + spare
    score += BUILDING * sum(1 for o in owners if o == seat)
    score += WORKER * state.workers[seat]
    score += CARD * (len(state.active_s[seat]) + len(state.active_c[seat]))
    if state.known[seat] and state.volcano:
        doomed = VOLCANO[state.volcano[0]].goods
        score -= AT_RISK * sum(goods[g] * VALUE[g] for g in doomed if goods[g] > 0)
    if state.prosperity and APOCALYPSE in state.volcano:  # each failure brings it nearer
        score -= DOOM / len(state.volcano)
    cards = len(state.hand_s[seat]) + len(state.hand_c[seat]) + state.draws[seat]
    score += HAND * (cards + (1 if state.drawn[seat] else 0))
    if state.stage == OFFERING and not state.exempt[seat]:
        # Until it resolves, an offering is judged by expectation: the part of one's share not
        # pledged is the chance it fails (others are assumed to give theirs), and a failure
        # costs goods, or everything when the Apocalypse may come.
        share = max(1, state.workers[seat] + _deficit(state, seat))
        short = max(0.0, 1.0 - spent / share)
        doom = 1.0 / max(1, len(state.volcano)) if APOCALYPSE in state.volcano else 0.0
        score -= short * (FAIL_COST + doom * WIN)
        score += EXTRA * min(REWARDS, max(0, spent - share))
    return score


def _deficit(state: State, seat: int) -> int:
    """What the other seats cannot give of their shares (their tablets are public): a seat
    that wants the offering to succeed must cover it."""
    short = 0
    for other in range(state.players):
        if other != seat and not state.exempt[other]:
            holds = sum(n * VALUE[g] for g, n in enumerate(state.goods[other]))
            short += max(0, state.workers[other] - holds)
    return short


def _settled(state: State, seat: int) -> State:
    """``state`` after ``seat``'s own pending follow-up steps, played by the policy."""
    rng = Rng(0)
    for _ in range(SETTLE):
        if state.stage != PLACE or not state.prompts or state.window:
            return state
        if state.prompts[0].seat != seat or list(deciding(state)) != [seat]:
            return state
        action, rng = policy_action(state, seat, rng)
        state = apply_unchecked(state, seat, action).state
    return state


class WorkersHeuristics:
    """The worker game's heuristics for the easy, normal and hard levels."""

    informed = True
    honest = True

    def determinize(self, state: Any, seat: Seat, seed: int) -> Any:
        return determinize(state, seat, seed)

    def horizon(self, state: Any) -> int:
        return 12 * int(state.players)  # about a round of decisions

    def pending(self, state: Any) -> Seat | None:
        seats = deciding(state)
        return seats[0] if seats else None

    def legal(self, state: Any, seat: Seat) -> Sequence[Any]:
        return legal_actions(state, seat)

    def step(self, state: Any, seat: Seat, action: Any) -> Any:
        return apply_unchecked(state, seat, action).state

    def values(self, state: Any) -> tuple[float, ...]:
        if state.stage == OVER:
            result = outcome(state)
            assert result is not None
            return outcome_values(result, state.players)
        scores = [worth(state, s) for s in range(state.players)]
        top = max(scores)
        weights = [math.exp((s - top) / TEMPERATURE) for s in scores]
        total = sum(weights)
        return tuple(w / total for w in weights)

    def score(self, state: Any, seat: Seat) -> float:
        return worth(state, seat)

    def action_scores(self, state: Any, seat: Seat, legal: Sequence[Any]) -> list[float]:
        return scores(state, seat, legal)

    def candidates(self, state: Any, seat: Seat, width: int) -> Sequence[Any]:
        legal = legal_actions(state, seat)
        if len(legal) <= width:
            return legal
        ranked = scores(state, seat, legal)
        order = sorted(range(len(legal)), key=lambda i: -ranked[i])
        return [legal[i] for i in sorted(order[:width])]

    def rollout_action(self, state: Any, seat: Seat, rng: Rng) -> tuple[Any, Rng]:
        return policy_action(state, seat, rng)


def scores(state: State, seat: int, legal: Sequence[Action]) -> list[float]:
    """Cheap scores (no step): placements by the policy's worth, the policy's trade first, an
    offering's pledges towards the seat's share, a lock once the share is reached."""
    if state.stage == OFFERING:
        share = state.workers[seat] - offered(state, seat)
        out = []
        for a in legal:
            if a.verb == "lock":
                out.append(5.0 if share <= 0 else -5.0)
            elif a.verb == "pledge":
                good, count = a.num(0), a.num(1)
                more = (count - state.pledges[seat][good]) * VALUE[good]
                out.append(float(min(more, share) * 2 - max(0, more - share)))
            else:
                out.append(0.0)
        return out
    head = state.prompts[0] if state.stage == PLACE and state.prompts else None
    if head is not None and head.kind == "trade":
        best = trade_for(state, seat)
        return [
            3.0 if a == best else 1.0 if a.verb == "done" and best is None else 0.0 for a in legal
        ]
    if state.stage == PLACE and head is None and not state.window:
        goods = state.goods[seat]
        need = dict(goal(state, seat))
        own = occupancy(state.board)[1]
        return [
            float(score_placement(state, seat, a, goods, need, own))
            if a.verb in _PLACEMENTS
            else 0.0
            for a in legal
        ]
    return [0.0] * len(legal)
