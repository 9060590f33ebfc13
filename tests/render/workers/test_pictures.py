"""Which picture a player's decision message carries (``picture_for``), tried on the real
decisions of whole games: the board for a placement, the tablets for an offering or a choice
of goods, the hand for a choice among one's own cards."""

from __future__ import annotations

from collections import Counter

from engine.workers import GAME
from render.workers import PRESENTATION
from tests.render.workers import positions

GAMES = ((1, 3, {}), (3, 1, positions.GENTLE), (4, 5, {}), (2, 3, {}))
EXPECTED = {
    "place": "board",
    "setup_red": "board",
    "offering": "tablets",
    "setup_goods": "tablets",
    "trade": "tablets",
    "give": "tablets",
    "steal": "tablets",
    "choose": "tablets",
    "reward": "cards",
    "piazza": "cards",
    "keep": "cards",
    "take": "cards",
    "stack": "cards",
    "injure": "board",
    "cover": "board",
    "mark": "board",
    "seize": "board",
    "freebuild": "board",
}


def test_each_decision_carries_the_picture_it_needs() -> None:
    seen: Counter[tuple[str, str]] = Counter()
    for players, seed, options in GAMES:
        for s in positions.states(players, seed, options)[::3]:
            for seat in positions.deciding(s):
                view = GAME.view(s, seat)
                choices = positions.choices(s, seat)
                kind = str(view["decision"]["kind"])
                key = PRESENTATION.picture_for(view, choices)
                seen[kind, key] += 1
                if kind == "window":
                    halt = any(c.notation == "halt" for c in choices)
                    assert key == ("cards" if halt else "board")
                else:
                    assert key == EXPECTED[kind], (kind, [c.notation for c in choices])
                assert PRESENTATION.picture(key) is not None
    kinds = {kind for kind, _key in seen}
    assert {"place", "offering", "reward", "trade", "piazza"} <= kinds, seen


def test_no_choice_shows_the_players_own_cards() -> None:
    """`/hand` or **My hand** between turns: a look at one's own cards."""
    view = positions.public("mid")
    assert PRESENTATION.picture_for(view, []) == "cards"
