"""The worker game's AI goes for the win once ahead (issue 47 item 1): a Castrum another seat
halted (C31) is finished at the Foro, an injured army healed there, and a hoard the goal does
not need does not keep it from the Castrum.

The stored game (seed 810014, 2 players, the hard level in seat 0 against the normal level, as
``python -m bench.ai workers`` plays it) is one of the twelve of 200 that ran past 25 rounds
before: in round 10 the hard seat, its army recruited, built the Castrum; the normal seat
halted it with C31, and the hard seat, which may not build it again (W16), had no goal left:
it collected stone for 69 rounds while its goods grew to 183, and the normal seat built the
Castrum in round 79 and won.
"""

from __future__ import annotations

from dataclasses import replace

from engine.ai import Budget, choose_normal, search
from engine.workers import GAME, State
from engine.workers.ai import WorkersHeuristics
from engine.workers.board import GOODS, recovery_cost
from engine.workers.rules import deciding
from engine.workers.search import plan
from engine.workers.state import INJURED, READY

from .helpers import GOOD, owned, prosperous

HEUR = WorkersHeuristics()
SMALL = Budget(playouts=12)
SEED = 810014
HALTED_GAME = (
    "start red 1;start red 4;start wood 6;start wood 6;produce 1 6;collect stone;"
    "collect reed;collect stone;collect reed;collect reed;produce 1 7;collect clay;"
    "collect clay;collect clay;collect clay;port;trade planks 4 pillars;build 17;port;"
    "trade planks 4 swords;collect wood;piazza;train S10;train S22;done;collect clay;"
    "activate C36;pledge planks 2;lock;play C05;pledge planks 0;lock;pledge wood 1;"
    "pledge reed 1;pledge clay 1;lock;port;trade planks 4 gold_coin;activate C25;take C36;"
    "collect stone S10;collect clay;produce 4 3;collect grain;lock;pledge planks 3;lock;"
    "draw specialist;draw specialist;draw specialist;keep S43;collect wood;port;"
    "trade pillars 2 olive_oil;collect wood;build 19;produce 1 3;collect stone S10;"
    "pledge clay 1;lock;pledge clay 2;pledge planks 1;pledge grain 1;lock;draw specialist;"
    "draw specialist;keep S27;collect stone S10;collect reed;activate C50;steal 1 planks;"
    "collect wood;produce 4 4;collect wood;pledge pillars 2;lock;pledge wood 2;lock;"
    "draw specialist;keep S16;produce 4 2;produce 1 1 S22;activate C24;collect stone S10;"
    "collect grain;collect stone S10;pledge stone 3;lock;pledge grain 1;pledge planks 1;lock;"
    "collect stone S10;collect wood;port;trade stone 4 tunics;produce 1 2;army;activate C35;"
    "give wood;pledge planks 2;lock;pledge planks 1;lock;draw specialist;keep S48;"
    "produce 1 1;collect stone S10;collect grain;collect stone S10;collect grain;produce 4 5;"
    "pledge pillars 1;lock;pledge grain 3;pledge stone 1;lock;draw specialist;keep S39;port;"
    "trade pillars 4 iron;collect grain;produce 1 1 S22;collect grain;build 20;halt;"
    "collect deer;pledge planks 1;lock;pledge grain 3;pledge deer 1;lock;draw specialist;"
    "keep S33;collect grain;collect stone S10;collect grain;collect stone S10;activate C48;"
    "port;done;pledge stone 3;lock;pledge grain 3;lock;collect stone S10;collect grain;"
    "produce 4 4;piazza;train S26;done;collect grain;pledge pillars 2;lock;pledge grain 2;"
    "lock;draw specialist;keep S21;produce 4 1 S26;piazza;train S16;done;collect grain;"
    "collect stone S10;collect grain;lock;pledge grain 4;pledge pillars 1;lock;"
    "draw specialist;draw specialist;draw specialist;keep S03;collect stone S10;"
    "collect grain;collect stone S16;collect grain;collect deer;pledge stone 2;lock;"
    "pledge grain 3;pledge deer 1;lock;draw specialist;keep S36;collect grain;"
    "collect stone S16;collect grain;collect stone S16;collect deer;pledge stone 2;lock;"
    "pledge grain 3;pledge deer 1;lock;draw specialist;keep S49"
)
"""The stored game's first 196 decisions, one seat's action each (the seat is the one to
decide), in notation: round 16, the hard seat (0) to place, its army ready and the Castrum it
built halted since round 10; it holds 6 pillars. Action 124 is the normal seat's ``halt``."""
AFTER_HALT = 134
"""Round 11's first placement (the hard seat's), the halt and its round's offering played."""


HOARD_SEED = 305693286
HOARD_GAME = (
    "start red 1;start red 4;start wood 6;start wood 6;produce 1 6;collect stone;collect reed;"
    "collect stone;collect reed;produce 4 3;produce 1 7;collect clay;collect clay;collect clay;"
    "collect clay;port;trade planks 4 pillars;build 17;injure 0;activate C33;collect wood;port;"
    "trade planks 4 swords;collect wood;play C05;lock;pledge wood 3;lock;port;"
    "trade meat 1 olive_oil;activate C41;build 19;collect wood;collect wood;pledge meat 1;lock;"
    "pledge wood 3;lock;activate C25;take C41;collect reed;produce 4 1 S26;collect reed;"
    "collect grain;play C02;pledge reed 2;lock;pledge grain 1;pledge clay 1;lock;draw specialist;"
    "keep S31;collect grain;collect wood;activate C37;collect wood;produce 1 3;pledge gold 1;"
    "lock;pledge planks 1;lock;draw specialist;keep S20;activate C07;collect fish;collect grain;"
    "piazza;train S20;done;collect grain;pledge grain 1;pledge planks 1;lock;pledge grain 3;lock;"
    "collect fish S20;collect grain;collect fish S20;collect grain;activate C49;collect deer;"
    "pledge pearls 1;lock;pledge grain 3;lock;collect grain;collect fish S20;collect grain;"
    "collect fish S20;collect deer;pledge clay 1;lock;pledge grain 3;pledge deer 2;lock;"
    "draw specialist;draw specialist;keep S12;collect fish S20;collect grain;collect fish S20;"
    "collect grain;collect deer;pledge pearls 1;lock;pledge grain 3;lock;collect grain;"
    "collect fish S20;collect grain;collect fish S20;collect deer;pledge wood 1;lock;"
    "pledge grain 3;pledge deer 2;lock;draw specialist;draw specialist;keep S17;collect fish S20;"
    "collect grain;collect fish S20;collect grain;collect deer;pledge pearls 1;lock;"
    "pledge grain 3;lock;collect grain;collect fish S20;collect grain;collect fish S20;"
    "collect deer;pledge reed 1;lock;pledge grain 3;pledge deer 2;lock;draw specialist;"
    "draw specialist;keep S38;collect fish S20;collect grain;collect fish S20;collect grain;"
    "collect deer;pledge pearls 1;lock;pledge grain 3;lock;collect grain;collect fish S20;"
    "collect grain;collect fish S20;collect deer;pledge pearls 1;lock;pledge grain 3;lock;"
    "collect fish S20;collect grain;collect fish S20;collect grain;collect deer;lock;"
    "pledge grain 3;pledge deer 3;lock;draw specialist;draw specialist;draw specialist;keep S28;"
    "collect grain;collect fish S20;collect grain;collect fish S20;collect deer;pledge pearls 1;"
    "lock;pledge grain 3;lock;collect fish S20;collect grain;collect fish S20;collect grain;"
    "collect deer;pledge pearls 1;lock;pledge grain 3;lock;collect grain;collect fish S20;"
    "collect grain;port;trade pearls 4 gold_coin;collect deer;lock;pledge grain 3;pledge deer 3;"
    "lock;draw specialist;draw specialist;draw specialist;keep S22;port;trade pearls 4 tunics;"
    "collect grain;army;collect grain;collect deer;pledge pearls 1;lock;pledge grain 3;lock;"
    "collect grain"
)
"""The first 216 decisions of another game as the bench played it before the fix (seeds drawn
at random, 2 players, the hard level in seat 0): round 21, the hard seat to place, its army
recruited in round 20; the Castrum (reed 1, planks 2, pillars 2, iron 1) lacks a reed, a plank
and an iron, and the seat holds 18 pearls its specialist S20 collects from the fish field."""


def _replayed(count: int, record: str = HALTED_GAME, seed: int = SEED) -> State:
    state = GAME.new_game(seed, 2)
    for text in record.split(";")[:count]:
        state = GAME.apply(state, deciding(state)[0], GAME.parse_action(text)).state
    return state


def _by_id(need: dict[int, int]) -> dict[str, int]:
    return {GOODS[g].id: n for g, n in need.items()}


def test_a_halted_builder_needs_the_olive_oil_to_finish_the_castrum() -> None:
    """W16: a seat whose Castrum was halted may not build it again; it finishes it at the Foro
    with 2 olive oil. That is its goal (it had none, and so no use for any good)."""
    s = owned(replace(prosperous(2), army=(READY, 0), castrum_halt=0), b19=0)
    assert _by_id(plan(s, 0)[0]) == _by_id(dict(recovery_cost("C31"))) == {"olive_oil": 2}
    other = _by_id(plan(s, 1)[0])  # the other seat may still build it, and needs an army
    assert other["iron"] == 1 and other["swords"] == 1


def test_an_injured_army_needs_what_heals_it() -> None:
    """C28 injures an army: it cannot march until healed at the Foro (1 meat, 1 tunic), so
    that is part of the goal, beside the Castrum still to build."""
    s = owned(replace(prosperous(2), army=(INJURED, 0)), b19=0)
    need = _by_id(plan(s, 0)[0])
    assert need["meat"] == 1 and need["tunics"] == 1 and need["iron"] == 1


def _played_on(state: State, step: int, seed: int = SEED) -> tuple[State, list[str]]:
    """The game played on from decision ``step`` as ``python -m bench.ai workers`` plays it
    (the hard level in seat 0 at a fixed budget, the normal level in seat 1, decision ``k``
    with seed ``seed * 7919 + k``), at most 1,000 decisions: the end and the hard seat's
    choices."""
    chosen = []
    for k in range(step, step + 1000):
        if state.stage == "over":
            break
        seat = deciding(state)[0]
        if seat == 0:
            action = search(GAME, state, seat, seed * 7919 + k, HEUR, SMALL).action
            chosen.append(GAME.format_action(action))
        else:
            action = choose_normal(GAME, state, seat, seed * 7919 + k, HEUR)
        state = GAME.apply(state, seat, action).state
    return state, chosen


def test_the_hard_level_finishes_a_halted_castrum_and_wins() -> None:
    """Round 16 of the stored game: the hard seat goes to the Porta, trades 4 pillars for the
    2 olive oil, and at its next placement finishes the Castrum at the Foro: its army marches
    and it wins (before: ``collect stone S10``, as in every round since the halt)."""
    played = len(HALTED_GAME.split(";"))
    state = _replayed(played)
    assert (state.round, list(deciding(state)), state.castrum_halt) == (16, [0], 0)
    assert state.army[0] == READY and sum(state.goods[0]) == 6
    state, chosen = _played_on(state, played)
    assert chosen == ["port", "trade pillars 4 olive_oil", "recover C31"]
    result = GAME.outcome(state)
    assert result is not None and result.winners == frozenset({0}) and state.round == 16


def test_after_a_halt_the_hard_level_wins_within_a_few_rounds() -> None:
    """From the first placement after the halt (round 11), hard against normal as the bench
    plays them: the hard seat gathers the olive oil and finishes the Castrum by round 16
    (before the fix the game ran to round 79, and the normal seat won)."""
    state = _replayed(AFTER_HALT)
    assert state.round == 11 and state.castrum_halt == 0
    state, chosen = _played_on(state, AFTER_HALT)
    result = GAME.outcome(state)
    assert result is not None and result.winners == frozenset({0})
    assert state.round <= 16 and chosen[-1] == "recover C31"


def test_a_hoard_the_goal_does_not_need_gives_way_to_the_castrum() -> None:
    """Round 21 of the hoarding game: the hard seat trades pearls at the Porta for the iron,
    collects the reed, trades a pearl for the plank and builds the Castrum: it wins in round
    23. Before, it collected pearls twice a round (41 by round 31; goods worth 460 by round
    71), and the normal seat built the Castrum and won in round 71."""
    played = len(HOARD_GAME.split(";"))
    state = _replayed(played, HOARD_GAME, HOARD_SEED)
    assert (state.round, list(deciding(state)), state.army[0]) == (21, [0], READY)
    assert state.goods[0][GOOD["pearls"]] == 18
    assert _by_id(plan(state, 0)[0]) == {"reed": 1, "planks": 2, "pillars": 2, "iron": 1, "wood": 1}
    state, chosen = _played_on(state, played, HOARD_SEED)
    assert chosen[:2] == ["port", "trade pearls 4 iron"]  # before: "collect fish S20"
    assert "collect fish S20" not in chosen
    result = GAME.outcome(state)
    assert result is not None and result.winners == frozenset({0}) and state.round <= 23
    assert chosen[-1] == "build 20"
