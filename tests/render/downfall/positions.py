"""Real Downfall positions for the render tests and golden images, reached by playing the
engine (``engine.downfall.GAME``) with a fixed seed and a deterministic policy.

The policy is simple but keeps the pictures lively: it places relatives rather than passing,
moves rather than ends its moves, and takes an escape whenever one is offered; everything else
is chosen by a small linear congruential generator (not ``random``: the positions must not
change with the Python version).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Iterator
from typing import Any

from engine.core import ActionChoice, deciders
from engine.downfall import GAME
from engine.downfall import board as B
from tests.render.downfall import fixtures

SEED = 32  # lava takes pieces in the eruption and in a crowded phase 2 with an escape
PLAYERS = 4
NAMES = ["Aurelia", "Brutus", "Cornelia", "Decimus"]
GOLDEN = ("phase1_early", "seething_relatives", "eruption", "phase2_mid", "game_over")

View = dict[str, Any]


def _kinds(view: View) -> set[str]:
    return {str(e.get("type")) for e in view["last_turn"]["events"]}


def _lost(view: View) -> int:
    """Pieces the lava took in the last turn."""
    return sum(
        sum(e.get("lost") or []) for e in view["last_turn"]["events"] if e["type"] == "LavaPlaced"
    )


def _in_city(view: View) -> int:
    return sum(s["in_city"] for s in view["seats"])


# name -> the first position of the game that shows what the name says
WANTED: dict[str, Callable[[View], bool]] = {
    "phase1_early": lambda v: v["phase"] == "build" and not v["seething"] and _in_city(v) >= 8,
    "seething_relatives": lambda v: (
        v["seething"] and "RelativePlaced" in _kinds(v) and _in_city(v) >= 30
    ),
    "eruption": lambda v: v["phase"] == "lava_setup" and v["tiles_placed"] >= 3 and _lost(v) > 0,
    "phase2_mid": lambda v: (
        v["phase"] == "escape"
        and v["tiles_placed"] >= 10
        and _lost(v) > 0
        and "PieceSaved" in _kinds(v)
        and _in_city(v) >= 20
    ),
    "game_over": lambda v: v["phase"] == "over",
}


def play(seed: int = SEED, players: int = PLAYERS) -> Iterator[tuple[View, Any, Any]]:
    """Every public view of one deterministic game, with the state and the game object."""
    game = GAME
    state = game.new_game(seed, players)
    x = seed * 2654435761 % 2**32
    while True:
        view = game.view(state, None)
        yield view, state, game
        if not deciders(game, state):
            return
        seat = view["pending"]["seat"]
        actions = list(game.legal_actions(state, seat))
        notes = [game.format_action(a) for a in actions]
        x = (x * 1103515245 + 12345) % 2**31
        pick = x >> 8
        escapes = [i for i, n in enumerate(notes) if " out " in n]
        moves = [i for i, n in enumerate(notes) if n.split()[0] == "move"]
        busy = [i for i, n in enumerate(notes) if n.split()[0] == "relative"]
        if escapes:
            i = escapes[0]
        elif moves:  # towards the nearest open gate, ties broken by the generator
            dist = _gate_distance(view)
            best = min(dist.get(notes[j].split()[2], 99) for j in moves)
            near = [j for j in moves if dist.get(notes[j].split()[2], 99) == best]
            i = near[pick % len(near)]
        elif busy:
            i = busy[pick % len(busy)]
        else:
            i = pick % len(actions)
        state = game.apply(state, seat, actions[i]).state


def _gate_distance(view: View) -> dict[str, int]:
    """Steps from each lava-free square to the nearest open gate's square."""
    lava = view["lava"]
    frontier = [g["square"] for g in view["gates"] if g["open"]]
    dist = dict.fromkeys(frontier, 0)
    while frontier:
        nxt = []
        for sq in frontier:
            for n in B.NEIGHBOURS[sq]:
                if n not in dist and n not in lava:
                    dist[n] = dist[sq] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


@functools.cache
def _positions() -> dict[str, tuple[View, Any]]:
    found: dict[str, tuple[View, Any]] = {}
    for view, state, _game in play():
        for name, wanted in WANTED.items():
            if name not in found and wanted(view):
                found[name] = (view, state)
    missing = set(WANTED) - set(found)
    if missing:
        raise LookupError(f"seed {SEED} never reaches {sorted(missing)}")
    return found


def build(name: str) -> tuple[View, list[str]]:
    """The public view of a named position (a fresh copy) and the players' names."""
    view, _state = _positions()[name]
    return copy.deepcopy(view), NAMES[: view["players"]]


def player_view(name: str, seat: int) -> View:
    """A player's view (with their hand) of a named position."""
    _view, state = _positions()[name]
    game = GAME
    result: View = game.view(state, seat)
    return result


def decision(name: str) -> tuple[View, str, list[ActionChoice]] | None:
    """The player on turn in a named position: their own view, name and legal choices (what
    their private decision message is drawn from); ``None`` once the game is over."""
    view, state = _positions()[name]
    seat = view["pending"]["seat"]
    if not isinstance(seat, int):
        return None
    game = GAME
    choices = [ActionChoice(game.format_action(a), "") for a in game.legal_actions(state, seat)]
    own: View = game.view(state, seat)
    return own, NAMES[seat], choices


HAND_SEED = 4  # the golden game (seed 32) never has a joker in the hand of the player on turn


def hand() -> tuple[View, str, list[ActionChoice]]:
    """A hand worth showing, as its player sees it when they are to play a card (the picture
    their decision carries): the first seething position of the game ``HAND_SEED`` where the
    player on turn holds a joker among four different cards; with their legal choices."""
    for view, state, game in play(HAND_SEED):
        if view["phase"] != "build" or not view["seething"]:
            continue
        seat = view["pending"]["seat"]
        pv: View = game.view(state, seat)
        if view["pending"]["kind"] == "play" and any(pv["jokers"]) and len(set(pv["hand"])) == 4:
            choices = [
                ActionChoice(game.format_action(a), "") for a in game.legal_actions(state, seat)
            ]
            return pv, NAMES[seat], choices
    return fixtures.hand_view(), fixtures.NAMES[1], []
