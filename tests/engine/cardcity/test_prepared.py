"""The next player prepares their move while a permit window or a permit turn keeps them
waiting (spec §4.4; rulings C20–C22 in docs/rules/cardcity.md §9)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine.cardcity import GAME, determinize
from engine.cardcity.actions import (
    CLAIM,
    WITHDRAW,
    Discard,
    PlayCard,
    PlayStatue,
    format_action,
    parse_action,
)
from engine.cardcity.data import VOLCANO
from engine.cardcity.game import State, legal_actions, to_act
from engine.cardcity.turns import placement_error
from engine.core import Decision, IllegalActionError, NotYourTurnError, Record, redact, replay
from tests.engine.cardcity.helpers import HANDS, after_first_turn, card, play, scenario, types


def decisions(state: State) -> dict[str, Decision[object]]:
    return {d.kind: d for d in GAME.pending(state)}


def dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


# --------------------------------------------------------------------------- C20: preparing


def test_c20_the_next_player_may_prepare_while_the_window_is_open() -> None:
    state = after_first_turn()
    found = decisions(state)
    assert found.keys() == {"window", "option"}
    option = found["option"]
    assert option.seats == frozenset({1}) and not option.waits
    assert option.time_limit is None and option.defaults == {}
    assert 1 not in found["window"].seats  # C4: the next player holds no window
    # What they may prepare is what they could play if the window closed now.
    closed = play(state, (0, "decline"), (2, "decline"))[0]
    assert to_act(closed) == frozenset({1})
    assert legal_actions(state, 1) == legal_actions(closed, 1)


def test_c20_a_prepared_move_is_held_not_played() -> None:
    state = after_first_turn()
    held, events = play(state, (1, "play Vp h8"))
    assert types(events) == ["MovePrepared"]
    assert held.city == state.city and held.hands == state.hands and held.deck == state.deck
    assert to_act(held) == frozenset({0, 2}) and held.stage == "window"
    assert held.prepared == parse_action("play Vp h8")
    assert GAME.describe_action(state, 1, parse_action("play Vp h8")).startswith(
        "Prepare: play Villa·purple"
    )


def test_c20_choosing_again_replaces_and_withdraw_takes_it_back() -> None:
    state = after_first_turn()
    assert WITHDRAW not in legal_actions(state, 1)
    with pytest.raises(IllegalActionError, match="no prepared move"):
        GAME.apply(state, 1, WITHDRAW)
    held, events = play(state, (1, "play Vp h8"), (1, "play Wb f7"))
    assert [e["replaced"] for e in events] == [False, True]
    assert held.prepared == parse_action("play Wb f7") and WITHDRAW in legal_actions(held, 1)
    gone, events = play(held, (1, "withdraw"))
    assert events == [{"type": "PreparedMoveWithdrawn", "seat": 1}] and gone.prepared is None
    after, events = play(gone, (0, "decline"), (2, "decline"))
    assert types(events)[-1] == "WindowClosed" and to_act(after) == frozenset({1})


def test_c20_only_a_legal_move_can_be_prepared_and_only_a_move() -> None:
    state = after_first_turn()
    with pytest.raises(IllegalActionError, match=r"cannot prepare.*Forum·orange"):
        GAME.apply(state, 1, parse_action("play Fo i7"))  # not in seat 1's hand
    with pytest.raises(IllegalActionError, match=r"cannot prepare.*already built"):
        GAME.apply(state, 1, parse_action("play Vp h7"))
    with pytest.raises(IllegalActionError, match="only when none of your cards fits"):
        GAME.apply(state, 1, parse_action("discard Vp"))
    with pytest.raises(IllegalActionError, match="not your turn yet"):
        GAME.apply(state, 1, CLAIM)


def test_c20_a_discard_is_prepared_when_nothing_fits() -> None:
    # Around Tr and Fo, a card fits nowhere if it is (Temple or red) and (Forum or orange).
    hands = [["Fo", "Ay", "Bg"], ["To", "Fr"], ["Wo", "Gy", "Fg"]]
    state = scenario({"g7": "Tr"}, hands, statue_used=[1])
    state = play(state, (0, "play Fo h7"))[0]
    assert legal_actions(state, 1) == [Discard(c) for c in sorted((card("To"), card("Fr")))]
    held, _ = play(state, (1, "discard To"))
    _, events = play(held, (0, "decline"), (2, "decline"))
    assert types(events)[-5:] == [
        "WindowClosed",
        "PreparedMovePlayed",
        "CardDiscarded",
        "CardDrawn",
        "WindowOpened",
    ]


def test_c20_no_option_outside_a_wait() -> None:
    state = scenario({"g7": "Tr"}, HANDS)
    assert [d.kind for d in GAME.pending(state)] == ["turn"]  # a normal turn: nobody waits
    assert all(legal_actions(state, seat) == [] for seat in (1, 2))
    with pytest.raises(NotYourTurnError):
        GAME.apply(state, 1, parse_action("play Vp h8"))
    drawing = play(scenario({"g7": "Tr"}, HANDS, volcanoes=1), (0, "play Fo h7"))[0]
    assert drawing.stage == "draw" and [d.kind for d in GAME.pending(drawing)] == ["turn"]


def test_c20_keys_stay_while_the_next_player_prepares() -> None:
    state = after_first_turn()
    before = decisions(state)
    held = play(state, (1, "play Vp h8"), (0, "decline"))[0]
    after = decisions(held)
    assert after["window"].key == before["window"].key  # the window's deadline goes on
    assert after["option"].key == before["option"].key != before["window"].key
    claimed = play(after_first_turn(volcanoes=1), (0, "nodraw"), (2, "claim"))[0]
    turn = decisions(claimed)["turn"]
    assert turn.seats == frozenset({2})
    prepared = play(claimed, (1, "play Wb f7"), (1, "withdraw"))[0]
    assert decisions(prepared)["turn"].key == turn.key  # the claimant's clock is not reset


# --------------------------------------------------------------------------- C21: playing it


def test_c21_the_last_decline_plays_the_prepared_move_at_once() -> None:
    held = play(after_first_turn(), (1, "play Vp h8"), (0, "decline"))[0]
    after, events = play(held, (2, "decline"))
    assert types(events) == [
        "PermitDeclined",
        "WindowClosed",
        "PreparedMovePlayed",
        "CardPlayed",
        "CardDrawn",
        "WindowOpened",
    ]
    assert events[3]["seat"] == 1 and (events[3]["card"], events[3]["cell"]) == ("Vp", "h8")
    assert events[5]["after"] == 1 and after.prepared is None
    assert card("Vp") not in after.hands[1] and len(after.hands[1]) == 3


def test_c21_timeouts_decline_and_the_prepared_move_follows() -> None:
    state = play(after_first_turn(), (1, "play Vp h8"))[0]
    for seat in sorted(to_act(state)):
        state = GAME.apply(state, seat, decisions(state)["window"].defaults[seat]).state
    assert (7, 7, card("Vp")) in state.city and state.stage == "window"


def test_c21_in_the_end_phase_the_draw_decision_follows_the_prepared_move() -> None:
    state = after_first_turn(volcanoes=1)
    state = play(state, (0, "nodraw"), (1, "play Vp h8"), (0, "decline"))[0]
    after, events = play(state, (2, "decline"))
    assert types(events)[-2:] == ["PreparedMovePlayed", "CardPlayed"]
    assert after.stage == "draw" and to_act(after) == frozenset({1})
    assert legal_actions(after, 1) == [parse_action("draw"), parse_action("nodraw")]


def test_c21_after_an_interrupt_a_prepared_move_that_still_fits_is_played() -> None:
    held = play(after_first_turn(), (1, "play Vp h8"), (2, "claim"))[0]
    after, events = play(held, (2, "play Gy g8"))
    assert (7, 7, card("Vp")) in after.city and after.prepared is None
    assert types(events) == [
        "CardPlayed",
        "PermitSpent",
        "CardDrawn",
        "PreparedMovePlayed",
        "CardPlayed",
        "CardDrawn",
        "WindowOpened",
    ]
    assert [e["seat"] for e in events if e["type"] == "CardPlayed"] == [2, 1]
    assert events[-1]["after"] == 1 and events[-1]["next"] == 2


def test_c21_after_an_interrupt_a_prepared_move_that_no_longer_fits_is_dropped() -> None:
    held = play(after_first_turn(), (1, "play Vp h8"), (2, "claim"))[0]
    after, events = play(held, (2, "play Gy h8"))  # the interrupt takes the space
    assert types(events) == ["CardPlayed", "PermitSpent", "CardDrawn", "PreparedMoveDropped"]
    dropped = events[-1]
    assert dropped["secret_for"] == [1] and dropped["secret"]["move"] == "play Vp h8"
    assert "already built on" in dropped["secret"]["reason"]
    assert redact(dropped, 0) == redact(dropped, None) == {"type": "PreparedMoveDropped", "seat": 1}
    assert after.prepared is None and after.stage == "play" and to_act(after) == frozenset({1})
    assert decisions(after)["turn"].seats == frozenset({1})  # asked anew, their normal turn
    assert card("Vp") in after.hands[1]


def test_c21_the_waiting_player_may_change_or_withdraw_during_the_permit_turn() -> None:
    held = play(after_first_turn(volcanoes=1), (0, "nodraw"), (1, "play Vp h8"), (2, "claim"))[0]
    assert decisions(held)["option"].seats == frozenset({1})
    placed = play(held, (2, "play Gy h8"))[0]  # the claimant's draw decision is still to come
    assert placed.stage == "draw" and placed.actor == 2
    assert "option" in decisions(placed)
    changed = play(placed, (1, "play Wb f7"))[0]
    after, events = play(changed, (2, "nodraw"))
    assert types(events) == ["DrawSkipped", "PreparedMovePlayed", "CardPlayed"]
    assert events[-1]["cell"] == "f7" and after.stage == "draw" and after.actor == 1


def test_c21_the_second_volcano_ends_the_game_and_the_prepared_move_with_it() -> None:
    state = after_first_turn(volcanoes=1)
    state = replace(state, deck=(VOLCANO,))  # the next draw is the second volcano
    state = play(state, (0, "nodraw"), (1, "play Vp h8"), (2, "claim"), (2, "play Gy g8"))[0]
    over, events = play(state, (2, "draw"))
    assert types(events) == ["VolcanoDrawn", "GameEnded"]
    assert over.prepared is None and GAME.pending(over) == ()
    assert (7, 7, card("Vp")) not in over.city


# --------------------------------------------------------------------------- C22: secrecy


def test_c22_only_the_owner_sees_the_prepared_move() -> None:
    state = after_first_turn()
    transition = GAME.apply(state, 1, parse_action("play Vp h8"))
    held = transition.state
    (event,) = transition.events
    assert redact(event, 1)["secret"] == {"move": "play Vp h8"}
    for seat in (0, 2, None):
        assert redact(event, seat) == {"type": "MovePrepared", "seat": 1, "replaced": False}
    public = GAME.view(held, None)
    assert public["prepared"] is True and GAME.view(state, None)["prepared"] is False
    assert {k: v for k, v in public.items() if k not in ("version", "prepared")} == {
        k: v for k, v in GAME.view(state, None).items() if k not in ("version", "prepared")
    }
    for seat in (0, 2):
        view = GAME.view(held, seat)
        # (where the viewer's own cards fit may well include h8: that is theirs, not a leak)
        others = {k: v for k, v in view.items() if k not in ("fits", "statue_cells")}
        assert view["prepared_move"] is None and "h8" not in dump(others)
        assert "Vp" not in dump(view)
    own = GAME.view(held, 1)["prepared_move"]
    label = "Play Villa·purple·1 on h8 (+0)"
    assert own == {"notation": "play Vp h8", "label": label, "cell": "h8"}


def test_c22_the_log_says_only_that_a_move_was_prepared() -> None:
    state = after_first_turn()
    move = parse_action("play Vp h8")
    assert GAME.capabilities.secret_actions
    assert GAME.secret(state, 1, move)
    done = GAME.apply(state, 1, move)
    public = [redact(e, 0) for e in done.events]
    assert public == [{"type": "MovePrepared", "seat": 1, "replaced": False}]
    held = done.state
    again = GAME.apply(held, 1, parse_action("play Wb f7"))
    assert [redact(e, None) for e in again.events] == [
        {"type": "MovePrepared", "seat": 1, "replaced": True}
    ]
    assert not GAME.secret(held, 1, WITHDRAW)  # withdrawing reveals nothing
    assert not GAME.secret(held, 0, CLAIM)
    first = scenario({"g7": "Tr"}, HANDS)
    assert not GAME.secret(first, 0, parse_action("play Fo h7"))  # a turn is public


def test_c22_the_prepared_move_survives_json_and_replay() -> None:
    options = {"permit_uses": 1, "permit_window": 900, "first_seat": 0}
    state = GAME.new_game(1, 3, options)
    records: list[Record] = []
    for seat, text in [(0, "play Gw f7"), (1, "statue Ab e7"), (0, "decline")]:
        transition = GAME.apply(state, seat, parse_action(text))
        records.append(Record(seat, text, transition.events))
        state = transition.state
    assert state.prepared == PlayStatue(2, 4, (6, 4)) and state.prepared_at == 2
    data = json.loads(json.dumps(GAME.state_to_json(state)))
    assert data["prepared"] == "statue Ab e7"
    assert GAME.state_from_json(data) == state
    assert replay(GAME, 1, 3, options, records) == state
    legacy = {k: v for k, v in data.items() if k not in ("prepared", "prepared_at")}
    assert GAME.state_from_json(legacy) == replace(state, prepared=None, prepared_at=-1)


def test_c22_determinize_keeps_the_own_move_and_imagines_the_others() -> None:
    state = play(after_first_turn(), (1, "play Vp h8"))[0]
    assert determinize(state, 1, 7).prepared == state.prepared  # its own: known
    imagined = set()
    for seed in range(40):
        for seat in (0, 2):
            sample = determinize(state, seat, seed)
            assert GAME.view(sample, seat) == GAME.view(state, seat)
            assert GAME.view(sample, None) == GAME.view(state, None)
            move = sample.prepared
            assert isinstance(move, PlayCard) and move.card in sample.hands[1]
            assert placement_error(sample, 1, move, permit=False) is None
            imagined.add(format_action(move))
    assert len(imagined) > 10  # drawn from the resampled hand, not read from the real one


def test_c22_determinize_imagines_a_move_legal_when_it_was_prepared() -> None:
    state = play(after_first_turn(volcanoes=1), (0, "nodraw"), (1, "play Vp h8"), (2, "claim"))[0]
    state = play(state, (2, "play Gy h8"))[0]  # the claimant's draw decision is pending
    cells = set()
    for seed in range(60):
        sample = determinize(state, 0, seed)
        move = sample.prepared
        assert isinstance(move, PlayCard)
        then = replace(sample, city=sample.city[: sample.prepared_at])
        assert placement_error(then, 1, move, permit=False) is None
        cells.add(move.cell)
    assert (7, 7) in cells  # h8 was free when seat 1 prepared, so it may be imagined there
