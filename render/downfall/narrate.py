"""The Downfall of Pompeii in words: public events -> sentences, the decision line, rules topics.

Pure and discord-free. Reads only public (redacted) events and views, as documented in
``docs/views.md``; ``names[seat]`` is each seat's display name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.downfall import board as B

COLOURS = ("red", "black", "yellow", "blue")


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    if isinstance(seat, int) and 0 <= seat < len(COLOURS):
        return COLOURS[seat].capitalize()
    return "Someone"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


_HOUSE: dict[str, int | None] = {b.label: b.number for b in B.BUILDINGS}


def _where(building: Any, square: Any) -> str:
    """A square and what the board shows there: ``e6 (house 9)``, ``d2 (neutral building)``
    (never the notation's building labels, ``9``, ``N3``, which the board does not show)."""
    if building not in _HOUSE:
        return str(square)
    number = _HOUSE[building]
    return f"{square} (house {number})" if number else f"{square} (neutral building)"


def _lost(lost: Any) -> str:
    """``[1, 0, 2]`` -> ``"3 pieces lost (1 red, 2 yellow)"``; empty when nothing was lost."""
    if not isinstance(lost, list):
        return ""
    total = sum(n for n in lost if isinstance(n, int))
    if total == 0:
        return ""
    parts = [f"{n} {COLOURS[s]}" for s, n in enumerate(lost) if isinstance(n, int) and n]
    return f"{_plural(total, 'piece')} lost ({', '.join(parts)})"


class _Turn:
    """Builds sentences, merging a played card with the relatives it brought."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = names
        self.lines: list[str] = []
        self.card: str | None = None
        self.earned = 0
        self.relatives: list[str] = []
        self.drawn_tile: str | None = None

    def flush(self) -> None:
        if self.card is not None:
            text = self.card
            placed = len(self.relatives)
            if placed:
                of = f" of {self.earned}" if self.earned > placed else ""
                what = "relative" if placed == 1 and not of else "relatives"
                text += f" and placed {placed}{of} {what}: {', '.join(self.relatives)}"
            elif self.earned:
                text += f" and may bring {_plural(self.earned, 'relative')}"
            self.lines.append(text)
        self.card = None
        self.earned = 0
        self.relatives = []
        if self.drawn_tile is not None:
            self.lines.append(self.drawn_tile)
            self.drawn_tile = None

    def say(self, text: str) -> None:
        self.flush()
        self.lines.append(text)

    def event(self, e: Mapping[str, Any]) -> None:
        kind = e.get("type")
        who = _name(self.names, e.get("seat"))
        if kind == "CardPlayed":
            self.flush()
            card = e.get("card")
            if e.get("square") is None:
                self.card = f"{who} played {card} and placed no piece"
            elif e.get("joker"):
                where = _where(e.get("building"), e.get("square"))
                self.card = f"{who} played {card} as a joker into {where}"
            else:  # into the house of that number
                self.card = f"{who} played {card} into {e.get('square')}"
        elif kind == "RelativesEarned":
            if self.card is None:
                self.card = f"{who} may bring {_plural(int(e.get('count', 0)), 'relative')}"
            else:
                self.earned = int(e.get("count", 0))
        elif kind == "RelativePlaced":
            where = _where(e.get("building"), e.get("square"))
            if self.card is None:
                self.lines.append(f"A relative of {who} moved into {where}")
            else:
                self.relatives.append(where)
        elif kind == "RelativesEnded":
            unused = int(e.get("unused", 0))
            self.earned = 0  # the unused ones are said below
            self.flush()
            if unused:
                reason = {"no space": " (no free space)", "no supply": " (no pieces left)"}
                extra = reason.get(str(e.get("reason")), "")
                self.lines.append(f"{_plural(unused, 'relative')} stayed home{extra}")
        elif kind == "CardDrawn":
            pass  # every turn ends with a draw; the card itself is private
        elif kind == "VesuviusSeethes":
            self.say(
                f"{who} drew A.D. 79: Vesuvius seethes! Omens, relatives and jokers are now in "
                "play, and A.D. 79 goes back into the bottom 15 cards"
            )
        elif kind == "OmenDrawn":
            self.say(f"{who} drew an Omen")
        elif kind == "PieceThrown":  # who threw (the one who drew the Omen), and whose piece
            where = _where(e.get("building"), e.get("square"))
            whose = _name(self.names, e.get("victim"))
            threw = f"threw {whose}'s {e.get('colour')} piece from {where} into the volcano"
            self.flush()
            if self.lines and self.lines[-1] == f"{who} drew an Omen":
                self.lines[-1] += f" and {threw}"
            else:
                self.lines.append(f"Omen: {who} {threw}")
        elif kind == "OmenNoVictim":
            self.say("The Omen has no effect: no other player has a piece in the city")
        elif kind == "VesuviusErupted":
            if e.get("called"):
                hands = e.get("hands")
                seat = e.get("seat")
                shown = ""
                if isinstance(hands, list) and isinstance(seat, int) and seat < len(hands):
                    shown = " showing " + ", ".join(str(c) for c in hands[seat])
                self.say(f"{who} called “The volcano erupts!”{shown}")
            else:
                self.say(f"{who} drew A.D. 79 again: Vesuvius erupts!")
            self.lines.append("Phase 1 is over: hands are discarded and unplaced pieces go back")
        elif kind == "LavaDrawn":
            self.flush()
            self.drawn_tile = f"{who} drew a {e.get('tile')} lava tile"
        elif kind == "LavaPlaced":
            self.drawn_tile = None
            self.flush()
            text = f"{who} placed a {e.get('symbol')} tile: lava covered {e.get('square')}"
            lost = _lost(e.get("lost"))
            if lost:
                text += f": {lost}"
            if e.get("gate_closed"):
                text += f"; {e.get('gate_closed')} is closed"
            self.lines.append(text)
        elif kind == "LavaOutOfPlay":
            self.drawn_tile = None
            self.say(f"{who}'s {e.get('tile')} tile has nowhere to go and is put out of play")
        elif kind == "PiecesEnclosed":
            lost = _lost(e.get("lost"))
            if lost:
                self.say(f"Cut off from every gate: {lost}")
        elif kind == "EscapeBegan":
            self.say(f"Six lava tiles lie on the board: run for your lives! {who} begins")
        elif kind == "PieceMoved":
            self.say(f"{who} moved {e.get('from')} → {e.get('to')}")
        elif kind == "PieceSaved":
            self.say(f"{who} escaped from {e.get('from')} through {e.get('gate_name')}")
        elif kind == "MovesEnded":
            if int(e.get("unused", 0)) == 2:
                self.say(f"{who} moved no piece")
        elif kind == "MovesSkipped":
            self.say(f"{who} has no piece that can move")
        elif kind == "GameEnded":
            text = f"The game is over: {e.get('reason')}"
            lost = _lost(e.get("lost"))
            if lost:
                text += f"; left in the city: {lost}"
            self.say(text)
        elif isinstance(kind, str):
            self.say(f"{who}: {kind}")


def narrate(events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[str]:
    """Sentences for a run of public events (one move or a whole turn), in order."""
    turn = _Turn(names)
    for e in events:
        turn.event(e)
    turn.flush()
    return turn.lines


def decision(view: Mapping[str, Any]) -> str:
    """What the game waits for, without the player's name: ``"play a card and place a piece"``."""
    pending = view.get("pending")
    if not isinstance(pending, Mapping):
        return ""
    prompt = str(pending.get("prompt") or "")
    _, sep, rest = prompt.partition(": ")
    return rest if sep else prompt


def hand(view: Mapping[str, Any]) -> str:
    """A player view's hand in words: ``"Your hand: 3, 6, 9 (joker)"``."""
    cards = view.get("hand")
    if not isinstance(cards, list):
        return ""
    if not cards:
        return "Your hand is empty."
    jokers = view.get("jokers")
    flags = jokers if isinstance(jokers, list) else []
    shown = [
        f"{card} (joker)" if i < len(flags) and flags[i] else str(card)
        for i, card in enumerate(cards)
    ]
    text = "Your hand: " + ", ".join(shown)
    if view.get("can_erupt"):
        text += " — all jokers: you may call “The volcano erupts!” (`erupt`)"
    return text


SCORE_LABELS = {"saved": "saved", "volcano": "in the volcano"}

RULES: dict[str, tuple[str, str]] = {
    "overview": (
        "Overview",
        "2–4 players. **Phase 1**: play cards to bring your people into Pompeii. **Phase 2**: "
        "lava spreads through the city and you run for the gates. Most pieces saved wins; ties "
        "go to fewer pieces in the volcano, then it is a shared win (R9).",
    ),
    "phase1": (
        "Phase 1: new citizens",
        "On your turn: **play** a card, **place** one piece on a free space of a building with "
        "that number, **draw** back to 4 cards. Placing is compulsory while possible (R11); "
        "with no piece in supply you still play and draw (R1). In a two-square building you "
        "pick the square (it matters in phase 2).",
    ),
    "seething": (
        "Vesuvius seethes: relatives, Omens, jokers",
        "After the first A.D. 79: a piece placed into a building already holding k pieces may "
        "bring up to k **relatives**, each into a different building of the same colour or a "
        "neutral one, never the same building; relatives never bring relatives. An **Omen** "
        "lets you throw another player's piece from a building into the volcano (no effect "
        "when nobody else is in the city, R2). A card whose buildings are all full is a "
        "**joker**: place on any free space, without relatives.",
    ),
    "eruption": (
        "The eruption",
        "Phase 1 ends when A.D. 79 is drawn the second time. A player whose whole hand is "
        "jokers may call “The volcano erupts!” at any moment the game waits for a decision, "
        "even on another player's turn (R3, R12): use `/move erupt` or the button you are "
        "offered. Hands are discarded; pieces still in supply go back to the box.",
    ),
    "lava": (
        "Lava tiles",
        "From the left of whoever triggered the eruption, players place one tile each until "
        "six lie on the board. The first tile of a symbol goes on its first-lava square (only "
        "that symbol may go there, R4); later tiles go next to a tile of the same symbol. "
        "Pieces under the tile are lost, your own too. A tile with no legal square is put out "
        "of play (R5). Pieces with no lava-free path to an open gate are lost at once.",
    ),
    "moving": (
        "Phase 2: run for your lives",
        "On your turn: place a lava tile, then **move two pieces**. A piece has as many move "
        "points as pieces stand on its square when it starts; steps are orthogonal over "
        "lava-free squares, never visiting a square twice (R7); leaving through a gate costs 1. "
        "A piece alone on its square may make both moves; moving is optional (`pass`, R8).",
    ),
    "end": (
        "End and scoring",
        "Whoever draws the last lava tile finishes that turn; then every piece left in the city "
        "is lost. The game also ends when no piece is left in the city. Most saved wins; then "
        "fewer in the volcano; then a shared win.",
    ),
    "notation": (
        "Move notation",
        "`play 6 d4` · `play 3` (no piece can be placed) · `relative b4` · `pass` · "
        "`omen red c3` · `erupt` · `lava c2` / `lava mask d7` (dual vent) · `move d4 f4` · "
        "`move d6 out g7`. Squares are a–k (west→east) and 1–7 (north→south). `/move` "
        "suggests exactly your legal moves as you type.",
    ),
}
"""Rules topics for ``/game rules``: key -> (title, text), with the rulings (R-numbers)."""
