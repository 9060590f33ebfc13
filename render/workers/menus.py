"""Pompeii's decisions as controls (``render.controls``), built from the engine's legal
choices only: every option offered is one of ``choices``.

- A placement: a :class:`TwoStep`, first the space (the choices grouped by the space their
  notation names), then how (the standard action or a card, the quantity to produce).
- A trade at the Porta: a :class:`TwoStep` by the good given, then what for and how many.
- The Piazza: a :class:`Browser`, one page per specialist in hand (train, swap), ``done``
  on every page.
- The offering: a :class:`Stepper`, one row per good held (−/+ are ``pledge <good> <n∓1>``),
  the pledge's value and (pledges being open, W4) everyone's total against the requirement
  in the status line, ``lock``, offering cards. Each other seat's pledge, by name, is the
  step's line (``words.step``) that the bot puts into the same message.
- Setup's starting goods: a :class:`TwoStep` by good. Everything else: :class:`Choose`.

A group never holds more than a message's menus (4 × 25); a larger one is split into parts.
Pledges further than one step away are reached step by step (or typed with ``/move``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core import ActionChoice
from render.controls import Browser, Choose, Controls, Group, Page, Stepper, StepRow, TwoStep
from render.workers import terms, words
from render.workers.lang import _

MENU = 25
MAX_GROUP = 4 * MENU  # four menus of 25 under the Back button
MAX_GROUPS = 25  # one menu of groups

View = Mapping[str, Any]


def _words(c: ActionChoice) -> list[str]:
    return c.notation.split()


def placement_space(c: ActionChoice) -> tuple[str, str]:
    """(key, label) of the space a placement uses, from its notation."""
    w = _words(c)
    verb, args = w[0], w[1:]
    if verb == "collect" and args:
        good = terms.good(args[0])
        return f"f-{args[0]}", _("{Good} field (collect)").format(Good=good[:1].upper() + good[1:])
    if verb == "produce" and args:
        return f"b-{args[0]}", _("{building} (produce)").format(building=terms.building(args[0]))
    if verb == "build":
        return "costruzione", _("Costruzione (build)")
    if verb == "port":
        return "porta", _("Porta (trade)")
    if verb == "piazza":
        return "piazza", _("Piazza (specialists)")
    if verb in ("activate", "recover"):
        return "foro", _("17 Foro (city cards, recover)")
    if verb == "army":
        return "terme", _("19 Terme (army)")
    if verb == "hire":
        return "b-18", _("{building} (new worker)").format(building=terms.building(18))
    if verb == "use":
        return "display", _("Display (solo specialists)")
    return verb, f"`{verb}`"


def _grouped(
    choices: Sequence[ActionChoice], key: Callable[[ActionChoice], tuple[str, str]]
) -> list[Group]:
    order: list[str] = []
    labels: dict[str, str] = {}
    members: dict[str, list[ActionChoice]] = {}
    for c in choices:
        k, label = key(c)
        if k not in members:
            order.append(k)
            labels[k] = label
            members[k] = []
        members[k].append(c)
    groups: list[Group] = []
    for k in order:
        items = members[k]
        parts = [items[i : i + MAX_GROUP] for i in range(0, len(items), MAX_GROUP)]
        for n, part in enumerate(parts):
            suffix = f" ({n + 1}/{len(parts)})" if len(parts) > 1 else ""
            groups.append(
                Group(f"{k}-{n}" if len(parts) > 1 else k, labels[k] + suffix, tuple(part))
            )
    return groups


def _two_step(
    choices: Sequence[ActionChoice],
    key: Callable[[ActionChoice], tuple[str, str]],
    prompt: str,
    extra: Sequence[ActionChoice] = (),
) -> Controls:
    groups = _grouped(choices, key)
    if len(groups) > MAX_GROUPS:  # more spaces than one menu: everything flat (4 menus)
        return Choose((*choices, *extra))
    return TwoStep(tuple(groups), prompt, tuple(extra))


def _trade_key(c: ActionChoice) -> tuple[str, str]:
    w = _words(c)
    return f"give-{w[1]}", _("Give {good}").format(good=terms.good(w[1]))


def _setup_key(c: ActionChoice) -> tuple[str, str]:
    w = _words(c)
    return f"start-{w[1]}", _("Start with {good}").format(good=terms.good(w[1]))


def _piazza(view: View, choices: Sequence[ActionChoice]) -> Controls:
    hand = view.get("hand") or {}
    cards = {str(c.get("id")): c for c in hand.get("specialists") or [] if isinstance(c, Mapping)}
    by_card: dict[str, list[ActionChoice]] = {}
    extra: list[ActionChoice] = []
    for c in choices:
        w = _words(c)
        if w[0] in ("train", "swap") and len(w) > 1:
            by_card.setdefault(w[1], []).append(c)
        else:
            extra.append(c)
    pages = []
    for cid, options in by_card.items():
        card = cards.get(cid)
        text = terms.card_text(cid)
        cost = card.get("cost") if card else None
        if isinstance(cost, Mapping) and any(cost.values()):
            text += "\n" + _("Cost: {goods}").format(goods=terms.goods(cost))
        pages.append(Page(terms.card(cid), text, tuple(options)))
    return Browser(tuple(pages), tuple(extra))


def _offering(view: View, seat: int, choices: Sequence[ActionChoice]) -> Controls:
    by_notation = {c.notation: c for c in choices}
    pledge = {str(g): int(n) for g, n in (view.get("pledge") or {}).items() if n}
    seats = view.get("seats") or []
    goods: Mapping[str, Any] = {}
    if 0 <= seat < len(seats) and isinstance(seats[seat], Mapping):
        goods = seats[seat].get("goods") or {}
    rows = []
    pledgeable = {[*_words(c), "", ""][1] for c in choices if c.notation.startswith("pledge ")}
    order = [str(g) for g in goods] or sorted(pledgeable)
    for good in order:
        if not (goods.get(good) or pledge.get(good) or good in pledgeable):
            continue
        n = pledge.get(good, 0)
        down = by_notation.get(f"pledge {good} {n - 1}") if n > 0 else None
        up = by_notation.get(f"pledge {good} {n + 1}")
        if down is None and up is None and not n:
            continue
        label = f"{terms.good(good)} ({terms.ROMAN.get(terms.value(good), '?')})"
        rows.append(StepRow(good, label, n, down, up))
    offering = view.get("offering") or {}
    value = view.get("pledge_value", sum(terms.value(g) * n for g, n in pledge.items()))
    # The message's key figures say the own pledge and its step line where the offering stands
    # (the sum against the requirement, once): here only what the others give together, at a
    # table with others whose pledges are open.
    status = ""
    if words.open_pledges(view) and not words.alone(view):
        others = [
            int(v)
            for s, v in enumerate(offering.get("values") or [])
            if s != seat and isinstance(v, int)
        ]
        status = _("Your offering: value {value} · the others together: {others}").format(
            value=value, others=sum(others)
        )
    lock = by_notation.get("lock")
    extra = tuple(c for c in choices if c.notation.startswith("play "))
    return Stepper(tuple(rows), status, lock, extra)


def controls(view: View, seat: int, choices: Sequence[ActionChoice]) -> Controls:
    """The controls for ``seat``'s decision (``view``: its player view, or the public one)."""
    if not choices:
        return Choose(())
    verbs = {_words(c)[0] for c in choices}
    stage = view.get("stage")
    if stage == "offering" or verbs & {"pledge", "lock"}:
        return _offering(view, seat, choices)
    if verbs <= {"start_red", "start"} and all(_words(c)[1] != "red" for c in choices):
        return _two_step(choices, _setup_key, _("Choose a good…"))
    if "trade" in verbs:
        trades = [c for c in choices if c.notation.startswith("trade ")]
        rest = [c for c in choices if not c.notation.startswith("trade ")]
        return _two_step(trades, _trade_key, _("Give which good?"), rest)
    if verbs & {"train", "swap"}:
        return _piazza(view, choices)
    placements = {
        "collect",
        "produce",
        "build",
        "port",
        "piazza",
        "activate",
        "recover",
        "army",
        "hire",
        "use",
    }
    decision = view.get("decision") or {}
    if verbs <= placements and decision.get("kind") in ("place", None):
        return _two_step(choices, placement_space, _("Choose where to place a worker…"))
    return Choose(tuple(choices))
