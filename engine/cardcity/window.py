"""The building permit between turns, and the move the next player prepares meanwhile
(docs/rules/cardcity.md §2.8, §4; rulings C3–C7, C20–C22).

After every normal turn one *permit window* opens for the seats with a permit use left: the
mover (a second turn) and, unless ``permit_window`` is 0, the others but the next player (an
interrupt). The first ``claim`` wins and starts a permit turn, which must be played (C7); when
every holder has declined the window closes and the next player plays. After a permit turn the
player whose turn it was plays, with no new window (C6).

While the next player waits (the window, then any permit turn), they may *prepare* their move
(C20): it is held in the state, secretly (C22), and played at once when their turn comes if it
is still legal; otherwise it is dropped and they choose anew (C21).
"""

from __future__ import annotations

from dataclasses import replace

from engine.cardcity.actions import (
    CLAIM,
    DECLINE,
    WITHDRAW,
    Action,
    Discard,
    Placement,
    PlayCard,
    PlayStatue,
    Withdraw,
    format_action,
)
from engine.cardcity.state import State, can_place
from engine.cardcity.turns import Scratch, placement_error, placements
from engine.core import Seat
from engine.rng import Rng
from engine.text import Text

# --------------------------------------------------------------------------- the window


def holder_actions(state: State, seat: Seat) -> list[Action]:
    """What a holder of the open window may do: claim only with a legal placement (C5)."""
    return [CLAIM, DECLINE] if can_place(state, seat) else [DECLINE]


def after_turn(t: Scratch) -> Placement | None:
    """A turn has ended: after a permit turn the player who was due plays (C6), their prepared
    move first if it still fits (returned, to be played now: C21); after a normal turn the
    window opens (C3), or the next player plays when nobody holds a use for it."""
    if t.permit_turn:  # the gap is spent (C6): the player who was due plays now [R]
        t.set(stage="play", actor=t.turn, permit_turn=False)
        return _due(t)
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
    return None


def claim(t: Scratch, state: State, seat: Seat) -> None:
    """The first claim wins the gap: ``seat`` plays a permit turn now (C3, C7)."""
    kind = "second_turn" if seat == state.window_after else "interrupt"
    t.emit({"type": "PermitClaimed", "seat": seat, "kind": kind})
    t.set(stage="play", actor=seat, permit_turn=True, window_after=-1, holders=(), pending=())


def decline(t: Scratch, state: State, seat: Seat) -> Placement | None:
    """``seat`` lets the window pass; the last decline closes it and the next player plays:
    their prepared move, if any, is returned to be played now (C21)."""
    pending = tuple(s for s in state.pending if s != seat)
    t.emit({"type": "PermitDeclined", "seat": seat})
    t.set(pending=pending)
    if pending:
        return None
    t.emit({"type": "WindowClosed", "next": t.turn})
    t.set(stage="play", actor=t.turn, window_after=-1, holders=(), pending=())
    return _due(t)


# --------------------------------------------------------------------------- the prepared move


def preparer(state: State) -> Seat | None:
    """The seat that may prepare its move now (C20): the player due next while a window is
    open or a permit turn is played before them; ``None`` otherwise. Never a seat the game
    waits for (the next player holds no window, C4, and cannot be the claimant)."""
    if state.stage == "window" or (state.permit_turn and state.stage in ("play", "draw")):
        return state.turn
    return None


def preparer_actions(state: State, seat: Seat) -> list[Action]:
    """The moves ``seat`` could make if its turn came now (a discard when no card fits, C14),
    and ``withdraw`` when it holds one (C20)."""
    out = placements(state, seat, permit=False)
    if state.prepared is not None:
        out.append(WITHDRAW)
    return out


def may_prepare(state: State, seat: Seat) -> bool:
    """Whether :func:`preparer_actions` is not empty, cheaply: a hand card either fits or may be
    discarded, and with an empty hand only the statue remains."""
    return state.prepared is not None or bool(state.hands[seat]) or can_place(state, seat)


def preparer_error(state: State, seat: Seat, action: Action) -> Text | None:
    """Why the waiting ``seat`` may not take ``action`` now, or ``None`` (C20)."""
    match action:
        case Withdraw():
            return None if state.prepared is not None else Text("You have no prepared move.")
        case PlayCard() | PlayStatue() | Discard():
            reason = placement_error(state, seat, action, permit=False)
            if reason is None:
                return None
            return Text("You cannot prepare that: {reason}", reason=reason)
    return Text(
        "It is not your turn yet. You may prepare your move (`play …`, `statue …`, or "
        "`discard …` when nothing fits): it is played as soon as your turn comes."
    )


def prepare(t: Scratch, state: State, seat: Seat, action: Action) -> None:
    """Hold ``action`` as ``seat``'s prepared move (replacing one it held), or withdraw it."""
    if isinstance(action, Withdraw):
        t.emit({"type": "PreparedMoveWithdrawn", "seat": seat})
        t.set(prepared=None, prepared_at=-1)
        return
    assert isinstance(action, Placement)
    t.emit(
        {
            "type": "MovePrepared",
            "seat": seat,
            "replaced": state.prepared is not None,
            "secret": {"move": format_action(action)},
            "secret_for": [seat],
        }
    )
    t.set(prepared=action, prepared_at=len(state.city))


def _due(t: Scratch) -> Placement | None:
    """The player due (``t.turn``, now to play) had a prepared move: checked again, it is
    returned to be played now, or dropped with the reason told to that player only (C21)."""
    move = t.prepared
    if move is None:
        return None
    seat = t.turn
    t.set(prepared=None, prepared_at=-1)
    reason = placement_error(t.freeze(), seat, move, permit=False)
    if reason is None:
        t.emit({"type": "PreparedMovePlayed", "seat": seat})
        return move
    t.emit(
        {
            "type": "PreparedMoveDropped",
            "seat": seat,
            "secret": {"move": format_action(move), "reason": reason},
            "secret_for": [seat],
        }
    )
    return None


def sample_prepared(state: State, rng: Rng) -> tuple[Placement, Rng]:
    """A prepared move for ``state.turn`` as another seat may imagine it (C22): what it knows is
    that one is held and when it was prepared, so this is a legal move of the (resampled) hand
    in the city as it was then: a card play if one fits, else a discard, else the statue."""
    seat = state.turn
    then = replace(state, city=state.city[: state.prepared_at])
    options = placements(then, seat, permit=False)
    plays = [a for a in options if isinstance(a, PlayCard)]
    discards = [a for a in options if isinstance(a, Discard)]
    pool = plays or discards or options
    i, rng = rng.below(len(pool))
    move = pool[i]
    assert isinstance(move, Placement)
    return move, rng
