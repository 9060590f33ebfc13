"""Pompeji's AI heuristics (:class:`engine.ai.base.Heuristics`): points now, and what they open.

- **Cheap scores** (the easy level, rollouts, the search's candidates): a card placement by the
  points it makes on that space; in the end phase a card played also leaves the hand it would
  count against. The statue by its best declared identity there, less what keeping the joker for
  a better space is worth (:data:`STATUE_KEEP`, before the end phase). A discard sheds the
  dearest card; a permit claim by the best placement the hand has now, less the permit's worth.
- **Evaluation** (the normal level, the search's leaves): each seat's expected final score: its
  points, plus a share of the best placement its hand can make in the city as it stands (the
  next placer's in full, :data:`NEXT_WEIGHT`: a move that opens a rich space for the next player
  costs), plus the unused statue and permit uses (a permit counts as spent from its claim: the
  rules hand it in at the placement, C7), minus (in the end phase) the hand it would lose.
  ``score`` is the seat's estimate against the leader's and the mean of the others';
  ``values`` a softmax of the estimates (:data:`TEMPERATURE` points).
- **The hard level** (:func:`hard_choice`): the evaluation averaged over :data:`SAMPLES`
  determinizations instead of one, with a longer view: before the end phase an unused statue
  is worth :data:`STATUE_PLAN` and a permit use :data:`PERMIT_PLAN`, what they earn when saved
  for the late city, instead of what they earn now. The normal level spends both in its first
  turns (statue for 11–25 points, permit on a placement of about 8), while the best statue
  placement grows from about 13 points in a city of up to 4 cards to 37 at 40 cards and the
  best card placement from 7 to 25 (measured in normal games). In the end phase both are worth
  the normal level's (use them before the second volcano ends the game). Only the end phase's
  draws are searched (``values``, the rollouts).
- Rollouts play the best card placement (the statue left out while a card fits) three times in
  four, else a random one, for about a turn a player (``2 × players`` decisions), then judge.

Everything is read from the state it is given: every level gives it only determinizations
(``engine.cardcity.determinize``: the other hands and the deck resampled; the hard level through
this heuristics' own ``determinize``), so the other hands it reads are samples, never the real
ones.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engine.ai.base import argmax, outcome_values, seeds
from engine.cardcity import rules
from engine.cardcity.actions import Claim, Discard, Draw, PlayCard, PlayStatue
from engine.cardcity.data import STATUE_VALUE
from engine.cardcity.game import (
    NO_STATUE,
    State,
    card_value,
    determinize,
    face_of,
    legal_actions,
    outcome,
    play,
    to_act,
)
from engine.cardcity.state import frontier_of, grid_of
from engine.core import Seat
from engine.rng import Rng

TEMPERATURE = 12.0
"""Points of estimated lead that make a seat e times likelier to win (the search's values)."""
NEXT_WEIGHT = 0.8
"""How much of the best placement its hand can make counts for the seat that places next."""
LATER_WEIGHT = 0.35
"""... and for every other seat (its turn is further away; the city will have changed)."""
STATUE_WORTH = 6.0
"""An unused statue: a joker that fits almost anywhere (before the end phase)."""
STATUE_KEEP = 6.0
"""What playing the statue gives up before the end phase (the cheap scores)."""
PERMIT_WORTH = 5.0
"""An unused permit use: one more turn."""
STATUE_PLAN = 20.0
"""The hard level's worth of an unused statue before the end phase (saved for the late city)."""
PERMIT_PLAN = 22.0
"""The hard level's worth of a permit use before the end phase (about the best card placement
of the late city)."""
HAND_RISK = 0.5
"""In the end phase, the share of a hand card's value expected to count against its owner."""
EPSILON = 4
"""Rollouts play a random legal action one time in this many."""
SAMPLES = 8
"""Determinizations the hard level's judgement is averaged over."""


def gain(grid: rules.Grid, cell: rules.Cell, face: rules.Face) -> int:
    """:func:`engine.cardcity.rules.points` without building the streets (the rollouts' hot
    spot): the same sum, street by street."""
    building, colour, value = face
    row, col = cell
    total = 0
    for _name, drow, dcol in rules.LINES:
        length, same_b, has_b, top_c, has_c = 1, 0, False, 0, False
        for sign in (1, -1):
            r, c = row + sign * drow, col + sign * dcol
            other = grid.get((r, c))
            while other is not None:
                length += 1
                if other[0] == building and building >= 0:
                    same_b += other[2]
                    has_b = True
                if other[1] == colour and colour >= 0:
                    top_c = max(top_c, other[2])
                    has_c = True
                r, c = r + sign * drow, c + sign * dcol
                other = grid.get((r, c))
        if length == 1:
            continue
        if has_b:
            total += value + same_b
        if has_c:
            total += max(value, top_c)
        if length == rules.STREET_FULL:
            total += rules.SEVENTH_BONUS
    return total


@lru_cache(maxsize=8192)
def reach(city: tuple[tuple[int, int, int], ...], hand: tuple[int, ...]) -> int:
    """The most points one card of ``hand`` makes anywhere in ``city`` now (0 if none fits)."""
    grid = grid_of(city)
    cells = frontier_of(city)
    best = 0
    for card in hand:
        face = face_of(card)
        for cell in cells:
            if rules.conflict(grid, cell, face) is None:
                best = max(best, gain(grid, cell, face))
    return best


@lru_cache(maxsize=4096)
def statue_points(city: tuple[tuple[int, int, int], ...], cell: rules.Cell) -> tuple[int, ...]:
    """The points of the statue on ``cell`` declared as each identity (``building * 7 +
    colour``), as :func:`engine.cardcity.rules.points` gives them, computed street by street
    once for all 49 identities."""
    grid = grid_of(city)
    totals = [0] * 49
    for _name, drow, dcol in rules.LINES:
        cells = rules.street(grid, cell, drow, dcol)
        if len(cells) == 1:
            continue
        same_b = [0] * 7
        has_b = [False] * 7
        top_c = [0] * 7
        has_c = [False] * 7
        for other in cells:
            if other == cell:
                continue
            b, c, value = grid[other]
            if b >= 0:
                same_b[b] += value
                has_b[b] = True
            if c >= 0:
                top_c[c] = max(top_c[c], value)
                has_c[c] = True
        seventh = rules.SEVENTH_BONUS if len(cells) == rules.STREET_FULL else 0
        for b in range(7):
            for c in range(7):
                gain = seventh
                if has_b[b]:
                    gain += STATUE_VALUE + same_b[b]
                if has_c[c]:
                    gain += max(STATUE_VALUE, top_c[c])
                totals[b * 7 + c] += gain
    return tuple(totals)


def next_placer(state: State) -> Seat | None:
    """Who places next (as far as the state says: a permit may still interrupt)."""
    if state.is_over:
        return None
    if state.stage == "play":
        return state.actor
    if state.stage == "window" or state.permit_turn:
        return state.turn
    return (state.actor + 1) % state.players  # the actor decides whether to draw


def estimates(state: State, plan: bool = False) -> list[float]:
    """Each seat's expected final score (see the module docstring); ``plan``: with the hard
    level's worth of an unused statue and permit before the end phase."""
    nxt = next_placer(state)
    saving = plan and not state.end_phase
    statue_worth = STATUE_PLAN if saving else STATUE_WORTH
    permit_worth = PERMIT_PLAN if saving else PERMIT_WORTH
    claimed = state.actor if state.permit_turn and state.stage == "play" else -1
    out = []
    for s in range(state.players):
        hand = state.hands[s]
        value = float(state.scores[s])
        weight = NEXT_WEIGHT if s == nxt else LATER_WEIGHT
        value += weight * reach(state.city, hand)
        if state.statues[s] == NO_STATUE:
            value += statue_worth
        # a claimed permit is handed in at the placement (C7): spent from the claim on
        value += permit_worth * (state.permits[s] - (1 if s == claimed else 0))
        if state.end_phase:
            value -= HAND_RISK * sum(card_value(c) for c in hand)
        out.append(value)
    return out


def judge(state: State, seat: Seat, plan: bool) -> float:
    """``seat``'s estimate against ½ the leader's and ½ the others' mean (the final scores once
    over); ``plan``: the hard level's view (:func:`estimates`)."""
    if state.is_over:
        result = outcome(state)
        assert result is not None
        est = [float(result.scores[s]["final"]) for s in range(state.players)]
    else:
        est = estimates(state, plan)
    others = [est[s] for s in range(len(est)) if s != seat]
    return est[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def action_scores(state: State, seat: Seat, legal: Sequence[Any]) -> list[float]:
    """The cheap scores (see the module docstring): no action is applied."""
    grid = state.grid()
    late = state.end_phase
    out: list[float] = []
    for action in legal:
        if isinstance(action, PlayCard):
            points = float(gain(grid, action.cell, face_of(action.card)))
            out.append(points + (HAND_RISK * card_value(action.card) if late else 0.0))
        elif isinstance(action, PlayStatue):
            worth = statue_points(state.city, action.cell)[action.building * 7 + action.colour]
            out.append(worth - (0.0 if late else STATUE_KEEP))
        elif isinstance(action, Discard):
            out.append(card_value(action.card) / 10.0)
        elif isinstance(action, Claim):
            out.append(reach(state.city, state.hands[seat]) - PERMIT_WORTH)
        elif isinstance(action, Draw):
            out.append(-1.0 if state.hands[seat] else 1.0)
        else:  # NoDraw, Decline, Withdraw: the quiet choice
            out.append(0.0)
    return out


def card_plays(state: State, seat: Seat) -> list[tuple[float, PlayCard]]:
    """Every legal placement of a hand card with its cheap score (the statue left out)."""
    grid = state.grid()
    late = state.end_phase
    out: list[tuple[float, PlayCard]] = []
    for card in sorted(state.hands[seat]):
        face = face_of(card)
        shed = HAND_RISK * card_value(card) if late else 0.0
        for cell in frontier_of(state.city):
            if rules.conflict(grid, cell, face) is None:
                out.append((gain(grid, cell, face) + shed, PlayCard(card, cell)))
    return out


class CardcityHeuristics:
    """The :class:`engine.ai.base.Heuristics` of Pompeji."""

    honest = True
    informed = True

    def determinize(self, state: Any, seat: Seat, seed: int) -> Any:
        return determinize(state, seat, seed)

    def horizon(self, state: Any) -> int:
        return 2 * int(state.players)  # about a turn a player (placements, draws, windows)

    def pending(self, state: Any) -> Seat | None:
        seats = to_act(state)
        return min(seats) if seats else None

    def legal(self, state: Any, seat: Seat) -> Sequence[Any]:
        return legal_actions(state, seat)

    def step(self, state: Any, seat: Seat, action: Any) -> Any:
        return play(state, seat, action).state

    def values(self, state: Any) -> tuple[float, ...]:
        if state.is_over:
            result = outcome(state)
            assert result is not None
            return outcome_values(result, state.players)
        est = estimates(state)
        top = max(est)
        weights = [math.exp((e - top) / TEMPERATURE) for e in est]
        total = sum(weights)
        return tuple(w / total for w in weights)

    def score(self, state: Any, seat: Seat) -> float:
        return judge(state, seat, plan=False)

    def hard_choice(self, state: Any, seat: Seat, legal: Sequence[Any], seed: int) -> Any:
        """The hard level's choice (:func:`hard_choice`, on this heuristics'
        determinizations), but for the end phase's draws: whether to draw is whether the
        second volcano may end the game now, which the search's rollouts play out."""
        if state.stage == "draw":
            return None
        take = seeds(seed)
        samples = [self.determinize(state, seat, take()) for _ in range(SAMPLES)]
        return hard_choice(samples, seat, legal)

    def action_scores(self, state: Any, seat: Seat, legal: Sequence[Any]) -> list[float]:
        return action_scores(state, seat, legal)

    def candidates(self, state: Any, seat: Seat, width: int) -> Sequence[Any]:
        legal = legal_actions(state, seat)
        if len(legal) <= width:
            return legal
        ranked = action_scores(state, seat, legal)
        order = sorted(range(len(legal)), key=lambda i: -ranked[i])
        return [legal[i] for i in sorted(order[:width])]

    def rollout_action(self, state: Any, seat: Seat, rng: Rng) -> tuple[Any, Rng]:
        if state.stage == "play" and seat == state.actor:
            plays = card_plays(state, seat)
            if plays:  # the cards alone (not the statue's hundreds of identities): faster
                r, rng = rng.below(EPSILON)
                if r == 0:
                    index, rng = rng.below(len(plays))
                    return plays[index][1], rng
                top = max(p for p, _ in plays)
                choices = [a for p, a in plays if p == top]
                k, rng = rng.below(len(choices))
                return choices[k], rng
        legal = legal_actions(state, seat)
        r, rng = rng.below(EPSILON)
        if r == 0 or len(legal) == 1:
            index, rng = rng.below(len(legal))
            return legal[index], rng
        ranked = action_scores(state, seat, legal)
        best = max(ranked)
        ties = [i for i, x in enumerate(ranked) if x == best]
        k, rng = rng.below(len(ties))
        return legal[ties[k]], rng


def hard_choice(samples: Sequence[State], seat: Seat, legal: Sequence[Any]) -> Any:
    """The hard level: the action whose result the judgement with the longer view
    (:func:`judge` with ``plan``) likes best on average over ``samples`` (determinizations of
    the state for ``seat``): the hand the other may hold and the cards to come weigh in as an
    expectation, where the normal level judges one guess. Of the statue's declared identities
    on a space only the best scoring one is judged: once scored the statue is neutral, so the
    others leave the same city with fewer points."""
    best_statue: dict[rules.Cell, tuple[int, int]] = {}
    city = samples[0].city
    for i, action in enumerate(legal):
        if isinstance(action, PlayStatue):
            points = statue_points(city, action.cell)[action.building * 7 + action.colour]
            if action.cell not in best_statue or points > best_statue[action.cell][0]:
                best_statue[action.cell] = (points, i)
    judged = [
        i
        for i, action in enumerate(legal)
        if not isinstance(action, PlayStatue) or best_statue[action.cell][1] == i
    ]
    totals = [0.0] * len(judged)
    for sample in samples:
        for k, i in enumerate(judged):
            totals[k] += judge(play(sample, seat, legal[i]).state, seat, plan=True)
    return legal[judged[argmax(totals)]]
