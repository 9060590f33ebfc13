"""Support for search and tests: ``determinize`` (resample what a seat cannot know), a cheap
policy that prefers progress, and ``playout`` (play a game out with it).

The policy is random but not uniform: it builds, recruits and hires when it can, trains its
specialists, trades towards the goods its next goal needs (Foro, Terme, Castrum, army), pledges
about its share at the offerings, and otherwise picks a kind of action at random. Games played
with it end by the Castrum as well as by the volcano, so tests and benchmarks see every ending.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import cast

from engine.rng import Rng
from engine.workers.actions import Action, act
from engine.workers.board import (
    BUILDINGS,
    CARDS,
    CASTRUM,
    CAUPONA,
    FORO,
    PRODUCERS,
    RATES,
    TERME,
    VALUE,
    army_cost,
    conversion,
    cost_of,
    occupancy,
    recovery_cost,
)
from engine.workers.catalog import Goods
from engine.workers.offering import offered
from engine.workers.rules import deciding, legal_actions, play
from engine.workers.setup import APOCALYPSE
from engine.workers.state import INJURED, NONE, OFFERING, OVER, PLACE, REWARD, State, affordable

MAX_STEPS = 20_000
DONE, LOCK = act("done"), act("lock")
SHIRK = 25
"""At an offering, one seat in this many offers nothing (so offerings fail now and then)."""


# --------------------------------------------------------------------------- determinize


def determinize(state: State, seat: int, seed: int) -> State:
    """A state ``seat`` cannot tell from ``state``: the other hands and undrawn cards are
    reshuffled among themselves (sizes kept), the volcano cards it has not seen are redrawn
    from those it cannot rule out, and the random generator is replaced (future shuffles are
    unknown too). Pledges are open (W4) and kept as they are; under the ``secret_pledges``
    variant the other seats' are resampled (each up to its share, its workers' worth, never
    beyond, from goods it holds: the fair offer a seat expects of the others, so that it does
    not count on anyone giving more)."""
    rng = Rng(seed)
    n = state.players
    others = [v for v in range(n) if v != seat]
    hand_s, hand_c, drawn = list(state.hand_s), list(state.hand_c), list(state.drawn)
    pool_s = [
        *state.spec_deck,
        *(c for v in others for c in (*hand_s[v], *drawn[v]) if c[0] == "S"),
    ]
    pool_c = [
        *state.city_deck,
        *(c for v in others for c in (*hand_c[v], *drawn[v]) if c[0] == "C"),
    ]
    specs, rng = rng.shuffle(sorted(pool_s))
    cities, rng = rng.shuffle(sorted(pool_c))
    it_s, it_c = iter(specs), iter(cities)
    for v in others:
        hand_s[v] = tuple(next(it_s) for _ in hand_s[v])
        hand_c[v] = tuple(next(it_c) for _ in hand_c[v])
        drawn[v] = tuple(next(it_s) if c[0] == "S" else next(it_c) for c in drawn[v])
    spec_deck, city_deck = tuple(it_s), tuple(it_c)
    volcano, unused, searching, rng = _volcano(state, seat, rng)
    pledges = list(state.pledges)
    if state.stage == OFFERING and state.options.secret_pledges:
        for v in others:  # up to its share (its workers' worth), as its goods allow
            pledges[v] = fair_share(state, v, (0,) * len(state.goods[v]))
    fresh, rng = rng.next64()
    return replace(
        state,
        hand_s=tuple(hand_s),
        hand_c=tuple(hand_c),
        drawn=tuple(drawn),
        spec_deck=spec_deck,
        city_deck=city_deck,
        volcano=volcano,
        volcano_unused=unused,
        searching=searching,
        pledges=tuple(pledges),
        rng=Rng(fresh),
    )


def fair_share(state: State, seat: int, start: tuple[int, ...]) -> tuple[int, ...]:
    """``start`` (a pledge of ``seat``) topped up to its share, its workers' worth (nothing for
    an exempt seat), never beyond, with goods it holds and has not pledged, the cheapest
    first; a pledge already worth its share is kept as it is."""
    target = 0 if state.exempt[seat] else state.workers[seat]
    bonus = 1 if state.boosted[seat] else 0
    row = list(start)
    given = sum(n * (VALUE[g] + bonus) for g, n in enumerate(row) if n)
    for g in sorted(range(len(row)), key=lambda g: VALUE[g]):  # cheapest first
        while given + VALUE[g] + bonus <= target and row[g] < state.goods[seat][g]:
            row[g] += 1
            given += VALUE[g] + bonus
    return tuple(row)


def _volcano(
    state: State, seat: int, rng: Rng
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], Rng]:
    searcher = any(p.kind == "stack" and p.seat == seat for p in state.prompts)
    known = state.volcano[: state.known[seat]]
    rest = list(state.volcano[len(known) :])
    hidden_search = [] if searcher else list(state.searching)
    hidden = [*hidden_search, *rest]  # the searched cards lie above the rest of the deck
    regular = [c for c in hidden if c != APOCALYPSE]
    pool = sorted([*regular, *state.volcano_unused])
    drawn, rng = rng.shuffle(pool)
    take = iter(drawn)
    cards = [next(take) for _ in regular]
    if APOCALYPSE in hidden:  # anywhere it could be (at the bottom with that option)
        if not state.options.apocalypse_bottom:
            at, rng = rng.below(len(hidden))
        elif APOCALYPSE in rest:
            at = len(hidden) - 1
        else:
            at, rng = rng.below(len(hidden_search))
        cards.insert(at, APOCALYPSE)
    searching = state.searching if searcher else tuple(cards[: len(hidden_search)])
    new_rest = cards[len(hidden_search) :]
    return (*known, *new_rest), tuple(sorted(take)), searching, rng


# --------------------------------------------------------------------------- policy


def goal(state: State, seat: int) -> Goods:
    """What the seat works towards next: the first of the Foro (multiplayer), the Terme and the
    Castrum that nobody has built, and, once the Foro stands, its own army. A Castrum the seat
    built and another halted (C31) is finished at the Foro (W16: ``recover C31``), and an
    injured army (C28) healed there: the goods for that are the goal then, or the seat, unable
    to build the Castrum again, had no goal left and hoarded while the other caught up."""
    return _goal_of(state.owners, state.castrum_halt == seat, state.army[seat], state.players == 1)


@lru_cache(maxsize=256)
def _goal_of(owners: tuple[int, ...], halted: bool, army: int, solo: bool) -> Goods:
    need: dict[int, int] = {}
    for number in [TERME, CASTRUM] if solo else [FORO, TERME, CASTRUM]:
        if owners[number] < 0:
            wanted = recovery_cost("C31") if halted and number == CASTRUM else None
            for good, amount in wanted or cost_of(number, solo=solo):
                need[good] = need.get(good, 0) + amount
            break
    if army == NONE and (owners[FORO] >= 0 or solo):
        for good, amount in army_cost(solo):
            need[good] = need.get(good, 0) + amount
    elif army == INJURED:
        for good, amount in recovery_cost("C28"):
            need[good] = need.get(good, 0) + amount
    return tuple(sorted(need.items()))


STEP = 0.5
"""What one production step adds to a good's cost, per unit, on a route (an action converts
any number of units, so a step is cheap beside the goods it needs)."""


@lru_cache(maxsize=256)
def _makers(owners: tuple[int, ...]) -> dict[int, Goods]:
    """The recipe of each good a built building makes: ``{output: inputs}`` (the first)."""
    makers: dict[int, Goods] = {}
    for number in PRODUCERS:
        recipe = BUILDINGS[number].recipe
        if owners[number] >= 0 and recipe is not None:
            makers.setdefault(recipe.output, recipe.inputs)
    return makers


def plan(state: State, seat: int) -> tuple[dict[int, int], float]:
    """The goal's goods expanded along the production chains that stand, and what the goods
    still missing cost in value points: ``(need, missing)``. A missing good a built building
    makes costs the cheaper of its value (the Porta's route) and its inputs' cost plus a step;
    on that route its inputs are needed too (collecting wood serves the planks a sawmill
    makes). The seat's holdings are counted once, down the chain."""
    need = dict(goal(state, seat))
    if not need:
        return need, 0.0
    makers = _makers(state.owners)
    held = list(state.goods[seat])
    missing = 0.0
    for good, amount in need.copy().items():
        missing += _route(good, amount, held, makers, need, 0)
    return need, missing


def _route(
    good: int,
    amount: int,
    held: list[int],
    makers: dict[int, Goods],
    need: dict[int, int],
    depth: int,
) -> float:
    """The cost of ``amount`` more ``good`` beyond what ``held`` still has (spent from
    ``held``), adding the inputs of a production route taken to ``need``."""
    have = min(held[good], amount)
    held[good] -= have
    short = amount - have
    if not short:
        return 0.0
    trade = float(short * VALUE[good])
    inputs = makers.get(good)
    if inputs is None or depth > 4:
        return trade
    trial, extra = list(held), dict[int, int]()
    via = STEP * short
    for source, per in inputs:
        via += _route(source, short * per, trial, makers, extra, depth + 1)
        extra[source] = extra.get(source, 0) + short * per
    if via >= trade:
        return trade
    held[:] = trial
    for source, count in extra.items():
        need[source] = need.get(source, 0) + count
    return via


EXPLORE = 5
"""One placement in this many is a uniformly random kind of action (tests see them all)."""


def policy_action(state: State, seat: int, rng: Rng, shirk: int = SHIRK) -> tuple[Action, Rng]:
    """A cheap, progress-minded random choice among ``seat``'s legal actions (at an offering,
    one seat in ``shirk`` offers nothing)."""
    head = state.prompts[0] if state.stage == PLACE and state.prompts else None
    if head is not None and head.kind == "trade" and not state.window:
        chosen = trade_for(state, seat)
        roll, rng = rng.below(4)
        if chosen is not None or roll:
            return chosen or DONE, rng
    if state.stage == OFFERING:
        return _pledge(state, seat, rng, shirk)
    legal = legal_actions(state, seat)
    if state.stage == REWARD:
        draws = [a for a in legal if a.verb == "draw"]
        if draws:
            i, rng = rng.below(len(draws))
            return draws[i], rng
    if state.stage == PLACE and head is None and not state.window:
        return _placement(state, seat, legal, rng)
    verbs = {a.verb for a in legal}
    if "train" in verbs:
        legal = [a for a in legal if a.verb == "train"]
    elif "swap" in verbs:
        roll, rng = rng.below(3)
        legal = [a for a in legal if a.verb == "done"] if roll else legal
    i, rng = rng.below(len(legal))
    return legal[i], rng


def _placement(state: State, seat: int, legal: list[Action], rng: Rng) -> tuple[Action, Rng]:
    """Mostly the placement that adds the most value now (or builds towards the goal), ties
    broken at random; now and then any kind of action."""
    explore, rng = rng.below(EXPLORE)
    if explore == 0:
        verbs = sorted({a.verb for a in legal})
        i, rng = rng.below(len(verbs))
        options = [a for a in legal if a.verb == verbs[i]]
        j, rng = rng.below(len(options))
        return options[j], rng
    goods = state.goods[seat]
    need = plan(state, seat)[0]
    own = occupancy(state.board)[1]
    best: list[Action] = []
    top = -(10**9)
    last = len(legal) - 1
    for i, a in enumerate(legal):
        verb, args = a
        if verb == "collect":  # the common case, inline
            field = cast(int, args[0])
            score = (2 if own.get(field * 8 + seat, 0) == 1 else 1) + (len(args) > 1)
            if need.get(field, 0) > goods[field]:
                score += 1
        elif verb == "produce":
            if i < last:
                nxt = legal[i + 1]
                if nxt[0] == "produce" and nxt[1][0] == args[0] and nxt[1][2:] == args[2:]:
                    continue  # a larger batch of the same recipe follows: only it is scored
            score = score_placement(state, seat, a, goods, need, own)
        else:
            score = score_placement(state, seat, a, goods, need, own)
        if score > top:
            best, top = [a], score
        elif score == top:
            best.append(a)
    if len(best) == 1:
        return best[0], rng
    i, rng = rng.below(len(best))
    return best[i], rng


def score_placement(
    state: State,
    seat: int,
    a: Action,
    goods: tuple[int, ...],
    need: dict[int, int],
    own: Mapping[int, int],
) -> int:
    """A rough worth of a placement, in value points (goal steps count a lot)."""
    verb = a.verb
    if verb == "army":
        return 1000
    if verb == "build":
        number = a.num(0)
        if number in (FORO, TERME, CASTRUM):
            return 500
        return 9 if number == CAUPONA else 3 if not state.prosperity else 1
    if verb == "recover":
        return 50
    if verb == "hire":
        return 12
    if verb == "collect":
        field = a.num(0)
        amount = 2 if own.get(field * 8 + seat, 0) == 1 else 1
        value = amount + (1 if len(a.args) > 1 else 0)
        return value + (1 if need.get(field, 0) > goods[field] else 0)
    if verb == "produce":
        number, times, cid = a.num(0), a.num(1), a.text(2)
        paid, output, made = conversion(number, CARDS[cid].effect if cid else None, times)
        gain = made * VALUE[output] - sum(n * VALUE[g] for g, n in paid)
        return gain + (2 if need.get(output, 0) > goods[output] else 0)
    if verb == "port":
        return 4 if trade_for(state, seat, need) is not None else -5
    if verb == "piazza":  # an engine: every trainable card adds about one good per use
        cards = [c for c in state.hand_s[seat] if affordable(goods, CARDS[c].cost)]
        return 2 + 2 * len(cards) if cards else -5
    if verb in ("activate", "use"):
        return 3
    return 0


def trade_for(state: State, seat: int, need: dict[int, int] | None = None) -> Action | None:
    """The trade that best turns surplus into goods still needed (computed from the goods,
    not from the hundreds of legal trades), or ``None``."""
    goods = state.goods[seat]
    if need is None:
        need = plan(state, seat)[0]
    short = {g: n - goods[g] for g, n in need.items() if goods[g] < n}
    if not short:
        return None
    rates = RATES[state.options.trade_steps]
    best: Action | None = None
    best_score = 0
    for give, have in enumerate(goods):
        spare = have - need.get(give, 0)
        if spare <= 0:
            continue
        for get, missing in short.items():
            rate = rates[give][get]
            if not rate:  # W44: pearls are not for sale
                continue
            count = min(spare // rate, missing)
            score = count * (VALUE[get] * 10 - rate * VALUE[give])
            if count > 0 and score > best_score:
                best, best_score = Action("trade", (give, count * rate, get)), score
    return best


def _pledge(state: State, seat: int, rng: Rng, shirk: int) -> tuple[Action, Rng]:
    """Offer about one's own worker count, spare goods first and the cheapest first, a whole
    good at a time, then lock (now and then a seat offers nothing, so offerings fail too)."""
    target = state.workers[seat] + (1 if state.round % 3 == 0 else 0)
    roll, rng = rng.below(shirk)
    missing = target - offered(state, seat)
    if roll == 0 or missing <= 0:
        return LOCK, rng
    pledge, goods = state.pledges[seat], state.goods[seat]
    need = plan(state, seat)[0]
    free = [g for g, have in enumerate(goods) if have > pledge[g]]
    if not free:
        return LOCK, rng
    good = min(free, key=lambda g: (goods[g] - pledge[g] <= need.get(g, 0), VALUE[g]))
    extra = min(goods[good] - pledge[good], -(-missing // VALUE[good]))
    return Action("pledge", (good, pledge[good] + extra)), rng


def trajectory(state: State, seed: int, max_steps: int = MAX_STEPS) -> Iterator[State]:
    """Every state of a game played on with :func:`policy_action` (a random seat among those
    deciding), ``state`` first, until it ends (or ``max_steps``)."""
    rng = Rng(seed)
    yield state
    for _ in range(max_steps):
        if state.stage == OVER:
            return
        seats = deciding(state)
        seat = seats[0]
        if len(seats) > 1:
            i, rng = rng.below(len(seats))
            seat = seats[i]
        action, rng = policy_action(state, seat, rng)
        state = play(state, seat, action).state
        yield state


def playout(state: State, seed: int, max_steps: int = MAX_STEPS) -> State:
    """Play on with :func:`policy_action` until the game ends (or ``max_steps``)."""
    final = state
    for final in trajectory(state, seed, max_steps):  # noqa: B007 - the last one is wanted
        pass
    return final
