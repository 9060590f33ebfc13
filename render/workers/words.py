"""Pompeii in words besides the events: what the game waits for (``decision``), a player's own
view (``hand``), the last placement (``placement``), the final score sheet and the labels.
Rules topics are in ``rules_text``. Pure: views in, strings out."""

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
    Vesuvius in secret, then lock"`` (from the view's ``decision``)."""
    d = view.get("decision")
    if not isinstance(d, Mapping):
        return ""
    kind = d.get("kind")
    if kind == "over":
        return ""
    if kind == "window":
        return "the Castrum is being built: play C31 from your hand to halt it, or let it pass"
    if kind == "offering":
        return "pledge goods to Vesuvius in secret, then lock"
    if kind == "reward":
        return "draw your reward cards one at a time, then keep one"
    if kind == "setup_goods":
        return "place your 6 starting units on value-I goods"
    text = str(d.get("text", "")).strip()
    if text.startswith("Seat ") and ": " in text:
        text = text.split(": ", 1)[1]
    text = text.rstrip(".")
    return text[:1].lower() + text[1:]


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
        return "went to the Piazza to train or swap specialists"
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


def _card_line(card: Mapping[str, Any]) -> str:
    cost = terms.goods(card.get("cost"))
    price = "free" if cost == "nothing" else f"cost {cost}"
    return (
        f"{card.get('id')} {card.get('name')}{card.get('mark') or ''} ({price}): {card.get('text')}"
    )


def hand(view: Mapping[str, Any]) -> str:
    """A player's own view in words: hand, pledge, cards drawn to keep, volcano cards known."""
    own = view.get("hand")
    if not isinstance(own, Mapping):
        return ""
    lines: list[str] = []
    specialists = [c for c in own.get("specialists") or [] if isinstance(c, Mapping)]
    city = [c for c in own.get("city") or [] if isinstance(c, Mapping)]
    if specialists:
        lines.append("**Specialists in hand**")
        lines += [f"• {_card_line(c)}" for c in specialists]
    if city:
        lines.append("**City cards in hand**")
        lines += [f"• {_card_line(c)}" for c in city]
    if not specialists and not city:
        lines.append("Your hand is empty.")
    pledge = {g: n for g, n in (view.get("pledge") or {}).items() if n}
    if view.get("stage") == "offering":
        need = (view.get("offering") or {}).get("requirement", "?")
        lines.append(
            f"**Your offering**: {terms.goods(pledge)} (value {view.get('pledge_value', 0)}; "
            f"all players together need {need})"
        )
    drawn = [c for c in view.get("drawn_cards") or [] if isinstance(c, Mapping)]
    if drawn:
        lines.append("**Drawn: keep one**")
        lines += [f"• {_card_line(c)}" for c in drawn]
    searching = [c for c in view.get("searching") or [] if isinstance(c, Mapping)]
    if searching:
        lines.append("**Put back in order**: " + "; ".join(_volcano_line(c) for c in searching))
    known = [c for c in view.get("known_volcano") or [] if isinstance(c, Mapping)]
    if known:
        lines.append("**Next volcano cards**: " + "; ".join(_volcano_line(c) for c in known))
    if any("†" in line for line in lines):
        lines.append(str((view.get("legend") or {}).get("adapted_note", "")))
    return "\n".join(lines)


def _volcano_line(card: Mapping[str, Any]) -> str:
    if card.get("apocalypse"):
        return f"{card.get('id')} the Apocalypse"
    shown = ", ".join(terms.good(g) for g in card.get("goods") or [])
    return f"{card.get('id')} ({shown})"


def _value(view: Mapping[str, Any], seat: int) -> str:
    seats = view.get("seats") or []
    if 0 <= seat < len(seats) and isinstance(seats[seat], Mapping):
        return f", goods worth {seats[seat].get('value', 0)}"
    return ""


def score_sheet(
    outcome: Mapping[str, Any], view: Mapping[str, Any], names: Sequence[str]
) -> list[str]:
    """The final message's lines: the Castrum's winner and the others, the Apocalypse (everyone
    lost), or the solo title reached (or the loss)."""
    kind = outcome.get("kind")
    scores = [s if isinstance(s, Mapping) else {} for s in outcome.get("scores") or []]
    winners = [w for w in outcome.get("winners") or [] if isinstance(w, int)]
    rounds = scores[0].get("round", view.get("round", "?")) if scores else view.get("round", "?")
    count = len(scores) or len(view.get("seats") or [])

    def row(seat: int, mark: str) -> str:
        workers = scores[seat].get("workers", "?") if seat < len(scores) else "?"
        return f"{mark} {_name(names, seat)}: {workers} workers{_value(view, seat)}"

    if kind == "solo":
        if winners:
            title = outcome.get("title") or ""
            return [
                f"🏅 {_name(names, 0)} marched into the Castrum in round {rounds}: **{title}**!",
                row(0, "▫️"),
            ]
        return [
            f"🌋 {_name(names, 0)} lost: round {rounds} ended without an army in the Castrum.",
            row(0, "▫️"),
        ]
    if kind == "all_lose" or not winners:
        lines = [f"🌋 The Apocalypse in round {rounds}: Vesuvius buried Pompeii. Everybody lost."]
        return lines + [row(s, "▫️") for s in range(count)]
    winner = winners[0]
    lines = [
        f"🏆 {_name(names, winner)}'s army entered the Castrum in round {rounds}: "
        f"**{_name(names, winner)} wins!**"
    ]
    lines.append(row(winner, "🥇"))
    lines += [row(s, "🥈") for s in range(count) if s != winner]
    return lines
