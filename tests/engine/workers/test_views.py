"""Views: their shape, the adapted marks, what each seat sees, and the contract's details."""

from __future__ import annotations

import json
from dataclasses import replace

from engine.core import Capabilities
from engine.workers import GAME
from engine.workers.catalog import ADAPTED_NOTE
from engine.workers.views import PLAYER_KEYS

from .helpers import (
    finish_round,
    offering,
    owned,
    play,
    prosperous,
    seat_cards,
    solo,
    started,
    with_goods,
)


def test_the_contract() -> None:
    assert GAME.key == "workers" and "Pompeii" in GAME.title
    assert GAME.capabilities == Capabilities(
        player_counts=(1, 2, 3, 4), simultaneous=True, secret_actions=True, hidden=True
    )
    assert {o.name for o in GAME.options} >= {"difficulty", "all_cards", "apocalypse_bottom"}


def test_views_are_json_and_fresh() -> None:
    s = started(3)
    view = GAME.view(s, None)
    json.dumps(view)
    view["seats"][0]["goods"]["grain"] = 99
    view["buildings"][0]["name"] = "x"
    again = GAME.view(s, None)
    assert again["seats"][0]["goods"]["grain"] == 6 and again["buildings"][0]["name"] != "x"


def test_a_player_view_is_the_public_view_plus_its_own_keys() -> None:
    s = started(3)
    public, mine = GAME.view(s, None), GAME.view(s, 1)
    assert set(mine) - set(public) == PLAYER_KEYS
    assert {k: v for k, v in mine.items() if k not in PLAYER_KEYS} == public
    assert [c["id"] for c in mine["hand"]["specialists"]] == list(s.hand_s[1])
    card = mine["hand"]["specialists"][0]
    assert card["text"] and "cost" in card and card["mark"] in ("", "†")
    assert public["seats"][1]["hand_specialists"] == 6


def test_adapted_items_carry_the_dagger_and_the_note() -> None:
    view = GAME.view(started(2), None)
    buildings = {b["number"]: b for b in view["buildings"]}
    assert buildings[1]["mark"] == "†" and buildings[7]["mark"] == ""
    assert buildings[7]["cost_adapted"] is True
    goods = {g["id"]: g for g in view["legend"]["goods"]}
    assert goods["grain"]["mark"] == "" and goods["wool"]["mark"] == "†"
    assert view["legend"]["adapted_note"] == ADAPTED_NOTE
    assert "† adapted" in ADAPTED_NOTE


def test_the_board_shows_workers_owners_and_the_last_placement() -> None:
    s = owned(started(2), b7=1)
    s, _ = play(with_goods(s, 0, grain=2), (0, "produce 7 2"))
    view = GAME.view(s, None)
    b7 = view["buildings"][6]
    assert b7["owner"] == 1 and b7["workers"] == [[0, 0]] and b7["free"] == 0
    assert view["last"] == {"seat": 0, "action": "produce 7 2"}
    assert view["turn"] == 1 and view["decision"]["kind"] == "place"
    assert view["seats"][1]["goods"]["grain"] == 7


def test_the_offering_view_shows_every_pledge_and_the_total() -> None:
    s = offering(with_goods(started(3), 0, bread=2))
    s, _ = play(s, (0, "pledge bread 2"), (1, "lock"))
    view = GAME.view(s, None)
    assert view["offering"] == {
        "requirement": 9, "locked": [1], "waiting": [0, 2], "exempt": [], "boosted": [], "cut": 0,
        "open": True, "pledges": [{"bread": 2}, {}, {}], "values": [6, 0, 0], "total": 6,
    }  # fmt: skip
    assert view["seats"][1]["locked"] is True and view["options"]["secret_pledges"] is False
    assert GAME.view(s, 0)["pledge"] == {"bread": 2} and GAME.view(s, 0)["pledge_value"] == 6
    assert GAME.view(s, 2)["offering"] == view["offering"]


def test_the_secret_variant_shows_who_locked_not_how_much() -> None:
    s = offering(with_goods(started(3, options={"secret_pledges": True}), 0, bread=2))
    s, _ = play(s, (0, "pledge bread 2"), (1, "lock"))
    view = GAME.view(s, None)
    assert view["offering"] == {
        "requirement": 9, "locked": [1], "waiting": [0, 2], "exempt": [], "boosted": [], "cut": 0,
        "open": False,
    }  # fmt: skip
    assert view["seats"][1]["locked"] is True and view["options"]["secret_pledges"] is True
    assert GAME.view(s, 0)["pledge"] == {"bread": 2} and GAME.view(s, 0)["pledge_value"] == 6
    assert GAME.view(s, 2)["pledge"] == {} and GAME.view(s, 2)["offering"] == view["offering"]


def test_the_solo_view() -> None:
    s = solo()
    view = GAME.view(s, 0)
    assert view["solo"]["rounds"] == 18 and len(view["solo"]["display"]) == 5
    assert view["volcano"]["lower"] == 8 and view["volcano"]["upper"] == 9
    assert view["volcano"]["top"]["id"] == s.revealed[0]
    assert set(view["volcano"]["blocked"]) == set(view["volcano"]["top"]["goods"])


def test_activated_cards_are_public_hands_are_not() -> None:
    s = seat_cards(seat_cards(started(2), "active_s", 1, ["S30"]), "hand_c", 1, ["C12"])
    public = json.dumps(GAME.view(s, None))
    assert '"id": "S30"' in public and '"id": "C12"' not in public
    assert '"id": "C12"' in json.dumps(GAME.view(s, 1))
    assert '"id": "C12"' not in json.dumps(GAME.view(s, 0))


def test_checkpoints_mark_the_foro_reveals_and_round_ends() -> None:
    s = with_goods(started(2), 0, planks=2, pillars=2, clay=2, reed=2)
    assert GAME.apply(s, 0, GAME.parse_action("build 17")).checkpoint
    assert not GAME.apply(s, 0, GAME.parse_action("collect grain")).checkpoint
    t = offering(started(2))
    t, _ = play(t, (0, "lock"))
    assert GAME.apply(t, 1, GAME.parse_action("lock")).checkpoint


def test_the_halt_window_names_no_card_holder() -> None:
    s = owned(replace(started(3), prosperity=True), b17=0)
    s = with_goods(s, 0, pillars=4, planks=4, iron=2, reed=2)
    s, _ = play(s, (0, "build 20"))
    view = GAME.view(s, None)
    assert view["window"] == {"kind": "halt_castrum", "builder": 0, "waiting": [1, 2]}
    assert view["decision"]["kind"] == "window"


def _types(events: list[dict[str, object]]) -> list[object]:
    return [e["type"] for e in events]


def test_the_news_holds_the_latest_turn() -> None:
    s = owned(started(2), b7=1)
    s, _ = play(with_goods(s, 0, grain=2), (0, "produce 7 2"))
    news = GAME.view(s, None)["news"]
    assert news["newer"] == "turn"
    assert _types(news["turn"]) == ["WorkerPlaced", "GoodsProduced", "OwnerBonusPaid"]
    s, _ = play(s, (1, "collect wood"))
    news = GAME.view(s, None)["news"]
    assert _types(news["turn"]) == ["WorkerPlaced", "GoodsCollected"]
    assert news["turn"][0]["seat"] == 1


def test_the_news_keeps_a_turn_with_its_extra_actions() -> None:
    s = seat_cards(with_goods(started(2), 0, wine=2, bread=2), "hand_s", 0, ["S05"])
    s, _ = play(s, (0, "piazza"), (0, "train S05"), (0, "done"), (0, "collect wood"))
    news = GAME.view(s, None)["news"]
    kinds = _types(news["turn"])
    assert kinds[0] == "WorkerPlaced" and "SpecialistTrained" in kinds
    assert kinds[-2:] == ["WorkerPlaced", "GoodsCollected"] and s.turn == 0 and s.extras


def test_the_news_keeps_a_round_end_until_the_next_one() -> None:
    s = prosperous(2)
    s = finish_round(s)  # the last placement opens the offering
    news = GAME.view(s, None)["news"]
    assert s.stage == "offering" and news["newer"] == "round"
    assert _types(news["round"]) == ["OfferingOpened"] and news["turn"]
    s, _ = play(s, (0, "lock"), (1, "lock"))  # nothing given: the offering fails
    news = GAME.view(s, None)["news"]
    assert news["newer"] == "round"
    kinds = _types(news["round"])
    assert {"OfferingResolved", "VolcanoRevealed", "RoundStarted"} <= set(kinds)
    assert kinds.count("OfferingLocked") == 2
    seat = s.turn
    s, _ = play(s, (seat, "collect wood"))
    after = GAME.view(s, None)["news"]
    assert after["newer"] == "turn" and after["round"] == news["round"]
    assert _types(after["turn"]) == ["WorkerPlaced", "GoodsCollected"]


def test_the_news_holds_events_as_the_public_saw_them() -> None:
    s = offering(with_goods(started(2, options={"secret_pledges": True}), 0, bread=2))
    s, _ = play(s, (0, "pledge bread 2"))
    news = GAME.view(s, 0)["news"]
    assert news["round"][-1] == {"type": "PledgeChanged", "seat": 0}
    assert news == GAME.view(s, None)["news"]
    s = offering(with_goods(started(2), 0, bread=2))  # open pledges: the news tells them
    s, _ = play(s, (0, "pledge bread 2"))
    assert GAME.view(s, None)["news"]["round"][-1]["pledge"] == {"bread": 2}


def test_a_save_from_before_the_news_still_loads() -> None:
    s = started(2)
    data = json.loads(json.dumps(GAME.state_to_json(s)))
    for key in ("turn_log", "round_log", "round_newer"):
        del data[key]
    again = GAME.state_from_json(data)
    assert again.turn_log == () and again.round_log == () and not again.round_newer
    assert GAME.view(again, None)["news"] == {"turn": [], "round": [], "newer": "turn"}
