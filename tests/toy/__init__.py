"""The toy game as a whole plugin (rules, presentation, AI heuristics), for host, storage,
conformance and end-to-end tests: ``games`` resolves it beside the built-in games."""

from __future__ import annotations

import functools
import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image as PILImage
from PIL import ImageDraw

import plugins
from engine.ai import GenericHeuristics
from engine.core import ActionChoice
from plugins import GamePlugin
from render.controls import Choose, Controls, Group, Stepper, StepRow, TwoStep
from render.presentation import (
    Image,
    Picture,
    Presentation,
    StepWords,
    View,
    Words,
    description,
    first_private,
    seat_colours,
)
from tests.toy.game import TOY, ToyAction, ToyState

__all__ = ["PLUGIN", "PLUGINS", "TOY", "ToyAction", "ToyState", "games"]


def _png(lines: Sequence[str]) -> bytes:
    image = PILImage.new("RGB", (360, 24 + 18 * len(lines)), "white")
    draw = ImageDraw.Draw(image)
    for i, line in enumerate(lines):
        draw.text((12, 12 + 18 * i), line, fill="black")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def _board(view: View, names: Sequence[str]) -> Image:
    lines = [
        f"{names[s['seat']] if s['seat'] < len(names) else s['seat']}: {s['score']} points"
        for s in view["seats"]
    ]
    return Image("board.png", _png(["Toy", *lines]))


def _text_board(view: View, names: Sequence[str]) -> list[str]:
    """The board's lines as text: each seat's points and cards in hand, whose turn."""
    lines = [
        f"{_name(names, s['seat'])}: {s['score']} points, {s['hand_size']} cards in hand"
        for s in view["seats"]
    ]
    turn = view.get("turn")
    return [*lines, "Game over" if view.get("over") else f"Now: {_name(names, turn)}"]


def _describe(view: View, names: Sequence[str], key: str) -> str:
    """A picture's description: the board's says each seat's points and whose turn; the
    hand's says the cards in it."""
    if key == "cards":
        return description([_hand(view).splitlines()[0] or "No cards"])
    return description(_text_board(view, names))


def _cards(view: View, name: str, choices: Sequence[ActionChoice]) -> Image | None:
    hand = view.get("hand")
    if not hand:
        return None
    return Image("hand.png", _png([f"{name}'s hand", " ".join(str(c) for c in hand)]))


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "Someone"


def _narrate(events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[str]:
    out = []
    for e in events:
        who = _name(names, e.get("seat"))
        match e.get("type"):
            case "CardPlayed":
                out.append(f"{who} played a {e['card']}")
            case "Passed":
                out.append(f"{who} passed")
            case "Knocked":
                out.append(f"{who} knocked: the game ends")
            case "BiddingStarted":
                out.append("Bidding: everyone bids 0, 1 or 2 in secret, then locks")
            case "BidLocked":
                out.append(f"{who} locked their bid")
            case "BidsRevealed":
                bids = ", ".join(f"{_name(names, s)} {b}" for s, b in enumerate(e["bids"]))
                won = e.get("winner")
                out.append(
                    f"Bids: {bids}" + (f"; {_name(names, won)} wins" if won is not None else "")
                )
    return out


def _decision(view: View) -> str:
    if view.get("bidding"):
        return "bid 0, 1 or 2 in secret, then lock"
    return "play a card or pass"


def _hand(view: View) -> str:
    hand = view.get("hand")
    if not isinstance(hand, list):
        return ""
    text = "Your hand: " + (", ".join(str(c) for c in hand) or "empty")
    if "bid" in view:
        text += f"\nYour bid: {view['bid']}"
    return text


def _controls(view: View, seat: int, choices: Sequence[ActionChoice]) -> Controls:
    """The bidding step as a stepper with a lock; with several slots a card is played in two
    steps (the card, then its slot); everything else as a flat choice."""
    by_notation = {c.notation: c for c in choices}
    lock = by_notation.get("lock")
    if lock is None:
        plays = [c for c in choices if c.notation.startswith("play ")]
        if any("/" in c.notation for c in plays):
            cards = sorted({c.notation.split()[1].split("/")[0] for c in plays}, key=int)
            groups = tuple(
                Group(
                    card,
                    f"Your {card}",
                    tuple(c for c in plays if c.notation.split()[1].split("/")[0] == card),
                )
                for card in cards
            )
            rest = tuple(c for c in choices if c not in plays)
            return TwoStep(groups, "Choose a card…", rest)
        return Choose(tuple(choices))
    bid = int(view.get("bid", 0))
    row = StepRow(
        "bid",
        "Your bid",
        bid,
        down=by_notation.get(f"bid {bid - 1}"),
        up=by_notation.get(f"bid {bid + 1}"),
    )
    extra = tuple(c for c in choices if not c.notation.startswith(("bid", "lock")))
    return Stepper((row,), f"Your bid: {bid} of at most 2", lock, extra)


PICTURES = (Picture("board", "Board", public=_board), Picture("cards", "My cards", private=_cards))

PRESENTATION = Presentation(
    pictures=PICTURES,
    picture_for=first_private(PICTURES),
    text_board=_text_board,
    describe_picture=_describe,
    words=Words(
        narrate=_narrate,
        decision=_decision,
        hand=_hand,
        rules={"overview": ("Overview", "Play cards to reach the target; bid in secret.")},
        score_labels={"points": "points"},
        step_words=StepWords(
            heading="⏳ **Bidding**: {what}",
            progress="Locked: {done} · still bidding: {deciding}",
            over="✅ **Every bid is in.** Locked: {everyone}.",
        ),
    ),
    colours=seat_colours,
    controls=_controls,
    quiet=frozenset({"pass"}),
)

PLUGIN = GamePlugin(TOY, PRESENTATION, functools.partial(GenericHeuristics, TOY, TOY.determinize))
PLUGINS = (PLUGIN,)


def games(kind: str) -> GamePlugin:
    """A plugin resolver for ``Host(games=...)``: the toy game, else the built-in games."""
    return PLUGIN if kind == TOY.key else plugins.get(kind)
