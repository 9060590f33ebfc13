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
from render.workers.lang import N_, _, ngettext

Event = Mapping[str, Any]

RECOVERED = {
    "C12": N_("{who} healed an injured worker"),
    "C14": N_("{who} removed the C14 token"),
    "C28": N_("{who} healed their army"),
    "C31": N_("{who} finished their halted Castrum"),
}
OFFERING_MODE = {
    "value_bonus": N_("each unit they offer counts +1 this round"),
    "exempt": N_("they are exempt from this offering"),
    "cut": N_("the requirement drops"),
    "cancel": N_("the offering is cancelled and a volcano card is turned up"),
}


def recovered(card: Any, who: str) -> str:
    """What an undone effect did, with who did it."""
    return _(RECOVERED.get(str(card), N_("{who} recovered"))).format(who=who)


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    if seat == -1:
        return _("Vesuvius")
    return _("Seat {seat}").format(seat=seat) if isinstance(seat, int) else _("Someone")


def _using(card: Any) -> str:
    return _(", with {card}").format(card=terms.card(card)) if card else ""


def _extra(placed: Any) -> str:
    return _(" (an extra action)") if placed else ""


def _paid(paid: Any) -> str:
    if not isinstance(paid, Mapping) or not any(paid.values()):
        return ""
    return _(" (paid {goods})").format(goods=terms.goods(paid))


def _losses(losses: Any, names: Sequence[str]) -> str:
    if not isinstance(losses, list):
        return ""
    parts = [
        _("{who} lost {goods}").format(who=_name(names, seat), goods=terms.goods(lost))
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
        self.last = ""  # what the last event said, for the game's end (``_said``)

    def who(self, e: Event, key: str = "seat") -> str:
        return _name(self.names, e.get(key))

    def flush(self) -> None:
        if self.placed is not None:
            e, self.placed = self.placed, None
            if e.get("space") not in ("porta", "piazza", "display"):
                self.lines.append(
                    _("{who} placed a worker at {space}").format(
                        who=self.who(e), space=terms.space(e.get("space"))
                    )
                    + _using(e.get("card"))
                    + _extra(e.get("extra"))
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
        """What a placement did: one sentence with the placement (its card, an extra action);
        ``text`` names who did it."""
        placed = self.placed
        self.placed = None
        self.flush()
        self.lines.append(text + _extra(placed is not None and placed.get("extra")))


def _collected(s: _Story, e: Event) -> None:
    where = terms.space(e.get("field"))
    made = terms.good(e.get("good"), int(e.get("amount", 0)))
    text = _("{who} collected {goods} at {space}").format(who=s.who(e), goods=made, space=where)
    s.action(e, text + _using(e.get("card")))


def _produced(s: _Story, e: Event) -> None:
    made = terms.good(e.get("good"), int(e.get("amount", 0)))
    # the placement's card when the conversion has none: C17, a worker beyond the limit (W13)
    card = e.get("card") or (s.placed.get("card") if s.placed is not None else "")
    text = _("{who} produced {goods} from {paid} at {building}").format(
        who=s.who(e),
        goods=made,
        paid=terms.goods(e.get("paid")),
        building=terms.building(e.get("building")),
    )
    s.action(e, text + _using(card))


def _built(s: _Story, e: Event) -> None:
    how = e.get("how")
    number = e.get("building")
    name = terms.building_name(number)
    if how == "free":
        s.say(_("{who} built {building} for free").format(who=s.who(e), building=name))
    elif how == "solo":
        s.say(_("The Foro stands: {building} is built").format(building=name))
    elif how == "castrum":
        s.say(_("{who} finished the Castrum").format(who=s.who(e)))
    else:
        built = _("{who} built {building}").format(who=s.who(e), building=name)
        s.action(e, built + _paid(e.get("paid")))


def _awoke(s: _Story, e: Event) -> None:
    if e.get("seat") == -1:
        s.say(_("Vesuvius wakes: the Prosperity phase begins, with an offering every round"))
    else:
        s.extend(_(": Vesuvius wakes, and every round now ends with an offering"))


def _traded(s: _Story, e: Event) -> None:
    gave = terms.good(e.get("gave"), int(e.get("given", 0)))
    got = terms.good(e.get("got"), int(e.get("received", 0)))
    text = _("{who} traded {gave} for {got} at the Porta").format(who=s.who(e), gave=gave, got=got)
    s.action(e, text + _using(e.get("card")))


def _activated(s: _Story, e: Event) -> None:
    source = e.get("source")
    card = terms.card(e.get("card"))
    who = s.who(e)
    if source == "foro":
        s.action(e, _("{who} activated {card} at the Foro").format(who=who, card=card))
    elif source == "display":
        s.action(e, _("{who} used {card} from the display").format(who=who, card=card))
    elif source == "piazza":
        s.say(_("{who} activated {card}").format(who=who, card=card))
    elif source == "discard":
        s.say(_("{who} took {card} from the discards and activated it").format(who=who, card=card))
    else:
        by = terms.card(source)
        s.say(_("{who} activated {card} ({source})").format(who=who, card=card, source=by))


def _drawn(s: _Story, e: Event) -> None:
    count = int(e.get("count", 0))
    if e.get("deck") == "city":
        drew = ngettext("{who} drew {n} city card", "{who} drew {n} city cards", count)
    else:
        drew = ngettext("{who} drew {n} specialist", "{who} drew {n} specialists", count)
    reason = str(e.get("reason"))
    why = _(" (the Foro)") if reason == "foro" else _(" as a reward") if reason == "reward" else ""
    s.say(drew.format(who=s.who(e), n=count) + why)


def _kept(s: _Story, e: Event) -> None:
    discarded = [terms.card(c) for c in e.get("discarded") or []]
    if discarded:
        text = _("{who} kept a card and discarded {cards}")
        s.say(text.format(who=s.who(e), cards=terms.listing(discarded)))
    else:
        s.say(_("{who} kept a card").format(who=s.who(e)))


def _injured(s: _Story, e: Event) -> None:
    victim = s.who(e, "victim")
    if e.get("type") == "ArmyInjured" and e.get("army"):
        text = _("{who} injured {victim}'s army (to field C28)")
    elif e.get("type") == "ArmyInjured":
        text = _("{who} injured one of {victim}'s workers (to field C28)")
    else:
        text = _("{who} injured one of {victim}'s workers (to field C12)")
    s.say(text.format(who=s.who(e), victim=victim))


def gifts(e: Event, names: Sequence[str]) -> str:
    """Who gave what to a resolved offering (its public ``values`` and ``pledges``):
    ``"Aurelia 5 (2 bread, 1 wine), Brutus 0, Cornelia exempt"``."""
    raw, given = e.get("values"), e.get("pledges")
    values: list[Any] = raw if isinstance(raw, list) else []
    pledges: list[Any] = given if isinstance(given, list) else []
    exempt = set(e.get("exempt") or [])
    parts = []
    for seat, value in enumerate(values):
        who = _name(names, seat)
        if seat in exempt:
            parts.append(_("{who} exempt").format(who=who))
            continue
        given = pledges[seat] if seat < len(pledges) else None
        if isinstance(given, Mapping) and any(given.values()):
            parts.append(f"{who} {value} ({terms.goods(given)})")
        else:
            parts.append(f"{who} {value}")
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
        given = e.get("pledge")
        total, need = e.get("total"), e.get("requirement")
        if not (isinstance(given, Mapping) and any(given.values())):
            text = _("{who} took back their pledge: {total} of {need} so far")
            s.say(text.format(who=s.who(e), total=total, need=need))
        else:
            text = _("{who} pledged {goods} (value {value}): {total} of {need} so far")
            what = terms.goods(given)
            s.say(
                text.format(who=s.who(e), goods=what, value=e.get("value"), total=total, need=need)
            )


def _locked(s: _Story, e: Event) -> None:
    s.pledged.pop(e.get("seat"), None)
    s.say(_("{who} locked their offering").format(who=s.who(e)))


def _opened(s: _Story, e: Event) -> None:
    if e.get("open"):
        text = _("Offerings to Vesuvius: {need} needed. Pledge in the open, then lock")
    else:
        text = _("Offerings to Vesuvius: {need} needed. Pledge in secret, then lock")
    s.say(text.format(need=e.get("requirement")))


def _cancelled(s: _Story, e: Event) -> None:
    s.pledged.clear()
    s.say(_("{who} cancelled the offering").format(who=s.who(e)))


def _resolved(s: _Story, e: Event) -> None:
    s.pledged.clear()
    total, need = e.get("total"), e.get("requirement")
    shares = gifts(e, s.names)
    shares = f": {shares}" if shares else ""
    if e.get("success"):
        text = _("The offering succeeded ({total} of {need}{shares}): the gods are pleased")
        s.say(text.format(total=total, need=need, shares=shares))
    else:
        s.flush()
        text = _("The offering failed ({total} of {need}{shares})")
        s.offering_failed = text.format(total=total, need=need, shares=shares)


def _revealed(s: _Story, e: Event) -> None:
    failed, s.offering_failed = s.offering_failed, None
    s.flush()
    if e.get("apocalypse"):
        text = _("the Apocalypse! Vesuvius buries Pompeii")
    else:
        shown = terms.listing([terms.good(g) for g in e.get("goods") or []])
        if e.get("destroys"):
            text = _("the volcano destroyed all {goods}").format(goods=shown)
            lost = _losses(e.get("losses"), s.names)
            text += f" ({lost})" if lost else _(" (nobody held any)")
        else:
            text = _("the volcano card shows {goods}: nothing is lost").format(goods=shown)
    if failed:
        s.lines.append(f"{failed}: {text}")
    else:
        s.lines.append(_("Volcano card {card}: {text}").format(card=e.get("card"), text=text))


def _ended(s: _Story, e: Event) -> None:
    """The end of the game, told once: the army's march already said who entered the
    Castrum (the final message's heading and score sheet give the verdict and figures), the
    Apocalypse's card said what it did, the solo clock's end was said by ApocalypseExposed."""
    result = e.get("result")
    said = s.last
    if result in ("castrum", "solo_win"):
        if said != "ArmyMarched":
            text = _("{who}'s army entered the Castrum in round {round}")
            s.say(text.format(who=s.who(e, "winner"), round=e.get("round")))
    elif result == "apocalypse":
        if said != "apocalypse":
            s.say(_("The Apocalypse: Vesuvius buries Pompeii"))
    elif said != "ApocalypseExposed":
        s.say(_("Round {round} ended without an army in the Castrum").format(round=e.get("round")))


def _round_started(players: int, number: Any) -> str:
    """The line of a new round; solo, with the clock and the title a win by then earns."""
    if players != 1 or not isinstance(number, int):
        return _("Round {round} begins").format(round=number)
    text = _("Round {round} of {rounds} begins").format(round=number, rounds=terms.solo_rounds())
    reach = next(((t, limit) for t, limit in terms.titles() if number <= limit), None)
    if reach is None:
        return text
    return text + _(" (a win by round {round}: {title})").format(round=reach[1], title=reach[0])


def _simple(template: str) -> Callable[[_Story, Event], None]:
    """A sentence from a template over the event's fields (``{who}``, ``{victim}``, …)."""

    def handler(s: _Story, e: Event) -> None:
        fields = {k: v for k, v in e.items() if k != "secret"}
        s.say(_(template).format_map(_Fields(s, fields)))

    return handler


def _paying(template: str) -> Callable[[_Story, Event], None]:
    """A placement that cost goods: the template (over ``{who}``) and what was paid."""

    def handler(s: _Story, e: Event) -> None:
        s.action(e, _(template).format(who=s.who(e)) + _paid(e.get("paid")))

    return handler


class _Fields(dict[str, Any]):
    """Template fields: names of seats, goods, cards and buildings worked out on demand."""

    def __init__(self, s: _Story, e: Mapping[str, Any]) -> None:
        super().__init__(e)
        self.s, self.e = s, e

    def __missing__(self, key: str) -> str:
        e, names = self.e, self.s.names

        def number(field: str) -> int:
            value = e.get(field, 0)
            return value if isinstance(value, int) else 0

        derived: dict[str, Callable[[], str]] = {
            "who": lambda: _name(names, e.get("seat")),
            "victim_name": lambda: _name(names, e.get("victim")),
            "user_name": lambda: _name(names, e.get("user")),
            "builder_name": lambda: _name(names, e.get("builder")),
            "good_one": lambda: terms.one(e.get("good")),
            "card_name": lambda: terms.card(e.get("card")),
            "building_name": lambda: terms.building(e.get("building")),
            "paid_text": lambda: _paid(e.get("paid")),
            "goods_text": lambda: terms.goods(e.get("goods")),
            "blocked_text": lambda: (
                _("; the volcano card withholds {goods}").format(
                    goods=terms.goods(e.get("blocked"))
                )
                if e.get("blocked")
                else ""
            ),
            "reason_name": lambda: terms.card(e.get("reason")),
            "from_names": lambda: terms.listing([_name(names, v) for v in e.get("from") or []]),
            "buildings_text": lambda: terms.listing([str(b) for b in e.get("buildings") or []]),
            "cards_text": lambda: terms.listing([terms.card(c) for c in e.get("cards") or []]),
            "count_text": lambda: _count(
                number("count"), ngettext("{n} extra action", "{n} extra actions", number("count"))
            ),
            "left_text": lambda: _count(
                number("left"), ngettext("{n} coin", "{n} coins", number("left"))
            ),
            "workers_text": lambda: _count(
                number("workers"), ngettext("{n} worker", "{n} workers", number("workers"))
            ),
            "mode_text": lambda: (
                _(OFFERING_MODE[str(e.get("mode"))])
                if str(e.get("mode")) in OFFERING_MODE
                else str(e.get("mode"))
            ),
            "kind_text": lambda: terms.kind(e.get("kind")),
        }
        make = derived.get(key)
        return make() if make else str(e.get(key, ""))


def _count(n: int, said: str) -> str:
    """``said`` (the ``ngettext`` of a ``{n}`` message for ``n``) with its number."""
    return said.format(n=n)


def _placed(s: _Story, e: Event) -> None:
    s.flush()
    s.placed = e
    if e.get("space") in ("porta", "piazza"):  # the trades / trainings follow as their own lines
        text = _("{who} went to {space}").format(who=s.who(e), space=terms.space(e.get("space")))
        s.lines.append(text + _using(e.get("card")) + _extra(e.get("extra")))
        s.placed = None


def _marched(s: _Story, e: Event) -> None:
    text = _("{who}'s army entered the Castrum in round {round}")
    s.say(text.format(who=s.who(e), round=e.get("round")))


def _step_ended(s: _Story, e: Event) -> None:
    s.flush()  # the step's actions were said; its end adds nothing


def _quiet(s: _Story, e: Event) -> None:
    """Events the sentences around them already say."""


HANDLERS: dict[str, Callable[[_Story, Event], None]] = {
    "RedBuildingChosen": _simple(N_("{who} took red building {building_name} for free")),
    "StartingGoodsPlaced": lambda s, e: s.say(
        _("{who} placed {goods} ({left} left to place)").format(
            who=s.who(e),
            goods=terms.good(e.get("good"), int(e.get("amount", 0))),
            left=int(e.get("left", 0)),
        )
    ),
    "RoundStarted": lambda s, e: s.say(_round_started(len(s.names), e.get("round"))),
    "WorkerPlaced": _placed,
    "GoodsCollected": _collected,
    "GoodsProduced": _produced,
    "OwnerBonusPaid": _simple(N_("{who} took 1 {good_one} as the owner of {building_name}")),
    "OwnerBonusDenied": _simple(N_("{who} gets no owner's bonus at {building_name} (S35)")),
    "BuildingBuilt": _built,
    "CastrumBegun": _paying(N_("{who} began building the Castrum")),
    "WindowOpened": _simple(N_("The others may play C31 to halt the Castrum")),
    "WindowPassed": _simple(N_("{who} let the Castrum pass")),
    "CastrumHalted": _simple(N_("{who} played {card_name}: {builder_name}'s Castrum is halted")),
    "CastrumHaltVoided": _simple(N_("{who}'s halted Castrum no longer matters")),
    "VesuviusAwoke": _awoke,
    "CardsDrawn": _drawn,
    "CardActivated": _activated,
    "SpecialistTrained": _simple(N_("{who} trained {card_name}{paid_text}")),
    "SpecialistSwapped": lambda s, e: s.say(
        _("{who} swapped {card} for a new specialist (paid 1 {good})").format(
            who=s.who(e), card=terms.card(e.get("card")), good=terms.good(e.get("paid"))
        )
    ),
    "StepEnded": _step_ended,
    "GoodsTraded": _traded,
    "PortaFeePaid": _simple(
        N_("{who} took 1 fish as the Porta's owner ({user_name} traded there)")
    ),
    "GoodsGained": _simple(N_("{who} gained {goods_text} ({reason_name}){blocked_text}")),
    "ExtraActionsGained": _simple(N_("{who} gains {count_text}{only_text}")),
    "ExtraActionLost": _simple(N_("{who} has no use for an extra action{only_text}: it lapses")),
    "GoodsStolen": _simple(N_("{who} took 1 {good_one} from {victim_name}")),
    "GoodsGiven": _simple(N_("{victim_name} gave 1 {good_one} to {who}")),
    "MarkerPlaced": _simple(N_("{who} put an ownership marker on {building_name}")),
    "WorkerInjured": _injured,
    "ArmyInjured": _injured,
    "TokensRemoved": _simple(N_("The C14 tokens leave buildings {buildings_text}")),
    "SpaceCovered": _simple(N_("{who} covered a worker place of {building_name} (C14)")),
    "CardTaken": _simple(N_("{who} took {card_name} from {victim_name}")),
    "TemplesDestroyed": _simple(N_("The temples are destroyed: {cards_text}")),
    "WorkerGained": _simple(N_("{who} gained a worker (now {workers_text})")),
    "WorkerNotGained": _simple(N_("{who} already has 6 workers: no new one")),
    "WorkerLost": _simple(N_("{who} lost a worker (now {workers_text})")),
    "WorkerHired": _paying(N_("{who} hired a new worker at 18")),
    "WorkersSeized": _simple(N_("{who} took the workers of {from_names} off {building_name}")),
    "StartPlayerClaimed": _simple(N_("{who} will start the next round")),
    "VolcanoSearched": lambda s, e: s.say(
        ngettext(
            "{who} looked at the top volcano card",
            "{who} looked at the top {count} volcano cards",
            int(e.get("count", 0)),
        ).format_map(_Fields(s, {k: v for k, v in e.items() if k != "secret"}))
    ),
    "VolcanoStacked": _simple(N_("{who} put the volcano cards back in an order of their choice")),
    "CardKept": _kept,
    "RecoveryFree": _simple(N_("{who} may undo an effect for free ({card_name})")),
    "EffectRecovered": lambda s, e: s.action(
        e,
        _("{done} at the Foro").format(done=recovered(e.get("card"), s.who(e)))
        + _paid(e.get("paid")),
    ),
    "ArmyRecruited": _paying(N_("{who} recruited an army at the Terme")),
    "ChoiceLapsed": _simple(N_("{who}'s {kind_text} has no possible choice: it lapses")),
    "OfferingOpened": _opened,
    "PledgeChanged": _pledge,
    "OfferingLocked": _locked,
    "OfferingCardPlayed": _simple(N_("{who} played {card_name}: {mode_text}")),
    "OfferingTermsChanged": _simple(
        N_("The offering now needs {requirement}: everyone may revise")
    ),
    "OfferingCancelled": _cancelled,
    "OfferingResolved": _resolved,
    "VolcanoRevealed": _revealed,
    "RewardsEarned": lambda s, e: s.say(
        _("Rewards for generous offerings: {draws}").format(
            draws=", ".join(
                _name(s.names, i) + " " + _count(int(n), ngettext("{n} draw", "{n} draws", int(n)))
                for i, n in enumerate(e.get("draws") or [])
                if isinstance(n, int) and n
            )
        )
    ),
    "RewardDeclined": _simple(N_("{who} declined their reward")),
    "DeckReshuffled": lambda s, e: s.say(
        (
            _("The city discards were shuffled into a new deck ({size})")
            if e.get("deck") == "city"
            else _("The specialist discards were shuffled into a new deck ({size})")
        ).format(size=e.get("size"))
    ),
    "DisplayRefreshed": _simple(N_("New specialists on display: {cards_text}")),
    "RoundEnded": _quiet,
    "ForoCoinRemoved": _simple(N_("A coin leaves the Foro: {left_text} left")),
    "ApocalypseExposed": _simple(N_("Round {round} is over: the Apocalypse lies exposed")),
    "ArmyMarched": _marched,
    "GameEnded": _ended,
}


def _said(e: Event) -> str:
    """What an event told that the game's end need not repeat."""
    kind = str(e.get("type"))
    if kind == "ArmyMarched":
        return kind
    if kind == "VolcanoRevealed" and e.get("apocalypse"):
        return "apocalypse"
    if kind == "ApocalypseExposed":
        return kind
    return ""


def narrate(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """Sentences for a run of public events, in order (secret fields are never read)."""
    story = _Story(names)
    for e in events:
        handler = HANDLERS.get(str(e.get("type")))
        lines = len(story.lines)
        if handler is not None:
            handler(story, e)
        else:
            story.say(f"{story.who(e)}: `{e.get('type')}`")
        if len(story.lines) != lines:
            story.last = _said(e)
    _pledges_told(story)
    story.flush()
    return story.lines
