"""Pompeii in words: every event type narrated, nothing secret, placements as one sentence,
the decision line, the hand, the score sheet of every outcome kind, the rules topics."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from engine.core import redact
from engine.rng import Rng
from engine.workers import GAME, policy_action
from render.workers import PRESENTATION, narrate, terms, words
from render.workers.rules_text import RULES
from tests.render.workers import positions

NAMES = positions.NAMES
DOC = Path(__file__).resolve().parents[3] / "docs" / "views-workers.md"


def doc_event_types() -> set[str]:
    """Every event type in the events table of docs/views-workers.md."""
    text = DOC.read_text().split("## Events", 1)[1].split("## Outcome", 1)[0]
    found: set[str] = set()
    for line in text.splitlines():
        if line.startswith("| `"):
            found |= set(re.findall(r"`([A-Z][A-Za-z]+)`", line.split("|")[1]))
    return found


SAMPLES: dict[str, dict[str, Any]] = {
    "OwnerBonusDenied": {"seat": 1, "user": 0, "building": 15},
    "CastrumHalted": {"seat": 2, "card": "C31", "builder": 0},
    "CastrumHaltVoided": {"seat": 0},
    "TokensRemoved": {"buildings": [5, 7]},
    "OfferingCardPlayed": {"seat": 1, "card": "C05", "mode": "cut"},
    "OfferingTermsChanged": {"requirement": 10},
    "OfferingCancelled": {"seat": 1},
    "RewardDeclined": {"seat": 0},
    "ForoCoinRemoved": {"left": 3},
    "CastrumBegun": {"seat": 0, "paid": {"pillars": 4}, "how": "costruzione"},
    "WindowOpened": {"seat": 0, "seats": [1, 2], "kind": "halt_castrum"},
    "WindowPassed": {"seat": 1},
    "ArmyMarched": {"seat": 1, "round": 40},
    "GameEnded": {"result": "castrum", "winner": 1, "round": 40},
}


SECRET = {"secret_pledges": True}


def played_events(games: int = 6) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for seed in range(games):
        players = 1 + seed % 4
        options = positions.GENTLE if seed % 2 else SECRET if seed == 2 else {}
        s = GAME.new_game(seed, players, options)
        rng = Rng(seed)
        for _ in range(2500):
            pending = GAME.pending(s)
            if not pending:
                break
            seat = sorted(pending[0].seats)[0]
            action, rng = policy_action(s, seat, rng)
            t = GAME.apply(s, seat, action)
            out.extend(t.events)
            s = t.state
    return out


EVENTS = played_events()


def test_every_event_type_of_the_views_doc_is_narrated() -> None:
    documented = doc_event_types()
    assert len(documented) >= 55
    assert documented <= set(narrate.HANDLERS), documented - set(narrate.HANDLERS)
    seen = {e["type"]: e for e in EVENTS}
    for kind in sorted(documented):
        event = seen.get(kind) or {"type": kind, **SAMPLES.get(kind, {"seat": 0})}
        lines = narrate.narrate([event], NAMES)
        if kind in ("RoundEnded", "StepEnded"):
            assert lines == []  # said by what follows
            continue
        assert lines and all(lines), kind
        assert not any(f": {kind}" in line for line in lines), lines  # never the fallback
        assert all(len(line) < 400 for line in lines)


def test_narrating_unredacted_events_gives_the_redacted_words() -> None:
    secret = [e for e in EVENTS if "secret" in e]
    assert len(secret) > 50
    for viewer in (None, 0):
        redacted = [redact(e, viewer) for e in EVENTS]
        assert narrate.narrate(EVENTS, NAMES) == narrate.narrate(redacted, NAMES)
    for e in secret:
        words_ = " ".join(narrate.narrate([e], NAMES))
        public = str({k: v for k, v in e.items() if k != "secret"})
        for value in _secret_values(e["secret"]):
            if value in public:  # the same card is public too (a swap drew it back)
                continue
            assert value not in words_, (e, value)


def _secret_values(secret: Any) -> list[str]:
    if isinstance(secret, dict):
        return [v for x in secret.values() for v in _secret_values(x)]
    if isinstance(secret, list):
        return [v for x in secret for v in _secret_values(x)]
    return (
        [secret]
        if isinstance(secret, str) and secret[:1] in "SCV" and secret[1:2].isalnum()
        else []
    )


def test_a_placement_and_what_it_did_read_as_one_sentence() -> None:
    events = [
        {"type": "WorkerPlaced", "seat": 0, "space": "7", "card": "S30", "extra": False},
        {
            "type": "GoodsProduced",
            "seat": 0,
            "building": 7,
            "times": 3,
            "paid": {"grain": 3},
            "good": "flour",
            "amount": 4,
            "card": "S30",
        },
        {"type": "OwnerBonusPaid", "seat": 1, "good": "grain", "user": 0, "building": 7},
    ]
    assert narrate.narrate(events, NAMES) == [
        "Aurelia produced 4 flour from 3 grain at 7 Villa del Molino, with S30 Aulus Molinaro",
        "Brutus took 1 grain as the owner of 7 Villa del Molino",
    ]


def test_a_worker_beyond_the_limit_is_said_to_use_c17() -> None:
    events = [
        {"type": "WorkerPlaced", "seat": 0, "space": "11", "card": "C17", "extra": False},
        {
            "type": "GoodsProduced",
            "seat": 0,
            "building": 11,
            "times": 1,
            "paid": {"meat": 1},
            "good": "iron",
            "amount": 1,
            "card": "",
        },
    ]
    (line,) = narrate.narrate(events, NAMES)
    assert line.startswith("Aurelia produced 1 iron from 1 meat at 11 ")
    assert line.endswith(", with C17 Casa Fontana Piccola")


def test_a_solo_card_gain_says_what_the_volcano_card_withholds() -> None:
    event = {
        "type": "GoodsGained",
        "seat": 0,
        "goods": {"planks": 2},
        "reason": "S25",
        "blocked": {"pillars": 2},
    }
    assert narrate.narrate([event], NAMES) == [
        "Aurelia gained 2 planks (S25 Servus Legionario); the volcano card withholds 2 pillars"
    ]


def test_the_foro_wakes_vesuvius() -> None:
    events = [
        {"type": "WorkerPlaced", "seat": 0, "space": "costruzione", "card": "", "extra": False},
        {
            "type": "BuildingBuilt",
            "seat": 0,
            "building": 17,
            "name": "Foro di Pompeii",
            "paid": {"planks": 2},
            "how": "costruzione",
        },
        {"type": "VesuviusAwoke", "seat": 0, "workers": [4, 4]},
    ]
    (line,) = narrate.narrate(events, NAMES)
    assert line.startswith("Aurelia built the Foro (paid 2 planks): Vesuvius wakes")


def test_a_failed_offering_and_its_volcano_card_are_one_sentence() -> None:
    events = [
        {
            "type": "OfferingResolved",
            "round": 9,
            "requirement": 8,
            "total": 5,
            "success": False,
            "values": [2, 3],
            "pledges": [{}, {}],
            "exempt": [],
        },
        {
            "type": "VolcanoRevealed",
            "card": "VB02",
            "apocalypse": False,
            "goods": ["wool", "bread"],
            "losses": [{"wool": 2}, {}],
            "destroys": True,
        },
    ]
    (line,) = narrate.narrate(events, NAMES)
    assert line.startswith(
        "The offering failed (5 of 8: Aurelia 2, Brutus 3): the volcano "
        "destroyed all wool and bread"
    )
    assert "Aurelia lost 2 wool" in line


def _pledged(seat: int, pledge: dict[str, int], value: int, total: int) -> dict[str, Any]:
    good, amount = next(iter(pledge.items()), ("bread", 0))
    return {
        "type": "PledgeChanged",
        "seat": seat,
        "good": good,
        "amount": amount,
        "pledge": pledge,
        "value": value,
        "total": total,
        "requirement": 12,
    }


def test_an_open_pledge_is_told_once_unless_what_follows_says_it() -> None:
    """W4: a pledge is public. Its seat's latest is told once, with the running total; not at
    all when the same words go on to its lock or the offering's result."""
    revisions = [
        _pledged(0, {"bread": 1}, 3, 3),
        _pledged(1, {"wine": 2}, 4, 7),
        _pledged(0, {"bread": 2}, 6, 10),
    ]
    assert narrate.narrate(revisions, NAMES) == [
        "Brutus pledged 2 wine (value 4): 7 of 12 so far",
        "Aurelia pledged 2 bread (value 6): 10 of 12 so far",
    ]
    taken_back = _pledged(1, {}, 0, 6)
    assert narrate.narrate([taken_back], NAMES) == ["Brutus took back their pledge: 6 of 12 so far"]
    locked = narrate.narrate([*revisions, {"type": "OfferingLocked", "seat": 0}], NAMES)
    assert locked == [
        "Aurelia locked their offering",
        "Brutus pledged 2 wine (value 4): 7 of 12 so far",
    ]
    resolved = {
        "type": "OfferingResolved",
        "round": 12,
        "requirement": 12,
        "total": 10,
        "success": False,
        "values": [6, 4],
        "pledges": [{"bread": 2}, {"wine": 2}],
        "exempt": [],
    }
    (line,) = narrate.narrate([*revisions, resolved], NAMES)
    assert line == "The offering failed (10 of 12: Aurelia 6 (2 bread), Brutus 4 (2 wine))"
    opened = {"type": "OfferingOpened", "round": 12, "requirement": 12, "open": True}
    assert narrate.narrate([opened], NAMES) == [
        "Offerings to Vesuvius: 12 needed. Pledge in the open, then lock"
    ]
    secret = {**opened, "open": False}
    assert narrate.narrate([secret], NAMES)[0].endswith("Pledge in secret, then lock")


def test_an_offering_is_summarised_with_who_gave_what() -> None:
    """Secret revisions (the variant) say nothing, redacted or not; the result names every
    gift once."""
    revisions = [
        {"type": "PledgeChanged", "seat": 1, "secret": {"good": "bread", "amount": 2}},
        {"type": "PledgeChanged", "seat": 1},
        {"type": "OfferingLocked", "seat": 1},
    ]
    assert narrate.narrate(revisions[:2], NAMES) == []
    resolved = {
        "type": "OfferingResolved",
        "round": 12,
        "requirement": 12,
        "total": 14,
        "success": True,
        "values": [5, 0, 9],
        "pledges": [{"bread": 1, "wine": 1}, {}, {"gold": 3}],
        "exempt": [1],
    }
    lines = narrate.narrate([*revisions, resolved], NAMES)
    assert lines == [
        "Brutus locked their offering",
        "The offering succeeded (14 of 12: Aurelia 5 (1 bread, 1 wine), Brutus exempt, "
        "Cornelia 9 (3 gold)): the gods are pleased",
    ]


def test_the_end_is_told_once() -> None:
    """The final message: the last moves' narration, then (from the Discord side) the verdict,
    then the score sheet: who won, or that the army marched, is said once."""
    view = positions.public("castrum_win")
    names = positions.names(view)
    winner = names[view["outcome"]["winners"][0]]
    said = narrate.narrate(view["news"]["turn"], names)
    sheet = PRESENTATION.words.final(view["outcome"], view, names)
    lines = said + sheet
    assert sum("entered the Castrum" in line for line in lines) == 1
    assert sum("wins" in line for line in lines) == 1
    assert f"{winner}'s army entered the Castrum in round {view['round']}" in said
    solo_end = [
        {"type": "ArmyMarched", "seat": 0, "round": 14},
        {"type": "GameEnded", "result": "solo_win", "winner": 0, "round": 14},
    ]
    said = narrate.narrate(solo_end, ["Aurelia"])
    assert said == ["Aurelia's army entered the Castrum in round 14"]
    outcome = {
        "kind": "solo",
        "winners": [0],
        "places": [1],
        "title": "Duumvir",
        "scores": [{"round": 14, "army": 1, "value": 30, "workers": 5}],
    }
    sheet = PRESENTATION.words.final(outcome, positions.public("solo"), ["Aurelia"])
    assert not any(w in line for line in sheet for w in ("won", "wins", "marched", "entered"))
    assert sheet[0].startswith("Round 14 of 18") and "**Duumvir ≤ 15** ✓" in sheet[0]


def test_the_decision_line_names_nobody() -> None:
    for name in positions.WANTED:
        view = positions.public(name)
        text = words.decision(view)
        assert "Seat" not in text and not any(n in text for n in NAMES)
        if view["stage"] != "over":
            assert text
    assert words.decision(positions.public("offering")).startswith("pledge goods")


def test_the_step_line_shows_each_pledge_and_the_total() -> None:
    """W4: the channel's status message (and each deciding player's message) says where the
    offering stands: the total against the requirement, each seat's pledge by name."""
    s = positions.state("offering")
    seat, pledge = positions.raise_pledge(s)
    s = GAME.apply(s, seat, pledge).state
    view = GAME.view(s, None)
    offering = view["offering"]
    text = PRESENTATION.words.step(view, NAMES)  # type: ignore[misc]
    head, seats = text.splitlines()
    assert head.startswith(f"Offering: {offering['total']} of {offering['requirement']} needed")
    shown = seats.split(" · ")
    assert len(shown) == len(NAMES[: view["players"]])
    mine = shown[seat]
    assert mine.startswith(f"{NAMES[seat]} {offering['values'][seat]} (")
    assert any(g.split(" ", 1)[1] in mine for g in terms_of(offering["pledges"][seat]))
    for other in offering["locked"]:
        assert shown[other].startswith(f"{NAMES[other]} 🔒")
    # Under the secret pledges variant: the requirement, nothing of any pledge.
    secret = {**view, "offering": {k: offering[k] for k in offering if k not in OPEN_KEYS}}
    secret["offering"]["open"] = False
    line = PRESENTATION.words.step(secret, NAMES)  # type: ignore[misc]
    assert "stay secret" in line and not any(n in line for n in NAMES)
    assert PRESENTATION.words.step(positions.public("mid"), NAMES) == ""  # type: ignore[misc]


OPEN_KEYS = ("pledges", "values", "total")


def terms_of(pledge: dict[str, int]) -> list[str]:
    return [terms.good(g, n) for g, n in pledge.items()]


def test_the_hand_in_words_is_a_few_key_figures() -> None:
    view, _who, _choices = positions.private("offering")
    text = PRESENTATION.words.hand(view)
    lines = text.splitlines()
    assert len(lines) == 3 and len(text) <= words.MAX_HAND
    assert lines[0].startswith("Workers ") and "goods worth" in lines[0]
    assert lines[1] == "Hand: 14 specialists, 3 city cards"
    assert lines[2].startswith("Your offering: value 1 (") and "needed" not in lines[2]


def _own_views() -> list[dict[str, Any]]:
    """Each deciding seat's view at the golden positions and along whole random games."""
    out = [positions.private(name)[0] for name in positions.WANTED]
    for players, seed in ((1, 2), (3, 4), (4, 1)):
        for s in positions.sample(players, seed, {}, 13):
            out += [GAME.view(s, seat) for seat in positions.deciding(s)]
    return out


def test_the_hand_in_words_stays_short_everywhere() -> None:
    views = _own_views()
    assert len(views) > 60
    for view in views:
        text = PRESENTATION.words.hand(view)
        assert 0 < len(text) <= words.MAX_HAND and len(text.splitlines()) <= 3, text


def test_a_long_pledge_is_counted_not_listed() -> None:
    view, _who, _choices = positions.private("offering")
    view["pledge"] = {g["id"]: 9 for g in view["legend"]["goods"]}
    text = PRESENTATION.words.hand(view)
    assert len(text) <= words.MAX_HAND and "243 units of 27 goods" in text


@pytest.mark.parametrize("name,kind", [("castrum_win", "ranking"), ("apocalypse", "all_lose")])
def test_the_score_sheet(name: str, kind: str) -> None:
    view = positions.public(name)
    outcome = view["outcome"]
    assert outcome["kind"] == kind
    lines = PRESENTATION.words.final(outcome, view, positions.names(view))
    for seat, score in enumerate(outcome["scores"]):  # the figures W43 ranks by, for everyone
        line = next(x for x in lines if positions.NAMES[seat] in x)
        assert f"goods worth {score['value']}" in line and f"{score['workers']} workers" in line
    if kind == "ranking":
        winner = positions.NAMES[outcome["winners"][0]]
        assert lines[0].startswith(f"🥇 1. **{winner} wins!**")
        assert len(lines) == view["players"]
        places = [int(line.split(" ", 2)[1].rstrip(".")) for line in lines]
        assert places == sorted(places) and places[0] == 1
    else:
        assert len(lines) == 1 + view["players"] and not any("wins" in x for x in lines)
    assert all(len(line) < 200 for line in lines)


def test_the_solo_score_sheet() -> None:
    view = positions.public("solo")
    win = {
        "kind": "solo",
        "winners": [0],
        "places": [1],
        "title": "Aedile",
        "scores": [{"round": 16, "army": 1, "value": 20, "workers": 5}],
    }
    loss = {
        "kind": "solo",
        "winners": [],
        "places": [1],
        "title": "",
        "scores": [{"round": 18, "army": 0, "value": 12, "workers": 4}],
    }
    won = PRESENTATION.words.final(win, view, ["Aurelia"])
    assert "**Aedile ≤ 16** ✓" in won[0] and "Duumvir ≤ 15 ·" in won[0]
    lost = PRESENTATION.words.final(loss, view, ["Aurelia"])
    assert lost[0].startswith("Round 18 of 18") and "✓" not in lost[0]
    assert "goods worth 12" in lost[1] and "4 workers" in lost[1]


def test_the_rules_topics() -> None:
    wanted = {
        "overview",
        "setup",
        "placement",
        "buildings",
        "trade",
        "piazza_foro",
        "offerings",
        "volcano",
        "winning",
        "solo",
        "notation",
        "adaptations",
    }
    assert set(RULES) == wanted
    for title, text in RULES.values():
        assert title and 100 < len(text) < 1900
    assert "†" in RULES["adaptations"][1]
    assert "House rule †" in RULES["solo"][1] and "house rule (†, W41)" in RULES["adaptations"][1]


def test_colours_and_labels() -> None:
    assert PRESENTATION.words.score_labels
    assert len(PRESENTATION.colours(positions.public("solo"))) == 1


def test_a_solo_round_names_the_clock_and_the_title_within_reach() -> None:
    def said(n: int, names: list[str]) -> str:
        (line,) = narrate.narrate([{"type": "RoundStarted", "round": n, "start": 0}], names)
        return line

    assert said(3, ["alice"]) == "Round 3 of 18 begins (a win by round 15: Duumvir)"
    assert said(16, ["alice"]) == "Round 16 of 18 begins (a win by round 16: Aedile)"
    assert said(18, ["alice"]) == "Round 18 of 18 begins (a win by round 18: Quaestor)"
    assert said(3, ["alice", "bob"]) == "Round 3 begins"


def test_a_seats_counts_agree_with_one_in_every_language() -> None:
    """Not "1 heridos" (issue 44, item 9): a seat's hired, injured and drawn counts on the tablet
    agree with their number, in Spanish too (one form for 1, another for more)."""
    from render import i18n
    from render.workers.tablet import _status

    one = {"seat": 0, "hired": 1, "injured": 1, "drawn": 1, "draws_left": 1}
    two = {"seat": 0, "hired": 2, "injured": 2, "drawn": 2, "draws_left": 2}
    with i18n.using("es"):
        said = _status({}, one)
        assert "1 contratado " in f"{said} " and "1 herido " in f"{said} " and "heridos" not in said
        assert "1 robada " in f"{said} " and "1 carta por robar" in said
        assert "2 heridos" in _status({}, two)
    said = _status({}, one)
    assert "1 draw left" in said and "1 draws" not in said
    assert "2 draws left" in _status({}, two)
