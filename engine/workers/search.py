"""Support for search and tests: ``determinize`` (resample what a seat cannot know), a cheap
policy that prefers progress, and ``playout`` (play a game out with it).

The policy is random but not uniform: it builds, recruits and hires when it can, trains its
specialists, trades towards the goods its next goal needs (Foro, Terme, Castrum, army), pledges
about its share at the offerings, and otherwise picks a kind of action at random. Games played
with it end by the Castrum as well as by the volcano, so tests and benchmarks see every ending.
"""

from __future__ import annotations

from dataclasses import replace

from engine.rng import Rng
from engine.workers.actions import Action, act
from engine.workers.board import BUILDINGS, CASTRUM, COSTS, FORO, RATES, TERME, VALUE, own_count
from engine.workers.catalog import Goods
from engine.workers.offering import offered
from engine.workers.rules import apply_unchecked, deciding, legal_actions
from engine.workers.setup import APOCALYPSE
from engine.workers.state import NONE, OFFERING, OVER, PLACE, REWARD, State

MAX_STEPS = 20_000
DONE, LOCK = act("done"), act("lock")


# --------------------------------------------------------------------------- determinize


def determinize(state: State, seat: int, seed: int) -> State:
    """A state ``seat`` cannot tell from ``state``: the other hands and undrawn cards are
    reshuffled among themselves (sizes kept), the volcano cards it has not seen are redrawn
    from those it cannot rule out, other seats' secret pledges are resampled, and the random
    generator is replaced (future shuffles are unknown too)."""
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
    if state.stage == OFFERING:
        for v in others:
            row = []
            for have in state.goods[v]:
                amount = 0
                if have:
                    roll, rng = rng.below(3)
                    if roll == 0:
                        amount, rng = rng.below(have + 1)
                row.append(amount)
            pledges[v] = tuple(row)
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


def _volcano(
    state: State, seat: int, rng: Rng
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], Rng]:
    searcher = any(p.kind == "stack" and p.seat == seat for p in state.prompts)
    known = state.volcano[: state.known[seat]]
    rest = list(state.volcano[len(known) :])
    hidden_search = [] if searcher else list(state.searching)
    regular = [c for c in (*rest, *hidden_search) if c != APOCALYPSE]
    pool = sorted([*regular, *state.volcano_unused])
    drawn, rng = rng.shuffle(pool)
    take = iter(drawn)
    searching = state.searching if searcher else tuple(next(take) for _ in hidden_search)
    new_rest = [next(take) for c in rest if c != APOCALYPSE]
    if APOCALYPSE in rest:
        if state.options.apocalypse_bottom:
            new_rest.append(APOCALYPSE)
        else:
            at, rng = rng.below(len(new_rest) + 1)
            new_rest.insert(at, APOCALYPSE)
    return (*known, *new_rest), tuple(sorted(take)), searching, rng


# --------------------------------------------------------------------------- policy


def _goal(state: State, seat: int) -> Goods:
    """What the seat still needs to win: the Foro (multiplayer), the Terme and the Castrum if
    nobody has built them, and its own army."""
    need: dict[int, int] = {}
    owners = state.owners
    steps = [FORO, TERME, CASTRUM] if state.players > 1 else [TERME, CASTRUM]
    for number in steps:
        if owners[number] < 0 and state.castrum_halt != seat:
            for good, amount in BUILDINGS[number].cost:
                need[good] = need.get(good, 0) + amount
    if state.army[seat] == NONE:
        for good, amount in COSTS["army"]:
            need[good] = need.get(good, 0) + amount
    return tuple(sorted(need.items()))


_PRIORITY = {
    "army": 90,
    "recover": 30,
    "hire": 40,
    "build": 20,
    "activate": 10,
    "piazza": 6,
    "produce": 12,
    "port": 6,
    "use": 10,
    "collect": 8,
}
EXPLORE = 4
"""One placement in this many is a uniformly random kind of action (tests see them all)."""


def policy_action(state: State, seat: int, rng: Rng) -> tuple[Action, Rng]:
    """A cheap, progress-minded random choice among ``seat``'s legal actions."""
    head = state.prompts[0] if state.stage == PLACE and state.prompts else None
    if head is not None and head.kind == "trade" and not state.window:
        chosen = _trade(state, seat)
        roll, rng = rng.below(4)
        if chosen is not None or roll:
            return chosen or DONE, rng
    legal = legal_actions(state, seat)
    if state.stage == OFFERING:
        return _pledge(state, seat, legal, rng)
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
    by_verb: dict[str, list[Action]] = {}
    for a in legal:
        by_verb.setdefault(a.verb, []).append(a)
    explore, rng = rng.below(EXPLORE)
    if explore == 0:  # any kind of action, uniformly
        verbs = sorted(by_verb)
        i, rng = rng.below(len(verbs))
        j, rng = rng.below(len(by_verb[verbs[i]]))
        return by_verb[verbs[i]][j], rng
    if "build" in by_verb:  # the goal buildings first
        goals = [a for a in by_verb["build"] if a.num(0) in (FORO, TERME, CASTRUM)]
        if goals:
            return goals[0], rng
    if "port" in by_verb and len(by_verb) > 1 and not _wants_trade(state, seat):
        del by_verb["port"]
    if "collect" in by_verb:  # a second worker on a field collects 2; else a needed good
        pairs = [a for a in by_verb["collect"] if own_count(state, seat, a.num(0)) == 1]
        if not pairs:
            need = dict(_goal(state, seat))
            pairs = [
                a for a in by_verb["collect"] if need.get(a.num(0), 0) > state.goods[seat][a.num(0)]
            ]
        if pairs:
            by_verb["collect"] = pairs
    if "produce" in by_verb:  # the largest batches
        top = max(a.num(1) for a in by_verb["produce"])
        by_verb["produce"] = [a for a in by_verb["produce"] if a.num(1) == top]
        if top == 1:
            del by_verb["produce"]
    if not by_verb:
        return legal[0], rng
    verbs = sorted(by_verb)
    weights = [_PRIORITY.get(v, 5) for v in verbs]
    roll, rng = rng.below(sum(weights))
    for verb, weight in zip(verbs, weights, strict=True):
        if roll < weight:
            options = by_verb[verb]
            i, rng = rng.below(len(options))
            return options[i], rng
        roll -= weight
    raise AssertionError("no placement chosen")


def _wants_trade(state: State, seat: int) -> bool:
    return _trade(state, seat) is not None


def _trade(state: State, seat: int) -> Action | None:
    """The trade that best turns surplus into goods still needed (computed from the goods,
    not from the hundreds of legal trades), or ``None``."""
    goods = state.goods[seat]
    need = dict(_goal(state, seat))
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
            count = min(spare // rate, missing)
            score = count * (VALUE[get] * 10 - rate * VALUE[give])
            if count > 0 and score > best_score:
                best, best_score = Action("trade", (give, count * rate, get)), score
    return best


def _pledge(state: State, seat: int, legal: list[Action], rng: Rng) -> tuple[Action, Rng]:
    """Offer about one's own worker count, spare goods first and the cheapest first, a whole
    good at a time, then lock (now and then a seat offers nothing, so offerings fail too)."""
    target = state.workers[seat] + (1 if state.round % 3 == 0 else 0)
    roll, rng = rng.below(10)
    missing = target - offered(state, seat)
    if roll == 0 or missing <= 0:
        return LOCK, rng
    pledge, goods = state.pledges[seat], state.goods[seat]
    need = dict(_goal(state, seat))
    free = [g for g, have in enumerate(goods) if have > pledge[g]]
    if not free:
        return LOCK, rng
    good = min(free, key=lambda g: (goods[g] - pledge[g] <= need.get(g, 0), VALUE[g]))
    extra = min(goods[good] - pledge[good], -(-missing // VALUE[good]))
    return Action("pledge", (good, pledge[good] + extra)), rng


def playout(state: State, seed: int, max_steps: int = MAX_STEPS) -> State:
    """Play on with :func:`policy_action` until the game ends (or ``max_steps``)."""
    rng = Rng(seed)
    for _ in range(max_steps):
        if state.stage == OVER:
            break
        seats = deciding(state)
        i, rng = rng.below(len(seats))
        action, rng = policy_action(state, seats[i], rng)
        state = apply_unchecked(state, seats[i], action).state
    return state
