"""Pompeii in words besides the events: what the game waits for (``decision``), where a step
everyone decides at once stands (``step``: the open pledges against the requirement), a
player's own view (``hand``), the last placement (``placement``), the final score sheet and the
labels. Rules topics are in ``rules_text``. Pure: views in, strings out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.workers import terms
from render.workers.lang import N_, _, ngettext
from render.workers.narrate import _name

SCORE_LABELS = {"round": N_("rounds"), "workers": N_("workers")}

PROMPTS = {
    "setup_red": N_("take a red building for free"),
    "trade": N_("trade at the Porta (or done)"),
    "piazza": N_("train specialists at the Piazza (then done), or swap one"),
    "bonus": N_("choose your ownership bonus"),
    "steal": N_("choose a good to take"),
    "give": N_("choose a good to give"),
    "mark": N_("choose a red building for your ownership marker"),
    "injure": N_("choose whom to injure"),
    "take": N_("choose a card to take"),
    "cover": N_("choose a building to cover (or done)"),
    "keep": N_("keep one of the drawn cards"),
    "stack": N_("put the searched volcano cards back in order"),
    "choose": N_("choose a good to take"),
    "freebuild": N_("choose a red building to build for free"),
    "seize": N_("choose a building to take the workers from"),
    "recover": N_("choose an effect to undo for free"),
}
"""What a decision of each kind asks (the engine's ``decision_view`` says it in English)."""


def decision(view: Mapping[str, Any]) -> str:
    """What the game waits for, without a name: ``"place a worker"``, ``"pledge goods to
    Vesuvius in the open, then lock"`` (from the view's ``decision``)."""
    d = view.get("decision")
    if not isinstance(d, Mapping):
        return ""
    kind = d.get("kind")
    if kind == "over":
        return ""
    if kind == "window":
        return _("the Castrum is being built: play C31 from your hand to halt it, or let it pass")
    if kind == "offering":
        if open_pledges(view):
            return _("pledge goods to Vesuvius in the open, then lock")
        return _("pledge goods to Vesuvius in secret, then lock")
    if kind == "reward":
        return _("draw your reward cards one at a time, then keep one")
    if kind == "setup_goods":
        return _("place your 6 starting units on value-I goods")
    if str(kind) in PROMPTS:
        return _(PROMPTS[str(kind)])
    text = str(d.get("text", "")).strip()
    if "an extra action" in text:
        return _("an extra action")
    if "an extra " in text:
        only = text.split("an extra ", 1)[1].split(" ", 1)[0]
        if only == "produce":
            return _("an extra produce action")
        if only == "trade":
            return _("an extra trade action")
    return _("place a worker")


PUBLIC = {
    "window": N_("the Castrum is being built: play C31 from the hand to halt it, or let it pass"),
    "reward": N_("draw reward cards one at a time, then keep one"),
    "setup_goods": N_("place 6 starting units on value-I goods"),
    "bonus": N_("choose an ownership bonus"),
    "mark": N_("choose a red building for an ownership marker"),
}
"""What a decision of each kind asks, as the table reads it, where :func:`decision` speaks to
the player ("your")."""


def waiting(view: Mapping[str, Any]) -> str:
    """What the game waits for as the channel says it: :func:`decision` in words that address
    nobody."""
    d = view.get("decision")
    kind = str(d.get("kind")) if isinstance(d, Mapping) else ""
    if kind in PUBLIC:
        return _(PUBLIC[kind])
    return decision(view)


def open_pledges(view: Mapping[str, Any]) -> bool:
    """Whether the view shows every seat's pledge (W4; not under the secret variant)."""
    offering = view.get("offering")
    if isinstance(offering, Mapping):
        return bool(offering.get("open")) and isinstance(offering.get("values"), list)
    return not (view.get("options") or {}).get("secret_pledges")


def alone(view: Mapping[str, Any]) -> bool:
    """Whether the view is of a solo game (one seat: no "others", no "all of you")."""
    return len(view.get("seats") or []) == 1


def _ints(values: Any) -> list[int]:
    return [int(v) if isinstance(v, int) else 0 for v in values or []]


def offering_total(offering: Mapping[str, Any]) -> str:
    """``"9 of 12 needed, 3 short"`` / ``"12 of 12 needed: enough"`` (open pledges)."""
    total, need = int(offering.get("total") or 0), offering.get("requirement", "?")
    short = need - total if isinstance(need, int) else 0
    if short > 0:
        return _("{total} of {need} needed, {short} short").format(
            total=total, need=need, short=short
        )
    return _("{total} of {need} needed: enough").format(total=total, need=need)


MAX_STEP = 320
"""Characters at most in :func:`step` (it goes into the channel's status message and each
deciding player's message): beyond it the goods of each pledge are left out."""


def step(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """Where a step everyone decides at once stands, from the public view, in one or two short
    lines. An offering with open pledges (W4): the running total against the requirement,
    then each seat's pledge on a second line: ``"Offering: 9 of 12 needed, 3 short"`` /
    ``"Aurelia 5 (2 bread, 1 wine) · Brutus 🔒 4 (2 wool) · AI 1 nothing yet"`` (🔒: locked).
    Under the secret pledges variant only what everyone may know; a reward step: the draws
    left; else nothing."""
    offering = view.get("offering")
    if isinstance(offering, Mapping):
        if not open_pledges(view):
            return _(
                "Offering: {need} needed · the pledges stay secret until everyone has locked "
                "(the secret pledges variant)"
            ).format(need=offering.get("requirement", "?"))
        head = _("Offering: {total}").format(total=offering_total(offering))
        if len(_ints(offering.get("values"))) == 1:  # solo: the own pledge is the key figures'
            return head
        for detailed in (True, False):
            line = " · ".join(_pledges(offering, names, detailed))
            if len(head) + len(line) < MAX_STEP:
                break
        return f"{head}\n{line}"[:MAX_STEP]
    reward = view.get("reward")
    if isinstance(reward, Mapping):
        left = [
            f"{_name(names, seat)} {_count(n, ngettext('{n} draw', '{n} draws', n))}"
            for seat, n in enumerate(_ints(reward.get("draws")))
            if n
        ]
        return _("Reward draws left: {draws}").format(draws=", ".join(left)) if left else ""
    return ""


def _pledges(offering: Mapping[str, Any], names: Sequence[str], detailed: bool) -> list[str]:
    """Each seat's pledge: its name, 🔒 once locked, its value and (``detailed``) its goods."""
    values = _ints(offering.get("values"))
    pledges = list(offering.get("pledges") or [])
    locked, exempt = set(offering.get("locked") or []), set(offering.get("exempt") or [])
    boosted = set(offering.get("boosted") or [])
    out = []
    for seat, value in enumerate(values):
        who = _name(names, seat) + (" 🔒" if seat in locked else "")
        if seat in exempt:
            out.append(_("{who} exempt").format(who=who))
            continue
        given = pledges[seat] if seat < len(pledges) else None
        if not (isinstance(given, Mapping) and any(given.values())):
            if seat in locked:
                out.append(_("{who} nothing").format(who=who))
            else:
                out.append(_("{who} nothing yet").format(who=who))
            continue
        what = terms.goods(given)
        bonus = _("+1 a unit: ") if seat in boosted else ""
        out.append(f"{who} {value}" + (f" ({bonus}{what})" if detailed else ""))
    return out


MAX_HAND = 300
"""Characters at most in :func:`hand` (a private message's few lines; the detail is in the
``cards`` and ``tablets`` pictures)."""


def _own_seat(view: Mapping[str, Any]) -> Mapping[str, Any]:
    seat = view.get("seat")
    for sv in view.get("seats") or []:
        if isinstance(sv, Mapping) and sv.get("seat") == seat:
            return sv
    return {}


def _count(n: int, said: str) -> str:
    """``said`` (the ``ngettext`` of a ``{n}`` message for ``n``) with its number."""
    return said.format(n=n)


def _pledge_text(pledge: Mapping[str, int], room: int) -> str:
    """The goods pledged, or how many kinds when naming them would not fit ``room``."""
    text = terms.goods(pledge)
    if len(text) <= room:
        return text
    units = _count(sum(pledge.values()), ngettext("{n} unit", "{n} units", sum(pledge.values())))
    kinds = _count(len(pledge), ngettext("{n} good", "{n} goods", len(pledge)))
    return _("{units} of {goods}").format(units=units, goods=kinds)


def hand(view: Mapping[str, Any]) -> str:
    """A player's key figures in at most three short lines (``MAX_HAND`` characters): their
    workers, army and goods; their hand; the pledge during an offering, cards drawn to keep
    one of, volcano cards to put back. The cards themselves are in the ``cards`` picture, the
    goods in the ``tablets``."""
    own = view.get("hand")
    if not isinstance(own, Mapping):
        return ""
    sv = _own_seat(view)
    army = _(ARMY.get(str(sv.get("army")), N_("none")))
    units = sum(int(n) for n in (sv.get("goods") or {}).values() if isinstance(n, int))
    lines = [
        _("Workers {free} of {workers} free · army {army} · goods worth {value} ({units})").format(
            free=sv.get("available", 0),
            workers=sv.get("workers", 0),
            army=army,
            value=sv.get("value", 0),
            units=_count(units, ngettext("{n} unit", "{n} units", units)),
        )
    ]
    specialists = len(own.get("specialists") or [])
    city = len(own.get("city") or [])
    held = _("Hand: {specialists}, {city}").format(
        specialists=_count(specialists, ngettext("{n} specialist", "{n} specialists", specialists)),
        city=_count(city, ngettext("{n} city card", "{n} city cards", city)),
    )
    drawn = len(view.get("drawn_cards") or [])
    if drawn:
        held += ngettext(
            " · {n} card drawn: keep it", " · {n} cards drawn: keep one", drawn
        ).format(n=drawn)
    lines.append(held)
    if view.get("stage") == "offering":
        pledge = {g: int(n) for g, n in (view.get("pledge") or {}).items() if n}
        # The sum against the requirement is the step line's (said once in a message).
        head = _("Your offering: value {value}").format(value=view.get("pledge_value", 0))
        what = _pledge_text(pledge, MAX_HAND - len(" · ".join(lines)) - len(head) - 8)
        lines.append(f"{head} ({what})" if pledge else head + _(" (nothing yet)"))
    elif view.get("searching"):
        n = len(view["searching"])
        lines.append(
            ngettext(
                "Put {n} volcano card back in order", "Put {n} volcano cards back in order", n
            ).format(n=n)
        )
    elif view.get("known_volcano"):
        n = len(view["known_volcano"])
        lines.append(
            ngettext(
                "You know the next {n} volcano card", "You know the next {n} volcano cards", n
            ).format(n=n)
        )
    return "\n".join(lines)


ARMY = {"ready": N_("ready"), "injured": N_("injured"), "castrum": N_("in the Castrum")}


def _row(outcome: Mapping[str, Any], view: Mapping[str, Any], seat: int) -> str:
    """A seat's figures: army, goods' value, workers (W43 ranks by them in this order)."""
    scores = [s if isinstance(s, Mapping) else {} for s in outcome.get("scores") or []]
    score: Mapping[str, Any] = scores[seat] if seat < len(scores) else {}
    seats = view.get("seats") or []
    sv = seats[seat] if seat < len(seats) and isinstance(seats[seat], Mapping) else {}
    state = str(sv.get("army", "none"))
    army = score.get("army", int(state != "none"))
    if state == "castrum":
        told = _("army in the Castrum")
    elif state == "injured":
        told = _("army (injured)")
    else:
        told = _("an army") if army else _("no army")
    workers = score.get("workers", sv.get("workers", "?"))
    parts = [
        told,
        _("goods worth {value}").format(value=score.get("value", sv.get("value", "?"))),
        _count(workers, ngettext("{n} worker", "{n} workers", workers))
        if isinstance(workers, int)
        else _("workers: {n}").format(n=workers),
    ]
    return " · ".join(parts)


MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def score_sheet(
    outcome: Mapping[str, Any], view: Mapping[str, Any], names: Sequence[str]
) -> list[str]:
    """The figures under the final board. The narration has told how the game ended and the
    heading above these lines gives the verdict, so no line here repeats it: the Castrum's
    ranking (the winner named once, the others ranked by W43's figures), the Apocalypse's
    figures, or the solo clock and titles with the player's figures."""
    kind = outcome.get("kind")
    scores = [s if isinstance(s, Mapping) else {} for s in outcome.get("scores") or []]
    winners = [w for w in outcome.get("winners") or [] if isinstance(w, int)]
    rounds = scores[0].get("round", view.get("round", "?")) if scores else view.get("round", "?")
    count = len(scores) or len(view.get("seats") or [])
    if kind == "solo":
        titles = [(str(t), int(r)) for t, r in terms.titles()]
        reached = _(str(outcome.get("title") or "")) if outcome.get("title") else ""
        clock = " · ".join(f"**{t} ≤ {r}** ✓" if t == reached else f"{t} ≤ {r}" for t, r in titles)
        return [
            _("Round {round} of {rounds} · titles: {clock}").format(
                round=rounds, rounds=terms.solo_rounds(), clock=clock
            ),
            f"▫️ {_name(names, 0)}: {_row(outcome, view, 0)}",
        ]
    if kind == "all_lose" or not winners:
        counted = rounds if isinstance(rounds, int) else 0
        return [ngettext("After {n} round:", "After {n} rounds:", counted).format(n=rounds)] + [
            f"▫️ {_name(names, s)}: {_row(outcome, view, s)}" for s in range(count)
        ]
    places = list(outcome.get("places") or [])
    order = sorted(range(count), key=lambda s: (places[s] if s < len(places) else count, s))
    lines = []
    for seat in order:
        place = int(places[seat]) if seat < len(places) else count
        name = _name(names, seat)
        who = _("**{who} wins!**").format(who=name) if seat in winners else name
        lines.append(f"{MEDALS.get(place, '▫️')} {place}. {who} — {_row(outcome, view, seat)}")
    return lines
