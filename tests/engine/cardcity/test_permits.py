"""The special building permit as an asynchronous window (spec §2.8, §4; rulings C3–C7)."""

from __future__ import annotations

import pytest

from engine.cardcity import GAME
from engine.cardcity.actions import (
    CLAIM,
    DECLINE,
    Discard,
    PlayCard,
    PlayStatue,
    format_action,
    parse_action,
)
from engine.cardcity.game import legal_actions, to_act
from engine.core import IllegalActionError, NotYourTurnError
from tests.engine.cardcity.helpers import HANDS, after_first_turn, play, scenario, types


def test_c3_window_opens_for_the_mover_and_other_holders_but_not_the_next_player() -> None:
    state = scenario({"g7": "Tr"}, HANDS)
    after, events = play(state, (0, "play Fo h7"))
    assert types(events) == ["CardPlayed", "CardDrawn", "WindowOpened"]
    assert events[-1] == {"type": "WindowOpened", "after": 0, "next": 1, "holders": [0, 2]}
    assert to_act(after) == frozenset({0, 2})
    assert legal_actions(after, 0) == [CLAIM, DECLINE] == legal_actions(after, 2)
    held, events = play(after, (1, "play Vp h8"))  # the next player only prepares (C20)
    assert types(events) == ["MovePrepared"] and held.city == after.city
    assert to_act(held) == frozenset({0, 2})


def test_c3_interrupt_then_the_due_player_plays_without_a_new_window() -> None:
    state, events = play(after_first_turn(), (2, "claim"), (2, "play Gy g8"))
    assert types(events) == ["PermitClaimed", "CardPlayed", "PermitSpent", "CardDrawn"]
    assert events[0]["kind"] == "interrupt" and events[1]["permit"] is True
    assert state.permits == (1, 1, 0)
    assert to_act(state) == frozenset({1})


def test_c3_second_turn_for_the_mover() -> None:
    state, events = play(after_first_turn(), (0, "claim"))
    assert events[0] == {"type": "PermitClaimed", "seat": 0, "kind": "second_turn"}
    assert to_act(state) == frozenset({0})
    state, _ = play(state, (0, "play Bg g8"))
    assert state.permits == (0, 1, 1) and to_act(state) == frozenset({1})


def test_c3_first_claim_wins() -> None:
    state, _ = play(after_first_turn(), (2, "claim"))
    with pytest.raises(NotYourTurnError):
        GAME.apply(state, 0, CLAIM)


def test_c3_window_closes_when_every_holder_declines() -> None:
    state, events = play(after_first_turn(), (0, "decline"))
    assert to_act(state) == frozenset({2})
    state, events = play(state, (2, "pass"))
    assert types(events) == ["PermitDeclined", "WindowClosed"]
    assert to_act(state) == frozenset({1}) and state.permits == (1, 1, 1)


def test_c3_no_window_when_nobody_has_a_permit_left() -> None:
    state = scenario({"g7": "Tr"}, HANDS, permits=(0, 1, 0))  # only the next player has one
    state, events = play(state, (0, "play Fo h7"))
    assert "WindowOpened" not in types(events) and to_act(state) == frozenset({1})


def test_c3_window_length_zero_leaves_only_the_second_turn_offer() -> None:
    state = after_first_turn(options={"permit_window": 0})
    assert to_act(state) == frozenset({0})


def test_c4_two_players_only_the_mover_is_asked() -> None:
    state = scenario({"g7": "Tr"}, HANDS[:2])
    state, events = play(state, (0, "play Fo h7"))
    assert events[-1]["holders"] == [0]


def test_c5_holder_without_a_placement_may_only_decline() -> None:
    hands = [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"], ["To", "Fr"]]
    state = scenario({"g7": "Tr"}, hands, statue_used=[2])
    state, _ = play(state, (0, "play Fo h7"))
    assert 2 in to_act(state)  # asked like everyone else: the public sees nothing of the hand
    assert legal_actions(state, 2) == [DECLINE]
    with pytest.raises(IllegalActionError, match="nothing in your hand"):
        GAME.apply(state, 2, CLAIM)


def test_c6_no_interrupt_inside_a_turn_or_after_a_permit_turn() -> None:
    state = scenario({"g7": "Tr"}, HANDS, volcanoes=1)
    state, _ = play(state, (0, "play Fo h7"))  # the draw decision is still part of the turn
    assert to_act(state) == frozenset({0})
    with pytest.raises(NotYourTurnError):
        GAME.apply(state, 2, CLAIM)
    state, _ = play(state, (0, "draw"), (2, "claim"), (2, "play Gy g8"), (2, "draw"))
    assert to_act(state) == frozenset({1})  # the gap is spent: no second permit


def test_c7_a_claim_commits_the_gap_cannot_be_blocked_for_free() -> None:
    """The exploit: claim, then decline, closed the window (the mover's second turn included)
    and kept the permit. Now the claimant must place, and spends the permit doing so."""
    state = GAME.new_game(1, 3, {"permit_uses": 1, "permit_window": 900, "first_seat": 0})
    state, _ = play(state, (0, "play Gw f7"), (2, "claim"))
    with pytest.raises(IllegalActionError, match="claim commits"):
        GAME.apply(state, 2, DECLINE)
    assert legal_actions(state, 0) == []  # the gap is the claimant's: no second turn
    assert to_act(state) == frozenset({2})  # and the due player waits (preparing, C20)
    legal = legal_actions(state, 2)
    assert legal and all(isinstance(a, PlayCard | PlayStatue) for a in legal)
    state, events = play(state, (2, format_action(legal[0])))
    assert types(events)[:2] == ["CardPlayed", "PermitSpent"]
    assert state.permits == (1, 1, 0) and to_act(state) == frozenset({1})


def test_permit_turn_cannot_discard() -> None:
    state, _ = play(after_first_turn(), (2, "claim"))
    legal = legal_actions(state, 2)
    assert not any(isinstance(a, Discard) for a in legal) and DECLINE not in legal
    with pytest.raises(IllegalActionError, match="must place"):
        GAME.apply(state, 2, parse_action("discard Wo"))


def test_variant_two_uses() -> None:
    state = after_first_turn(options={"permit_uses": 2})
    state, _ = play(state, (2, "claim"), (2, "play Gy g8"))
    assert state.permits == (2, 2, 1)
    state, events = play(state, (1, "play Wb f7"))
    assert events[-1]["holders"] == [0, 1]  # seat 2 is next; seat 1 may take a second turn
    state, _ = play(state, (0, "decline"), (1, "decline"), (2, "play Wo g6"))
    assert 2 in to_act(state)  # seat 2 still has its second use
