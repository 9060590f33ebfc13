"""The AI levels on the worker game: legal at every kind of decision (placements, trades, the
offering, the reward's keep-one), reproducible, blind to what the seat cannot see, and sensible
where a player would notice: it pledges its share and locks, and it takes an army it can pay."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.ai import (
    Budget,
    SearchConfig,
    choose_easy,
    choose_hard,
    choose_normal,
    choose_random,
    search,
)
from engine.ai.base import seeds
from engine.ai.players import DEFAULT_CONFIG
from engine.rng import Rng
from engine.workers import GAME, State, determinize, trajectory
from engine.workers.ai import WorkersHeuristics, worth
from engine.workers.board import GOODS, VALUE, army_cost, cost_of
from engine.workers.rules import deciding
from engine.workers.search import plan
from engine.workers.state import READY
from tests.engine.ai.scramble import assert_blind, peeks_caught

from .helpers import offering, owned, play, prosperous, solo, started, with_goods

HEUR = WorkersHeuristics()
GOODS_BY_ID = {g.id: g.index for g in GOODS}
SMALL = Budget(playouts=12)


def _states(
    players: int, seed: int, every: int, limit: int = 60, options: dict[str, Any] | None = None
) -> list[tuple[State, int]]:
    """Every ``every``-th decision of a policy game (with its deciding seat)."""
    out = []
    for n, state in enumerate(trajectory(GAME.new_game(seed, players, options), seed)):
        if state.stage == "over" or len(out) >= limit:
            break
        if n % every == 0:
            out.append((state, deciding(state)[0]))
    return out


def _of_stage(
    stage: str, count: int, options: dict[str, Any] | None = None
) -> list[tuple[State, int]]:
    out = []
    for seed in range(40):
        for state, seat in _states(3, seed, 1, limit=10_000, options=options):
            if state.stage == stage and len(out) < count:
                out.append((state, seat))
        if len(out) >= count:
            return out
    return out


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_level_returns_a_legal_action(players: int) -> None:
    cases = _states(players, 7 + players, 23, limit=12)
    if players == 3:
        cases += _of_stage("offering", 4) + _of_stage("reward", 4)
    for state, seat in cases:
        legal = GAME.legal_actions(state, seat)
        assert choose_random(GAME, state, seat, 1) in legal
        assert choose_easy(GAME, state, seat, 2, HEUR) in legal
        assert choose_normal(GAME, state, seat, 3, HEUR) in legal
        assert choose_hard(GAME, state, seat, 4, HEUR, Budget(playouts=4)) in legal


def test_candidates_and_rollouts_are_legal_and_few() -> None:
    for state, seat in _states(4, 3, 3, limit=80):
        legal = GAME.legal_actions(state, seat)
        candidates = HEUR.candidates(state, seat, 6)
        assert len(candidates) <= 6 and all(a in legal for a in candidates)
        action, _ = HEUR.rollout_action(state, seat, Rng(len(legal)))
        assert action in legal


def _solo_placements(count: int) -> list[tuple[State, int]]:
    """Solo placements: the decisions the hard level still searches."""
    cases = _states(1, 7, 3, limit=60)
    return [c for c in cases if c[0].stage == "place" and not c[0].prompts][:count]


def test_a_fixed_budget_is_reproducible() -> None:
    for state, seat in (_states(3, 5, 17)[3], _solo_placements(1)[0]):
        first = search(GAME, state, seat, 11, HEUR, SMALL)
        assert first == search(GAME, state, seat, 11, HEUR, SMALL)
    assert first.iterations == SMALL.playouts  # the solo placement was searched


def _hidden_differs(a: State, b: State, seat: int) -> bool:
    others = [s for s in range(a.players) if s != seat]
    return (
        any(a.hand_s[s] != b.hand_s[s] or a.hand_c[s] != b.hand_c[s] for s in others)
        or a.spec_deck != b.spec_deck
        or a.volcano != b.volcano
        or a.pledges != b.pledges
    )


def _settled() -> list[tuple[State, int]]:
    """Placements and follow-ups of a three-player game (the hard level looks ahead) and
    offerings open and secret (its bold judgement): the decisions it settles without the
    search."""
    cases = [c for c in _states(3, 21, 9, limit=14) if c[0].round > 1]
    secret = _of_stage("offering", 2, {"secret_pledges": True})
    return cases[:8] + _of_stage("offering", 4) + secret


def _cases() -> list[tuple[State, int]]:
    """The decisions the hard level settles, and solo placements (its search)."""
    return _settled() + _solo_placements(12)


GREEDY_ROLLOUTS = SearchConfig(greedy_width=4, rollout_steps=4)
"""Rollouts that play the normal level's choice among the cheap scores' best four."""
CONFIGS = pytest.mark.parametrize(
    "config", [DEFAULT_CONFIG, GREEDY_ROLLOUTS], ids=["policy_rollouts", "greedy_rollouts"]
)


@CONFIGS
def test_the_search_sees_only_what_its_seat_can_see(config: SearchConfig) -> None:
    """Scrambling everything the seat cannot know (other hands, the decks' order, unseen
    volcano cards, secret pledges) consistently with its view changes no level's choice,
    whichever rollouts the search plays."""
    assert_blind(GAME, HEUR, _cases(), determinize, _hidden_differs, SMALL, 4242, config)


class _Peeking(WorkersHeuristics):
    """A cheat: searches the real state (others' hands, deck and volcano order, pledges)."""

    def determinize(self, state: Any, seat: int, seed: int) -> Any:
        return state


@CONFIGS
def test_the_hidden_information_check_catches_a_peeking_search(config: SearchConfig) -> None:
    cheat: Any = _Peeking()
    for cases in (_settled(), _solo_placements(12)):  # the lookahead, the search
        assert peeks_caught(GAME, cheat, cases, determinize, SMALL, 4242, config) > 0


def test_with_others_at_the_table_the_hard_level_looks_ahead_instead_of_searching() -> None:
    """At an offering the hard level plays its one-ply judgement, the normal level's but bold
    (it counts on the others' spare goods); at a placement with others at the table it looks
    ahead (the others' answers, its own next placement) without searching; a solo game's
    placements are searched."""
    differs = 0
    for state, seat in _of_stage("offering", 4):
        result = search(GAME, state, seat, 5, HEUR, SMALL)
        assert result.iterations == 0
        legal = GAME.legal_actions(state, seat)
        sample = determinize(state, seat, seeds(5)())  # the sample the search gives it
        bold = [worth(HEUR.step(sample, seat, a), seat, bold=True) for a in legal]
        assert result.action == legal[bold.index(max(bold))]
        differs += result.action != choose_normal(GAME, state, seat, seeds(5)(), HEUR)
    assert differs  # bold is not the normal level's judgement
    placements = [c for c in _states(2, 9, 7, limit=12) if c[0].stage == "place"]
    assert [search(GAME, s, seat, 5, HEUR, SMALL).iterations for s, seat in placements] == [
        0
    ] * len(placements)
    solo = [search(GAME, s, seat, 5, HEUR, SMALL).iterations for s, seat in _solo_placements(3)]
    assert solo == [SMALL.playouts] * 3


def test_the_hard_level_takes_the_porta_before_the_next_player_does() -> None:
    """Two players, round 6, the Porta free (one worker a round in a two-player game): the
    normal level collects now, and the opponent then takes the Porta; the hard level, looking
    at what the opponent answers and what it places next, goes to the Porta first."""
    state, seat = _states(2, 40, 1, limit=47)[46]
    porta = GAME.parse_action("port")
    hard = [search(GAME, state, seat, k, HEUR, SMALL).action for k in range(8)]
    assert hard.count(porta) >= 6  # on most determinizations of what it cannot see
    for k in range(8):
        normal = choose_normal(GAME, state, seat, k, HEUR)
        assert normal != porta
        after = GAME.apply(state, seat, normal).state
        (other,) = deciding(after)
        assert other != seat
        assert choose_normal(GAME, after, other, k, HEUR) == porta


SECRET = {"secret_pledges": True}


@pytest.mark.parametrize("options", [{}, SECRET], ids=["open", "secret_variant"])
def test_an_offering_the_table_can_afford_succeeds_with_normal_players(
    options: dict[str, Any],
) -> None:
    """Played on by the normal level from offerings of several games: whenever the tablets
    together hold the requirement's worth, the offering succeeds, with open pledges (W4) and
    with the secret variant (secret pledges used to leave it short: every seat counted on the
    others giving a little more than their share)."""
    checked = 0
    for start, _ in _of_stage("offering", 12, options)[::2]:
        state, events = start, []
        wealth = sum(n * VALUE[g] for row in start.goods for g, n in enumerate(row))
        for step in range(200):
            if state.stage != "offering":
                break
            seat = deciding(state)[0]
            transition = GAME.apply(state, seat, choose_normal(GAME, state, seat, step, HEUR))
            events += transition.events
            state = transition.state
        assert state.stage != "offering", "the offering was settled"
        (resolved,) = [e for e in events if e["type"] == "OfferingResolved"]
        if wealth >= 2 * resolved["requirement"]:
            assert resolved["success"], resolved
            checked += 1
    assert checked >= 3


def test_an_army_that_can_be_paid_is_recruited() -> None:
    """Whenever the normal level may place at the Terme, it does, unless the volcano deck is
    nearly spent or paying the army leaves the seat short of its share of the round's
    offering: a failure turns up the Apocalypse one time in as many cards as are left."""
    seen = 0
    for seed in range(30):
        for state, seat in _states(3, seed, 1, limit=4000):
            if state.stage != "place" or state.prompts:
                continue
            legal = GAME.legal_actions(state, seat)
            army = sum(n * VALUE[g] for g, n in army_cost(False))
            left = sum(n * VALUE[g] for g, n in enumerate(state.goods[seat])) - army
            short = left < state.workers[seat]
            if any(a.verb == "army" for a in legal) and len(state.volcano) > 4 and not short:
                assert choose_normal(GAME, state, seat, 1, HEUR).verb == "army"
                seen += 1
        if seen >= 2:
            break
    assert seen >= 1


def test_more_goods_are_worth_more_and_a_known_doomed_good_less() -> None:
    state, seat = next(
        (s, seat) for s, seat in _of_stage("place", 400) if s.prosperity and not s.prompts
    )
    richer = tuple(n + 2 for n in state.goods[seat])
    assert worth(replace(state, goods=_with(state.goods, seat, richer)), seat) > worth(state, seat)
    doomed = next(c for c in state.volcano if c != "VX")
    rest = tuple(c for c in state.volcano if c != doomed)
    blind = replace(state, volcano=(doomed, *rest), goods=_with(state.goods, seat, richer))
    known = replace(blind, known=_with(state.known, seat, 1))
    assert worth(known, seat) < worth(blind, seat)


def _with(rows: tuple[Any, ...], seat: int, row: Any) -> Any:
    return tuple(row if i == seat else r for i, r in enumerate(rows))


def test_the_normal_level_builds_the_castrum_its_army_then_enters() -> None:
    """Building the Castrum opens the C31 window; judged inside it (goods paid, nothing built)
    it looked like a loss, and no normal player ever built it."""
    s = owned(replace(prosperous(2), army=(READY, 0)), b17=0, b19=1)
    s = with_goods(s, 0, **{GOODS[g].id: n for g, n in cost_of(20)})
    assert choose_normal(GAME, s, 0, 3, HEUR) == GAME.parse_action("build 20")


def test_the_normal_level_covers_a_seat_that_cannot_pay() -> None:
    """Seat 1 has nothing and locks; seat 0 holds enough for both and pledges until the
    offering succeeds, then locks (one revision after another, never back and forth)."""
    s = with_goods(with_goods(prosperous(2), 1), 0, grain=4, wood=4, stone=4)
    s = GAME.apply(offering(s), 1, GAME.parse_action("lock")).state
    events: list[Any] = []
    for step in range(30):
        if s.stage != "offering":
            break
        transition = GAME.apply(s, 0, choose_normal(GAME, s, 0, step, HEUR))
        events += transition.events
        s = transition.state
    resolved = [e for e in events if e["type"] == "OfferingResolved"]
    assert resolved and resolved[0]["success"] and resolved[0]["values"][0] >= 6


def _three_at_an_offering(options: dict[str, Any]) -> State:
    """3 players, 9 needed: seat 0 holds 12 value-I goods, seats 1 and 2 two bread each."""
    s = owned(replace(started(3, options=options), prosperity=True), b17=0)
    s = with_goods(with_goods(s, 1, bread=2), 2, bread=2)
    return offering(with_goods(s, 0, grain=4, wood=4, stone=4))


def _normal_settles(s: State, seat: int) -> dict[str, Any]:
    """``seat`` played by the normal level until the offering resolves: its result."""
    events: list[Any] = []
    for step in range(40):
        if s.stage != "offering":
            break
        transition = GAME.apply(s, seat, choose_normal(GAME, s, seat, step, HEUR))
        events += transition.events
        s = transition.state
    (resolved,) = [e for e in events if e["type"] == "OfferingResolved"]
    return resolved  # type: ignore[no-any-return]


def test_the_normal_level_sees_who_locked_short_and_covers_it() -> None:
    """Seat 1 locks with nothing though it holds two bread, seat 2 gives its share (one bread)
    and locks. With open pledges seat 0 sees that seat 1 gave nothing and pays the 6 the table
    still needs; under the secret variant it counts on seat 1's fair share, as it cannot see
    it, and the offering fails."""
    for options, success, own in (({}, True, 6), (SECRET, False, 3)):
        s = _three_at_an_offering(options)
        s, _ = play(s, (1, "lock"), (2, "pledge bread 1"), (2, "lock"))
        resolved = _normal_settles(s, 0)
        assert (resolved["success"], resolved["values"][0]) == (success, own), options


def test_the_normal_level_pledges_its_share_while_the_others_still_revise() -> None:
    """Nobody has pledged yet: the normal level gives its share (its 3 workers' worth) and
    locks, counting on the others to give theirs, not the whole requirement; what another
    seat has pledged beyond its share, still revising, is counted."""
    s = _three_at_an_offering({})
    for seat_1, seat_0 in (("pledge bread 1", 3), ("pledge bread 2", 0)):  # 3 / 6 by seat 1
        s, _ = play(_three_at_an_offering({}), (1, seat_1))
        for step in range(20):
            if s.locked[0]:
                break
            s = GAME.apply(s, 0, choose_normal(GAME, s, 0, step, HEUR)).state
        assert s.locked[0] and GAME.view(s, None)["offering"]["values"][0] == seat_0, seat_1


def _hard_locks(s: State, seat: int) -> State:
    for step in range(20):
        if s.locked[seat]:
            break
        s = GAME.apply(s, seat, search(GAME, s, seat, step, HEUR, SMALL).action).state
    assert s.locked[seat]
    return s


def test_the_hard_level_lets_the_others_save_an_offering_with_what_they_can_spare() -> None:
    """Nobody has pledged yet, 9 needed. Seats 1 and 2 hold bread their goal does not need:
    the hard level locks with nothing (the normal level gives its share, 3), the others see
    it and cover, and the offering succeeds. When the others cannot spare enough (one bread,
    3, each) it gives what they cannot, and the offering succeeds again."""
    for bread, own in ((2, 0), (1, 3)):
        s = _three_at_an_offering({})
        s = with_goods(with_goods(s, 1, bread=bread), 2, bread=bread)
        s = _hard_locks(s, 0)
        assert GAME.view(s, None)["offering"]["values"][0] == own, bread
        events: list[Any] = []
        for seat in (1, 2):
            for step in range(20):
                if s.stage != "offering" or s.locked[seat]:
                    break
                transition = GAME.apply(s, seat, choose_normal(GAME, s, seat, step, HEUR))
                events += transition.events
                s = transition.state
        (resolved,) = [e for e in events if e["type"] == "OfferingResolved"]
        assert resolved["success"], bread


def test_the_plan_follows_the_production_chains_that_stand() -> None:
    """The Terme needs planks: with a sawmill standing, wood is needed too and the missing
    planks cost less than their value (collect wood, produce, instead of a 4:1 trade)."""
    s = owned(with_goods(prosperous(2), 0), b1=-1)  # no sawmill yet
    planks, wood = GOODS_BY_ID["planks"], GOODS_BY_ID["wood"]
    need, missing = plan(s, 0)
    assert need.get(planks) and wood not in need
    chained, cheaper = plan(owned(s, b1=1), 0)
    assert chained[wood] == need[planks] and cheaper < missing


def test_a_solo_player_whose_clock_has_run_out_settles_the_last_offering() -> None:
    """Round 18's offering in a solo game, the army not in the Castrum: the game is lost
    whatever comes. The normal level settles it in a few moves (it used to revise its pledge
    for ever, because a reward still to draw looked better than the end)."""
    held = {"grain": 1, "reed": 2, "clay": 1, "stone": 2, "planks": 3, "coal": 1, "pillars": 1}
    start = owned(solo(3, round=18, army=(1,)), b4=0, b5=0, b17=0, b19=0)
    state = offering(with_goods(start, 0, iron=2, **held))
    assert state.stage == "offering"
    for step in range(20):
        if state.stage == "over":
            break
        seat = deciding(state)[0]
        state = GAME.apply(state, seat, choose_normal(GAME, state, seat, step, HEUR)).state
    assert state.stage == "over"
    result = GAME.outcome(state)
    assert result is not None and not result.winners and result.kind == "solo"
