"""The AI levels, generic over the engine contract (see docs/ai.md).

- :func:`choose_easy`: plausible but weak — a quick look at each action (the cheap scores),
  often not the best one, sometimes a random one.
- :func:`choose_normal`: greedy one ply — every legal action applied to a determinized state and
  the result evaluated with the game's heuristics; the best one is played.
- :func:`choose_hard`: information-set Monte Carlo tree search (single observer): every
  iteration samples the hidden information anew from what the seat can see
  (``Heuristics.determinize``), walks a tree of single decisions shared by all samples
  (statistics per action, UCB over the actions available in that sample), ends with a short
  rollout of the game's rollout policy and backs up the heuristic values. The root is limited to
  the normal level's best candidates, which also bias the first iterations, and root actions
  are compared on the same samples (common random numbers).
  A game may settle some decisions itself instead (``Heuristics.hard_choice``: the worker
  game's lookahead).

All of them are pure functions of ``(state as the seat sees it, seed, budget)``: nothing hidden
from the seat is read, since every state searched is a determinization of what it sees, and the
only clocks are the ones a caller passes in a :class:`~engine.ai.base.Budget`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.base import Budget, Heuristics, argmax, seeds
from engine.core import Game, Seat
from engine.rng import Rng


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Knobs of the hard level (the defaults are the ones bench/ai.py measured)."""

    candidates: int = 8
    """Root actions searched: the best ones by the normal level's evaluation."""
    width: int = 6
    """Actions considered at a deeper node: the best ones by the cheap scores."""
    rollout_steps: int | None = None
    """Decisions played by the rollout policy before evaluating (``None``: the heuristics'
    horizon)."""
    exploration: float = 0.5
    prior_weight: float = 0.5
    """Progressive bias: how much the normal level's ranking counts while a root action has few
    visits."""
    greedy_width: int = 0
    """Rollouts: ``0`` plays the game's rollout policy; ``k`` plays the normal level's choice
    among the ``k`` best actions by the cheap scores (dearer, so fewer iterations in a time
    budget)."""
    margin: float = 0.02
    """The normal level's choice is played unless the search's choice is worth more than this
    (mean value, a win share) above it: where the samples cannot separate two moves (late, when
    values saturate or tie), the one-ply judgement is the better tie-break."""
    tree: bool = True
    """Whether a tree of decisions grows below the root. ``False``: every iteration plays the
    root action and then the rollout at once (flat Monte Carlo over the root actions, compared
    on the same samples); with :attr:`greedy_width` rollouts the others answer as the normal
    level would, and the search becomes a policy rollout that improves on the normal level."""
    confidence: float = 0.0
    """How sure the search must be before it overrules the normal level: its choice must beat
    normal's by :attr:`margin` plus this many standard errors of their difference, compared
    sample by sample (a root action's k-th visit uses the k-th determinization and rollout, so
    the two are measured on the same samples). ``0``: the means alone, as before. The best of
    eight noisy means beats the others by chance (the winner's curse): where the game's
    samples are noisy, the search otherwise trades normal's judgement for noise."""
    steady: float = 0.0
    """A lead smaller than :attr:`margin` also overrules the normal level when it holds on the
    same samples by this many standard errors (``0``: never). At a table of four the win shares
    are small and a real lead seldom reaches the margin, so the search almost always played the
    normal level's choice."""


DEFAULT_CONFIG = SearchConfig()


def game_config(heuristics: Heuristics, players: int) -> SearchConfig:
    """The search's knobs for a game at a table of ``players``: what its heuristics'
    ``search_config(players)`` gives if they have one (an optional method), else
    :data:`DEFAULT_CONFIG`."""
    own = getattr(heuristics, "search_config", None)
    config = own(players) if callable(own) else None
    return config if isinstance(config, SearchConfig) else DEFAULT_CONFIG


GENERIC_NORMAL_PLAYOUTS = 24
"""The normal level of a game without its own heuristics: a search this small."""


def _legal(game: Game[Any, Any], state: Any, seat: Seat) -> Sequence[Any]:
    legal = game.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action to choose from")
    return legal


def choose_random(game: Game[Any, Any], state: Any, seat: Seat, seed: int) -> Any:
    """A uniformly random legal action."""
    legal = _legal(game, state, seat)
    index, _ = Rng(seed).below(len(legal))
    return legal[index]


def choose_easy(
    game: Game[Any, Any], state: Any, seat: Seat, seed: int, heuristics: Heuristics
) -> Any:
    """One of the three best actions by the cheap scores, or (one time in four) any action."""
    legal = _legal(game, state, seat)
    if len(legal) == 1:
        return legal[0]
    heur = heuristics
    rng = Rng(seed)
    r, rng = rng.below(4)
    if r == 0:
        index, _ = rng.below(len(legal))
        return legal[index]
    scores = heur.action_scores(state, seat, legal)
    order = sorted(range(len(legal)), key=lambda i: -scores[i])
    k, _ = rng.below(min(3, len(order)))
    return legal[order[k]]


def rank_actions(
    heur: Heuristics,
    state: Any,
    seat: Seat,
    legal: Sequence[Any],
    seed: int,
) -> list[float]:
    """The normal level's score of each action: applied to one determinization, evaluated."""
    sample = heur.determinize(state, seat, seed)
    return [heur.score(heur.step(sample, seat, action), seat) for action in legal]


def choose_normal(
    game: Game[Any, Any], state: Any, seat: Seat, seed: int, heuristics: Heuristics
) -> Any:
    """Greedy one ply: the action whose result the heuristics like best (first on ties)."""
    legal = _legal(game, state, seat)
    if len(legal) == 1:
        return legal[0]
    heur = heuristics
    if not heur.informed:
        # No evaluation to be greedy with: a small search with random rollouts instead.
        return choose_hard(game, state, seat, seed, heur, Budget(playouts=GENERIC_NORMAL_PLAYOUTS))
    return legal[argmax(rank_actions(heur, state, seat, legal, seed))]


def _root_order(scores: Sequence[float], keep: int, rng: Rng) -> list[int]:
    """The indices of the ``keep`` best scores, best first. Actions tied with the last one kept
    are not cut in the engine's order (on a flat score that is usually "the lowest card
    somewhere"): the ones kept among them are drawn with ``rng`` (a seed, no hidden
    information)."""
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    if len(order) <= keep:
        return order
    edge = scores[order[keep - 1]]
    above = [i for i in order if scores[i] > edge]
    tied = [i for i in order if scores[i] == edge]
    drawn, _ = rng.shuffle(tied)
    return above + sorted(drawn[: keep - len(above)])


def _greedy(heur: Heuristics, sample: Any, seat: Seat, width: int) -> Any:
    """The normal level's choice among the ``width`` best actions by the cheap scores, on a
    state that is a determinization already (a rollout's)."""
    acts = heur.candidates(sample, seat, width)
    if len(acts) == 1:
        return acts[0]
    return acts[argmax([heur.score(heur.step(sample, seat, a), seat) for a in acts])]


class _Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


def _select(
    node: _Node,
    acts: Sequence[Any],
    c: float,
    prior_weight: float,
    prior: dict[Any, float] | None,
) -> Any:
    """The first untried action, else the best by UCB1 with availability counts (plus the
    progressive bias of the prior at the root). Counts every action offered as available."""
    untried = None
    for action in acts:
        child = node.children.get(action)
        if child is None:
            if untried is None:
                untried = action
        else:
            child.avail += 1
    if untried is not None:
        return untried
    chosen = acts[0]
    best_value = -math.inf
    for action in acts:
        child = node.children[action]
        value = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
        if prior is not None:
            value += prior_weight * prior[action] / (child.visits + 1)
        if value > best_value:
            chosen, best_value = action, value
    return chosen


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What :func:`search` found: the action, how many iterations ran, root statistics."""

    action: Any
    iterations: int
    visits: dict[Any, int]


def choose_hard(
    game: Game[Any, Any],
    state: Any,
    seat: Seat,
    seed: int,
    heuristics: Heuristics,
    budget: Budget | None = None,
    config: SearchConfig | None = None,
) -> Any:
    """The hard level: :func:`search`'s action."""
    return search(game, state, seat, seed, heuristics, budget, config).action


def search(
    game: Game[Any, Any],
    state: Any,
    seat: Seat,
    seed: int,
    heuristics: Heuristics,
    budget: Budget | None = None,
    config: SearchConfig | None = None,
) -> SearchResult:
    """Information-set MCTS for ``seat`` (see the module docstring); ``config`` defaults to the
    game's own (:func:`game_config`)."""
    budget = budget or Budget()
    over = budget.timer()  # started now: the ranking below counts against the budget
    legal = _legal(game, state, seat)
    heur = heuristics
    if len(legal) == 1:
        return SearchResult(legal[0], 0, {})
    next_seed = seeds(seed)
    if not heur.honest or heur.pending(state) != seat:
        # Without a determinize a search would peek; an out-of-turn call is not searched.
        action = choose_normal(game, state, seat, next_seed(), heur) if heur.informed else legal[0]
        return SearchResult(action, 0, {})
    own = getattr(heur, "hard_choice", None)  # optional: decisions the game settles itself
    if heur.informed and own is not None:
        action = own(state, seat, legal, next_seed())
        if action is not None:
            return SearchResult(action, 0, {})
    # The game's knobs for this table size (read only for the decisions it searches).
    config = config or game_config(heur, len(heur.values(state)))
    # Root candidates: the normal level's best few, with their ranking as a prior.
    if heur.informed:
        scores = rank_actions(heur, state, seat, legal, next_seed())
    else:
        scores = [0.0] * len(legal)
    order = _root_order(scores, config.candidates, Rng(seed ^ 0x5EED))
    candidates = [legal[i] for i in order]
    if len(candidates) == 1:
        return SearchResult(candidates[0], 0, {})
    top, low = scores[order[0]], scores[order[-1]]
    spread = top - low
    prior = {legal[i]: (scores[i] - low) / spread if spread > 0 else 1.0 for i in order}
    root = _Node()
    seen: dict[Any, list[float]] = {}  # each root action's value on its k-th sample
    c = config.exploration
    iterations = 0
    pairs: list[tuple[Any, int]] = []  # the k-th determinization (shared) and rollout seed
    while iterations < budget.playouts:
        if over is not None and iterations and over():
            break
        iterations += 1
        # The root action first: its k-th visit always uses the k-th determinization and
        # rollout seed, so root actions are compared on the same samples (common random
        # numbers), which cuts the noise of the comparison a lot.
        first = _select(root, candidates, c, config.prior_weight, prior)
        node = root.children.get(first)
        if node is None:
            node = root.children[first] = _Node()
        while len(pairs) <= node.visits:
            pairs.append((heur.determinize(state, seat, next_seed()), next_seed()))
        shared, rollout_seed = pairs[node.visits]
        sample = heur.step(shared, seat, first)
        rng = Rng(rollout_seed)
        path: list[tuple[_Node, Seat]] = [(node, seat)]
        mover = heur.pending(sample) if node.visits and config.tree else None
        while mover is not None:
            acts = heur.candidates(sample, mover, config.width)
            chosen = _select(node, acts, c, 0.0, None)
            child = node.children.get(chosen)
            sample = heur.step(sample, mover, chosen)
            if child is None:
                child = node.children[chosen] = _Node()
                path.append((child, mover))
                break
            path.append((child, mover))
            node = child
            mover = heur.pending(sample)
        steps = config.rollout_steps if config.rollout_steps is not None else heur.horizon(sample)
        for _ in range(steps):
            mover = heur.pending(sample)
            if mover is None:
                break
            if config.greedy_width:
                action = _greedy(heur, sample, mover, config.greedy_width)
            else:
                action, rng = heur.rollout_action(sample, mover, rng)
            sample = heur.step(sample, mover, action)
        values = heur.values(sample)
        seen.setdefault(first, []).append(values[seat])
        for child, who in path:
            child.visits += 1
            child.total += values[who]
    visits = {a: root.children[a].visits for a in candidates if a in root.children}
    best_action = max(
        candidates,
        key=lambda a: (
            visits.get(a, 0),
            root.children[a].total / root.children[a].visits if a in root.children else 0.0,
        ),
    )
    judged = candidates[0]  # the normal level's choice (on a flat score: a drawn one)
    if (
        heur.informed
        and spread > 0
        and best_action != judged
        and judged in root.children
        and not _better(seen[best_action], seen[judged], config)
    ):
        best_action = judged
    return SearchResult(best_action, iterations, visits)


def _better(mine: list[float], theirs: list[float], config: SearchConfig) -> bool:
    """Whether the search's choice (values ``mine``) beats the normal level's (``theirs``) by
    the config's :attr:`~SearchConfig.margin` and :attr:`~SearchConfig.confidence`, or steadily
    enough (:attr:`~SearchConfig.steady`)."""
    lead = sum(mine) / len(mine) - sum(theirs) / len(theirs)
    margin, steady = config.margin, config.steady
    if lead >= margin and config.confidence <= 0:
        return True
    if lead < margin and steady <= 0:
        return False
    n = min(len(mine), len(theirs))  # compared sample by sample
    if n < 2:
        return False
    diffs = [a - b for a, b in zip(mine[:n], theirs[:n], strict=True)]
    mean = sum(diffs) / n
    error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    if lead >= margin:  # sure enough (confidence)
        return mean - config.confidence * error >= margin
    return lead > 0 and mean > 0 and mean >= steady * error  # a steady smaller lead
