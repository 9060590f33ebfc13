"""Build Downfall positions from a compact description and play notation against them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core import Event
from engine.downfall import GAME, State, parse_action
from engine.downfall.board import PIECES_PER_PLAYER, SYMBOLS
from engine.downfall.tables import AD79, INDEX, NSQ, OMEN, STRIDE, TILE_NAMES

RED, BLACK, YELLOW, BLUE = 0, 1, 2, 3


def position(
    players: int = 3,
    *,
    pieces: dict[str, str] | None = None,
    lava: dict[str, str] | None = None,
    hands: list[tuple[int, ...]] | None = None,
    stock: tuple[int | str, ...] | None = None,
    phase: str = "build",
    pending: str = "play",
    seat: int = 0,
    seething: bool = False,
    supply: tuple[int, ...] | None = None,
    saved: tuple[int, ...] | None = None,
    volcano: tuple[int, ...] | None = None,
    bag: dict[str, int] | None = None,
    tile: str | None = None,
    tiles_placed: int | None = None,
    dual_vent: bool = False,
    **extra: Any,
) -> State:
    """A state with the given board: ``pieces={"d4": "001"}`` puts two red (seat 0) pieces and a
    black one (seat 1) on d4; ``lava={"c2": "coin"}``; stock cards may be ``"omen"`` / ``"ad79"``.
    Supply defaults to what is left after the pieces on the board, saved and volcano."""
    state = GAME.new_game(1, players, {"dual_vent": dual_vent})
    men = [0] * (NSQ * STRIDE)
    occ = [0] * NSQ
    in_city = [0] * players
    for square, seats in (pieces or {}).items():
        i = INDEX[square]
        for ch in seats:
            men[i * STRIDE + int(ch)] += 1
            occ[i] += 1
            in_city[int(ch)] += 1
    lava_list = [-1] * NSQ
    for square, symbol in (lava or {}).items():
        lava_list[INDEX[square]] = SYMBOLS.index(symbol)
    saved = saved or (0,) * players
    volcano = volcano or (0,) * players
    if supply is None:
        total = PIECES_PER_PLAYER[players]
        supply = tuple(total - in_city[s] - saved[s] - volcano[s] for s in range(players))
    changes: dict[str, Any] = {
        "men": tuple(men),
        "occ": tuple(occ),
        "in_city": tuple(in_city),
        "lava": tuple(lava_list),
        "phase": phase,
        "pending": pending,
        "seat": seat,
        "turn_seat": seat,
        "seething": seething,
        "supply": supply,
        "saved": saved,
        "volcano": volcano,
    }
    if hands is not None:
        changes["hands"] = tuple(tuple(sorted(h)) for h in hands)
    if stock is not None:
        changes["stock"] = tuple(
            OMEN if c == "omen" else AD79 if c == "ad79" else int(c) for c in stock
        )
    if bag is not None:
        changes["bag"] = tuple(bag.get(name, 0) for name in TILE_NAMES)
    if tile is not None:
        changes["tile"] = TILE_NAMES.index(tile)
    if tiles_placed is not None:
        changes["tiles_placed"] = tiles_placed
    elif lava:
        changes["tiles_placed"] = len(lava)
    if phase != "build":
        changes["hands"] = ((),) * players
        changes["stock"] = changes.get("stock", ())
    if pending == "move":
        changes.setdefault("moves_left", 2)
    changes.update(extra)
    return replace(state, **changes)


def act(state: State, seat: int, text: str) -> tuple[State, tuple[Event, ...]]:
    """Apply one action given in notation."""
    transition = GAME.apply(state, seat, parse_action(text))
    return transition.state, transition.events


def legal(state: State, seat: int) -> set[str]:
    return {GAME.format_action(a) for a in GAME.legal_actions(state, seat)}


def types(events: tuple[Event, ...]) -> list[str]:
    return [e["type"] for e in events]


def on(state: State, square: str) -> list[int]:
    """Pieces per seat on a square."""
    i = INDEX[square]
    return [state.men[i * STRIDE + s] for s in range(state.players)]
