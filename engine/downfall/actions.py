"""The actions of The Downfall of Pompeii and their notation (see docs/rules/downfall.md).

Actions are small immutable values. Every action the rules can ever allow is built once at import
(:func:`play`, :func:`move`, ...), so generating legal moves allocates nothing and identical
actions are the same object.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import NotationError
from engine.downfall.board import COLOURS, SYMBOLS
from engine.downfall.tables import CITY_IDX, INDEX, IS_CITY, IS_GATE, NAMES, NUMBERS
from engine.text import Text


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card and place the piece on ``square`` (``None``: no piece can be placed, R1/R11)."""

    card: int
    square: str | None = None


@dataclass(frozen=True, slots=True)
class PlaceRelative:
    """Place one relative on ``square``."""

    square: str


@dataclass(frozen=True, slots=True)
class Pass:
    """Stop placing relatives, or end the movement step (R8)."""


@dataclass(frozen=True, slots=True)
class ThrowOmen:
    """The Omen: throw a ``colour`` piece standing on ``square`` into the volcano."""

    colour: str
    square: str


@dataclass(frozen=True, slots=True)
class CallEruption:
    """Call "The volcano erupts!" with a hand of jokers only (R3, R12)."""


@dataclass(frozen=True, slots=True)
class PlaceLava:
    """Place the drawn lava tile on ``square``; ``symbol`` names the side of a dual vent tile."""

    square: str
    symbol: str | None = None


@dataclass(frozen=True, slots=True)
class MovePiece:
    """Move one of your pieces from ``source`` to ``target``; with ``out`` the piece leaves the
    city through the gate of ``target`` (a gate square)."""

    source: str
    target: str
    out: bool = False


Action = PlayCard | PlaceRelative | Pass | ThrowOmen | CallEruption | PlaceLava | MovePiece

PASS = Pass()
ERUPT = CallEruption()

# Prebuilt actions, indexed by square index (and card / colour / symbol).
PLAY_OF: dict[tuple[int, int], PlayCard] = {
    (n, i): PlayCard(n, NAMES[i]) for n in NUMBERS for i in range(len(NAMES)) if IS_CITY[i]
}
PLAY_BARE_OF: dict[int, PlayCard] = {n: PlayCard(n, None) for n in NUMBERS}
RELATIVE_AT: tuple[PlaceRelative, ...] = tuple(PlaceRelative(name) for name in NAMES)
OMEN_AT: tuple[tuple[ThrowOmen, ...], ...] = tuple(
    tuple(ThrowOmen(colour, name) for name in NAMES) for colour in COLOURS
)
LAVA_AT: tuple[PlaceLava, ...] = tuple(PlaceLava(name) for name in NAMES)
LAVA_SIDE_AT: tuple[tuple[PlaceLava, ...], ...] = tuple(
    tuple(PlaceLava(name, symbol) for name in NAMES) for symbol in SYMBOLS
)
MOVE_OF: dict[tuple[int, int], MovePiece] = {
    (a, b): MovePiece(NAMES[a], NAMES[b]) for a in CITY_IDX for b in CITY_IDX if a != b
}
MOVE_OUT_OF: dict[tuple[int, int], MovePiece] = {
    (a, g): MovePiece(NAMES[a], NAMES[g], True) for a in CITY_IDX for g in CITY_IDX if IS_GATE[g]
}


def format_action(action: Action) -> str:
    """The canonical notation, e.g. ``play 6 d4`` or ``move d6 out g7``."""
    if isinstance(action, PlayCard):
        return f"play {action.card}" + (f" {action.square}" if action.square else "")
    if isinstance(action, PlaceRelative):
        return f"relative {action.square}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, ThrowOmen):
        return f"omen {action.colour} {action.square}"
    if isinstance(action, CallEruption):
        return "erupt"
    if isinstance(action, PlaceLava):
        return f"lava {action.symbol} {action.square}" if action.symbol else f"lava {action.square}"
    if isinstance(action, MovePiece):
        middle = " out " if action.out else " "
        return f"move {action.source}{middle}{action.target}"
    raise TypeError(f"not a Downfall action: {action!r}")


_USAGE = Text(
    "Try one of: `play 6 d4`, `play 3`, `relative b4`, `pass`, `omen red c3`, `erupt`, "
    "`lava c2`, `lava mask d7`, `move d4 f4`, `move d6 out g7`."
)


def _square(text: str) -> int:
    index = INDEX.get(text, -1)
    if index < 0 or not IS_CITY[index]:
        raise NotationError(
            "`{text}` is not a square of the city. Squares are named `a1`–`k7` "
            "(column letter a–k, row number 1–7); `i1`, `j1`, `k1`, `k2`, `a7`, `b7` and `c7` "
            "lie outside.",
            text=text,
        )
    return index


def parse_action(text: str) -> Action:
    """Parse notation (case and extra spaces forgiven); raises :class:`NotationError`."""
    words = text.strip().lower().split()
    if not words:
        raise NotationError("That is empty.", _USAGE)
    verb, args = words[0], words[1:]
    if verb == "play" and len(args) in (1, 2):
        number = args[0]
        if (
            not (number.isascii() and number.isdigit() and len(number) <= 2)
            or int(number) not in NUMBERS
        ):
            raise NotationError(
                "`{word}` is not a house number: cards are numbered 1–11.", word=args[0]
            )
        card = int(args[0])
        if len(args) == 1:
            return PLAY_BARE_OF[card]
        return PLAY_OF[card, _square(args[1])]
    if verb == "relative" and len(args) == 1:
        return RELATIVE_AT[_square(args[0])]
    if verb == "pass" and not args:
        return PASS
    if verb == "erupt" and not args:
        return ERUPT
    if verb == "omen" and len(args) == 2:
        if args[0] not in COLOURS:
            raise NotationError(
                "`{word}` is not a colour. Colours: {known}; e.g. `omen red c3`.",
                word=args[0],
                known=", ".join(f"`{c}`" for c in COLOURS),
            )
        return OMEN_AT[COLOURS.index(args[0])][_square(args[1])]
    if verb == "lava" and len(args) in (1, 2):
        if len(args) == 1:
            return LAVA_AT[_square(args[0])]
        if args[0] not in SYMBOLS:
            raise NotationError(
                "`{word}` is not a lava symbol. Symbols: {known}; e.g. `lava mask d7`.",
                word=args[0],
                known=", ".join(f"`{s}`" for s in SYMBOLS),
            )
        return LAVA_SIDE_AT[SYMBOLS.index(args[0])][_square(args[1])]
    if verb == "move" and len(args) in (2, 3):
        source = _square(args[0])
        if len(args) == 3:
            if args[1] != "out":
                raise NotationError("To leave the city write `move <from> out <gate square>`.")
            gate = _square(args[2])
            if not IS_GATE[gate]:
                raise NotationError(
                    "`{square}` has no gate. Gates: `a1`, `f1`, `j2`, `a5`, `k5`, `g7`, `i7` "
                    "(e.g. `move d6 out g7`).",
                    square=args[2],
                )
            return MOVE_OUT_OF[source, gate]
        target = _square(args[1])
        if target == source:
            raise NotationError("A move must go to a different square.")
        return MOVE_OF[source, target]
    raise NotationError("I do not understand `{text}`.", _USAGE, text=text.strip())
