"""The eruption and phase 2: lava tiles drawn and placed, pieces enclosed, moves through the
city and out through the gates, and the end of the game."""

from __future__ import annotations

from engine.downfall.actions import (
    MovePiece,
)
from engine.downfall.board import (
    SYMBOLS,
)
from engine.downfall.queries import bfs, compute_outcome, distances, lava_squares, path_to
from engine.downfall.state import (
    ESCAPE,
    LAVA,
    LAVA_SETUP,
    MOVE,
    NONE,
    OVER,
)
from engine.downfall.tables import (
    CITY_IDX,
    GATE_IDX,
    GATE_NAME,
    INDEX,
    INITIAL_TILES,
    NAMES,
    TILE_NAMES,
    TILE_SIDES,
)
from engine.downfall.work import Work

# --- lava


def start_lava_turn(w: Work, seat: int) -> None:
    w.begin_turn(seat)
    total = sum(w.bag)
    if total == 0:  # cannot happen: the turn that empties the bag ends the game
        end_game(w, "the last lava tile has been placed")
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
        after_lava(w, seat)
        return
    w.tile = tile
    w.pending = LAVA
    w.seat = seat


def place_lava(w: Work, seat: int, square: int, symbol: int) -> None:
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
    enclose(w)
    after_lava(w, seat)


def enclose(w: Work) -> None:
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


def after_lava(w: Work, seat: int) -> None:
    if sum(w.in_city) == 0:  # R20: the game ends as soon as the city is empty
        end_game(w, "no pieces are left in the city")
        return
    if w.phase == LAVA_SETUP:
        if w.bag_emptied:
            end_game(w, "the last lava tile has been placed")
            return
        # R19: a setup turn is one tile (or one tile out of play, R5); then the next seat draws.
        nxt = w.next_seat(seat)
        if w.tiles_placed >= INITIAL_TILES:
            w.phase = ESCAPE
            w.emit({"type": "EscapeBegan", "seat": nxt})
        start_lava_turn(w, nxt)
        return
    # Phase 2, step 2: movement.
    if w.in_city[seat] == 0:  # R21: no piece in the city: lava only
        w.emit({"type": "MovesSkipped", "seat": seat, "reason": "no pieces in the city"})
        end_escape_turn(w, seat)
        return
    # Every piece left after enclosure has a path to a gate, so it can always move (R10 holds).
    w.pending = MOVE
    w.seat = seat
    w.moves_left = 2
    w.moved_to = -2
    w.may_repeat = False


def end_escape_turn(w: Work, seat: int) -> None:
    w.moves_left = 0
    w.moved_to = -2
    w.may_repeat = False
    w.pending = NONE
    if w.bag_emptied:
        end_game(w, "the last lava tile has been placed")
        return
    start_lava_turn(w, w.next_seat(seat))


# --- phase 2 movement


def move(w: Work, seat: int, action: MovePiece) -> None:
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
        end_game(w, "no pieces are left in the city")
        return
    if w.moves_left == 0 or not second_move_possible(w, seat):
        end_escape_turn(w, seat)


def second_move_possible(w: Work, seat: int) -> bool:
    """R10: skip the second move when no piece of the seat may make it (R22 bookkeeping)."""
    left = w.in_city[seat]
    if w.moved_to < 0 or w.may_repeat:
        return left > 0
    return left > 1


def end_game(w: Work, reason: str) -> None:
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
