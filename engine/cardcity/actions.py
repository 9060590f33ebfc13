"""The actions of Pompeji and their notation (documented in docs/views-cardcity.md).

| notation        | action                                                              |
|-----------------|---------------------------------------------------------------------|
| ``play Tr g8``  | play the building card Temple/red from hand to cell g8               |
| ``statue Ar g8``| play your statue at g8, declared as Amphitheatre/red                 |
| ``discard Tr``  | no hand card fits: discard Temple/red (a draw follows)               |
| ``draw``        | end phase: draw a card after playing                                 |
| ``nodraw``      | end phase: keep your hand, draw nothing (alias ``keep``)             |
| ``claim``       | permit window: use your building permit now                          |
| ``decline``     | let the permit window pass (alias ``pass``); a claim commits (C7)    |
| ``withdraw``    | take back the move you prepared while waiting for your turn (C20)    |

While the player due next waits (a permit window, a permit turn) they may *prepare* their move:
the same ``play`` / ``statue`` / ``discard`` notation, held secretly until their turn (C20).

A card is its building letter (upper case: T F A B V W G) and colour letter (lower case:
r o y g b p w); input is case-insensitive and may carry the value in between (``T1r``). A cell is
a column letter ``a``–``m`` and a row number ``1``–``13``; the start card lies on ``g7``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.cardcity.data import BUILDINGS, COLOURS, VALUES
from engine.cardcity.rules import Cell
from engine.core import NotationError
from engine.text import Term, Text

SIZE = 13
"""The grid the city can reach: 6 cards to every side of the start card (ruling C1)."""
START: Cell = (6, 6)


@dataclass(frozen=True, slots=True)
class PlayCard:
    card: int
    cell: Cell


@dataclass(frozen=True, slots=True)
class PlayStatue:
    building: int
    colour: int
    cell: Cell


@dataclass(frozen=True, slots=True)
class Discard:
    card: int


@dataclass(frozen=True, slots=True)
class Draw:
    pass


@dataclass(frozen=True, slots=True)
class NoDraw:
    pass


@dataclass(frozen=True, slots=True)
class Claim:
    pass


@dataclass(frozen=True, slots=True)
class Decline:
    pass


@dataclass(frozen=True, slots=True)
class Withdraw:
    pass


Action = PlayCard | PlayStatue | Discard | Draw | NoDraw | Claim | Decline | Withdraw
Placement = PlayCard | PlayStatue | Discard
"""What a seat does on its turn (or prepares for it): place a card or its statue, or discard
when nothing fits."""

DRAW = Draw()
NODRAW = NoDraw()
CLAIM = Claim()
DECLINE = Decline()
WITHDRAW = Withdraw()


def card_code(card: int) -> str:
    """``Tr`` for Temple/red."""
    return _CARD_CODES[card]


def card_label(card: int) -> Text:
    """``Temple·red·1`` (its building and colour as :class:`Term`\\ s, said in the reader's
    language)."""
    b, c = divmod(card, 7)
    return Text(
        "{building}·{colour}·{value}",
        building=Term(BUILDINGS[b][1]),
        colour=Term(COLOURS[c][1]),
        value=VALUES[b][c],
    )


def identity_label(building: int, colour: int) -> Text:
    """``Temple·red``."""
    return Text(
        "{building}·{colour}",
        building=Term(BUILDINGS[building][1]),
        colour=Term(COLOURS[colour][1]),
    )


_CELL_CODES = tuple(tuple(f"{chr(ord('a') + c)}{r + 1}" for c in range(SIZE)) for r in range(SIZE))
_CARD_CODES = tuple(BUILDINGS[i // 7][0] + COLOURS[i % 7][0] for i in range(49))


def cell_code(cell: Cell) -> str:
    """``g7`` for the start cell (6, 6)."""
    return _CELL_CODES[cell[0]][cell[1]]


_CARD = re.compile(r"^([a-z])([1-7]?)([a-z])$")
_CELL = re.compile(r"^([a-z])(\d{1,2})$")
_BUILDING_INDEX = {code.lower(): i for i, (code, _) in enumerate(BUILDINGS)}
_COLOUR_INDEX = {code: i for i, (code, _, _) in enumerate(COLOURS)}


def _help(pairs: tuple[tuple[str, str], ...]) -> Text:
    """``T Temple, F Forum, …``: each letter (notation) with its name (a :class:`Term`)."""
    template = ", ".join(f"{code} {{n{i}}}" for i, (code, _) in enumerate(pairs))
    return Text(template, **{f"n{i}": Term(name) for i, (_, name) in enumerate(pairs)})


def _building_help() -> Text:
    return _help(tuple((code, name) for code, name in BUILDINGS))


def _colour_help() -> Text:
    return _help(tuple((code, name) for code, name, _ in COLOURS))


def parse_card(text: str) -> int:
    """A card code such as ``Tr`` (or ``T1r``) to its id."""
    m = _CARD.match(text.lower())
    if not m:
        raise NotationError(
            "`{text}` is not a card. Write the building letter then the colour letter, e.g. "
            "`Tr` for a red Temple. Buildings: {buildings}. Colours: {colours}.",
            text=text,
            buildings=_building_help(),
            colours=_colour_help(),
        )
    letter_b, digit, letter_c = m.groups()
    if letter_b not in _BUILDING_INDEX:
        raise NotationError(
            "`{text}`: there is no building `{letter}`. {buildings}.",
            text=text,
            letter=letter_b.upper(),
            buildings=_building_help(),
        )
    if letter_c not in _COLOUR_INDEX:
        raise NotationError(
            "`{text}`: there is no colour `{letter}`. Colours: {colours}.",
            text=text,
            letter=letter_c,
            colours=_colour_help(),
        )
    b, c = _BUILDING_INDEX[letter_b], _COLOUR_INDEX[letter_c]
    if digit and int(digit) != VALUES[b][c]:
        raise NotationError(
            "`{text}`: the {card} card is worth {value}, not {digit}.",
            text=text,
            card=identity_label(b, c),
            value=VALUES[b][c],
            digit=digit,
        )
    return b * 7 + c


def parse_cell(text: str) -> Cell:
    m = _CELL.match(text.lower())
    last = chr(ord("a") + SIZE - 1)
    if not m or not ("a" <= m.group(1) <= last) or not (1 <= int(m.group(2)) <= SIZE):
        raise NotationError(
            "`{text}` is not a space. Write a column a–{last} and a row 1–{size}, e.g. `g8`; "
            "the start card lies on g7.",
            text=text,
            last=last,
            size=SIZE,
        )
    return (int(m.group(2)) - 1, ord(m.group(1)) - ord("a"))


def format_action(action: Action) -> str:
    match action:
        case PlayCard(card, cell):
            return f"play {card_code(card)} {cell_code(cell)}"
        case PlayStatue(building, colour, cell):
            return f"statue {card_code(building * 7 + colour)} {cell_code(cell)}"
        case Discard(card):
            return f"discard {card_code(card)}"
        case Draw():
            return "draw"
        case NoDraw():
            return "nodraw"
        case Claim():
            return "claim"
        case Decline():
            return "decline"
        case Withdraw():
            return "withdraw"
    raise TypeError(f"not a Pompeji action: {action!r}")


_WORDS: dict[str, Action] = {
    "draw": DRAW,
    "nodraw": NODRAW,
    "keep": NODRAW,
    "claim": CLAIM,
    "decline": DECLINE,
    "pass": DECLINE,
    "withdraw": WITHDRAW,
}

USAGE = Text(
    "Moves: `play Tr g8` (card, space), `statue Ar g8` (declared building+colour, space), "
    "`discard Tr`, `draw`, `nodraw`, `claim`, `decline`, `withdraw`."
)


def parse_action(text: str) -> Action:
    """Parse notation (syntax only; legality is checked by the game)."""
    words = text.strip().split()
    if not words:
        raise NotationError("Empty move.", USAGE)
    verb, args = words[0].lower(), words[1:]
    if verb in _WORDS:
        if args:
            raise NotationError("`{verb}` takes nothing after it.", USAGE, verb=verb)
        return _WORDS[verb]
    if verb in ("play", "statue"):
        if len(args) != 2:
            raise NotationError(
                "`{verb}` needs a card and a space, e.g. `{verb} Tr g8`.", verb=verb
            )
        card, cell = parse_card(args[0]), parse_cell(args[1])
        if verb == "play":
            return PlayCard(card, cell)
        b, c = divmod(card, 7)
        return PlayStatue(b, c, cell)
    if verb == "discard":
        if len(args) != 1:
            raise NotationError("`discard` needs one card, e.g. `discard Tr`.")
        return Discard(parse_card(args[0]))
    raise NotationError("Unknown move `{word}`.", USAGE, word=words[0])
