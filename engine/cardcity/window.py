"""The building permit between turns (docs/rules/cardcity.md §2.8, §4; rulings C3–C7).

After every normal turn one *permit window* opens for the seats with a permit use left: the
mover (a second turn) and, unless ``permit_window`` is 0, the others but the next player (an
interrupt). The first ``claim`` wins and starts a permit turn, which must be played (C7); when
every holder has declined the window closes and the next player plays. After a permit turn the
player whose turn it was plays, with no new window (C6).
"""

from __future__ import annotations

from engine.cardcity.actions import CLAIM, DECLINE, Action
from engine.cardcity.state import State, can_place
from engine.cardcity.turns import Scratch
from engine.core import Seat


def holder_actions(state: State, seat: Seat) -> list[Action]:
    """What a holder of the open window may do: claim only with a legal placement (C5)."""
    return [CLAIM, DECLINE] if can_place(state, seat) else [DECLINE]


def after_turn(t: Scratch) -> None:
    """A turn has ended: after a permit turn the player who was due plays (C6); after a normal
    turn the window opens (C3), or the next player plays when nobody holds a use for it."""
    if t.permit_turn:  # the gap is spent (C6): the player who was due plays now [R]
        t.set(stage="play", actor=t.turn, permit_turn=False)
        return
    # C3: one window, the mover (second turn) and, unless the window is 0 s, the others with a
    # use left except the next player (C4), whether or not they can place (C5).
    mover = t.actor
    nxt = (mover + 1) % t.players
    permits = t.permits
    holders = [mover] if permits[mover] > 0 else []
    if t.permit_window > 0:
        holders += [r for r in range(t.players) if r not in (mover, nxt) and permits[r] > 0]
    holders.sort()
    if holders:
        t.emit({"type": "WindowOpened", "after": mover, "next": nxt, "holders": holders})
        t.set(
            stage="window",
            turn=nxt,
            actor=-1,
            window_after=mover,
            holders=tuple(holders),
            pending=tuple(holders),
        )
    else:
        t.set(stage="play", turn=nxt, actor=nxt)


def claim(t: Scratch, state: State, seat: Seat) -> None:
    """The first claim wins the gap: ``seat`` plays a permit turn now (C3, C7)."""
    kind = "second_turn" if seat == state.window_after else "interrupt"
    t.emit({"type": "PermitClaimed", "seat": seat, "kind": kind})
    t.set(stage="play", actor=seat, permit_turn=True, window_after=-1, holders=(), pending=())


def decline(t: Scratch, state: State, seat: Seat) -> None:
    """``seat`` lets the window pass; the last decline closes it and the next player plays."""
    pending = tuple(s for s in state.pending if s != seat)
    t.emit({"type": "PermitDeclined", "seat": seat})
    t.set(pending=pending)
    if not pending:
        t.emit({"type": "WindowClosed", "next": t.turn})
        t.set(stage="play", actor=t.turn, window_after=-1, holders=(), pending=())
