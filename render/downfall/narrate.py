"""The Downfall of Pompeii in words: public events -> sentences, the decision line, rules topics.

Pure and discord-free. Reads only public (redacted) events and views, as documented in
``docs/views.md``; ``names[seat]`` is each seat's display name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.downfall import board as B
from render.downfall.lang import N_, _, ngettext
from render.downfall.terms import COLOURS, colour_name, end_reason, term

__all__ = ["COLOURS", "RULES", "SCORE_LABELS", "decision", "figures", "hand", "narrate"]


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    if isinstance(seat, int) and 0 <= seat < len(COLOURS):
        return colour_name(COLOURS[seat].capitalize())
    return _("Someone")


_HOUSE: dict[str, int | None] = {b.label: b.number for b in B.BUILDINGS}
_BUILDING = {b.label: b for b in B.BUILDINGS}


def _where(building: Any, square: Any) -> str:
    """A square and what the board shows there: ``e6 (house 9)``, ``d2 (neutral building)``
    (never the notation's building labels, ``9``, ``N3``, which the board does not show)."""
    if building not in _HOUSE:
        return str(square)
    number = _HOUSE[building]
    if number:
        return _("{square} (house {number})").format(square=square, number=number)
    return _("{square} (neutral building)").format(square=square)


def _lost(lost: Any) -> str:
    """``[1, 0, 2]`` -> ``"3 pieces lost (1 red, 2 yellow)"``; empty when nothing was lost."""
    if not isinstance(lost, list):
        return ""
    total = sum(n for n in lost if isinstance(n, int))
    if total == 0:
        return ""
    parts = [
        _("{n} {colour}").format(n=n, colour=colour_name(COLOURS[s]))
        for s, n in enumerate(lost)
        if isinstance(n, int) and n
    ]
    return ngettext("{n} piece lost ({which})", "{n} pieces lost ({which})", total).format(
        n=total, which=", ".join(parts)
    )


def _may_bring(who: str, count: int) -> str:
    return ngettext("{who} may bring {n} relative", "{who} may bring {n} relatives", count).format(
        who=who, n=count
    )


class _Turn:
    """Builds sentences, merging a played card with the relatives it brought."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = names
        self.lines: list[str] = []
        self.card: str | None = None
        self.earned = 0
        self.relatives: list[str] = []
        self.drawn_tile: str | None = None
        self.omen: str | None = None

    def flush(self) -> None:
        if self.card is not None:
            text = self.card
            placed = len(self.relatives)
            where = ", ".join(self.relatives)
            if placed and self.earned > placed:
                text = ngettext(
                    "{played} and placed {placed} of {earned} relative: {where}",
                    "{played} and placed {placed} of {earned} relatives: {where}",
                    self.earned,
                ).format(played=text, placed=placed, earned=self.earned, where=where)
            elif placed:
                text = ngettext(
                    "{played} and placed {placed} relative: {where}",
                    "{played} and placed {placed} relatives: {where}",
                    placed,
                ).format(played=text, placed=placed, where=where)
            elif self.earned:
                text = ngettext(
                    "{played} and may bring {n} relative",
                    "{played} and may bring {n} relatives",
                    self.earned,
                ).format(played=text, n=self.earned)
            self.lines.append(text)
        self.card = None
        self.earned = 0
        self.relatives = []
        if self.drawn_tile is not None:
            self.lines.append(self.drawn_tile)
            self.drawn_tile = None

    def say(self, text: str) -> None:
        self.flush()
        self.lines.append(text)
        self.omen = None

    def event(self, e: Mapping[str, Any]) -> None:
        kind = e.get("type")
        who = _name(self.names, e.get("seat"))
        if kind == "CardPlayed":
            self.flush()
            card = e.get("card")
            if e.get("square") is None:
                self.card = _("{who} played {card} and placed no piece").format(who=who, card=card)
            elif e.get("joker"):
                where = _where(e.get("building"), e.get("square"))
                self.card = _("{who} played {card} as a joker into {where}").format(
                    who=who, card=card, where=where
                )
            else:  # into the house of that number
                self.card = _("{who} played {card} into {square}").format(
                    who=who, card=card, square=e.get("square")
                )
        elif kind == "RelativesEarned":
            if self.card is None:
                self.card = _may_bring(who, int(e.get("count", 0)))
            else:
                self.earned = int(e.get("count", 0))
        elif kind == "RelativePlaced":
            where = _where(e.get("building"), e.get("square"))
            if self.card is None:
                self.lines.append(
                    _("A relative of {who} moved into {where}").format(who=who, where=where)
                )
            else:
                self.relatives.append(where)
        elif kind == "RelativesEnded":
            unused = int(e.get("unused", 0))
            self.earned = 0  # the unused ones are said below
            self.flush()
            if unused:
                reason = str(e.get("reason"))
                if reason == "no space":
                    text = ngettext(
                        "{n} relative stayed home (no free space)",
                        "{n} relatives stayed home (no free space)",
                        unused,
                    )
                elif reason == "no supply":
                    text = ngettext(
                        "{n} relative stayed home (no pieces left)",
                        "{n} relatives stayed home (no pieces left)",
                        unused,
                    )
                else:
                    text = ngettext("{n} relative stayed home", "{n} relatives stayed home", unused)
                self.lines.append(text.format(n=unused))
        elif kind == "CardDrawn":
            pass  # every turn ends with a draw; the card itself is private
        elif kind == "VesuviusSeethes":
            self.say(
                _(
                    "{who} drew A.D. 79: Vesuvius seethes! Omens, relatives and jokers are now "
                    "in play, and A.D. 79 goes back into the bottom 15 cards"
                ).format(who=who)
            )
        elif kind == "OmenDrawn":
            self.say(_("{who} drew an Omen").format(who=who))
            self.omen = who
        elif kind == "PieceThrown":  # who threw (the one who drew the Omen), and whose piece
            where = _where(e.get("building"), e.get("square"))
            whose = _name(self.names, e.get("victim"))
            colour = colour_name(str(e.get("colour")))
            omen = self.omen
            self.flush()
            if (
                omen == who
                and self.lines
                and self.lines[-1] == _("{who} drew an Omen").format(who=who)
            ):
                self.lines[-1] = _(
                    "{who} drew an Omen and threw {whose}'s {colour} piece from {where} into "
                    "the volcano"
                ).format(who=who, whose=whose, colour=colour, where=where)
            else:
                self.lines.append(
                    _(
                        "Omen: {who} threw {whose}'s {colour} piece from {where} into the volcano"
                    ).format(who=who, whose=whose, colour=colour, where=where)
                )
            self.omen = None
        elif kind == "OmenNoVictim":
            self.say(_("The Omen has no effect: no other player has a piece in the city"))
        elif kind == "VesuviusErupted":
            if e.get("called"):
                hands = e.get("hands")
                seat = e.get("seat")
                if isinstance(hands, list) and isinstance(seat, int) and seat < len(hands):
                    shown = ", ".join(str(c) for c in hands[seat])
                    self.say(
                        _("{who} called “The volcano erupts!” showing {cards}").format(
                            who=who, cards=shown
                        )
                    )
                else:
                    self.say(_("{who} called “The volcano erupts!”").format(who=who))
            else:
                self.say(_("{who} drew A.D. 79 again: Vesuvius erupts!").format(who=who))
            self.lines.append(_("Phase 1 is over: hands are discarded and unplaced pieces go back"))
        elif kind == "LavaDrawn":
            self.flush()
            self.drawn_tile = _("{who} drew a {tile} lava tile").format(
                who=who, tile=term(e.get("tile"))
            )
        elif kind == "LavaPlaced":
            self.drawn_tile = None
            self.flush()
            text = _("{who} placed a {symbol} tile: lava covered {square}").format(
                who=who, symbol=term(e.get("symbol")), square=e.get("square")
            )
            lost = _lost(e.get("lost"))
            if lost:
                text = _("{said}: {lost}").format(said=text, lost=lost)
            if e.get("gate_closed"):
                text = _("{said}; {gate} is closed").format(
                    said=text, gate=term(e.get("gate_closed"))
                )
            self.lines.append(text)
        elif kind == "LavaOutOfPlay":
            self.drawn_tile = None
            self.say(
                _("{who}'s {tile} tile has nowhere to go and is put out of play").format(
                    who=who, tile=term(e.get("tile"))
                )
            )
        elif kind == "PiecesEnclosed":
            lost = _lost(e.get("lost"))
            if lost:
                self.say(_("Cut off from every gate: {lost}").format(lost=lost))
        elif kind == "EscapeBegan":
            self.say(
                _("Six lava tiles lie on the board: run for your lives! {who} begins").format(
                    who=who
                )
            )
        elif kind == "PieceMoved":
            self.say(
                _("{who} moved {source} → {target}").format(
                    who=who, source=e.get("from"), target=e.get("to")
                )
            )
        elif kind == "PieceSaved":
            self.say(
                _("{who} escaped from {source} through {gate}").format(
                    who=who, source=e.get("from"), gate=term(e.get("gate_name"))
                )
            )
        elif kind == "MovesEnded":
            if int(e.get("unused", 0)) == 2:
                self.say(_("{who} moved no piece").format(who=who))
        elif kind == "MovesSkipped":
            self.say(_("{who} has no piece that can move").format(who=who))
        elif kind == "GameEnded":
            reason = end_reason(str(e.get("reason")))
            lost = _lost(e.get("lost"))
            if lost:
                self.say(
                    _("The game is over: {reason}; left in the city: {lost}").format(
                        reason=reason, lost=lost
                    )
                )
            else:
                self.say(_("The game is over: {reason}").format(reason=reason))
        # an event this module does not know (none in play) is not told: its type is no word


def narrate(events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[str]:
    """Sentences for a run of public events (one move or a whole turn), in order."""
    turn = _Turn(names)
    for e in events:
        turn.event(e)
    turn.flush()
    return turn.lines


def _building(label: Any) -> str:
    """A building as the board shows it: ``house 6 on d4/d5``, ``the neutral building on d2``."""
    b = _BUILDING.get(str(label))
    if b is None:
        return _("a building")
    squares = "/".join(sq for sq, _spaces in b.squares)
    if b.number:
        return _("house {number} on {squares}").format(number=b.number, squares=squares)
    return _("the neutral building on {squares}").format(squares=squares)


def decision(view: Mapping[str, Any]) -> str:
    """What the game waits for, without the player's name: ``"play a card and place a piece"``
    (from the pending decision's fields, in the reader's language)."""
    pending = view.get("pending")
    if not isinstance(pending, Mapping):
        return ""
    kind = pending.get("kind")
    if view.get("phase") == "over":
        return _("The game is over.")
    if kind == "play":
        return _("play a card and place a piece")
    if kind == "relative":
        left = int(pending.get("relatives_left") or 0)
        return ngettext(
            "place up to {n} relative brought by {building}, or pass",
            "place up to {n} relatives brought by {building}, or pass",
            left,
        ).format(n=left, building=_building(pending.get("relatives_from")))
    if kind == "omen":
        return _("the Omen! Choose another player's piece to throw into the volcano")
    if kind == "lava":
        return _("place the {tile} lava tile").format(tile=term(pending.get("lava_tile")))
    if kind == "move":
        left = int(pending.get("moves_left") or 0)
        return ngettext(
            "move a piece ({n} move left), or pass", "move a piece ({n} moves left), or pass", left
        ).format(n=left)
    return ""


def hand(view: Mapping[str, Any]) -> str:
    """A player view's hand in words: ``"Your hand: 3, 6, 9 (joker)"``."""
    cards = view.get("hand")
    if not isinstance(cards, list):
        return ""
    if not cards:
        return _("Your hand is empty.")
    jokers = view.get("jokers")
    flags = jokers if isinstance(jokers, list) else []
    shown = [
        _("{card} (joker)").format(card=card) if i < len(flags) and flags[i] else str(card)
        for i, card in enumerate(cards)
    ]
    if view.get("can_erupt"):
        return _(
            "Your hand: {cards} — all jokers: you may call “The volcano erupts!” (`erupt`)"
        ).format(cards=", ".join(shown))
    return _("Your hand: {cards}").format(cards=", ".join(shown))


SCORE_LABELS = {"saved": N_("saved"), "volcano": N_("in the volcano")}


def figures(score: Mapping[str, Any]) -> str:
    """A seat's final figures: ``"5 saved, 4 in the volcano"`` (the plural by the saved)."""
    saved, volcano = score.get("saved", "?"), score.get("volcano", "?")
    return ngettext(
        "{saved} saved, {volcano} in the volcano",
        "{saved} saved, {volcano} in the volcano",
        saved if isinstance(saved, int) else 2,
    ).format(saved=saved, volcano=volcano)


RULES: dict[str, tuple[str, str]] = {
    "overview": (
        N_("Overview"),
        N_(
            "2–4 players. **Phase 1**: play cards to bring your people into Pompeii. **Phase 2**: "
            "lava spreads through the city and you run for the gates. Most pieces saved wins; ties "
            "go to fewer pieces in the volcano, then it is a shared win (R9)."
        ),
    ),
    "phase1": (
        N_("Phase 1: new citizens"),
        N_(
            "On your turn: **play** a card, **place** one piece on a free space of a building with "
            "that number, **draw** back to 4 cards. Placing is compulsory while possible (R11); "
            "with no piece in supply you still play and draw (R1). In a two-square building you "
            "pick the square (it matters in phase 2)."
        ),
    ),
    "seething": (
        N_("Vesuvius seethes: relatives, Omens, jokers"),
        N_(
            "After the first A.D. 79: a piece placed into a building already holding k pieces may "
            "bring up to k **relatives**, each into a different building of the same colour or a "
            "neutral one, never the same building; relatives never bring relatives. An **Omen** "
            "lets you throw another player's piece from a building into the volcano (no effect "
            "when nobody else is in the city, R2). A card whose buildings are all full is a "
            "**joker**: place on any free space, without relatives."
        ),
    ),
    "eruption": (
        N_("The eruption"),
        N_(
            "Phase 1 ends when A.D. 79 is drawn the second time. A player whose whole hand is "
            "jokers may call “The volcano erupts!” at any moment the game waits for a decision, "
            "even on another player's turn (R3, R12): use `/move erupt` or the button you are "
            "offered. Hands are discarded; pieces still in supply go back to the box."
        ),
    ),
    "lava": (
        N_("Lava tiles"),
        N_(
            "From the left of whoever triggered the eruption, players place one tile each until "
            "six lie on the board. The first tile of a symbol goes on its first-lava square (only "
            "that symbol may go there, R4); later tiles go next to a tile of the same symbol. "
            "Pieces under the tile are lost, your own too. A tile with no legal square is put out "
            "of play (R5). Pieces with no lava-free path to an open gate are lost at once."
        ),
    ),
    "moving": (
        N_("Phase 2: run for your lives"),
        N_(
            "On your turn: place a lava tile, then **move two pieces**. A piece has as many move "
            "points as pieces stand on its square when it starts; steps are orthogonal over "
            "lava-free squares, never visiting a square twice (R7); leaving through a gate "
            "costs 1. A piece alone on its square may make both moves; moving is optional "
            "(`pass`, R8)."
        ),
    ),
    "end": (
        N_("End and scoring"),
        N_(
            "Whoever draws the last lava tile finishes that turn; then every piece left in the "
            "city is lost. The game also ends when no piece is left in the city. Most saved "
            "wins; then fewer in the volcano; then a shared win."
        ),
    ),
    "notation": (
        N_("Move notation"),
        N_(
            "`play 6 d4` · `play 3` (no piece can be placed) · `relative b4` · `pass` · "
            "`omen red c3` · `erupt` · `lava c2` / `lava mask d7` (dual vent) · `move d4 f4` · "
            "`move d6 out g7`. Squares are a–k (west→east) and 1–7 (north→south). `/move` "
            "suggests exactly your legal moves as you type."
        ),
    ),
}
"""Rules topics for ``/game rules``: key -> (title, text), with the rulings (R-numbers)."""
