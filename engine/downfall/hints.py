"""Why the normal level's move is good, in the Downfall's terms (a hint's
:class:`~engine.ai.hints.Reason`; ``render/downfall`` words it).

Read off what the normal level scores (:func:`engine.ai.downfall.seat_values`): pieces saved,
how far a piece stands from an open gate, the relatives a card brings, who leads, the lava's
toll on each side. Everything is read from a determinization and the state after the move.
"""

from __future__ import annotations

from engine.ai.hints import Reason
from engine.downfall.actions import (
    CallEruption,
    MovePiece,
    Pass,
    PlaceLava,
    PlaceRelative,
    PlayCard,
    ThrowOmen,
)
from engine.downfall.ai import FAR, maps, seat_values
from engine.downfall.board import COLOURS
from engine.downfall.state import RELATIVE, State
from engine.downfall.tables import INDEX, STRIDE

SAVED = "saved"
"""``count`` pieces leave the city with this move."""
NEXT_OUT = "next_out"
"""The piece moved can leave through a gate with its next move."""
TOWARD_GATE = "toward_gate"
"""A piece placed or moved ``count`` squares from an open gate."""
RELATIVES = "relatives"
"""The card brings ``count`` relatives into the city."""
LAVA_BURIES = "lava_buries"
"""The lava tile buries ``count`` of the opponents' pieces."""
LAVA_BLOCKS = "lava_blocks"
"""The lava costs the opponents' ways out more than one's own."""
LAVA_SPARES = "lava_spares"
"""The lava keeps away from one's own pieces."""
OMEN_LEADER = "omen_leader"
"""The Omen takes a piece of the leading opponent (``seat``)."""
OMEN = "omen"
"""The Omen takes a piece of ``seat`` (its best-placed one)."""
PASS = "pass"
"""Every other choice leaves the seat worse off."""
ERUPT = "erupt"
"""Calling the eruption now, while ahead."""

REASONS: tuple[str, ...] = (
    SAVED,
    NEXT_OUT,
    TOWARD_GATE,
    RELATIVES,
    LAVA_BURIES,
    LAVA_BLOCKS,
    LAVA_SPARES,
)
REASONS += (OMEN_LEADER, OMEN, PASS, ERUPT)
"""Every reason the Downfall gives (its presentation words each)."""


def explain(before: State, after: State, seat: int, action: object) -> Reason | None:
    """The reason for ``action`` (see the module); ``None``: nothing to say beyond "best"."""
    if isinstance(action, MovePiece):
        return _move(before, after, seat, action)
    if isinstance(action, PlaceLava):
        return _lava(before, after, seat, action)
    if isinstance(action, ThrowOmen):
        victim = COLOURS.index(action.colour)
        values = seat_values(before)
        others = [s for s in range(before.players) if s != seat]
        leader = max(others, key=lambda s: values[s]) if others else victim
        return Reason.of(OMEN_LEADER if victim == leader else OMEN, seat=victim)
    if isinstance(action, PlayCard | PlaceRelative):
        if after.pending == RELATIVE and after.seat == seat and before.pending != RELATIVE:
            coming = min(after.rel_left, after.supply[seat])
            if coming > 0:
                return Reason.of(RELATIVES, count=coming)
        if action.square is None:
            return None
        gate = maps(after.lava)[0][INDEX[action.square]]
        return Reason.of(TOWARD_GATE, count=gate) if gate < FAR else None
    if isinstance(action, Pass):
        return Reason.of(PASS)
    if isinstance(action, CallEruption):
        return Reason.of(ERUPT)
    return None


def _move(before: State, after: State, seat: int, action: MovePiece) -> Reason | None:
    saved = after.saved[seat] - before.saved[seat]
    if saved > 0:
        return Reason.of(SAVED, count=saved)
    target = INDEX[action.target]
    gate = maps(after.lava)[0][target]
    if gate >= FAR:
        return None
    if after.occ[target] > gate:  # its points there reach a gate
        return Reason.of(NEXT_OUT)
    return Reason.of(TOWARD_GATE, count=gate)


def _lava(before: State, after: State, seat: int, action: PlaceLava) -> Reason:
    square = INDEX[action.square]
    buried = sum(before.men[square * STRIDE + s] for s in range(before.players) if s != seat)
    if buried > 0:
        return Reason.of(LAVA_BURIES, count=buried)
    old, new = seat_values(before), seat_values(after)
    others = [s for s in range(before.players) if s != seat]
    theirs = sum(old[s] - new[s] for s in others) / max(1, len(others))
    if theirs > old[seat] - new[seat]:
        return Reason.of(LAVA_BLOCKS)
    return Reason.of(LAVA_SPARES)
