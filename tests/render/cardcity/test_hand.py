"""The player's own Pompeji image ("My cards", the picture of every decision): what they would
notice."""

from __future__ import annotations

from typing import Any

import render.cardcity
from engine.cardcity import determinize, rules
from engine.cardcity.actions import PlayCard, card_code, cell_code
from engine.core import ActionChoice, waited
from render.cardcity import grid as CG
from render.cardcity import hand as CH
from render.cardcity import layout as CL
from render.cardcity import view as CV
from tests.engine.cardcity.helpers import scenario
from tests.render.cardcity import positions
from tests.render.cardcity.helpers import GAME, count_near, hand, hand_texts, inside, said


def box_of(view: dict[str, Any], cell: CL.Cell, name: str = "Brutus") -> tuple[int, int, int, int]:
    return CG.cell_box(CV.read_city(view), cell, CH.hand_layout(view, name).origin)


def test_legal_spots_from_the_player_view_are_the_engine_s_legal_plays() -> None:
    checked = 0
    for step in positions.game():
        state = step.state
        if state.stage != "play":
            continue
        seat = state.actor
        spots = CV.legal_spots(GAME.view(state, seat))
        got = {(cell, fit.code) for cell, fits in spots.items() for fit in fits}
        want = {
            (a.cell, card_code(a.card))
            for a in GAME.legal_actions(state, seat)
            if isinstance(a, PlayCard)
        }
        assert got == want
        for cell, fits in spots.items():
            for fit in fits:
                assert fit.points == rules.points(state.grid(), cell, CV.face_of(fit.code))
        checked += 1
    assert checked > 30


def test_hand_image_marks_exactly_the_spaces_where_a_card_fits() -> None:
    view = positions.private("mid")
    img = hand(view)
    spots = CV.legal_spots(view)
    assert spots
    for cell in positions.state_of("mid").frontier():
        x0, y0, x1, y1 = box_of(view, cell)
        marked = count_near(img, (x0, y0, x1, y1), CL.LEGAL, 10) > 600
        assert marked == (cell in spots), cell_code(cell)


def test_each_marked_space_lists_its_cards_and_their_points() -> None:
    view = positions.private("mid")
    _img, drawn = hand_texts(view, "Brutus")
    for cell, fits in CV.legal_spots(view).items():
        x0, y0, x1, y1 = box_of(view, cell)
        texts = [d.text for d in drawn if inside(d.box, (x0, y0, x1, y1))]
        assert texts == [f"{f.code} +{f.points}" for f in fits[:3]], cell_code(cell)


def test_hand_image_shows_the_viewers_cards_and_nothing_of_the_others() -> None:
    state = positions.state_of("mid")
    seat = state.actor
    other = determinize(state, seat, seed=99)  # other hands and the deck reshuffled
    assert other.hands[seat] == state.hands[seat]
    assert any(other.hands[s] != state.hands[s] for s in range(state.players) if s != seat)
    mine = render.cardcity.render_hand(GAME.view(state, seat), "Me")
    assert mine == render.cardcity.render_hand(GAME.view(other, seat), "Me")
    public = render.cardcity.render_board(GAME.view(state, None), positions.NAMES[:3])
    assert public == render.cardcity.render_board(GAME.view(other, None), positions.NAMES[:3])
    # and the viewer's own cards are what it shows: another seat's image differs
    theirs = render.cardcity.render_hand(GAME.view(state, (seat + 1) % 3), "Me")
    assert theirs != mine


def test_hand_cards_are_drawn_in_their_colours_with_their_best_play() -> None:
    view = positions.private("mid")
    img, drawn = hand_texts(view, "Brutus")
    top = CH.hand_layout(view, "Brutus").cards_top
    spots = CV.legal_spots(view)
    for i, code in enumerate(CV.hand_codes(view)):  # each in its third of the width
        x = CL.X0 + i * CH.CARD_COL
        box = (x, top, x + CH.CARD_COL, top + CH.HAND_CARD)
        assert count_near(img, box, CL.CARD_FILL[code[1]]) > 8000, code
        best = max(f.points for fits in spots.values() for f in fits if f.code == code)
        column = " ".join(
            d.text for d in drawn if x <= d.box[0] < x + CH.CARD_COL and top <= d.box[1]
        )
        assert f"best +{best}" in column and code in column


def test_when_no_card_fits_the_statue_spaces_are_marked_and_the_status_says_so() -> None:
    # every hand card shares the start card's building (T) or colour (r): nothing fits
    state = scenario({"g7": "Tr"}, [["Tb", "Fr", "Ar"], ["Fo", "Vg", "Wb"]])
    view = GAME.view(state, 0)
    city = CV.read_city(view)
    assert CV.legal_spots(view, city) == {}
    marked = CV.statue_spots(view, city, {})
    assert sorted(marked) == sorted(state.frontier())
    assert "statue" in CH.hand_status(view, {})
    img = hand(view)
    for cell in marked:
        assert count_near(img, box_of(view, cell), CL.LEGAL, 10) > 200, cell_code(cell)
    # with the statue spent, nothing is marked
    used = scenario({"g7": "Tr"}, [["Tb", "Fr", "Ar"], ["Fo", "Vg", "Wb"]], statue_used=[0])
    used_view = GAME.view(used, 0)
    assert CV.statue_spots(used_view, CV.read_city(used_view), {}) == []
    assert count_near(hand(used_view), box_of(used_view, marked[0]), CL.LEGAL, 10) == 0


def test_hand_status_follows_the_viewers_decision() -> None:
    seen: dict[str, str] = {}
    for step in positions.game():
        state = step.state
        for seat in sorted(waited(GAME.pending(state))):
            view = GAME.view(state, seat)
            status = CH.hand_status(view, CV.legal_spots(view))
            key = "permit" if state.permit_turn else state.stage
            seen.setdefault(key, status)
    assert seen["play"].startswith("Your turn: place")
    assert seen["draw"].startswith("Your turn: draw")
    assert "permit" in seen["window"]
    assert seen["permit"].startswith("Your permit turn")


def test_the_head_says_what_to_do_and_the_last_turn() -> None:
    view = positions.private("mid")
    _img, drawn = hand_texts(view, "Cornelia")
    head = said(drawn, 0, CH.hand_layout(view, "Cornelia").city_top)
    last = view["last"]
    assert "Cornelia" in head and CH.hand_status(view, CV.legal_spots(view)) in head
    assert f"on {last['cell']} +{last['points']}" in head


def test_own_figures_show_the_statue_the_permits_and_the_hand_penalty() -> None:
    view = positions.private("mid")
    seat = view["seat"]
    for left in range(view["permit_uses"] + 1):
        view["seats"][seat]["permits_left"] = left
        _img, drawn = hand_texts(view, "Cornelia")
        top = CH.hand_layout(view, "Cornelia").own_top
        row = [d for d in drawn if top <= d.box[1] < top + CH.OWN_H]
        assert sum(d.text == "2×" for d in row) == left  # no permit card without a permit
        text = " ".join(d.text for d in row)
        assert ("no permit" in text) == (left == 0)
        assert f"−{view['hand_value']}" in text


def test_the_decision_carries_the_players_own_image_and_the_end_the_board() -> None:
    pick = render.cardcity.PRESENTATION.picture_for
    for step in positions.game():
        state = step.state
        for seat in sorted(waited(GAME.pending(state))):
            choices = [
                ActionChoice(GAME.format_action(a), "") for a in GAME.legal_actions(state, seat)
            ]
            assert pick(GAME.view(state, seat), choices) == "cards"
    over = positions.private("game_over")
    assert pick(over, ()) == "board"
