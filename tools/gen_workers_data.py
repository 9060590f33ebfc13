"""Generate the data set of Pompeii (the worker game): ``engine/workers/data/*.json``.

Run ONCE: ``python tools/gen_workers_data.py``. The JSON files are the source of truth from then
on (the engine never imports this script); an official data set can replace them without code
changes. The tables below follow ``docs/rules/workers.md`` §4 (the shared spec's data proposal);
the volcano cards are drawn with a fixed seed (``VOLCANO_SEED``), so running the script again
reproduces the committed files exactly.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "engine" / "workers" / "data"
VOLCANO_SEED = 7909  # 79 AD, 9 cards per deck

R, INF, A = "rulebook", "inferred", "adaptation"

# --------------------------------------------------------------------------- goods (§4.1)

GOODS = [
    ("grain", "grain", 1, R, []),
    ("deer", "deer", 1, R, []),
    ("wood", "wood", 1, R, []),
    ("grass", "grass", 1, R, []),
    ("fish", "fish", 1, R, []),
    ("reed", "reed", 1, R, []),
    ("clay", "clay", 1, R, []),
    ("stone", "stone", 1, R, []),
    ("olives", "olives", 1, R, ["olive"]),
    ("grapes", "grapes", 1, R, ["grape"]),
    ("flour", "flour", 2, INF, []),
    ("sheep", "sheep", 2, A, []),
    ("planks", "planks", 2, A, ["plank"]),
    ("coal", "coal", 2, A, []),
    ("pillars", "pillars", 2, A, ["pillar"]),
    ("olive_oil", "olive oil", 2, A, ["oil", "oliveoil"]),
    ("wine", "wine", 2, A, []),
    ("bread", "bread", 3, INF, []),
    ("meat", "meat", 3, R, []),
    ("pearls", "pearls", 3, R, ["pearl"]),
    ("wool", "wool", 3, A, []),
    ("gold", "gold", 4, R, []),
    ("iron", "iron", 4, R, []),
    ("fabric", "fabric", 4, A, []),
    ("swords", "swords", 5, R, ["sword"]),
    ("gold_coin", "gold coin", 5, INF, ["coin", "coins", "goldcoin", "gold_coins"]),
    ("tunics", "tunics", 5, A, ["tunic"]),
]
NAME = {g[0]: g[1] for g in GOODS}
VALUE = {g[0]: g[2] for g in GOODS}
FIELDS = [g[0] for g in GOODS if g[2] == 1]

# --------------------------------------------------------------------------- buildings (§4.2, §4.3)

BLUE_COST = {"planks": 2, "pillars": 2, "clay": 1, "reed": 1}


def _b(number, name, colour, function, recipe, cost, provenance, note=""):
    return {
        "number": number,
        "name": name,
        "colour": colour,
        "function": function,
        "recipe": recipe,
        "cost": cost,
        "provenance": provenance,
        "cost_provenance": A,
        "note": note,
    }


def _r(output, **inputs):
    return {"inputs": inputs, "output": output}


BUILDINGS = [
    _b(1, "Segheria", "red", "produce", _r("planks", wood=1),
       {"wood": 2, "clay": 1, "reed": 1}, A, "sawmill"),
    _b(2, "Miniera d'Oro", "red", "produce", _r("gold", bread=1),
       {"stone": 2, "wood": 1, "clay": 1, "reed": 1}, INF,
       "name and number rulebook; input inferred"),
    _b(3, "Carbonaia", "red", "produce", _r("coal", wood=1),
       {"clay": 2, "wood": 1, "reed": 1}, A, "charcoal kiln"),
    _b(4, "Officina Lapidaria", "red", "produce", _r("pillars", stone=1),
       {"wood": 2, "stone": 1, "reed": 1}, A, "stonemason"),
    _b(5, "Macellum", "red", "produce", _r("meat", deer=1),
       {"clay": 2, "stone": 1, "wood": 1, "reed": 1}, A, "butcher"),
    _b(6, "Frantoio", "red", "produce", _r("olive_oil", olives=1),
       {"stone": 2, "clay": 1, "reed": 1}, A, "olive press"),
    _b(7, "Villa del Molino", "red", "produce", _r("flour", grain=1),
       {"stone": 2, "wood": 1, "reed": 1}, R, "mill"),
    _b(8, "Villa dei Misteri", "red", "produce", _r("wine", grapes=1),
       {"clay": 2, "stone": 1, "reed": 1}, A, "wine press"),
    _b(9, "Villa Rustica", "red", "produce", _r("sheep", grass=1),
       {"wood": 2, "clay": 1, "reed": 1}, A, "pasture"),
    _b(10, "Panificio di Modesto", "red", "produce", _r("bread", flour=1),
       {"wood": 2, "clay": 1, "stone": 1, "reed": 1}, R, "bakery"),
    _b(11, "Miniera di Ferro", "blue", "produce", _r("iron", meat=1), BLUE_COST, A, "iron mine"),
    _b(12, "Fullonica di Stephanus", "blue", "produce", _r("wool", sheep=1), BLUE_COST, A,
       "fullery"),
    _b(13, "Textrinum", "blue", "produce", _r("fabric", wool=1), BLUE_COST, A, "weaving shed"),
    _b(14, "Officina Textoria", "blue", "produce", _r("tunics", fabric=1), BLUE_COST, A,
       "name and number rulebook; recipe adaptation"),
    _b(15, "Officina Monetaria", "blue", "produce", _r("gold_coin", gold=1, coal=1), BLUE_COST, R,
       "mint"),
    _b(16, "Armamentarium", "blue", "produce", _r("swords", iron=1, coal=1), BLUE_COST, A,
       "armoury"),
    _b(17, "Foro di Pompeii", "blue", "foro", None,
       {"planks": 2, "pillars": 2, "clay": 2, "reed": 2}, R,
       "activate 1 city card, or pay a recovery cost; the first non-red building"),
    _b(18, "Caupona", "blue", "hire", None, BLUE_COST, A,
       "tavern: pay wine, take a new worker (fills the 'workers cost wine' rule)"),
    _b(19, "Terme Stabiane", "green", "army", None,
       {"planks": 1, "pillars": 1, "olive_oil": 1, "clay": 2}, R,
       "pay the army cost, take your army"),
    _b(20, "Castrum", "purple", "castrum", None,
       {"pillars": 2, "planks": 2, "iron": 1, "reed": 1}, R,
       "no worker space; place your army here to win"),
]  # fmt: skip

# --------------------------------------------------------------------------- board (§4.4, §4.3)

BOARD = {
    "fields": {"goods": FIELDS, "provenance": R},
    "limits": {
        "provenance": A,
        "note": "worker places per space by player count (index 0 = 1 player); the field "
        "limit is per player [R]",
        "field": [2, 2, 2, 2],
        "building": [1, 1, 2, 2],
        "costruzione": [1, 1, 2, 2],
        "porta": [1, 1, 2, 2],
        "piazza": [1, 1, 2, 2],
        "foro": [1, 1, 2, 2],
        "terme": [1, 1, 2, 2],
    },
    "collect": {"first": 1, "second": 2, "provenance": R},
    "trade": {"lower": 1, "same": 2, "higher": 4, "pearls": 1, "provenance": R},
    "swap": {"value": 1, "amount": 1, "provenance": A},
    "workers": {"start": 3, "max": 6, "provenance": R},
    "costs": {
        "provenance": A,
        "army": {"swords": 1, "tunics": 1, "gold_coin": 1},
        "worker": {"wine": 3},
        "recover_C12": {"bread": 1},
        "recover_C14": {"planks": 1},
        "recover_C28": {"meat": 1, "tunics": 1},
        "recover_C31": {"olive_oil": 2},
        "note": "the army (at the Terme), a new worker (at 18) and the recoveries at the Foro; "
        "tuned by simulation (docs/balance-workers.md)",
    },
    "setup": {
        "provenance": R,
        "starting_goods": 6,
        "specialists": 6,
        "volcano_cards": 9,
        "city_cards_at_foro": 6,
        "foro_builder_specialists": 1,
        "foro_builder_city_cards": 1,
        "foro_wait_coins": 9,
        "c14_tokens": 2,
    },
    "solo": {
        "provenance": R,
        "display": 5,
        "deck": 9,
        "rounds": 18,
        "city_cards": 5,
        "titles": [["Duumvir", 15], ["Aedile", 16], ["Decurion", 17], ["Quaestor", 18]],
    },
    "solo_costs": {
        "provenance": A,
        "note": "a house rule, marked † (W41): the solo game's dearer army, Terme and Castrum. "
        "The solo player has the board to themselves, five free specialists a round and the Foro "
        "for free, so the multiplayer costs make every solo game a Duumvir's, and no single "
        "table was found that fits both games (docs/balance-workers.md)",
        "army": {"swords": 2, "tunics": 1, "gold_coin": 1, "meat": 2},
        "building_19": {"planks": 2, "pillars": 2, "olive_oil": 2, "clay": 2},
        "building_20": {"pillars": 3, "planks": 3, "iron": 2, "reed": 2},
    },
}

# --------------------------------------------------------------------------- effect texts

BNAME = {b["number"]: b["name"] for b in BUILDINGS}


def goods_text(goods):
    return " + ".join(f"{n} {NAME[g]}" for g, n in goods.items())


def effect_text(e):
    t = e["type"]
    if t == "yield_bonus":
        field = NAME[e["field"]]
        return f"{field.capitalize()} field: collect {e['amount']} extra {field}."
    if t == "replace_yield":
        return (
            f"{NAME[e['field']].capitalize()} field: take {NAME[e['good']]} instead of "
            f"{NAME[e['field']]}, as many as you would collect."
        )
    if t == "trade_bonus":
        return f"Porta di Pompeii: trade as usual, then take {e['amount']} {NAME[e['good']]}."
    if t == "convert_bonus":
        return f"Building {e['building']} {BNAME[e['building']]}: +{e['amount']} output per use."
    if t == "skip_convert":
        return (
            f"Building {e['building']} {BNAME[e['building']]}: convert "
            f"{goods_text(e['inputs'])} into 1 {NAME[e['output']]} (skips a step)."
        )
    if t == "double_output":
        return f"Building {e['building']} {BNAME[e['building']]}: double the output."
    if t == "input_discount":
        return (
            f"Building {e['building']} {BNAME[e['building']]}: pay {e['amount']} "
            f"{NAME[e['good']]} less per use."
        )
    if t == "waive_cost":
        return f"Costruzione: {NAME[e['good']]} is struck from the construction cost."
    if t == "extra_actions":
        what = {None: "worker actions", "produce": "production action", "trade": "trade action"}[
            e["only"]
        ]
        return f"Immediately take {e['count']} extra {what} (coins mark them)."
    if t == "steal":
        if e["chooser"] == "victim":
            return "Each opponent gives you one good of their choice."
        return (
            f"Take 1 value-{'I' * e['value'] if e['value'] < 4 else 'IV'} good from every opponent."
        )
    if t == "gain":
        return f"Take {goods_text(e['goods'])}."
    if t == "gain_choice":
        return f"Take {e['amount']} good of value {'I' * e['max_value']} or lower from the supply."
    if t == "extra_owner":
        return (
            "Put one of your ownership markers on another player's red building: you also "
            "get an ownership bonus whenever someone else uses it."
        )
    if t == "no_owner_bonus":
        return "When you use another player's blue building, its owner gets no bonus."
    if t == "ignore_limit":
        return "You may place a worker on a blue building even when its spaces are full."
    if t == "own_space":
        return (
            f"You own the Porta di Pompeii: take {e['amount']} {NAME[e['good']]} whenever "
            "another player places a worker there."
        )
    if t == "injure":
        if e["army"]:
            return (
                "Injure another player's army; one of their workers moves to field C28. "
                "They recover at the Foro."
            )
        return "Injure another player's worker: it moves to field C12 until healed at the Foro."
    if t == "cover_spaces":
        return (
            f"Cover worker spaces on up to {e['tokens']} buildings with the C14 tokens; the "
            "owner may remove one at the Foro."
        )
    if t == "take_card":
        return {
            "active_specialist": "Take one activated specialist of another player into your hand.",
            "active_temple": "Take one activated temple card of another player.",
            "city_discard": "Take a city card from the discard pile and activate it for yourself.",
        }[e["source"]]
    if t == "protect":
        if e.get("all"):
            return (
                "Temple: regular volcano cards destroy none of your goods "
                "(no protection from the Apocalypse)."
            )
        if e.get("half"):
            return (
                "Temple: of each good a regular volcano card destroys, you keep half (rounded up)."
            )
        names = ", ".join(NAME[g] for g in e["goods"])
        return f"Temple: regular volcano cards do not destroy your {names}."
    if t == "offering":
        return {
            "value_bonus": (
                "Offerings: play from hand; this round each unit you offer counts +1 value."
            ),
            "exempt": (
                "Offerings: play from hand; you offer nothing this round and your workers do "
                "not count towards the requirement."
            ),
            "cut": f"Offerings: play from hand; this round's requirement drops by {e['amount']}.",
            "cancel": (
                "Offerings: play from hand; the offering is cancelled and a volcano card is "
                "turned up (the Apocalypse too)."
            ),
        }[e["mode"]]
    if t == "halt_castrum":
        return (
            "Play from hand when another player builds the Castrum: the construction halts; "
            "their worker moves to field C31 until they pay olive oil at the Foro."
        )
    if t == "new_worker":
        return "Take a new worker from the supply (at most 6)."
    if t == "free_build":
        return f"Build one unbuilt {e['colour']} building for free."
    if t == "draw_cards":
        deck = "specialists" if e["deck"] == "specialist" else "city cards"
        if e["keep"] is None:
            return f"Draw {e['count']} {deck} and activate them for free."
        return f"Draw {e['count']} {deck}; keep {e['keep']} in your hand, discard the rest."
    if t == "start_player":
        return "You become start player next round."
    if t == "free_recovery":
        return "Undo one C12, C14, C28 or C31 effect on you without paying."
    if t == "search_volcano":
        return f"Look at the top {e['count']} volcano cards and put them back in any order."
    if t == "destroy_temples":
        return "Destroy the Temple Complex: every activated temple card is discarded."
    if t == "lose_worker":
        return f"Every other player with {e['min_workers']} or more workers loses one."
    if t == "seize_workers":
        return (
            "Take all other players' workers off one production building: each gives you an "
            "extra worker action now."
        )
    raise ValueError(t)  # fmt: skip


# --------------------------------------------------------------------------- specialists (§4.5)

OUTPUT = {b["number"]: b["recipe"]["output"] for b in BUILDINGS if b["recipe"]}

A_NAMES = {
    "grain": "Gaius Granarius", "deer": "Marcus Venator", "wood": "Lucius Lignarius",
    "grass": "Quintus Faenarius", "fish": "Decimus Piscator", "reed": "Sextus Harundinus",
    "clay": "Titus Figulus", "stone": "Servius Lapidarius", "olives": "Gnaeus Olivarius",
    "grapes": "Appius Vindemiator",
}  # fmt: skip
B_CARDS = [  # (field, good, name); S14 is the rulebook's
    ("grain", "flour", "Flavia Farinaria"),
    ("wood", "planks", "Numerius Serrarius"),
    ("wood", "coal", "Vibius Carbonarius"),
    ("stone", "pillars", "Caeso Columnarius"),
    ("olives", "olive_oil", "Olivia Oleania"),
    ("grapes", "wine", "Bacchus Vinarius"),
    ("grass", "sheep", "Pollux Pecuarius"),
]
D_NAMES = {
    1: "Marcus Tabularius", 2: "Aurelia Aurifex", 3: "Fumius Carbo", 4: "Lapis Structor",
    5: "Lanius Carnifex", 6: "Oleus Pressor", 7: "Aulus Molinaro", 8: "Vinicius Calcator",
    9: "Ovidius Pastor", 10: "Pistor Modestinus", 11: "Ferrarius Durus", 12: "Fullo Candidus",
    13: "Textor Tela", 14: "Tunicata Sartrix", 15: "Monetarius Nummus", 16: "Gladius Faber",
}  # fmt: skip
E_CARDS = [  # (building, inputs, output, skipped good, name)
    (10, {"grain": 1}, "bread", "flour", "Celer Panarius"),
    (2, {"flour": 1}, "gold", "bread", "Fortunatus Aurarius"),
    (11, {"deer": 1}, "iron", "meat", "Ferox Venator"),
    (13, {"sheep": 1}, "fabric", "wool", "Velox Textor"),
    (14, {"wool": 1}, "tunics", "fabric", "Prima Vestiaria"),
    (16, {"meat": 1, "coal": 1}, "swords", "iron", "Mars Armifex"),
]
F_CARDS = [(8, "Duplex Vinitor"), (1, "Geminus Serrator")]
G_CARDS = [("reed", "Harundo Parcus"), ("clay", "Lutum Frugi"), ("planks", "Tabula Sparsus"),
           ("pillars", "Columna Tenax")]  # fmt: skip


def specialists():
    fixed = {5, 6, 14, 25, 27, 30, 35}
    free = iter(n for n in range(1, 53) if n not in fixed)
    cards = []

    def add(number, name, cost, effect, timing="persistent", provenance=A, cost_prov=A):
        cards.append({
            "id": f"S{number:02d}", "name": name, "cost": cost, "timing": timing,
            "effect": effect, "text": effect_text(effect), "provenance": provenance,
            "cost_provenance": cost_prov,
        })  # fmt: skip

    for field in FIELDS:  # group A
        add(
            next(free),
            A_NAMES[field],
            {field: 2},
            {"type": "yield_bonus", "field": field, "amount": 1},
        )
    for i, (field, good, name) in enumerate(B_CARDS):  # group B
        number, prov = (14, R) if i == 0 else (next(free), A)
        add(
            number,
            name,
            {good: 1},
            {"type": "replace_yield", "field": field, "good": good},
            provenance=prov,
        )
    add(
        next(free),
        "Margarita Piscatrix",
        {"fish": 1},  # group C
        {"type": "replace_yield", "field": "fish", "good": "pearls"},
    )
    add(
        next(free),
        "Concha Mercatrix",
        {"wine": 1},
        {"type": "trade_bonus", "good": "pearls", "amount": 1},
    )
    for building in range(1, 17):  # group D
        number, prov, cprov = (30, R, R) if building == 7 else (next(free), A, A)
        add(
            number,
            D_NAMES[building],
            {OUTPUT[building]: 1},
            {"type": "convert_bonus", "building": building, "amount": 1},
            provenance=prov,
            cost_prov=cprov,
        )
    for building, inputs, output, skipped, name in E_CARDS:  # group E
        add(
            next(free),
            name,
            {skipped: 1},
            {"type": "skip_convert", "building": building, "inputs": inputs, "output": output},
        )
    for building, name in F_CARDS:  # group F
        add(
            next(free), name, {OUTPUT[building]: 2}, {"type": "double_output", "building": building}
        )
    for good, name in G_CARDS:  # group G
        add(next(free), name, {good: 2}, {"type": "waive_cost", "good": good})
    add(
        5,
        "Maximus Castrini",
        {"wine": 2, "bread": 2},  # group H [R]
        {"type": "extra_actions", "count": 5, "only": None},
        "once",
        R,
    )
    add(
        6,
        "Brutus Landro",
        {"meat": 1},
        {"type": "steal", "value": 3, "chooser": "thief"},
        "once",
        R,
    )
    add(
        25,
        "Servus Legionario",
        {"wine": 1},
        {"type": "gain", "goods": {"pillars": 2, "planks": 2}},
        "once",
        R,
    )
    add(
        27,
        "Rufa Infiltrati",
        {"planks": 1, "wine": 1},
        {"type": "extra_owner", "colour": "red"},
        "once",
        R,
    )
    add(
        35,
        "Titus Prefetti",
        {"gold": 1},  # group I [R]
        {"type": "no_owner_bonus", "colour": "blue"},
        "persistent",
        R,
    )
    assert next(free, None) is None and len(cards) == 52
    return sorted(cards, key=lambda c: c["id"])


# --------------------------------------------------------------------------- city cards (§4.6)

GRAIN_CHAIN = ["grain", "flour", "bread", "gold", "gold_coin"]
TEXTILE_CHAIN = ["grass", "sheep", "wool", "fabric", "tunics"]
ARMS_CHAIN = ["deer", "meat", "iron", "swords"]
BUILDING_GOODS = ["wood", "planks", "coal", "stone", "pillars", "clay", "reed"]


def city_cards():
    known = {1, 3, 11, 12, 14, 17, 22, 25, 28, 29, 31, 34, 35, 40, 41}
    free = iter(n for n in range(1, 53) if n not in known)
    cards = []

    def add(number, name, timing, effect, provenance=A, temple=False):
        cards.append({
            "id": f"C{number:02d}", "name": name, "timing": timing, "temple": temple,
            "effect": effect, "text": effect_text(effect), "provenance": provenance,
        })  # fmt: skip

    # Played from hand [R: 5]: C31 and four offering cards.
    add(31, "Casa del Menandro", "hand", {"type": "halt_castrum"}, R)
    add(
        next(free),
        "Casa dei Vettii",
        "hand",
        {"type": "offering", "mode": "value_bonus", "amount": 1},
    )
    add(next(free), "Villa di Diomede", "hand", {"type": "offering", "mode": "exempt", "amount": 0})
    add(next(free), "Anfiteatro", "hand", {"type": "offering", "mode": "cut", "amount": 3})
    add(
        next(free),
        "Orto dei Fuggiaschi",
        "hand",
        {"type": "offering", "mode": "cancel", "amount": 0},
    )
    # Temples (persistent).
    add(3, "Santuario dei Lari Pubblici", "persistent", {"type": "protect", "all": True}, R, True)
    for name, chain in [
        ("Tempio di Apollo", GRAIN_CHAIN),
        ("Tempio di Iside", TEXTILE_CHAIN),
        ("Tempio di Giove", ARMS_CHAIN),
        ("Tempio di Vespasiano", BUILDING_GOODS),
    ]:
        add(next(free), name, "persistent", {"type": "protect", "goods": chain}, temple=True)
    add(
        next(free), "Tempio di Venere", "persistent", {"type": "protect", "half": True}, temple=True
    )
    # Persistent worker-action cards.
    add(17, "Casa Fontana Piccola", "persistent", {"type": "ignore_limit", "colour": "blue"}, R)
    add(
        34,
        "Porta Marina",
        "persistent",
        {"type": "own_space", "space": "porta", "good": "fish", "amount": 1},
        R,
    )
    for building, name in [(11, "Palestra Grande"), (12, "Casa del Frutteto"),
                           (13, "Casa dell'Efebo"), (15, "Casa di Cecilio Giocondo"),
                           (16, "Caserma dei Gladiatori")]:  # fmt: skip
        add(
            next(free),
            name,
            "persistent",
            {"type": "convert_bonus", "building": building, "amount": 1},
        )
    for building, good, name in [(10, "flour", "Pistrinum di Popidius Priscus"),
                                 (5, "deer", "Thermopolium di Vetutius Placidus"),
                                 (9, "grass", "Casa del Fauno"),
                                 (14, "fabric", "Casa dei Ceii"),
                                 (6, "olives", "Casa di Octavius Quartio")]:  # fmt: skip
        add(
            next(free),
            name,
            "persistent",
            {"type": "input_discount", "building": building, "good": good, "amount": 1},
        )
    # One-time on activation at the Foro [R].
    add(1, "Aqua Augusta", "once", {"type": "seize_workers"}, R)
    add(11, "Casa Degle Amanti", "once", {"type": "take_card", "source": "active_specialist"}, R)
    add(12, "Casa Dell'Adone Ferito", "once", {"type": "injure", "worker": True, "army": False}, R)
    add(14, "Casa Della Fontana Grande", "once", {"type": "cover_spaces", "tokens": 2}, R)
    add(22, "Lararium", "once", {"type": "destroy_temples"}, R)
    add(25, "Praedia Di Giulia Felice", "once", {"type": "take_card", "source": "city_discard"}, R)
    add(28, "L'Ultimo Fuggiasco", "once", {"type": "injure", "worker": True, "army": True}, R)
    add(
        29, "Casa Del Sacerdos Amandus", "once", {"type": "take_card", "source": "active_temple"}, R
    )
    add(35, "Porta Nocera", "once", {"type": "steal", "value": None, "chooser": "victim"}, R)
    add(40, "Via Dei Sepolcri", "once", {"type": "lose_worker", "min_workers": 5}, R)
    add(
        41,
        "Via Dell'Abbondanza",
        "once",
        {"type": "draw_cards", "deck": "specialist", "count": 2, "keep": None},
        R,
    )
    # One-time [ADAPT].
    for name, goods in [("Caupona di Asellina", {"wine": 3}),
                        ("Casa della Venere in Conchiglia", {"pearls": 2}),
                        ("Casa di Paquius Proculus", {"meat": 2}),
                        ("Casa del Criptoportico", {"planks": 3}),
                        ("Casa del Bracciale d'Oro", {"gold": 1}),
                        ("Casa di Giulio Polibio", {"olive_oil": 2})]:  # fmt: skip
        add(next(free), name, "once", {"type": "gain", "goods": goods})
    add(next(free), "Casa degli Amorini Dorati", "once", {"type": "new_worker"})
    add(next(free), "Casa del Chirurgo", "once", {"type": "new_worker"})
    add(next(free), "Foro Triangolare", "once", {"type": "free_build", "colour": "red"})
    add(
        next(free),
        "Basilica",
        "once",
        {"type": "draw_cards", "deck": "specialist", "count": 3, "keep": 1},
    )
    add(next(free), "Comitium", "once", {"type": "start_player"})
    add(next(free), "Terme Centrali", "once", {"type": "free_recovery"})
    add(
        next(free),
        "Officina di Verecundus",
        "once",
        {"type": "extra_actions", "count": 1, "only": "produce"},
    )
    add(
        next(free), "Porta Ercolano", "once", {"type": "extra_actions", "count": 1, "only": "trade"}
    )
    add(next(free), "Teatro Grande", "once", {"type": "extra_actions", "count": 1, "only": None})
    add(next(free), "Lupanare", "once", {"type": "steal", "value": 2, "chooser": "thief"})
    add(next(free), "Porta Vesuvio", "once", {"type": "search_volcano", "count": 3})
    add(next(free), "Terme Suburbane", "once", {"type": "gain_choice", "max_value": 3, "amount": 1})
    assert next(free, None) is None and len(cards) == 52
    return sorted(cards, key=lambda c: c["id"])


# --------------------------------------------------------------------------- volcano (§4.7)

EXAMPLE = ["bread", "gold", "meat", "iron", "grass", "sheep", "wool", "fabric", "tunics"]
SETS = {  # set: (sizes, values allowed); ruling W42 and docs/balance-workers.md say why
    "A": ((2, 3), (1, 2)),  # a few field goods
    "B": ((8, 9, 10, 11), (2, 3, 4)),  # the workshops' goods; the fields and value V spared
    "C": ((12, 13, 14, 15), (2, 3, 4, 5)),  # every store in the city; the fields are spared
}


def volcano_cards():
    rnd = random.Random(VOLCANO_SEED)
    cards = []
    for name, (sizes, values) in SETS.items():
        pool = [g for g, v in VALUE.items() if v in values]
        used = Counter(dict.fromkeys(pool, 0))  # the example card holds a value-I good
        pearls = 0
        made = []
        if name == "C":  # the rulebook's example card, unchanged
            made.append((EXAMPLE, R))
            for g in EXAMPLE:
                used[g] += 1
        while len(made) < 18:
            size = rnd.choice(sizes)
            order = sorted(pool, key=lambda g: (used[g], rnd.random()))
            goods = []
            for g in order:
                if g == "pearls" and pearls:
                    continue
                goods.append(g)
                if len(goods) == size:
                    break
            if name == "C" and not any(VALUE[g] >= 4 for g in goods):
                goods[-1] = min((g for g in pool if VALUE[g] >= 4), key=lambda g: used[g])
            pearls += "pearls" in goods
            for g in goods:
                used[g] += 1
            made.append((sorted(set(goods), key=list(VALUE).index), A))
        for i, (goods, prov) in enumerate(made, 1):
            cards.append({"id": f"V{name}{i:02d}", "set": name, "apocalypse": False,
                          "goods": goods, "provenance": prov})  # fmt: skip
    cards.append({"id": "VX", "set": None, "apocalypse": True, "goods": [], "provenance": R})
    return cards


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    files = {
        "goods.json": [
            {"id": g, "name": n, "value": v, "provenance": p, "aliases": al}
            for g, n, v, p, al in GOODS
        ],
        "buildings.json": BUILDINGS,
        "board.json": BOARD,
        "specialists.json": specialists(),
        "city.json": city_cards(),
        "volcano.json": volcano_cards(),
    }
    for name, data in files.items():
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"wrote {OUT / name}", file=sys.stderr)


if __name__ == "__main__":
    main()
