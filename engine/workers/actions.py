"""The actions of Pompeii and their notation (the full table is in docs/views-workers.md).

An action is a verb and its arguments (W11: moves name goods, buildings and cards, seats are
0-based, one action is one decision); ``format_action`` writes the canonical text and
``parse_action`` reads it back (case-insensitive; goods also by alias, e.g. ``oil``, ``coin``).
Parsing is syntax only and raises nothing but :class:`~engine.core.NotationError`, whatever the
text. Arguments are ints (goods, buildings, seats, amounts) or strings (card ids, decks).

| notation                  | when                                                        |
|---------------------------|-------------------------------------------------------------|
| ``start red 7``           | setup: take red building 7                                  |
| ``start grain 2``         | setup: put 2 of your 6 starting units on grain              |
| ``collect grain [S14]``   | place: collect at a field (optionally with a card)          |
| ``produce 7 3 [S30]``     | place: convert 3 times at building 7                        |
| ``build 17 [S49]``        | place: build at the Costruzione (also a free-build choice)  |
| ``port [S21]``            | place: go to the Porta, then ``trade``                      |
| ``piazza``                | place: Piazza, then ``train`` (repeat) or one ``swap``      |
| ``activate C12``          | place: activate a city card at the Foro                     |
| ``recover C14 [5]``       | place: pay to undo a C12/C14/C28/C31 effect at the Foro     |
| ``army`` / ``hire``       | place: recruit at the Terme / a new worker at building 18   |
| ``use S25``               | place (solo): use a one-time card of the display            |
| ``trade gold 4 meat``     | after ``port``: give 4 gold for meat                        |
| ``train S30``             | after ``piazza``: activate a hand specialist, paying it     |
| ``swap S30 grain``        | after ``piazza``: pay 1 grain, exchange S30 for a new draw  |
| ``done``                  | end a Piazza, Porta or C14 step                             |
| ``bonus coal``            | owner: the ownership bonus good                             |
| ``steal 2 meat``          | take meat from seat 2 (S06 and the like)                    |
| ``give grain``            | give a good (C35)                                           |
| ``mark 7`` ``cover 7`` ``seize 7`` | S27 marker, C14 token, C01 workers: at building 7  |
| ``injure 2``              | C12/C28: the victim seat                                    |
| ``take S14`` ``keep C05`` | take a card (C11/C25/C29); keep a drawn card                |
| ``stack VB03``            | Search: the next volcano card from the top                  |
| ``gain bread``            | take a good of your choice                                  |
| ``halt`` / ``pass``       | C31 window: halt the Castrum / let it pass                  |
| ``pledge bread 2``        | offering: set your pledge of bread to 2 (secret)            |
| ``lock`` / ``play C04``   | offering: lock your pledge / play an offering card          |
| ``draw city``             | reward: draw from the city (or ``specialist``) deck         |
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import NotationError
from engine.text import Text
from engine.workers.catalog import CATALOG

Arg = int | str


class Action(NamedTuple):
    """A verb and its arguments (a named tuple: hashing and comparing stay in C, which the
    legality check and the playouts do a lot of)."""

    verb: str
    args: tuple[Arg, ...] = ()

    def num(self, i: int) -> int:
        value = self.args[i]
        assert isinstance(value, int)
        return value

    def text(self, i: int) -> str:
        """The card argument at ``i``; "" when an optional one is absent."""
        if len(self.args) <= i:
            return ""
        value = self.args[i]
        assert isinstance(value, str)
        return value


def act(verb: str, *args: Arg) -> Action:
    """The action ``verb args``."""
    return Action(verb, args)


_SERIES: dict[tuple[str, tuple[Arg, ...], tuple[Arg, ...], int, int], list[Action]] = {}


def series(
    verb: str,
    before: tuple[Arg, ...],
    after: tuple[Arg, ...],
    count: int,
    step: int = 1,
    start: int = 1,
) -> list[Action]:
    """``[Action(verb, (*before, k * step, *after)) for k in start … start + count - 1]``,
    built once and shared (legal-action lists repeat these a lot: amounts to trade, produce,
    pledge)."""
    key = (verb, before, after, step, start)
    made = _SERIES.get(key)
    if made is None:
        made = _SERIES[key] = []
    while len(made) < count:
        made.append(Action(verb, (*before, (start + len(made)) * step, *after)))
    return made[:count]


# Argument kinds: g good, n amount ≥ 1, z amount ≥ 0, b building, s seat, c card, v volcano
# card, d deck; an upper-case letter marks an optional last argument.
GRAMMAR: dict[str, tuple[str, str]] = {
    # verb: (words written before the arguments, argument kinds)
    "start_red": ("start red", "b"),
    "start_goods": ("start", "gn"),
    "collect": ("collect", "gC"),
    "produce": ("produce", "bnC"),
    "build": ("build", "bC"),
    "port": ("port", "C"),
    "piazza": ("piazza", ""),
    "activate": ("activate", "c"),
    "recover": ("recover", "cB"),
    "army": ("army", ""),
    "hire": ("hire", ""),
    "use": ("use", "c"),
    "trade": ("trade", "gng"),
    "train": ("train", "c"),
    "swap": ("swap", "cg"),
    "done": ("done", ""),
    "bonus": ("bonus", "g"),
    "steal": ("steal", "sg"),
    "give": ("give", "g"),
    "mark": ("mark", "b"),
    "cover": ("cover", "b"),
    "seize": ("seize", "b"),
    "injure": ("injure", "s"),
    "take": ("take", "c"),
    "keep": ("keep", "c"),
    "stack": ("stack", "v"),
    "gain": ("gain", "g"),
    "halt": ("halt", ""),
    "pass": ("pass", ""),
    "pledge": ("pledge", "gz"),
    "lock": ("lock", ""),
    "play": ("play", "c"),
    "draw": ("draw", "d"),
}
DECKS = ("specialist", "city")
_DECK_ALIASES = {
    "specialist": "specialist",
    "specialists": "specialist",
    "s": "specialist",
    "city": "city",
    "c": "city",
}
_BY_WORD = {words.split()[0]: verb for verb, (words, _) in GRAMMAR.items() if verb != "start_red"}
USAGE = Text(
    "Examples: `collect grain`, `produce 7 3`, `build 17`, `port` then `trade gold 4 meat`, "
    "`piazza` then `train S30` … `done`, `activate C12`, `pledge bread 2`, `lock`. "
    "See the notation table in the help."
)
MAX_NUMBER = 999


def good_name(good: int) -> str:
    return CATALOG.goods[good].id


def _format_arg(kind: str, value: Arg) -> str:
    if kind in "gG":
        assert isinstance(value, int)
        return good_name(value)
    return str(value)


def format_action(action: Action) -> str:
    words, kinds = GRAMMAR[action.verb]
    parts = [words]
    parts.extend(_format_arg(kinds[i], value) for i, value in enumerate(action.args))
    return " ".join(parts)


def _good(token: str) -> int:
    good = CATALOG.good_ids.get(token.replace("-", "_"))
    if good is None:
        known = ", ".join(g.id for g in CATALOG.goods)
        raise NotationError("`{token}` is not a good. Goods: {known}.", token=token, known=known)
    return good


def _number(token: str, minimum: int) -> int:
    if not (token.isascii() and token.isdigit()) or len(token) > 3:
        raise NotationError("`{token}` is not a number (write digits, e.g. `3`).", token=token)
    value = int(token)
    if value < minimum:
        raise NotationError(
            "`{token}` is too small here (at least {minimum}).", token=token, minimum=minimum
        )
    return value


def _card(token: str) -> str:
    code = token.upper()
    if len(code) == 3 and code[0] in "SC" and code[1:].isascii() and code[1:].isdigit():
        return code
    raise NotationError("`{token}` is not a card. Cards look like `S30` or `C12`.", token=token)


def _volcano(token: str) -> str:
    code = token.upper()
    if code in CATALOG.volcano:
        return code
    raise NotationError("`{token}` is not a volcano card (e.g. `VB03`).", token=token)


def _arg(kind: str, token: str) -> Arg:
    k = kind.lower()
    if k == "g":
        return _good(token)
    if k in "nz":
        return _number(token, 1 if k == "n" else 0)
    if k == "b":
        number = _number(token, 1)
        if number >= len(CATALOG.buildings):
            raise NotationError("There is no building {number}.", number=number)
        return number
    if k == "s":
        number = _number(token, 0)
        if number > 3:
            raise NotationError("There is no seat {number} (seats are 0–3).", number=number)
        return number
    if k == "c":
        return _card(token)
    if k == "v":
        return _volcano(token)
    deck = _DECK_ALIASES.get(token)
    if deck is None:
        raise NotationError("`{token}` is not a deck: write `specialist` or `city`.", token=token)
    return deck


def parse_action(text: str) -> Action:
    """Parse notation (syntax only; whether it is legal is the game's business)."""
    if not isinstance(text, str):
        raise NotationError("A move is a line of text.")
    tokens = text.strip().lower().split()
    if not tokens:
        raise NotationError("Empty move.", USAGE)
    if not all(t.isascii() for t in tokens):
        raise NotationError("Moves use plain letters and digits only.", USAGE)
    head, rest = tokens[0], tokens[1:]
    if head == "start" and rest[:1] == ["red"]:
        verb, rest = "start_red", rest[1:]
    elif head in _BY_WORD:
        verb = _BY_WORD[head]
    else:
        raise NotationError("Unknown move `{head}`.", USAGE, head=head)
    kinds = GRAMMAR[verb][1]
    required = sum(1 for k in kinds if k.islower())
    if not required <= len(rest) <= len(kinds):
        shape = " ".join(_KIND_WORDS[k] for k in kinds)
        word = GRAMMAR[verb][0]
        raise NotationError("`{word}` is written `{word} {shape}`.", word=word, shape=shape)
    return act(verb, *(_arg(kinds[i], token) for i, token in enumerate(rest)))


_KIND_WORDS = {
    "g": "<good>",
    "n": "<amount>",
    "z": "<amount>",
    "b": "<building>",
    "s": "<seat>",
    "c": "<card>",
    "v": "<volcano card>",
    "d": "<specialist|city>",
    "C": "[card]",
    "B": "[building]",
    "G": "[good]",
}
