"""The rules of The Downfall of Pompeii: setup, legal actions and their effects.

Rulings R1–R13 come from docs/rules/downfall.md; R14 and later are this project's own and are
written down there too. ``apply`` works on a mutable copy (:class:`_Work`) and freezes it again,
so a step costs a few tuple copies and never a deepcopy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import (
    JSON,
    Decision,
    Event,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    Outcome,
    RuleError,
    redact,
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
    CallEruption,
    MovePiece,
    Pass,
    PlaceLava,
    PlaceRelative,
    PlayCard,
    ThrowOmen,
    format_action,
)
from engine.downfall.board import (
    CARD_COUNTS,
    COLOURS,
    DUAL_VENT_TILES,
    LAVA_COUNTS,
    PIECES_PER_PLAYER,
    SYMBOLS,
)
from engine.downfall.state import (
    BUILD,
    ESCAPE,
    LAVA,
    LAVA_SETUP,
    MOVE,
    NONE,
    OMEN_CHOICE,
    OVER,
    PLAY,
    RELATIVE,
    State,
)
from engine.downfall.tables import (
    AD79,
    B_LABEL,
    B_NUMBER,
    B_SQUARES,
    BUILDING_SQUARES,
    BY_NUMBER,
    CITY_IDX,
    FIRST_LAVA_IDX,
    GATE_IDX,
    GATE_NAME,
    INDEX,
    IS_GATE,
    NAMES,
    NEIGH,
    NSQ,
    NUMBERS,
    OMEN,
    RELATIVE_TARGETS,
    SQ_BUILDING,
    SQ_SPACES,
    STRIDE,
    TILE_NAMES,
    TILE_SIDES,
)
from engine.rng import Rng

INITIAL_TILES = 6
BOTTOM = 15
"""The first A.D. 79 is shuffled into the bottom 15 cards of the stock."""


# --------------------------------------------------------------------------------------------
# Setup


def new_game(seed: int, players: int, options: Mapping[str, JSON] | None = None) -> State:
    """Deal a new game (setup steps 1–5 of the spec) for 2–4 players."""
    if not isinstance(players, int) or not 2 <= players <= 4:
        raise RuleError("The Downfall of Pompeii is played by 2, 3 or 4 players.")
    options = dict(options or {})
    unknown = set(options) - {"dual_vent"}
    if unknown:
        raise RuleError(f"Unknown option(s): {', '.join(sorted(unknown))}. Known: dual_vent.")
    dual_vent = options.get("dual_vent", False)
    if not isinstance(dual_vent, bool):
        raise RuleError("The option dual_vent is either true or false.")

    rng = Rng(seed)
    dealer, rng = rng.below(players)
    cards = [n for n in NUMBERS for _ in range(CARD_COUNTS[n])]
    deck, rng = rng.shuffle(cards)
    piles = [deck[4 * i : 4 * i + 4] for i in range(7)]
    lower, rng = rng.shuffle(list(deck[28:]) + [OMEN] * 7)
    stock = piles[0] + piles[1] + (AD79,) + lower
    hands = tuple(tuple(sorted(piles[2 + seat])) for seat in range(players))
    removed = tuple(c for pile in piles[2 + players :] for c in pile)
    bag = tuple(LAVA_COUNTS[s] for s in SYMBOLS) + tuple(
        1 if dual_vent else 0 for _ in DUAL_VENT_TILES
    )
    zeros = (0,) * players
    first = (dealer + 1) % players
    return State(
        players=players,
        dual_vent=dual_vent,
        rng=rng,
        version=0,
        dealer=dealer,
        first=first,
        phase=BUILD,
        pending=PLAY,
        seat=first,
        hands=hands,
        stock=stock,
        removed=removed,
        discard=(),
        seething=False,
        men=(0,) * (NSQ * STRIDE),
        occ=(0,) * NSQ,
        supply=(PIECES_PER_PLAYER[players],) * players,
        in_city=zeros,
        saved=zeros,
        volcano=zeros,
        box=zeros,
        lava=(-1,) * NSQ,
        bag=bag,
        tile=-1,
        tiles_placed=0,
        tiles_out=(),
        rel_left=0,
        rel_from=-1,
        rel_used=0,
        moves_left=0,
        moved_to=-2,
        may_repeat=False,
        erupted_by=-1,
        bag_emptied=False,
        end_reason="",
        turn_seat=first,
        turn_acted=False,
        turn_log=(),
        last_seat=-1,
        last_log=(),
    )


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
    keys = [(-saved[s], volcano[s]) for s in range(len(saved))]
    places = tuple(1 + sum(1 for k in keys if k < keys[s]) for s in range(len(saved)))
    return Outcome(
        places=places,
        winners=frozenset(s for s in range(len(saved)) if places[s] == 1),
        scores=tuple({"saved": saved[s], "volcano": volcano[s]} for s in range(len(saved))),
        reason=reason,
    )


# --------------------------------------------------------------------------------------------
# Apply


class _Work:
    """A mutable copy of a state for the duration of one ``apply``."""

    __slots__ = (*State.__slots__, "events")

    players: int
    dual_vent: bool
    rng: Rng
    version: int
    dealer: int
    first: int
    phase: str
    pending: str
    seat: int
    hands: list[list[int]]
    stock: list[int]
    removed: tuple[int, ...]
    discard: list[int]
    seething: bool
    men: list[int]
    occ: list[int]
    supply: list[int]
    in_city: list[int]
    saved: list[int]
    volcano: list[int]
    box: list[int]
    lava: list[int]
    bag: list[int]
    tile: int
    tiles_placed: int
    tiles_out: list[int]
    rel_left: int
    rel_from: int
    rel_used: int
    moves_left: int
    moved_to: int
    may_repeat: bool
    erupted_by: int
    bag_emptied: bool
    end_reason: str
    turn_seat: int
    turn_acted: bool
    turn_log: list[Event]
    last_seat: int
    last_log: tuple[Event, ...]
    events: list[Event]

    def __init__(self, s: State) -> None:
        self.players = s.players
        self.dual_vent = s.dual_vent
        self.rng = s.rng
        self.version = s.version + 1
        self.dealer = s.dealer
        self.first = s.first
        self.phase = s.phase
        self.pending = s.pending
        self.seat = s.seat
        self.hands = [list(h) for h in s.hands]
        self.stock = list(s.stock)
        self.removed = s.removed
        self.discard = list(s.discard)
        self.seething = s.seething
        self.men = list(s.men)
        self.occ = list(s.occ)
        self.supply = list(s.supply)
        self.in_city = list(s.in_city)
        self.saved = list(s.saved)
        self.volcano = list(s.volcano)
        self.box = list(s.box)
        self.lava = list(s.lava)
        self.bag = list(s.bag)
        self.tile = s.tile
        self.tiles_placed = s.tiles_placed
        self.tiles_out = list(s.tiles_out)
        self.rel_left = s.rel_left
        self.rel_from = s.rel_from
        self.rel_used = s.rel_used
        self.moves_left = s.moves_left
        self.moved_to = s.moved_to
        self.may_repeat = s.may_repeat
        self.erupted_by = s.erupted_by
        self.bag_emptied = s.bag_emptied
        self.end_reason = s.end_reason
        self.turn_seat = s.turn_seat
        self.turn_acted = s.turn_acted
        self.turn_log = list(s.turn_log)
        self.last_seat = s.last_seat
        self.last_log = s.last_log
        self.events = []

    def freeze(self) -> State:
        return State(
            players=self.players,
            dual_vent=self.dual_vent,
            rng=self.rng,
            version=self.version,
            dealer=self.dealer,
            first=self.first,
            phase=self.phase,
            pending=self.pending,
            seat=self.seat,
            hands=tuple(tuple(h) for h in self.hands),
            stock=tuple(self.stock),
            removed=self.removed,
            discard=tuple(self.discard),
            seething=self.seething,
            men=tuple(self.men),
            occ=tuple(self.occ),
            supply=tuple(self.supply),
            in_city=tuple(self.in_city),
            saved=tuple(self.saved),
            volcano=tuple(self.volcano),
            box=tuple(self.box),
            lava=tuple(self.lava),
            bag=tuple(self.bag),
            tile=self.tile,
            tiles_placed=self.tiles_placed,
            tiles_out=tuple(self.tiles_out),
            rel_left=self.rel_left,
            rel_from=self.rel_from,
            rel_used=self.rel_used,
            moves_left=self.moves_left,
            moved_to=self.moved_to,
            may_repeat=self.may_repeat,
            erupted_by=self.erupted_by,
            bag_emptied=self.bag_emptied,
            end_reason=self.end_reason,
            turn_seat=self.turn_seat,
            turn_acted=self.turn_acted,
            turn_log=tuple(self.turn_log),
            last_seat=self.last_seat,
            last_log=self.last_log,
        )

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.turn_log.append(redact(event, None))

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def begin_turn(self, seat: int) -> None:
        """Close the turn log: the finished turn becomes ``last_log``."""
        if self.turn_log or self.turn_acted:
            self.last_log = tuple(self.turn_log)
            self.last_seat = self.turn_seat
        self.turn_log = []
        self.turn_seat = seat
        self.turn_acted = False

    def put(self, square: int, seat: int, count: int = 1) -> None:
        self.men[square * STRIDE + seat] += count
        self.occ[square] += count
        self.in_city[seat] += count

    def take(self, square: int, seat: int, count: int = 1) -> None:
        self.men[square * STRIDE + seat] -= count
        self.occ[square] -= count
        self.in_city[seat] -= count

    def clear_square(self, square: int) -> list[int]:
        """Every piece on ``square`` goes to the volcano; returns the losses per seat."""
        lost = [0] * self.players
        if self.occ[square]:
            base = square * STRIDE
            for seat in range(self.players):
                n = self.men[base + seat]
                if n:
                    lost[seat] = n
                    self.take(square, seat, n)
                    self.volcano[seat] += n
        return lost


def apply(state: State, seat: int, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply one decision of ``seat``; raises a RuleError subclass when it is not legal."""
    check(state, seat, action)
    return apply_unchecked(state, seat, action)


def apply_unchecked(state: State, seat: int, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply an action already known to be legal (playouts use this after legal_actions)."""
    w = _Work(state)
    w.turn_acted = True
    if isinstance(action, MovePiece):
        _move(w, seat, action)
    elif isinstance(action, PlaceLava):
        sides = TILE_SIDES[w.tile]
        # R25: a dual vent tile becomes a tile of the side its drawer names.
        symbol = sides[0] if action.symbol is None else SYMBOLS.index(action.symbol)
        _place_lava(w, seat, INDEX[action.square], symbol)
    elif isinstance(action, PlayCard):
        _play(w, seat, action)
    elif isinstance(action, PlaceRelative):
        _relative(w, seat, INDEX[action.square])
    elif isinstance(action, ThrowOmen):
        victim = COLOURS.index(action.colour)
        square = INDEX[action.square]
        w.take(square, victim)
        w.volcano[victim] += 1
        w.emit(
            {
                "type": "PieceThrown",
                "seat": seat,
                "victim": victim,
                "colour": action.colour,
                "square": action.square,
                "building": B_LABEL[SQ_BUILDING[square]],
            }
        )
        _draw(w, seat)
    elif isinstance(action, CallEruption):
        _erupt(w, seat, called=True)
    elif isinstance(action, Pass):
        if w.pending == RELATIVE:
            w.emit({"type": "RelativesEnded", "seat": seat, "unused": w.rel_left, "reason": "pass"})
            w.rel_left = 0
            _draw(w, seat)
        else:
            w.emit({"type": "MovesEnded", "seat": seat, "unused": w.moves_left})
            _end_escape_turn(w, seat)
    return w.freeze(), tuple(w.events)


# --- phase 1


def _play(w: _Work, seat: int, action: PlayCard) -> None:
    w.hands[seat].remove(action.card)
    w.discard.append(action.card)
    if action.square is None:
        w.emit(
            {
                "type": "CardPlayed",
                "seat": seat,
                "card": action.card,
                "square": None,
                "building": None,
                "joker": False,
            }
        )
        _draw(w, seat)
        return
    square = INDEX[action.square]
    building = SQ_BUILDING[square]
    joker = B_NUMBER[building] != action.card
    already = sum(w.occ[i] for i in B_SQUARES[building])
    w.supply[seat] -= 1
    w.put(square, seat)
    w.emit(
        {
            "type": "CardPlayed",
            "seat": seat,
            "card": action.card,
            "square": action.square,
            "building": B_LABEL[building],
            "joker": joker,
        }
    )
    # R16: relatives only once Vesuvius seethes; k counts the pieces before this one. Never from a
    # joker, never chained.
    if w.seething and not joker and already:
        w.rel_left = already
        w.rel_from = building
        w.rel_used = 1 << building
        w.emit(
            {
                "type": "RelativesEarned",
                "seat": seat,
                "count": already,
                "building": B_LABEL[building],
            }
        )
        if _relatives_possible(w, seat):
            w.pending = RELATIVE
            w.seat = seat
            return
        _relatives_lost(w, seat)
    _draw(w, seat)


def _relatives_possible(w: _Work, seat: int) -> bool:
    """R10: a relatives step with nothing placeable is never asked."""
    return (
        w.rel_left > 0
        and w.supply[seat] > 0
        and bool(relative_squares(w.occ, w.rel_from, w.rel_used))
    )


def _relatives_lost(w: _Work, seat: int) -> None:
    if w.rel_left:
        reason = "no supply" if w.supply[seat] == 0 else "no space"
        w.emit({"type": "RelativesEnded", "seat": seat, "unused": w.rel_left, "reason": reason})
    w.rel_left = 0


def _relative(w: _Work, seat: int, square: int) -> None:
    building = SQ_BUILDING[square]
    w.supply[seat] -= 1
    w.put(square, seat)
    w.rel_used |= 1 << building
    w.rel_left -= 1
    w.emit(
        {
            "type": "RelativePlaced",
            "seat": seat,
            "square": NAMES[square],
            "building": B_LABEL[building],
        }
    )
    if _relatives_possible(w, seat):
        return
    _relatives_lost(w, seat)
    _draw(w, seat)


def _draw(w: _Work, seat: int) -> None:
    """The draw step: back to four cards, resolving A.D. 79 and Omens on the way."""
    w.pending = NONE
    while True:
        if not w.stock:
            # R14: cannot happen (the second A.D. 79 always lies in the stock); kept safe anyway.
            _next_build_turn(w, seat)
            return
        card = w.stock.pop(0)
        if card == AD79:
            if w.seething:
                # R17: the second A.D. 79 ends phase 1 whenever it is drawn.
                _erupt(w, seat, called=False)
                return
            # First A.D. 79: a replacement is drawn at once, then A.D. 79 is shuffled into the
            # bottom 15 cards. R15: Vesuvius seethes from this moment, so a replacement Omen acts.
            w.seething = True
            card = w.stock.pop(0)
            depth, w.rng = w.rng.below(min(BOTTOM, len(w.stock)) + 1)
            w.stock.insert(len(w.stock) - depth, AD79)
            w.emit(
                {
                    "type": "VesuviusSeethes",
                    "seat": seat,
                    "secret": {"ad79_depth": depth},
                    "secret_for": [],
                }
            )
        if card == OMEN:
            w.discard.append(OMEN)
            w.emit({"type": "OmenDrawn", "seat": seat})
            if sum(w.in_city) > w.in_city[seat]:
                w.pending = OMEN_CHOICE
                w.seat = seat
                return
            # R2: no other player has a piece on the board: the Omen has no effect.
            w.emit({"type": "OmenNoVictim", "seat": seat})
            continue
        hand = w.hands[seat]
        hand.append(card)
        hand.sort()
        w.emit({"type": "CardDrawn", "seat": seat, "secret": {"card": card}, "secret_for": [seat]})
        _next_build_turn(w, seat)
        return


def _next_build_turn(w: _Work, seat: int) -> None:
    nxt = w.next_seat(seat)
    w.begin_turn(nxt)
    w.pending = PLAY
    w.seat = nxt


def _erupt(w: _Work, seat: int, *, called: bool) -> None:
    """Vesuvius erupts: hands to the discard pile, supply to the box, the lava comes.

    R3: a caller counts as the player who triggered the eruption. R12: a pending relatives or
    Omen step is abandoned.
    """
    hands = [list(h) for h in w.hands]  # R24: the hands go face up on the discard pile
    boxed = list(w.supply)
    for s in range(w.players):
        w.discard.extend(w.hands[s])
        w.hands[s] = []
        w.box[s] += w.supply[s]
        w.supply[s] = 0
    w.rel_left = 0
    w.rel_from = -1
    w.rel_used = 0
    w.erupted_by = seat
    w.phase = LAVA_SETUP
    w.pending = NONE
    w.emit(
        {"type": "VesuviusErupted", "seat": seat, "called": called, "hands": hands, "boxed": boxed}
    )
    if sum(w.in_city) == 0:  # R18
        _end_game(w, "no pieces were left in the city")
        return
    _start_lava_turn(w, w.next_seat(seat))


# --- lava


def _start_lava_turn(w: _Work, seat: int) -> None:
    w.begin_turn(seat)
    total = sum(w.bag)
    if total == 0:  # cannot happen: the turn that empties the bag ends the game
        _end_game(w, "the last lava tile has been placed")
        return
    # R23: the bag has no order; a draw takes one of the tiles left at random.
    r, w.rng = w.rng.below(total)
    tile = 0
    while r >= w.bag[tile]:
        r -= w.bag[tile]
        tile += 1
    w.bag[tile] -= 1
    if total == 1:
        w.bag_emptied = True
    w.emit(
        {
            "type": "LavaDrawn",
            "seat": seat,
            "tile": TILE_NAMES[tile],
            "left": total - 1,
            "last": total == 1,
        }
    )
    if not any(lava_squares(w.lava, s) for s in TILE_SIDES[tile]):
        # R5: no legal square: out of play, not counted toward the six; the turn goes on.
        w.tiles_out.append(tile)
        w.emit({"type": "LavaOutOfPlay", "seat": seat, "tile": TILE_NAMES[tile]})
        _after_lava(w, seat)
        return
    w.tile = tile
    w.pending = LAVA
    w.seat = seat


def _place_lava(w: _Work, seat: int, square: int, symbol: int) -> None:
    tile = w.tile
    w.tile = -1
    w.lava[square] = symbol
    w.tiles_placed += 1
    lost = w.clear_square(square)
    w.emit(
        {
            "type": "LavaPlaced",
            "seat": seat,
            "tile": TILE_NAMES[tile],
            "symbol": SYMBOLS[symbol],
            "square": NAMES[square],
            "lost": lost,
            "gate_closed": GATE_NAME.get(square),
        }
    )
    _enclose(w)
    _after_lava(w, seat)


def _enclose(w: _Work) -> None:
    """Pieces with no lava-free path to an open gate go to the volcano at once."""
    lava = w.lava
    to_gate = distances(lava, [g for g in GATE_IDX if lava[g] < 0])
    squares = []
    total = [0] * w.players
    for i in CITY_IDX:
        if w.occ[i] and to_gate[i] < 0:
            lost = w.clear_square(i)
            squares.append({"square": NAMES[i], "lost": lost})
            for s in range(w.players):
                total[s] += lost[s]
    if squares:
        w.emit({"type": "PiecesEnclosed", "squares": squares, "lost": total})


def _after_lava(w: _Work, seat: int) -> None:
    if sum(w.in_city) == 0:  # R20: the game ends as soon as the city is empty
        _end_game(w, "no pieces are left in the city")
        return
    if w.phase == LAVA_SETUP:
        if w.bag_emptied:
            _end_game(w, "the last lava tile has been placed")
            return
        # R19: a setup turn is one tile (or one tile out of play, R5); then the next seat draws.
        nxt = w.next_seat(seat)
        if w.tiles_placed >= INITIAL_TILES:
            w.phase = ESCAPE
            w.emit({"type": "EscapeBegan", "seat": nxt})
        _start_lava_turn(w, nxt)
        return
    # Phase 2, step 2: movement.
    if w.in_city[seat] == 0:  # R21: no piece in the city: lava only
        w.emit({"type": "MovesSkipped", "seat": seat, "reason": "no pieces in the city"})
        _end_escape_turn(w, seat)
        return
    # Every piece left after enclosure has a path to a gate, so it can always move (R10 holds).
    w.pending = MOVE
    w.seat = seat
    w.moves_left = 2
    w.moved_to = -2
    w.may_repeat = False


def _end_escape_turn(w: _Work, seat: int) -> None:
    w.moves_left = 0
    w.moved_to = -2
    w.may_repeat = False
    w.pending = NONE
    if w.bag_emptied:
        _end_game(w, "the last lava tile has been placed")
        return
    _start_lava_turn(w, w.next_seat(seat))


# --- phase 2 movement


def _move(w: _Work, seat: int, action: MovePiece) -> None:
    source = INDEX[action.source]
    target = INDEX[action.target]
    points = w.occ[source]
    if w.moves_left == 2:
        # R13: "alone" = no other piece of any colour; "one piece left" judged now.
        w.may_repeat = points == 1 or w.in_city[seat] == 1
    _, parent = bfs(w.lava, source, points)
    path = path_to(parent, source, target)
    w.take(source, seat)
    if action.out:
        w.saved[seat] += 1
        w.moved_to = -1
        w.emit(
            {
                "type": "PieceSaved",
                "seat": seat,
                "from": action.source,
                "gate": action.target,
                "gate_name": GATE_NAME[target],
                "path": path,
                "steps": len(path),
                "points": points,
            }
        )
    else:
        w.put(target, seat)
        w.moved_to = target
        w.emit(
            {
                "type": "PieceMoved",
                "seat": seat,
                "from": action.source,
                "to": action.target,
                "path": path,
                "steps": len(path) - 1,
                "points": points,
            }
        )
    w.moves_left -= 1
    if sum(w.in_city) == 0:  # R20: the last piece is out
        _end_game(w, "no pieces are left in the city")
        return
    if w.moves_left == 0 or not _second_move_possible(w, seat):
        _end_escape_turn(w, seat)


def _second_move_possible(w: _Work, seat: int) -> bool:
    """R10: skip the second move when no piece of the seat may make it (R22 bookkeeping)."""
    left = w.in_city[seat]
    if w.moved_to < 0 or w.may_repeat:
        return left > 0
    return left > 1


def _end_game(w: _Work, reason: str) -> None:
    lost = [0] * w.players
    for i in CITY_IDX:
        if w.occ[i]:
            for s, n in enumerate(w.clear_square(i)):
                lost[s] += n
    w.phase = OVER
    w.pending = NONE
    w.seat = -1
    w.tile = -1
    w.end_reason = reason
    result = compute_outcome(w.saved, w.volcano, reason)
    w.emit({"type": "GameEnded", "reason": reason, "lost": lost, "outcome": result.to_json()})


# --------------------------------------------------------------------------------------------
# Validation with friendly errors


def check(state: State, seat: int, action: Action) -> None:
    """Raise the RuleError a player should see if ``action`` is not legal for ``seat`` now."""
    if state.phase == OVER:
        raise GameOverError("The game is over; no more moves can be made.")
    if not 0 <= seat < state.players:
        raise NotYourTurnError("You are not playing in this game.")
    if isinstance(action, CallEruption):
        if state.phase != BUILD:
            raise IllegalActionError("Vesuvius has already erupted.")
        if not can_erupt(state, seat):
            raise IllegalActionError(
                "You can call “The volcano erupts!” only when every card in your hand is a "
                "joker (all buildings of its number are full)."
            )
        return
    if seat != state.seat:
        raise NotYourTurnError(
            f"It is not your turn: the game is waiting for {COLOURS[state.seat].capitalize()}."
        )
    text = format_action(action)
    kind = state.pending
    expected = {
        PLAY: (PlayCard,),
        RELATIVE: (PlaceRelative, Pass),
        OMEN_CHOICE: (ThrowOmen,),
        LAVA: (PlaceLava,),
        MOVE: (MovePiece, Pass),
    }[kind]
    if not isinstance(action, expected):
        raise IllegalActionError(f"`{text}` is not possible now: {PROMPTS[kind]}.")
    if isinstance(action, Pass):
        return
    if isinstance(action, MovePiece):
        legal: list[Action] = list(moves_from(state, seat, INDEX[action.source]))
    elif isinstance(action, PlayCard):
        legal = legal_plays(state, seat)
    else:
        legal = legal_actions(state, seat)
    if action in legal:
        return
    raise IllegalActionError(f"`{text}` is not allowed: {why_illegal(state, seat, action)}")


PROMPTS = {
    PLAY: "you have to play a card and place a piece (`play <n> <square>`)",
    RELATIVE: "you may place a relative (`relative <square>`) or `pass`",
    OMEN_CHOICE: "you have to pick another player's piece for the Omen (`omen <colour> <square>`)",
    LAVA: "you have to place the lava tile you drew (`lava <square>`)",
    MOVE: "you may move a piece (`move <from> <to>`, `move <from> out <gate>`) or `pass`",
    NONE: "nothing is expected",
}


def why_illegal(state: State, seat: int, action: Action) -> str:
    """A reason in words for an illegal action of the pending kind."""
    if isinstance(action, PlayCard):
        hand = state.hands[seat]
        if action.card not in hand:
            return f"you have no {action.card} in your hand (hand: {', '.join(map(str, hand))})."
        if action.square is None:
            return "you can still place a piece, so name the square: `play <n> <square>` (R11)."
        if state.supply[seat] == 0:
            return f"you have no pieces left to place, so play it bare: `play {action.card}` (R1)."
        square = INDEX[action.square]
        building = SQ_BUILDING[square]
        if building < 0:
            return f"{action.square} has no building with spaces."
        if state.occ[square] >= SQ_SPACES[square]:
            return f"the spaces of building {B_LABEL[building]} on {action.square} are all taken."
        places = ", ".join(
            f"{B_LABEL[b]} ({'/'.join(NAMES[i] for i in B_SQUARES[b])})"
            for b in BY_NUMBER[action.card]
        )
        return (
            f"a {action.card} goes into building {places}; it is a joker only when those are full."
        )
    if isinstance(action, PlaceRelative):
        if state.supply[seat] == 0:
            return "you have no pieces left in your supply."
        return (
            f"relatives from building {B_LABEL[state.rel_from]} go to a free space in another "
            "building of its colour or a neutral one, at most one per building, never back into "
            f"{B_LABEL[state.rel_from]}."
        )
    if isinstance(action, ThrowOmen):
        if action.colour == COLOURS[seat]:
            return "the Omen throws another player's piece, not one of yours."
        return f"there is no {action.colour} piece in a building on {action.square}."
    if isinstance(action, PlaceLava):
        sides = TILE_SIDES[state.tile]
        names = "/".join(SYMBOLS[s] for s in sides)
        if len(sides) > 1 and action.symbol is None:
            return (
                "this is a dual vent tile: name the side, e.g. "
                f"`lava {SYMBOLS[sides[0]]} <square>`."
            )
        if len(sides) == 1 and action.symbol is not None:
            return f"name only the square: `lava <square>` (the tile is {names})."
        squares = ", ".join(NAMES[i] for s in sides for i in lava_squares(state.lava, s))
        return f"a {names} tile may go on: {squares}."
    if isinstance(action, MovePiece):
        source = INDEX[action.source]
        if state.men[source * STRIDE + seat] == 0:
            return f"you have no piece on {action.source}."
        if state.moves_left == 1 and source == state.moved_to and not state.may_repeat:
            return (
                "the piece you just moved may move again only if it stood alone on its square "
                "or was your last piece in the city; move a different piece."
            )
        points = state.occ[source]
        if action.out:
            return (
                f"a piece on {action.source} has {points} move point(s) and cannot reach the gate "
                f"of {action.target} and still step out (leaving costs 1 point)."
            )
        return (
            f"a piece on {action.source} has {points} move point(s) (one per piece on the "
            f"square) and cannot reach {action.target} over lava-free squares."
        )
    return "it is not legal now."


def forced_action(state: State, seat: int) -> Action | None:
    """R6/R26: the only legal action of ``seat`` when it has exactly one (e.g. the first tile of a
    symbol, which can only go on its first-lava square), else ``None``. The engine always asks;
    the host may apply this at once when the table enables auto-play of forced decisions."""
    actions = legal_actions(state, seat)
    return actions[0] if len(actions) == 1 else None
