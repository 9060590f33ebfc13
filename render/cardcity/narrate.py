"""Pompeji (the card game, ``cardcity``) in words: public events -> sentences, the decision
line, the hand, rules topics. Pure and discord-free; reads only public (redacted) events and
views as documented in ``docs/views-cardcity.md``. ``names[seat]`` is each seat's display name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.cardcity.lang import N_, _, ngettext
from render.cardcity.terms import BUILDING_NAMES, COLOUR_NAMES

BUILDINGS = dict(zip("TFABVWG", BUILDING_NAMES, strict=True))
COLOURS = dict(zip("roygbpw", COLOUR_NAMES, strict=True))
"""Building and colour names by their letters (catalog messages, said with ``_()``)."""
GAME_OVER = {
    "The second volcano erupted: Pompeji is destroyed.": N_(
        "The game is over: the second volcano erupted: Pompeji is destroyed."
    ),
}
"""The engine's reasons for the end (``GameEnded``), as the sentence a player reads."""


def card_name(code: Any) -> str:
    """``"Tr"`` -> ``"Temple·red"`` in the reader's language (unknown codes are shown as they
    are)."""
    text = str(code or "")
    if len(text) >= 2 and text[0] in BUILDINGS and text[-1] in COLOURS:
        return f"{_(BUILDINGS[text[0]])}·{_(COLOURS[text[-1]])}"
    return text or _("a card")


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return _("Seat {seat}").format(seat=seat) if isinstance(seat, int) else _("Someone")


def _built(e: Mapping[str, Any], who: str) -> str:
    points, card, space = e.get("points"), card_name(e.get("card")), e.get("cell")
    if points:
        line = ngettext(
            "{who} built {card} on {space} for {n} point",
            "{who} built {card} on {space} for {n} points",
            int(points),
        ).format(who=who, card=card, space=space, n=points)
    else:
        line = _("{who} built {card} on {space}").format(who=who, card=card, space=space)
    return _("{action} (permit turn)").format(action=line) if e.get("permit") else line


def _statue(e: Mapping[str, Any], who: str) -> str:
    points, card, space = e.get("points"), card_name(e.get("declared")), e.get("cell")
    if points:
        return ngettext(
            "{who} placed their statue as {card} on {space} for {n} point",
            "{who} placed their statue as {card} on {space} for {n} points",
            int(points),
        ).format(who=who, card=card, space=space, n=points)
    return _("{who} placed their statue as {card} on {space}").format(
        who=who, card=card, space=space
    )


def _sentence(e: Mapping[str, Any], names: Sequence[str]) -> str | None:
    kind = e.get("type")
    who = _name(names, e.get("seat"))
    if kind == "CardPlayed":
        return _built(e, who)
    if kind == "StatuePlayed":
        return _statue(e, who)
    if kind == "CardDiscarded":
        card = card_name(e.get("card"))
        return _("{who} could not build and discarded {card}").format(who=who, card=card)
    if kind == "VolcanoDrawn":
        if e.get("number") == 2:
            return _("{who} drew the second volcano: the city is buried").format(who=who)
        return _("{who} drew the first volcano: from now on drawing is optional").format(who=who)
    if kind == "DrawSkipped":
        return _("{who} kept their hand").format(who=who)
    if kind == "PermitClaimed":
        if e.get("kind") == "second_turn":
            return _("{who} used their building permit: another turn").format(who=who)
        return _("{who} used their building permit: a turn before the next").format(who=who)
    if kind == "MovePrepared":  # C20: that a move is held, never which (that stays secret)
        if e.get("replaced"):
            return None  # C22: changing it is the player's own business, told to nobody
        return _("{who} prepared their move").format(who=who)
    if kind == "GameEnded":
        reason = str(e.get("reason") or "")
        if reason in GAME_OVER:
            return _(GAME_OVER[reason])
        if reason:
            return _("The game is over: {reason}").format(reason=reason)
        return _("The game is over: the second volcano erupted")
    if kind == "PreparedMoveDropped" and isinstance(e.get("secret"), Mapping):
        # C21: told only to its player (the event's secret is theirs): saying in public, right
        # after the interrupt, that it no longer fits would tell the table where it was aimed.
        move = e["secret"].get("move", "")
        return _(
            "{who}'s prepared move (`{move}`) no longer fits after the interrupt: choose again"
        ).format(who=who, move=move)
    # Windows and declines are routine; a prepared move withdrawn or dropped is told to its
    # player only (above). Draws: see narrate.
    return None


def played_for(events: Sequence[Mapping[str, Any]], seat: int) -> str:
    """The prepared move another seat's move played for ``seat`` (C20), as it was played
    (``"Villa·purple on g6"``); ``""``: none was played for it."""
    due = False
    for e in events:
        kind = e.get("type")
        if kind == "PreparedMovePlayed" and e.get("seat") == seat:
            due = True
            continue
        if not due or e.get("seat") != seat:
            continue
        space, points = e.get("cell"), int(e.get("points") or 0)
        if kind == "CardPlayed":
            card = card_name(e.get("card"))
        elif kind == "StatuePlayed":
            card = _("your statue as {card}").format(card=card_name(e.get("declared")))
        elif kind == "CardDiscarded":
            return _("a discard of {card}").format(card=card_name(e.get("card")))
        else:
            continue
        if points:
            return ngettext(
                "{card} on {space} for {n} point", "{card} on {space} for {n} points", points
            ).format(card=card, space=space, n=points)
        return _("{card} on {space}").format(card=card, space=space)
    return ""


def narrate(events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[str]:
    """Sentences for a run of public events, in order. A draw is said (that a card was drawn,
    never which: that stays in the event's ``secret``, which is never read here), as part of
    the play or discard it follows: "Ann built Temple·red on g8 for 5 points and drew a card"."""
    lines: list[str] = []
    joins: Any = None  # the seat whose play or discard was just said: its draw joins it
    for e in events:
        kind, seat = e.get("type"), e.get("seat")
        if kind == "CardDrawn":
            if joins is not None and joins == seat:
                lines[-1] = _("{action} and drew a card").format(action=lines[-1])
            else:
                lines.append(_("{who} drew a card").format(who=_name(names, seat)))
            joins = None
            continue
        sentence = _sentence(e, names)
        if sentence:
            lines.append(sentence)
            joins = seat if kind in ("CardPlayed", "CardDiscarded") else None
    return lines


def decision(view: Mapping[str, Any]) -> str:
    """What the game waits for, without the player's name; in the view of the player due next
    while others may interrupt, what they may do meanwhile (prepare their move, C20)."""
    stage = view.get("stage")
    waiting = view.get("seat") is not None and view.get("seat") == view.get("turn")
    if (
        waiting
        and (stage == "window" or view.get("permit_turn"))
        and view.get("actor") != view.get("seat")
    ):
        if view.get("prepared_move"):
            return _(
                "your prepared move is held: it is played the moment your turn comes (change or "
                "withdraw it meanwhile)"
            )
        return _(
            "prepare your move: it is played the moment your turn comes, "
            "unless an interrupt makes it impossible (then you are asked again)"
        )
    if stage == "play":
        if view.get("permit_turn"):
            return _("play a card or your statue on your permit turn")
        return _("play a card or your statue into the city")
    if stage == "draw":
        return _("draw a card or keep your hand")
    if stage == "window":
        return _("use your building permit now, or let it pass (then the next player's turn)")
    return ""


PUBLIC = {
    ("play", True): N_("play a card or a statue on a permit turn"),
    ("play", False): N_("play a card or a statue into the city"),
    ("draw", False): N_("draw a card or keep the hand"),
    ("window", False): N_(
        "use a building permit now, or let it pass (then the next player's turn)"
    ),
}
"""What the table waits for by stage (and permit turn), where :func:`decision` speaks to the
player ("your statue")."""


def waiting(view: Mapping[str, Any]) -> str:
    """What the game waits for as the table reads it (the public view: no seat of its own),
    worded for nobody in particular."""
    stage = str(view.get("stage"))
    said = PUBLIC.get((stage, stage == "play" and bool(view.get("permit_turn"))))
    return _(said) if said else decision(view)


def hand(view: Mapping[str, Any]) -> str:
    """A player view's hand in words: ``"Your hand: Temple·red·1, Forum·blue·6"``, plus what
    the player still has: an unused statue (placed by typing, it is not on the buttons) and
    permit uses."""
    cards = view.get("hand")
    if not isinstance(cards, list):
        return ""
    if not cards:
        text = _("Your hand is empty.")
    else:
        shown = [
            f"{card_name(c.get('code'))}·{c.get('value')}" if isinstance(c, Mapping) else str(c)
            for c in cards
        ]
        text = _("Your hand: {cards}").format(cards=", ".join(shown))
    mine = _own_seat(view)
    if mine is None or view.get("stage") == "over":
        return text
    extras = []
    if not mine.get("statue_used"):
        extras.append(
            _(
                "your statue is unused: place it by typing `/move statue` + building and colour "
                "letters + space, e.g. `statue Ar g8` (the list narrows as you type)"
            )
        )
    permits = mine.get("permits_left")
    if isinstance(permits, int) and permits > 0:
        extras.append(
            ngettext(
                "building permit: {n} use left", "building permit: {n} uses left", permits
            ).format(n=permits)
        )
    if not extras:
        return text
    more = "; ".join(extras)
    return f"{text}\n{more[0].upper()}{more[1:]}."


def _own_seat(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    seat, seats = view.get("seat"), view.get("seats")
    if not isinstance(seat, int) or not isinstance(seats, list):
        return None
    return next((s for s in seats if isinstance(s, Mapping) and s.get("seat") == seat), None)


def _card_value(code: str, legend: Any) -> int | None:
    """A card's value from the view's legend (``values[building][colour]``)."""
    if not isinstance(legend, Mapping):
        return None
    try:
        buildings = [b[0] for b in legend["buildings"]]
        colours = [c[0] for c in legend["colours"]]
        return int(legend["values"][buildings.index(code[0])][colours.index(code[-1])])
    except (KeyError, IndexError, ValueError, TypeError):
        return None


def score_sheet(
    outcome: Mapping[str, Any], view: Mapping[str, Any], names: Sequence[str]
) -> list[str]:
    """The final score sheet, best first: per player the points from plays, minus the cards
    left in hand (named, C10), the total and the place (ties share it, C11)."""
    places = list(outcome.get("places") or [])
    scores = list(outcome.get("scores") or [])
    hands = view.get("hands") if isinstance(view.get("hands"), list) else []
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    lines = []
    for seat in sorted(range(len(places)), key=lambda s: (places[s], s)):
        place = int(places[seat])
        score = scores[seat] if seat < len(scores) and isinstance(scores[seat], Mapping) else {}
        built, minus = int(score.get("built", 0)), -int(score.get("hand", 0))
        held = hands[seat] if hands is not None and seat < len(hands) else []
        cards = []
        for code in held if isinstance(held, list) else []:
            value = _card_value(str(code), view.get("legend"))
            cards.append(card_name(code) + ("" if value is None else f"·{value}"))
        if cards:
            in_hand = _("{minus} in hand ({cards})").format(minus=minus, cards=", ".join(cards))
        else:
            in_hand = _("0 in hand")
        total = int(score.get("final", built - minus))
        lines.append(
            _("{medal} {place}. {name} — {built} from plays − {in_hand} = **{total}**").format(
                medal=medals.get(place, "▫️"),
                place=place,
                name=_name(names, seat),
                built=built,
                in_hand=in_hand,
                total=total,
            )
        )
    return lines


SCORE_LABELS = {"final": N_("points"), "built": N_("built"), "hand": N_("left in hand")}

RULES: dict[str, tuple[str, str]] = {
    "overview": (
        N_("Overview"),
        N_(
            "2–4 players build one city of cards. Place a card next to the city, score the streets "
            "(rows, columns, diagonals) through it, draw back to 3. The second volcano ends the "
            "game; cards left in hand count against you. Building and colour names and card "
            "values are our adaptation (the printed ones are not public)."
        ),
    ),
    "placing": (
        N_("Placing"),
        N_(
            "A card must share a whole edge with the city and differ from every orthogonal "
            "neighbour in both building and colour. The city may never be wider or taller than 7 "
            "cards. If none of your cards fits, you discard one and draw."
        ),
    ),
    "scoring": (
        N_("Scoring"),
        N_(
            "For each street (row, column, both diagonals: the unbroken run through the new card): "
            "the sum of the values of every card of the new card's building if another one is in "
            "the street, plus the highest value of its colour if another card of that colour is "
            "there, plus 7 when the street now holds 7 cards."
        ),
    ),
    "statue": (
        N_("Your statue"),
        N_(
            "Once per game you may place your statue instead of a card, declared as any "
            "building and colour: it scores as a value 1 and is neutral afterwards. You draw "
            "nothing after it."
        ),
    ),
    "permit": (
        N_("Building permit"),
        N_(
            "Once per game (twice with the `permit_uses=2` variant) you may use your permit: a "
            "second turn right after yours, or a turn before the next player. After every normal "
            "turn a window opens for everyone with a use left except the next player; its length "
            "is the game's `permit_window` option (15 minutes by default, `0` = only the mover's "
            "second turn). The mover finds the offer (**Use permit** / **Let it pass**) in the "
            "confirmation of their turn, the others who can place something by DM; the first "
            "claim wins; when everyone asked has declined the window closes at once, and silence "
            "counts as declining. A claim commits: it cannot be taken back, the permit turn must "
            "place a card or the statue, and if time runs out the table's timeout policy plays it "
            "like any turn. Meanwhile the player due next may prepare their move (DM or `/move`): "
            "it is played the moment their turn comes, or, if an interrupt made it impossible, "
            "they choose again; nobody else learns where. Standing orders (`/game interrupts`, "
            "or the buttons on an offer): never ask me, or ask me only after one player's turns. "
            "Typed: `/move claim`, `/move decline`."
        ),
    ),
    "end": (
        N_("Volcanoes and the end"),
        N_(
            "After the first volcano, drawing is optional. The second volcano ends the game at "
            "once; the value of the cards in your hand is subtracted. Most points wins."
        ),
    ),
    "cards": (
        N_("Reading the pictures"),
        N_(
            "Each card shows its building letter and colour letter (`Tr`), its building as a "
            "symbol, its value in a white disc, and its colour as the fill. Buildings: T Temple "
            "(a pediment on columns), F Forum (an arcade), A Amphitheatre (an oval ring), B Baths "
            "(a dome over water), V Villa (a house), W Well (a well with a roof bar), G Granary (a "
            "wheat sheaf). Colours: r red, o orange, y yellow, g green, b blue, p purple, w white. "
            "A grey card with a figure is a statue, with the number of its player. On the board: "
            "the last card is ringed in magenta and each street it scored in carries its points "
            "on the space past its end; striped spaces lie beyond the 7 × 7 limit. Per player: the "
            "cards in hand, the statue (struck through once used), one permit card per use left, "
            "and the score. In your own picture, teal spaces are where your cards fit, with what "
            "each would score there. Building and colour names and card values are our "
            "adaptation (the printed ones are not public)."
        ),
    ),
    "moves": (
        N_("Moves (notation)"),
        N_(
            "A card is its building letter (T Temple, F Forum, A Amphitheatre, B Baths, V Villa, "
            "W Well, G Granary) and colour letter (r o y g b p w); a space is a column a–m and a "
            "row 1–13 (the start card lies on g7). `play Tr g8` builds, `statue Ar g8` places your "
            "statue declared as Amphitheatre·red, `discard Tr` when none of your cards fits, "
            "`draw` / `nodraw` after the first volcano, `claim` / `decline` in a permit window. "
            "Buttons and menus offer every move except the statue's (hundreds of them): type "
            "those in `/move`, where the list narrows as you type."
        ),
    ),
}
"""Rules topics for ``/game rules``: key -> (title, text)."""
