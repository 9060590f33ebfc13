"""The volcano cards (docs/rules/workers.md §4.7): the sets drawn with a fixed seed, so that
the committed file is reproduced exactly."""

from __future__ import annotations

import random
from collections import Counter

from tools.workers_data.tables import VALUE, A, R

VOLCANO_SEED = 7909  # 79 AD, 9 cards per deck

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
