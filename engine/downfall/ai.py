"""Heuristics for The Downfall of Pompeii: how the AI reads a board.

The evaluation estimates, per seat, how many pieces it will end up saving:

- every piece in the city needs some moves to get out: one when the pieces on its square give
  it more points than its distance to the nearest open gate, more otherwise;
- a seat has a budget of moves (two per turn it still gets: the tiles left in the bag say how
  many turns are left), spent on its cheapest pieces first;
- lava spreads from the tiles on the board and the empty first-lava squares, so a piece close to
  a lava front is likely to be covered (or walled in) before its turn to leave comes.

``V = saved + Σ survival − 0.05 · (volcano + expected losses)`` (the small term is the
tie-break of the rules). The same numbers drive phase 1 (placing near gates, on crowded
squares, far from the first-lava squares; relatives; Omen victims among the leaders) and phase 2
(stacking, escaping, lava that cuts off opponents' routes and spares one's own).

Everything here reads only what every seat can see, and the search applies it to determinized
states (:meth:`DownfallHeuristics.determinize`), so it cannot use hidden information.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from engine.ai.base import outcome_values
from engine.ai.players import SearchConfig
from engine.downfall.actions import (
    MOVE_OF,
    MOVE_OUT_OF,
    PASS,
    CallEruption,
    MovePiece,
    Pass,
    PlaceLava,
    PlaceRelative,
    PlayCard,
    ThrowOmen,
)
from engine.downfall.board import COLOURS
from engine.downfall.queries import (
    compute_outcome,
    distances,
    legal_actions,
    reach,
    relative_squares,
)
from engine.downfall.rules import play
from engine.downfall.search import determinize as engine_determinize
from engine.downfall.state import BUILD, ESCAPE, LAVA, LAVA_SETUP, MOVE, OVER, RELATIVE, State
from engine.downfall.tables import (
    AD79,
    B_NUMBER,
    B_SQUARES,
    CITY_IDX,
    FIRST_LAVA_IDX,
    GATE_IDX,
    INDEX,
    INITIAL_TILES,
    NEIGH,
    NSQ,
    OMEN,
    SQ_BUILDING,
    STRIDE,
)
from engine.rng import Rng

FAR = 99
"""Distance of a square with no lava-free path (to a gate, or from any lava front)."""

TIE_WEIGHT = 0.05
"""Weight of pieces in the volcano: the rules' tie-break, so it only ever breaks ties."""

REACH_BASE = 6.0
REACH_STEP = 10.0
"""Tiles until lava covers a square ``d`` steps from a lava front: about ``BASE + STEP · d``."""

OWN_WAIT = 1.0
"""How much a piece's own moves (before the one that takes it out) delay it."""

OVER_BUDGET = 0.15
"""Survival factor of a piece beyond the seat's move budget (it will likely not get out)."""

LEADER_WEIGHT = 0.5
"""The normal level's objective: own V minus this much of the best opponent's V and the rest
of the opponents' mean."""

RELATIVE_VALUE = 0.45
"""What a relative still to be placed is worth (about what a placed piece survives with)."""

SOFTMAX_T = 1.5
"""How many pieces of lead make a seat e times as likely to win in phase 1 of a two-player
game (the fit's 1.4 hardly differs); the other phases and tables are calibrated below."""

DUEL_T_SETUP = 0.9
DUEL_T_ESCAPE = 0.5
DUEL_T_PER_TILE = 0.015
"""The two-player temperature, calibrated (issue 30, ninth session): over 1,400 games of the
normal level against itself (``python -m bench.downfall_calibration``), the outcome given
``V(own) − V(other)`` fits a logistic curve at 1.4 pieces in phase 1 (``SOFTMAX_T`` kept: the
likelihood hardly differs), 0.9 while the first six tiles are laid, and ``0.5 + 0.015 · tiles in
the bag`` in phase 2 (0.5 with the bag empty, 1.1 when it is full): the evaluation is sharper
than ``SOFTMAX_T`` said once the lava flows."""

CROWD_T: dict[int, tuple[float, float, float, float]] = {
    3: (2.75, 1.72, 0.37, 0.020),
    4: (2.6, 1.45, 0.22, 0.030),
}
"""The temperature at a table of three or four, by table size: ``(phase 1, while the first
six tiles are laid, phase 2 with the bag empty, phase 2 per tile in the bag)``, calibrated
(issue 47): over 600 games of the normal level against itself at that size
(``AI_CAL_PLAYERS=3`` or ``4``, ``AI_CAL_GAMES=300 python -m bench.downfall_calibration``),
who places first given every seat's ``V`` fits a softmax at these (``SOFTMAX_T``'s 1.5 was
far too soft once the lava flows: phase 2's log-likelihood −0.822 against −0.751 fitted at
three seats, −1.072 against −0.981 at four)."""

DUEL = SearchConfig(margin=0.0)
"""The hard level's search at a table of two: its most visited action is played whenever it
leads the normal level's choice at all (issue 30, fifth session: the leads below the default
margin were worth no less than normal's judgement, decision by decision, and the tournament
did no worse; docs/ai.md)."""

CROWD = SearchConfig(margin=0.0, tree=False, greedy_width=4, rollout_steps=10)
"""The hard level's search at a table of three or four: a policy rollout. Every root candidate
is followed by ten decisions of the normal level's play (among the four best actions by the
cheap scores), which takes the others' answers and the seat's own next turn into account, and
the candidates are compared on the same samples; the most visited one is played whenever it
leads the normal level's choice at all (``margin=0``, as :data:`DUEL`). Issue 30, eighth
session: against three normal players at the same CPU time a decision, the tree search was
first in 110/239 = 46.0% of the games, this policy rollout (then with the margin and
``steady=2``) in 141/243 = 58.0% on the seeds it was tuned on (7000 on), but in 14/44 on seeds
drawn at random; issue 47: with the margin at 0 (no ``steady``) 14/24 against 8/24 on seeds
8000–8023, paired, 22/31 on seeds 9000–9030, and 221/400 = 55.2% [50.4%, 60.0%] on seeds
drawn at random once, 190045861–190046260 (docs/ai.md)."""

Maps = tuple[list[int], list[int], list[int], list[int]]
_MAPS: dict[tuple[int, ...], Maps] = {}
_MAPS_LIMIT = 20000


def _gate_bfs(lava: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    gate = [FAR] * NSQ
    toward = [-1] * NSQ
    exit_ = [-1] * NSQ
    frontier = [g for g in GATE_IDX if lava[g] < 0]
    for g in frontier:
        gate[g] = 0
        exit_[g] = g
    d = 0
    while frontier:
        d += 1
        nxt = []
        for i in frontier:
            for j in NEIGH[i]:
                if gate[j] == FAR and lava[j] < 0:
                    gate[j] = d
                    toward[j] = i
                    exit_[j] = exit_[i]
                    nxt.append(j)
        frontier = nxt
    return gate, toward, exit_


def maps(lava: tuple[int, ...]) -> Maps:
    """``(gate, front, toward, exit)`` per square: steps to the nearest open gate square; steps
    from the nearest lava front (a lava tile's neighbour is 1, an empty first-lava square 0); the
    next square on a shortest way to that gate; that gate's square (-1: none)."""
    found = _MAPS.get(lava)
    if found is not None:
        return found
    gate, toward, exit_ = _gate_bfs(lava)
    placed = {lava[i] for i in CITY_IDX if lava[i] >= 0}
    sources = [FIRST_LAVA_IDX[s] for s in range(len(FIRST_LAVA_IDX)) if s not in placed]
    sources = [i for i in sources if lava[i] < 0]
    front = distances(lava, sources, FAR)
    for i in CITY_IDX:
        if lava[i] >= 0:
            for j in NEIGH[i]:
                if lava[j] < 0 and front[j] > 1:
                    front[j] = 1
    # Squares reached from a tile's neighbour: relax once more from those (cheap and close).
    frontier = [j for j in CITY_IDX if front[j] == 1]
    d = 1
    while frontier:
        d += 1
        nxt = []
        for i in frontier:
            for j in NEIGH[i]:
                if lava[j] < 0 and front[j] > d:
                    front[j] = d
                    nxt.append(j)
        frontier = nxt
    if len(_MAPS) >= _MAPS_LIMIT:
        _MAPS.clear()
    result = (gate, front, toward, exit_)
    _MAPS[lava] = result
    return result


def _budgets(state: State) -> tuple[list[float], int]:
    """Moves each seat still gets, and the tiles still to come before phase 2 moves begin."""
    n = state.players
    left = sum(state.bag)
    if state.phase == BUILD:
        turns = max(0, left - INITIAL_TILES)
        return [2.0 * turns / n] * n, INITIAL_TILES
    setup = max(0, INITIAL_TILES - state.tiles_placed) if state.phase == LAVA_SETUP else 0
    if state.phase == LAVA_SETUP and state.tile >= 0:
        setup -= 1  # the tile on hand is one of them, already out of the bag
    turns = max(0, left - max(0, setup))
    moves = [0.0] * n
    start = (state.turn_seat + 1) % n
    base, extra = divmod(turns, n)
    for s in range(n):
        moves[s] = 2.0 * (base + (1 if (s - start) % n < extra else 0))
    if state.phase == ESCAPE and state.seat >= 0:
        if state.pending == MOVE:
            moves[state.seat] += state.moves_left
        elif state.pending == LAVA:
            moves[state.seat] += 2
    return moves, max(0, setup)


def seat_values(state: State) -> list[float]:
    """``V`` per seat: the pieces it is expected to have saved at the end (see the module)."""
    n = state.players
    if state.phase == OVER:
        return [state.saved[s] - TIE_WEIGHT * state.volcano[s] for s in range(n)]
    gate, front, _, _ = maps(state.lava)
    moves, setup = _budgets(state)
    occ = state.occ
    men = state.men
    pieces: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    for i in CITY_IDX:
        o = occ[i]
        if not o:
            continue
        g = gate[i]
        if g >= FAR:
            continue
        reach = REACH_BASE + REACH_STEP * front[i] if front[i] < FAR else 1000.0
        base = i * STRIDE
        for s in range(n):
            k = men[base + s]
            for j in range(k):
                p = o - j
                cost = 1 if p > g else 2 + (g - p) // 2
                pieces[s].append((cost, reach))
    out = []
    for s in range(n):
        own = pieces[s]
        own.sort()
        budget = moves[s]
        used = 0
        alive = 0.0
        for cost, reach in own:
            # Tiles drawn before the piece's last move: it waits for the pieces before it and
            # for its own moves but the last.
            waited = setup + ((used + OWN_WAIT * (cost - 1)) / 2.0) * n
            survive = math.exp(-waited / reach)
            used += cost
            if used > budget:
                survive *= OVER_BUDGET
            alive += survive
        lost = len(own) - alive
        out.append(state.saved[s] + alive - TIE_WEIGHT * (state.volcano[s] + lost))
    if state.pending == RELATIVE:
        # Relatives still to place are pieces on their way into the city.
        buildings = {SQ_BUILDING[i] for i in relative_squares(occ, state.rel_from, state.rel_used)}
        coming = min(state.rel_left, state.supply[state.seat], len(buildings))
        out[state.seat] += RELATIVE_VALUE * coming
    return out


def _temperature(state: State, players: int) -> float:
    """The softmax temperature of the values in ``state`` at a table of ``players`` (pieces of
    lead that make a seat e times as likely to win): one in phase 1, one while the first tiles
    are laid, and in phase 2 one that grows with the tiles in the bag."""
    if players == 2:
        build, setup, escape, per_tile = SOFTMAX_T, DUEL_T_SETUP, DUEL_T_ESCAPE, DUEL_T_PER_TILE
    else:
        build, setup, escape, per_tile = CROWD_T[players]
    if state.phase == BUILD:
        return build
    if state.phase == LAVA_SETUP:
        return setup
    return escape + per_tile * sum(state.bag)


def duel_temperature(state: State) -> float:
    """The two-player temperature (:data:`DUEL_T_SETUP` and the others) of ``state``'s
    phase and bag."""
    return _temperature(state, 2)


def crowd_temperature(state: State) -> float:
    """The temperature of a three- or four-player game's values in ``state`` (:data:`CROWD_T`)."""
    return _temperature(state, state.players)


def canonical(state: State, seat: int) -> State:
    """``state`` with every card ``seat`` cannot see laid out in sorted order, so that
    determinizing it depends only on what ``seat`` knows (not on where the hidden cards are)."""
    if state.phase != BUILD:
        return state
    others = [s for s in range(state.players) if s != seat]
    pool = [c for s in others for c in state.hands[s]]
    pool += state.removed
    pool += [c for c in state.stock if c not in (OMEN, AD79)]
    pool.sort()
    pos = 0
    hands = list(state.hands)
    for s in others:
        size = len(state.hands[s])
        hands[s] = tuple(pool[pos : pos + size])
        pos += size
    removed = tuple(pool[pos : pos + len(state.removed)])
    pos += len(state.removed)
    stock = []
    for c in state.stock:
        if c in (OMEN, AD79):
            stock.append(c)
        else:
            stock.append(pool[pos])
            pos += 1
    return replace(state, hands=tuple(hands), removed=removed, stock=tuple(stock), rng=Rng(0, 0))


def move_candidates(state: State, seat: int) -> list[tuple[float, MovePiece]]:
    """A few good, legal moves for ``seat`` with cheap scores, without generating every move:
    per square of its pieces, out through the nearest gate when the points suffice, else the
    farthest step toward that gate, and for pieces with few points the best stack to join."""
    gate, front, toward, exit_ = maps(state.lava)
    occ = state.occ
    men = state.men
    lava = state.lava
    blocked = -3
    if state.moves_left == 1 and not state.may_repeat:
        blocked = state.moved_to  # R22: that piece may not move again (unless others are there)
    out: list[tuple[float, MovePiece]] = []
    for i in CITY_IDX:
        own = men[i * STRIDE + seat]
        if not own or (i == blocked and own < 2):
            continue
        p = occ[i]
        g = gate[i]
        if g >= FAR:
            continue
        urgency = 0.3 * (4 - min(front[i], 4))
        if p > g:
            out.append((10.0 + urgency, MOVE_OUT_OF[i, exit_[i]]))
            continue
        j = i
        for _ in range(p):
            j = toward[j]
        x = p + 0.5 * occ[j] - 0.3 * (p - 1) + urgency
        if occ[j] + 1 > gate[j]:
            x += 1.5
        out.append((x, MOVE_OF[i, j]))
        if p <= 2:
            best = -1
            best_x = -math.inf
            for k, d in reach(lava, i, p).items():
                if d and k != j and occ[k]:
                    y = g - gate[k] + 0.5 * occ[k] + urgency
                    if occ[k] + 1 > gate[k]:
                        y += 1.5
                    if y > best_x:
                        best, best_x = k, y
            if best >= 0:
                out.append((best_x, MOVE_OF[i, best]))
    return out


class DownfallHeuristics:
    """The :class:`engine.ai.base.Heuristics` of The Downfall of Pompeii."""

    honest = True
    informed = True

    def search_config(self, players: int) -> SearchConfig:
        return DUEL if players == 2 else CROWD

    def horizon(self, state: State) -> int:
        return state.players  # a short rollout: about one decision per seat

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return engine_determinize(canonical(state, seat), seat, seed)

    def pending(self, state: State) -> int | None:
        return None if state.phase == OVER else state.seat

    def legal(self, state: State, seat: int) -> Sequence[object]:
        return legal_actions(state, seat)

    def step(self, state: State, seat: int, action: object) -> State:
        return play(state, seat, action).state  # type: ignore[arg-type]

    def values(self, state: State) -> tuple[float, ...]:
        if state.phase == OVER:
            result = compute_outcome(state.saved, state.volcano, state.end_reason)
            return outcome_values(result, state.players)
        v = seat_values(state)
        top = max(v)
        t = _temperature(state, state.players)
        weights = [math.exp((x - top) / t) for x in v]
        total = sum(weights)
        return tuple(w / total for w in weights)

    def score(self, state: State, seat: int) -> float:
        v = seat_values(state)
        others = [v[s] for s in range(len(v)) if s != seat]
        return (
            v[seat] - LEADER_WEIGHT * max(others) - (1 - LEADER_WEIGHT) * sum(others) / len(others)
        )

    def action_scores(self, state: State, seat: int, legal: Sequence[object]) -> list[float]:
        gate, front, _, _ = maps(state.lava)
        occ = state.occ
        men = state.men
        out = []
        for action in legal:
            if isinstance(action, MovePiece):
                i = INDEX[action.source]
                fi = min(front[i], 4)
                if action.out:
                    out.append(8.0 - 0.3 * fi)
                    continue
                j = INDEX[action.target]
                x = gate[i] - gate[j] + 0.5 * occ[j] - 0.3 * (occ[i] - 1)
                x += 0.2 * (min(front[j], 4) - fi)
                if occ[j] + 1 > gate[j]:
                    x += 1.5
                out.append(x)
            elif isinstance(action, PlaceLava):
                i = INDEX[action.square]
                own = men[i * STRIDE + seat]
                x = occ[i] - own - 1.3 * own
                for j in NEIGH[i]:
                    mine = men[j * STRIDE + seat]
                    x += 0.15 * (occ[j] - mine) - 0.2 * mine
                out.append(x)
            elif isinstance(action, PlayCard | PlaceRelative):
                if action.square is None:
                    out.append(0.0)
                    continue
                i = INDEX[action.square]
                x = -0.8 * gate[i] + 0.8 * min(front[i], 4) + 0.5 * min(occ[i], 4)
                if state.seething and isinstance(action, PlayCard):
                    b = SQ_BUILDING[i]
                    if B_NUMBER[b] == action.card:  # not a joker: relatives for the pieces there
                        k = sum(occ[j] for j in B_SQUARES[b])
                        x += 2.0 * min(k, state.supply[seat] - 1)
                out.append(x)
            elif isinstance(action, ThrowOmen):
                v = COLOURS.index(action.colour)
                i = INDEX[action.square]
                lead = state.saved[v] + state.in_city[v]
                out.append(
                    0.3 * lead - 0.5 * gate[i] + 0.3 * min(front[i], 4) + 0.2 * min(occ[i], 4)
                )
            elif isinstance(action, Pass):
                out.append(-10.0 if state.pending == RELATIVE else -0.5)
            elif isinstance(action, CallEruption):
                out.append(-1.0)
            else:
                out.append(0.0)
        return out

    def candidates(self, state: State, seat: int, width: int) -> Sequence[object]:
        if state.pending == MOVE and seat == state.seat:
            moves = move_candidates(state, seat)
            if not moves:
                return [PASS]
            moves.sort(key=lambda m: -m[0])
            return [m[1] for m in moves[:width]]
        legal = legal_actions(state, seat)
        if len(legal) <= width:
            return legal
        scores = self.action_scores(state, seat, legal)
        best = sorted(range(len(legal)), key=scores.__getitem__, reverse=True)[:width]
        return [legal[i] for i in best]

    def rollout_action(self, state: State, seat: int, rng: Rng) -> tuple[object, Rng]:
        if state.pending == MOVE and seat == state.seat:
            moves = move_candidates(state, seat)
            if not moves:
                return PASS, rng
            moves.sort(key=lambda m: -m[0])
            r, rng = rng.below(8)
            if r < 6 or len(moves) == 1:
                return moves[0][1], rng
            k, rng = rng.below(min(3, len(moves)))
            return moves[k][1], rng
        legal = legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0], rng
        scores = self.action_scores(state, seat, legal)
        order = sorted(range(len(legal)), key=scores.__getitem__, reverse=True)
        r, rng = rng.below(8)
        if r < 5:
            return legal[order[0]], rng
        k, rng = rng.below(min(3, len(order)))
        return legal[order[k]], rng
