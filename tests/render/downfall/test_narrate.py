"""Public events in words (render/downfall/narrate.py, render/text.py): what players read."""

from __future__ import annotations

import re

from engine.core import deciders, redact
from engine.downfall import GAME
from render.downfall import PRESENTATION
from render.downfall.narrate import decision, hand, narrate
from render.text import clip_lines, duration, ranking

NAMES = ["Klaus", "Oliver", "Jurgen"]
BOARD_LABEL = re.compile(r"\b(?:N\d+|\d+[ab])\b")  # building labels (6b, N3): not on the board


def test_a_card_and_its_relatives_read_as_one_sentence() -> None:
    events = [
        {"type": "CardPlayed", "seat": 1, "card": 6, "square": "d4", "building": "6b",
         "joker": False},
        {"type": "RelativesEarned", "seat": 1, "count": 3, "building": "6b"},
        {"type": "RelativePlaced", "seat": 1, "square": "e6", "building": "9"},
        {"type": "RelativePlaced", "seat": 1, "square": "d2", "building": "N3"},
        {"type": "RelativesEnded", "seat": 1, "unused": 1, "reason": "pass"},
        {"type": "CardDrawn", "seat": 1},
    ]  # fmt: skip
    assert narrate(events, NAMES) == [
        "Oliver played 6 into d4 and placed 2 relatives: e6 (house 9), d2 (neutral building)",
        "1 relative stayed home",
    ]
    assert narrate(events[:2], NAMES) == ["Oliver played 6 into d4 and may bring 3 relatives"]


def test_omens_lava_escapes_and_the_end() -> None:
    events = [
        {"type": "OmenDrawn", "seat": 0},
        {"type": "PieceThrown", "seat": 0, "victim": 1, "colour": "black", "square": "c3",
         "building": "3a"},
        {"type": "LavaDrawn", "seat": 2, "tile": "mask", "left": 30, "last": False},
        {"type": "LavaPlaced", "seat": 2, "tile": "mask", "symbol": "mask", "square": "d4",
         "lost": [1, 0, 1], "gate_closed": None},
        {"type": "PieceSaved", "seat": 0, "from": "f3", "gate": "f1",
         "gate_name": "Porta Vesuvio", "path": ["f3", "f2", "f1"], "steps": 3, "points": 3},
        {"type": "GameEnded", "reason": "the last lava tile has been placed", "lost": [0, 2, 0],
         "outcome": {}},
    ]  # fmt: skip
    assert narrate(events, NAMES) == [
        "Klaus drew an Omen and threw Oliver's black piece from c3 (house 3) into the volcano",
        "Jurgen placed a mask tile: lava covered d4: 2 pieces lost (1 red, 1 yellow)",
        "Klaus escaped from f3 through Porta Vesuvio",
        "The game is over: the last lava tile has been placed; left in the city: "
        "2 pieces lost (2 black)",
    ]


def test_the_omen_says_who_threw_and_whose_piece() -> None:
    """The Omen line used to name neither the player who drew it nor the piece's owner."""
    thrown = {"type": "PieceThrown", "seat": 2, "victim": 0, "colour": "red", "square": "k6",
              "building": "11b"}  # fmt: skip
    assert narrate([{"type": "OmenDrawn", "seat": 2}, thrown], NAMES) == [
        "Jurgen drew an Omen and threw Klaus's red piece from k6 (house 11) into the volcano"
    ]
    # the choice as a move of its own (the Omen was drawn in an earlier message)
    assert narrate([thrown], NAMES) == [
        "Omen: Jurgen threw Klaus's red piece from k6 (house 11) into the volcano"
    ]


def test_a_played_out_game_narrates_every_move_without_secrets() -> None:
    game = GAME
    state = game.new_game(3, 3, {})
    said = 0
    while deciders(game, state):
        seat = min(deciders(game, state))
        legal = game.legal_actions(state, seat)
        action = next((a for a in legal if game.format_action(a) == "pass"), legal[0])
        transition = game.apply(state, seat, action)
        public = [redact(e, None) for e in transition.events]
        lines = narrate(public, NAMES)
        said += len(lines)
        assert not any(BOARD_LABEL.search(line) for line in lines), lines  # what the board shows
        for event in transition.events:
            if event["type"] == "CardDrawn":
                card = event["secret"]["card"]
                assert not any(f"drew a {card}" in line or "drew a card" in line for line in lines)
        assert all(line[:1].isupper() or line[:1].isdigit() for line in lines), lines
        state = transition.state
    assert said > 100


def test_decision_hand_and_shared_helpers() -> None:
    game = GAME
    state = game.new_game(3, 2, {})
    seat = state.seat
    view = game.view(state, seat)
    assert decision(view) == "play a card and place a piece"
    assert hand(view) == "Your hand: " + ", ".join(str(c) for c in view["hand"])
    assert hand(game.view(state, None)) == ""
    assert set(PRESENTATION.words.rules) >= {"overview", "eruption", "lava", "moving", "end"}
    assert [duration(s) for s in (300, 3600, 86400, 3 * 86400, 90)] == [
        "5 minutes", "1 hour", "24 hours", "3 days", "2 minutes",
    ]  # fmt: skip
    outcome = {"places": [2, 1], "scores": [{"saved": 3, "volcano": 9}, {"saved": 5, "volcano": 4}]}
    labels = PRESENTATION.words.score_labels
    assert ranking(outcome, ["Ann", "Bo"], labels) == [
        "🥇 1. Bo — 5 saved, 4 in the volcano",
        "🥈 2. Ann — 3 saved, 9 in the volcano",
    ]
    assert clip_lines(["a" * 10, "b" * 10, "c" * 10], 25) == "…\n" + "b" * 10 + "\n" + "c" * 10
