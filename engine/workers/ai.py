"""The worker game's AI heuristics (:class:`~engine.ai.base.Heuristics` for ``engine.ai``).

What a position is worth to a seat (:func:`worth`), in value points of goods, from its view:

- **progress to the win**: each of the Foro and the Terme standing and the seat's own army is
  a milestone; the goods still missing for the next goal (the Foro, Terme and Castrum nobody
  has built, the army once the Foro stands; the olive oil that finishes a Castrum another
  seat halted, what heals an injured army: :func:`engine.workers.search.goal`) weigh three
  times their value; a Castrum with the seat's army in it is the win itself;
- **wealth**: the goods the goal does not need (at a table of more than one, at their value up
  to what three offerings take, a quarter of it beyond: a hoard is worth less than a step
  towards the goal), workers (more places to act), activated cards, buildings, cards in hand
  (a reward's draws as the one card it keeps, and a little for the choice);
- **goods at risk**: goods of a volcano card the seat knows to be next are discounted;
- **the offering** is judged by its outcome: it is resolved as it stands (everyone locks), so
  a short pledge shows as the goods a volcano card destroys or a game lost to the Apocalypse,
  whose threat (1500 / cards left) also grows with each failure; a seat still revising is worth
  a hair less than one that has locked, so revisions only ever improve the outcome and then
  lock. Pledges are open (W4): a seat that has locked is taken at its pledge, one still
  revising is expected to bring its pledge up to its fair share (:func:`expected`), so the
  seat covers what the table still needs and no more. Under the ``secret_pledges`` variant
  the others' pledges are a determinization's, their fair share.

Before judging, the seat's own follow-ups (the trade after ``port``, training at the Piazza,
an owner's bonus) are played by the progress policy, so a placement is judged by what it leads
to. The cheap per-action scores reuse the policy's placement worth
(:func:`engine.workers.search.score_placement`), the rollouts play that policy, and every
position searched is a determinization (:func:`engine.workers.search.determinize`): nothing a
seat cannot see is read.

The hard level does not search this game with others at the table (:func:`hard_choice`): its
offering is the bold judgement, and each of its placements is judged by what follows it
(:func:`foresight`): the others' placements as the normal level would choose them, then its own
best next placement, twice over. A solo game, where nobody answers, is searched (but its
offering).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.ai.base import argmax, outcome_values
from engine.ai.players import SearchConfig
from engine.core import Seat
from engine.rng import Rng
from engine.workers.actions import Action
from engine.workers.board import CARDS, FORO, TERME, VALUE, occupancy
from engine.workers.offering import (
    LOCK,
    PASS,
    VOLCANO,
    offered,
    open_pledges,
    pledged,
    requirement,
    solo_clock_out,
)
from engine.workers.rules import deciding, legal_actions, outcome, play
from engine.workers.search import (
    determinize,
    fair_share,
    plan,
    policy_action,
    score_placement,
    trade_for,
)
from engine.workers.setup import APOCALYPSE
from engine.workers.state import NONE, OFFERING, OVER, PLACE, REWARD, State

GOAL_WEIGHT = 3.0
"""Each value point still missing for the next goal costs this much."""
COMPLETE = 40.0
"""Holding everything the next goal needs is worth this much more (the last 4:1 trade that
completes it is worth its price)."""
MILESTONE = 300.0
"""The Foro and the Terme standing, and the seat's own army: each more than any next goal's
missing goods can weigh, so reaching one is always worth its cost."""
SPARE_ROUNDS = 3
"""At a table of more than one, goods the goal does not need are worth their full value up to
what this many offerings take (the seat's workers' worth each)... (Alone, at their full value:
the round clock ends a hoard, and the solo normal level lost more with the tail than it gained:
at difficulty A 232 of 300 games won against 255, at 6 offerings instead of 3 too; at 6 the
two-player hard level lost ground, 343 of 400 against 355, 6 games past 25 rounds.)"""
SPARE_TAIL = 0.25
"""... and this share of their value beyond: a hoard that the goal does not need is worth
less than a step towards the goal, and the Porta's trade of it into a missing good is worth
making (issue 47 item 1: at its full value, two pearl collections a round outweighed the
reed, the plank and the iron a Castrum still lacked, for 50 rounds)."""
SETTLE = 12
"""At most this many follow-up steps are played before a position is judged."""
WORKER = 6.0
CARD = 2.0
BUILDING = 2.0
ENGINE = 6.0
"""An activated card that adds to every collect or conversion it names: its cost back in a few
uses, so worth training."""
_ENGINES = frozenset(
    cid
    for cid, card in CARDS.items()
    if card.effect.type
    in ("yield_bonus", "replace_yield", "convert_bonus", "double_output", "skip_convert")
)
DOOM = 1500.0
RISK = 2000.0
"""A failed offering's chance of the Apocalypse (one over the volcano cards left) costs this."""
"""The Apocalypse's threat: this much over the number of volcano cards left."""
REVISING = 3.0
"""A seat still revising its pledge is worth this much less than one that has locked: enough
for the hard level's search to see that one more revision costs something (a hair was lost in
its noise, and it revised for hundreds of decisions), small beside an offering's outcome."""
PROGRESS = 1.2
"""A revising seat's pledge still short of the success it can reach is worth up to this much
more the more of that pledge it holds (and a pledge that suffices more still): each revision
is a step towards it, never back and forth."""
HAND = 0.8
"""A card in hand (or the one a reward keeps): less than a value point of goods, so goods
are not thrown at an offering for cards."""
CHOICE = 0.2
"""Each further draw of a reward (one card is kept of all drawn, G14): a wider choice, less
than a point of a hoard's value (``SPARE_TAIL``), so a hoard is not pledged for draws."""
AT_RISK = 0.5
"""The share of a known-doomed good's value that is discounted."""
WIN = 10_000.0
TEMPERATURE = 150.0
"""Value points between two seats that make one about e times likelier to win: half a
milestone (at 30 points one milestone of lead made every move look like a sure win or a sure
loss to the search)."""
SEARCH = SearchConfig(confidence=2.0)
"""The solo hard level's search: it overrules the normal level only when its choice leads on the
same samples by two standard errors (issue 30; at a table of more, the hard level looks ahead
instead: :func:`hard_choice`)."""
FORESIGHT = 2
"""The hard level's placements look ahead this many of the seat's own placements (issue 30,
sixth session: two against normal 239/300, one 228/300, none 220/300; below)."""
FORESIGHT_WIDTH = 6
"""The hard level looks ahead from its best few placements by the normal level's judgement."""
_PLACEMENTS = frozenset(
    ("collect", "produce", "build", "port", "piazza", "activate", "recover", "army", "hire", "use")
)


def worth(state: State, seat: int, bold: bool = False) -> float:
    """What ``state`` is worth to ``seat`` (see the module docstring), from its own view; the
    seat's own follow-up steps (the trade after ``port``, the Piazza's training, an owner's
    bonus) are first played out by the progress policy, so a placement is judged by what it
    leads to. ``bold``: an open offering judged as :func:`expected` with ``bold``."""
    revising = 0.0
    if state.stage == OFFERING:
        state = expected(state, seat, bold)
    if state.stage == OFFERING and not state.locked[seat]:
        revising = REVISING
        target = _target(state, seat)
        if target is None and _covered(state, seat):
            revising = REVISING / 2  # closer than any pledge still short
        elif target is not None:  # judged by the success its pledge can still reach
            whole = sum(n * VALUE[g] for g, n in enumerate(target))
            revising -= PROGRESS * _closeness(state.pledges[seat], target) / whole
            state = _pledged(state, seat, target)
    risk = 0.0
    if state.stage == OFFERING and state.players > 1:
        state, risk = _without_apocalypse(state, seat)
    settled = _settled(state, seat)
    if risk and len(settled.revealed) == len(state.revealed):
        risk = 0.0  # the offering succeeded
    return _judged(settled, seat) - revising - risk


def expected(state: State, seat: int, bold: bool = False) -> State:
    """An open offering (W4) as ``seat`` expects it to end: every other seat that has locked
    gives what it pledged (one that locked short is short for good), every seat still revising
    brings its pledge up to its fair share, its workers' worth, as its goods allow, never
    beyond (one that pledged more keeps it). The seat thus covers what the table still needs,
    and does not count on anyone giving more than their share. ``bold`` (the hard level's
    offering): the seats still revising then also give what they can spare
    (:func:`_covering`), so the seat, asked first, locks with little. Under the
    ``secret_pledges`` variant the state is a determinization whose other pledges are that fair
    share already (and ``bold`` changes nothing: nobody sees a pledge)."""
    if not open_pledges(state):
        return state
    rows = list(state.pledges)
    revising = [
        other
        for other in range(state.players)
        if other != seat and not state.locked[other] and not state.exempt[other]
    ]
    for other in revising:
        rows[other] = fair_share(state, other, rows[other])
    if bold:
        for other in revising:
            rows[other] = _covering(state, other, rows)
    fuller = tuple(rows)
    return state if fuller == state.pledges else replace(state, pledges=fuller)


def _covering(state: State, other: int, rows: list[tuple[int, ...]]) -> tuple[int, ...]:
    """``other``'s pledge (``rows[other]``, its share) topped up with goods its own goal does
    not need, the cheapest first, until the table's pledges ``rows`` reach the requirement:
    what a seat still revising gives rather than let an offering fail that it can save with
    goods it can spare (the normal level does: a failure costs it far more)."""
    gap = requirement(state) - pledged(replace(state, pledges=tuple(rows)))
    if gap <= 0:
        return rows[other]
    need = plan(state, other)[0]
    row = rows[other]
    spare = [max(0, have - need.get(g, 0) - row[g]) for g, have in enumerate(state.goods[other])]
    order = sorted(range(len(row)), key=lambda g: VALUE[g])
    return _top_up(state, other, list(row), spare, order, gap)[0]


def _top_up(
    state: State, seat: int, row: list[int], available: Sequence[int], order: list[int], gap: int
) -> tuple[tuple[int, ...], int]:
    """``row`` (a pledge of ``seat``) with goods added in ``order``, at most ``available`` of
    each, until they cover ``gap``: the pledge and what is left of the gap (0 or less once
    covered)."""
    bonus = 1 if state.boosted[seat] else 0
    for good in order:
        if gap <= 0:
            break
        count = min(available[good], -(-gap // (VALUE[good] + bonus)))
        row[good] += count
        gap -= count * (VALUE[good] + bonus)
    return tuple(row), gap


def _without_apocalypse(state: State, seat: int) -> tuple[State, float]:
    """An offering judged by its expected cost: the Apocalypse put at the bottom of the
    (searched) volcano deck, so that a failure shows a regular card's losses, and the chance that it
    would have been the Apocalypse instead as ``RISK`` over the cards left (a single sample
    would see the Apocalypse one time in ten, and a greedy seat judges by a single sample).
    A seat that knows the Apocalypse is next judges that instead."""
    volcano = state.volcano
    if APOCALYPSE not in volcano or (state.known[seat] and volcano[0] == APOCALYPSE):
        return state, 0.0
    regular = tuple(c for c in volcano if c != APOCALYPSE)
    if not regular:
        return state, 0.0
    return replace(state, volcano=(*regular, APOCALYPSE)), RISK / len(volcano)


def _judged(state: State, seat: int) -> float:
    if state.stage == OVER:
        result = outcome(state)
        if result is None or not result.winners:
            return -WIN
        return WIN if seat in result.winners else -WIN
    if state.stage in (OFFERING, REWARD) and solo_clock_out(state):
        # Lost whatever comes, though not yet over: judged by its goods, a reward still to
        # draw looked better than the end, and the seat revised its pledge for ever.
        return -WIN
    goods = state.goods[seat]
    owners = state.owners
    done = sum(1 for number in (FORO, TERME) if owners[number] >= 0)
    done += state.army[seat] != NONE
    need, missing = plan(state, seat)
    spare: float = sum(max(0, n - need.get(g, 0)) * VALUE[g] for g, n in enumerate(goods))
    if state.players > 1:  # a solo game's clock ends a hoard: SPARE_ROUNDS
        spare = _spare_worth(spare, state.workers[seat])
    score = MILESTONE * done - GOAL_WEIGHT * missing + spare
    if need and not missing:
        score += COMPLETE
    score += BUILDING * sum(1 for o in owners if o == seat)
    score += WORKER * state.workers[seat]
    score += sum(ENGINE if c in _ENGINES else CARD for c in state.active_s[seat])
    score += CARD * len(state.active_c[seat])
    if state.known[seat] and state.volcano:
        doomed = VOLCANO[state.volcano[0]].goods
        score -= AT_RISK * sum(goods[g] * VALUE[g] for g in doomed if goods[g] > 0)
    if state.prosperity and APOCALYPSE in state.volcano:  # each failure brings it nearer
        score -= DOOM / len(state.volcano)
    score += HAND * (len(state.hand_s[seat]) + len(state.hand_c[seat]))
    reward = state.draws[seat] + (1 if state.drawn[seat] else 0)  # G14: one card is kept
    if reward:
        score += HAND + CHOICE * (reward - 1)
    return score


def _spare_worth(spare: float, workers: int) -> float:
    """Goods worth ``spare`` value points that the goal does not need: their full value up to
    what ``SPARE_ROUNDS`` offerings would take (a seat's share is its workers' worth), a
    ``SPARE_TAIL`` of it beyond."""
    cap = SPARE_ROUNDS * workers
    return spare if spare <= cap else cap + SPARE_TAIL * (spare - cap)


def _follow_ups(state: State, seat: int) -> State:
    """``state`` after ``seat``'s own pending follow-up steps (the trade after ``port``, the
    Piazza's training, an owner's bonus), played by the progress policy; a C31 window is
    passed as if nobody halts."""
    rng = Rng(0)
    for _ in range(SETTLE):
        if state.stage == PLACE and state.window:  # the C31 window: judged as if nobody halts
            state = play(state, state.window[0], PASS).state
            continue
        if state.stage != PLACE or not state.prompts:
            break
        if state.prompts[0].seat != seat or list(deciding(state)) != [seat]:
            break
        action, rng = policy_action(state, seat, rng)
        state = play(state, seat, action).state
    return state


def _settled(state: State, seat: int) -> State:
    """``state`` after ``seat``'s own pending follow-up steps (:func:`_follow_ups`); an open
    offering is resolved as it stands (everyone locks the pledges they have: in a searched
    state the others' are a determinization's). An offering is thus judged by its outcome, and
    a seat still revising is worth a little less than one that has locked, so the normal
    level's revisions only ever improve the outcome, then lock."""
    state = _follow_ups(state, seat)
    for _ in range(state.players):
        if state.stage != OFFERING:
            break
        undecided = deciding(state)
        if not undecided:
            break
        state = play(state, undecided[0], LOCK).state
    return state


def _covered(state: State, seat: int) -> bool:
    """Whether the offering succeeds with the pledges as they stand."""
    return pledged(state) >= requirement(state)


def _target(state: State, seat: int) -> tuple[int, ...] | None:
    """The pledge with which ``seat`` makes the offering succeed, the others' pledges as they
    stand (in a searched state a determinization's): the goods its goal does not need first,
    the cheapest first; ``None`` when its pledge already suffices or no pledge of its can."""
    others = sum(offered(state, v) for v in range(state.players) if v != seat)
    gap = requirement(state) - others
    if gap <= offered(state, seat) or state.exempt[seat]:
        return None
    goods = state.goods[seat]
    need = plan(state, seat)[0]
    order = sorted(
        (g for g, have in enumerate(goods) if have),
        key=lambda g: (goods[g] <= need.get(g, 0), VALUE[g]),
    )
    target, gap = _top_up(state, seat, [0] * len(goods), goods, order, gap)
    return target if gap <= 0 else None


def _closeness(pledge: tuple[int, ...], target: tuple[int, ...]) -> int:
    """How much of ``target`` ``pledge`` already holds, less what it holds beyond it."""
    return sum(
        (min(p, t) - max(0, p - t)) * VALUE[g]
        for g, (p, t) in enumerate(zip(pledge, target, strict=True))
    )


def _pledged(state: State, seat: int, target: tuple[int, ...]) -> State:
    for good, (now, count) in enumerate(zip(state.pledges[seat], target, strict=True)):
        if now != count:
            state = play(state, seat, Action("pledge", (good, count))).state
    return state


class WorkersHeuristics:
    """The worker game's heuristics for the easy, normal and hard levels."""

    informed = True
    honest = True

    def search_config(self, players: int) -> SearchConfig:
        return SEARCH  # only a solo game is searched (hard_choice settles the rest)

    def determinize(self, state: Any, seat: Seat, seed: int) -> Any:
        return determinize(state, seat, seed)

    def horizon(self, state: Any) -> int:
        return 12 * int(state.players)  # about a round of decisions

    def pending(self, state: Any) -> Seat | None:
        seats = deciding(state)
        return seats[0] if seats else None

    def legal(self, state: Any, seat: Seat) -> Sequence[Any]:
        return legal_actions(state, seat)

    def hard_choice(self, state: Any, seat: Seat, legal: Sequence[Any], seed: int) -> Any:
        """The hard level searches only a solo game, but its offering (:func:`hard_choice`,
        on this heuristics' determinization)."""
        if state.players == 1 and state.stage != OFFERING:
            return None
        return hard_choice(state, seat, legal, self.determinize(state, seat, seed))

    def step(self, state: Any, seat: Seat, action: Any) -> Any:
        return play(state, seat, action).state

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
        need = plan(state, seat)[0]
        own = occupancy(state.board)[1]
        return [
            float(score_placement(state, seat, a, goods, need, own))
            if a.verb in _PLACEMENTS
            else 0.0
            for a in legal
        ]
    return [0.0] * len(legal)


def hard_choice(state: State, seat: int, legal: Sequence[Action], sample: State) -> Action:
    """The hard level's choice at ``state`` where it does not search (everything but a solo
    game's decisions other than the offering: nobody answers a solo player), judged on
    ``sample`` (a determinization of ``state`` for ``seat``): at an offering the bold
    judgement (:func:`expected`: the search's rollouts only added noise to a judgement that
    resolves the offering exactly); at a placement, the ``FORESIGHT_WIDTH`` best placements by
    the normal level's judgement, each judged again by what follows (:func:`foresight`); a
    follow-up (a trade, a training) as the normal level chooses it."""
    after = [play(sample, seat, action).state for action in legal]
    if state.stage == OFFERING:
        return legal[argmax([worth(s, seat, bold=True) for s in after])]
    judged = [worth(s, seat) for s in after]
    if not _placing(state):
        return legal[argmax(judged)]
    best = sorted(range(len(legal)), key=lambda i: -judged[i])[:FORESIGHT_WIDTH]
    ahead = [foresight(after[i], seat) for i in best]
    return legal[best[argmax(ahead)]]


def foresight(state: State, seat: int, depth: int = FORESIGHT) -> float:
    """``state`` after one of ``seat``'s placements, judged by what follows: its own
    follow-ups played by the policy, every other seat's placements as the normal level would
    choose them, then ``seat``'s best next placement by the normal level's judgement, ``depth``
    times (the last one's worth counts). A placement that leaves an opponent the space it
    needs, or spoils one's own next move, shows; the end of the placements (an offering, the
    end of the game) is judged as it stands (the offering bold)."""
    value = 0.0
    for turn in range(depth):
        state = _follow_ups(state, seat)
        for _ in range(4 * state.players):  # until the seat places again
            seats = deciding(state)
            if not seats or not _placing(state) or seats[0] == seat:
                break
            other = seats[0]
            state = _follow_ups(play(state, other, _normal(state, other)[0]).state, other)
        seats = deciding(state)
        if not seats or not _placing(state) or seats[0] != seat:
            return worth(state, seat, bold=True)
        action, value = _normal(state, seat)
        if turn + 1 < depth:
            state = play(state, seat, action).state
    return value


def _normal(state: State, seat: int) -> tuple[Action, float]:
    """The normal level's choice on a state that is a determinization already, and its worth."""
    legal = legal_actions(state, seat)
    judged = [worth(play(state, seat, action).state, seat) for action in legal]
    best = argmax(judged)
    return legal[best], judged[best]


def _placing(state: State) -> bool:
    """Whether the decision is a placement (not a follow-up, a window or an offering)."""
    return state.stage == PLACE and not state.prompts and not state.window
