"""The public view's ``last_turn``: what the latest turn did, draws included, so that a picture
drawn from the view alone can tell it (a discard, a volcano, a permit turn, a kept hand)."""

from __future__ import annotations

from typing import Any

from engine.cardcity import GAME
from engine.cardcity.game import State
from tests.engine.cardcity.helpers import V, after_first_turn, play, scenario

NO_PERMITS = (0, 0)


def last_turn(state: State) -> Any:
    return GAME.view(state, None)["last_turn"]


def test_none_before_the_first_turn_then_a_placement_and_its_draw() -> None:
    state = scenario({"g7": "Tr"}, [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"]], permits=NO_PERMITS)
    assert last_turn(state) is None
    after, _ = play(state, (0, "play Fo h7"))
    assert last_turn(after) == {
        "seat": 0, "permit": False, "discarded": "", "drew": 1, "volcano": 0, "kept": False
    }  # fmt: skip
    assert GAME.view(after, None)["last"]["cell"] == "h7"


def test_a_discard_names_the_card() -> None:
    state = scenario(
        {"g7": "Tr"}, [["To", "Ty", "Fr"], ["Vp", "Wb", "Gw"]], permits=NO_PERMITS, statue_used=[0]
    )
    after, _ = play(state, (0, "discard Ty"))
    seen = last_turn(after)
    assert seen["discarded"] == "Ty" and seen["drew"] == 1 and seen["seat"] == 0


def test_the_first_volcano_and_its_replacement_belong_to_the_turn() -> None:
    state = scenario(
        {"g7": "Tr"}, [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"]], [V, "Gr", "Ab", V],
        permits=NO_PERMITS,
    )  # fmt: skip
    after, _ = play(state, (0, "play Fo h7"))
    assert last_turn(after)["volcano"] == 1 and last_turn(after)["drew"] == 0
    after, _ = play(after, (0, "draw"))
    assert last_turn(after)["volcano"] == 1 and last_turn(after)["drew"] == 1


def test_a_kept_hand_and_the_second_volcano() -> None:
    state = scenario(
        {"g7": "Tr"}, [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"]], [V], permits=NO_PERMITS,
        volcanoes=1,
    )  # fmt: skip
    kept, _ = play(state, (0, "play Fo h7"), (0, "nodraw"))
    assert last_turn(kept)["kept"] is True and last_turn(kept)["drew"] == 0
    over, _ = play(state, (0, "play Fo h7"), (0, "draw"))
    assert last_turn(over)["volcano"] == 2 and over.stage == "over"


def test_a_permit_turn_is_marked_and_a_claim_alone_changes_nothing() -> None:
    state = after_first_turn()
    claimed, _ = play(state, (2, "claim"))
    assert last_turn(claimed) == last_turn(state)  # the claim is not a turn yet
    built, _ = play(claimed, (2, "play Gy g8"))
    assert last_turn(built)["seat"] == 2 and last_turn(built)["permit"] is True


def test_it_survives_storage_and_old_states_read_as_none() -> None:
    state, _ = play(after_first_turn(), (2, "claim"), (2, "play Gy g8"))
    data = GAME.state_to_json(state)
    assert GAME.state_from_json(data) == state
    del data["last_turn"]
    old = GAME.state_from_json(data)
    assert last_turn(old) is None
    # a stored end-phase draw decision without a record still gets one when it draws
    stored = scenario(
        {"g7": "Tr"}, [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"]], permits=NO_PERMITS, volcanoes=1
    )
    deciding, _ = play(stored, (0, "play Fo h7"))
    data = GAME.state_to_json(deciding)
    del data["last_turn"]
    drew, _ = play(GAME.state_from_json(data), (0, "draw"))
    assert last_turn(drew)["seat"] == 0 and last_turn(drew)["drew"] == 1
