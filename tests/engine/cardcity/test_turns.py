"""A turn: place, score, draw; the statue; the discard when nothing fits; the end phase; the end."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.cardcity import GAME
from engine.cardcity.actions import (
    DRAW,
    NODRAW,
    Discard,
    PlayCard,
    PlayStatue,
    card_code,
    parse_action,
)
from engine.cardcity.game import legal_actions, outcome, to_act
from engine.core import IllegalActionError, NotYourTurnError, RuleError, redact
from tests.engine.cardcity.helpers import V, card, cards, play, scenario, types

NO_PERMITS = (0, 0)


def test_play_scores_draws_back_to_three_and_passes_the_turn() -> None:
    state = scenario({"g7": "Tr"}, [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"]], permits=NO_PERMITS)
    top = state.deck[0]
    after, events = play(state, (0, "play Fo h7"))
    assert types(events) == ["CardPlayed", "CardDrawn"]
    assert events[0]["points"] == 0
    assert sorted(after.hands[0]) == sorted((card("Ay"), card("Bg"), top))
    assert (6, 7, card("Fo")) in after.city
    assert to_act(after) == frozenset({1})


def test_drawn_card_is_secret_to_everyone_but_the_drawer() -> None:
    state = scenario({"g7": "Tr"}, [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"]], permits=NO_PERMITS)
    _, events = play(state, (0, "play Fo h7"))
    drawn = events[1]
    assert redact(drawn, 0)["secret"] == {"card": card_code(state.deck[0])}
    assert "secret" not in redact(drawn, 1)
    assert "secret" not in redact(drawn, None)


def test_building_and_colour_matches_score_with_our_card_values() -> None:
    state = scenario(
        {"g7": "Tr", "h7": "Fo"}, [["Tb", "Ao", "Bg"], ["Vp", "Wb", "Gw"]], permits=NO_PERMITS
    )
    _, events = play(state, (0, "play Tb i7"))  # Temples 1 + 2 in the row
    assert events[0]["points"] == 3
    _, events = play(state, (0, "play Ao g8"))  # orange: Forum·orange·4 on the "/" diagonal
    assert events[0]["points"] == 5
    assert events[0]["streets"] == [
        {"line": "column", "cells": ["g7", "g8"], "building": 0, "colour": 0, "seventh": 0},
        {"line": "diagonal /", "cells": ["h7", "g8"], "building": 0, "colour": 5, "seventh": 0},
    ]


def test_illegal_placements_are_refused_with_a_reason() -> None:
    state = scenario({"g7": "Tr"}, [["Fo", "To", "Bg"], ["Vp", "Wb", "Gw"]], permits=NO_PERMITS)
    with pytest.raises(IllegalActionError, match="same building or colour"):
        GAME.apply(state, 0, parse_action("play To h7"))
    with pytest.raises(IllegalActionError, match="corner"):
        GAME.apply(state, 0, parse_action("play Fo h8"))
    with pytest.raises(IllegalActionError, match="already built"):
        GAME.apply(state, 0, parse_action("play Fo g7"))
    with pytest.raises(IllegalActionError, match="don't hold"):
        GAME.apply(state, 0, parse_action("play Gw h7"))
    with pytest.raises(NotYourTurnError):
        GAME.apply(state, 1, parse_action("play Vp h7"))


def test_statue_scores_as_declared_with_value_1_and_draws_nothing() -> None:
    state = scenario(
        {"g7": "Tr", "h7": "Fo"}, [["Tb", "Ao", "Bg"], ["Vp", "Wb", "Gw"]], permits=NO_PERMITS
    )
    deck = state.deck
    after, events = play(state, (0, "statue Fb g8"))
    assert types(events) == ["StatuePlayed"]
    assert events[0]["points"] == 5  # Forum·orange·4 + statue 1 on the "/" diagonal
    assert after.hands[0] == state.hands[0] and after.deck == deck
    assert all(not isinstance(a, PlayStatue) for a in legal_actions(after, 0))
    later = replace(after, turn=0, actor=0)
    with pytest.raises(IllegalActionError, match="already played your statue"):
        GAME.apply(later, 0, parse_action("statue Ab f7"))


def test_statue_is_neutral_once_scored() -> None:
    state = scenario(
        {"g7": "Tr", "h7": "Fo"}, [["Tb", "Fg", "Bg"], ["Vp", "Wb", "Gw"]], permits=NO_PERMITS
    )
    state, _ = play(state, (0, "statue Fb g8"), (1, "play Wb f7"))
    # A Forum touching the Forum-declared statue is fine now, and does not score with it.
    state, events = play(state, (0, "play Fg g9"))
    assert events[0]["points"] == 0
    assert events[0]["streets"][0]["cells"] == ["g7", "g8", "g9"]


def test_c14_discard_only_when_no_card_fits_then_draw() -> None:
    state = scenario(
        {"g7": "Tr"}, [["To", "Ty", "Fr"], ["Vp", "Wb", "Gw"]], permits=NO_PERMITS, statue_used=[0]
    )
    legal = legal_actions(state, 0)
    assert legal == [Discard(c) for c in sorted(cards(["To", "Ty", "Fr"]))]
    top = state.deck[0]
    after, events = play(state, (0, "discard Ty"))
    assert types(events) == ["CardDiscarded", "CardDrawn"]
    assert after.discards == (card("Ty"),)
    assert sorted(after.hands[0]) == sorted((card("To"), card("Fr"), top))
    assert to_act(after) == frozenset({1})
    fits = scenario({"g7": "Tr"}, [["Fo", "Ty", "Fr"], ["Vp", "Wb", "Gw"]], permits=NO_PERMITS)
    with pytest.raises(IllegalActionError, match="only when none of your cards fits"):
        GAME.apply(fits, 0, parse_action("discard Ty"))


def test_end_phase_draw_is_a_choice() -> None:
    state = scenario(
        {"g7": "Tr"}, [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"]], permits=NO_PERMITS, volcanoes=1
    )
    after, events = play(state, (0, "play Fo h7"))
    assert types(events) == ["CardPlayed"]
    assert to_act(after) == frozenset({0}) and legal_actions(after, 0) == [DRAW, NODRAW]
    kept, events = play(after, (0, "nodraw"))
    assert types(events) == ["DrawSkipped"] and len(kept.hands[0]) == 2
    assert kept.deck == state.deck and to_act(kept) == frozenset({1})
    drew, _ = play(after, (0, "draw"))
    assert len(drew.hands[0]) == 3 and drew.deck == state.deck[1:]


def test_playing_the_last_card_forces_a_draw() -> None:
    state = scenario({"g7": "Tr"}, [["Fo"], ["Vp", "Wb"]], permits=NO_PERMITS, volcanoes=1)
    after, events = play(state, (0, "play Fo h7"))
    assert types(events) == ["CardPlayed", "CardDrawn"]
    assert after.hands[0] == state.deck[:1]


def test_c8_first_volcano_starts_the_end_phase_and_the_drawer_chooses() -> None:
    state = scenario(
        {"g7": "Tr"},
        [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"]],
        [V, "Gr", "Ab", V],
        permits=NO_PERMITS,
    )
    after, events = play(state, (0, "play Fo h7"))
    assert types(events) == ["CardPlayed", "VolcanoDrawn"]
    assert events[1]["number"] == 1 and after.end_phase
    assert legal_actions(after, 0) == [DRAW, NODRAW]
    after, _ = play(after, (0, "draw"))
    assert card("Gr") in after.hands[0]


def test_second_volcano_ends_the_game_and_hands_count_against() -> None:
    state = scenario(
        {"g7": "Tr"}, [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"]], [V], permits=NO_PERMITS,
        volcanoes=1,
    )  # fmt: skip
    state = replace(state, scores=(20, 12))
    over, events = play(state, (0, "play Fo h7"), (0, "draw"))
    assert types(events)[-2:] == ["VolcanoDrawn", "GameEnded"]
    assert to_act(over) == frozenset()
    result = outcome(over)
    assert result is not None
    # seat 0: 20 - (Ay 7 + Bg 3) = 10; seat 1: 12 - (Vp 1 + Wb 7 + Gw 5) = -1
    assert [s["final"] for s in result.scores] == [10, -1]
    assert result.winners == frozenset({0}) and result.places == (1, 2)
    with pytest.raises(RuleError, match="over"):
        GAME.apply(over, 1, parse_action("play Vp h8"))


def test_play_card_actions_list_every_legal_space() -> None:
    state = scenario({"g7": "Tr"}, [["Fo", "Ty", "Fr"], ["Vp", "Wb", "Gw"]], permits=NO_PERMITS)
    plays = {a for a in legal_actions(state, 0) if isinstance(a, PlayCard)}
    spaces = {(5, 6), (7, 6), (6, 5), (6, 7)}
    assert plays == {PlayCard(card("Fo"), s) for s in spaces}


@pytest.mark.parametrize("stage_moves", [(), ((0, "play Fo h7"),)])
def test_something_that_is_not_a_move_is_refused(stage_moves: tuple[tuple[int, str], ...]) -> None:
    state = scenario({"g7": "Tr"}, [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"]], volcanoes=1)
    state, _ = play(state, *stage_moves)
    seat = min(to_act(state))
    with pytest.raises(IllegalActionError):
        GAME.apply(state, seat, "play Fo h7")  # type: ignore[arg-type]
