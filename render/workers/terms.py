"""Names of Pompeii's things for sentences and labels, from the public catalog (goods, cards,
buildings): ``good(…)``, ``goods(…)``, ``card(…)``, ``building(…)``. Adapted items carry †."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.workers.catalog import CATALOG

_GOODS = {g.id: g for g in CATALOG.goods}
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}


def good(gid: Any, n: int | None = None) -> str:
    """``"olive oil"``; with ``n``: ``"2 olive oil"``."""
    g = _GOODS.get(str(gid))
    name = g.name if g else str(gid).replace("_", " ")
    return name if n is None else f"{n} {name}"


def value(gid: Any) -> int:
    g = _GOODS.get(str(gid))
    return g.value if g else 0


def goods(bundle: Any) -> str:
    """``{"grain": 2, "wood": 1}`` -> ``"2 grain, 1 wood"``; ``"nothing"`` when empty."""
    if not isinstance(bundle, Mapping):
        return "nothing"
    parts = [good(g, int(n)) for g, n in bundle.items() if isinstance(n, int) and n]
    return ", ".join(parts) or "nothing"


def listing(items: Sequence[str], last: str = "and") -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def card(cid: Any) -> str:
    """``"S30 Aulus Molinaro"`` (``"C02 Casa dei Vettii†"`` when adapted)."""
    c = CATALOG.cards.get(str(cid))
    if c is None:
        return str(cid)
    return f"{c.id} {c.name}{'†' if c.provenance == 'adaptation' else ''}"


def card_text(cid: Any) -> str:
    c = CATALOG.cards.get(str(cid))
    return c.text if c else ""


def building(number: Any) -> str:
    """``"7 Villa del Molino"`` (with † when adapted)."""
    try:
        b = CATALOG.buildings[int(number)]
    except (ValueError, TypeError, IndexError):
        return str(number)
    return f"{b.number} {b.name}{'†' if b.provenance == 'adaptation' else ''}"


def building_name(number: Any) -> str:
    """The name alone (the Foro, the Terme, the Castrum are known by their short names)."""
    short = {17: "the Foro", 19: "the Terme", 20: "the Castrum"}
    try:
        n = int(number)
    except (ValueError, TypeError):
        return str(number)
    return short.get(n) or building(n)


def space(where: Any) -> str:
    """A placement's space as the board names it: ``"the grain field"``, ``"7 Villa del
    Molino"``, ``"the Costruzione"``."""
    text = str(where)
    if text.isdigit():
        return building_name(text)
    if text in _GOODS:
        return f"the {good(text)} field"
    return {
        "costruzione": "the Costruzione",
        "porta": "the Porta",
        "piazza": "the Piazza",
        "display": "the display",
    }.get(text, text)


def titles() -> tuple[tuple[str, int], ...]:
    return CATALOG.board.titles


def solo_rounds() -> int:
    """The solo game's round clock (18)."""
    return int(CATALOG.board.solo.get("rounds", 18))
