"""Names of Pompeii's things for sentences and labels, from the public catalog (goods, cards,
buildings), in the reader's language: ``good(…)``, ``goods(…)``, ``card(…)``,
``building(…)``. Adapted items carry †. The data's names are catalog messages
(``names``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.text import ONE
from engine.workers.catalog import CATALOG
from engine.workers.describe import good_word
from render.workers import names  # noqa: F401  (the data's names, for the catalog)
from render.workers.lang import N_, _, pgettext

_GOODS = {g.id: g for g in CATALOG.goods}
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}


def good(gid: Any, n: int | None = None) -> str:
    """``"olive oil"``; with ``n``: ``"2 olive oil"``, ``"1 sword"`` (the word in the form
    its count asks for: :func:`engine.workers.describe.good_word`)."""
    g = _GOODS.get(str(gid))
    if g is None:
        name = str(gid).replace("_", " ")
        return name if n is None else f"{n} {name}"
    return _(g.name) if n is None else f"{n} {one(gid) if n == 1 else _(good_word(g.name, n))}"


def one(gid: Any) -> str:
    """A good's word for one unit (``"sword"``), in the reader's language."""
    g = _GOODS.get(str(gid))
    if g is None:
        return str(gid).replace("_", " ")
    return pgettext(ONE, good_word(g.name, 1))


def value(gid: Any) -> int:
    g = _GOODS.get(str(gid))
    return g.value if g else 0


def nothing() -> str:
    return _("nothing")


def goods(bundle: Any) -> str:
    """``{"grain": 2, "wood": 1}`` -> ``"2 grain, 1 wood"``; ``"nothing"`` when empty."""
    if not isinstance(bundle, Mapping):
        return nothing()
    parts = [good(g, int(n)) for g, n in bundle.items() if isinstance(n, int) and n]
    return ", ".join(parts) or nothing()


def listing(items: Sequence[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def card_name(cid: Any) -> str:
    """``"Aulus Molinaro"`` (with † when adapted)."""
    c = CATALOG.cards.get(str(cid))
    if c is None:
        return str(cid)
    return f"{_(c.name)}{'†' if c.provenance == 'adaptation' else ''}"


def card(cid: Any) -> str:
    """``"S30 Aulus Molinaro"`` (``"C02 Casa dei Vettii†"`` when adapted)."""
    c = CATALOG.cards.get(str(cid))
    if c is None:
        return str(cid)
    return f"{c.id} {card_name(cid)}"


def card_text(cid: Any) -> str:
    c = CATALOG.cards.get(str(cid))
    return _(c.text) if c else ""


def building(number: Any) -> str:
    """``"7 Villa del Molino"`` (with † when adapted)."""
    try:
        b = CATALOG.buildings[int(number)]
    except (ValueError, TypeError, IndexError):
        return str(number)
    return f"{b.number} {_(b.name)}{'†' if b.provenance == 'adaptation' else ''}"


def building_name(number: Any) -> str:
    """The name alone (the Foro, the Terme, the Castrum are known by their short names)."""
    try:
        n = int(number)
    except (ValueError, TypeError):
        return str(number)
    if n == 17:
        return _("the Foro")
    if n == 19:
        return _("the Terme")
    if n == 20:
        return _("the Castrum")
    return building(n)


def space(where: Any) -> str:
    """A placement's space as the board names it: ``"the grain field"``, ``"7 Villa del
    Molino"``, ``"the Costruzione"``."""
    text = str(where)
    if text.isdigit():
        return building_name(text)
    if text in _GOODS:
        return _("the {good} field").format(good=good(text))
    if text == "costruzione":
        return _("the Costruzione")
    if text == "porta":
        return _("the Porta")
    if text == "piazza":
        return _("the Piazza")
    if text == "display":
        return _("the display")
    return text


def adapted_note() -> str:
    """The note under a picture that shows a †."""
    return _("† adapted: original card or board text not public")


def house_rule_note() -> str:
    """The note under a solo board whose prices carry the house rule's † (W41)."""
    return _("† by a price: the solo game's house rule, dearer than the board (W41)")


COLOUR_NAMES = {
    "yellow": N_("yellow"),
    "white": N_("white"),
    "black": N_("black"),
    "orange": N_("orange"),
}
"""The seats' colours (``icons.SEAT_COLOURS``) in words."""


def colour(name: str) -> str:
    """A seat's colour in the reader's language."""
    return _(COLOUR_NAMES[name]) if name in COLOUR_NAMES else name


ONLY = {"produce": N_(" (produce only)"), "trade": N_(" (trade only)")}


def only(only: Any) -> str:
    """An extra action's limit, as it follows the action (`` (produce only)``)."""
    if not only:
        return ""
    if str(only) in ONLY:
        return _(ONLY[str(only)])
    return f" ({only})"


KINDS = {
    "trade": N_("trade"),
    "piazza": N_("training"),
    "bonus": N_("bonus"),
    "steal": N_("taking"),
    "give": N_("gift"),
    "mark": N_("ownership marker"),
    "injure": N_("injury"),
    "take": N_("card to take"),
    "cover": N_("covering"),
    "keep": N_("card to keep"),
    "stack": N_("volcano search"),
    "choose": N_("choice of good"),
    "freebuild": N_("free building"),
    "seize": N_("seizure"),
    "recover": N_("free recovery"),
}


def kind(kind: Any) -> str:
    """A decision's kind as a noun (a choice that lapses)."""
    return _(KINDS[str(kind)]) if str(kind) in KINDS else str(kind)


def titles() -> tuple[tuple[str, int], ...]:
    """The solo titles and their rounds, each title in the reader's language."""
    return tuple((_(t), r) for t, r in CATALOG.board.titles)


def solo_rounds() -> int:
    """The solo game's round clock (18)."""
    return int(CATALOG.board.solo.get("rounds", 18))
