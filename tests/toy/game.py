"""A small game for host, storage and end-to-end tests, written on the engine's base
(:class:`engine.base.RulesGame`) as a new game would be: docs/architecture.md ("Add a game")
points here, and ``mypy --strict`` checks this file like the games themselves.

"Toy": 1–4 players, a shuffled deck of 24 cards (1–6, four each), two cards in hand (hidden).
On your turn: ``play N`` (score N, then draw a card: a chance step whose result is secret to
you) or ``pass`` (not twice in a row). Out of turn: a player holding 12 or more may ``knock``,
which ends the game. The game also ends when someone reaches ``target`` points, after
``max_turns`` turns, or when nobody can play.

With the ``bids`` option every round ends with a *simultaneous* step: each player secretly
bids 0, 1 or 2 (``bid N``, revisable) and then ``lock`` s; once all have locked the bids are
revealed, everybody pays their bid, and the single highest bidder scores twice theirs. A solo
game (one player) ends with a title: ``Champion`` when the target was reached.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.base import RulesGame, StateCodec, choice_event, ranked
from engine.core import (
    JSON,
    Capabilities,
    Decision,
    Event,
    Game,
    NotationError,
    OptionSpec,
    OptionValue,
    Outcome,
    Seat,
    Transition,
)
from engine.rng import Rng

COLOURS = ("red", "black", "yellow", "blue")
KNOCK_AT = 12
MAX_BID = 2


@dataclass(frozen=True)
class ToyAction:
    kind: str  # "play" / "pass" / "knock" / "bid" / "lock"
    card: int = 0
    slot: int = 0


@dataclass(frozen=True)
class ToyState:
    seed: int
    players: int
    target: int
    max_turns: int
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    passed: tuple[bool, ...]
    active: int
    turns: int
    version: int
    over: bool
    knocked_by: int | None = None
    slots: int = 1
    bids_on: bool = False
    bidding: bool = False
    bids: tuple[int, ...] = ()
    locked: tuple[bool, ...] = ()
    round: int = 0


PASS = ToyAction("pass")
KNOCK = ToyAction("knock")
LOCK = ToyAction("lock")
BID = {n: ToyAction("bid", n) for n in range(MAX_BID + 1)}

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("target", "points that end the game", 21, minimum=5, maximum=100),
    OptionSpec("max_turns", "turns before the game ends", 40, minimum=1, maximum=1000),
    OptionSpec("slots", "places a card can be played to (more choices)", 1, minimum=1, maximum=50),
    OptionSpec("bids", "a secret bidding round after every round", False),
)


def setup(seed: int, players: int, options: Mapping[str, OptionValue]) -> ToyState:
    """The deal; ``options`` arrive checked and complete (the base checks them)."""
    deck, _ = Rng(seed).shuffle([v for v in range(1, 7) for _ in range(4)])
    return ToyState(
        seed=seed,
        players=players,
        target=int(options["target"]),
        max_turns=int(options["max_turns"]),
        deck=deck[2 * players :],
        hands=tuple(deck[2 * i : 2 * i + 2] for i in range(players)),
        scores=(0,) * players,
        passed=(False,) * players,
        active=0,
        turns=0,
        version=0,
        over=False,
        slots=int(options["slots"]),
        bids_on=options["bids"] is True,
        bids=(0,) * players,
        locked=(False,) * players,
    )


def pending(state: ToyState) -> tuple[Decision[ToyAction], ...]:
    if state.over:
        return ()
    if state.bidding:
        seats = frozenset(s for s in range(state.players) if not state.locked[s])
        defaults = dict.fromkeys(seats, LOCK)
        return (Decision("simultaneous", seats, key=f"bids:{state.round}", defaults=defaults),)
    seat = state.active
    skips = {seat: PASS} if not state.passed[seat] else {}
    turn = Decision("turn", frozenset({seat}), key=f"turn:{state.version}", skips=skips)
    knockers = frozenset(
        s for s in range(state.players) if s != seat and sum(state.hands[s]) >= KNOCK_AT
    )
    if not knockers:
        return (turn,)
    return (turn, Decision("option", knockers, key="knock"))


def legal_actions(state: ToyState, seat: Seat) -> Sequence[ToyAction]:
    if state.over or not 0 <= seat < state.players:
        return ()
    if state.bidding:
        if state.locked[seat]:
            return ()
        return (*(BID[n] for n in range(MAX_BID + 1) if n != state.bids[seat]), LOCK)
    out: list[ToyAction] = []
    if seat == state.active:
        cards = sorted(set(state.hands[seat]))
        out += [ToyAction("play", c, slot) for c in cards for slot in range(state.slots)]
        if not state.passed[seat]:
            out.append(PASS)
    if sum(state.hands[seat]) >= KNOCK_AT:
        out.append(KNOCK)
    return tuple(out)


def play(state: ToyState, seat: Seat, action: ToyAction) -> Transition[ToyState]:
    """The rules of a legal action (the base has checked it and counts the version)."""
    if action.kind == "bid":
        event = choice_event(
            {"type": "BidChanged", "seat": seat}, seat, {"bid": action.card}, sealed=True
        )
        return Transition(replace(state, bids=_set(state.bids, seat, action.card)), (event,))
    if action.kind == "lock":
        return _lock(state, seat)
    if action.kind == "knock":
        state = replace(state, over=True, knocked_by=seat)
        ended: Event = {"type": "GameEnded", "scores": list(state.scores)}
        return Transition(state, ({"type": "Knocked", "seat": seat}, ended), checkpoint=True)
    return _turn(state, seat, action)


def _turn(state: ToyState, seat: Seat, action: ToyAction) -> Transition[ToyState]:
    events: list[Event] = []
    hands, scores, passed = list(state.hands), list(state.scores), list(state.passed)
    deck = state.deck
    if action.kind == "play":
        hand = list(hands[seat])
        hand.remove(action.card)
        scores[seat] += action.card
        events.append({"type": "CardPlayed", "seat": seat, "card": action.card})
        if deck:
            drawn, deck = deck[0], deck[1:]
            hand.append(drawn)
            drew: Event = {"type": "CardDrawn", "seat": seat}
            events.append({**drew, "secret": {"card": drawn}, "secret_for": [seat]})
        hands[seat] = tuple(hand)
        passed[seat] = False
    else:
        passed[seat] = True
        events.append({"type": "Passed", "seat": seat})
    turns = state.turns + 1
    active = (seat + 1) % state.players
    new = replace(
        state,
        deck=deck,
        hands=tuple(hands),
        scores=tuple(scores),
        passed=tuple(passed),
        active=active,
        turns=turns,
    )
    round_over = active == 0
    stuck = not new.hands[active] and new.passed[active]
    if max(scores) >= state.target or turns >= state.max_turns or stuck:
        events.append({"type": "GameEnded", "scores": scores})
        return Transition(replace(new, over=True), tuple(events), checkpoint=True)
    if round_over and state.bids_on:
        zero, unlocked = (0,) * state.players, (False,) * state.players
        new = replace(new, bidding=True, bids=zero, locked=unlocked)
        events.append({"type": "BiddingStarted", "round": new.round})
    else:
        events.append({"type": "TurnStarted", "seat": active})
    return Transition(new, tuple(events), checkpoint=round_over)


def _lock(state: ToyState, seat: Seat) -> Transition[ToyState]:
    locked = _set(state.locked, seat, True)
    events: list[Event] = [{"type": "BidLocked", "seat": seat}]
    if not all(locked):
        return Transition(replace(state, locked=locked), tuple(events))
    bids = state.bids
    top = max(bids)
    winners = [s for s in range(state.players) if bids[s] == top]
    winner = winners[0] if top > 0 and len(winners) == 1 else None
    scores = [max(0, state.scores[s] - bids[s]) for s in range(state.players)]
    if winner is not None:
        scores[winner] += 2 * top
    events.append({"type": "BidsRevealed", "bids": list(bids), "winner": winner})
    new = replace(state, scores=tuple(scores), bidding=False, locked=locked, round=state.round + 1)
    if max(scores) >= state.target:
        events.append({"type": "GameEnded", "scores": scores})
        return Transition(replace(new, over=True), tuple(events), checkpoint=True)
    events.append({"type": "TurnStarted", "seat": new.active})
    return Transition(new, tuple(events), checkpoint=True)


def view(state: ToyState, seat: Seat | None) -> dict[str, JSON]:
    out: dict[str, JSON] = {
        "game": "toy",
        "seats": [
            {
                "seat": s,
                "colour": COLOURS[s],
                "score": state.scores[s],
                "hand_size": len(state.hands[s]),
                "passed": state.passed[s],
                "locked": state.locked[s] if state.bidding else None,
            }
            for s in range(state.players)
        ],
        "turn": None if state.over or state.bidding else state.active,
        "bidding": state.bidding,
        "deck": len(state.deck),
        "over": state.over,
    }
    if seat is not None:
        out["seat"] = seat
        out["hand"] = list(state.hands[seat])
        if state.bidding:
            out["bid"] = state.bids[seat]
    return out


def outcome(state: ToyState) -> Outcome | None:
    if not state.over:
        return None
    figures = [{"points": p} for p in state.scores]
    if state.players == 1:
        won = state.scores[0] >= state.target
        return Outcome(
            places=(1,),
            winners=frozenset({0}) if won else frozenset(),
            scores=tuple(figures),
            reason="target reached" if won else "out of turns",
            kind="solo",
            title="Champion" if won else "",
        )
    return ranked(figures, ("points",), reason="knock" if state.knocked_by is not None else "end")


def format_action(action: ToyAction) -> str:
    if action.kind == "bid":
        return f"bid {action.card}"
    if action.kind != "play":
        return action.kind
    return f"play {action.card}" + (f"/{action.slot}" if action.slot else "")


def parse_action(text: str) -> ToyAction:
    words = text.strip().lower().split()
    if words in (["pass"], ["knock"], ["lock"]):
        return ToyAction(words[0])
    if len(words) == 2 and words[0] == "bid" and words[1] in ("0", "1", "2"):
        return BID[int(words[1])]
    if len(words) == 2 and words[0] == "play":
        card, _, slot = words[1].partition("/")
        digits = card.isascii() and card.isdigit() and (not slot or slot.isdigit())
        if digits and slot.isascii() and len(card) < 4 and len(slot) < 4:
            return ToyAction("play", int(card), int(slot or 0))
    raise NotationError(f"`{text.strip()}` is not a move. Moves look like `play 3` or `pass`.")


def describe_action(state: ToyState, seat: Seat, action: ToyAction) -> str:
    if action.kind == "play":
        s = state.scores[seat]
        where = f" to slot {action.slot}" if action.slot else ""
        return f"Play your {action.card}{where} (score {s} → {s + action.card})"
    if action.kind == "pass":
        return "Pass (draw nothing)"
    if action.kind == "bid":
        return f"Bid {action.card}"
    if action.kind == "lock":
        return f"Lock your bid of {state.bids[seat]}"
    return "Knock: end the game now"


def refusal(state: ToyState, seat: Seat, action: ToyAction) -> str | None:
    """Why an action is refused, where the base's general words would not say enough."""
    if state.bidding and 0 <= seat < state.players and state.locked[seat]:
        return "Your bid is locked: wait for the others."
    if action == PASS and 0 <= seat < state.players and state.passed[seat]:
        return "You passed last turn: play a card."
    return None


def secret(state: ToyState, seat: Seat, action: ToyAction) -> bool:
    """A bid is secret until every bid is locked."""
    return action.kind == "bid"


def reveals(before: ToyState, seat: Seat, action: ToyAction, after: ToyState) -> bool:
    """A card drawn, or the bids shown when the last one locks: such a move may not be taken
    back (a pass may)."""
    return after.deck != before.deck or (before.bidding and not after.bidding)


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def determinize(state: ToyState, seat: Seat, seed: int) -> ToyState:
    """Everything ``seat`` cannot know resampled: the others' hands, the deck order and the
    others' unrevealed bids."""
    rng = Rng(seed)
    unseen = [c for s in range(state.players) if s != seat for c in state.hands[s]]
    unseen += list(state.deck)
    shuffled, rng = rng.shuffle(unseen)
    hands = list(state.hands)
    at = 0
    for s in range(state.players):
        if s != seat:
            hands[s] = tuple(shuffled[at : at + len(state.hands[s])])
            at += len(state.hands[s])
    bids = tuple(b if s == seat else 0 for s, b in enumerate(state.bids))
    return replace(state, hands=tuple(hands), deck=tuple(shuffled[at:]), bids=bids)


TOY: RulesGame[ToyState, ToyAction] = RulesGame(
    key="toy",
    title="Toy",
    capabilities=Capabilities(
        player_counts=(1, 2, 3, 4), simultaneous=True, secret_actions=True, hidden=True
    ),
    state=StateCodec(ToyState, "toy", 1),
    setup=setup,
    pending=pending,
    legal_actions=legal_actions,
    play=play,
    view=view,
    outcome=outcome,
    format_action=format_action,
    parse_action=parse_action,
    describe_action=describe_action,
    options=OPTIONS,
    refusal=refusal,
    secret=secret,
    determinize=determinize,
    reveals=reveals,
)

_PROTOCOL_CHECK: Game[ToyState, ToyAction] = TOY
"""mypy checks here that the toy implements the engine contract."""
