"""Notation: short, typeable, case-insensitive, with messages a player understands."""

from __future__ import annotations

import pytest

from engine.cardcity.actions import (
    CLAIM,
    DECLINE,
    DRAW,
    NODRAW,
    SIZE,
    WITHDRAW,
    Discard,
    PlayCard,
    PlayStatue,
    format_action,
    parse_action,
)
from engine.cardcity.api import GAME
from engine.core import IllegalActionError, NotationError, parse_legal
from tests.engine.cardcity.helpers import card, play, scenario


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("play Tr g8", PlayCard(card("Tr"), (7, 6))),
        ("play Gg a1", PlayCard(card("Gg"), (0, 0))),
        ("play Ww m13", PlayCard(card("Ww"), (12, 12))),
        ("statue Ar h7", PlayStatue(2, 0, (6, 7))),
        ("discard Bp", Discard(card("Bp"))),
        ("draw", DRAW),
        ("nodraw", NODRAW),
        ("claim", CLAIM),
        ("decline", DECLINE),
        ("withdraw", WITHDRAW),
    ],
)
def test_c18_canonical_notation_round_trips(text: str, action: object) -> None:
    assert parse_action(text) == action
    assert format_action(parse_action(text)) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("PLAY tR G8", "play Tr g8"),
        ("  play   T1r   g8 ", "play Tr g8"),
        ("pass", "decline"),
        ("keep", "nodraw"),
        ("Statue aR H7", "statue Ar h7"),
    ],
)
def test_lenient_input(text: str, canonical: str) -> None:
    assert format_action(parse_action(text)) == canonical


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("", "Empty move"),
        ("build Tr g8", "Unknown move"),
        ("play Tr", "needs a card and a space"),
        ("play Xr g8", "no building `X`"),
        ("play Tz g8", "no colour `z`"),
        ("play T5r g8", "worth 1, not 5"),
        ("play Tr n1", "not a space"),
        ("play Tr a14", "not a space"),
        ("play Tr g0", "not a space"),
        ("draw now", "takes nothing"),
        ("discard", "needs one card"),
    ],
)
def test_bad_notation_explains_itself(text: str, hint: str) -> None:
    with pytest.raises(NotationError, match=hint):
        parse_action(text)


def test_describe_action_names_the_card_and_the_points() -> None:
    state = scenario({"g7": "Tr", "h7": "Fo"}, [["Tb", "Ao", "Bg"], ["Vp", "Wb", "Gw"]])
    assert GAME.describe_action(state, 0, parse_action("play Tb i7")) == (
        "Play Temple·blue·2 on i7 (+3)"
    )
    assert GAME.describe_action(state, 0, parse_action("statue Fb g8")) == (
        "Play your statue as Forum·blue on g8 (+5)"
    )
    state, _ = play(state, (0, "play Tb i7"))
    assert GAME.describe_action(state, 0, CLAIM) == (
        "Use your building permit: take another turn now"
    )
    assert GAME.describe_action(state, 0, DECLINE) == "Let it pass (keep your permit)"


def test_parse_legal_lists_the_legal_moves() -> None:
    state = scenario({"g7": "Tr"}, [["Fo", "To", "Fr"], ["Vp", "Wb", "Gw"]], statue_used=[0])
    legal = "`play Fo g6`, `play Fo f7`, `play Fo h7`, `play Fo g8`"
    with pytest.raises(IllegalActionError, match=f"Legal now: {legal}$"):
        parse_legal(GAME, state, 0, "play To h7")


def every_possible_action() -> list[object]:
    cells = [(r, c) for r in range(SIZE) for c in range(SIZE)]
    out: list[object] = [DRAW, NODRAW, CLAIM, DECLINE, WITHDRAW]
    for card_id in range(49):
        out.append(Discard(card_id))
        for cell in cells:
            out.append(PlayCard(card_id, cell))
            out.append(PlayStatue(card_id // 7, card_id % 7, cell))
    return out


def test_every_action_the_game_can_offer_round_trips_and_notations_are_unique() -> None:
    actions = every_possible_action()
    texts = [format_action(a) for a in actions]  # type: ignore[arg-type]
    assert [parse_action(t) for t in texts] == actions
    assert len(set(texts)) == len(texts)
