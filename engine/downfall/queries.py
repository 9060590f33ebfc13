"""Queries shared by legal-move generation and apply: what is free, where relatives and lava
may go, distances and reach through the city, every legal action, what the game waits for and
the outcome. They take plain sequences, so they work on a frozen State and on the mutable work
copy alike."""

from __future__ import annotations

from collections.abc import Sequence

from engine.base import ranked
from engine.core import (
    Decision,
    Outcome,
)
from engine.downfall.actions import (
    ERUPT,
    LAVA_AT,
    LAVA_SIDE_AT,
    MOVE_OF,
    MOVE_OUT_OF,
    OMEN_AT,
    PASS,
    PLAY_BARE_OF,
    PLAY_OF,
    RELATIVE_AT,
    Action,
    MovePiece,
)
from engine.downfall.state import (
    BUILD,
    LAVA,
    MOVE,
    OMEN_CHOICE,
    OVER,
    PLAY,
    RELATIVE,
    State,
)
from engine.downfall.tables import (
    B_NUMBER,
    B_SQUARES,
    BUILDING_SQUARES,
    BY_NUMBER,
    CITY_IDX,
    FIRST_LAVA_IDX,
    IS_GATE,
    NAMES,
    NEIGH,
    NSQ,
    RELATIVE_TARGETS,
    SQ_BUILDING,
    SQ_SPACES,
    STRIDE,
    TILE_SIDES,
)
from engine.text import Text

# --------------------------------------------------------------------------------------------
# Queries shared by legal-move generation and apply (they take plain sequences, so they work on
# a frozen State and on the mutable work copy alike)


def number_full(occ: Sequence[int], number: int) -> bool:
    """All buildings of ``number`` are full: its cards are jokers now."""
    for b in BY_NUMBER[number]:
        for i in B_SQUARES[b]:
            if occ[i] < SQ_SPACES[i]:
                return False
    return True


def can_erupt(state: State, seat: int) -> bool:
    """R3/R12: in phase 1, a seat whose current hand is all jokers may call the eruption."""
    if state.phase != BUILD or not 0 <= seat < state.players:
        return False
    hand = state.hands[seat]
    if not hand:
        return False
    occ = state.occ
    return all(number_full(occ, n) for n in set(hand))


def free_squares(occ: Sequence[int]) -> list[int]:
    return [i for i in BUILDING_SQUARES if occ[i] < SQ_SPACES[i]]


def relative_squares(occ: Sequence[int], rel_from: int, rel_used: int) -> list[int]:
    """Free squares of the buildings a relative may still go to (one per building per move)."""
    out = []
    for b in RELATIVE_TARGETS[rel_from]:
        if rel_used >> b & 1:
            continue
        for i in B_SQUARES[b]:
            if occ[i] < SQ_SPACES[i]:
                out.append(i)
    return out


_FIRST_LAVA_SET = frozenset(FIRST_LAVA_IDX)


def lava_squares(lava: Sequence[int], symbol: int) -> list[int]:
    """Where a tile of ``symbol`` may go: its first-lava square while it has none there, else a
    lava-free city square next to a tile of that symbol (R4: never another symbol's first-lava
    square)."""
    first = FIRST_LAVA_IDX[symbol]
    if lava[first] != symbol:
        return [first] if lava[first] < 0 else []
    seen = set()
    fl = _FIRST_LAVA_SET
    for i in CITY_IDX:
        if lava[i] == symbol:
            for j in NEIGH[i]:
                if lava[j] < 0 and j not in fl:
                    seen.add(j)
    return sorted(seen)


def distances(lava: Sequence[int], sources: Sequence[int], unreached: int = -1) -> list[int]:
    """Steps from the nearest of ``sources`` to every square over lava-free city squares
    (``unreached`` where no path leads); the enclosure rule and the AI's maps both use it."""
    dist = [unreached] * NSQ
    for i in sources:
        dist[i] = 0
    frontier = list(sources)
    d = 0
    while frontier:
        d += 1
        nxt = []
        for i in frontier:
            for j in NEIGH[i]:
                if dist[j] == unreached and lava[j] < 0:
                    dist[j] = d
                    nxt.append(j)
        frontier = nxt
    return dist


def bfs(lava: Sequence[int], start: int, limit: int) -> tuple[list[int], list[int]]:
    """Distances (-1 = out of reach) and parents over lava-free squares, up to ``limit`` steps."""
    dist = [-1] * NSQ
    parent = [-1] * NSQ
    dist[start] = 0
    frontier = [start]
    d = 0
    while frontier and d < limit:
        d += 1
        nxt = []
        for i in frontier:
            for j in NEIGH[i]:
                if dist[j] < 0 and lava[j] < 0:
                    dist[j] = d
                    parent[j] = i
                    nxt.append(j)
        frontier = nxt
    return dist, parent


def path_to(parent: Sequence[int], start: int, end: int) -> list[str]:
    path = [end]
    while path[-1] != start:
        path.append(parent[path[-1]])
    return [NAMES[i] for i in reversed(path)]


def reach(lava: Sequence[int], start: int, limit: int) -> dict[int, int]:
    """Square -> steps for every lava-free square within ``limit`` steps, in BFS order."""
    seen = {start: 0}
    frontier = [start]
    d = 0
    while frontier and d < limit:
        d += 1
        nxt = []
        for i in frontier:
            for j in NEIGH[i]:
                if j not in seen and lava[j] < 0:
                    seen[j] = d
                    nxt.append(j)
        frontier = nxt
    return seen


def moves_from(state: State, seat: int, source: int) -> list[MovePiece]:
    """Every move of one of ``seat``'s pieces from ``source`` (R7: shortest paths never revisit
    a square, so the reachable squares are those within the move points)."""
    own = state.men[source * STRIDE + seat]
    if own == 0:
        return []
    # R13/R22: after the first move, the piece that made it may move again only if it stood alone
    # (no other piece of any colour) or was the seat's last piece in the city at that time; the
    # seat's other pieces on its square may still move.
    if state.moves_left == 1 and source == state.moved_to and not state.may_repeat and own < 2:
        return []
    points = state.occ[source]
    out: list[MovePiece] = []
    last = points - 1
    for j, d in reach(state.lava, source, points).items():
        if d:
            out.append(MOVE_OF[source, j])
        if d <= last and IS_GATE[j]:
            out.append(MOVE_OUT_OF[source, j])
    return out


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now: the single source of truth for apply, menus and AI."""
    if state.phase == OVER:
        return []
    out: list[Action] = []
    if seat == state.seat:
        kind = state.pending
        if kind == PLAY:
            out = legal_plays(state, seat)
        elif kind == RELATIVE:
            out = [
                RELATIVE_AT[i] for i in relative_squares(state.occ, state.rel_from, state.rel_used)
            ]
            out.append(PASS)
        elif kind == OMEN_CHOICE:
            out = legal_omens(state, seat)
        elif kind == LAVA:
            out = legal_lava(state)
        elif kind == MOVE:
            for i in CITY_IDX:
                if state.men[i * STRIDE + seat]:
                    out.extend(moves_from(state, seat, i))
            out.append(PASS)  # R8: moving is optional
    if state.phase == BUILD and can_erupt(state, seat):
        out.append(ERUPT)
    return out


def legal_plays(state: State, seat: int) -> list[Action]:
    hand = sorted(set(state.hands[seat]))
    free = free_squares(state.occ)
    if state.supply[seat] == 0 or not free:
        # R1/R11: the bare `play <n>` only when no piece can be placed at all.
        return [PLAY_BARE_OF[n] for n in hand]
    out: list[Action] = []
    for n in hand:
        own = [i for i in free if B_NUMBER[SQ_BUILDING[i]] == n]
        # Joker: the number's buildings are all full, so any free space of any building.
        out.extend(PLAY_OF[n, i] for i in (own or free))
    return out


def legal_omens(state: State, seat: int) -> list[Action]:
    men = state.men
    out: list[Action] = []
    for victim in range(state.players):
        if victim == seat:
            continue
        for i in BUILDING_SQUARES:
            if men[i * STRIDE + victim]:
                out.append(OMEN_AT[victim][i])
    return out


def legal_lava(state: State) -> list[Action]:
    sides = TILE_SIDES[state.tile]
    if len(sides) == 1:
        return [LAVA_AT[i] for i in lava_squares(state.lava, sides[0])]
    return [LAVA_SIDE_AT[s][i] for s in sides for i in lava_squares(state.lava, s)]


def to_act(state: State) -> frozenset[int]:
    """The pending seat plus, in phase 1, every seat that may call the eruption (R3)."""
    if state.phase == OVER:
        return frozenset()
    if state.phase != BUILD or not state.seething:
        return frozenset((state.seat,))
    seats = {state.seat}
    for seat in range(state.players):
        if seat != state.seat and can_erupt(state, seat):
            seats.add(seat)
    return frozenset(seats)


def pending(state: State) -> tuple[Decision[Action], ...]:
    """The seat on turn decides (a fresh decision, with its own deadline, after every action);
    relatives and moves may be stopped with ``pass`` (what the ``skip`` timeout policy plays).
    In phase 1 any other seat whose hand is all jokers may call the eruption out of turn (R3):
    an option the game does not wait for."""
    if state.phase == OVER:
        return ()
    seat = state.seat
    skips: dict[int, Action] = {seat: PASS} if state.pending in (RELATIVE, MOVE) else {}
    out: list[Decision[Action]] = [
        Decision("turn", frozenset((seat,)), key=f"turn:{state.version}", skips=skips)
    ]
    if state.phase == BUILD and state.seething:
        callers = frozenset(s for s in range(state.players) if s != seat and can_erupt(state, s))
        if callers:
            out.append(Decision("option", callers, key="erupt"))
    return tuple(out)


def outcome(state: State) -> Outcome | None:
    """Most saved pieces wins; tie: fewer in the volcano; R9: still tied, a shared win."""
    if state.phase != OVER:
        return None
    return compute_outcome(state.saved, state.volcano, state.end_reason)


def compute_outcome(saved: Sequence[int], volcano: Sequence[int], reason: str) -> Outcome:
    figures = [{"saved": saved[s], "volcano": volcano[s]} for s in range(len(saved))]
    # The reason is one of eruption.end_game's messages (in the game's catalog): a Text, so
    # the bot says it in the reader's language (i18n.say leaves a plain str as it is).
    return ranked(figures, ("saved", "-volcano"), reason=Text(reason) if reason else "")
