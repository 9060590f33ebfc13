"""The Pompeji board (the channel's image): what a player looking at it would notice."""

from __future__ import annotations

import io
import threading
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

import render.cardcity
from engine.cardcity.actions import cell_code
from engine.cardcity.data import VOLCANO
from render import fonts
from render.cardcity import board as CB
from render.cardcity import cards as CC
from render.cardcity import grid as CG
from render.cardcity import layout as CL
from render.cardcity import news as CN
from render.cardcity import panel as CP
from render.cardcity import view as CV
from tests.render.cardcity import golden, positions
from tests.render.cardcity.helpers import (
    GAME,
    WIDE_NAMES,
    board,
    board_texts,
    count_near,
    meets,
    said,
)

# ------------------------------------------------------------------ the image itself


@pytest.mark.parametrize("name", golden.ALL)
def test_image_is_a_small_opaque_png_1000_px_wide(name: str) -> None:
    data = golden.render_position(name)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    assert img.width == CL.W and 1200 <= img.height <= 1800  # portrait: 400 × 480–720 on a phone
    assert img.mode == "P"  # palette encoded
    assert "transparency" not in img.info  # opaque: the same on Discord's dark and light themes
    assert len(data) <= 200 * 1024


@pytest.mark.parametrize("name", golden.ALL)
def test_image_matches_its_golden(name: str) -> None:
    if not fonts.has_real_fonts():
        pytest.skip("golden images are drawn with DejaVu, which is not installed")
    data = golden.render_position(name)
    path = golden.GOLDEN_DIR / f"{name}.png"
    if golden.REGEN or not path.exists():
        golden.write(name, data)
        if not golden.REGEN:
            pytest.fail(f"no golden image yet: wrote {path}; look at it and commit")
    expected = Image.open(path)
    got = golden.load(data)
    assert got.size == expected.size
    assert golden.mean_difference(got, expected) < 1.0


def test_golden_positions_are_what_they_claim() -> None:
    early, mid = positions.public("early"), positions.public("mid")
    end, over = positions.public("end_phase"), positions.public("game_over")
    assert len(early["city"]) <= 6 and early["volcanoes"] == 0
    assert len(mid["city"]) >= 15 and mid["volcanoes"] == 0
    assert end["volcanoes"] == 1 and end["end_phase"] and end["stage"] != "over"
    assert over["stage"] == "over" and over["volcanoes"] == 2


def test_renders_from_threads_are_identical() -> None:
    view = positions.public("mid")
    names = positions.names(view)
    expected = render.cardcity.render_board(view, names)
    out: list[bytes] = []

    def work() -> None:
        out.append(render.cardcity.render_board(view, names))

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == [expected] * 3


def test_board_ignores_the_private_fields_of_a_player_view() -> None:
    state = positions.state_of("mid")
    names = positions.NAMES[:3]
    public = render.cardcity.render_board(GAME.view(state, None), names)
    assert render.cardcity.render_board(GAME.view(state, state.actor), names) == public


# ------------------------------------------------------------------ the city


def origin(view: dict[str, Any]) -> CG.Origin:
    return CB.board_layout(view, positions.names(view)).origin


def box_of(view: dict[str, Any], cell: CL.Cell) -> tuple[int, int, int, int]:
    return CG.cell_box(CV.read_city(view), cell, origin(view))


def test_every_card_is_drawn_on_its_space_in_its_colour() -> None:
    view = positions.public("mid")
    img = board(view)
    for entry in view["city"]:
        x0, y0, x1, y1 = box_of(view, CV.parse_cell(entry["cell"]))
        inner = (x0 + 10, y0 + 10, x1 - 10, y1 - 10)
        fill = CL.CARD_FILL[entry["card"][1]] if entry["card"] else CL.STONE
        assert count_near(img, inner, fill) > 1500, entry


def test_open_spaces_and_the_area_beyond_the_limit_look_different() -> None:
    view = positions.public("end_phase")  # 7 × 7: everything outside it is beyond the limit
    city = CV.read_city(view)
    assert city.right - city.left == 6 and city.bottom - city.top == 6
    img = board(view)
    beyond = box_of(view, (city.top - 1, city.left))
    assert count_near(img, beyond, CL.HATCH, 8) > 1000  # hatched
    assert count_near(img, beyond, CL.OPEN, 6) < 100
    gaps = [
        (r, c) for r in range(city.top, city.bottom + 1) for c in range(city.left, city.right + 1)
    ]
    gap = next(cell for cell in gaps if cell not in city.by_cell)
    assert count_near(img, box_of(view, gap), CL.OPEN, 6) > 3000
    assert count_near(img, box_of(view, gap), CL.HATCH, 8) < 100


def test_cards_differ_without_colour_at_phone_size() -> None:
    """Grey and a quarter of the size (a 400 px wide preview): every card still looks unique."""
    small = {}
    for b in "TFABVWG":
        for c in "roygbpw":
            face = CC.card_tile(b + c, CL.CELL - 2 * CL.GAP, CL.CANVAS).image
            small[b + c] = face.convert("L").resize((23, 23), Image.Resampling.BOX)
    codes = sorted(small)
    for i, a in enumerate(codes):
        for b in codes[i + 1 :]:
            diff = ImageStat.Stat(ImageChops.difference(small[a], small[b])).mean[0]
            assert diff > 5.0, (a, b, diff)


def test_the_window_shows_the_city_and_every_open_edge() -> None:
    for seed, players in ((3, 2), (7, 3), (11, 4)):
        for step in positions.game(seed, players):
            view = GAME.view(step.state, None)
            city = CV.read_city(view)
            assert all(city.shown(p.cell) for p in city.cells)
            assert all(city.shown(cell) for cell in step.state.frontier())


# ------------------------------------------------------------------ the last play


def _streets(events: tuple[dict[str, Any], ...]) -> list[tuple[Any, ...]] | None:
    for e in events:
        if e["type"] in ("CardPlayed", "StatuePlayed"):
            return [
                (s["line"], s["cells"], s["building"], s["colour"], s["seventh"])
                for s in e["streets"]
            ]
    return None


def test_last_play_points_per_street_match_the_engine_events() -> None:
    statues = 0
    for seed, players in ((3, 2), (7, 3), (11, 4)):
        for step in positions.game(seed, players):
            expected = _streets(step.events)
            if expected is None:
                continue
            view = GAME.view(step.state, None)
            last = CV.read_last(view, CV.read_city(view))
            assert last is not None and last.streets is not None
            got = [
                (s.line, [cell_code(c) for c in s.cells], s.building, s.colour, s.seventh)
                for s in last.streets
            ]
            assert got == expected
            statues += last.placed.code is None
    assert statues >= 2  # statue plays were among them


def test_last_card_is_ringed_and_the_cards_of_its_scoring_streets_framed() -> None:
    view = positions.public("game_over")  # the last card scored in three streets
    img = board(view)
    city = CV.read_city(view)
    last = CV.read_last(view, city)
    assert last is not None and last.streets
    here = last.placed.cell
    x0, y0, x1, y1 = box_of(view, here)
    assert count_near(img, (x0 - 4, y0 - 4, x1 + 4, y1 + 4), CL.HIGHLIGHT, 30) > 3000
    traced = {c for s in last.streets if s.points for c in s.cells} - {here}
    assert len(traced) >= 8
    pills = {space for _s, _end, space in CG.street_ends(city, last)}
    for cell in city.by_cell:
        if cell == here:
            continue
        bx0, by0, bx1, by1 = box_of(view, cell)
        whole = count_near(img, (bx0, by0, bx1, by1), CL.HIGHLIGHT, 30)
        inner = count_near(img, (bx0 + 6, by0 + 6, bx1 - 6, by1 - 6), CL.HIGHLIGHT, 30)
        if cell in traced:
            assert whole - inner > 150, cell_code(cell)  # a frame round the card
        elif max(abs(cell[0] - here[0]), abs(cell[1] - here[1])) > 1 and not pills & {cell}:
            assert inner == 0, cell_code(cell)  # the card itself is never painted over


def test_each_street_shows_its_points_past_its_end_never_on_a_card() -> None:
    """The points of each street stand on the open space just past one of its ends, in line
    with it, and no text of a points pill touches a card's letters or value (they used to
    cover the building letter: "Fo" read "o")."""
    checked = 0
    for seed, players in ((7, 3), (11, 4)):
        steps = positions.game(seed, players)
        for step in steps[:: max(1, len(steps) // 25)] + steps[-1:]:
            view = GAME.view(step.state, None)
            city = CV.read_city(view)
            last = CV.read_last(view, city)
            if last is None or not last.streets:
                continue
            ends = CG.street_ends(city, last)
            for street, _end, space in ends:
                assert space not in city.by_cell and city.shown(space)
                step_r, step_c = (
                    b - a for a, b in zip(street.cells[0], street.cells[1], strict=True)
                )
                assert space in (
                    (street.cells[0][0] - step_r, street.cells[0][1] - step_c),
                    (street.cells[-1][0] + step_r, street.cells[-1][1] + step_c),
                )
            _img, drawn = board_texts(view, positions.names(view))
            grid = CB.board_layout(view, positions.names(view)).origin
            cards = [CG.cell_box(city, p.cell, grid) for p in city.cells if city.shown(p.cell)]
            city_top, city_bottom = grid[1], grid[1] + CL.GRID_PX
            pill_boxes = [
                d.box
                for d in drawn
                if d.text.startswith("+") and city_top <= d.box[1] and d.box[3] <= city_bottom
            ]
            assert len(pill_boxes) == len(ends)
            assert not [(p, c) for p in pill_boxes for c in cards if meets(p, c)]
            checked += len(ends)
    assert checked > 30


# ------------------------------------------------------------------ the news band


def band_text(view: dict[str, Any], names: list[str]) -> str:
    """Everything written above the city."""
    _img, drawn = board_texts(view, names)
    return said(drawn, 0, CB.board_layout(view, names).city_top)


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd"}[n]


def test_the_news_band_tells_the_main_event_of_the_last_turn() -> None:
    """Over whole games, after every step (a claim or a decline too) the band names who made
    the latest turn, the card and the space it went to and the points it scored (a statue:
    what it was declared as; a discard: the card), each street's points, a permit turn, a
    volcano drawn, a kept hand."""
    seen: set[str] = set()
    for seed, players in ((7, 3), (11, 4)):
        names = positions.NAMES[:players]
        turn: dict[str, Any] = {}
        for step in positions.game(seed, players):
            kinds = {e["type"]: e for e in step.events}
            played = kinds.get("CardPlayed") or kinds.get("StatuePlayed")
            if played or "CardDiscarded" in kinds:
                turn = {"move": played or kinds["CardDiscarded"]}
            turn |= {k: kinds[k] for k in ("VolcanoDrawn", "DrawSkipped") if k in kinds}
            if not turn:
                continue  # before the first turn
            text = band_text(GAME.view(step.state, None), names)
            move = turn["move"]
            assert names[move["seat"]] in text
            if move["type"] == "CardDiscarded":
                assert f"discarded {move['card']}" in text
                seen.add("discard")
            else:
                assert f"on {move['cell']} +{move['points']}" in text
                if move["type"] == "StatuePlayed":
                    assert f"as {move['declared']}" in text
                    seen.add("statue")
                else:
                    assert move["card"] in text
                for s in move["streets"]:
                    points = s["building"] + s["colour"] + s["seventh"]
                    if points:
                        assert f"+{points}" in text
                if move["permit"]:
                    assert "permit turn" in text
                    seen.add("permit")
            if "VolcanoDrawn" in turn:
                assert f"{_ordinal(turn['VolcanoDrawn']['number'])} volcano" in text
                seen.add(f"volcano {turn['VolcanoDrawn']['number']}")
            if "DrawSkipped" in turn:
                assert "kept the hand" in text
                seen.add("kept")
    assert {"statue", "permit", "volcano 1", "volcano 2", "kept"} <= seen, seen


def test_the_news_band_says_what_the_table_waits_for() -> None:
    seen = set()
    names = positions.NAMES[:3]
    for step in positions.game():
        state = step.state
        view = GAME.view(state, None)
        now = " ".join(s.text for s in CN.now(view, names) if s.kind in ("word", "name"))
        if state.stage == "window":
            if state.pending == (state.window_after,):
                assert f"{names[state.window_after]} may use the permit for a second turn" in now
            else:
                assert all(names[s] in now for s in state.pending)
                assert now.endswith(f"may build before {names[state.turn]}")
            seen.add("window")
        elif state.stage == "draw":
            assert now == f"Now: {names[state.actor]} draws a card or keeps the hand"
            seen.add("draw")
        elif state.stage == "play":
            what = "permit turn: places a card or the statue" if state.permit_turn else "places"
            assert now.startswith(f"Now: {names[state.actor]} {what}")
            seen.add("permit" if state.permit_turn else "play")
        else:
            winners = [names[w] for w in view["outcome"]["winners"]]
            assert now.startswith("Game over:") and all(w in now for w in winners)
            seen.add("over")
    assert seen == {"window", "draw", "play", "permit", "over"}


def test_before_the_first_turn_the_band_shows_the_start_card() -> None:
    view = GAME.view(positions.game()[0].state, None)
    assert view["last_turn"] is None
    start = view["city"][0]
    assert f"Start card {start['card']}" in band_text(view, positions.NAMES[:3])


# ------------------------------------------------------------------ the players and the deck


def test_deck_danger_line_never_promises_a_safe_draw_that_is_a_volcano() -> None:
    for step in positions.game():
        state = step.state
        view = GAME.view(state, None)
        _head, detail = CP.deck_lines(view)
        if "safe draw" in detail:
            safe = int(detail.split()[0])
            assert VOLCANO not in state.deck[:safe]
            assert VOLCANO in state.deck[: safe + 9]


@pytest.mark.parametrize(("uses", "left"), [(1, 1), (1, 0), (2, 2), (2, 1), (2, 0)])
def test_a_player_shows_one_permit_card_per_use_left_and_none_without(uses: int, left: int) -> None:
    """Every permit state: unused, one of two used, all used. A player without a permit shows
    no permit card at all (it used to show a dead "2×" beside "no permit")."""
    view = positions.public("mid")
    view["permit_uses"] = uses
    view["seats"][1]["permits_left"] = left
    view["seats"][0]["permits_left"] = uses
    names = positions.names(view)
    img, drawn = board_texts(view, names)
    top = CB.board_layout(view, names).seats_top
    for i, expected in ((0, uses), (1, left)):
        row = (CL.X0, top + i * CP.ROW_H, CL.X1, top + (i + 1) * CP.ROW_H)
        permits = [d for d in drawn if d.text == "2×" and row[1] <= d.box[1] < row[3]]
        assert len(permits) == expected, (i, uses, left)
        # the permit card's paper colour shows exactly that often
        cards = count_near(img, row, (236, 214, 160), 6)
        assert (cards > 0) == (expected > 0)


def test_the_score_hand_and_statue_of_every_player_are_on_their_row() -> None:
    view = positions.public("end_phase")
    names = positions.names(view)
    _img, drawn = board_texts(view, names)
    top = CB.board_layout(view, names).seats_top
    for i, seat in enumerate(view["seats"]):
        row = said(drawn, top + i * CP.ROW_H, top + (i + 1) * CP.ROW_H)
        assert names[i] in row and str(seat["score"]) in row.split()
        assert str(seat["hand_size"]) in row.split()


def test_any_name_stays_out_of_the_city_and_inside_the_image() -> None:
    """Long names and any script change only the lines that name players (a long one wraps
    the news line, so the image grows): never the city, never beyond the text's edges."""
    view = positions.public("end_phase")
    plain_names = ["A", "B", "C"]
    odd_names = [*WIDE_NAMES[:3]]
    plain, odd = board(view, plain_names), board(view, odd_names)
    a, b = CB.board_layout(view, plain_names), CB.board_layout(view, odd_names)
    city_a = plain.crop((0, a.city_top, CL.W, a.city_top + CL.CITY_H))
    city_b = odd.crop((0, b.city_top, CL.W, b.city_top + CL.CITY_H))
    assert ImageChops.difference(city_a, city_b).getbbox() is None
    _img, drawn = board_texts(view, odd_names)
    assert all(d.box[0] >= CL.X0 and d.box[2] <= CL.X1 for d in drawn if d.box[1] < b.city_top)
    below = b.city_top + CL.CITY_H
    assert all(d.box[0] >= CL.X0 and d.box[2] <= CL.X1 for d in drawn if d.box[1] > below)


def test_blank_names_fall_back_to_the_player_number() -> None:
    assert CV.display_name([" \t "], 0) == "Player 1"
    assert CV.display_name([], 2) == "Player 3"


def test_the_height_follows_the_players_and_the_news() -> None:
    three = positions.public("mid")
    four = dict(three, players=4, seats=[*three["seats"], dict(three["seats"][0], seat=3)])
    h3 = CB.board_layout(three, positions.NAMES[:3]).height
    assert CB.board_layout(four, positions.NAMES).height == h3 + CP.ROW_H
    volcano = dict(three, last_turn=dict(three["last_turn"], volcano=1))
    assert CB.board_layout(volcano, positions.NAMES[:3]).height > h3  # a line of its own


def test_the_final_rows_show_the_place_and_the_hand_penalty() -> None:
    view = positions.public("game_over")
    names = positions.names(view)
    _img, drawn = board_texts(view, names)
    top = CB.board_layout(view, names).seats_top
    for i, score in enumerate(view["outcome"]["scores"]):
        row = said(drawn, top + i * CP.ROW_H, top + (i + 1) * CP.ROW_H)
        assert f"#{view['outcome']['places'][i]}" in row
        assert f"{score['built']} − {-score['hand']}" in row and str(score["final"]) in row


# Machado et al. (2009) simulation matrices, severity 1.0
DEUTERANOPIA = ((0.367, 0.861, -0.228), (0.280, 0.673, 0.047), (-0.012, 0.043, 0.969))
PROTANOPIA = ((0.152, 1.053, -0.205), (0.115, 0.786, 0.099), (-0.004, -0.048, 1.052))


@pytest.mark.parametrize("matrix", [DEUTERANOPIA, PROTANOPIA], ids=["deutan", "protan"])
def test_card_colours_stay_apart_for_colour_blind_players(matrix: Any) -> None:
    def seen(c: tuple[int, int, int]) -> tuple[float, ...]:
        return tuple(sum(row[j] * c[j] for j in range(3)) for row in matrix)

    fills = sorted((k, seen(c)) for k, c in CL.CARD_FILL.items())
    for i, (a, fa) in enumerate(fills):
        for b, fb in fills[i + 1 :]:
            dist = sum((x - y) ** 2 for x, y in zip(fa, fb, strict=True)) ** 0.5
            assert dist > 60, (a, b, round(dist))


def test_a_state_stored_before_last_turn_still_tells_its_last_play() -> None:
    state = replace(positions.state_of("mid"), last_turn=())
    view = GAME.view(state, None)
    assert view["last_turn"] is None
    last = view["last"]
    text = band_text(view, positions.NAMES[:3])
    assert f"on {last['cell']} +{last['points']}" in text and "drew" not in text
