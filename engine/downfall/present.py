"""What people see: the public and player views (schema in views.py, docs/views.md) and the
friendly labels of actions for menus."""

from __future__ import annotations

from typing import cast

from engine.downfall.actions import (
    Action,
    CallEruption,
    MovePiece,
    Pass,
    PlaceLava,
    PlaceRelative,
    PlayCard,
    ThrowOmen,
)
from engine.downfall.board import COLOURS, GATES, SYMBOLS
from engine.downfall.queries import bfs, can_erupt, number_full, outcome, to_act
from engine.downfall.state import (
    BUILD,
    LAVA,
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
    GATE_NAME,
    INDEX,
    NAMES,
    NUMBERS,
    OMEN,
    SQ_BUILDING,
    STRIDE,
    TILE_NAMES,
    TILE_SIDES,
)
from engine.downfall.views import (
    DecisionKind,
    LastTurnView,
    PendingView,
    Phase,
    PlayerView,
    PublicView,
    SeatView,
)
from engine.text import Term, Text


def _prompt(state: State) -> str:
    if state.phase == OVER:
        return "The game is over."
    who = COLOURS[state.seat].capitalize()
    kind = state.pending
    if kind == PLAY:
        return f"{who}: play a card and place a piece"
    if kind == RELATIVE:
        return (
            f"{who}: place up to {state.rel_left} relative(s) brought by "
            f"{_building(state.rel_from)}, or pass"
        )
    if kind == OMEN_CHOICE:
        return f"{who}: the Omen! Choose another player's piece to throw into the volcano"
    if kind == LAVA:
        return f"{who}: place the {TILE_NAMES[state.tile]} lava tile"
    if kind == MOVE:
        return f"{who}: move a piece ({state.moves_left} move(s) left), or pass"
    return ""


_DISCARD_KEYS = (*((n, str(n)) for n in NUMBERS), (OMEN, "omen"), (AD79, "ad79"))


def public_view(state: State) -> PublicView:
    """The view every player and spectator may see: no hand, no stock or bag order."""
    n = state.players
    seats: list[SeatView] = [
        {
            "seat": s,
            "colour": COLOURS[s],
            "supply": state.supply[s],
            "in_city": state.in_city[s],
            "saved": state.saved[s],
            "volcano": state.volcano[s],
            "box": state.box[s],
            "hand_size": len(state.hands[s]),
        }
        for s in range(n)
    ]
    squares: dict[str, list[int]] = {}
    men = state.men
    for i, count in enumerate(state.occ):
        if count:
            base = i * STRIDE
            if men[base] == count:
                squares[NAMES[i]] = [0] * count
            else:
                squares[NAMES[i]] = [s for s in range(n) for _ in range(men[base + s])]
    discard: dict[str, int] = {}
    for card, key in _DISCARD_KEYS:
        count = state.discard.count(card)
        if count:
            discard[key] = count
    top = state.discard[-1] if state.discard else None
    bag = {TILE_NAMES[t]: state.bag[t] for t in range(len(state.bag)) if state.dual_vent or t < 6}
    over = state.phase == OVER
    pending: PendingView = {
        "seat": None if over else state.seat,
        "kind": cast(DecisionKind, state.pending if state.pending != NONE else "none"),
        "prompt": _prompt(state),
        "relatives_left": state.rel_left if state.pending == RELATIVE else 0,
        "relatives_from": B_LABEL[state.rel_from] if state.pending == RELATIVE else None,
        "lava_tile": TILE_NAMES[state.tile] if state.pending == LAVA else None,
        "moves_left": state.moves_left if state.pending == MOVE else 0,
    }
    if state.turn_acted or not state.last_log:
        last: LastTurnView = {"seat": state.turn_seat, "events": list(state.turn_log)}
    else:
        last = {"seat": state.last_seat, "events": list(state.last_log)}
    result = outcome(state)
    view: PublicView = {
        "game": "downfall",
        "version": state.version,
        "players": n,
        "dual_vent": state.dual_vent,
        "phase": cast(Phase, state.phase),
        "seething": state.seething,
        "seats": seats,
        "squares": squares,
        "lava": {NAMES[i]: SYMBOLS[v] for i, v in enumerate(state.lava) if v >= 0}
        if state.tiles_placed
        else {},
        "gates": [
            {"square": sq, "name": name, "open": state.lava[INDEX[sq]] < 0} for _, sq, name in GATES
        ],
        "stock_size": len(state.stock),
        "discard": discard,
        "discard_top": None if top is None else ("omen" if top == OMEN else str(top)),
        "bag": bag,
        "tiles_placed": state.tiles_placed,
        "tiles_out_of_play": [TILE_NAMES[t] for t in state.tiles_out],
        "pending": pending,
        "to_move_first": state.first,
        "last_turn": last,
        "outcome": None if result is None else result.to_json(),
        "current_turn": {"seat": state.turn_seat, "events": list(state.turn_log)},
        "dealer": state.dealer,
        "erupted_by": None if state.erupted_by < 0 else state.erupted_by,
    }
    return view


def player_view(state: State, seat: int) -> PlayerView:
    """The public view plus ``seat``'s own hand, its jokers and whether it may call the eruption."""
    base = public_view(state)
    hand = list(state.hands[seat])
    view = cast(PlayerView, base)
    view["seat"] = seat
    view["hand"] = hand
    view["jokers"] = [state.phase == BUILD and number_full(state.occ, c) for c in hand]
    view["can_erupt"] = can_erupt(state, seat) and seat in to_act(state)
    return view


def _building(b: int) -> Text:
    """A building as the board shows it: its house number (neutral ones have none) and its
    squares, e.g. ``house 6 on d4/d5``, ``the neutral building on d2``."""
    squares = "/".join(NAMES[i] for i in B_SQUARES[b])
    if B_NUMBER[b]:
        return Text("house {number} on {squares}", number=B_NUMBER[b], squares=squares)
    return Text("the neutral building on {squares}", squares=squares)


def _where(square: str) -> str:
    """A square, and what the board shows on it: ``e6 (house 9)``, ``d2 (neutral building)``."""
    b = SQ_BUILDING[INDEX[square]]
    if b < 0:
        return square
    if B_NUMBER[b]:
        return Text("{square} (house {number})", square=square, number=B_NUMBER[b])
    return Text("{square} (neutral building)", square=square)


def _steps(n: int) -> Text:
    return Text("1 step") if n == 1 else Text("{n} steps", n=n)


def describe_action(state: State, seat: int, action: Action) -> str:
    """A friendly label for menus, in the board's terms (squares, house numbers; never the
    notation's building labels): ``Play 6 → d4``, ``Relative → e6 (house 9)``. A
    :class:`~engine.text.Text`, so a presentation says it in the reader's language."""
    if isinstance(action, PlayCard):
        if action.square is None:
            return Text("Play {card} (no piece can be placed)", card=action.card)
        joker = B_NUMBER[SQ_BUILDING[INDEX[action.square]]] != action.card
        if joker:
            return Text(
                "Play {card} as a joker → {where}", card=action.card, where=_where(action.square)
            )
        # the house of that number
        return Text("Play {card} → {square}", card=action.card, square=action.square)
    if isinstance(action, PlaceRelative):
        return Text("Relative → {where}", where=_where(action.square))
    if isinstance(action, Pass):
        if state.pending == RELATIVE:
            return Text("Place no more relatives")
        return Text("End your moves")
    if isinstance(action, ThrowOmen):
        return Text(
            "Throw the {colour} piece on {square} into the volcano",
            colour=Term(action.colour),
            square=action.square,
        )
    if isinstance(action, CallEruption):
        return Text("Call “The volcano erupts!” (show your hand of jokers)")
    if isinstance(action, PlaceLava):
        i = INDEX[action.square]
        symbol = action.symbol or (
            SYMBOLS[TILE_SIDES[state.tile][0]] if state.tile >= 0 else "lava"
        )
        lost = state.occ[i]
        if lost == 0:
            losses = Text("no pieces lost")
        elif lost == 1:
            losses = Text("1 piece lost")
        else:
            losses = Text("{n} pieces lost", n=lost)
        if i in GATE_NAME:
            return Text(
                "Lava ({symbol}) on {square} — {losses}, closes {gate}",
                symbol=Term(symbol),
                square=action.square,
                losses=losses,
                gate=Term(GATE_NAME[i]),
            )
        return Text(
            "Lava ({symbol}) on {square} — {losses}",
            symbol=Term(symbol),
            square=action.square,
            losses=losses,
        )
    if isinstance(action, MovePiece):
        source = INDEX[action.source]
        target = INDEX[action.target]
        dist, _ = bfs(state.lava, source, state.occ[source])
        steps = dist[target]
        if action.out:
            return Text(
                "Move {source} out through {gate} ({square}) — saved ({steps})",
                source=action.source,
                gate=Term(GATE_NAME[target]),
                square=action.target,
                steps=_steps(steps + 1),
            )
        return Text(
            "Move {source} → {target} ({steps})",
            source=action.source,
            target=action.target,
            steps=_steps(steps),
        )
    return str(action)
