"""The board's news: the main event since the last board, read from the view's ``news`` (the
public events of the latest turn and of the last round's end).

A turn's main event is what its placement did (built, made, collected, traded …; the army's
march above all); a round's end's is its offering (failed: what the volcano destroyed; made:
who gave what), the Apocalypse, or in solo the new round with its clock and the goods the
volcano blocks. The newer of the two leads, unless a round's end holds nothing of note (a
multiplayer Founding round just began, an offering just opened): then the turn does, and a
round's offering is recalled under the turn that followed it. Written with goods icons
(``rich``): fewer words, in large type.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render.workers import narrate, terms
from render.workers.lang import N_, _
from render.workers.layout import View, seat_name
from render.workers.rich import Good, Item, Seat

Event = Mapping[str, Any]
Line = tuple[Item, ...]
_FIELD = re.compile(r"\{(\w+)\}")


def said(message: str, **values: Any) -> Line:
    """``_(message)`` as a line of items: each ``{placeholder}`` is its value (words, or a
    run of icons), wherever the language puts it."""
    out: list[Item] = []
    text = ""
    for i, part in enumerate(_FIELD.split(_(message))):
        value: Any = part if i % 2 == 0 else values.get(part, "")
        if isinstance(value, list | tuple):
            if text.strip():
                out.append(text.strip())
            text = ""
            out.extend(value)
        else:
            text += str(value)
    if text.strip():
        out.append(text.strip())
    return tuple(out)


@dataclass(frozen=True)
class Story:
    """The main event (``head``) and up to two smaller lines about it (``details``);
    ``recap``: a round's end recalled under the turns that follow it."""

    head: Line
    details: tuple[Line, ...] = ()
    recap: Line = ()


@dataclass(frozen=True)
class News:
    story: Story | None
    earlier: Line = ()


def _goods(bundle: Any) -> list[Item]:
    if not isinstance(bundle, Mapping):
        return []
    return [Good(str(g), int(n)) for g, n in bundle.items() if isinstance(n, int) and n]


def _first(events: Sequence[Event], *kinds: str) -> Event | None:
    return next((e for e in events if e.get("type") in kinds), None)


class _Reader:
    def __init__(self, view: View, names: Sequence[str]) -> None:
        self.view, self.names = view, names

    def who(self, seat: Any) -> str:
        return seat_name(self.view, self.names, seat)

    def said(self, events: Sequence[Event], skip: set[int]) -> tuple[Line, ...]:
        """The other events of note in words (at most two lines)."""
        quiet = {"WindowOpened", "WindowPassed", "StepEnded", "RoundEnded", "CardsDrawn"}
        rest = [e for i, e in enumerate(events) if i not in skip and e.get("type") not in quiet]
        return tuple((line,) for line in narrate.narrate(rest, self.names)[:2])

    # ------------------------------------------------------------------ a turn

    def turn(self, events: Sequence[Event]) -> Story | None:
        if not events:
            return None
        ranked = [(self._rank(e), i) for i, e in enumerate(events)]
        rank, index = max(ranked, key=lambda r: (r[0], -r[1]))
        if rank <= 0:
            return None
        main = events[index]
        placed = _first(events, "WorkerPlaced")
        skip = {index} | ({events.index(placed)} if placed is not None else set())
        head = self._turn_head(main, events, placed)
        if main.get("type") == "BuildingBuilt":
            awoke = _first(events, "VesuviusAwoke")
            if awoke is not None:
                head = (*head, _(": Vesuvius wakes!"))
                skip.add(events.index(awoke))
        if main.get("type") in ("ArmyMarched", "GameEnded"):
            skip |= {
                i for i, e in enumerate(events) if e.get("type") in ("ArmyMarched", "GameEnded")
            }
        return Story(head, self.said(events, skip))

    @staticmethod
    def _rank(e: Event) -> int:
        return TURN_RANK.get(str(e.get("type")), 0)

    def _turn_head(self, e: Event, events: Sequence[Event], placed: Event | None) -> Line:
        kind = e.get("type")
        seat = e.get("seat")
        name = self.who(seat)
        me: Line = (Seat(seat),) if isinstance(seat, int) and seat >= 0 else ()
        if kind in ("ArmyMarched", "GameEnded"):
            winner = e.get("seat", e.get("winner"))
            champion = self.who(winner)
            icon: Line = (Seat(winner),) if isinstance(winner, int) and winner >= 0 else ()
            return (*icon, *said(N_("{who}'s army entered the Castrum: {who} wins!"), who=champion))
        if kind == "BuildingBuilt":
            number = e.get("building")
            how = e.get("how")
            if how == "castrum":
                return (*me, *said(N_("{who} finished the Castrum"), who=name))
            if how == "solo":
                return said(N_("The Foro stands"))
            building = terms.building_name(number)
            if how == "free":
                return (
                    *me,
                    *said(N_("{who} built {building} for free"), who=name, building=building),
                )
            return (*me, *said(N_("{who} built {building}"), who=name, building=building))
        if kind == "CastrumBegun":
            return (*me, *said(N_("{who} builds the Castrum"), who=name))
        if kind == "CastrumHalted":
            builder = self.who(e.get("builder"))
            return (
                *me,
                *said(N_("{who} halted {builder}'s Castrum with C31"), who=name, builder=builder),
            )
        if kind == "ArmyRecruited":
            return (*me, *said(N_("{who} recruited an army"), who=name))
        if kind == "WorkerHired":
            return (*me, *said(N_("{who} hired a worker"), who=name))
        if kind == "GoodsProduced":
            return (
                *me,
                *said(
                    N_("{who} made {made} from {paid} at {building}"),
                    who=name,
                    made=[Good(str(e.get("good")), int(e.get("amount", 0)))],
                    paid=_goods(e.get("paid")),
                    building=e.get("building"),
                ),
            )
        if kind == "GoodsCollected":
            made = [Good(str(e.get("good")), int(e.get("amount", 0)))]
            return (*me, *said(N_("{who} collected {goods}"), who=name, goods=made))
        if kind == "GoodsTraded":
            return (
                *me,
                *said(
                    N_("{who} traded {gave} for {got}"),
                    who=name,
                    gave=[Good(str(e.get("gave")), int(e.get("given", 0)))],
                    got=[Good(str(e.get("got")), int(e.get("received", 0)))],
                ),
            )
        if kind == "SpecialistTrained":
            trained = [x for x in events if x.get("type") == "SpecialistTrained"]
            cards = ", ".join(str(x.get("card")) for x in trained)
            return (*me, *said(N_("{who} trained {cards}"), who=name, cards=cards))
        if kind == "SpecialistSwapped":
            return (*me, *said(N_("{who} swapped a specialist"), who=name))
        if kind == "CardActivated":
            card = terms.card(e.get("card"))
            if e.get("source") == "display":
                return (*me, *said(N_("{who} used {card}"), who=name, card=card))
            return (*me, *said(N_("{who} activated {card}"), who=name, card=card))
        if kind == "EffectRecovered":
            return (*me, narrate.recovered(e.get("card"), name))
        if kind == "RedBuildingChosen":
            building = terms.building(e.get("building"))
            return (
                *me,
                *said(N_("{who} took red building {building}"), who=name, building=building),
            )
        if kind == "StartingGoodsPlaced":
            put = [Good(str(e.get("good")), int(e.get("amount", 0)))]
            return (*me, *said(N_("{who} put {goods}"), who=name, goods=put))
        where = terms.space(e.get("space"))
        return (*me, *said(N_("{who} went to {space}"), who=name, space=where))

    # ------------------------------------------------------------------ a round's end

    def round_end(self, events: Sequence[Event]) -> Story | None:
        solo = self.view.get("players") == 1
        ended = _first(events, "GameEnded")
        marched = _first(events, "ArmyMarched")
        if marched is not None:
            return self.turn([marched])
        resolved = _first(events, "OfferingResolved")
        revealed = _first(events, "VolcanoRevealed")
        cancelled = _first(events, "OfferingCancelled")
        started = _first(events, "RoundStarted")
        if revealed is not None and revealed.get("apocalypse"):
            lost = said(
                N_("the offering failed · everybody lost") if resolved else N_("everybody lost")
            )
            return Story(said(N_("The Apocalypse! Pompeii is buried")), (lost,))
        if ended is not None and ended.get("result") == "solo_time":
            return Story(
                said(N_("Round {round} is over: Pompeii is lost"), round=ended.get("round"))
            )
        if resolved is not None:
            return self._offering(resolved, revealed, _first(events, "RewardsEarned"))
        if cancelled is not None:
            who = self.who(cancelled.get("seat"))
            shown: tuple[Line, ...] = (self._revealed(revealed),) if revealed is not None else ()
            return Story(said(N_("{who} cancelled the offering"), who=who), shown)
        awoke = _first(events, "VesuviusAwoke")
        if awoke is not None and solo:
            return Story(said(N_("The Foro stands: Vesuvius wakes")), self._clock(started))
        if solo and started is not None:
            head, *rest = self._clock(started)
            details = tuple(rest)
            if revealed is not None:
                details = (self._revealed(revealed, blocks=True), *details)
            return Story(head, details)
        return None

    def _clock(self, started: Event | None) -> tuple[Line, ...]:
        if started is None:
            return ()
        number = started.get("round")
        rounds = terms.solo_rounds()
        reach = next(
            ((t, r) for t, r in terms.titles() if isinstance(number, int) and number <= r), None
        )
        if reach is None:
            return (said(N_("Round {round} of {rounds} begins"), round=number, rounds=rounds),)
        return (
            said(
                N_("Round {round} of {rounds} begins · a win by {by}: {title}"),
                round=number,
                rounds=rounds,
                by=reach[1],
                title=reach[0],
            ),
        )

    def _revealed(self, e: Event, *, blocks: bool = False) -> Line:
        goods = [Good(str(g)) for g in e.get("goods") or []]
        card = e.get("card")
        if blocks:
            return said(N_("{card} blocks {goods}"), card=card, goods=goods)
        if not e.get("destroys"):
            return said(N_("{card} shows {goods}"), card=card, goods=goods)
        return said(N_("{card} destroyed {goods}"), card=card, goods=goods)

    def _offering(self, e: Event, revealed: Event | None, rewards: Event | None) -> Story:
        total, need = e.get("total"), e.get("requirement")
        gifts: list[Item] = []
        values = e.get("values") if isinstance(e.get("values"), list) else []
        exempt = set(e.get("exempt") or [])
        for seat, value in enumerate(values or []):
            gifts += [Seat(seat), _("exempt") if seat in exempt else f"{value}"]
        given = said(N_("Given: {gifts}"), gifts=gifts)
        if e.get("success"):
            head: Line = said(N_("Offering made: {total} of {need}"), total=total, need=need)
            details: list[Line] = [given] if len(values or []) > 1 else []
            if rewards is not None:
                won: list[Item] = []
                for seat, n in enumerate(rewards.get("draws") or []):
                    if isinstance(n, int) and n:
                        won += [Seat(seat), f"{n}"]
                if won:
                    details.append(said(N_("Card draws earned: {draws}"), draws=won))
            recap: Line = said(N_("Last offering made: {total} of {need}"), total=total, need=need)
            return Story(head, tuple(details[:2]), recap)
        head = said(N_("Offering failed: {total} of {need}"), total=total, need=need)
        details = []
        recap = said(N_("Last offering failed: {total} of {need}"), total=total, need=need)
        if revealed is not None:
            card = self._revealed(revealed)
            details.append(card)
            recap = (*recap, "·", *card)
            lost = self._losses(revealed.get("losses"))
            details.append(lost or said(N_("nobody held any")))
        if len(values or []) > 1:
            details.append(given)
        return Story(head, tuple(details[:2]), recap)

    def _losses(self, losses: Any) -> Line:
        if not isinstance(losses, list):
            return ()
        out: list[Item] = []
        for seat, lost in enumerate(losses):
            goods = _goods(lost)
            if goods:
                out += [
                    *([","] if out else []),
                    *said(N_("{who} lost {goods}"), who=[Seat(seat)], goods=goods),
                ]
        return tuple(out)


TURN_RANK: dict[str, int] = {
    "ArmyMarched": 100,
    "GameEnded": 99,
    "BuildingBuilt": 80,
    "CastrumHalted": 78,
    "CastrumBegun": 75,
    "ArmyRecruited": 70,
    "WorkerHired": 65,
    "GoodsProduced": 50,
    "GoodsTraded": 50,
    "GoodsCollected": 50,
    "SpecialistTrained": 50,
    "CardActivated": 50,
    "EffectRecovered": 50,
    "SpecialistSwapped": 45,
    "RedBuildingChosen": 40,
    "StartingGoodsPlaced": 40,
    "WorkerPlaced": 10,
}
"""How much an event of a turn says about it (0: only with others)."""


def read(view: View, names: Sequence[str]) -> News:
    """The news a board shows: the newer story (or the turn's, when the round's end holds
    nothing of note) and, under a turn, the last offering."""
    news = view.get("news")
    if not isinstance(news, Mapping):
        return News(None)
    reader = _Reader(view, names)

    def events(key: str) -> list[Event]:
        raw = news.get(key)
        return [e for e in raw if isinstance(e, Mapping)] if isinstance(raw, list) else []

    turn = reader.turn(events("turn"))
    round_end = reader.round_end(events("round"))
    if news.get("newer") == "round" and round_end is not None:
        return News(round_end)
    if turn is None:
        return News(round_end)
    earlier = round_end.recap if round_end is not None else ()
    return News(turn, earlier)
