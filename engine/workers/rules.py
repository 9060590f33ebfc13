"""The flow of a game: who decides what (``pending``), what is legal, and ``apply``.

Stages: ``setup_red`` (one seat after another, reverse seating order, takes a red building),
``setup_goods`` (everyone at once places 6 value-I units), ``place`` (the round: one worker at
a time, its sub-decisions as prompts, the C31 window), ``offering`` and ``reward``
(simultaneous), ``over``. ``legal_actions`` is the single source of truth: ``apply`` accepts
exactly its members.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import (
    Decision,
    Event,
    Outcome,
    Seat,
    Transition,
    redact,
)
from engine.text import Text
from engine.workers import effects
from engine.workers.actions import Action, act, format_action
from engine.workers.board import (
    BOARD,
    BUILDINGS,
    CARDS,
    GOODS,
    RATES,
    RED,
    VALUE,
    VALUE_I,
    can_march,
)
from engine.workers.offering import (
    LOCK,
    PASS,
    _drawable,
    end_round,
    game_over,
    offering_actions,
    offering_answer,
    open_offering,
    resolve_offering,
    reward_actions,
    reward_answer,
    reward_default,
    reward_seats,
)
from engine.workers.placement import PLACEMENTS, place, placements
from engine.workers.prompts import answer, has_answer, prompt_actions, prompt_default, prompt_skip
from engine.workers.state import (
    MARCHED,
    NONE,
    OFFERING,
    OVER,
    PLACE,
    REWARD,
    ROUND_END,
    SETUP_GOODS,
    SETUP_RED,
    Readable,
    State,
    Work,
)

HALT = act("halt")


# --------------------------------------------------------------------------- legality


def legal_actions(s: State, seat: Seat) -> list[Action]:
    """Every action ``seat`` may take now (empty when it has no decision)."""
    return list(_listed(s, seat))


def _listed(s: State, seat: Seat) -> tuple[Action, ...]:
    memo = _memo(s)
    listed = memo.lists.get(seat)
    if listed is None:
        listed = memo.lists[seat] = tuple(_legal(s, seat))
    return listed


class _Memo:
    """The legal actions of one state, per seat (as a list and as a set): ``apply`` right
    after ``legal_actions`` on the same state checks membership without listing again."""

    __slots__ = ("lists", "sets", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.lists: dict[Seat, tuple[Action, ...]] = {}
        self.sets: dict[Seat, frozenset[Action]] = {}


_LAST: _Memo | None = None
"""The memo of the last state asked about. It is replaced, never changed in place for another
state, so threads asking about different states never see each other's lists."""


def _memo(s: State) -> _Memo:
    global _LAST  # noqa: PLW0603 - a one-entry cache
    memo = _LAST
    if memo is None or memo.state is not s:
        memo = _LAST = _Memo(s)
    return memo


def _legal(s: Readable, seat: Seat) -> list[Action]:
    if not 0 <= seat < s.players:
        return []
    stage = s.stage
    if stage == PLACE:
        if s.window:
            if seat not in s.window:
                return []
            holds = any(CARDS[c].effect.type == "halt_castrum" for c in s.hand_c[seat])
            return [HALT, PASS] if holds else [PASS]
        if s.prompts:
            head = s.prompts[0]
            return prompt_actions(s, head) if head.seat == seat else []
        if seat != s.turn or s.busy:
            return []
        return placements(s, seat, s.extras[0] if s.extras else "")
    if stage == OFFERING:
        return offering_actions(s, seat) if not s.locked[seat] else []
    if stage == REWARD:
        return reward_actions(s, seat) if seat in reward_seats(s) else []
    if stage == SETUP_RED:
        if seat != s.turn:
            return []
        return [act("start_red", b) for b in RED if s.owners[b] < 0 and _allowed(s, b)]
    if stage == SETUP_GOODS:
        left = s.setup_left[seat]
        return [act("start_goods", g, n) for g in VALUE_I for n in range(1, left + 1)]
    return []


def _allowed(s: Readable, number: int) -> bool:
    return not (s.options.no_textoria and number == 14)


def is_legal(s: State, seat: Seat, action: Action) -> bool:
    """Exactly ``action in legal_actions(s, seat)``, faster (the conformance suite holds it to
    that)."""
    fast = _fast_check(s, seat, action)
    if fast is not None:
        return fast
    if action.verb not in _verbs(s):
        return False
    memo = _memo(s)
    members = memo.sets.get(seat)
    if members is None:
        members = memo.sets[seat] = frozenset(_listed(s, seat))
    return action in members


_PROMPT_VERBS = {
    "trade": {"trade", "done"},
    "piazza": {"train", "swap", "done"},
    "cover": {"cover", "done"},
    "choose": {"gain"},
    "freebuild": {"build"},
}
_STAGE_VERBS = {
    OFFERING: {"pledge", "lock", "play"},
    REWARD: {"draw", "keep", "pass"},
    SETUP_RED: {"start_red"},
    SETUP_GOODS: {"start_goods"},
}


def _verbs(s: State) -> frozenset[str] | set[str]:
    """The verbs the current decision can take at all (a quick refusal of the others)."""
    if s.stage == PLACE:
        if s.window:
            return {"halt", "pass"}
        if s.prompts:
            kind = s.prompts[0].kind
            return _PROMPT_VERBS.get(kind, {kind})
        return PLACEMENTS
    return _STAGE_VERBS.get(s.stage, set())


def _fast_check(s: State, seat: Seat, action: Action) -> bool | None:
    """Legality of a trade or a pledge without listing every amount of every pair (those
    lists run into the thousands for a rich player); ``None`` for the other verbs. The
    playout tests hold it to agree with :func:`legal_actions`."""
    verb, args = action
    if verb == "trade":
        if s.stage != PLACE or s.window or not s.prompts:
            return False
        head = s.prompts[0]
        if head.kind != "trade" or head.seat != seat or len(args) != 3:
            return False
        give, amount, get = args
        if not (isinstance(give, int) and isinstance(amount, int) and isinstance(get, int)):
            return False
        if give == get or not (0 <= give < len(GOODS) and 0 <= get < len(GOODS)):
            return False
        rate = RATES[s.options.trade_steps][give][get]
        return rate > 0 and 0 < amount <= s.goods[seat][give] and amount % rate == 0  # W44
    if verb == "pledge":
        if s.stage != OFFERING or not 0 <= seat < s.players or s.locked[seat] or len(args) != 2:
            return False
        good, amount = args
        if not (isinstance(good, int) and isinstance(amount, int) and 0 <= good < len(GOODS)):
            return False
        have = s.goods[seat][good]
        return have > 0 and 0 <= amount <= have and amount != s.pledges[seat][good]
    return None


def refusal(s: State, seat: Seat, action: Action) -> str | None:
    """The reason for a refused action where the engine base's general words do not say it
    (``core.parse_legal`` lists the legal moves for typed text; the views name the decision)."""
    if s.stage != OVER and not 0 <= seat < s.players:
        return Text("There is no seat {seat} in this game.", seat=seat)
    return None


# --------------------------------------------------------------------------- apply


def play(s: State, seat: Seat, action: Action) -> Transition[State]:
    """The rules of an action known to be legal (the engine's base checks what players send
    with :func:`is_legal` and counts the version; the AI calls this directly)."""
    w = Work.of(s)
    stage = s.stage
    begins = False  # a new turn: a placement, or a red building chosen at setup
    if stage == PLACE:
        if w.window:
            _answer_window(w, seat, action)
        elif w.prompts:
            answer(w, w.prompts[0], action)
        else:
            assert action.verb in PLACEMENTS
            w.busy = True
            w.last_seat, w.last_action = seat, format_action(action)
            begins = not w.extras  # an extra action goes on with the same turn
            place(w, seat, action)
    elif stage == OFFERING:
        offering_answer(w, seat, action)
    elif stage == REWARD:
        reward_answer(w, seat, action)
    elif stage == SETUP_RED:
        begins = True
        _choose_red(w, seat, action.num(0))
    else:
        _starting_goods(w, seat, action.num(0), action.num(1))
    _advance(w)
    events = tuple(w.events)
    _log(w, events, begins=begins, round_end=stage in (OFFERING, REWARD))
    return Transition(w.freeze(), events, w.checkpoint)


def _log(w: Work, events: tuple[Event, ...], *, begins: bool, round_end: bool) -> None:
    """Keep the public events of the latest turn and of the last round's end (the view's
    ``news``): a turn starts with a placement (or a red building chosen at setup) and holds
    what it did; a round's end starts when its placements are over (the offering, the volcano,
    the next round's start) and is kept until the next one; ``round_newer`` says which of the
    two came last."""
    public = tuple(redact(e, None) if "secret" in e else e for e in events)
    cut = w.round_mark
    if cut >= 0:
        w.turn_log = public[:cut] if begins else (*w.turn_log, *public[:cut])
        w.round_log = public[cut:]
        w.round_newer = True
    elif begins:
        w.turn_log = public
        w.round_newer = False
    elif round_end:
        w.round_log = (*w.round_log, *public)
    elif public:
        w.turn_log = (*w.turn_log, *public)


def _choose_red(w: Work, seat: int, number: int) -> None:
    w.owners = (*w.owners[:number], seat, *w.owners[number + 1 :])
    w.emit({"type": "RedBuildingChosen", "seat": seat, "building": number})
    if seat == w.start:
        w.stage, w.turn = SETUP_GOODS, -1
    else:
        w.turn = (seat - 1) % w.players


def _starting_goods(w: Work, seat: int, good: int, amount: int) -> None:
    w.gain(seat, good, amount)
    w.bump("setup_left", seat, -amount)
    w.emit(
        {
            "type": "StartingGoodsPlaced",
            "seat": seat,
            "good": GOODS[good].id,
            "amount": amount,
            "left": w.setup_left[seat],
        }
    )


def _answer_window(w: Work, seat: int, action: Action) -> None:
    builder = w.turn
    if action.verb == "halt":
        cid = next(c for c in w.hand_c[seat] if CARDS[c].effect.type == "halt_castrum")
        effects.halt_castrum(w, seat, builder, cid)
        return
    w.window = tuple(s for s in w.window if s != seat)
    w.emit({"type": "WindowPassed", "seat": seat})
    if not w.window:
        effects.finish_castrum(w, builder)


def _advance(w: Work) -> None:
    """Run the game on until it waits for a decision again."""
    while True:
        stage = w.stage
        if stage == PLACE:
            if w.window:
                return
            while w.prompts and not has_answer(w, w.prompts[0]):  # W26: nothing to choose
                w.emit(
                    {"type": "ChoiceLapsed", "seat": w.prompts[0].seat, "kind": w.prompts[0].kind}
                )
                w.prompts = w.prompts[1:]
            if w.prompts or not w.busy:
                return
            w.busy = False  # the placement is complete
            if can_march(w, w.turn):
                _march(w, w.turn)
                return
            while w.extras and not placements(w, w.turn, w.extras[0]):  # W28
                w.emit({"type": "ExtraActionLost", "seat": w.turn, "only": w.extras[0]})
                w.extras = w.extras[1:]
            if w.extras:
                return
            _next_turn(w, w.turn + 1)
        elif stage == OFFERING:
            if not all(w.locked):
                return
            resolve_offering(w)
            if w.stage == OFFERING:
                w.stage = ROUND_END
        elif stage == REWARD:
            for seat in range(w.players):
                if w.draws[seat] and not w.drawn[seat] and not _can_draw(w):
                    w.put("draws", seat, 0)
            if reward_seats(w):
                return
            w.stage = ROUND_END
        elif stage == ROUND_END:
            end_round(w)
            if w.stage != OVER:
                _start_round(w)
        elif stage == SETUP_GOODS:
            if any(w.setup_left):
                return
            w.round_mark = len(w.events)
            _start_round(w)
        else:
            return


def _can_draw(w: Work) -> bool:
    return _drawable(w, "specialist") or _drawable(w, "city")


def _start_round(w: Work) -> None:
    w.stage = PLACE
    w.busy = False
    w.emit({"type": "RoundStarted", "round": w.round, "start": w.start})
    _next_turn(w, w.start)


def _next_turn(w: Work, first: int) -> None:
    """The next seat in turn order (from ``first``) with a worker to place; on the way, an
    army that can march does (W1). Nobody left: the round's placements are over."""
    for i in range(w.players):
        seat = (first + i) % w.players
        if can_march(w, seat):
            _march(w, seat)
            return
        if w.available(seat) > 0:
            w.turn = seat
            return
    w.turn = -1
    w.round_mark = len(w.events)
    if w.prosperity:
        open_offering(w)
    else:
        w.stage = ROUND_END


def _march(w: Work, seat: int) -> None:
    w.put("army", seat, MARCHED)
    w.emit({"type": "ArmyMarched", "seat": seat, "round": w.round})
    game_over(w, "solo_win" if w.solo else "castrum", seat)


# --------------------------------------------------------------------------- decisions


def pending(s: State) -> tuple[Decision[Action], ...]:
    stage = s.stage
    if stage == PLACE:
        if s.window:
            return (
                Decision(
                    "window",
                    frozenset(s.window),
                    key=f"halt:{s.round}:{len(s.board)}:{s.turn}:{len(s.city_discard)}",
                    defaults=dict.fromkeys(s.window, PASS),
                    origin=s.turn,  # the Castrum's builder (standing orders: "after <player>")
                ),
            )
        if s.prompts:
            head = s.prompts[0]
            default = prompt_default(s, head)
            skip = prompt_skip(head)
            return (
                Decision(
                    "turn",
                    frozenset((head.seat,)),
                    key=f"turn:{s.version}",
                    defaults={head.seat: default} if default else {},
                    skips={head.seat: skip} if skip else {},
                ),
            )
        return (Decision("turn", frozenset((s.turn,)), key=f"turn:{s.version}"),)
    limit = float(s.options.offering_window) if s.options.offering_window else None
    if stage == OFFERING:
        seats = frozenset(seat for seat in range(s.players) if not s.locked[seat])
        return (
            Decision(
                "simultaneous",
                seats,
                key=f"offering:{s.round}",
                time_limit=limit,
                defaults=dict.fromkeys(seats, LOCK),
            ),
        )
    if stage == REWARD:
        seats = reward_seats(s)
        return (
            Decision(
                "simultaneous",
                seats,
                key=f"reward:{s.round}",
                time_limit=limit,
                defaults={seat: reward_default(s, seat) for seat in seats},
            ),
        )
    if stage == SETUP_RED:
        return (Decision("turn", frozenset((s.turn,)), key=f"turn:{s.version}"),)
    if stage == SETUP_GOODS:
        seats = frozenset(seat for seat in range(s.players) if s.setup_left[seat])
        return (
            Decision(
                "simultaneous",
                seats,
                key="setup_goods",
                defaults={seat: _goods_default(s, seat) for seat in seats},
            ),
        )
    return ()


def _goods_default(s: State, seat: int) -> Action:
    """W23: a timeout puts the rest on the input of the seat's red building (if value I)."""
    owned = [b for b in RED if s.owners[b] == seat]
    good = VALUE_I[0]
    if owned:
        recipe = BUILDINGS[owned[0]].recipe
        if recipe is not None and recipe.inputs[0][0] in VALUE_I:
            good = recipe.inputs[0][0]
    return act("start_goods", good, s.setup_left[seat])


def deciding(s: State) -> Sequence[int]:
    """Every seat with a decision now, in seat order (what ``pending`` lists, computed
    directly: playouts ask it at every step)."""
    stage = s.stage
    if stage == PLACE:
        if s.window:
            return sorted(s.window)
        return [s.prompts[0].seat if s.prompts else s.turn]
    if stage == OFFERING:
        return [seat for seat in range(s.players) if not s.locked[seat]]
    if stage == REWARD:
        return sorted(reward_seats(s))
    if stage == SETUP_RED:
        return [s.turn]
    if stage == SETUP_GOODS:
        return [seat for seat in range(s.players) if s.setup_left[seat]]
    return []


# --------------------------------------------------------------------------- outcome


def outcome(s: State) -> Outcome | None:
    """W32: a ranking for the Castrum, all_lose for the Apocalypse, solo with its title; W43:
    the Castrum's other seats ranked by what everyone can see (:func:`standing`)."""
    if s.stage != OVER:
        return None
    n = s.players
    scores = tuple(
        {
            "round": s.round,
            "army": int(s.army[seat] != NONE),
            "value": goods_value(s.goods[seat]),
            "workers": s.workers[seat],
        }
        for seat in range(n)
    )
    if s.result == "castrum":
        return Outcome(
            places=castrum_places(s.winner, scores),
            winners=frozenset((s.winner,)),
            scores=scores,
            reason=Text(
                "Seat {seat} placed their army in the Castrum and rules Pompeii.", seat=s.winner
            ),
        )
    if s.result == "apocalypse":
        return Outcome(
            places=(1,) * n,
            winners=frozenset(),
            scores=scores,
            reason=Text("The Apocalypse: Vesuvius buried Pompeii and everybody lost."),
            kind="all_lose",
        )
    won = s.result == "solo_win"
    return Outcome(
        places=(1,),
        winners=frozenset((0,)) if won else frozenset(),
        scores=scores,
        reason=(
            Text("The army entered the Castrum in round {round}.", round=s.round)
            if won
            else Text(
                "Round {round} ended without the army in the Castrum: Pompeii is destroyed.",
                round=s.round,
            )
        ),
        kind="solo",
        title=solo_title(s.round) if won else "",
    )


def goods_value(goods: Sequence[int]) -> int:
    """The value of a tablet: each unit at its good's value (I–V)."""
    return sum(n * VALUE[g] for g, n in enumerate(goods) if n)


STANDING = ("army", "value", "workers")
"""W43: the figures that rank the seats behind the Castrum's winner, in order: a recruited army
(ready or injured), then the value of the goods on the tablet, then the active workers."""


def standing(score: dict[str, int]) -> tuple[int, ...]:
    """A seat's W43 figures, best highest."""
    return tuple(int(score.get(key, 0)) for key in STANDING)


def castrum_places(winner: int, scores: Sequence[dict[str, int]]) -> tuple[int, ...]:
    """W43: the winner first; every other seat one place behind each seat ahead of it (the
    winner, and the others with better :data:`STANDING` figures); equal figures share a
    place (1, 2, 2, 4)."""
    keys = [(seat == winner, *standing(score)) for seat, score in enumerate(scores)]
    return tuple(1 + sum(other > mine for other in keys) for mine in keys)


def solo_title(round_number: int) -> str:
    """Duumvir within 15 rounds, Aedile 16, Decurion 17, Quaestor 18 [R]."""
    for title, limit in BOARD.titles:
        if round_number <= limit:
            return title
    return ""
