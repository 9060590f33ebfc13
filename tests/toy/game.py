"""A small game for host, storage and end-to-end tests, implementing the engine contract.

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

from engine.core import (
    JSON,
    Capabilities,
    Decision,
    Event,
    Game,
    IllegalActionError,
    NotationError,
    NotYourTurnError,
    OptionSpec,
    Outcome,
    RuleError,
    Seat,
    Transition,
    check_options,
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


PLAY = {n: ToyAction("play", n) for n in range(1, 7)}
PASS = ToyAction("pass")
KNOCK = ToyAction("knock")
LOCK = ToyAction("lock")
BID = {n: ToyAction("bid", n) for n in range(MAX_BID + 1)}


class ToyGame:
    key = "toy"
    title = "Toy"
    capabilities = Capabilities(player_counts=(1, 2, 3, 4), simultaneous=True, secret_actions=True)
    options = (
        OptionSpec("target", "points that end the game", 21, minimum=5, maximum=100),
        OptionSpec("max_turns", "turns before the game ends", 40, minimum=1, maximum=1000),
        OptionSpec(
            "slots",
            "places a card can be played to (more choices per turn)",
            1,
            minimum=1,
            maximum=50,
        ),
        OptionSpec("bids", "a secret bidding round after every round", False),
    )

    def new_game(self, seed: int, players: int, options: Mapping[str, JSON] | None = None) -> Any:
        if players not in self.capabilities.player_counts:
            raise RuleError("Toy is for 1 to 4 players.")
        opts = check_options(self.title, self.options, options)
        target, max_turns, slots = int(opts["target"]), int(opts["max_turns"]), int(opts["slots"])
        bids = opts["bids"] is True
        deck, _ = Rng(seed).shuffle([v for v in range(1, 7) for _ in range(4)])
        hands = tuple(deck[2 * i : 2 * i + 2] for i in range(players))
        return ToyState(
            seed=seed,
            players=players,
            target=target,
            max_turns=max_turns,
            deck=deck[2 * players :],
            hands=hands,
            scores=(0,) * players,
            passed=(False,) * players,
            active=0,
            turns=0,
            version=0,
            over=False,
            slots=slots,
            bids_on=bids,
            bids=(0,) * players,
            locked=(False,) * players,
        )

    def pending(self, state: ToyState) -> tuple[Decision[ToyAction], ...]:
        if state.over:
            return ()
        if state.bidding:
            seats = frozenset(s for s in range(state.players) if not state.locked[s])
            return (
                Decision(
                    "simultaneous",
                    seats,
                    key=f"bids:{state.round}",
                    defaults=dict.fromkeys(seats, LOCK),
                ),
            )
        seat = state.active
        turn = Decision(
            "turn",
            frozenset({seat}),
            key=f"turn:{state.version}",
            skips={seat: PASS} if not state.passed[seat] else {},
        )
        knockers = frozenset(
            s for s in range(state.players) if s != seat and sum(state.hands[s]) >= KNOCK_AT
        )
        if not knockers:
            return (turn,)
        return (turn, Decision("option", knockers, key="knock"))

    def legal_actions(self, state: ToyState, seat: Seat) -> Sequence[ToyAction]:
        if state.over or not 0 <= seat < state.players:
            return ()
        if state.bidding:
            if state.locked[seat]:
                return ()
            return (*(BID[n] for n in range(MAX_BID + 1) if n != state.bids[seat]), LOCK)
        out: list[ToyAction] = []
        if seat == state.active:
            out += [
                ToyAction("play", c, slot)
                for c in sorted(set(state.hands[seat]))
                for slot in range(state.slots)
            ]
            if not state.passed[seat]:
                out.append(PASS)
        if sum(state.hands[seat]) >= KNOCK_AT:
            out.append(KNOCK)
        return tuple(out)

    def apply(self, state: ToyState, seat: Seat, action: ToyAction) -> Transition[ToyState]:
        if state.over:
            raise RuleError("The game is over.")
        legal = self.legal_actions(state, seat)
        if not legal:
            raise NotYourTurnError("It is not your turn.")
        if action not in legal:
            raise IllegalActionError(f"`{self.format_action(action)}` is not legal now.")
        version = state.version + 1
        if action.kind == "bid":
            bids = _set(state.bids, seat, action.card)
            event: Event = {
                "type": "BidChanged",
                "seat": seat,
                "secret": {"bid": action.card},
                "secret_for": [seat],
            }
            return Transition(replace(state, bids=bids, version=version), (event,))
        if action.kind == "lock":
            return self._lock(state, seat, version)
        if action.kind == "knock":
            events: list[Event] = [{"type": "Knocked", "seat": seat}]
            state = replace(state, over=True, knocked_by=seat, version=version)
            events.append({"type": "GameEnded", "scores": list(state.scores)})
            return Transition(state, tuple(events), checkpoint=True)
        return self._turn(state, seat, action, version)

    def _turn(
        self, state: ToyState, seat: Seat, action: ToyAction, version: int
    ) -> Transition[ToyState]:
        events: list[Event] = []
        hands = list(state.hands)
        scores = list(state.scores)
        passed = list(state.passed)
        deck = state.deck
        if action.kind == "play":
            hand = list(hands[seat])
            hand.remove(action.card)
            scores[seat] += action.card
            events.append({"type": "CardPlayed", "seat": seat, "card": action.card})
            if deck:
                drawn, deck = deck[0], deck[1:]
                hand.append(drawn)
                events.append(
                    {
                        "type": "CardDrawn",
                        "seat": seat,
                        "secret": {"card": drawn},
                        "secret_for": [seat],
                    }
                )
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
            version=version,
        )
        round_over = active == 0
        stuck = not new.hands[active] and new.passed[active]
        if max(scores) >= state.target or turns >= state.max_turns or stuck:
            new = replace(new, over=True)
            events.append({"type": "GameEnded", "scores": scores})
            return Transition(new, tuple(events), checkpoint=True)
        if round_over and state.bids_on:
            new = replace(
                new,
                bidding=True,
                bids=(0,) * state.players,
                locked=(False,) * state.players,
            )
            events.append({"type": "BiddingStarted", "round": new.round})
        else:
            events.append({"type": "TurnStarted", "seat": active})
        return Transition(new, tuple(events), checkpoint=round_over)

    def _lock(self, state: ToyState, seat: Seat, version: int) -> Transition[ToyState]:
        locked = _set(state.locked, seat, True)
        events: list[Event] = [{"type": "BidLocked", "seat": seat}]
        if not all(locked):
            return Transition(replace(state, locked=locked, version=version), tuple(events))
        bids = state.bids
        top = max(bids)
        winners = [s for s in range(state.players) if bids[s] == top]
        scores = [max(0, state.scores[s] - bids[s]) for s in range(state.players)]
        if top > 0 and len(winners) == 1:
            scores[winners[0]] += 2 * top
        events.append(
            {
                "type": "BidsRevealed",
                "bids": list(bids),
                "winner": winners[0] if top > 0 and len(winners) == 1 else None,
            }
        )
        new = replace(
            state,
            scores=tuple(scores),
            bidding=False,
            locked=locked,
            round=state.round + 1,
            version=version,
        )
        if max(scores) >= state.target:
            new = replace(new, over=True)
            events.append({"type": "GameEnded", "scores": scores})
        else:
            events.append({"type": "TurnStarted", "seat": new.active})
        return Transition(new, tuple(events), checkpoint=True)

    def view(self, state: ToyState, seat: Seat | None) -> dict[str, JSON]:
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

    def outcome(self, state: ToyState) -> Outcome | None:
        if not state.over:
            return None
        scores = tuple({"points": p} for p in state.scores)
        if state.players == 1:
            won = state.scores[0] >= state.target
            return Outcome(
                places=(1,),
                winners=frozenset({0}) if won else frozenset(),
                scores=scores,
                reason="target reached" if won else "out of turns",
                kind="solo",
                title="Champion" if won else "",
            )
        best = sorted(set(state.scores), reverse=True)
        places = tuple(best.index(s) + 1 for s in state.scores)
        return Outcome(
            places=places,
            winners=frozenset(s for s in range(state.players) if places[s] == 1),
            scores=scores,
            reason="knock" if state.knocked_by is not None else "end",
        )

    def format_action(self, action: ToyAction) -> str:
        if action.kind == "bid":
            return f"bid {action.card}"
        if action.kind != "play":
            return action.kind
        return f"play {action.card}" + (f"/{action.slot}" if action.slot else "")

    def parse_action(self, text: str) -> ToyAction:
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

    def describe_action(self, state: ToyState, seat: Seat, action: ToyAction) -> str:
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

    def redact_action(self, state: ToyState, seat: Seat, action: ToyAction) -> str | None:
        return "changed their bid" if action.kind == "bid" else None

    def version(self, state: ToyState) -> int:
        return state.version

    def state_to_json(self, state: ToyState) -> dict[str, JSON]:
        return {
            "seed": state.seed,
            "players": state.players,
            "target": state.target,
            "max_turns": state.max_turns,
            "deck": list(state.deck),
            "hands": [list(h) for h in state.hands],
            "scores": list(state.scores),
            "passed": list(state.passed),
            "active": state.active,
            "turns": state.turns,
            "version": state.version,
            "over": state.over,
            "knocked_by": state.knocked_by,
            "slots": state.slots,
            "bids_on": state.bids_on,
            "bidding": state.bidding,
            "bids": list(state.bids),
            "locked": list(state.locked),
            "round": state.round,
        }

    def state_from_json(self, data: Mapping[str, JSON]) -> ToyState:
        return ToyState(
            seed=data["seed"],
            players=data["players"],
            target=data["target"],
            max_turns=data["max_turns"],
            deck=tuple(data["deck"]),
            hands=tuple(tuple(h) for h in data["hands"]),
            scores=tuple(data["scores"]),
            passed=tuple(data["passed"]),
            active=data["active"],
            turns=data["turns"],
            version=data["version"],
            over=data["over"],
            knocked_by=data["knocked_by"],
            slots=data["slots"],
            bids_on=data["bids_on"],
            bidding=data["bidding"],
            bids=tuple(data["bids"]),
            locked=tuple(data["locked"]),
            round=data["round"],
        )


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


TOY = ToyGame()

_PROTOCOL_CHECK: Game[ToyState, ToyAction] = TOY
