"""Questions about the board: spaces and their limits, recipes, costs, trade rates, recoveries.

Pure functions of a :data:`~engine.workers.state.Readable` (a state or an ``apply`` in
progress); every number comes from the catalog. Hot paths (occupancy, the cards a seat can use
where) are cached on the immutable tuples they read.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from engine.workers.catalog import CATALOG, Card, Effect, Goods
from engine.workers.state import (
    BUILDING,
    COSTRUZIONE,
    INJURED,
    PIAZZA,
    PORTA,
    READY,
    Readable,
)

GOODS = CATALOG.goods
CARDS = CATALOG.cards
BOARD = CATALOG.board
BUILDINGS = CATALOG.buildings
VALUE = tuple(g.value for g in GOODS)
FIELD_GOODS = BOARD.fields
VALUE_I = tuple(g.index for g in GOODS if g.value == 1)
PEARLS = CATALOG.good_ids.get("pearls", -1)


def _number(function: str) -> int:
    return next(b.number for b in BUILDINGS if b.function == function)


FORO = _number("foro")
CAUPONA = _number("hire")
TERME = _number("army")
CASTRUM = _number("castrum")
PRODUCERS = tuple(b.number for b in BUILDINGS if b.function == "produce")
WORKPLACES = tuple(b.number for b in BUILDINGS if b.function in ("produce", "hire"))
"""Production buildings in the wide sense: C01 and C14 act on them (W12)."""
RED = tuple(b.number for b in BUILDINGS if b.colour == "red")
COSTS = BOARD.costs
RECOVERIES = ("C12", "C14", "C28", "C31")

SPACE_NAMES: dict[int, str] = {g: GOODS[g].id for g in FIELD_GOODS}
SPACE_NAMES.update({BUILDING + b.number: str(b.number) for b in BUILDINGS[1:]})
SPACE_NAMES.update({COSTRUZIONE: "costruzione", PORTA: "porta", PIAZZA: "piazza"})


def space_name(space: int) -> str:
    """``grain``, ``7`` (building 7), ``costruzione``, ``porta``, ``piazza``."""
    return SPACE_NAMES[space]


def _limit_kind(space: int) -> str:
    if space < BUILDING:
        return "field"
    if space == COSTRUZIONE:
        return "costruzione"
    if space == PORTA:
        return "porta"
    if space == PIAZZA:
        return "piazza"
    number = space - BUILDING
    return {FORO: "foro", TERME: "terme"}.get(number, "building")


_SPACES = (*FIELD_GOODS, *(BUILDING + b.number for b in BUILDINGS[1:]), COSTRUZIONE, PORTA, PIAZZA)
_LIMITS = {space: BOARD.limits[_limit_kind(space)] for space in _SPACES}
_LIMITED = tuple(space for space in _SPACES if space >= BUILDING)


def limit(players: int, space: int) -> int:
    """Workers allowed on a limited space (per player on a field), by player count [ADAPT]."""
    return _LIMITS[space][players - 1]


@lru_cache(maxsize=512)
def occupancy(
    board: tuple[tuple[int, int, int], ...],
) -> tuple[Mapping[int, int], Mapping[int, int]]:
    """Placements this round per space, and per ``space * 8 + seat``."""
    per_space: dict[int, int] = {}
    per_seat: dict[int, int] = {}
    for space, seat, _ in board:
        per_space[space] = per_space.get(space, 0) + 1
        key = space * 8 + seat
        per_seat[key] = per_seat.get(key, 0) + 1
    return per_space, per_seat


def own_count(s: Readable, seat: int, space: int) -> int:
    return occupancy(s.board)[1].get(space * 8 + seat, 0)


def room(s: Readable, space: int) -> int:
    """Free places on a limited space (C14 tokens take one each)."""
    return free_places(s.board, s.tokens, s.players)[space]


@lru_cache(maxsize=512)
def free_places(
    board: tuple[tuple[int, int, int], ...], tokens: tuple[int, ...], players: int
) -> Mapping[int, int]:
    """Free places per limited space (fields excluded: their limit is per player)."""
    used = occupancy(board)[0]
    out = {space: _LIMITS[space][players - 1] - used.get(space, 0) for space in _LIMITED}
    for number in tokens:
        out[BUILDING + number] -= 1
    return out


def built(s: Readable, number: int) -> bool:
    return s.owners[number] >= 0


def has_passive(s: Readable, seat: int, effect_type: str) -> bool:
    """Whether ``seat`` has an activated card with this passive effect (C17, S35, ...)."""
    return any(CARDS[c].effect.type == effect_type for c in _actives(s, seat))


def passive_card(s: Readable, seat: int, effect_type: str) -> str:
    """The first activated card of ``seat`` with this passive effect ("" if none)."""
    return next((c for c in _actives(s, seat) if CARDS[c].effect.type == effect_type), "")


def _actives(s: Readable, seat: int) -> tuple[str, ...]:
    return (*s.active_s[seat], *s.active_c[seat])


def beyond_limit(s: Readable, space: int) -> bool:
    """Whether a worker placed on ``space`` now would stand beyond its limit: at a building,
    only with C17, which is then the card the worker uses (W13)."""
    return BUILDING < space < COSTRUZIONE and room(s, space) <= 0


def can_enter(s: Readable, seat: int, space: int) -> bool:
    """Whether ``seat`` may place on ``space`` now (fields: per player; C17 at blue, W13)."""
    if space < BUILDING:
        return own_count(s, seat, space) < limit(s.players, space)
    if room(s, space) > 0:
        return True
    number = space - BUILDING
    return (
        0 < number < len(BUILDINGS)
        and BUILDINGS[number].colour == "blue"
        and has_passive(s, seat, "ignore_limit")
    )


def denies_bonus(s: Readable, user: int, number: int) -> bool:
    """S35: ``user`` holds it and building ``number`` is another player's blue building (used
    only when no other card is, W22)."""
    owner = s.owners[number]
    return (
        owner not in (-1, user)
        and BUILDINGS[number].colour == "blue"
        and has_passive(s, user, "no_owner_bonus")
    )


def usable_cards(s: Readable, seat: int, where: str, target: int = -1) -> list[tuple[str, Effect]]:
    """Cards ``seat`` may use for a worker action at ``where`` (``field``/``building`` with
    ``target``, ``costruzione``, ``porta``): its activated specialist and city cards, and in
    solo the face-up display (free, used once)."""
    return card_index(s, seat).get((where, target), [])


def card_index(s: Readable, seat: int) -> Mapping[tuple[str, int], list[tuple[str, Effect]]]:
    """All of :func:`usable_cards` at once, keyed by ``(where, target)``."""
    return _index(s.active_s[seat], s.active_c[seat], s.display)


@lru_cache(maxsize=1024)
def _index(
    active_s: tuple[str, ...], active_c: tuple[str, ...], display: tuple[str, ...]
) -> Mapping[tuple[str, int], list[tuple[str, Effect]]]:
    out: dict[tuple[str, int], list[tuple[str, Effect]]] = {}
    for cid in dict.fromkeys((*active_s, *active_c, *display)):
        effect = CARDS[cid].effect
        where = effect.where
        if not where:
            continue
        target = (
            effect.field if where == "field" else effect.building if where == "building" else -1
        )
        out.setdefault((where, target), []).append((cid, effect))
    return out


def blocked(s: Readable) -> tuple[int, ...]:
    """Solo: the goods on the top card of the reveal pile cannot be collected or produced, nor
    gained from a card: "These can only be obtained through trade" (W25)."""
    if s.players != 1 or not s.revealed:
        return ()
    return CATALOG.volcano[s.revealed[-1]].goods


def card_gains(cid: str) -> tuple[int, ...]:
    """The goods a card gives by itself (a one-time gain, a Porta card's extra good)."""
    effect = CARDS[cid].effect
    if effect.type == "gain":
        return tuple(g for g, _ in effect.goods)
    if effect.type == "trade_bonus":
        return (effect.good,)
    return ()


def gains_nothing(s: Readable, cid: str) -> bool:
    """W25: whether every good card ``cid`` gives is blocked now (such a card is not offered,
    as a collect of a blocked good is not)."""
    gains = card_gains(cid)
    if not gains:
        return False
    stop = blocked(s)
    return bool(stop) and all(g in stop for g in gains)


# --------------------------------------------------------------------------- production


def recipe(number: int, effect: Effect | None) -> tuple[Goods, int, int, int, tuple[int, int]]:
    """``(inputs, output, bonus, multiplier, (discounted good, amount))`` of a conversion at
    building ``number``, as the card's effect changes it (W2: one unit of each input per
    output, any number of times; the card replaces the standard action)."""
    base = BUILDINGS[number].recipe
    assert base is not None
    if effect is None:
        return base.inputs, base.output, 0, 1, (-1, 0)
    if effect.type == "convert_bonus":
        return base.inputs, base.output, effect.amount, 1, (-1, 0)
    if effect.type == "skip_convert":
        return effect.inputs, effect.output, 0, 1, (-1, 0)
    if effect.type == "double_output":
        return base.inputs, base.output, 0, 2, (-1, 0)
    assert effect.type == "input_discount"
    return base.inputs, base.output, 0, 1, (effect.good, effect.amount)


def conversion(number: int, effect: Effect | None, times: int) -> tuple[Goods, int, int]:
    """What ``times`` conversions at building ``number`` (with a card's effect) cost, and the
    good and amount they make: ``(paid, output, made)``."""
    inputs, output, bonus, multiplier, discount = recipe(number, effect)
    return input_cost(inputs, discount, times), output, times * multiplier + bonus


def collect_yield(s: Readable, seat: int, field: int, card: str, before: int) -> tuple[int, int]:
    """``(good, amount)`` a worker collects at ``field`` (with ``card``), given the seat's
    ``before`` earlier workers there this round: 1 for the first, 2 for the second [R]; a
    card adds to it or replaces the good, in the same quantity (G29)."""
    amount = BOARD.collect_first if before == 0 else BOARD.collect_second
    if not card:
        return field, amount
    effect = CARDS[card].effect
    if effect.type == "yield_bonus":
        return field, amount + effect.amount
    return effect.good, amount


def max_times(goods: tuple[int, ...], inputs: Goods, discount: tuple[int, int]) -> int:
    """How many conversions the goods pay for (a discount is per action, not per unit)."""
    best = 10**6
    for good, amount in inputs:
        extra = discount[1] if good == discount[0] else 0
        best = min(best, (goods[good] + extra) // amount)
    return best


def input_cost(inputs: Goods, discount: tuple[int, int], times: int) -> Goods:
    """What ``times`` conversions cost, after a per-action discount."""
    out = []
    for good, amount in inputs:
        total = amount * times - (discount[1] if good == discount[0] else 0)
        if total > 0:
            out.append((good, total))
    return tuple(out)


# --------------------------------------------------------------------------- building


def cost_of(number: int, waived: int = -1, solo: bool = False) -> Goods:
    """A building's cost (the solo game's own where the data gives one), without the good a
    waiver card strikes."""
    costs = _SOLO_COSTS if solo else _COSTS
    return costs[number] if waived < 0 else _waived(number, waived, solo)


def army_cost(solo: bool) -> Goods:
    """What recruiting the army at the Terme costs (the solo game's own where given)."""
    return BOARD.solo_costs.get("army", COSTS["army"]) if solo else COSTS["army"]


def solo_house_rule(item: str, solo: bool) -> bool:
    """Whether ``item`` (``army`` or ``building_<n>``) costs the solo game's own price: a house
    rule (W41; the rulebook prints one table for every game), marked † where players see it."""
    return solo and item in BOARD.solo_costs


_COSTS = tuple(b.cost for b in BUILDINGS)
_SOLO_COSTS = tuple(BOARD.solo_costs.get(f"building_{b.number}", b.cost) for b in BUILDINGS)


@lru_cache(maxsize=512)
def _waived(number: int, waived: int, solo: bool) -> Goods:
    return tuple((g, n) for g, n in cost_of(number, solo=solo) if g != waived)


def may_build(s: Readable, seat: int, number: int) -> bool:
    """The phase rules: Founding builds red only, plus the Foro as the first non-red building
    (multiplayer, once the pacing coins are gone); Prosperity builds anything (W9)."""
    return number in buildable(s, seat)


def buildable(s: Readable, seat: int) -> tuple[int, ...]:
    """The buildings ``seat`` may build now, costs aside."""
    return _buildable(
        s.owners,
        s.prosperity,
        s.players > 1 and s.foro_coins == 0,
        s.options.no_textoria,
        s.castrum_halt == seat,
    )


@lru_cache(maxsize=256)
def _buildable(
    owners: tuple[int, ...], prosperity: bool, foro_open: bool, no_textoria: bool, halted: bool
) -> tuple[int, ...]:
    out = []
    for b in BUILDINGS[1:]:
        number = b.number
        if owners[number] >= 0 or (no_textoria and number == 14):  # W40
            continue
        if number == CASTRUM and halted:
            continue  # W16: a halted builder finishes at the Foro
        if prosperity or b.colour == "red" or (number == FORO and foro_open):
            out.append(number)
    return tuple(out)


# --------------------------------------------------------------------------- trade


def trade_rate(give: int, get: int, steps: bool = False) -> int:
    """Units of ``give`` per unit of ``get`` [R]: lower 1, same 2, higher 4 (flat; the
    ``trade_steps`` house rule makes it 4 per value step, W10); pearls to value III 1 (G11);
    0 for a trade that is not allowed: nothing is traded into pearls, which "can only be
    obtained through specialist cards and/or city cards" (W44)."""
    if get == PEARLS:
        return 0
    vg, vt = VALUE[give], VALUE[get]
    if give == PEARLS and vt == VALUE[PEARLS]:
        return BOARD.trade_pearls
    if vg > vt:
        return BOARD.trade_lower
    if vg == vt:
        return BOARD.trade_same
    return BOARD.trade_higher * (vt - vg if steps else 1)


RATES = {
    steps: tuple(
        tuple(trade_rate(a, b, steps) for b in range(len(GOODS))) for a in range(len(GOODS))
    )
    for steps in (False, True)
}
"""``RATES[trade_steps][give][get]`` (0: that trade is not allowed, W44)."""


def can_trade(s: Readable, goods: tuple[int, ...]) -> bool:
    """Whether any trade at all is possible with these goods."""
    for give, have in enumerate(goods):
        if have <= 0:
            continue
        if VALUE[give] > 1 or have >= BOARD.trade_same or give == PEARLS:
            return True
    return False


# --------------------------------------------------------------------------- recoveries


def recoveries(s: Readable, seat: int) -> list[tuple[str, int]]:
    """The effects ``seat`` may undo at the Foro: ``(card, building)`` (building only for a
    C14 token, on a building ``seat`` owns: G18)."""
    out: list[tuple[str, int]] = []
    if s.injured[seat] > 0:
        out.append(("C12", 0))
    for number in sorted(set(s.tokens)):
        if s.owners[number] == seat:
            out.append(("C14", number))
    if s.army[seat] == INJURED or s.held28[seat] > 0:
        out.append(("C28", 0))
    if s.castrum_halt == seat and s.owners[CASTRUM] < 0:
        out.append(("C31", 0))
    return out


def recovery_cost(card: str) -> Goods:
    return COSTS[f"recover_{card}"]


def can_march(s: Readable, seat: int) -> bool:
    """An uninjured army and a standing Castrum: the army may enter it (a win)."""
    return s.army[seat] == READY and s.owners[CASTRUM] >= 0


def card(cid: str) -> Card:
    return CARDS[cid]
