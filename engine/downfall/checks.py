"""Validation with friendly errors: why an action is not legal now, and the forced action of a
seat that has exactly one."""

from __future__ import annotations

from engine.downfall.actions import (
    Action,
    CallEruption,
    MovePiece,
    Pass,
    PlaceLava,
    PlaceRelative,
    PlayCard,
    ThrowOmen,
    format_action,
)
from engine.downfall.board import (
    COLOURS,
    SYMBOLS,
)
from engine.downfall.queries import lava_squares, legal_actions
from engine.downfall.state import (
    BUILD,
    LAVA,
    MOVE,
    NONE,
    OMEN_CHOICE,
    OVER,
    PLAY,
    RELATIVE,
    State,
)
from engine.downfall.tables import (
    B_LABEL,
    B_SQUARES,
    BY_NUMBER,
    INDEX,
    NAMES,
    SQ_BUILDING,
    SQ_SPACES,
    STRIDE,
    TILE_SIDES,
)
from engine.text import Term, Text

# --------------------------------------------------------------------------------------------
# Validation with friendly errors


def refusal(state: State, seat: int, action: Action) -> str | None:
    """Why ``action`` is not legal for ``seat`` now, as a player should read it (the engine's
    base calls this for an action it refuses, and chooses the error: not your turn, or not
    legal). A :class:`~engine.text.Text`, said in the reader's language."""
    if not 0 <= seat < state.players:
        return Text("You are not playing in this game.")
    if isinstance(action, CallEruption):
        if state.phase != BUILD:
            return Text("Vesuvius has already erupted.")
        return Text(
            "You can call “The volcano erupts!” only when every card in your hand is a "
            "joker (all buildings of its number are full)."
        )
    if state.phase == OVER:
        return None
    if seat != state.seat:
        return Text(
            "It is not your turn: the game is waiting for {colour}.",
            colour=Term(COLOURS[state.seat].capitalize()),
        )
    text = format_action(action)
    kind = state.pending
    expected = {
        PLAY: (PlayCard,),
        RELATIVE: (PlaceRelative, Pass),
        OMEN_CHOICE: (ThrowOmen,),
        LAVA: (PlaceLava,),
        MOVE: (MovePiece, Pass),
    }[kind]
    if not isinstance(action, expected):
        return Text("`{move}` is not possible now: {why}.", move=text, why=PROMPTS[kind])
    return Text("`{move}` is not allowed: {why}", move=text, why=why_illegal(state, seat, action))


PROMPTS = {
    PLAY: Text("you have to play a card and place a piece (`play <n> <square>`)"),
    RELATIVE: Text("you may place a relative (`relative <square>`) or `pass`"),
    OMEN_CHOICE: Text(
        "you have to pick another player's piece for the Omen (`omen <colour> <square>`)"
    ),
    LAVA: Text("you have to place the lava tile you drew (`lava <square>`)"),
    MOVE: Text("you may move a piece (`move <from> <to>`, `move <from> out <gate>`) or `pass`"),
    NONE: Text("nothing is expected"),
}


def _building(b: int) -> str:
    """A building's label as the notation names it (``6b``, ``N3``) and its squares."""
    return f"{B_LABEL[b]} ({'/'.join(NAMES[i] for i in B_SQUARES[b])})"


def why_illegal(state: State, seat: int, action: Action) -> str:
    """A reason in words for an illegal action of the pending kind."""
    if isinstance(action, PlayCard):
        hand = state.hands[seat]
        if action.card not in hand:
            return Text(
                "you have no {card} in your hand (hand: {hand}).",
                card=action.card,
                hand=", ".join(map(str, hand)),
            )
        if action.square is None:
            return Text(
                "you can still place a piece, so name the square: `play <n> <square>` (R11)."
            )
        if state.supply[seat] == 0:
            return Text(
                "you have no pieces left to place, so play it bare: `play {card}` (R1).",
                card=action.card,
            )
        square = INDEX[action.square]
        building = SQ_BUILDING[square]
        if building < 0:
            return Text("{square} has no building with spaces.", square=action.square)
        if state.occ[square] >= SQ_SPACES[square]:
            return Text(
                "the spaces of building {building} on {square} are all taken.",
                building=B_LABEL[building],
                square=action.square,
            )
        return Text(
            "a {card} goes into building {places}; it is a joker only when those are full.",
            card=action.card,
            places=", ".join(_building(b) for b in BY_NUMBER[action.card]),
        )
    if isinstance(action, PlaceRelative):
        if state.supply[seat] == 0:
            return Text("you have no pieces left in your supply.")
        return Text(
            "relatives from building {building} go to a free space in another building of its "
            "colour or a neutral one, at most one per building, never back into {building}.",
            building=B_LABEL[state.rel_from],
        )
    if isinstance(action, ThrowOmen):
        if action.colour == COLOURS[seat]:
            return Text("the Omen throws another player's piece, not one of yours.")
        return Text(
            "there is no {colour} piece in a building on {square}.",
            colour=Term(action.colour),
            square=action.square,
        )
    if isinstance(action, PlaceLava):
        sides = TILE_SIDES[state.tile]
        names = "/".join(SYMBOLS[s] for s in sides)
        if len(sides) > 1 and action.symbol is None:
            return Text(
                "this is a dual vent tile: name the side, e.g. `lava {symbol} <square>`.",
                symbol=SYMBOLS[sides[0]],
            )
        if len(sides) == 1 and action.symbol is not None:
            return Text(
                "name only the square: `lava <square>` (the tile is {tile}).", tile=Term(names)
            )
        squares = ", ".join(NAMES[i] for s in sides for i in lava_squares(state.lava, s))
        return Text("a {tile} tile may go on: {squares}.", tile=Term(names), squares=squares)
    if isinstance(action, MovePiece):
        source = INDEX[action.source]
        if state.men[source * STRIDE + seat] == 0:
            return Text("you have no piece on {square}.", square=action.source)
        if state.moves_left == 1 and source == state.moved_to and not state.may_repeat:
            return Text(
                "the piece you just moved may move again only if it stood alone on its square "
                "or was your last piece in the city; move a different piece."
            )
        points = state.occ[source]
        if action.out and points == 1:
            return Text(
                "a piece on {square} has 1 move point and cannot reach the gate of {gate} "
                "and still step out (leaving costs 1 point).",
                square=action.source,
                gate=action.target,
            )
        if action.out:
            return Text(
                "a piece on {square} has {points} move points and cannot reach the gate "
                "of {gate} and still step out (leaving costs 1 point).",
                square=action.source,
                points=points,
                gate=action.target,
            )
        if points == 1:
            return Text(
                "a piece on {square} has 1 move point (it stands alone on its square) and "
                "cannot reach {target} over lava-free squares.",
                square=action.source,
                target=action.target,
            )
        return Text(
            "a piece on {square} has {points} move points (one per piece on the "
            "square) and cannot reach {target} over lava-free squares.",
            square=action.source,
            points=points,
            target=action.target,
        )
    return Text("it is not legal now.")


def forced_action(state: State, seat: int) -> Action | None:
    """R6/R26: the only legal action of ``seat`` when it has exactly one (e.g. the first tile of a
    symbol, which can only go on its first-lava square), else ``None``. The engine always asks;
    the host may apply this at once when the table enables auto-play of forced decisions."""
    actions = legal_actions(state, seat)
    return actions[0] if len(actions) == 1 else None


def reveals(before: State, seat: int, action: Action, after: State) -> bool:
    """Whether an action showed anything new, so it may not be taken back (issue 46): a card
    drawn from the stock (an Omen, A.D. 79), a lava tile drawn from the bag, any use of the
    shuffle, or the eruption (every hand goes face up). A card played, a relative or a piece
    placed, a lava tile laid, a piece moved or thrown show nothing that was hidden."""
    return (
        after.stock != before.stock
        or after.bag != before.bag
        or after.rng != before.rng
        or after.phase != before.phase
    )
