"""Pompeii in words besides the events: what the game waits for (``decision``), where a step
everyone decides at once stands (``step``: the open pledges against the requirement), a
player's own view (``hand``), the last placement (``placement``), the final score sheet and the
labels. Rules topics are in ``rules_text``. Pure: views in, strings out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.workers import terms

SCORE_LABELS = {"round": "rounds", "workers": "workers"}


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return f"Seat {seat}" if isinstance(seat, int) else "Someone"


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
        return "the Castrum is being built: play C31 from your hand to halt it, or let it pass"
    if kind == "offering":
        how = "in the open" if open_pledges(view) else "in secret"
        return f"pledge goods to Vesuvius {how}, then lock"
    if kind == "reward":
        return "draw your reward cards one at a time, then keep one"
    if kind == "setup_goods":
        return "place your 6 starting units on value-I goods"
    text = str(d.get("text", "")).strip()
    if text.startswith("Seat ") and ": " in text:
        text = text.split(": ", 1)[1]
    text = text.rstrip(".")
    return text[:1].lower() + text[1:]


def open_pledges(view: Mapping[str, Any]) -> bool:
    """Whether the view shows every seat's pledge (W4; not under the secret variant)."""
    offering = view.get("offering")
    if isinstance(offering, Mapping):
        return bool(offering.get("open")) and isinstance(offering.get("values"), list)
    return not (view.get("options") or {}).get("secret_pledges")


def _ints(values: Any) -> list[int]:
    return [int(v) if isinstance(v, int) else 0 for v in values or []]


def offering_total(offering: Mapping[str, Any]) -> str:
    """``"9 of 12 needed, 3 short"`` / ``"12 of 12 needed: enough"`` (open pledges)."""
    total, need = int(offering.get("total") or 0), offering.get("requirement", "?")
    short = need - total if isinstance(need, int) else 0
    return f"{total} of {need} needed" + (f", {short} short" if short > 0 else ": enough")


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
            return (
                f"Offering: {offering.get('requirement', '?')} needed · the pledges stay secret "
                "until everyone has locked (the secret pledges variant)"
            )
        head = f"Offering: {offering_total(offering)}"
        for detailed in (True, False):
            line = " · ".join(_pledges(offering, names, detailed))
            if len(head) + len(line) < MAX_STEP:
                break
        return f"{head}\n{line}"[:MAX_STEP]
    reward = view.get("reward")
    if isinstance(reward, Mapping):
        left = [
            f"{_name(names, seat)} {_count(n, 'draw')}"
            for seat, n in enumerate(_ints(reward.get("draws")))
            if n
        ]
        return f"Reward draws left: {', '.join(left)}" if left else ""
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
            out.append(f"{who} exempt")
            continue
        given = pledges[seat] if seat < len(pledges) else None
        what = terms.goods(given)
        if what == "nothing":
            out.append(f"{who} nothing{'' if seat in locked else ' yet'}")
            continue
        bonus = "+1 a unit: " if seat in boosted else ""
        out.append(f"{who} {value}" + (f" ({bonus}{what})" if detailed else ""))
    return out


def placement(action: str) -> str:
    """The last placement (``view["last"]["action"]``) in words, without the name:
    ``"produced 3 times at 7 Villa del Molino, with S30 Aulus Molinaro"``."""
    words = action.split()
    if not words:
        return ""
    verb, args = words[0], words[1:]
    card = next((a for a in args if a[:1] in ("S", "C") and a[1:].isdigit()), "")
    using = (
        f", with {terms.card(card)}" if card and verb not in ("activate", "recover", "use") else ""
    )
    if verb == "collect" and args:
        return f"collected at {terms.space(args[0])}{using}"
    if verb == "produce" and len(args) >= 2:
        times = "once" if args[1] == "1" else f"{args[1]} times"
        return f"produced {times} at {terms.building(args[0])}{using}"
    if verb == "build" and args:
        return f"built {terms.building_name(args[0])} at the Costruzione{using}"
    if verb == "port":
        return f"went to the Porta to trade{using}"
    if verb == "piazza":
        return "went to the Piazza to train specialists or swap one"
    if verb == "activate" and args:
        return f"activated {terms.card(args[0])} at the Foro"
    if verb == "recover" and args:
        return f"recovered from {args[0]} at the Foro"
    if verb == "army":
        return "recruited an army at the Terme"
    if verb == "hire":
        return "hired a new worker at 18"
    if verb == "use" and args:
        return f"used {terms.card(args[0])} from the display"
    return action


MAX_HAND = 300
"""Characters at most in :func:`hand` (a private message's few lines; the detail is in the
``cards`` and ``tablets`` pictures)."""


def _own_seat(view: Mapping[str, Any]) -> Mapping[str, Any]:
    seat = view.get("seat")
    for sv in view.get("seats") or []:
        if isinstance(sv, Mapping) and sv.get("seat") == seat:
            return sv
    return {}


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _pledge_text(pledge: Mapping[str, int], room: int) -> str:
    """The goods pledged, or how many kinds when naming them would not fit ``room``."""
    text = terms.goods(pledge)
    if len(text) <= room:
        return text
    return _count(sum(pledge.values()), "unit") + f" of {_count(len(pledge), 'good')}"


def hand(view: Mapping[str, Any]) -> str:
    """A player's key figures in at most three short lines (``MAX_HAND`` characters): their
    workers, army and goods; their hand; the pledge during an offering, cards drawn to keep
    one of, volcano cards to put back. The cards themselves are in the ``cards`` picture, the
    goods in the ``tablets``."""
    own = view.get("hand")
    if not isinstance(own, Mapping):
        return ""
    sv = _own_seat(view)
    army = {"ready": "ready", "injured": "injured", "castrum": "in the Castrum"}.get(
        str(sv.get("army")), "none"
    )
    units = sum(int(n) for n in (sv.get("goods") or {}).values() if isinstance(n, int))
    lines = [
        f"Workers {sv.get('available', 0)} of {sv.get('workers', 0)} free · army {army} · "
        f"goods worth {sv.get('value', 0)} ({_count(units, 'unit')})"
    ]
    specialists = len(own.get("specialists") or [])
    city = len(own.get("city") or [])
    held = f"Hand: {_count(specialists, 'specialist')}, {_count(city, 'city card')}"
    drawn = len(view.get("drawn_cards") or [])
    if drawn:
        held += f" · {drawn} drawn: keep one"
    lines.append(held)
    if view.get("stage") == "offering":
        need = (view.get("offering") or {}).get("requirement", "?")
        pledge = {g: int(n) for g, n in (view.get("pledge") or {}).items() if n}
        head = f"Your offering: value {view.get('pledge_value', 0)} of {need} needed"
        what = _pledge_text(pledge, MAX_HAND - len(" · ".join(lines)) - len(head) - 8)
        lines.append(f"{head} ({what})" if pledge else f"{head} (nothing yet)")
    elif view.get("searching"):
        lines.append(f"Put {_count(len(view['searching']), 'volcano card')} back in order")
    elif view.get("known_volcano"):
        lines.append(f"You know the next {_count(len(view['known_volcano']), 'volcano card')}")
    return "\n".join(lines)


def _row(outcome: Mapping[str, Any], view: Mapping[str, Any], seat: int) -> str:
    """A seat's figures: army, goods' value, workers (W43 ranks by them in this order)."""
    scores = [s if isinstance(s, Mapping) else {} for s in outcome.get("scores") or []]
    score: Mapping[str, Any] = scores[seat] if seat < len(scores) else {}
    seats = view.get("seats") or []
    sv = seats[seat] if seat < len(seats) and isinstance(seats[seat], Mapping) else {}
    state = str(sv.get("army", "none"))
    army = score.get("army", int(state != "none"))
    told = {"castrum": "army in the Castrum", "injured": "army (injured)"}
    parts = [
        told.get(state, "an army" if army else "no army"),
        f"goods worth {score.get('value', sv.get('value', '?'))}",
        f"{score.get('workers', sv.get('workers', '?'))} workers",
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
        reached = str(outcome.get("title") or "")
        clock = " · ".join(f"**{t} ≤ {r}** ✓" if t == reached else f"{t} ≤ {r}" for t, r in titles)
        return [
            f"Round {rounds} of {terms.solo_rounds()} · titles: {clock}",
            f"▫️ {_name(names, 0)}: {_row(outcome, view, 0)}",
        ]
    if kind == "all_lose" or not winners:
        return [f"After {rounds} rounds:"] + [
            f"▫️ {_name(names, s)}: {_row(outcome, view, s)}" for s in range(count)
        ]
    places = list(outcome.get("places") or [])
    order = sorted(range(count), key=lambda s: (places[s] if s < len(places) else count, s))
    lines = []
    for seat in order:
        place = int(places[seat]) if seat < len(places) else count
        who = f"**{_name(names, seat)} wins!**" if seat in winners else _name(names, seat)
        lines.append(f"{MEDALS.get(place, '▫️')} {place}. {who} — {_row(outcome, view, seat)}")
    return lines
