"""Goods, buildings and the board (docs/rules/workers.md §4.1–§4.4), and the effect texts
the cards are written with."""

from __future__ import annotations

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
        "building_20": {"pillars": 2, "planks": 2, "iron": 2, "reed": 2},
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
