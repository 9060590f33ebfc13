"""The specialist and city cards (docs/rules/workers.md §4.5, §4.6)."""

from __future__ import annotations

from tools.workers_data.tables import BUILDINGS, FIELDS, A, R, effect_text

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
