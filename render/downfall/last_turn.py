"""What the last turn did, read from ``view["last_turn"]["events"]`` (docs/views.md): the
squares and paths the board highlights and the sentences the panel tells."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from render.downfall.layout import display_name
from render.downfall.narrate import narrate


@dataclass
class LastTurn:
    """What the last turn did (``view["last_turn"]``, see docs/views.md), reduced to what the
    board highlights and the panel tells."""

    placed: list[str] = field(default_factory=list)  # squares where pieces were placed
    lava: list[str] = field(default_factory=list)  # squares where lava tiles were placed
    lost: dict[str, dict[int, int]] = field(default_factory=dict)  # square -> seat -> pieces
    paths: list[tuple[int, list[str], str | None]] = field(default_factory=list)  # seat, path, gate
    lines: list[str] = field(default_factory=list)  # the turn in words
    discarded: set[str] = field(default_factory=set)  # discard piles it added to ("6", "omen")

    def lose(self, square: str | None, seat: int, count: int = 1) -> None:
        if square is not None and count > 0:
            per_seat = self.lost.setdefault(square, {})
            per_seat[seat] = per_seat.get(seat, 0) + count


def _s(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _i(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _counts(value: object) -> list[int]:
    """A per-seat list of counts (``lost``), tolerating anything else as no counts."""
    if not isinstance(value, list):
        return []
    return [v if isinstance(v, int) and not isinstance(v, bool) else 0 for v in value]


def read_last_turn(view: Mapping[str, Any], names: Sequence[str]) -> LastTurn:
    """Highlights from ``view["last_turn"]["events"]`` (docs/views.md), and the turn in words:
    the same sentences the channel reads (``render.downfall.narrate``), so there is one
    narration of a turn, wherever it shows."""
    out = LastTurn()
    last = view.get("last_turn") or {}
    events = [ev for ev in last.get("events") or [] if isinstance(ev, Mapping)]
    for ev in events:
        kind = ev.get("type")
        seat = ev.get("seat")
        sq = _s(ev.get("square"))
        if kind == "RelativePlaced" and sq is not None:
            out.placed.append(sq)
        elif kind == "CardPlayed":
            out.discarded.add(str(ev.get("card", "?")))
            if sq is not None:
                out.placed.append(sq)
        elif kind == "OmenDrawn":
            out.discarded.add("omen")
        elif kind == "PieceThrown":
            victim = _i(ev.get("victim"))
            if victim is not None:
                out.lose(sq, victim)
        elif kind == "VesuviusErupted":
            hands = ev.get("hands")
            for hand in hands if isinstance(hands, list) else []:  # now on the discard pile
                if isinstance(hand, list):
                    out.discarded.update(str(c) for c in hand)
        elif kind == "LavaPlaced":
            if sq is not None:
                out.lava.append(sq)
            for victim, n in enumerate(_counts(ev.get("lost"))):
                out.lose(sq, victim, n)
        elif kind == "PiecesEnclosed":
            squares = ev.get("squares")
            for entry in squares if isinstance(squares, list) else []:
                if isinstance(entry, Mapping):
                    for victim, n in enumerate(_counts(entry.get("lost"))):
                        out.lose(_s(entry.get("square")), victim, n)
        elif kind == "PieceMoved":
            path = [p for p in (ev.get("path") or []) if isinstance(p, str)]
            frm, to = _s(ev.get("from")), _s(ev.get("to"))
            if len(path) < 2 and frm and to:
                path = [frm, to]
            out.paths.append((_i(seat) or 0, path, None))
        elif kind == "PieceSaved":
            path = [p for p in (ev.get("path") or []) if isinstance(p, str)]
            frm, gate = _s(ev.get("from")), _s(ev.get("gate"))
            if not path and frm:
                path = [frm] if gate in (None, frm) else [frm, gate]
            out.paths.append((_i(seat) or 0, path, gate))
    players = view.get("players")
    count = max(len(names), players if isinstance(players, int) else 0)
    shown = [display_name(view, names, s) for s in range(count)]
    out.lines = narrate(events, shown)
    return out
