"""A small game for host and storage tests, implementing the engine contract.

"Toy": 2–4 players, a shuffled deck of 24 cards (1–6, four each), two cards in hand (hidden).
On your turn: ``play N`` (score N, then draw a card: a chance step whose result is secret to
you) or ``pass`` (not twice in a row). Out of turn: a player holding two sixes may ``knock``,
which ends the game. The game also ends when someone reaches ``target`` points, after
``max_turns`` turns, or when nobody can play. Hosts find it through :func:`games`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine import registry
from engine.core import (
    JSON,
    Event,
    IllegalActionError,
    NotationError,
    NotYourTurnError,
    OptionSpec,
    Outcome,
    RuleError,
    Seat,
    Transition,
)
from engine.rng import Rng

COLOURS = ("red", "black", "yellow", "blue")
KNOCK_AT = 12


@dataclass(frozen=True)
class ToyAction:
    kind: str  # "play" / "pass" / "knock"
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


class ToyGame:
    key = "toy"
    title = "Toy"
    min_players = 2
    max_players = 4
    options = (
        OptionSpec("target", "points that end the game", 21),
        OptionSpec("max_turns", "turns before the game ends", 40),
        OptionSpec("slots", "places a card can be played to (more choices per turn)", 1),
    )

    def new_game(self, seed: int, players: int, options: Mapping[str, JSON] | None = None) -> Any:
        if not (self.min_players <= players <= self.max_players):
            raise RuleError("Toy is for 2 to 4 players.")
        opts = dict(options or {})
        unknown = set(opts) - {"target", "max_turns", "slots"}
        if unknown:
            raise RuleError(f"Unknown option: {', '.join(sorted(unknown))}.")
        target = opts.get("target", 21)
        max_turns = opts.get("max_turns", 40)
        if not isinstance(target, int) or not 5 <= target <= 100:
            raise RuleError("The target must be a whole number from 5 to 100.")
        if not isinstance(max_turns, int) or not 1 <= max_turns <= 1000:
            raise RuleError("max_turns must be a whole number from 1 to 1000.")
        slots = opts.get("slots", 1)
        if not isinstance(slots, int) or not 1 <= slots <= 50:
            raise RuleError("slots must be a whole number from 1 to 50.")
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
        )

    def to_act(self, state: ToyState) -> frozenset[Seat]:
        if state.over:
            return frozenset()
        knockers = {
            s for s in range(state.players) if s != state.active and sum(state.hands[s]) >= KNOCK_AT
        }
        return frozenset({state.active} | knockers)

    def legal_actions(self, state: ToyState, seat: Seat) -> Sequence[ToyAction]:
        if seat not in self.to_act(state):
            return ()
        if seat != state.active:
            return (ToyAction("knock"),)
        out = [
            ToyAction("play", c, slot)
            for c in sorted(set(state.hands[seat]))
            for slot in range(state.slots)
        ]
        if not state.passed[seat]:
            out.append(ToyAction("pass"))
        if sum(state.hands[seat]) >= KNOCK_AT:
            out.append(ToyAction("knock"))
        return tuple(out)

    def apply(self, state: ToyState, seat: Seat, action: ToyAction) -> Transition[ToyState]:
        if state.over:
            raise RuleError("The game is over.")
        if seat not in self.to_act(state):
            raise NotYourTurnError("It is not your turn.")
        if action not in self.legal_actions(state, seat):
            raise IllegalActionError(f"`{self.format_action(action)}` is not legal now.")
        events: list[Event] = []
        version = state.version + 1
        if action.kind == "knock":
            events.append({"type": "Knocked", "seat": seat})
            state = replace(state, over=True, knocked_by=seat, version=version)
            events.append({"type": "GameEnded", "scores": list(state.scores)})
            return Transition(state, tuple(events))
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
        stuck = not new.hands[active] and new.passed[active]
        if max(scores) >= state.target or turns >= state.max_turns or stuck:
            new = replace(new, over=True)
            events.append({"type": "GameEnded", "scores": scores})
        else:
            events.append({"type": "TurnStarted", "seat": active})
        return Transition(new, tuple(events))

    def view(self, state: ToyState, seat: Seat | None) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "game": "toy",
            "version": state.version,
            "seats": [
                {
                    "seat": s,
                    "colour": COLOURS[s],
                    "score": state.scores[s],
                    "hand_size": len(state.hands[s]),
                    "passed": state.passed[s],
                }
                for s in range(state.players)
            ],
            "turn": None if state.over else state.active,
            "deck": len(state.deck),
            "over": state.over,
        }
        if seat is not None:
            out["seat"] = seat
            out["hand"] = list(state.hands[seat])
        return out

    def outcome(self, state: ToyState) -> Outcome | None:
        if not state.over:
            return None
        best = sorted(set(state.scores), reverse=True)
        places = tuple(best.index(s) + 1 for s in state.scores)
        return Outcome(
            places=places,
            winners=frozenset(s for s in range(state.players) if places[s] == 1),
            scores=tuple({"points": p} for p in state.scores),
            reason="knock" if state.knocked_by is not None else "end",
        )

    def format_action(self, action: ToyAction) -> str:
        if action.kind != "play":
            return action.kind
        return f"play {action.card}" + (f"/{action.slot}" if action.slot else "")

    def parse_action(self, text: str) -> ToyAction:
        words = text.strip().lower().split()
        if words == ["pass"]:
            return ToyAction("pass")
        if words == ["knock"]:
            return ToyAction("knock")
        if len(words) == 2 and words[0] == "play":
            card, _, slot = words[1].partition("/")
            if card.isdigit() and (slot.isdigit() or not slot):
                return ToyAction("play", int(card), int(slot or 0))
        raise NotationError(f"`{text.strip()}` is not a move. Moves look like `play 3` or `pass`.")

    def describe_action(self, state: ToyState, seat: Seat, action: ToyAction) -> str:
        if action.kind == "play":
            s = state.scores[seat]
            where = f" to slot {action.slot}" if action.slot else ""
            return f"Play your {action.card}{where} (score {s} → {s + action.card})"
        if action.kind == "pass":
            return "Pass (draw nothing)"
        return "Knock: end the game now"

    def version(self, state: ToyState) -> int:
        return state.version

    def active_seat(self, state: ToyState) -> Seat | None:
        return None if state.over else state.active

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
        )


TOY = ToyGame()


def games(kind: str) -> Any:
    """A game resolver for ``Host(games=...)``: the toy game, else the registry's games."""
    if kind == TOY.key:
        return TOY
    return registry.get_game(kind)
