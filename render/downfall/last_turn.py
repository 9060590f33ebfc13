"""What the last turn did, read from ``view["last_turn"]["events"]`` (docs/views.md): the
squares and paths the board highlights and the sentences the panel tells."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from render.downfall.layout import display_name


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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _extend(lines: list[str], ending: str, more: str) -> None:
    """Continue the last sentence if it ends with ``ending``, else start a new one."""
    if lines and lines[-1].endswith(ending):
        lines[-1] += more
    else:
        lines.append(more.removeprefix(": ").capitalize())


@dataclass
class _Card:
    """The sentence of a played card, which the relatives it brought extend."""

    line: int | None = None  # its index in the lines, while relatives may follow
    text: str = ""
    earned: int = 0
    brought: list[str] = field(default_factory=list)
    unused: int = 0

    def start(self, text: str, lines: list[str]) -> None:
        self.line, self.text, self.earned, self.brought, self.unused = len(lines), text, 0, [], 0
        lines.append(text)

    def relatives(self, ev: Mapping[str, Any], lines: list[str], who: str) -> None:
        kind = ev.get("type")
        if kind == "RelativesEarned":
            self.earned = _i(ev.get("count")) or 0
        elif kind == "RelativePlaced":
            self.brought.append(_s(ev.get("square")) or "?")  # the board shows squares
        else:
            self.unused = _i(ev.get("unused")) or 0
        if self.line is None:  # relatives without a card this turn: a sentence of their own
            self.start(who, lines)
        text = self.text
        if self.brought:
            n = len(self.brought)
            of = f" of {self.earned}" if self.earned > n else ""
            word = "relative" if max(n, self.earned) == 1 else "relatives"
            text += f" and brought {n}{of} {word}: {', '.join(self.brought)}"
        elif self.unused:
            text += f"; {_plural(self.unused, 'relative')} stayed home"
        elif self.earned:
            text += f" and may bring {_plural(self.earned, 'relative')}"
        lines[len(lines) - 1 if self.line is None else self.line] = text


def read_last_turn(view: Mapping[str, Any], names: Sequence[str]) -> LastTurn:
    """Highlights and sentences from ``view["last_turn"]["events"]`` (docs/views.md). A card
    and the relatives it brought make one sentence, and so do an Omen and its victim."""
    out = LastTurn()
    last = view.get("last_turn") or {}
    events = last.get("events") or []
    card = _Card()

    def who(seat: object) -> str:
        s = _i(seat)
        return display_name(view, names, s) if s is not None else "?"

    def say(text: str) -> None:
        out.lines.append(text)

    for ev in events:
        if not isinstance(ev, Mapping):
            continue
        kind = ev.get("type")
        seat = ev.get("seat")
        sq = _s(ev.get("square"))
        if kind in ("RelativesEarned", "RelativePlaced", "RelativesEnded"):
            if kind == "RelativePlaced" and sq is not None:
                out.placed.append(sq)
            card.relatives(ev, out.lines, who(seat))
            continue
        card.line = None  # anything else ends the card's sentence
        if kind == "CardPlayed":
            number = ev.get("card", "?")
            out.discarded.add(str(number))
            if sq is None:
                say(f"{who(seat)} played {number} and placed no piece")
                continue
            out.placed.append(sq)
            how = " as a joker" if ev.get("joker") else ""
            card.start(f"{who(seat)} played {number}{how} → {sq}", out.lines)
        elif kind == "VesuviusSeethes":
            say(f"{who(seat)} drew A.D. 79: Vesuvius seethes!")
        elif kind == "OmenDrawn":
            out.discarded.add("omen")
            say(f"{who(seat)} drew an Omen")
        elif kind == "PieceThrown":
            victim = _i(ev.get("victim"))
            if victim is not None:
                out.lose(sq, victim)
            _extend(out.lines, "drew an Omen", f": {who(victim)} loses a piece on {sq}")
        elif kind == "OmenNoVictim":
            _extend(out.lines, "drew an Omen", ": it found no victim")
        elif kind == "VesuviusErupted":
            hands = ev.get("hands")
            for hand in hands if isinstance(hands, list) else []:  # now on the discard pile
                if isinstance(hand, list):
                    out.discarded.update(str(c) for c in hand)
            if ev.get("called"):
                say(f"{who(seat)} called the eruption!")
            else:
                say(f"{who(seat)} drew A.D. 79 again: Vesuvius erupts!")
        elif kind == "LavaPlaced":
            if sq is not None:
                out.lava.append(sq)
            lost = _counts(ev.get("lost"))
            for victim, n in enumerate(lost):
                out.lose(sq, victim, n)
            text = f"{who(seat)} placed {ev.get('symbol', 'lava')} lava on {sq}"
            if sum(lost):
                text += f": {sum(lost)} lost"
            gate = _s(ev.get("gate_closed"))
            say(text + (f"; {gate} is closed" if gate else ""))
        elif kind == "LavaOutOfPlay":
            say(f"the {ev.get('tile', 'lava')} tile had nowhere to go")
        elif kind == "PiecesEnclosed":
            squares = ev.get("squares")
            for entry in squares if isinstance(squares, list) else []:
                if isinstance(entry, Mapping):
                    for victim, n in enumerate(_counts(entry.get("lost"))):
                        out.lose(_s(entry.get("square")), victim, n)
            say(f"{_plural(sum(_counts(ev.get('lost'))), 'piece')} cut off from every gate")
        elif kind == "EscapeBegan":
            say(f"Run for your lives! {who(seat)} begins")
        elif kind == "PieceMoved":
            path = [p for p in (ev.get("path") or []) if isinstance(p, str)]
            frm, to = _s(ev.get("from")), _s(ev.get("to"))
            if len(path) < 2 and frm and to:
                path = [frm, to]
            out.paths.append((_i(seat) or 0, path, None))
            say(f"{who(seat)} moved {frm} → {to}")
        elif kind == "PieceSaved":
            path = [p for p in (ev.get("path") or []) if isinstance(p, str)]
            frm, gate = _s(ev.get("from")), _s(ev.get("gate"))
            if not path and frm:
                path = [frm] if gate in (None, frm) else [frm, gate]
            out.paths.append((_i(seat) or 0, path, gate))
            name = _s(ev.get("gate_name")) or gate
            say(f"{who(seat)} escaped {frm} → {name}")
        elif kind == "MovesSkipped":
            say(f"{who(seat)} had nothing to move")
        elif kind == "GameEnded":
            left = sum(_counts(ev.get("lost")))
            if left:
                say(f"{_plural(left, 'piece')} left in the city were lost")
            reason = _s(ev.get("reason"))
            say(f"Game over: {reason}" if reason else "Game over")
    return out
