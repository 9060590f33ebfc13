"""Pompeji, Frank Brandt's card game: the rules flow as the engine contract.

Spec: docs/rules/cardcity.md (rulings C1–C22 in its §9); views and events:
docs/views-cardcity.md. A turn is one placement (card, statue or a discard when nothing fits),
then the draw: automatic before the first volcano, a ``draw``/``nodraw`` decision after it
(:mod:`engine.cardcity.turns`). After every normal turn a *permit window* opens for the seats
with permit uses left (the mover for a second turn, the others to interrupt before the next
player; :mod:`engine.cardcity.window`). The state and its JSON: :mod:`engine.cardcity.state`.
"""

from __future__ import annotations

from dataclasses import replace

from engine.cardcity import rules, turns, window
from engine.cardcity.actions import (
    DECLINE,
    DRAW,
    NODRAW,
    Action,
    Claim,
    Decline,
    Discard,
    Draw,
    NoDraw,
    Placement,
    PlayCard,
    PlayStatue,
    Withdraw,
    card_label,
    cell_code,
    identity_label,
)
from engine.cardcity.data import STATUE_VALUE, VOLCANO
from engine.cardcity.state import (
    NO_STATUE,
    OPTIONS,
    PILE,
    STATUE,
    State,
    can_place,
    card_value,
    face_of,
)
from engine.cardcity.turns import Scratch, hand_penalty, outcome
from engine.core import Decision, Seat, Transition
from engine.rng import Rng
from engine.text import Text

__all__ = [
    "NO_STATUE",
    "OPTIONS",
    "PILE",
    "STATUE",
    "State",
    "can_place",
    "card_value",
    "describe_action",
    "determinize",
    "face_of",
    "hand_penalty",
    "legal_actions",
    "outcome",
    "pending",
    "play",
    "playout",
    "prepared_label",
    "refusal",
    "reveals",
    "secret",
    "to_act",
]

# --------------------------------------------------------------------------- legality


def to_act(state: State) -> frozenset[Seat]:
    if state.stage == "window":
        return frozenset(state.pending)
    if state.stage in ("play", "draw"):
        return frozenset((state.actor,))
    return frozenset()


def legal_actions(state: State, seat: Seat) -> list[Action]:
    """What ``seat`` may do now: its decision if the game waits for it, else the move it may
    prepare while it waits for its turn (C20), else nothing."""
    if seat not in to_act(state):
        return window.preparer_actions(state, seat) if seat == window.preparer(state) else []
    if state.stage == "draw":
        return [DRAW, NODRAW]
    if state.stage == "window":
        return window.holder_actions(state, seat)
    return turns.placements(state, seat, permit=state.permit_turn)


def refusal(state: State, seat: Seat, action: Action) -> Text | None:
    """Why ``action`` is not legal for ``seat`` now, as a player should read it (the engine's
    base refuses what ``legal_actions`` does not hold and asks this for the reason)."""
    if state.is_over:
        return None
    if seat not in to_act(state):
        if not 0 <= seat < state.players:
            return Text("There is no seat {seat} in this game.", seat=seat)
        if seat == window.preparer(state):  # C20: the next player may prepare their move
            return window.preparer_error(state, seat, action)
        if state.stage == "window":
            return Text(
                "It is not your turn, and you have no building permit decision to make now."
            )
        return Text("It is not your turn: waiting for seat {seat}.", seat=state.actor)
    if state.stage == "window":
        if isinstance(action, Claim) and not can_place(state, seat):
            return Text(
                "You cannot use your permit now: nothing in your hand (and no statue) fits "
                "anywhere in the city."
            )
        if not isinstance(action, Claim | Decline):
            return Text(
                "A building permit window is open: `claim` to use your permit now, or `decline`."
            )
        return None
    if state.stage == "draw":
        if not isinstance(action, Draw | NoDraw):
            return Text("Your play is done: choose `draw` or `nodraw`.")
        return None
    match action:
        case PlayCard() | PlayStatue() | Discard():
            return turns.placement_error(state, seat, action, permit=state.permit_turn)
        case Decline():
            if state.permit_turn:  # C7
                return Text(
                    "Your claim commits you: this permit turn must place a card or your statue."
                )
            return Text("It is your turn: play a card (or discard if none fits).")
        case Draw() | NoDraw() | Claim() | Withdraw():
            if state.permit_turn:
                return Text("It is your turn to place: play a card or your statue.")
            return Text("It is your turn to place: play a card.")
        case _:
            return Text("That is not a Pompeji move: {action}.", action=repr(action))


# --------------------------------------------------------------------------- apply


def play(state: State, seat: Seat, action: Action) -> Transition[State]:
    """The rules of a legal action (the engine's base checks it and counts the version)."""
    t = Scratch(state)
    due: Placement | None = None  # the waiting player's prepared move, to be played now (C21)
    if seat not in to_act(state):
        window.prepare(t, state, seat, action)  # C20
    else:
        match action:
            case PlayCard() | PlayStatue() | Discard():
                turns.place(t, seat, action)
            case Draw():
                turns.draw(t, seat)
            case NoDraw():
                turns.keep(t, seat)
            case Claim():
                window.claim(t, state, seat)
            case Decline():
                due = window.decline(t, state, seat)
    while True:
        if t.ended:
            t.ended = False
            due = window.after_turn(t)
        if due is None:
            break
        turns.place(t, t.actor, due)
        due = None
    return Transition(t.freeze(), tuple(t.events))


def pending(state: State) -> tuple[Decision[Action], ...]:
    """What the game waits for: the seat placing or deciding to draw (a claimed permit turn
    too: it has no default, the table's timeout policy plays it like any turn, C7), or the
    permit holders of an open window, who each decline when the window's time runs out (C3,
    C16; with ``permit_window`` 0 only the mover is asked, with the table's time per move).
    Meanwhile the player due next has an ``"option"`` to prepare their move (C20).

    A turn's key names the seat, the step (placing or drawing) and the city, deck and discards,
    not the version: a move prepared meanwhile does not restart the claimant's clock."""
    out: list[Decision[Action]] = []
    if state.stage == "window":
        out.append(
            Decision(
                "window",
                frozenset(state.pending),
                key=f"window:{len(state.city)}:{len(state.discards)}:{state.volcanoes}",
                time_limit=float(state.permit_window) if state.permit_window > 0 else None,
                defaults=dict.fromkeys(state.pending, DECLINE),
                origin=state.window_after,
            )
        )
    elif state.stage in ("play", "draw"):
        step = f"{len(state.city)}:{len(state.discards)}:{len(state.deck)}"
        out.append(
            Decision(
                "turn", frozenset((state.actor,)), key=f"turn:{state.actor}:{state.stage}:{step}"
            )
        )
    waiting = window.preparer(state)
    if waiting is not None and window.may_prepare(state, waiting):
        key = f"prepare:{waiting}:{len(state.city)}:{len(state.discards)}"
        out.append(Decision("option", frozenset((waiting,)), key=key))
    return tuple(out)


# --------------------------------------------------------------------------- labels


def describe_action(state: State, seat: Seat, action: Action) -> Text:
    """A menu label; a move the waiting player prepares (C20) says so."""
    return _label(state, seat, action, prepare=_prepares(state, seat, action))


def _prepares(state: State, seat: Seat, action: Action) -> bool:
    """Whether ``action`` by ``seat`` would prepare a move (C20) rather than play it."""
    waiting = seat not in to_act(state) and seat == window.preparer(state)
    return waiting and isinstance(action, Placement)


def _label(state: State, seat: Seat, action: Action, *, prepare: bool = False) -> Text:
    """The label of ``action``; ``prepare``: as a move prepared for the coming turn (C20)."""
    match action:
        case PlayCard(card, cell):
            gain = rules.points(state.grid(), cell, face_of(card))
            values = {"card": card_label(card), "space": cell_code(cell), "points": gain}
            if prepare:
                return Text(
                    "Prepare: play {card} on {space} (+{points}), as soon as your turn comes",
                    **values,
                )
            return Text("Play {card} on {space} (+{points})", **values)
        case PlayStatue(b, c, cell):
            gain = rules.points(state.grid(), cell, (b, c, STATUE_VALUE))
            values = {"card": identity_label(b, c), "space": cell_code(cell), "points": gain}
            if prepare:
                return Text(
                    "Prepare: play your statue as {card} on {space} (+{points}), as soon as "
                    "your turn comes",
                    **values,
                )
            return Text("Play your statue as {card} on {space} (+{points})", **values)
        case Discard(card):
            if state.end_phase and len(state.hands[seat]) > 1:
                if prepare:
                    return Text(
                        "Prepare: discard {card} (nothing fits), then draw or not, as soon as "
                        "your turn comes",
                        card=card_label(card),
                    )
                return Text(
                    "Discard {card} (nothing fits), then draw or not", card=card_label(card)
                )
            if prepare:
                return Text(
                    "Prepare: discard {card} (nothing fits) and draw, as soon as your turn comes",
                    card=card_label(card),
                )
            return Text("Discard {card} (nothing fits) and draw", card=card_label(card))
        case Draw():
            return Text("Draw a card")
        case NoDraw():
            return Text("Keep your hand (draw nothing)")
        case Claim():
            if seat == state.window_after:
                return Text("Use your building permit: take another turn now")
            return Text("Use your building permit: play now, before the next player")
        case Decline():
            return Text("Let it pass (keep your permit)")
        case Withdraw():
            return Text("Withdraw your prepared move (choose when your turn comes)")
    raise TypeError(f"not a Pompeji action: {action!r}")


def prepared_label(state: State) -> Text | str:
    """The label of the move the waiting player holds (for their own view), or ``""``."""
    if state.prepared is None:
        return ""
    return _label(state, state.turn, state.prepared)


def secret(state: State, seat: Seat, action: Action) -> bool:
    """A prepared move is secret (C22): the others learn only that one was prepared or
    changed; every other action (a withdrawal included) is public as it is."""
    return _prepares(state, seat, action)


def reveals(before: State, seat: Seat, action: Action, after: State) -> bool:
    """Whether an action showed anything new, so it may not be taken back (issue 46): a card
    or a volcano drawn from the deck, or a prepared move played or withdrawn (another hand
    changed, or the secret move itself). A placement that leaves a draw decision, ``nodraw``,
    a claim or a declined permit without a prepared move show nothing that was hidden."""
    return (
        after.deck != before.deck
        or after.rng != before.rng
        or after.prepared != before.prepared
        or any(after.hands[s] != before.hands[s] for s in range(before.players) if s != seat)
    )


# --------------------------------------------------------------------------- determinize


def determinize(state: State, seat: Seat, seed: int) -> State:
    """A state ``seat`` cannot tell apart from ``state`` (rulings C17, C22).

    The other hands and the deck order are resampled from the cards ``seat`` has not seen,
    with the same hand sizes; each volcano still in the deck goes back to a random position of
    its own 9-card pile (the bottom 18 cards of the original deck: the first volcano's pile
    above, the second's at the very bottom). Another seat's prepared move is replaced by one
    drawn for its resampled hand (``window.sample_prepared``); ``seat``'s own is kept."""
    rng = Rng(seed)
    unseen = [c for c in state.deck if c != VOLCANO]
    for other in range(state.players):
        if other != seat:
            unseen.extend(state.hands[other])
    pool, rng = rng.shuffle(sorted(unseen))
    hands = list(state.hands)
    at = 0
    for other in range(state.players):
        if other != seat:
            size = len(state.hands[other])
            hands[other] = pool[at : at + size]
            at += size
    building_cards = list(pool[at:])
    size = len(state.deck)
    volcano_at: list[int] = []
    if state.volcanoes == 0:  # the first pile spans deck positions size-18 .. size-10
        lo = max(0, size - 2 * (PILE + 1))
        pos, rng = rng.below(size - (PILE + 1) - lo)
        volcano_at.append(lo + pos)
    if state.volcanoes <= 1:  # the second pile is the bottom 9 (or what is left of it)
        lo = max(0, size - (PILE + 1))
        pos, rng = rng.below(size - lo)
        volcano_at.append(lo + pos)
    deck: list[int] = []
    cards = iter(building_cards)
    for i in range(size):
        deck.append(VOLCANO if i in volcano_at else next(cards))
    sample = replace(state, hands=tuple(hands), deck=tuple(deck))
    if state.prepared is not None and state.turn != seat:
        move, rng = window.sample_prepared(sample, rng)
        sample = replace(sample, prepared=move)
    return sample


def playout(state: State, seed: int) -> State:
    """Play uniformly random legal actions until the game ends (for the AI's rollouts): a
    random seat among those to act, then a random one of its legal actions."""
    rng = Rng(seed)
    while True:
        seats = sorted(to_act(state))
        if not seats:
            return state
        i, rng = rng.below(len(seats))
        actions = legal_actions(state, seats[i])
        j, rng = rng.below(len(actions))
        state = play(state, seats[i], actions[j]).state
