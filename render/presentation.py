"""How a game looks and reads: the presentation half of a game plugin.

Each game's package in ``render/`` builds one :class:`Presentation` from its images, its words
and its controls. The Discord edge uses nothing else of a game, so a new game plugs in without
a special case in ``cogs/`` or ``host/``. Everything here reads views (public or one player's)
and the engine's legal choices; nothing derives rules of its own. Pure: no discord, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import ActionChoice
from render.controls import Choose, Controls
from render.text import ranking

View = Mapping[str, Any]
Events = Sequence[Mapping[str, Any]]
ScoreSheet = Callable[[Mapping[str, Any], View, Sequence[str]], list[str]]


@dataclass(frozen=True)
class Image:
    """One picture for a message: its file name (``board.png``) and the PNG bytes."""

    filename: str
    png: bytes


@dataclass(frozen=True)
class Words:
    """A game in words. ``narrate(events, names)``: public events -> sentences for the channel
    and the board's caption; ``decision(view)``: what the game waits for, without a name
    (``"play a card into the city"``); ``hand(view)``: a player's own view in words;
    ``rules``: topic -> (title, text) for ``/game rules``; ``final(outcome, view, names)``: the
    lines under the final board (a ranking by ``score_labels`` unless the game has a
    ``score_sheet``)."""

    narrate: Callable[[Events, Sequence[str]], list[str]]
    decision: Callable[[View], str]
    hand: Callable[[View], str]
    rules: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    score_labels: Mapping[str, str] = field(default_factory=dict)
    score_sheet: ScoreSheet | None = None

    def final(self, outcome: Mapping[str, Any], view: View, names: Sequence[str]) -> list[str]:
        """The lines under the final board: the game's own score sheet when it has one, else
        :func:`render.text.ranking`."""
        if self.score_sheet is not None:
            return self.score_sheet(outcome, view, names)
        return ranking(outcome, names, self.score_labels)


def flat_controls(view: View, seat: int, choices: Sequence[ActionChoice]) -> Controls:
    """Every legal choice in one flat list (buttons when few, menus otherwise)."""
    return Choose(tuple(choices))


@dataclass(frozen=True)
class Presentation:
    """How one game is shown.

    - ``public_images(view, names)``: what the channel gets after a turn (the board, and for
      some games more, e.g. goods tablets), from the public view only.
    - ``private_image(view, name, choices)``: the player's own picture (their hand, with what
      they can do now marked from ``choices``, the engine's legal actions), or ``None`` when it
      would show nothing worth an image (an empty hand).
    - ``private_shows_board``: the private image already shows the board, so a private message
      carries it alone instead of the board and the hand.
    - ``words``: :class:`Words`.
    - ``controls(view, seat, choices)``: how the player's decision is offered
      (:mod:`render.controls`).
    - ``colours(view)``: each seat's colour name as players know it (``"red"``), or ``""``.
    """

    public_images: Callable[[View, Sequence[str]], list[Image]]
    private_image: Callable[[View, str, Sequence[ActionChoice]], Image | None]
    words: Words
    colours: Callable[[View], Sequence[str]]
    controls: Callable[[View, int, Sequence[ActionChoice]], Controls] = flat_controls
    private_shows_board: bool = False


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
