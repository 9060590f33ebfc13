"""The JSON views of Pompeii (schema: docs/views-workers.md).

``public_view`` holds what everybody sees: the board, every tablet, activated cards, hand
sizes, deck sizes, revealed volcano cards, who has locked their offering and, as pledges are
open (W4), each seat's pledge and the running total. ``player_view`` adds the seat's own hand
(with card texts and costs), its pledge, the cards it has drawn and not yet kept, and the
volcano cards it has searched. No view holds a hand of another seat or a deck order while the
game runs, nor another seat's pledge under the ``secret_pledges`` variant.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core import JSON, Seat
from engine.workers.board import (
    BOARD,
    BUILDINGS,
    CARDS,
    CASTRUM,
    FIELD_GOODS,
    FORO,
    GOODS,
    VALUE,
    army_cost,
    blocked,
    cost_of,
    limit,
    room,
    solo_house_rule,
)
from engine.workers.catalog import ADAPTED_NOTE, CATALOG, Card
from engine.workers.describe import decision_view
from engine.workers.effects import goods_json
from engine.workers.offering import offered, open_pledges, pledged, requirement, reward_seats
from engine.workers.rules import outcome
from engine.workers.state import (
    BUILDING,
    COSTRUZIONE,
    OFFERING,
    PIAZZA,
    PORTA,
    REWARD,
    State,
)

ARMY = ("none", "ready", "injured", "castrum")
_SPACES = ((COSTRUZIONE, "costruzione"), (PORTA, "porta"), (PIAZZA, "piazza"))


def mark(adapted: bool) -> str:
    return "†" if adapted else ""


@lru_cache(maxsize=256)
def card_view(cid: str) -> dict[str, JSON]:
    """A card as the UI shows it (shared: callers copy before changing)."""
    card: Card = CARDS[cid]
    effect = card.effect
    where = effect.where
    if where == "field":
        where = f"field:{GOODS[effect.field].id}"
    elif where == "building":
        where = f"building:{effect.building}"
    return {
        "id": cid,
        "kind": card.kind,
        "name": card.name,
        "cost": goods_json(card.cost),
        "timing": card.timing,
        "effect": effect.type,
        "where": where,
        "temple": card.temple,
        "text": card.text,
        "provenance": card.provenance,
        "adapted": card.adapted,
        "cost_adapted": card.cost_provenance == "adaptation",
        "mark": mark(card.adapted),
    }


def _cards(ids: tuple[str, ...]) -> list[JSON]:
    return [dict(card_view(c)) for c in ids]


@lru_cache(maxsize=64)
def volcano_view(cid: str) -> dict[str, JSON]:
    card = CATALOG.volcano[cid]
    adapted = card.provenance == "adaptation"
    return {
        "id": cid,
        "set": card.set,
        "apocalypse": card.apocalypse,
        "goods": [GOODS[g].id for g in card.goods],
        "adapted": adapted,
        "mark": mark(adapted),
    }


def _legend(solo: bool) -> dict[str, JSON]:
    return {
        "goods": [
            {
                "id": g.id,
                "name": g.name,
                "value": g.value,
                "adapted": g.provenance == "adaptation",
                "mark": mark(g.provenance == "adaptation"),
            }
            for g in GOODS
        ],
        "fields": [GOODS[g].id for g in FIELD_GOODS],
        "costs": {
            **{name: goods_json(bundle) for name, bundle in BOARD.costs.items()},
            "army": goods_json(army_cost(solo)),
        },
        "army_house_rule": solo_house_rule("army", solo),
        "limits_adapted": BOARD.provenance.get("limits") == "adaptation",
        "costs_adapted": BOARD.provenance.get("costs") == "adaptation",
        "adapted_note": ADAPTED_NOTE,
    }


def _building(s: State, number: int, workers: dict[int, list[list[int]]]) -> dict[str, JSON]:
    space = BUILDING + number
    has_space = number != CASTRUM
    owner = s.owners[number]
    static, recipe = _building_data(number)
    cost = goods_json(cost_of(number, solo=s.players == 1))
    return {
        **static,
        "built": owner >= 0,
        "owner": owner if owner >= 0 else None,
        "marks": [seat for bb, seat in s.marks if bb == number] if s.marks else [],
        "tokens": s.tokens.count(number),
        "limit": limit(s.players, space) if has_space else 0,
        "free": max(0, room(s, space)) if has_space else 0,
        "workers": workers.get(space, []),
        "recipe": {"inputs": dict(recipe[0]), "output": recipe[1]} if recipe else None,
        "cost": dict(cost),
        "cost_house_rule": solo_house_rule(f"building_{number}", s.players == 1),
        "excluded": s.options.no_textoria and number == 14,
    }


@lru_cache(maxsize=32)
def _building_data(
    number: int,
) -> tuple[dict[str, JSON], tuple[dict[str, int], str] | None]:
    """What never changes about a building (shared: ``_building`` copies the dicts; its cost
    depends on the game, solo or not)."""
    b = BUILDINGS[number]
    static: dict[str, JSON] = {
        "number": number,
        "name": b.name,
        "colour": b.colour,
        "function": b.function,
        "adapted": b.provenance == "adaptation",
        "cost_adapted": b.cost_provenance == "adaptation",
        "mark": mark(b.provenance == "adaptation"),
        "note": b.note,
    }
    recipe = None
    if b.recipe is not None:
        recipe = (goods_json(b.recipe.inputs), GOODS[b.recipe.output].id)
    return static, recipe


def _seat(s: State, seat: int) -> dict[str, JSON]:
    goods = s.goods[seat]
    return {
        "seat": seat,
        "goods": {g.id: goods[g.index] for g in GOODS},
        "value": sum(n * VALUE[g] for g, n in enumerate(goods)),
        "workers": s.workers[seat],
        "available": s.available(seat),
        "placed": s.placed[seat],
        "hired": s.fresh[seat],
        "injured": s.injured[seat],
        "on_c28": s.held28[seat],
        "on_c31": s.held31[seat],
        "army": ARMY[s.army[seat]],
        "specialists": _cards(s.active_s[seat]),
        "city_cards": _cards(s.active_c[seat]),
        "hand_specialists": len(s.hand_s[seat]),
        "hand_city": len(s.hand_c[seat]),
        "drawn": len(s.drawn[seat]),
        "draws_left": s.draws[seat],
        "locked": s.locked[seat] if s.stage == OFFERING else False,
        "exempt": s.exempt[seat] if s.stage == OFFERING else False,
        "boosted": s.boosted[seat] if s.stage == OFFERING else False,
        "porta_owner": s.porta_owner == seat,
    }


def public_view(s: State) -> dict[str, JSON]:
    workers: dict[int, list[list[int]]] = {}
    for space, seat, marker in s.board:
        workers.setdefault(space, []).append([seat, marker])
    result = outcome(s)
    solo = s.players == 1
    return {
        "game": "workers",
        "version": s.version,
        "players": s.players,
        "options": {
            "difficulty": s.options.difficulty,
            "all_cards": s.options.all_cards,
            "apocalypse_bottom": s.options.apocalypse_bottom,
            "foro_wait": s.options.foro_wait,
            "trade_steps": s.options.trade_steps,
            "no_textoria": s.options.no_textoria,
            "offering_window": s.options.offering_window,
            "secret_pledges": s.options.secret_pledges,
        },
        "stage": s.stage,
        "round": s.round,
        "phase": "prosperity" if s.prosperity else "founding",
        "vesuvius": "B" if s.prosperity else "A",
        "start_player": s.start,
        "turn": s.turn if s.turn >= 0 and s.stage == "place" else None,
        "decision": decision_view(s),
        "extra_actions": len(s.extras),
        "last": {"seat": s.last_seat, "action": s.last_action} if s.last_seat >= 0 else None,
        "news": {
            "turn": [_copy(e) for e in s.turn_log],
            "round": [_copy(e) for e in s.round_log],
            "newer": "round" if s.round_newer else "turn",
        },
        "fields": [{"good": GOODS[g].id, "workers": workers.get(g, [])} for g in FIELD_GOODS],
        "buildings": [_building(s, b.number, workers) for b in BUILDINGS[1:]],
        "spaces": [
            {
                "space": name,
                "limit": limit(s.players, space),
                "free": max(0, room(s, space)),
                "workers": workers.get(space, []),
            }
            for space, name in _SPACES
        ],
        "special_fields": {
            "C12": [seat for seat in range(s.players) for _ in range(s.injured[seat])],
            "C28": [seat for seat in range(s.players) for _ in range(s.held28[seat])],
            "C31": [seat for seat in range(s.players) for _ in range(s.held31[seat])],
        },
        "castrum": {
            "built": s.owners[CASTRUM] >= 0,
            "owner": s.owners[CASTRUM] if s.owners[CASTRUM] >= 0 else None,
            "halted": s.castrum_halt if s.castrum_halt >= 0 else None,
        },
        "foro_built": s.owners[FORO] >= 0,
        "foro_coins": s.foro_coins,
        "porta_owner": s.porta_owner if s.porta_owner >= 0 else None,
        "seats": [_seat(s, seat) for seat in range(s.players)],
        "decks": {
            "specialists": len(s.spec_deck),
            "specialist_discards": len(s.spec_discard),
            "specialists_out": len(s.spec_out),
            "city": len(s.city_deck),
            "city_discards": _cards(s.city_discard),
        },
        "volcano": {
            "difficulty": s.options.difficulty,
            "deck": len(s.volcano) + len(s.searching),
            "lower": s.lower_left if solo else None,
            "upper": len(s.volcano) + len(s.searching) - s.lower_left if solo else None,
            "top": dict(volcano_view(s.revealed[-1])) if s.revealed else None,
            "revealed": [dict(volcano_view(c)) for c in s.revealed],
            "apocalypse_visible": solo and s.prosperity and not s.volcano,
            "blocked": [GOODS[g].id for g in blocked(s)],
        },
        "offering": _offering(s),
        "reward": (
            {"draws": list(s.draws), "waiting": sorted(reward_seats(s))}
            if s.stage == REWARD
            else None
        ),
        "window": (
            {"kind": "halt_castrum", "builder": s.turn, "waiting": list(s.window)}
            if s.window
            else None
        ),
        "solo": (
            {
                "display": _cards(s.display),
                "rounds": BOARD.solo["rounds"],
                "titles": [[t, r] for t, r in BOARD.titles],
            }
            if solo
            else None
        ),
        "outcome": result.to_json() if result else None,
        "legend": _legend(s.players == 1),
    }


def _copy(value: Any) -> Any:
    """A fresh JSON copy of a logged (public) event: views are the caller's to change."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy(v) for v in value]
    return value


def _offering(s: State) -> JSON:
    if s.stage != OFFERING:
        return None
    out: dict[str, JSON] = {
        "requirement": requirement(s),
        "locked": [seat for seat in range(s.players) if s.locked[seat]],
        "waiting": [seat for seat in range(s.players) if not s.locked[seat]],
        "exempt": [seat for seat in range(s.players) if s.exempt[seat]],
        "boosted": [seat for seat in range(s.players) if s.boosted[seat]],
        "cut": s.cut,
        "open": open_pledges(s),
    }
    if open_pledges(s):  # W4: every seat's pledge as it stands, and the running total
        out["pledges"] = [goods_json(dict(enumerate(p))) for p in s.pledges]
        out["values"] = [offered(s, seat) for seat in range(s.players)]
        out["total"] = pledged(s)
    return out


def player_view(s: State, seat: Seat) -> dict[str, JSON]:
    if not 0 <= seat < s.players:
        raise ValueError(f"no seat {seat} in a {s.players}-player game")
    view = public_view(s)
    pledge = s.pledges[seat]
    view.update(
        {
            "seat": seat,
            "hand": {"specialists": _cards(s.hand_s[seat]), "city": _cards(s.hand_c[seat])},
            "pledge": goods_json(dict(enumerate(pledge))),
            "pledge_value": offered(s, seat) if s.stage == OFFERING else 0,
            "drawn_cards": _cards(s.drawn[seat]),
            "searching": (
                [dict(volcano_view(c)) for c in s.searching]
                if any(p.kind == "stack" and p.seat == seat for p in s.prompts)
                else []
            ),
            "known_volcano": [dict(volcano_view(c)) for c in s.volcano[: s.known[seat]]],
        }
    )
    return view


PLAYER_KEYS = frozenset(
    ("seat", "hand", "pledge", "pledge_value", "drawn_cards", "searching", "known_volcano")
)


def build_view(s: State, seat: Seat | None) -> dict[str, JSON]:
    return public_view(s) if seat is None else player_view(s, seat)
