"""The data set of Pompeii, loaded once from ``engine/workers/data/*.json`` and validated.

All numbers of the game live in those files (goods and values, recipes, costs, space limits,
cards and their effects, volcano cards), never in code, so a licensed data set can replace ours
without code changes. Loading reads package data with :mod:`importlib.resources` (no file-system
access of our own) and raises :class:`DataError` naming the file and the record on any problem.

Everything here is immutable and indexed for speed: goods are ints (their position in
``goods.json``), buildings are their numbers 1–20, cards keep their ids (``"S30"``, ``"C12"``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

PROVENANCES = ("rulebook", "inferred", "adaptation")
ADAPTED_NOTE = "† adapted: original card or board text not public"

Goods = tuple[tuple[int, int], ...]
"""A bundle of goods: ``((good, amount), ...)`` sorted by good."""


class DataError(ValueError):
    """A data file is missing, malformed or inconsistent; the message names file and record."""


@dataclass(frozen=True, slots=True)
class Good:
    index: int
    id: str
    name: str
    value: int
    provenance: str
    aliases: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Recipe:
    inputs: Goods  # one unit of each per conversion (×amount)
    output: int


@dataclass(frozen=True, slots=True)
class Building:
    number: int
    name: str
    colour: str  # red / blue / green / purple
    function: str  # produce / foro / hire / army / castrum
    recipe: Recipe | None
    cost: Goods
    provenance: str
    cost_provenance: str
    note: str


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect primitive and its parameters (unused ones keep their defaults)."""

    type: str
    field: int = -1  # a resource field (= its value-I good)
    good: int = -1
    building: int = 0
    amount: int = 0
    count: int = 0
    value: int = 0  # steal: the value stolen (0 = any)
    inputs: Goods = ()
    output: int = -1
    goods: Goods = ()
    only: str = ""  # extra_actions: "", "produce" or "trade"
    chooser: str = ""  # steal: "thief" or "victim"
    colour: str = ""
    source: str = ""  # take_card
    mode: str = ""  # offering
    army: bool = False  # injure
    protect_all: bool = False
    half: bool = False
    protected: frozenset[int] = frozenset()
    deck: str = ""  # draw_cards: "specialist" / "city"
    keep: int = 0  # draw_cards: cards kept in hand; 0 = activate them all
    space: str = ""  # own_space
    tokens: int = 0
    min_workers: int = 0
    max_value: int = 0

    @property
    def where(self) -> str:
        """The location a worker-action card names: ``field``, ``building``, ``costruzione``,
        ``porta``, or ``""`` for cards that are not used at a worker action."""
        return _WHERE.get(self.type, "")


_WHERE = {
    "yield_bonus": "field",
    "replace_yield": "field",
    "convert_bonus": "building",
    "skip_convert": "building",
    "double_output": "building",
    "input_discount": "building",
    "waive_cost": "costruzione",
    "trade_bonus": "porta",
}


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    kind: str  # specialist / city
    name: str
    cost: Goods
    timing: str  # persistent / once / hand
    effect: Effect
    text: str
    provenance: str
    cost_provenance: str
    temple: bool = False

    @property
    def adapted(self) -> bool:
        return self.provenance == "adaptation"


@dataclass(frozen=True, slots=True)
class VolcanoCard:
    id: str
    set: str  # A / B / C; "" for the Apocalypse
    apocalypse: bool
    goods: tuple[int, ...]
    provenance: str


@dataclass(frozen=True, slots=True)
class Board:
    fields: tuple[int, ...]
    limits: Mapping[str, tuple[int, ...]]  # space kind -> limit by player count (index 0 = 1p)
    collect_first: int
    collect_second: int
    trade_lower: int
    trade_same: int
    trade_higher: int
    trade_pearls: int
    swap_value: int
    swap_amount: int
    workers_start: int
    workers_max: int
    costs: Mapping[str, Goods]
    setup: Mapping[str, int]
    solo: Mapping[str, int]
    solo_costs: Mapping[str, Goods]  # "army" and "building_<n>": the solo game's own costs
    titles: tuple[tuple[str, int], ...]
    provenance: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Catalog:
    goods: tuple[Good, ...]
    buildings: tuple[Building, ...]  # index = number; [0] is a placeholder
    board: Board
    cards: Mapping[str, Card]
    specialists: tuple[str, ...]
    city: tuple[str, ...]
    volcano: Mapping[str, VolcanoCard]
    good_ids: Mapping[str, int]  # id and aliases -> index


# --------------------------------------------------------------------------- reading helpers


class _Rec:
    """One JSON record with typed getters that raise :class:`DataError` naming it."""

    def __init__(self, file: str, name: str, data: Any) -> None:
        self.file, self.name = file, name
        if not isinstance(data, dict):
            self.fail("must be an object")
        self.data: dict[str, Any] = data

    def fail(self, problem: str) -> None:
        raise DataError(f"{self.file}: {self.name}: {problem}")

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if key not in self.data:
            if default is ...:
                self.fail(f"missing field `{key}`")
            return default
        value = self.data[key]
        if isinstance(value, bool) and kind is int:
            self.fail(f"`{key}` must be an integer")
        if not isinstance(value, kind):
            self.fail(f"`{key}` has the wrong type ({type(value).__name__})")
        return value

    def provenance(self, key: str = "provenance") -> str:
        value = self.get(key, str)
        if value not in PROVENANCES:
            self.fail(f"`{key}` must be one of {', '.join(PROVENANCES)}, not {value!r}")
        return str(value)

    def good(self, ids: Mapping[str, int], key: str) -> int:
        name = self.get(key, str)
        if name not in ids:
            self.fail(f"`{key}`: unknown good {name!r}")
        return ids[name]

    def bundle(self, ids: Mapping[str, int], key: str, default: Any = ...) -> Goods:
        raw = self.get(key, dict, default)
        out: dict[int, int] = {}
        for name, amount in raw.items():
            if name not in ids:
                self.fail(f"`{key}`: unknown good {name!r}")
            if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
                self.fail(f"`{key}`: amount of {name} must be a positive integer")
            out[ids[name]] = amount
        return tuple(sorted(out.items()))


def _read(file: str) -> Any:
    try:
        text = resources.files("engine.workers.data").joinpath(file).read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError) as error:
        raise DataError(f"{file}: cannot be read ({error})") from None
    try:
        return json.loads(text)
    except ValueError as error:
        raise DataError(f"{file}: not valid JSON ({error})") from None


def _records(file: str) -> list[Any]:
    data = _read(file)
    if not isinstance(data, list):
        raise DataError(f"{file}: must hold a list of records")
    return data


# --------------------------------------------------------------------------- goods, buildings


def _goods() -> tuple[tuple[Good, ...], dict[str, int]]:
    goods: list[Good] = []
    ids: dict[str, int] = {}
    for i, raw in enumerate(_records("goods.json")):
        rec = _Rec("goods.json", f"record {i}", raw)
        gid = rec.get("id", str)
        rec.name = gid
        value = rec.get("value", int)
        if not 1 <= value <= 5:
            rec.fail("`value` must be 1–5 (I–V)")
        aliases = tuple(rec.get("aliases", list, []))
        for name in (gid, *aliases):
            if not isinstance(name, str) or not name.isascii() or not name.isidentifier():
                rec.fail(f"id or alias {name!r} must be an ASCII word")
            if name.lower() in ids:
                rec.fail(f"id or alias {name!r} is used twice")
            ids[name.lower()] = i
        goods.append(Good(i, gid, rec.get("name", str), value, rec.provenance(), aliases))
    if not goods:
        raise DataError("goods.json: no goods")
    return tuple(goods), ids


_FUNCTIONS = ("produce", "foro", "hire", "army", "castrum")
_COLOURS = ("red", "blue", "green", "purple")


def _buildings(ids: Mapping[str, int]) -> tuple[Building, ...]:
    out: list[Building] = []
    for i, raw in enumerate(_records("buildings.json"), 1):
        rec = _Rec("buildings.json", f"building {i}", raw)
        if rec.get("number", int) != i:
            rec.fail(f"buildings must be numbered 1, 2, … in order (expected {i})")
        colour, function = rec.get("colour", str), rec.get("function", str)
        if colour not in _COLOURS:
            rec.fail(f"`colour` must be one of {', '.join(_COLOURS)}")
        if function not in _FUNCTIONS:
            rec.fail(f"`function` must be one of {', '.join(_FUNCTIONS)}")
        recipe = None
        raw_recipe = rec.get("recipe", (dict, type(None)))
        if function == "produce":
            if raw_recipe is None:
                rec.fail("a producing building needs a `recipe`")
            sub = _Rec("buildings.json", f"building {i} recipe", raw_recipe)
            recipe = Recipe(sub.bundle(ids, "inputs"), sub.good(ids, "output"))
            if not recipe.inputs:
                rec.fail("a recipe needs at least one input")
        elif raw_recipe is not None:
            rec.fail(f"a `{function}` building has no recipe")
        out.append(
            Building(
                i,
                rec.get("name", str),
                colour,
                function,
                recipe,
                rec.bundle(ids, "cost"),
                rec.provenance(),
                rec.provenance("cost_provenance"),
                rec.get("note", str, ""),
            )
        )
    functions = [b.function for b in out]
    for needed in _FUNCTIONS:
        if functions.count(needed) != 1 and needed != "produce":
            raise DataError(f"buildings.json: exactly one `{needed}` building is needed")
    if not any(b.colour == "red" for b in out):
        raise DataError("buildings.json: no red building")
    placeholder = Building(0, "", "", "", None, (), "adaptation", "adaptation", "")
    return (placeholder, *out)


_LIMITS = ("field", "building", "costruzione", "porta", "piazza", "foro", "terme")


def _board(ids: Mapping[str, int]) -> Board:
    file = "board.json"
    root = _Rec(file, "board", _read(file))
    prov: dict[str, str] = {}

    def section(name: str) -> _Rec:
        rec = _Rec(file, name, root.get(name, dict))
        prov[name] = rec.provenance()
        return rec

    fields = section("fields")
    field_goods = tuple(ids.get(str(g).lower(), -1) for g in fields.get("goods", list))
    if -1 in field_goods or len(set(field_goods)) != len(field_goods) or not field_goods:
        fields.fail("`goods` must list distinct known goods")
    limits = section("limits")
    limit_map: dict[str, tuple[int, ...]] = {}
    for name in _LIMITS:
        row = limits.get(name, list)
        if len(row) != 4 or not all(isinstance(n, int) and n >= 1 for n in row):
            limits.fail(f"`{name}` must list 4 positive limits (1–4 players)")
        limit_map[name] = tuple(row)
    collect, trade, swap = section("collect"), section("trade"), section("swap")
    workers, costs_rec = section("workers"), section("costs")
    costs = {k: costs_rec.bundle(ids, k) for k in costs_rec.data if k not in ("provenance", "note")}
    for needed in ("army", "worker", "recover_C12", "recover_C14", "recover_C28", "recover_C31"):
        if needed not in costs:
            costs_rec.fail(f"missing cost `{needed}`")
    solo_costs_rec = section("solo_costs")
    solo_costs: dict[str, Goods] = {}
    for key in solo_costs_rec.data:
        if key in ("provenance", "note"):
            continue
        number = key.removeprefix("building_")
        if key != "army" and not (number.isdigit() and 1 <= int(number) <= 20):
            solo_costs_rec.fail(f"`{key}`: expected `army` or `building_<1-20>`")
        solo_costs[key] = solo_costs_rec.bundle(ids, key)
    setup_rec, solo_rec = section("setup"), section("solo")
    setup = {k: setup_rec.get(k, int) for k in setup_rec.data if k not in ("provenance", "note")}
    for needed in (
        "starting_goods",
        "specialists",
        "volcano_cards",
        "city_cards_at_foro",
        "foro_builder_specialists",
        "foro_builder_city_cards",
        "foro_wait_coins",
        "c14_tokens",
    ):
        if needed not in setup:
            setup_rec.fail(f"missing `{needed}`")
    solo = {k: solo_rec.get(k, int) for k in ("display", "deck", "rounds", "city_cards")}
    titles = tuple((str(t), int(r)) for t, r in solo_rec.get("titles", list))
    return Board(
        fields=field_goods,
        limits=limit_map,
        collect_first=collect.get("first", int),
        collect_second=collect.get("second", int),
        trade_lower=trade.get("lower", int),
        trade_same=trade.get("same", int),
        trade_higher=trade.get("higher", int),
        trade_pearls=trade.get("pearls", int),
        swap_value=swap.get("value", int),
        swap_amount=swap.get("amount", int),
        workers_start=workers.get("start", int),
        workers_max=workers.get("max", int),
        costs=costs,
        setup=setup,
        solo=solo,
        solo_costs=solo_costs,
        titles=titles,
        provenance=prov,
    )


# --------------------------------------------------------------------------- effects, cards

_PARAMS: dict[str, dict[str, str]] = {
    # effect type -> parameter -> kind (field, good, building, int, goods, str:<choices>, ...)
    "gain": {"goods": "goods"},
    "gain_choice": {"max_value": "int", "amount": "int"},
    "yield_bonus": {"field": "field", "amount": "int"},
    "replace_yield": {"field": "field", "good": "good"},
    "convert_bonus": {"building": "building", "amount": "int"},
    "skip_convert": {"building": "building", "inputs": "goods", "output": "good"},
    "double_output": {"building": "building"},
    "input_discount": {"building": "building", "good": "good", "amount": "int"},
    "waive_cost": {"good": "good"},
    "trade_bonus": {"good": "good", "amount": "int"},
    "extra_actions": {"count": "int", "only": "only"},
    "steal": {"value": "value", "chooser": "str:thief,victim"},
    "extra_owner": {"colour": "colour"},
    "no_owner_bonus": {"colour": "colour"},
    "ignore_limit": {"colour": "colour"},
    "own_space": {"space": "str:porta", "good": "good", "amount": "int"},
    "injure": {"worker": "bool", "army": "bool"},
    "cover_spaces": {"tokens": "int"},
    "take_card": {"source": "str:active_specialist,active_temple,city_discard"},
    "protect": {},
    "offering": {"mode": "str:value_bonus,exempt,cut,cancel", "amount": "int0"},
    "halt_castrum": {},
    "new_worker": {},
    "free_build": {"colour": "colour"},
    "draw_cards": {"deck": "str:specialist,city", "count": "int", "keep": "keep"},
    "start_player": {},
    "free_recovery": {},
    "search_volcano": {"count": "int"},
    "destroy_temples": {},
    "lose_worker": {"min_workers": "int"},
    "seize_workers": {},
}
EFFECT_TYPES = tuple(_PARAMS)


def _effect(rec: _Rec, ids: Mapping[str, int], buildings: tuple[Building, ...]) -> Effect:
    raw = _Rec(rec.file, f"{rec.name} effect", rec.get("effect", dict))
    etype = raw.get("type", str)
    if etype not in _PARAMS:
        raw.fail(f"unknown effect type {etype!r}")
    kw: dict[str, Any] = {}
    for name, kind in _PARAMS[etype].items():
        if kind == "field":
            kw["field"] = raw.good(ids, name)
        elif kind == "good":
            kw[name] = raw.good(ids, name)
        elif kind == "building":
            number = raw.get(name, int)
            if not 1 <= number < len(buildings) or buildings[number].recipe is None:
                raw.fail(f"`{name}` must be a producing building")
            kw["building"] = number
        elif kind in ("int", "int0"):
            value = raw.get(name, int)
            if value < (0 if kind == "int0" else 1):
                raw.fail(f"`{name}` must be {'≥ 0' if kind == 'int0' else 'positive'}")
            kw[name] = value
        elif kind == "goods":
            kw[name] = raw.bundle(ids, name)
        elif kind == "only":
            only = raw.get(name, (str, type(None)))
            if only not in (None, "produce", "trade"):
                raw.fail("`only` must be null, produce or trade")
            kw["only"] = only or ""
        elif kind == "value":
            value = raw.get(name, (int, type(None)))
            kw["value"] = value or 0
        elif kind == "keep":
            keep = raw.get(name, (int, type(None)))
            kw["keep"] = keep or 0
        elif kind == "colour":
            colour = raw.get(name, str)
            if colour not in _COLOURS:
                raw.fail(f"`{name}` must be a building colour")
            kw["colour"] = colour
        elif kind == "bool":
            flag = raw.get(name, bool)
            if name == "army":
                kw["army"] = flag
        elif kind.startswith("str:"):
            value = raw.get(name, str)
            if value not in kind[4:].split(","):
                raw.fail(f"`{name}` must be one of {kind[4:]}")
            kw[name] = value
    if etype == "protect":
        kw["protect_all"] = bool(raw.get("all", bool, False))
        kw["half"] = bool(raw.get("half", bool, False))
        names = raw.get("goods", list, [])
        if any(not isinstance(n, str) or n.lower() not in ids for n in names):
            raw.fail("`goods` must list known goods")
        kw["protected"] = frozenset(ids[n.lower()] for n in names)
        if not (kw["protect_all"] or kw["half"] or kw["protected"]):
            raw.fail("a temple protects `all`, `half` or some `goods`")
    if etype == "replace_yield" and kw["field"] not in ids.values():
        raw.fail("unknown field")
    return Effect(type=etype, **kw)


_TIMINGS = ("persistent", "once", "hand")


def _cards(
    file: str, kind: str, prefix: str, ids: Mapping[str, int], buildings: tuple[Building, ...]
) -> list[Card]:
    out: list[Card] = []
    seen: set[str] = set()
    for i, raw in enumerate(_records(file)):
        rec = _Rec(file, f"record {i}", raw)
        cid = rec.get("id", str)
        rec.name = cid
        if not (cid.startswith(prefix) and cid[1:].isascii() and cid[1:].isdigit()):
            rec.fail(f"ids look like {prefix}07")
        if cid in seen:
            rec.fail("id used twice")
        seen.add(cid)
        timing = rec.get("timing", str)
        if timing not in _TIMINGS:
            rec.fail(f"`timing` must be one of {', '.join(_TIMINGS)}")
        effect = _effect(rec, ids, buildings)
        is_hand = effect.type in ("offering", "halt_castrum")
        if is_hand != (timing == "hand"):
            rec.fail("offering and halt_castrum cards, and only they, are played from hand")
        if kind == "specialist" and timing == "hand":
            rec.fail("specialists are not played from hand")
        out.append(
            Card(
                id=cid,
                kind=kind,
                name=rec.get("name", str),
                cost=rec.bundle(ids, "cost", {}),
                timing=timing,
                effect=effect,
                text=rec.get("text", str),
                provenance=rec.provenance(),
                cost_provenance=rec.provenance("cost_provenance") if kind == "specialist" else "",
                temple=bool(rec.get("temple", bool, False)),
            )
        )
        if out[-1].temple and effect.type != "protect":
            rec.fail("a temple card must have a `protect` effect")
    return out


def _volcano(ids: Mapping[str, int]) -> dict[str, VolcanoCard]:
    out: dict[str, VolcanoCard] = {}
    pearls: dict[str, int] = {}
    pearl = ids.get("pearls", -1)
    for i, raw in enumerate(_records("volcano.json")):
        rec = _Rec("volcano.json", f"record {i}", raw)
        cid = rec.get("id", str)
        rec.name = cid
        if cid in out:
            rec.fail("id used twice")
        apocalypse = bool(rec.get("apocalypse", bool))
        vset = rec.get("set", (str, type(None))) or ""
        names = rec.get("goods", list)
        if any(not isinstance(n, str) or n.lower() not in ids for n in names):
            rec.fail("`goods` must list known goods")
        goods = tuple(ids[n.lower()] for n in names)
        if apocalypse != (not vset) or (not apocalypse and (not goods or vset not in "ABC")):
            rec.fail("a regular card has a set A/B/C and goods; the Apocalypse has neither")
        if pearl in goods:
            pearls[vset] = pearls.get(vset, 0) + 1
            if pearls[vset] > 1:
                rec.fail(f"pearls may appear on only one card of set {vset}")
        out[cid] = VolcanoCard(cid, vset, apocalypse, goods, rec.provenance())
    if sum(c.apocalypse for c in out.values()) != 1:
        raise DataError("volcano.json: exactly one Apocalypse card is needed")
    return out


def load() -> Catalog:
    """Read and validate every data file (raises :class:`DataError`)."""
    goods, ids = _goods()
    buildings = _buildings(ids)
    board = _board(ids)
    specialists = _cards("specialists.json", "specialist", "S", ids, buildings)
    city = _cards("city.json", "city", "C", ids, buildings)
    cards = {c.id: c for c in (*specialists, *city)}
    for needed in ("C12", "C14", "C28", "C31"):
        if needed not in cards:
            raise DataError(f"city.json: card {needed} is needed (recoveries refer to it)")
    return Catalog(
        goods=goods,
        buildings=buildings,
        board=board,
        cards=cards,
        specialists=tuple(c.id for c in specialists),
        city=tuple(c.id for c in city),
        volcano=_volcano(ids),
        good_ids=ids,
    )


CATALOG = load()
