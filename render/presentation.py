"""How a game looks and reads: the presentation half of a game plugin.

Each game's package in ``render/`` builds one :class:`Presentation` from its images, its words
and its controls. The Discord edge uses nothing else of a game, so a new game plugs in without
a special case in ``cogs/`` or ``host/``. Everything here reads views (public or one player's)
and the engine's legal choices; nothing derives rules of its own. Pure: no discord, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.ai.hints import Reason
from engine.core import ActionChoice
from render.controls import Choose, Controls
from render.i18n import N_
from render.text import ranking

View = Mapping[str, Any]
Events = Sequence[Mapping[str, Any]]
ScoreSheet = Callable[[Mapping[str, Any], View, Sequence[str]], list[str]]


@dataclass(frozen=True)
class Image:
    """One picture for a message: its file name (``board.png``), the PNG bytes, and its
    description (the alt text a screen reader reads: ``Presentation.describe_picture``, set by
    the bot where it draws the picture; ``""``: none yet)."""

    filename: str
    png: bytes
    description: str = ""


@dataclass(frozen=True)
class StepWords:
    """The channel's status message of a step everyone decides at once, in a game's words:
    ``heading`` with ``{what}`` (the decision in words), ``progress`` with ``{done}`` (who has
    locked, or ``nobody``) and ``{deciding}`` (who has not), and ``over`` with ``{everyone}``
    once the step has ended. Each is a catalog message (``N_()``), said in the reader's language
    where it is shown."""

    heading: str = N_("⏳ **Everyone decides at once**: {what}")
    progress: str = N_("Locked: {done} · still deciding: {deciding}")
    nobody: str = N_("nobody yet")
    over: str = N_("✅ **Everyone has decided.** Locked: {everyone}.")


@dataclass(frozen=True)
class Words:
    """A game in words. ``narrate(events, names)``: public events -> sentences for the channel
    and the board's caption (a secret move is told only by what its public events say: nothing
    when they say nothing); ``decision(view)``: what the game waits for, without a name
    (``"play a card into the city"``); ``hand(view)``: a player's key figures in a few short
    words, for their private message (the detail is in their picture);
    ``rules``: topic -> (title, text) for ``/game rules``; ``final(outcome, view, names)``: the
    lines under the final board (a ranking by ``score_labels`` unless the game has a
    ``score_sheet``)."""

    narrate: Callable[[Events, Sequence[str]], list[str]]
    decision: Callable[[View], str]
    hand: Callable[[View], str]
    rules: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    score_labels: Mapping[str, str] = field(default_factory=dict)
    score_sheet: ScoreSheet | None = None
    titles: Mapping[str, str] = field(default_factory=dict)
    """The title of a player's private message by the kind of decision it offers, where the
    game words it its own way (Pompeji's out-of-turn option is preparing one's move); the bot
    has a title for every kind."""
    step: Callable[[View, Sequence[str]], str] | None = None
    """``step(view, names)``: where a step everyone decides at once stands, in the game's words,
    from the public view (e.g. each seat's offer and the total against what is needed), for
    the channel's status message of the step and the message of each player deciding it
    (which is drawn again as the others answer); ``""``: nothing to say at this step;
    ``None``: the bot says only who has decided."""
    step_words: StepWords = field(default_factory=StepWords)
    """The rest of that status message: heading, who has locked, its end (:class:`StepWords`)."""
    done: Mapping[str, str] = field(default_factory=dict)
    """What a player is told once they answered a decision of that kind, with ``{label}`` (the
    move in words), where the game words it its own way ("✅ {label}: it is played the moment
    your turn comes"); else "✅ You played: {label}"."""
    waiting: Callable[[View], str] | None = None
    """``waiting(view)``: what the game waits for as the channel says it (the waiting line,
    a step's status message), from the public view, worded for the table rather than for the
    player ("play a card or a statue into the city", not "… your statue …"); ``None``:
    ``decision`` says it, whose words then address nobody."""

    played_for: Callable[[Events, int], str] | None = None
    """``played_for(events, seat)``: the move that another seat's move (its ``events``, as
    ``seat`` sees them) played for ``seat`` from a choice it made earlier (Pompeji's prepared
    move, C20), in words without a name, as the game played it (``"Villa·purple on g6"``);
    ``""``: none. The message of that seat's decision closes with it ("✅ You played: …"),
    not with the choices it made and changed meanwhile."""

    reason: Callable[[Reason, View], str] | None = None
    """``reason(reason, view)``: why a hinted move is good (``/game hint``: the engine's
    :class:`~engine.ai.hints.Reason`, a key and its numbers) as one sentence in the game's terms,
    from the player's own view; ``""`` (or ``None``): the bot's generic sentence."""

    def public_decision(self, view: View) -> str:
        """What the game waits for, as the table reads it (:attr:`waiting`, else
        :attr:`decision`)."""
        return (self.waiting or self.decision)(view)

    def final(self, outcome: Mapping[str, Any], view: View, names: Sequence[str]) -> list[str]:
        """The lines under the final board: the game's own score sheet when it has one, else
        :func:`render.text.ranking`."""
        if self.score_sheet is not None:
            return self.score_sheet(outcome, view, names)
        return ranking(outcome, names, self.score_labels)


def flat_controls(view: View, seat: int, choices: Sequence[ActionChoice]) -> Controls:
    """Every legal choice in one flat list (buttons when few, menus otherwise)."""
    return Choose(tuple(choices))


PublicDraw = Callable[[View, Sequence[str]], Image]
TextBoard = Callable[[View, Sequence[str]], list[str]]
"""``text_board(view, names)``: the public position in plain lines (see :class:`Presentation`)."""

TEXT_PAGE = 1900
"""The characters of one message of a text board (Discord takes 2,000; room for a heading)."""


def text_pages(lines: Sequence[str], limit: int = TEXT_PAGE) -> list[str]:
    """A text board's lines packed into messages of at most ``limit`` characters, broken
    between lines (a line longer than a message is cut, which the conformance suite rules
    out)."""
    pages: list[str] = []
    page = ""
    for whole in lines:
        line = whole[:limit]
        if page and len(page) + 1 + len(line) > limit:
            pages.append(page)
            page = ""
        page = f"{page}\n{line}" if page else line
    if page:
        pages.append(page)
    return pages


PrivateDraw = Callable[[View, str, Sequence[ActionChoice]], Image | None]

DescribePicture = Callable[[View, Sequence[str], str], str]
"""``describe_picture(view, names, key)``: a picture's description (see :class:`Presentation`)."""

DESCRIPTION_LIMIT = 1024
"""The characters of an attachment's description (Discord's limit)."""

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def description(lines: Sequence[str], limit: int = DESCRIPTION_LIMIT) -> str:
    """Lines of words as one picture description of at most ``limit`` characters: the bold
    marks of a heading dropped (a screen reader reads them aloud), empty lines skipped, whole
    lines kept while they fit; a first line longer than the limit is cut at a word, with an
    ellipsis."""
    out = ""
    for line in lines:
        text = _BOLD.sub(r"\1", line).strip()
        if not text:
            continue
        joined = f"{out}\n{text}" if out else text
        if len(joined) > limit:
            if not out:
                cut = text[: limit - 1].rsplit(" ", 1)[0] or text[: limit - 1]
                out = cut.rstrip(" ,;:·") + "…"
            break
        out = joined
    return out


@dataclass(frozen=True)
class Picture:
    """One image of a game that a player can look at.

    ``key`` names it (``"board"``, ``"tablets"``, ``"cards"``) and ``label`` is its button
    (``"Board"``, ``"Tablets"``, ``"My cards"``). Exactly one of ``public`` and ``private`` is
    set: ``public(view, names)`` draws it from the public view and the seats' names (anyone may
    see it: the channel, a spectator); ``private(view, name, choices)`` draws it from one
    player's own view, their name and their legal choices (what they can do now may be marked),
    or returns ``None`` when it would show nothing (an empty hand)."""

    key: str
    label: str
    public: PublicDraw | None = None
    private: PrivateDraw | None = None

    def __post_init__(self) -> None:
        if (self.public is None) == (self.private is None):
            raise ValueError(f"picture {self.key!r}: set exactly one of public and private")

    @property
    def is_public(self) -> bool:
        return self.public is not None


def first_private(pictures: Sequence[Picture]) -> Callable[[View, Sequence[ActionChoice]], str]:
    """A ``picture_for`` that always names the first private picture (else the board)."""
    key = next((p.key for p in pictures if not p.is_public), pictures[0].key)

    def picture_for(view: View, choices: Sequence[ActionChoice]) -> str:
        return key

    return picture_for


@dataclass(frozen=True)
class Presentation:
    """How one game is shown.

    - ``pictures``: every image of the game a player can look at (:class:`Picture`). The first
      is **the board**: public, it is the one image the channel gets after a turn. Every other
      picture is offered on demand, by a button that answers only the player who pressed it
      (``Board``, ``Tablets``, ``My cards``).
    - ``picture_for(view, choices)``: the key of the one picture a player's own message carries
      for the decision they have now (``view``: their own view; ``choices``: their legal
      choices, empty when they have none): the board for a placement, the tablets for an
      offering, the hand for a card choice. ``""``: no picture (the words say it all).
    - ``words``: :class:`Words`.
    - ``controls(view, seat, choices)``: how the player's decision is offered
      (:mod:`render.controls`).
    - ``text_board(view, names)``: the board as text, for screen readers and anyone who
      prefers it (``/game board text:True`` and the **Text board** button): the public
      position in plain lines with clear labels, in the reader's language, from the public
      view and the seats' names (escaped for Markdown by the bot) alone, holding what the
      board picture holds (whose turn, the pieces, tiles, cards and buildings, every seat's
      figures, the result at the end). The bot sends it in messages of :data:`TEXT_PAGE`
      characters (:func:`text_pages`); the conformance suite keeps every line within one and
      the whole within two.
    - ``describe_picture(view, names, key)``: the description of picture ``key`` (Discord's
      attachment description: the alt text a screen reader reads), in the reader's language,
      at most :data:`DESCRIPTION_LIMIT` characters (:func:`description` packs and cuts it),
      written from the same view as the picture: for a public picture the public view and the
      seats' names (it is public text: nothing of a hand), saying what happened last, whose
      turn it is and what they must do, and the key figures (scores, pieces left, goods); for a
      private picture the player's own view (and the seats' names), saying their own hand.
      The names are given as they are (no Markdown: a description is plain text).
    - ``colours(view)``: each seat's colour name as players know it (``"red"``), or ``""``.
    - ``quiet``, ``replay_reveals``: see the fields.
    """

    pictures: tuple[Picture, ...]
    words: Words
    colours: Callable[[View], Sequence[str]]
    picture_for: Callable[[View, Sequence[ActionChoice]], str]
    text_board: TextBoard
    describe_picture: DescribePicture
    controls: Callable[[View, int, Sequence[ActionChoice]], Controls] = flat_controls
    quiet: frozenset[str] = frozenset()
    """The notations of the actions offered quietly, beside the moves that do something:
    passing, declining (Discord shows them as grey buttons, the others as blue ones)."""
    replay_reveals: bool = False
    """Whether the replay of a finished game may tell each move as its own player saw it
    (the cards drawn, the secret choices): only where the rules show the hands and secret
    choices at the end, so nothing is told that the table does not learn anyway. A running
    game's replay, and every game's images, show the public view only."""

    def __post_init__(self) -> None:
        if not self.pictures or not self.pictures[0].is_public:
            raise ValueError("a presentation's first picture is its public board")
        keys = [p.key for p in self.pictures]
        if len(set(keys)) != len(keys):
            raise ValueError(f"picture keys must be unique: {keys}")

    @property
    def board(self) -> Picture:
        """The channel's image after a turn."""
        return self.pictures[0]

    def picture(self, key: str) -> Picture | None:
        return next((p for p in self.pictures if p.key == key), None)


def seat_colours(view: View) -> list[str]:
    """``view["seats"][i]["colour"]`` for the games whose public view lists seats with their
    colours (both existing games do); ``""`` where a seat has none."""
    seats = view.get("seats")
    out: list[str] = []
    if isinstance(seats, list):
        for entry in seats:
            colour = entry.get("colour") if isinstance(entry, Mapping) else None
            out.append(colour if isinstance(colour, str) else "")
    return out
