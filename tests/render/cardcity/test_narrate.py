"""Pompeji in words (render/narrate_cardcity.py): the hand line, the final score sheet and the
rules topics, as players read them."""

from __future__ import annotations

import render.cardcity
import render.downfall
from engine.cardcity import GAME
from engine.cardcity.game import playout
from engine.core import deciders, redact, waited
from render.cardcity.narrate import RULES, card_name, hand, narrate, score_sheet

NAMES = ["Ann", "Bob", "Cy"]


def test_the_hand_line_names_the_cards_the_unused_statue_and_the_permit() -> None:
    view = GAME.view(GAME.new_game(3, 3, {"permit_uses": 2}), 0)
    text = hand(view)
    first, extras = text.split("\n")
    named = [f"{c['building']}" for c in view["hand"]]
    assert first.startswith("Your hand: ") and len(first.split(", ")) == len(named) == 3
    assert "statue is unused" in extras and "`statue Ar g8`" in extras
    assert "2 uses left" in extras
    assert hand(GAME.view(GAME.new_game(3, 3, {}), None)) == ""  # the public view has no hand


def test_the_score_sheet_shows_plays_minus_the_hand_the_total_and_the_place() -> None:
    final = GAME.view(playout(GAME.new_game(3, 3, {}), 5), None)
    outcome = final["outcome"]
    lines = render.cardcity.PRESENTATION.words.final(outcome, final, NAMES)
    assert lines == score_sheet(outcome, final, NAMES)
    # Seed 3, playout 5: Bob 222 - Baths·blue·5, Ann 203 and no cards, Cy 68 - Baths·purple·7.
    assert lines == [
        "🥇 1. Bob — 222 from plays − 5 in hand (Baths·blue·5) = **217**",
        "🥈 2. Ann — 203 from plays − 0 in hand = **203**",
        "🥉 3. Cy — 68 from plays − 7 in hand (Baths·purple·7) = **61**",
    ]
    assert [s["final"] for s in outcome["scores"]] == [203, 217, 61]


def test_ties_share_the_place_on_the_sheet() -> None:
    outcome = {
        "places": [1, 1],
        "scores": [
            {"final": 30, "built": 31, "hand": -1},
            {"final": 30, "built": 30, "hand": 0},
        ],
    }
    view = {"hands": [["Tr"], []], "legend": GAME.view(GAME.new_game(1, 2, {}), None)["legend"]}
    assert score_sheet(outcome, view, NAMES) == [
        "🥇 1. Ann — 31 from plays − 1 in hand (Temple·red·1) = **30**",
        "🥇 1. Bob — 30 from plays − 0 in hand = **30**",
    ]


def test_a_game_without_a_sheet_gets_the_plain_ranking() -> None:
    outcome = {"places": [2, 1], "scores": [{"saved": 3}, {"saved": 5}]}
    lines = render.downfall.PRESENTATION.words.final(outcome, {}, NAMES)
    assert lines[0].startswith("🥇 1. Bob — 5 saved")


def test_a_draw_is_narrated_but_never_the_card() -> None:
    """Players read "kept their hand" but never that a card was drawn. Every draw is said now,
    with the play or discard it follows; which card stays secret: narrating the raw events
    (with the drawer's ``secret``) gives the same words as the public, redacted ones."""
    state = GAME.new_game(4, 3, {})
    draws = said = 0
    for _ in range(400):
        if not deciders(GAME, state):
            break
        seat = min(waited(GAME.pending(state)) or deciders(GAME, state))
        legal = GAME.legal_actions(state, seat)
        transition = GAME.apply(state, seat, legal[(draws * 7 + said) % len(legal)])
        public = [redact(e, None) for e in transition.events]
        lines = narrate(public, NAMES)
        assert narrate(list(transition.events), NAMES) == lines  # the secret is never read
        drawn = [e for e in transition.events if e["type"] == "CardDrawn"]
        if drawn:
            assert " ".join(lines).count("drew a card") == len(drawn), lines
            for e in drawn:
                card = e["secret"]["card"]
                assert not any(card_name(card) in line for line in lines), (card, lines)
        draws += len(drawn)
        said += len(lines)
        state = transition.state
    assert draws > 20
    play = {"type": "CardPlayed", "seat": 1, "card": "Tr", "cell": "g8", "points": 5}
    drew = {"type": "CardDrawn", "seat": 1}
    assert narrate([play, drew], NAMES) == [
        "Bob built Temple·red on g8 for 5 points and drew a card"
    ]
    assert narrate([drew], NAMES) == ["Bob drew a card"]  # a draw decided after the 1st volcano


def test_rules_topics_cover_the_permit_window_and_the_notation() -> None:
    assert {"overview", "placing", "scoring", "statue", "permit", "end", "moves"} <= set(RULES)
    permit = RULES["permit"][1]
    assert "permit_window" in permit and "first claim wins" in permit and "DM" in permit
    # Issue 13: a claim commits (C7), the mover's offer (C3), preparing (C20-C21), orders.
    assert "A claim commits" in permit and "cannot be taken back" in permit
    assert "timeout policy plays it" in permit
    assert "confirmation of their turn" in permit
    assert "prepare their move" in permit and "choose again" in permit
    assert "`/game interrupts`" in permit and "only after one player's turns" in permit
    moves = RULES["moves"][1]
    assert "`play Tr g8`" in moves and "`statue Ar g8`" in moves and "`nodraw`" in moves
    assert all(len(title) <= 100 and len(text) < 1700 for title, text in RULES.values())


def test_the_window_decision_says_the_next_player_waits_for_it() -> None:
    text = render.cardcity.PRESENTATION.words.decision({"stage": "window"})
    assert "building permit" in text and "then the next player's turn" in text


def test_a_prepared_move_is_told_but_never_where_and_its_drop_only_to_its_player() -> None:
    state = GAME.new_game(1, 3, {"permit_window": 900, "first_seat": 0})
    state = GAME.apply(state, 0, GAME.parse_action("play Gw f7")).state
    prepared = GAME.apply(state, 1, GAME.parse_action("statue Ab e7")).events
    assert narrate([redact(e, None) for e in prepared], NAMES) == ["Bob prepared their move"]
    # Dropped after an interrupt (C21): the table hears nothing (it would tell where the move
    # was aimed); its player, whose event keeps its secret, is told what no longer fits.
    dropped = {
        "type": "PreparedMoveDropped",
        "seat": 1,
        "secret": {"move": "statue Ab e7", "reason": "taken"},
        "secret_for": [1],
    }
    assert narrate([redact(dropped, None)], NAMES) == []
    assert narrate([redact(dropped, 1)], NAMES) == [
        "Bob's prepared move (`statue Ab e7`) no longer fits after the interrupt: choose again"
    ]
