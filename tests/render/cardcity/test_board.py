"""The Pompeji card game images: what a player looking at them would notice."""

from __future__ import annotations

import io
import threading
from typing import Any, cast

import pytest
from PIL import Image, ImageChops, ImageStat

import render.cardcity
from engine.cardcity import determinize, rules
from engine.cardcity.actions import PlayCard, card_code, cell_code
from engine.cardcity.data import VOLCANO
from engine.core import waited
from render import fonts
from render.cardcity import board as CB
from render.cardcity import cards as CC
from render.cardcity import grid as CG
from render.cardcity import hand as CH
from render.cardcity import layout as CL
from render.cardcity import panel as CP
from render.cardcity import view as CV
from render.fonts import Drawn
from tests.render import legibility
from tests.render.cardcity import golden, positions

GAME = positions.GAME
Box = tuple[int, int, int, int]


def board(view: dict[str, Any], names: list[str] | None = None) -> Image.Image:
    data = render.cardcity.render_board(view, names or positions.names(view))
    return Image.open(io.BytesIO(data)).convert("RGB")


def hand(view: dict[str, Any], name: str = "Brutus") -> Image.Image:
    data = render.cardcity.render_hand(view, name)
    return Image.open(io.BytesIO(data)).convert("RGB")


def count_near(img: Image.Image, box: Box, colour: tuple[int, int, int], tol: int = 20) -> int:
    """Pixels in ``box`` within ``tol`` (per channel) of ``colour``."""
    colours = cast(list[tuple[int, tuple[int, int, int]]], img.crop(box).getcolors(1 << 20) or [])
    return sum(
        n for n, c in colours if all(abs(a - b) <= tol for a, b in zip(c, colour, strict=True))
    )


def box_of(view: dict[str, Any], cell: str) -> Box:
    return CG.cell_box(CV.read_city(view), CV.parse_cell(cell))


# ------------------------------------------------------------------ the image itself


@pytest.mark.parametrize("name", golden.ALL)
def test_image_is_a_small_opaque_png(name: str) -> None:
    data = golden.render_position(name)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    private = name == golden.HAND  # the city and the panel beside it; the public one: under it
    assert img.size == ((CL.HAND_W, CL.HAND_H) if private else (CL.W, CL.H))
    assert img.mode == "P"  # palette encoded
    assert "transparency" not in img.info  # opaque: the same on Discord's dark and light themes
    assert len(data) <= 150 * 1024


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


# ------------------------------------------------------------------ the city


def test_every_card_is_drawn_on_its_space_in_its_colour() -> None:
    view = positions.public("mid")
    img = board(view)
    for entry in view["city"]:
        x0, y0, x1, y1 = box_of(view, entry["cell"])
        inner = (x0 + 10, y0 + 10, x1 - 10, y1 - 10)
        fill = CL.CARD_FILL[entry["card"][1]] if entry["card"] else CL.STONE
        assert count_near(img, inner, fill) > 1500, entry


def test_open_spaces_and_the_area_beyond_the_limit_look_different() -> None:
    view = positions.public("end_phase")  # 7 × 7: everything outside it is beyond the limit
    city = CV.read_city(view)
    assert city.right - city.left == 6 and city.bottom - city.top == 6
    img = board(view)
    beyond = CG.cell_box(city, (city.top - 1, city.left))
    assert count_near(img, beyond, CL.HATCH, 8) > 1000  # hatched
    assert count_near(img, beyond, CL.OPEN, 6) < 100
    gaps = [
        (r, c) for r in range(city.top, city.bottom + 1) for c in range(city.left, city.right + 1)
    ]
    gap = next(cell for cell in gaps if cell not in city.by_cell)
    assert count_near(img, CG.cell_box(city, gap), CL.OPEN, 6) > 3000
    assert count_near(img, CG.cell_box(city, gap), CL.HATCH, 8) < 100


def test_cards_differ_without_colour_at_phone_size() -> None:
    """Grey and a quarter of the size (a 400 px wide preview): every card still looks unique."""
    small = {}
    for b in "TFABVWG":
        for c in "roygbpw":
            tile = CC.card_tile(b + c, CL.CELL - 2 * CL.GAP, CL.CANVAS)
            small[b + c] = tile.convert("L").resize((23, 23), Image.Resampling.BOX)
    codes = sorted(small)
    for i, a in enumerate(codes):
        for b in codes[i + 1 :]:
            diff = ImageStat.Stat(ImageChops.difference(small[a], small[b])).mean[0]
            assert diff > 5.0, (a, b, diff)  # closest now: Vb and Vr, 6.4


def test_the_window_shows_the_city_and_every_open_edge() -> None:
    for seed, players in ((3, 2), (7, 3), (11, 4)):
        for step in positions.game(seed, players):
            view = GAME.view(step.state, None)
            city = CV.read_city(view)
            assert all(city.shown(p.cell) for p in city.cells)
            assert all(city.shown(cell) for cell in step.state.frontier())


def test_city_extent_names_the_columns_and_rows_still_reachable() -> None:
    city = CV.read_city(positions.public("early"))

    def within(r: int, c: int) -> bool:  # a card there keeps the city within 7 x 7
        rows = max(city.bottom, r) - min(city.top, r)
        return rows < rules.FRAME and max(city.right, c) - min(city.left, c) < rules.FRAME

    reach_c = [c for c in range(13) if within(city.top, c)]
    reach_r = [r for r in range(13) if within(r, city.left)]
    text = CP.city_extent(city)
    assert f"columns {chr(97 + reach_c[0])}–{chr(97 + reach_c[-1])}" in text
    assert f"rows {reach_r[0] + 1}–{reach_r[-1] + 1}" in text
    assert CP.city_extent(CV.read_city(positions.public("end_phase"))).startswith("City 7 × 7")


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
    x0, y0, x1, y1 = CG.cell_box(city, here)
    assert count_near(img, (x0 - 4, y0 - 4, x1 + 4, y1 + 4), CL.HIGHLIGHT, 30) > 3000
    traced = {c for s in last.streets if s.points for c in s.cells} - {here}
    assert len(traced) >= 8
    for cell in city.by_cell:
        if cell == here:
            continue
        bx0, by0, bx1, by1 = CG.cell_box(city, cell)
        whole = count_near(img, (bx0, by0, bx1, by1), CL.HIGHLIGHT, 30)
        inner = count_near(img, (bx0 + 6, by0 + 6, bx1 - 6, by1 - 6), CL.HIGHLIGHT, 30)
        if cell in traced:
            assert whole - inner > 150, cell_code(cell)  # a frame round the card
        elif max(abs(cell[0] - here[0]), abs(cell[1] - here[1])) > 1:
            assert inner == 0, cell_code(cell)  # the card itself is never painted over


# ------------------------------------------------------------------ the private image


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
    city = CV.read_city(view)
    spots = CV.legal_spots(view, city)
    assert spots
    for cell in positions.state_of("mid").frontier():
        marked = count_near(img, CG.cell_box(city, cell), CL.LEGAL, 10) > 600
        assert marked == (cell in spots), cell_code(cell)


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


def test_hand_cards_are_drawn_in_their_colours() -> None:
    view = positions.private("mid")
    img = hand(view)
    for i, code in enumerate(CV.hand_codes(view)):  # each in its third of the panel's width
        x = CP.X0 + i * CH.CARD_COL
        box = (x, CL.PANEL_Y, x + CH.CARD_COL, CL.PANEL_Y + 300)
        assert count_near(img, box, CL.CARD_FILL[code[1]]) > 8000, code


def test_board_ignores_the_private_fields_of_a_player_view() -> None:
    state = positions.state_of("mid")
    names = positions.NAMES[:3]
    public = render.cardcity.render_board(GAME.view(state, None), names)
    assert render.cardcity.render_board(GAME.view(state, state.actor), names) == public


# ------------------------------------------------------------------ the panel


def test_deck_danger_line_never_promises_a_safe_draw_that_is_a_volcano() -> None:
    for step in positions.game():
        state = step.state
        view = GAME.view(state, None)
        _head, detail = CP.deck_lines(view)
        if "safe draw" in detail:
            safe = int(detail.split()[0])
            assert VOLCANO not in state.deck[:safe]
            assert VOLCANO in state.deck[: safe + 9]


LONG = "Maximilianus Augustus Germanicus the Magnificent of Herculaneum"
ODD = [LONG, "王小明の冒険者🌋", " \t\n "]


def test_any_name_stays_inside_the_panel() -> None:
    view = positions.public("end_phase")
    plain = board(view, ["A", "B", "C"])
    odd = board(view, ODD)
    changed = ImageChops.difference(plain, odd).getbbox()
    assert changed is not None
    assert changed[1] >= CL.PANEL_Y and changed[0] >= CP.X0 and changed[2] <= CP.X1


def panel_text(
    view: dict[str, Any], names: list[str], *, legend: bool = True
) -> tuple[Image.Image, list[Drawn]]:
    """The image, and every text under the city: the panel and (drawn once, so drawn again
    here) the legend."""
    img, drawn = legibility.drawn_text(
        lambda: CB.draw_board(view, names), (lambda: None) if legend else None
    )
    return img, [d for d in drawn if d.box[1] >= CL.PANEL_Y]


@pytest.mark.parametrize("name", positions.GOLDEN)
def test_the_panel_reads_on_a_phone(name: str) -> None:
    """Scaled to 400 px wide, every text under the city (deck, whose turn, players and
    scores, the last play, the legend) has capitals at least 7 px tall, and none is cut with
    "…", leaves the image or is drawn over another."""
    if not fonts.has_real_fonts():
        pytest.skip("measures DejaVu glyphs")
    view = positions.public(name)
    img, drawn = panel_text(view, positions.names(view))
    assert len(drawn) > 40
    assert legibility.problems(drawn, img.size) == []
    smallest = min(legibility.preview_cap(d, img.width) for d in drawn)
    assert smallest >= legibility.MIN_CAP  # 7.2 px (it was 2.4 px in the side panel)


def hand_panel_text(view: dict[str, Any], name: str) -> tuple[Image.Image, list[Drawn]]:
    """The private image, and every text under its city (the legend drawn again too)."""
    img, drawn = legibility.drawn_text(lambda: CH.draw_hand(view, name), lambda: None)
    return img, [d for d in drawn if d.box[1] >= CL.PANEL_Y]


@pytest.mark.parametrize("name", positions.GOLDEN)
def test_the_hand_panel_reads_on_a_phone(name: str) -> None:
    """The hand image is the only image of a Pompeji DM and of ``/hand``: scaled to 400 px
    wide, every text under its city (what to do, the cards, statue, permits, scores, deck,
    legend) has capitals at least 7 px tall (they were 2.75 px in its side panel), and none
    is cut, leaves the image or is drawn over another."""
    if not fonts.has_real_fonts():
        pytest.skip("measures DejaVu glyphs")
    view = positions.private(name)
    img, drawn = hand_panel_text(view, positions.NAMES[view["seat"]])
    assert img.width == CL.W and len(drawn) > 40
    assert legibility.problems(drawn, img.size) == []
    smallest = min(legibility.preview_cap(d, img.width) for d in drawn)
    assert smallest >= legibility.MIN_CAP


def test_the_hand_panel_holds_four_players_long_scores_and_every_status() -> None:
    """Four players' three-digit scores, a window, a draw, a permit turn and the end all fit
    the hand panel without overlap (checked at every decision of a 4-player game)."""
    if not fonts.has_real_fonts():
        pytest.skip("measures DejaVu glyphs")
    seen = set()
    for step in positions.game(11, 4):
        state = step.state
        for seat in sorted(waited(GAME.pending(state)))[:1]:
            view = GAME.view(state, seat)
            status = CH.hand_status(view, CV.legal_spots(view))
            key = (status.split(":")[0], max(s["score"] for s in view["seats"]) >= 100)
            if key in seen:
                continue
            seen.add(key)
            img, drawn = legibility.drawn_text(lambda v=view: CH.draw_hand(v, "Cornelia"), None)
            below = [d for d in drawn if d.box[1] >= CL.PANEL_Y]
            assert legibility.problems(below, img.size) == [], status
    assert len(seen) >= 6, seen


def test_every_street_of_the_last_play_is_spelled_out_in_full() -> None:
    """Long names wrap; the last play's streets, the city's extent and the discards all show,
    whole, in games of two to four players."""
    if not fonts.has_real_fonts():
        pytest.skip("measures DejaVu glyphs")
    names = ["Marcus Aemilius", "cara", "Cornelia", "Decimus"]
    for seed, players in ((11, 4), (3, 2)):
        steps = positions.game(seed, players)
        for step in steps[:: max(1, len(steps) // 12)]:
            view = GAME.view(step.state, None)
            img, drawn = panel_text(view, names[:players], legend=False)
            assert [p for p in legibility.problems(drawn, img.size) if "cut" in p] == []
            said = " ".join(d.text for d in drawn)
            city = CV.read_city(view)
            last = CV.read_last(view, city)
            for s in [s for s in last.streets or () if s.points] if last else ():
                assert f"= +{s.points}" in said
            if city.cells:
                assert CP.city_extent(city).split()[-1] in said


def test_blank_names_fall_back_to_the_player_number() -> None:
    assert CV.display_name([" \t "], 0) == "Player 1"
    assert CV.display_name([], 2) == "Player 3"


def test_permit_window_names_who_may_build_first() -> None:
    for step in positions.game():
        state = step.state
        if (
            state.stage == "window"
            and len(state.pending)
            and state.window_after not in state.pending
        ):
            view = GAME.view(state, None)
            seat, head, what = CP.turn_lines(view, positions.NAMES)
            assert seat == state.turn and positions.NAMES[state.turn] in head
            assert all(positions.NAMES[s] in what for s in state.pending)
            return
    pytest.skip("no interrupt window in this game")


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


def test_when_no_card_fits_the_statue_spaces_are_marked_and_the_status_says_so() -> None:
    from tests.engine.cardcity.helpers import scenario

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
        assert count_near(img, CG.cell_box(city, cell), CL.LEGAL, 10) > 200, cell_code(cell)
    # with the statue spent, nothing is marked
    used = scenario({"g7": "Tr"}, [["Tb", "Fr", "Ar"], ["Fo", "Vg", "Wb"]], statue_used=[0])
    used_view = GAME.view(used, 0)
    assert CV.statue_spots(used_view, CV.read_city(used_view), {}) == []
    assert count_near(hand(used_view), CG.cell_box(city, marked[0]), CL.LEGAL, 10) == 0


WIDE_NAMES = [LONG, "王小明の冒険者🌋", "Żółć Décimus", "Ἀθηνᾶ"]


@pytest.mark.parametrize(("seed", "players"), [(3, 2), (11, 4)])
def test_positions_throughout_other_games_render_within_budget(seed: int, players: int) -> None:
    steps = positions.game(seed, players)
    for step in steps[:: max(1, len(steps) // 8)] + steps[-1:]:
        state = step.state
        seat = state.actor if state.actor >= 0 else 0
        for data, size in (
            (render.cardcity.render_board(GAME.view(state, None), WIDE_NAMES), (CL.W, CL.H)),
            (
                render.cardcity.render_hand(GAME.view(state, seat), WIDE_NAMES[seat]),
                (CL.HAND_W, CL.HAND_H),
            ),
        ):
            img = Image.open(io.BytesIO(data))
            assert img.size == size and img.mode == "P"
            assert len(data) <= 150 * 1024


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
            assert dist > 60, (a, b, round(dist))  # the first palette had 39 (b, p)
