"""Real Pompeii positions for the render tests, golden images and the bench, reached by playing
the engine with its own policy (``engine.workers.trajectory``, fixed seeds): deterministic."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from engine.core import ActionChoice
from engine.workers import GAME, State, trajectory
from engine.workers.actions import Action

NAMES = ["Aurelia", "Brutus", "Cornelia", "Decimus"]
GENTLE: dict[str, Any] = {"all_cards": True, "apocalypse_bottom": True}
View = dict[str, Any]

# name -> (players, seed, options, the first state that shows what the name says)
Want = Callable[[State, View], bool]


def _built(view: View) -> int:
    return sum(1 for b in view["buildings"] if b["built"])


WANTED: dict[str, tuple[int, int, dict[str, Any], Want]] = {
    "early": (
        3,
        1,
        GENTLE,
        lambda s, v: (
            v["stage"] == "place" and v["round"] == 3 and v["last"] is not None and _built(v) >= 3
        ),
    ),
    "mid": (
        3,
        1,
        GENTLE,
        lambda s, v: v["phase"] == "prosperity" and v["stage"] == "place" and _built(v) >= 8,
    ),
    "offering": (
        3,
        1,
        GENTLE,
        lambda s, v: v["stage"] == "offering" and bool(v["offering"]["locked"]) and _built(v) >= 8,
    ),
    "castrum_win": (3, 1, GENTLE, lambda s, v: v["stage"] == "over"),
    "four_players": (
        4,
        5,
        {},
        lambda s, v: (
            v["phase"] == "prosperity"
            and v["stage"] == "place"
            and v["round"] >= 14
            and v["last"] is not None
        ),
    ),
    "apocalypse": (4, 5, {}, lambda s, v: v["stage"] == "over"),
    "solo": (
        1,
        3,
        {},
        lambda s, v: v["stage"] == "place" and v["round"] >= 6 and v["last"] is not None,
    ),
}
GOLDEN = ("early", "mid", "offering", "castrum_win", "four_players", "solo")


@functools.cache
def game(players: int, seed: int, options: tuple[tuple[str, Any], ...]) -> tuple[State, ...]:
    """Every state of one deterministic game."""
    return tuple(trajectory(GAME.new_game(seed, players, dict(options)), seed))


def states(players: int, seed: int, options: dict[str, Any]) -> tuple[State, ...]:
    return game(players, seed, tuple(sorted(options.items())))


@functools.cache
def state(name: str) -> State:
    players, seed, options, want = WANTED[name]
    for s in states(players, seed, options):
        if want(s, GAME.view(s, None)):
            return s
    raise LookupError(f"no position {name!r} in game {seed} ({players} players)")


def public(name: str) -> View:
    return GAME.view(state(name), None)


def names(view: View) -> list[str]:
    return NAMES[: view["players"]]


def choices(s: State, seat: int) -> list[ActionChoice]:
    return [
        ActionChoice(GAME.format_action(a), GAME.describe_action(s, seat, a))
        for a in GAME.legal_actions(s, seat)
    ]


def deciding(s: State) -> list[int]:
    return sorted({seat for d in GAME.pending(s) for seat in d.seats})


def raise_pledge(s: State) -> tuple[int, Action]:
    """A deciding seat of an offering and the pledge that raises its offer the most (measured
    with the pledges open, whatever the variant)."""
    best: tuple[int, int, Action] | None = None
    s = replace(s, options=replace(s.options, secret_pledges=False))
    for seat in deciding(s):
        for action in GAME.legal_actions(s, seat):
            if action.verb == "pledge":
                value = GAME.view(GAME.apply(s, seat, action).state, None)["offering"]["values"]
                if best is None or value[seat] > best[0]:
                    best = (value[seat], seat, action)
    assert best is not None and best[0] > 0, "the offering position has a pledge to raise"
    return best[1], best[2]


def private(name: str) -> tuple[View, str, list[ActionChoice]]:
    """The player view of the first seat deciding at ``name`` (else seat 0), its name, its
    choices."""
    s = state(name)
    seats = deciding(s) or [0]
    seat = seats[0]
    view = GAME.view(s, seat)
    return view, NAMES[seat], choices(s, seat)


def sample(players: int, seed: int, options: dict[str, Any], every: int) -> Iterator[State]:
    """Every ``every``-th state of a game."""
    yield from states(players, seed, options)[::every]
