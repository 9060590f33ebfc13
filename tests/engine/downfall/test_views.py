"""Views, events, describe_action, JSON and replay: what the other layers rely on."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from engine.core import Record, ReplayMismatchError, deciders, redact, replay
from engine.downfall import GAME, board, determinize, format_action, parse_action, playout
from engine.downfall.tables import AD79, OMEN
from engine.rng import Rng
from tests.engine.downfall.helpers import BLACK, RED, act, position


def test_the_downfall_game_declares_its_title_options_and_table_sizes() -> None:
    assert GAME.title == "The Downfall of Pompeii"
    assert [o.name for o in GAME.options] == ["dual_vent"]
    assert GAME.capabilities.player_counts == (2, 3, 4)
    assert not GAME.capabilities.simultaneous and not GAME.capabilities.secret_actions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_four_cards_each_and_a_stock_of_8_ad79_32(players: int) -> None:
    state = GAME.new_game(11, players)
    assert all(len(h) == 4 for h in state.hands)
    assert len(state.removed) == 4 * (5 - players)
    assert len(state.stock) == 41 and state.stock[8] == AD79
    assert Counter(state.stock[9:])[OMEN] == 7
    cards = Counter(c for h in state.hands for c in h) + Counter(state.removed)
    cards += Counter(c for c in state.stock if c < OMEN)
    assert sum(cards.values()) == 53
    assert state.seat == (state.dealer + 1) % players
    assert state.supply == ((36, 36), (30,) * 3, (25,) * 4)[players - 2]


def test_the_dealer_is_random_and_the_setup_reproducible() -> None:
    dealers = {GAME.new_game(seed, 4).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert GAME.new_game(5, 3) == GAME.new_game(5, 3)
    assert GAME.new_game(5, 3).hands != GAME.new_game(6, 3).hands


def test_public_and_player_views() -> None:
    state = position(pieces={"d4": "01", "c3": "2"}, hands=[(6, 9), (2, 3), (5,)], stock=(1, 2))
    public = GAME.view(state, None)
    assert "hand" not in public and "seat" not in public
    assert public["squares"] == {"d4": [0, 1], "c3": [2]}
    assert public["pending"]["seat"] == RED and public["pending"]["kind"] == "play"
    assert [s["hand_size"] for s in public["seats"]] == [2, 2, 1]
    assert public["stock_size"] == 2
    mine = GAME.view(state, BLACK)
    assert mine["hand"] == [2, 3] and mine["jokers"] == [False, False]
    assert {
        k: v for k, v in mine.items() if k not in ("seat", "hand", "jokers", "can_erupt")
    } == public
    json.dumps(mine)


def test_last_turn_shows_what_to_highlight_and_hides_the_drawn_card() -> None:
    state = position(seething=True, pieces={"c4": "1"}, hands=[(6, 4), (2,), (5,)], stock=(11, 2))
    state, _ = act(state, RED, "play 6 c4")
    state, events = act(state, RED, "relative d6")
    last = GAME.view(state, None)["last_turn"]
    assert last["seat"] == RED
    assert [e["type"] for e in last["events"]] == [
        "CardPlayed",
        "RelativesEarned",
        "RelativePlaced",
        "CardDrawn",
    ]
    assert "secret" not in last["events"][-1]
    drawn = events[-1]
    assert drawn["secret"] == {"card": 11} and drawn["secret_for"] == [RED]
    assert "secret" not in redact(drawn, BLACK) and redact(drawn, RED) == drawn
    assert GAME.view(state, None)["current_turn"] == {"seat": BLACK, "events": []}


def test_describe_action_labels() -> None:
    state = position(
        seething=True,
        pieces={"c4": "00", "c5": "0", "d4": "00", "d5": "00"},
        hands=[(6, 1), (2,), (5,)],
        stock=(1,),
    )
    assert GAME.describe_action(state, RED, parse_action("play 6 d2")) == (
        "Play 6 as a joker → d2 (neutral building)"
    )
    assert GAME.describe_action(state, RED, parse_action("play 1 a2")) == "Play 1 → a2"
    escape = position(phase="escape", pending="move", pieces={"d4": "001", "d7": "11", "d6": "0"})
    assert GAME.describe_action(escape, RED, parse_action("move d4 f4")) == (
        "Move d4 → f4 (2 steps)"
    )
    assert GAME.describe_action(escape, RED, parse_action("move d6 out g7")).startswith(
        "Move d6 out through Porta di Stabia (g7)"
    )
    lava = position(phase="lava_setup", pending="lava", tile="mask", pieces={"d7": "11"})
    assert GAME.describe_action(lava, RED, parse_action("lava d7")) == (
        "Lava (mask) on d7 — 2 pieces lost"
    )


BOARD_LABEL = re.compile(r"\b(?:N\d+|\d+[ab]|B\d+[ab]?)\b")  # 6b, N3, B6b: not on the board


def test_menus_and_prompts_name_only_what_the_board_shows() -> None:
    """The board shows squares (d4) and house numbers, never the notation's building labels
    (6b, N8): menu labels and the prompt say squares and "house 6"; a house number named next
    to a square is the number printed on that square's building."""
    seen: Counter[str] = Counter()
    for seed, players in ((5, 3), (8, 4)):
        state = GAME.new_game(seed, players)
        rng = Rng(seed)
        while deciders(GAME, state):
            seat = state.seat
            actions = GAME.legal_actions(state, seat)
            for action in actions:
                label = GAME.describe_action(state, seat, action)
                assert not BOARD_LABEL.search(label), label
                for square, house in re.findall(r"\b([a-k][1-7]) \(house (\d+)\)", label):
                    assert board.BUILDING_AT[square].number == int(house), label
                seen[label.split()[0]] += 1
            prompt = GAME.view(state, None)["pending"]["prompt"]
            assert not BOARD_LABEL.search(prompt), prompt
            index, rng = rng.below(len(actions))
            state = GAME.apply(state, seat, actions[index]).state
    assert seen["Play"] and seen["Relative"] and seen["Throw"] and seen["Lava"] and seen["Move"]


def _random_game(seed: int, players: int) -> tuple[list[Record], object]:
    rng = Rng(seed)
    state = GAME.new_game(seed, players)
    records = []
    while deciders(GAME, state):
        seat = state.seat
        actions = GAME.legal_actions(state, seat)
        index, rng = rng.below(len(actions))
        transition = GAME.apply(state, seat, actions[index])
        records.append(Record(seat, format_action(actions[index]), transition.events))
        state = transition.state
    return records, state


def test_replaying_the_log_gives_the_same_state_and_a_tampered_log_is_caught() -> None:
    records, final = _random_game(3, 3)
    stored = [Record(r.seat, r.action, tuple(json.loads(json.dumps(r.events)))) for r in records]
    assert replay(GAME, 3, 3, None, stored) == final
    drawn = next(
        i for i, r in enumerate(stored) if r.events and r.events[-1]["type"] == "CardDrawn"
    )
    bad = list(stored)
    event = dict(bad[drawn].events[-1], secret={"card": 99})
    bad[drawn] = Record(bad[drawn].seat, bad[drawn].action, (*bad[drawn].events[:-1], event))
    with pytest.raises(ReplayMismatchError):
        replay(GAME, 3, 3, None, bad)


def test_state_json_round_trip_through_text() -> None:
    _, final = _random_game(8, 4)
    text = json.dumps(GAME.state_to_json(final))
    assert GAME.state_from_json(json.loads(text)) == final
    assert "stock" in text  # the storage copy is complete; views are what stay secret


@pytest.mark.parametrize("steps", [3, 14])
def test_determinize_keeps_what_the_seat_knows_and_resamples_the_rest(steps: int) -> None:
    state = GAME.new_game(21, 3)
    for _ in range(steps):  # before, then after the first A.D. 79
        state = GAME.apply(state, state.seat, GAME.legal_actions(state, state.seat)[0]).state
    samples = [determinize(state, RED, seed) for seed in range(30)]
    for other in samples:
        assert other.hands[RED] == state.hands[RED]
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
        assert len(other.stock) == len(state.stock)
        assert Counter(other.stock)[OMEN] == Counter(state.stock)[OMEN]
        unseen = Counter(c for s in (1, 2) for c in other.hands[s]) + Counter(other.removed)
        unseen += Counter(c for c in other.stock if c < OMEN)
        real = Counter(c for s in (1, 2) for c in state.hands[s]) + Counter(state.removed)
        real += Counter(c for c in state.stock if c < OMEN)
        assert unseen == real
        assert GAME.view(other, RED) == GAME.view(state, RED)
        if state.seething:
            assert AD79 in other.stock[-16:]
        else:
            assert other.stock.index(AD79) == state.stock.index(AD79)
    assert state.seething == (steps > 8)
    assert len({s.hands[BLACK] for s in samples}) > 1
    assert len({s.stock for s in samples}) == len(samples)
    assert playout(samples[0], 1).phase == "over"
