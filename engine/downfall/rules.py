"""The rules of The Downfall of Pompeii: setup and ``apply``, which dispatches an action to its
phase's module (:mod:`~engine.downfall.building`, :mod:`~engine.downfall.eruption`) on a mutable
copy (:mod:`~engine.downfall.work`); what is legal and what the game waits for is in
:mod:`~engine.downfall.queries`, friendly refusals in :mod:`~engine.downfall.checks`.

Rulings R1–R13 come from docs/rules/downfall.md; R14 and later are this project's own and are
written down there too.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import (
    OptionSpec,
    OptionValue,
    Transition,
)
from engine.downfall.actions import (
    Action,
    CallEruption,
    MovePiece,
    Pass,
    PlaceLava,
    PlaceRelative,
    PlayCard,
    ThrowOmen,
)
from engine.downfall.board import (
    CARD_COUNTS,
    COLOURS,
    DUAL_VENT_TILES,
    LAVA_COUNTS,
    PIECES_PER_PLAYER,
    SYMBOLS,
)
from engine.downfall.building import draw, erupt, play_card, relative
from engine.downfall.eruption import end_escape_turn, move, place_lava
from engine.downfall.state import (
    BUILD,
    PLAY,
    RELATIVE,
    State,
)
from engine.downfall.tables import (
    AD79,
    B_LABEL,
    INDEX,
    NSQ,
    NUMBERS,
    OMEN,
    SQ_BUILDING,
    STRIDE,
    TILE_SIDES,
)
from engine.downfall.work import Work
from engine.rng import Rng
from engine.text import Term

# --------------------------------------------------------------------------------------------
# Setup


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="dual_vent",
        description=Term(
            "Dual vent variant: 3 double-sided lava tiles; the drawer picks the side."
        ),
        default=False,
    ),
)


def setup(seed: int, players: int, options: Mapping[str, OptionValue]) -> State:
    """Deal a new game (setup steps 1–5 of the spec) for 2–4 players (the engine's base has
    checked the table size and the options)."""
    dual_vent = options["dual_vent"] is True

    rng = Rng(seed)
    dealer, rng = rng.below(players)
    cards = [n for n in NUMBERS for _ in range(CARD_COUNTS[n])]
    deck, rng = rng.shuffle(cards)
    piles = [deck[4 * i : 4 * i + 4] for i in range(7)]
    lower, rng = rng.shuffle(list(deck[28:]) + [OMEN] * 7)
    stock = piles[0] + piles[1] + (AD79,) + lower
    hands = tuple(tuple(sorted(piles[2 + seat])) for seat in range(players))
    removed = tuple(c for pile in piles[2 + players :] for c in pile)
    bag = tuple(LAVA_COUNTS[s] for s in SYMBOLS) + tuple(
        1 if dual_vent else 0 for _ in DUAL_VENT_TILES
    )
    zeros = (0,) * players
    first = (dealer + 1) % players
    return State(
        players=players,
        dual_vent=dual_vent,
        rng=rng,
        version=0,
        dealer=dealer,
        first=first,
        phase=BUILD,
        pending=PLAY,
        seat=first,
        hands=hands,
        stock=stock,
        removed=removed,
        discard=(),
        seething=False,
        men=(0,) * (NSQ * STRIDE),
        occ=(0,) * NSQ,
        supply=(PIECES_PER_PLAYER[players],) * players,
        in_city=zeros,
        saved=zeros,
        volcano=zeros,
        box=zeros,
        lava=(-1,) * NSQ,
        bag=bag,
        tile=-1,
        tiles_placed=0,
        tiles_out=(),
        rel_left=0,
        rel_from=-1,
        rel_used=0,
        moves_left=0,
        moved_to=-2,
        may_repeat=False,
        erupted_by=-1,
        bag_emptied=False,
        end_reason="",
        turn_seat=first,
        turn_acted=False,
        turn_log=(),
        last_seat=-1,
        last_log=(),
    )


def play(state: State, seat: int, action: Action) -> Transition[State]:
    """The rules of an action known to be legal (the engine's base checks what players send
    and counts the version; playouts call this directly after ``legal_actions``)."""
    w = Work(state)
    w.turn_acted = True
    if isinstance(action, MovePiece):
        move(w, seat, action)
    elif isinstance(action, PlaceLava):
        sides = TILE_SIDES[w.tile]
        # R25: a dual vent tile becomes a tile of the side its drawer names.
        symbol = sides[0] if action.symbol is None else SYMBOLS.index(action.symbol)
        place_lava(w, seat, INDEX[action.square], symbol)
    elif isinstance(action, PlayCard):
        play_card(w, seat, action)
    elif isinstance(action, PlaceRelative):
        relative(w, seat, INDEX[action.square])
    elif isinstance(action, ThrowOmen):
        victim = COLOURS.index(action.colour)
        square = INDEX[action.square]
        w.take(square, victim)
        w.volcano[victim] += 1
        w.emit(
            {
                "type": "PieceThrown",
                "seat": seat,
                "victim": victim,
                "colour": action.colour,
                "square": action.square,
                "building": B_LABEL[SQ_BUILDING[square]],
            }
        )
        draw(w, seat)
    elif isinstance(action, CallEruption):
        erupt(w, seat, called=True)
    elif isinstance(action, Pass):
        if w.pending == RELATIVE:
            w.emit({"type": "RelativesEnded", "seat": seat, "unused": w.rel_left, "reason": "pass"})
            w.rel_left = 0
            draw(w, seat)
        else:
            w.emit({"type": "MovesEnded", "seat": seat, "unused": w.moves_left})
            end_escape_turn(w, seat)
    return Transition(w.freeze(), tuple(w.events))
