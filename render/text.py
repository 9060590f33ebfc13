"""Games in words, game-agnostically: which narration module speaks for which game, plus the
shared text helpers the Discord edge uses (durations, rankings, clipping).

A narration module (``render/narrate_<game>.py``) provides ``narrate(events, names)``,
``decision(view)``, ``RULES`` (topic -> (title, text)) and ``SCORE_LABELS``, optionally
``hand(view)`` and ``score_sheet(outcome, final_view, names)`` (the lines under the final
board). A game without one still gets plain sentences, so a new game plugs in without special
cases in ``cogs/``.
Pure: no discord, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from render.cardcity import narrate as narrate_cardcity
from render.downfall import narrate as narrate_downfall

Events = Sequence[Mapping[str, Any]]
ScoreSheet = Callable[[Mapping[str, Any], Mapping[str, Any], Sequence[str]], list[str]]


def _plain_narrate(events: Events, names: Sequence[str]) -> list[str]:
    out: list[str] = []
    for e in events:
        seat = e.get("seat")
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "The game"
        out.append(f"{who}: {e.get('type', 'event')}")
    return out


def _plain_decision(view: Mapping[str, Any]) -> str:
    pending = view.get("pending")
    if isinstance(pending, Mapping) and pending.get("prompt"):
        return str(pending["prompt"])
    return "make a move"


def _no_hand(view: Mapping[str, Any]) -> str:
    return ""


@dataclass(frozen=True)
class Narrator:
    """How one game is put into words."""

    narrate: Callable[[Events, Sequence[str]], list[str]] = _plain_narrate
    decision: Callable[[Mapping[str, Any]], str] = _plain_decision
    hand: Callable[[Mapping[str, Any]], str] = _no_hand
    rules: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    score_labels: Mapping[str, str] = field(default_factory=dict)
    score_sheet: ScoreSheet | None = None

    def final(
        self, outcome: Mapping[str, Any], view: Mapping[str, Any], names: Sequence[str]
    ) -> list[str]:
        """The lines under the final board: the game's own score sheet (from the outcome and
        the final public view) when its module has one, else :func:`ranking`."""
        if self.score_sheet is not None:
            return self.score_sheet(outcome, view, names)
        return ranking(outcome, names, self.score_labels)


_NARRATORS: dict[str, Narrator] = {
    "downfall": Narrator(
        narrate=narrate_downfall.narrate,
        decision=narrate_downfall.decision,
        hand=narrate_downfall.hand,
        rules=narrate_downfall.RULES,
        score_labels=narrate_downfall.SCORE_LABELS,
    ),
    "cardcity": Narrator(
        narrate=narrate_cardcity.narrate,
        decision=narrate_cardcity.decision,
        hand=narrate_cardcity.hand,
        rules=narrate_cardcity.RULES,
        score_labels=narrate_cardcity.SCORE_LABELS,
        score_sheet=narrate_cardcity.score_sheet,
    ),
}


def narrator(game_key: str) -> Narrator:
    """The narrator of ``game_key`` (a plain one when the game has no narration module)."""
    return _NARRATORS.get(game_key, Narrator())


def duration(seconds: float) -> str:
    """``86400`` -> ``"24 hours"``; ``300`` -> ``"5 minutes"``; ``259200`` -> ``"3 days"``."""
    total = max(0, round(seconds))

    def unit(count: int, word: str) -> str:
        return f"{count} {word}{'' if count == 1 else 's'}"

    if total >= 2 * 86400 and total % 86400 == 0:
        return unit(total // 86400, "day")
    if total >= 3600:
        return unit(round(total / 3600), "hour")
    if total >= 60:
        return unit(round(total / 60), "minute")
    return unit(total, "second")


def scores_text(scores: Mapping[str, int], labels: Mapping[str, str]) -> str:
    """``{"saved": 9, "volcano": 4}`` -> ``"9 saved, 4 in the volcano"``."""
    return ", ".join(f"{value} {labels.get(key, key)}" for key, value in scores.items())


def ranking(
    outcome: Mapping[str, Any], names: Sequence[str], labels: Mapping[str, str]
) -> list[str]:
    """The final ranking, best first: ``"🥇 1. Alice — 9 saved, 4 in the volcano"``."""
    places = list(outcome.get("places") or [])
    scores = list(outcome.get("scores") or [])
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    lines = []
    for seat in sorted(range(len(places)), key=lambda s: (places[s], s)):
        place = int(places[seat])
        name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
        text = f"{medals.get(place, '▫️')} {place}. {name}"
        if seat < len(scores) and isinstance(scores[seat], Mapping):
            text += f" — {scores_text(scores[seat], labels)}"
        lines.append(text)
    return lines


def clip_lines(lines: Sequence[str], limit: int) -> str:
    """Join ``lines`` with newlines within ``limit`` characters, dropping the oldest first."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(reversed(kept))
