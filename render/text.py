"""Text helpers every game's words share (durations, rankings, clipping). Each game's own
words are its presentation's :class:`~render.presentation.Words`. Pure: no discord, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render import i18n


def duration(seconds: float) -> str:
    """``86400`` -> ``"24 hours"``; ``300`` -> ``"5 minutes"``; ``259200`` -> ``"3 days"``, in
    the current language (:func:`render.i18n.duration`)."""
    return i18n.duration(seconds)


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
