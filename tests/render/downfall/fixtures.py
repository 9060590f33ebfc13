"""Hand-built Downfall views (matching ``engine.downfall.views``) for render tests."""

from __future__ import annotations

import copy
from typing import Any

from engine.downfall import board as B

NAMES = ["Aurelia", "Brutus", "Cornelia", "Decimus"]


def base(players: int = 4) -> dict[str, Any]:
    per = B.PIECES_PER_PLAYER[players]
    return {
        "game": "downfall",
        "version": 0,
        "players": players,
        "dual_vent": False,
        "phase": "build",
        "seething": False,
        "seats": [
            {
                "seat": s,
                "colour": B.COLOURS[s],
                "supply": per,
                "in_city": 0,
                "saved": 0,
                "volcano": 0,
                "box": 0,
                "hand_size": 4,
            }
            for s in range(players)
        ],
        "squares": {},
        "lava": {},
        "gates": [{"square": sq, "name": name, "open": True} for _g, sq, name in B.GATES],
        "stock_size": 41,
        "discard": {},
        "discard_top": None,
        "bag": dict(B.LAVA_COUNTS),
        "tiles_placed": 0,
        "tiles_out_of_play": [],
        "pending": {
            "seat": 0,
            "kind": "play",
            "prompt": "Red: play a card and place a piece",
            "relatives_left": 0,
            "relatives_from": None,
            "lava_tile": None,
            "moves_left": 0,
        },
        "to_move_first": 0,
        "last_turn": {"seat": None, "events": []},
        "outcome": None,
    }


def _recount(v: dict[str, Any]) -> None:
    for sv in v["seats"]:
        n = sum(seats.count(sv["seat"]) for seats in v["squares"].values())
        sv["in_city"] = n


def phase1_early() -> dict[str, Any]:
    v = base(4)
    v["squares"] = {"a2": [0], "f3": [1, 2], "e6": [3], "d4": [0], "i3": [2]}
    for s, used in ((0, 2), (1, 1), (2, 2), (3, 1)):
        v["seats"][s]["supply"] -= used
    _recount(v)
    v["stock_size"] = 38
    v["discard"] = {"1": 1, "4": 2, "9": 1, "6": 1, "5": 1}
    v["discard_top"] = "4"
    v["pending"]["seat"] = 3
    v["pending"]["prompt"] = "Blue: play a card and place a piece"
    v["last_turn"] = {
        "seat": 2,
        "events": [
            {
                "type": "CardPlayed",
                "seat": 2,
                "card": 4,
                "square": "f3",
                "building": "4a",
                "joker": False,
            },
            {"type": "CardDrawn", "seat": 2},
        ],
    }
    v["version"] = 6
    return v


def seething_relatives() -> dict[str, Any]:
    v = base(3)
    v["seething"] = True
    v["squares"] = {
        "a2": [0, 1], "b2": [2, 0], "e1": [1], "e2": [2, 2], "c3": [0, 1, 2], "d3": [1],
        "f3": [0, 1], "g3": [2, 2, 0], "i3": [1, 0], "c4": [0, 2], "d4": [1, 1], "d5": [0],
        "f5": [2], "g4": [0, 1, 1], "e6": [2, 0, 1, 1], "f6": [0], "i6": [1], "k6": [2],
        "d2": [0], "b4": [2], "h4": [1, 0],
    }  # fmt: skip
    for sv in v["seats"]:
        sv["supply"] = 30 - sum(seats.count(sv["seat"]) for seats in v["squares"].values()) - 1
        sv["volcano"] = 1
    _recount(v)
    v["stock_size"] = 19
    v["discard"] = {
        "1": 2,
        "2": 1,
        "3": 3,
        "4": 4,
        "5": 2,
        "6": 3,
        "8": 3,
        "9": 3,
        "10": 1,
        "omen": 2,
    }
    v["discard_top"] = "6"
    v["pending"].update(
        seat=1, kind="relative", relatives_left=1, relatives_from="6b",
        prompt="Black: place a relative",
    )  # fmt: skip
    v["last_turn"] = {
        "seat": 1,
        "events": [
            {
                "type": "CardPlayed",
                "seat": 1,
                "card": 6,
                "square": "d4",
                "building": "6b",
                "joker": False,
            },
            {"type": "RelativesEarned", "seat": 1, "count": 2, "building": "6b"},
            {"type": "RelativePlaced", "seat": 1, "square": "h4", "building": "N8"},
        ],
    }
    return v


def eruption() -> dict[str, Any]:
    v = seething_relatives()
    v["phase"] = "lava_setup"
    for sv in v["seats"]:
        sv["box"] = sv["supply"]
        sv["supply"] = 0
        sv["hand_size"] = 0
    v["lava"] = {"h1": "scroll", "c2": "coin", "e4": "column"}
    v["tiles_placed"] = 3
    for sym in ("scroll", "coin", "column"):
        v["bag"][sym] -= 1
    v["pending"].update(seat=2, kind="lava", lava_tile="mask", prompt="Yellow: place the mask tile")
    v["last_turn"] = {
        "seat": 1,
        "events": [
            {"type": "LavaDrawn", "seat": 1, "tile": "column", "left": 42, "last": False},
            {
                "type": "LavaPlaced",
                "seat": 1,
                "tile": "column",
                "symbol": "column",
                "square": "e4",
                "lost": [0, 0, 0],
                "gate_closed": None,
            },
        ],
    }
    return v


def phase2_mid() -> dict[str, Any]:
    v = base(4)
    v["phase"] = "escape"
    v["seething"] = True
    v["lava"] = {
        "h1": "scroll", "g1": "scroll", "c2": "coin", "c3": "coin", "k3": "vase", "k4": "vase",
        "e4": "column", "e5": "column", "f4": "column", "d7": "mask", "j7": "helmet",
        "j6": "helmet", "f1": "scroll",
    }  # fmt: skip
    v["squares"] = {
        "a2": [0, 0, 1, 2, 3], "b2": [1, 1], "e2": [2, 3, 3], "d3": [0], "f3": [1, 2, 2, 0],
        "g3": [3], "i3": [0, 1], "c4": [2, 2, 2], "d4": [3, 0], "b5": [1], "g5": [0, 2, 3, 1, 1, 1],
        "e6": [2], "f6": [3, 3], "i6": [0], "h5": [1, 2], "a5": [3], "g7": [0, 1],
        "i4": [2, 3], "b6": [0, 0, 0],
    }  # fmt: skip
    for g in v["gates"]:
        g["open"] = g["square"] not in v["lava"]
    for sv in v["seats"]:
        sv["supply"] = 0
        sv["box"] = 2
        sv["hand_size"] = 0
        sv["saved"] = 2 + sv["seat"]
        sv["volcano"] = 5 - sv["seat"]
    _recount(v)
    v["stock_size"] = 0
    v["discard"] = {str(n): B.CARD_COUNTS[n] - 1 for n in range(1, 12)} | {"omen": 7, "ad79": 1}
    v["discard_top"] = "9"
    for sq, sym in v["lava"].items():
        del sq
        v["bag"][sym] -= 1
    v["tiles_placed"] = len(v["lava"])
    v["pending"].update(seat=2, kind="move", moves_left=1, prompt="Yellow: move a piece")
    v["last_turn"] = {
        "seat": 2,
        "events": [
            {
                "type": "LavaPlaced",
                "seat": 2,
                "tile": "column",
                "symbol": "column",
                "square": "f4",
                "lost": [0, 1, 2, 0],
                "gate_closed": None,
            },
            {
                "type": "PieceMoved",
                "seat": 2,
                "from": "c4",
                "to": "b5",
                "path": ["c4", "b4", "b5"],
                "steps": 2,
                "points": 4,
            },
        ],
    }
    return v


def game_over() -> dict[str, Any]:
    v = phase2_mid()
    v["phase"] = "over"
    v["squares"] = {}
    for sv in v["seats"]:
        sv["volcano"] += sv["in_city"]
        sv["in_city"] = 0
    v["seats"][1]["saved"] = 11
    v["pending"].update(seat=None, kind="none", moves_left=0, prompt="The game is over")
    v["outcome"] = {
        "places": [4, 1, 2, 3],
        "winners": [1],
        "scores": [{"saved": sv["saved"], "volcano": sv["volcano"]} for sv in v["seats"]],
        "reason": "the last tile was drawn",
    }
    v["last_turn"] = {
        "seat": 1,
        "events": [
            {
                "type": "PieceSaved",
                "seat": 1,
                "from": "g5",
                "gate": "g7",
                "path": ["g5", "g6", "g7"],
            },
        ],
    }
    return v


def hand_view() -> dict[str, Any]:
    v = copy.deepcopy(seething_relatives())
    v["seat"] = 1
    v["hand"] = [3, 6, 11, 1]
    v["jokers"] = [False, True, False, False]
    v["can_erupt"] = False
    return v


POSITIONS = {
    "phase1_early": phase1_early,
    "seething_relatives": seething_relatives,
    "eruption": eruption,
    "phase2_mid": phase2_mid,
    "game_over": game_over,
}
