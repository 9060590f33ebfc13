"""Pompeii's public events in sentences for the channel (``narrate``).

Reads only public fields: every event reaches the channel redacted (``engine.core.redact``),
and this module never looks under ``secret``, so narrating an unredacted event gives the same
words. A placement and what it did read as one sentence ("Aurelia produced 4 flour from 3 grain
at 7 Villa del Molino, with S30 Aulus Molinaro"); a failed offering and the volcano card it
turns up read as one ("the offering failed …: the volcano destroyed all wool and bread").
Open pledges (W4) are told briefly, each seat's latest once ("Aurelia pledged 2 bread, 1 wine
(value 9): 9 of 12 so far"), and not at all when the same words go on to its lock or the
offering's result, which say it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from render.workers import terms

Event = Mapping[str, Any]

RECOVERED = {
    "C12": "healed an injured worker",
    "C14": "removed the C14 token",
    "C28": "healed their army",
    "C31": "finished their halted Castrum",
}
OFFERING_MODE = {
    "value_bonus": "each unit they offer counts +1 this round",
    "exempt": "they are exempt from this offering",
    "cut": "the requirement drops",
    "cancel": "the offering is cancelled and a volcano card is turned up",
}


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    if seat == -1:
        return "Vesuvius"
    return f"Seat {seat}" if isinstance(seat, int) else "Someone"


def _plural(n: int, word: str, many: str = "") -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def _using(card: Any) -> str:
    return f", with {terms.card(card)}" if card else ""


def _paid(paid: Any) -> str:
    text = terms.goods(paid)
    return "" if text == "nothing" else f" (paid {text})"


def _losses(losses: Any, names: Sequence[str]) -> str:
    if not isinstance(losses, list):
        return ""
    parts = [
        f"{_name(names, seat)} lost {terms.goods(lost)}"
        for seat, lost in enumerate(losses)
        if isinstance(lost, Mapping) and any(lost.values())
    ]
    return "; ".join(parts)


class _Story:
    """Sentences built event by event; a placement waits for what it did."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = names
        self.lines: list[str] = []
        self.placed: Event | None = None  # a WorkerPlaced not yet said
        self.offering_failed: str | None = None  # "The offering failed (9 of 13)"
        self.pledged: dict[Any, Event] = {}  # each seat's latest open pledge not yet told

    def who(self, e: Event, key: str = "seat") -> str:
        return _name(self.names, e.get(key))

    def flush(self) -> None:
        if self.placed is not None:
            e, self.placed = self.placed, None
            if e.get("space") not in ("porta", "piazza", "display"):
                extra = " (an extra action)" if e.get("extra") else ""
                self.lines.append(
                    f"{self.who(e)} placed a worker at {terms.space(e.get('space'))}"
                    f"{_using(e.get('card'))}{extra}"
                )
        if self.offering_failed is not None:
            self.lines.append(self.offering_failed)
            self.offering_failed = None

    def say(self, text: str) -> None:
        self.flush()
        self.lines.append(text)

    def extend(self, text: str) -> None:
        """Add to the last sentence (a consequence of it)."""
        if self.lines:
            self.lines[-1] += text
        else:
            self.lines.append(text.lstrip(":;, ").capitalize())

    def action(self, e: Event, text: str) -> None:
        """What a placement did: one sentence with the placement (its card, an extra action)."""
        placed = self.placed
        self.placed = None
        self.flush()
        extra = " (an extra action)" if placed is not None and placed.get("extra") else ""
        self.lines.append(f"{self.who(e)} {text}{extra}")


def _collected(s: _Story, e: Event) -> None:
    where = terms.space(e.get("field"))
    s.action(
        e,
        f"collected {terms.good(e.get('good'), int(e.get('amount', 0)))} at {where}"
        f"{_using(e.get('card'))}",
    )


def _produced(s: _Story, e: Event) -> None:
    made = terms.good(e.get("good"), int(e.get("amount", 0)))
    # the placement's card when the conversion has none: C17, a worker beyond the limit (W13)
    card = e.get("card") or (s.placed.get("card") if s.placed is not None else "")
    s.action(
        e,
        f"produced {made} from {terms.goods(e.get('paid'))} at "
        f"{terms.building(e.get('building'))}{_using(card)}",
    )


def _built(s: _Story, e: Event) -> None:
    how = e.get("how")
    number = e.get("building")
    name = terms.building_name(number)
    if how == "free":
        s.say(f"{s.who(e)} built {name} for free")
    elif how == "solo":
        s.say(f"The Foro stands: {name} is built")
    elif how == "castrum":
        s.say(f"{s.who(e)} finished the Castrum")
    else:
        s.action(e, f"built {name}{_paid(e.get('paid'))}")


def _awoke(s: _Story, e: Event) -> None:
    if e.get("seat") == -1:
        s.say("Vesuvius wakes: the Prosperity phase begins, with an offering every round")
    else:
        s.extend(": Vesuvius wakes, and every round now ends with an offering")


def _traded(s: _Story, e: Event) -> None:
    gave = terms.good(e.get("gave"), int(e.get("given", 0)))
    got = terms.good(e.get("got"), int(e.get("received", 0)))
    s.action(e, f"traded {gave} for {got} at the Porta{_using(e.get('card'))}")


def _activated(s: _Story, e: Event) -> None:
    source = e.get("source")
    card = terms.card(e.get("card"))
    if source == "foro":
        s.action(e, f"activated {card} at the Foro")
    elif source == "display":
        s.action(e, f"used {card} from the display")
    elif source == "piazza":
        s.say(f"{s.who(e)} activated {card}")
    elif source == "discard":
        s.say(f"{s.who(e)} took {card} from the discards and activated it")
    else:
        s.say(f"{s.who(e)} activated {card} ({terms.card(source)})")


def _drawn(s: _Story, e: Event) -> None:
    deck = "city card" if e.get("deck") == "city" else "specialist"
    count = int(e.get("count", 0))
    why = {"foro": " (the Foro)", "reward": " as a reward"}.get(str(e.get("reason")), "")
    s.say(f"{s.who(e)} drew {_plural(count, deck)}{why}")


def _kept(s: _Story, e: Event) -> None:
    discarded = [terms.card(c) for c in e.get("discarded") or []]
    rest = f" and discarded {terms.listing(discarded)}" if discarded else ""
    s.say(f"{s.who(e)} kept a card{rest}")


def _injured(s: _Story, e: Event) -> None:
    victim = s.who(e, "victim")
    if e.get("type") == "ArmyInjured":
        army = f"{victim}'s army" if e.get("army") else f"one of {victim}'s workers"
        s.say(f"{s.who(e)} injured {army} (to field C28)")
    else:
        s.say(f"{s.who(e)} injured one of {victim}'s workers (to field C12)")


def gifts(e: Event, names: Sequence[str]) -> str:
    """Who gave what to a resolved offering (its public ``values`` and ``pledges``):
    ``"Aurelia 5 (2 bread, 1 wine), Brutus 0, Cornelia exempt"``."""
    raw, given = e.get("values"), e.get("pledges")
    values: list[Any] = raw if isinstance(raw, list) else []
    pledges: list[Any] = given if isinstance(given, list) else []
    exempt = set(e.get("exempt") or [])
    parts = []
    for seat, value in enumerate(values):
        if seat in exempt:
            parts.append(f"{_name(names, seat)} exempt")
            continue
        what = terms.goods(pledges[seat] if seat < len(pledges) else None)
        parts.append(f"{_name(names, seat)} {value}" + ("" if what == "nothing" else f" ({what})"))
    return ", ".join(parts)


def _pledge(s: _Story, e: Event) -> None:
    """An open pledge (W4) waits: a later one of the seat, its lock or the offering's result
    tells it instead. A secret one (the variant) says nothing: the resolution tells it."""
    if "pledge" in e:
        s.pledged.pop(e.get("seat"), None)
        s.pledged[e.get("seat")] = e


def _pledges_told(s: _Story) -> None:
    """The open pledges the words did not go on to tell, in the order last changed."""
    pledged, s.pledged = s.pledged, {}
    for e in pledged.values():
        what = terms.goods(e.get("pledge"))
        so_far = f"{e.get('total')} of {e.get('requirement')} so far"
        if what == "nothing":
            s.say(f"{s.who(e)} took back their pledge: {so_far}")
        else:
            s.say(f"{s.who(e)} pledged {what} (value {e.get('value')}): {so_far}")


def _locked(s: _Story, e: Event) -> None:
    s.pledged.pop(e.get("seat"), None)
    s.say(f"{s.who(e)} locked their offering")


def _opened(s: _Story, e: Event) -> None:
    how = "in the open" if e.get("open") else "in secret"
    s.say(f"Offerings to Vesuvius: {e.get('requirement')} needed. Pledge {how}, then lock")


def _cancelled(s: _Story, e: Event) -> None:
    s.pledged.clear()
    s.say(f"{s.who(e)} cancelled the offering")


def _resolved(s: _Story, e: Event) -> None:
    s.pledged.clear()
    total, need = e.get("total"), e.get("requirement")
    shares = gifts(e, s.names)
    shares = f": {shares}" if shares else ""
    if e.get("success"):
        s.say(f"The offering succeeded ({total} of {need}{shares}): the gods are pleased")
    else:
        s.flush()
        s.offering_failed = f"The offering failed ({total} of {need}{shares})"


def _revealed(s: _Story, e: Event) -> None:
    failed, s.offering_failed = s.offering_failed, None
    s.flush()
    if e.get("apocalypse"):
        text = "the Apocalypse! Vesuvius buries Pompeii"
    else:
        shown = terms.listing([terms.good(g) for g in e.get("goods") or []])
        if e.get("destroys"):
            text = f"the volcano destroyed all {shown}"
            lost = _losses(e.get("losses"), s.names)
            text += f" ({lost})" if lost else " (nobody held any)"
        else:
            text = f"the volcano card shows {shown}: nothing is lost"
    if failed:
        s.lines.append(f"{failed}: {text}")
    else:
        s.lines.append(f"Volcano card {e.get('card')}: {text}")


def _ended(s: _Story, e: Event) -> None:
    """The end of the game, told once: the army's march already said who entered the
    Castrum (the final message's heading and score sheet give the verdict and figures), the
    Apocalypse's card said what it did, the solo clock's end was said by ApocalypseExposed."""
    result = e.get("result")
    said = " ".join(s.lines[-1:])
    if result in ("castrum", "solo_win"):
        if "entered the Castrum" not in said:
            s.say(f"{s.who(e, 'winner')}'s army entered the Castrum in round {e.get('round')}")
    elif result == "apocalypse":
        if "the Apocalypse" not in said:
            s.say("The Apocalypse: Vesuvius buries Pompeii")
    elif "Apocalypse lies exposed" not in said:
        s.say(f"Round {e.get('round')} ended without an army in the Castrum")


def _round_started(players: int, number: Any) -> str:
    """The line of a new round; solo, with the clock and the title a win by then earns."""
    if players != 1 or not isinstance(number, int):
        return f"Round {number} begins"
    text = f"Round {number} of {terms.solo_rounds()} begins"
    reach = next(((t, limit) for t, limit in terms.titles() if number <= limit), None)
    return f"{text} (a win by round {reach[1]}: {reach[0]})" if reach else text


def _simple(template: str) -> Callable[[_Story, Event], None]:
    """A sentence from a template over the event's fields (``{who}``, ``{victim}``, …)."""

    def handler(s: _Story, e: Event) -> None:
        fields = {k: v for k, v in e.items() if k != "secret"}
        s.say(template.format_map(_Fields(s, fields)))

    return handler


class _Fields(dict[str, Any]):
    """Template fields: names of seats, goods, cards and buildings worked out on demand."""

    def __init__(self, s: _Story, e: Mapping[str, Any]) -> None:
        super().__init__(e)
        self.s, self.e = s, e

    def __missing__(self, key: str) -> str:
        e, names = self.e, self.s.names
        derived: dict[str, Callable[[], str]] = {
            "who": lambda: _name(names, e.get("seat")),
            "victim_name": lambda: _name(names, e.get("victim")),
            "user_name": lambda: _name(names, e.get("user")),
            "builder_name": lambda: _name(names, e.get("builder")),
            "good_name": lambda: terms.good(e.get("good")),
            "card_name": lambda: terms.card(e.get("card")),
            "building_name": lambda: terms.building(e.get("building")),
            "paid_text": lambda: _paid(e.get("paid")),
            "goods_text": lambda: terms.goods(e.get("goods")),
            "blocked_text": lambda: (
                f"; the volcano card withholds {terms.goods(e.get('blocked'))}"
                if e.get("blocked")
                else ""
            ),
            "reason_name": lambda: terms.card(e.get("reason")),
            "from_names": lambda: terms.listing([_name(names, v) for v in e.get("from") or []]),
            "buildings_text": lambda: terms.listing([str(b) for b in e.get("buildings") or []]),
            "cards_text": lambda: terms.listing([terms.card(c) for c in e.get("cards") or []]),
            "count_text": lambda: _plural(int(e.get("count", 0)), "extra action"),
            "only_text": lambda: f" ({e.get('only')} only)" if e.get("only") else "",
            "left_text": lambda: _plural(int(e.get("left", 0)), "coin"),
            "deck_text": lambda: "city" if e.get("deck") == "city" else "specialist",
            "workers_text": lambda: _plural(
                int(e.get("workers", 0)) if isinstance(e.get("workers"), int) else 0, "worker"
            ),
            "recovered": lambda: RECOVERED.get(str(e.get("card")), "recovered"),
            "mode_text": lambda: OFFERING_MODE.get(str(e.get("mode")), str(e.get("mode"))),
        }
        make = derived.get(key)
        return make() if make else str(e.get(key, ""))


def _placed(s: _Story, e: Event) -> None:
    s.flush()
    s.placed = e
    if e.get("space") in ("porta", "piazza"):  # the trades / trainings follow as their own lines
        extra = " (an extra action)" if e.get("extra") else ""
        s.lines.append(
            f"{s.who(e)} went to {terms.space(e.get('space'))}{_using(e.get('card'))}{extra}"
        )
        s.placed = None


def _marched(s: _Story, e: Event) -> None:
    s.say(f"{s.who(e)}'s army entered the Castrum in round {e.get('round')}")


def _step_ended(s: _Story, e: Event) -> None:
    s.flush()  # the step's actions were said; its end adds nothing


def _quiet(s: _Story, e: Event) -> None:
    """Events the sentences around them already say."""


HANDLERS: dict[str, Callable[[_Story, Event], None]] = {
    "RedBuildingChosen": _simple("{who} took red building {building_name} for free"),
    "StartingGoodsPlaced": lambda s, e: s.say(
        f"{s.who(e)} placed {terms.good(e.get('good'), int(e.get('amount', 0)))} "
        f"({int(e.get('left', 0))} left to place)"
    ),
    "RoundStarted": lambda s, e: s.say(_round_started(len(s.names), e.get("round"))),
    "WorkerPlaced": _placed,
    "GoodsCollected": _collected,
    "GoodsProduced": _produced,
    "OwnerBonusPaid": _simple("{who} took 1 {good_name} as the owner of {building_name}"),
    "OwnerBonusDenied": _simple("{who} gets no owner's bonus at {building_name} (S35)"),
    "BuildingBuilt": _built,
    "CastrumBegun": lambda s, e: s.action(e, f"began building the Castrum{_paid(e.get('paid'))}"),
    "WindowOpened": _simple("The others may play C31 to halt the Castrum"),
    "WindowPassed": _simple("{who} let the Castrum pass"),
    "CastrumHalted": _simple("{who} played {card_name}: {builder_name}'s Castrum is halted"),
    "CastrumHaltVoided": _simple("{who}'s halted Castrum no longer matters"),
    "VesuviusAwoke": _awoke,
    "CardsDrawn": _drawn,
    "CardActivated": _activated,
    "SpecialistTrained": _simple("{who} trained {card_name}{paid_text}"),
    "SpecialistSwapped": lambda s, e: s.say(
        f"{s.who(e)} swapped {terms.card(e.get('card'))} for a new specialist "
        f"(paid 1 {terms.good(e.get('paid'))})"
    ),
    "StepEnded": _step_ended,
    "GoodsTraded": _traded,
    "PortaFeePaid": _simple("{who} took 1 fish as the Porta's owner ({user_name} traded there)"),
    "GoodsGained": _simple("{who} gained {goods_text} ({reason_name}){blocked_text}"),
    "ExtraActionsGained": _simple("{who} gains {count_text}{only_text}"),
    "ExtraActionLost": _simple("{who} has no use for an extra action{only_text}: it lapses"),
    "GoodsStolen": _simple("{who} took 1 {good_name} from {victim_name}"),
    "GoodsGiven": _simple("{victim_name} gave 1 {good_name} to {who}"),
    "MarkerPlaced": _simple("{who} put an ownership marker on {building_name}"),
    "WorkerInjured": _injured,
    "ArmyInjured": _injured,
    "TokensRemoved": _simple("The C14 tokens leave buildings {buildings_text}"),
    "SpaceCovered": _simple("{who} covered a worker place of {building_name} (C14)"),
    "CardTaken": _simple("{who} took {card_name} from {victim_name}"),
    "TemplesDestroyed": _simple("The temples are destroyed: {cards_text}"),
    "WorkerGained": _simple("{who} gained a worker (now {workers_text})"),
    "WorkerNotGained": _simple("{who} already has 6 workers: no new one"),
    "WorkerLost": _simple("{who} lost a worker (now {workers_text})"),
    "WorkerHired": lambda s, e: s.action(e, f"hired a new worker at 18{_paid(e.get('paid'))}"),
    "WorkersSeized": _simple("{who} took the workers of {from_names} off {building_name}"),
    "StartPlayerClaimed": _simple("{who} will start the next round"),
    "VolcanoSearched": _simple("{who} looked at the top {count} volcano cards"),
    "VolcanoStacked": _simple("{who} put the volcano cards back in an order of their choice"),
    "CardKept": _kept,
    "RecoveryFree": _simple("{who} may undo an effect for free ({card_name})"),
    "EffectRecovered": lambda s, e: s.action(
        e, f"{RECOVERED.get(str(e.get('card')), 'recovered')} at the Foro{_paid(e.get('paid'))}"
    ),
    "ArmyRecruited": lambda s, e: s.action(
        e, f"recruited an army at the Terme{_paid(e.get('paid'))}"
    ),
    "ChoiceLapsed": _simple("{who}'s {kind} has no possible choice: it lapses"),
    "OfferingOpened": _opened,
    "PledgeChanged": _pledge,
    "OfferingLocked": _locked,
    "OfferingCardPlayed": _simple("{who} played {card_name}: {mode_text}"),
    "OfferingTermsChanged": _simple("The offering now needs {requirement}: everyone may revise"),
    "OfferingCancelled": _cancelled,
    "OfferingResolved": _resolved,
    "VolcanoRevealed": _revealed,
    "RewardsEarned": lambda s, e: s.say(
        "Rewards for generous offerings: "
        + ", ".join(
            f"{_name(s.names, i)} {_plural(int(n), 'draw')}"
            for i, n in enumerate(e.get("draws") or [])
            if isinstance(n, int) and n
        )
    ),
    "RewardDeclined": _simple("{who} declined their reward"),
    "DeckReshuffled": _simple("The {deck_text} discards were shuffled into a new deck ({size})"),
    "DisplayRefreshed": _simple("New specialists on display: {cards_text}"),
    "RoundEnded": _quiet,
    "ForoCoinRemoved": _simple("A coin leaves the Foro: {left_text} left"),
    "ApocalypseExposed": _simple("Round {round} is over: the Apocalypse lies exposed"),
    "ArmyMarched": _marched,
    "GameEnded": _ended,
}


def narrate(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """Sentences for a run of public events, in order (secret fields are never read)."""
    story = _Story(names)
    for e in events:
        handler = HANDLERS.get(str(e.get("type")))
        if handler is not None:
            handler(story, e)
        else:
            story.say(f"{story.who(e)}: {e.get('type')}")
    _pledges_told(story)
    story.flush()
    return story.lines
