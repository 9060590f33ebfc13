"""Refusals that depend on where a game stands: a lobby-only call on a game past its lobby
(:class:`Closed`, one whole sentence per state), and a user without a seat whose seat was
handed over (:func:`not_seated`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from host.errors import NotAPlayerError
from render.i18n import N_

if TYPE_CHECKING:
    from host.games import Loaded


@dataclass(frozen=True)
class Closed:
    """The refusals of a lobby-only call (join, leave, start, add an AI) on a game past its
    lobby: one whole catalog sentence (``N_()``) per state, so that every language says each
    case its own way (a verb and its preposition are not a value another sentence fills in)."""

    started: str
    over: str
    cancelled: str


def not_seated(lg: Loaded, user: int, refusal: str) -> NotAPlayerError:
    """The refusal of a user without a seat: ``refusal``, or, when a seat of theirs was handed
    over (or claimed) since, who plays it now (their old buttons and DMs say so kindly)."""
    handed = next((s for s in lg.seats if user in s.former), None)
    if handed is None or handed.user_id is None:
        return NotAPlayerError(refusal)
    return NotAPlayerError(
        N_(
            "Your seat in game #{game} was handed over: <@{player}> plays it now, so its "
            "decisions and buttons are theirs. Thank you for playing!"
        ),
        game=lg.row.id,
        player=handed.user_id,
    )
