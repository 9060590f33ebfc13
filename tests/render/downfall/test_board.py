"""The Downfall board and hand images: what a player looking at them would notice."""

from __future__ import annotations

import copy
import io
import threading
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

import render.downfall
from engine.core import deciders
from render import fonts, i18n, palette, shapes
from render.downfall import board as D
from render.downfall import hand as HD
from render.downfall import layout as L
from render.downfall import panel as P
from render.downfall import static as S
from render.downfall import strip as ST
from tests.render.downfall import fixtures, golden, positions

Box = tuple[int, int, int, int]


def whole(view: dict[str, Any], names: list[str] | None = None) -> Image.Image:
    """The whole board image, as the channel gets it."""
    data = render.downfall.render_board(view, names or fixtures.NAMES[: view["players"]])
    return Image.open(io.BytesIO(data)).convert("RGB")


def board(view: dict[str, Any], names: list[str] | None = None) -> Image.Image:
    """The board (the city with its coordinates and the strip) cut out of the whole image:
    the band above it is as tall as its lines, so the board starts lower or higher."""
    names = names or fixtures.NAMES[: view["players"]]
    top = D.board_top(view, names)
    return whole(view, names).crop((0, top, L.W, top + L.BOARD_H))


def square_box(square: str) -> Box:
    x, y = L.square_xy(square)
    return x, y, x + L.CELL, y + L.CELL


def count_near(img: Image.Image, box: Box, colour: tuple[int, int, int], tol: int = 24) -> int:
    """Pixels in ``box`` within ``tol`` (per channel) of ``colour``."""
    crop = img.crop(box)
    colours = crop.getcolors(maxcolors=crop.width * crop.height) or []
    return sum(
        n for n, c in colours if all(abs(int(a) - b) <= tol for a, b in zip(c, colour, strict=True))
    )


def diff_box(a: Image.Image, b: Image.Image) -> Box | None:
    return ImageChops.difference(a, b).getbbox()


def inside(inner: Box, outer: Box) -> bool:
    return (
        inner[0] >= outer[0]
        and inner[1] >= outer[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


# ------------------------------------------------------------------ the image itself


@pytest.mark.parametrize("name", positions.GOLDEN)
def test_board_is_a_png_sized_for_discord(name: str) -> None:
    view, names = positions.build(name)
    data = render.downfall.render_board(view, names)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    assert img.width == L.W == 1204  # the board with its coordinates
    band, rows = D.board_top(view, names), P.panel_height(view)
    assert img.height == band + L.BOARD_H + rows < 1550  # as tall as its content
    assert "transparency" not in img.info  # opaque: looks the same on dark and light themes
    assert len(data) < 150 * 1024


@pytest.mark.parametrize("name", [*positions.GOLDEN, "hand"])
def test_board_matches_its_golden_image(name: str) -> None:
    if not fonts.has_real_fonts():
        pytest.skip("golden images are drawn with DejaVu, which is not installed")
    data = golden.render_hand() if name == "hand" else golden.render_position(name)
    path = golden.GOLDEN_DIR / f"{name}.png"
    if golden.REGEN or not path.exists():
        golden.write(name, data)
        if not golden.REGEN:
            pytest.fail(f"no golden image yet: wrote {path}; review it and commit")
    expected = Image.open(path)
    got = golden.load(data)
    assert got.size == expected.size
    assert golden.mean_difference(got, expected) < 1.0


@pytest.mark.parametrize(("players", "dual_vent"), [(2, False), (3, True), (4, False)])
def test_positions_throughout_real_games_render_within_budget(
    players: int, dual_vent: bool
) -> None:
    """Every 9th position of a whole game (and its end), each player count, the dual vent
    variant: the image always renders, at the same size, under the Discord-friendly budget."""
    from engine.downfall import GAME as game

    state = game.new_game(11, players, {"dual_vent": dual_vent})
    names = positions.NAMES[:players]
    step = 0
    while True:
        view = game.view(state, None)
        over = not deciders(game, state)
        if step % 9 == 0 or over:
            data = render.downfall.render_board(view, names)
            img = Image.open(io.BytesIO(data))
            assert img.width == L.W and img.height < 1700
            assert len(data) < 150 * 1024
        if over:
            break
        seat = view["pending"]["seat"]
        actions = game.legal_actions(state, seat)
        state = game.apply(state, seat, actions[(step * 7919) % len(actions)]).state
        step += 1
    assert view["phase"] == "over"


def test_the_palette_keeps_every_flat_colour_of_the_picture() -> None:
    """The PNG maps pixels to a fixed palette: any colour that fills an area (not just an
    anti-aliased edge) must survive the mapping, or e.g. a calm crater turns into lava."""
    views = [positions.build(name)[0] for name in positions.GOLDEN]
    views.append(fixtures.phase1_early())  # Vesuvius still calm
    palette = D.PALETTE.image()
    for view in views:
        img = D.draw_board(view, positions.NAMES)
        flat = [c for n, c in img.getcolors(maxcolors=1 << 16) or [] if n >= 300]
        assert flat
        strip = Image.new("RGB", (len(flat), 1))
        strip.putdata(flat)
        mapped = strip.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
        for i, want in enumerate(flat):
            got = mapped.getpixel((i, 0))
            assert isinstance(got, tuple)
            assert max(abs(a - b) for a, b in zip(want, got, strict=True)) <= 16, (want, got)


# ------------------------------------------------------------------ the board


def test_pieces_stand_on_their_squares_in_their_colours() -> None:
    view = fixtures.phase1_early()
    img = board(view)
    red, black, yellow = (shapes.PIECE_FILL[c] for c in ("red", "black", "yellow"))
    assert count_near(img, square_box("a2"), red) > 100
    assert count_near(img, square_box("f3"), black, tol=8) > 100
    assert count_near(img, square_box("f3"), yellow) > 100
    empty = square_box("k4")
    assert all(count_near(img, empty, shapes.PIECE_FILL[c], tol=8) == 0 for c in shapes.PIECE_FILL)


def test_each_colour_has_its_own_shape() -> None:
    """Colour-blind players tell pieces apart by shape: the four silhouettes differ."""
    masks = [
        shapes.piece_sprite(c, 40).getchannel("A").point(lambda a: 255 if a > 128 else 0)
        for c in shapes.PIECE_FILL
    ]
    for i, a in enumerate(masks):
        for b in masks[i + 1 :]:
            differing = sum(ImageChops.difference(a, b).histogram()[255:])
            assert differing > 150


def test_lava_covers_its_squares_and_only_those() -> None:
    view = fixtures.eruption()
    img = board(view)
    for sq in view["lava"]:
        assert count_near(img, square_box(sq), shapes.LAVA, tol=10) > 2000
    # k3 is a first-lava square without a tile yet: its outline only
    assert count_near(img, square_box("k3"), shapes.LAVA, tol=10) < 1500


def test_vesuvius_shows_whether_it_seethes_or_erupts() -> None:
    calm = fixtures.phase1_early()
    seething = copy.deepcopy(calm)
    seething["seething"] = True
    erupting = copy.deepcopy(calm)
    erupting["phase"] = "lava_setup"
    x, y = L.square_xy("i1")
    volcano = (x, y, x + S.VOLCANO_W, y + S.VOLCANO_H)
    fire = [count_near(board(v), volcano, shapes.LAVA, tol=30) for v in (calm, seething, erupting)]
    assert fire[0] < fire[1] < fire[2]


def test_a_gate_closed_by_lava_looks_closed() -> None:
    view = fixtures.phase2_mid()
    open_view = copy.deepcopy(view)
    for g in open_view["gates"]:
        if g["square"] == "f1":
            g["open"] = True
    del open_view["lava"]["f1"]
    closed, opened = board(view), board(open_view)
    gap = L.gate_gap_box("f1")
    assert count_near(closed, gap, shapes.LAVA, tol=10) > 100
    assert count_near(opened, gap, shapes.LAVA, tol=10) == 0


def test_a_phase2_square_shows_each_of_its_pieces() -> None:
    """No count to read: two red pieces on a square show twice the red of one."""
    view = fixtures.phase2_mid()
    reds = []
    for seats in ([0, 1, 2, 3], [0, 0, 1, 2, 3], [0, 0, 0, 1, 2, 3]):
        view["squares"]["g5"] = seats
        red = count_near(board(view), square_box("g5"), shapes.PIECE_FILL["red"], tol=8)
        reds.append(red)
    assert reds[0] > 50
    assert reds[1] == pytest.approx(2 * reds[0], rel=0.15)
    assert reds[2] == pytest.approx(3 * reds[0], rel=0.15)


def test_phase2_stacks_show_how_many_pieces_share_a_square() -> None:
    view = fixtures.phase2_mid()
    more = copy.deepcopy(view)
    more["squares"]["g5"] = [*view["squares"]["g5"], 0]
    a, b = board(view), board(more)
    changed = diff_box(a, b)
    assert changed is not None
    # the count changes on g5 itself (and the players' "city" figure), nowhere else on the board
    board_area = (L.GX, L.GY, L.GX + L.GW, L.GY + L.GH)
    on_board = ImageChops.difference(a, b).crop(board_area).getbbox()
    assert on_board is not None
    x0, y0, x1, y1 = on_board
    assert inside((x0 + L.GX, y0 + L.GY, x1 + L.GX, y1 + L.GY), square_box("g5"))


def test_the_last_move_is_highlighted_on_the_board() -> None:
    view = fixtures.seething_relatives()
    quiet = copy.deepcopy(view)
    quiet["last_turn"] = {"seat": None, "events": []}
    img, plain = board(view), board(quiet)
    for sq in ("d4", "h4"):  # the played card's piece and the relative
        assert count_near(img, square_box(sq), L.HIGHLIGHT, tol=10) > 300
        assert count_near(plain, square_box(sq), L.HIGHLIGHT, tol=10) == 0


def discard_pile_box(key: str) -> Box:
    x = ST.DISCARD_X + ST.DISCARD_KEYS.index(key) * ST.CARD_STEP
    return x - 4, ST.CARD_Y - 4, x + ST.CARD_W + 4, ST.CARD_Y + ST.CARD_H + 4


def outlined_piles(img: Image.Image) -> list[str]:
    return [
        key
        for key in ST.DISCARD_KEYS
        if count_near(img, discard_pile_box(key), L.HIGHLIGHT, tol=10) > 100
    ]


def test_the_discard_pile_marks_only_what_the_last_turn_put_there() -> None:
    """The card just played is outlined on its pile; in phase 2, where no card is played, the
    discard pile is not shown (its outline used to stay on the top card through all of phase
    2)."""
    view, names = positions.build("seething_relatives")
    played = [e["card"] for e in view["last_turn"]["events"] if e["type"] == "CardPlayed"]
    assert outlined_piles(board(view, names)) == [str(c) for c in played]
    quiet = copy.deepcopy(view)
    quiet["last_turn"] = {"seat": None, "events": []}
    assert quiet["discard_top"] and outlined_piles(board(quiet, names)) == []
    for name in ("phase2_mid", "game_over"):  # no card is played any more: no pile is shown
        view, names = positions.build(name)
        img = board(view, names)
        assert view["discard_top"] and outlined_piles(img) == []
        piles = (discard_pile_box("1")[0], ST.CARD_Y, discard_pile_box("omen")[2], ST.COUNT_Y)
        assert all(count_near(img, piles, c, tol=6) == 0 for c in L.BUILDING_FILL.values())
    omen = fixtures.seething_relatives()
    omen["discard"]["omen"] = 1
    omen["last_turn"]["events"].append({"type": "OmenDrawn", "seat": 3})
    assert "omen" in outlined_piles(board(omen))


def test_a_move_draws_its_path() -> None:
    view = fixtures.phase2_mid()
    img = board(view)
    # the path c4 -> b4 -> b5 passes through b4, where nothing else is magenta
    assert count_near(img, square_box("b4"), L.HIGHLIGHT, tol=10) > 200
    assert count_near(img, square_box("h3"), L.HIGHLIGHT, tol=10) == 0


def magenta_rows(img: Image.Image, x: int, y0: int, y1: int) -> list[int]:
    return [y for y in range(y0, y1) if count_near(img, (x, y, x + 1, y + 1), L.HIGHLIGHT, 10) == 1]


def test_two_moves_from_one_square_read_as_two_arrows() -> None:
    """g4 → i4 and g4 → f4 used to be one line with a head at each end: "f4 ↔ i4". Each move
    now keeps to its own side of the squares' centres, starts at a dot and has one head."""
    view = fixtures.phase2_mid()
    del view["lava"]["f4"]
    view["last_turn"]["events"] = [
        {"type": "PieceMoved", "seat": 1, "from": "g4", "to": "i4", "path": ["g4", "h4", "i4"]},
        {"type": "PieceMoved", "seat": 1, "from": "g4", "to": "f4", "path": ["g4", "f4"]},
    ]
    img = board(view)
    _cx, cy = L.square_centre("g4")
    top, bottom = cy - L.CELL // 2, cy + L.CELL // 2
    east = magenta_rows(img, L.square_centre("h4")[0], top, bottom)  # g4 → i4 passes h4
    west = magenta_rows(img, L.square_xy("g4")[0] + 4, top, bottom)  # g4 → f4 leaves g4
    assert east and west
    assert min(east) > cy and max(west) < cy  # on either side: the two never merge
    # one head each, at the end of its own move: at i4 and f4, not at g4's far side
    for sq in ("i4", "f4"):
        assert count_near(img, square_box(sq), L.HIGHLIGHT, tol=10) > 150
    # two moves along the same stretch in the same direction get two lanes
    view["last_turn"]["events"][1] = {
        "type": "PieceMoved", "seat": 1, "from": "g4", "to": "h4", "path": ["g4", "h4"]
    }  # fmt: skip
    img = board(view)
    runs = magenta_rows(img, L.square_xy("h4")[0] + 6, top, bottom)
    assert max(runs) - min(runs) > 24  # two lines, one beside the other


def test_pieces_lost_this_turn_show_crossed_out_where_they_stood() -> None:
    view = fixtures.phase2_mid()  # lava on f4 took one black and two yellow pieces
    spared = copy.deepcopy(view)
    spared["last_turn"]["events"][0]["lost"] = [0, 0, 0, 0]
    img, plain = board(view), board(spared)
    yellow = shapes.PIECE_FILL["yellow"]
    assert count_near(img, square_box("f4"), yellow) > 50
    assert count_near(plain, square_box("f4"), yellow) == 0


def test_an_omen_victim_shows_crossed_out_where_it_stood() -> None:
    view = fixtures.seething_relatives()
    view["squares"]["k6"] = []  # the red piece is gone from k6...
    quiet = copy.deepcopy(view)
    view["last_turn"]["events"] = [
        {"type": "OmenDrawn", "seat": 1},
        {"type": "PieceThrown", "seat": 1, "victim": 0, "colour": "red", "square": "k6",
         "building": "11b"},
    ]  # fmt: skip
    red = shapes.PIECE_FILL["red"]
    assert count_near(board(view), square_box("k6"), red) > 30  # ...but shown where it stood
    assert count_near(board(quiet), square_box("k6"), red) == 0


def test_the_public_image_ignores_a_players_hand() -> None:
    """Whatever view the caller passes, the channel image shows nothing private."""
    public, names = positions.build("seething_relatives")
    expected = render.downfall.render_board(public, names)
    for seat in range(public["players"]):
        private = positions.player_view("seething_relatives", seat)
        assert private["hand"]  # a real hand, which must not show
        assert render.downfall.render_board(private, names) == expected


# ------------------------------------------------------------------ names


ODD_NAMES = [
    "Quintus Horatius Flaccus the Younger of Venusia, poet and friend of Maecenas",
    "🌋🔥 Lava Lover 🔥🌋",
    "火山の王様です本当に長い名前",
    "مستخدم ديسكورد",
    "👨‍👩‍👧‍👦 Family",
    "Zalgo z̴̢̛a̷l̵g̶o̸",
    "\n\t tabs\tand\nnewlines ",
    "",
]


@pytest.mark.parametrize("odd", ODD_NAMES)
def test_long_or_non_latin_names_stay_in_their_row(odd: str) -> None:
    view = fixtures.phase1_early()
    names = list(fixtures.NAMES)
    base = whole(view, names)
    names[1] = odd  # seat 1 is not on turn, nor in the last turn: only its row shows the name
    changed = diff_box(base, whole(view, names))
    assert changed is not None
    assert changed[0] >= P.NAME_X - 2 and changed[2] <= P.name_right(view) + 2  # left of figures
    rows = D.board_top(view, names) + L.BOARD_H
    assert changed[1] >= rows and changed[3] - changed[1] <= P.ROW_H  # in one row


def test_fit_cuts_long_text_with_an_ellipsis() -> None:
    f = fonts.font("bold", 24)
    cut = fonts.fit("Aurelia " * 30, f, 24, 200)
    assert cut.endswith("…") and len(cut) > 5
    assert fonts.text_width(cut, f, 24) <= 200
    assert fonts.fit("Aurelia", f, 24, 200) == "Aurelia"


def test_every_character_is_drawn_with_a_font_that_has_it() -> None:
    f = fonts.font("bold", 24)
    for text in ODD_NAMES:
        for run in fonts.runs(fonts.clean(text), f, 24):
            if run.bitmap:
                continue
            for ch in run.text:
                assert ch in " ?" or fonts._joins(ch) or fonts._covers(run.font, ch), (text, ch)


def test_renders_without_any_installed_font() -> None:
    try:
        fonts.reset_discovery({})
        D.clear_caches()
        img = board(fixtures.phase2_mid())
        assert img.size == (L.W, L.BOARD_H)
        assert count_near(img, square_box("a2"), shapes.PIECE_FILL["red"]) > 50
    finally:
        fonts.reset_discovery(None)
        D.clear_caches()


# ------------------------------------------------------------------ threads


def test_concurrent_renders_give_the_same_image() -> None:
    views = [fixtures.phase1_early(), fixtures.phase2_mid(), fixtures.game_over()]
    expected = [render.downfall.render_board(v, fixtures.NAMES) for v in views]
    results: dict[int, bytes] = {}

    def work(i: int) -> None:
        results[i] = render.downfall.render_board(views[i % 3], fixtures.NAMES)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(9)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(results[i] == expected[i % 3] for i in range(9))


# ------------------------------------------------------------------ the hand


def hand(view: dict[str, Any], name: str = "Brutus") -> Image.Image:
    return Image.open(io.BytesIO(render.downfall.render_hand(view, name))).convert("RGB")


def card_box(i: int, count: int = 4) -> Box:
    x = HD.card_x(count, i)
    return x, HD.CARD_TOP, x + HD.CARD_W, HD.CARD_TOP + HD.CARD_H


def test_hand_shows_which_cards_are_jokers() -> None:
    view = fixtures.hand_view()
    no_jokers = copy.deepcopy(view)
    no_jokers["jokers"] = [False] * 4
    a, b = hand(view), hand(no_jokers)
    cards = (0, HD.CARD_TOP, HD.HAND_W, HD.CARD_TOP + HD.CARD_H)  # the footnote explains jokers
    changed = ImageChops.difference(a.crop(cards), b.crop(cards)).getbbox()
    assert changed is not None
    x0, _y0, x1, _y1 = card_box(1)  # the second card
    assert changed[0] + cards[0] >= x0 and changed[2] + cards[0] <= x1
    assert count_near(a, card_box(1), L.HIGHLIGHT, tol=10) > 500
    assert count_near(b, (0, 0, *b.size), L.HIGHLIGHT, tol=10) == 0


def test_hand_shows_each_card_in_its_building_colour() -> None:
    view = fixtures.hand_view()  # 3 purple, 6 turquoise, 11 brown, 1 grey
    img = hand(view)
    for i, colour in enumerate(("purple", "turquoise", "brown", "grey")):
        assert count_near(img, card_box(i), L.BUILDING_FILL[colour], tol=6) > 5000


def test_a_hand_of_cached_cards_is_the_hand_drawn_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards are drawn once and pasted after (issue 43): the same pixels and recorded texts
    as drawing each anew, in every palette and language whatever drew first, shifted too."""
    view, name, choices = positions.hand()
    looks = [(look, lang) for look in palette.PALETTES for lang in ("en", "de")]

    def hands() -> list[tuple[bytes, list[fonts.Drawn]]]:
        out = []
        for look, lang in looks:
            with (
                palette.using(look),
                i18n.using(lang),
                fonts.recording() as drawn,
                fonts.recorded_at(5, 7),
            ):
                img = HD.draw_hand(view, name, choices)
            out.append((img.tobytes(), drawn))
        return out

    HD._cards.clear()
    hands()  # every card in every palette and language in the cache
    cached = hands()

    def anew(img: Image.Image, x: int, card: int, joker: bool, where: str) -> None:
        HD._draw_card(img, ImageDraw.Draw(img), x, HD.CARD_TOP, card, joker, where)

    monkeypatch.setattr(HD, "_paste_card", anew)
    assert cached == hands()
    assert len({pixels for pixels, _drawn in cached}) == len(looks)  # each its own


def _unlettered(faded: bool) -> S.Lettered:
    """The board as drawn before the city's texts were cached: every text on each render."""
    return S.Lettered(S.background(faded), (), tuple(S.city_labels(faded)))


@pytest.mark.parametrize("name", positions.GOLDEN)
def test_the_cached_city_texts_give_the_very_pixels_and_records_of_drawing_them(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    view, names = positions.build(name)
    with fonts.recording() as cached:
        fast = D.draw_board(view, names)
    monkeypatch.setattr(D, "lettered", _unlettered)
    with fonts.recording() as drawn:
        slow = D.draw_board(view, names)
    assert fast.tobytes() == slow.tobytes()
    assert sorted(cached, key=repr) == sorted(drawn, key=repr)


def test_only_texts_apart_from_what_is_drawn_before_them_are_cached() -> None:
    """The coordinates are outside the city; a house number may be under a lava tile's square,
    so it is drawn on each render, after the lava, as before."""
    for faded in (False, True):
        base = S.lettered(faded)
        assert base.drawn  # the coordinates at least
        for d in base.drawn:
            assert not any(S._meets(d.box, box) for box in S._under_text(faded))
    assert S.lettered(True).rest == ()  # phase 2 shows no house numbers
    assert S.lettered(False) is S.lettered(False)


def test_the_cached_city_texts_follow_the_fonts() -> None:
    """Keyed by the font set: other fonts draw the texts anew."""
    before = S.lettered(False)
    fonts.reset_discovery(dict(fonts._discover()))  # the same files, a new generation
    try:
        after = S.lettered(False)
        assert after is not before
        assert after.image.tobytes() == before.image.tobytes()
    finally:
        fonts.reset_discovery()
