"""Pompeii's images: size, budget, golden pictures and no secret on a public image (what a
phone shows of them: ``test_legibility``)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

import render.png
import render.workers
from engine.core import ActionChoice
from engine.workers import GAME, State, determinize
from render import fonts
from render.presentation import Image as Image_
from render.workers import board, hand, icons, images, tablet
from render.workers.layout import CARD, W
from tests.render import legibility
from tests.render.workers import golden, positions

MAX_BYTES = 200 * 1024


def png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.mark.parametrize("name", golden.ALL)
def test_images_are_palette_pngs_within_budget(name: str) -> None:
    data = golden.render_position(name)
    img = png(data)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert img.mode == "P" and img.width == W and 900 < img.height < 2400
    assert len(data) <= MAX_BYTES


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
    got = png(data)
    assert got.size == expected.size
    assert golden.mean_difference(got, expected) < 1.0


def _differs_only_in_secrets() -> list[tuple[Any, Any]]:
    """Pairs of states that differ only in what nobody may see on the channel: other hands,
    deck orders, unseen volcano cards, secret pledges (``determinize``)."""
    pairs = []
    for name in ("mid", "offering", "four_players", "solo"):
        s = positions.state(name)
        for seed in (1, 2):
            pairs.append((s, determinize(s, 0, seed)))
    return pairs


def _cards(view: Any, name: str, choices: Sequence[ActionChoice]) -> Image_ | None:
    picture = render.workers.PRESENTATION.picture("cards")
    assert picture is not None and picture.private is not None
    return picture.private(view, name, choices)


def test_public_images_show_no_secret() -> None:
    """Other hands, deck orders, unseen volcano cards and pledges differ: the same bytes."""
    differing = 0
    for a, b in _differs_only_in_secrets():
        va, vb = GAME.view(a, None), GAME.view(b, None)
        names = positions.names(va)
        other = 1 if a.players > 1 else 0
        differing += GAME.view(a, other)["hand"] != GAME.view(b, other)["hand"]
        for render_one in (render.workers.render_board, render.workers.render_tablets):
            assert render_one(va, names) == render_one(vb, names)
    assert differing >= 4  # the pairs really differ in secrets


def test_public_images_ignore_a_player_views_private_keys() -> None:
    s = positions.state("offering")
    names = positions.names(GAME.view(s, None))
    for seat in range(s.players):
        private = GAME.view(s, seat)
        assert private["hand"]["specialists"] or private["hand"]["city"]
        public = GAME.view(s, None)
        assert render.workers.render_board(private, names) == render.workers.render_board(
            public, names
        )
        assert render.workers.render_tablets(private, names) == render.workers.render_tablets(
            public, names
        )
        for picture in render.workers.PRESENTATION.pictures:
            if picture.public is not None:
                assert picture.public(private, names) == picture.public(public, names)


def _pledged(secret: bool) -> tuple[State, State]:
    """The golden offering position (under the secret pledges variant if ``secret``) and the
    same after a deciding seat raised its pledge."""
    s = positions.state("offering")
    s = replace(s, options=replace(s.options, secret_pledges=secret))
    seat, pledge = positions.raise_pledge(s)
    return s, GAME.apply(s, seat, pledge).state


def test_an_open_pledge_shows_on_the_board_and_the_tablets() -> None:
    """W4: the board's offering band gives each seat's pledge value and the total, each
    tablet its seat's pledge."""
    s, after = _pledged(secret=False)
    names = positions.names(GAME.view(s, None))
    view = GAME.view(after, None)
    _img, drawn = legibility.drawn_text(lambda: tablet.draw_tablets(view, names))
    texts = " ".join(d.text for d in drawn)
    seat = positions.raise_pledge(s)[0]
    assert f"pledged {view['offering']['values'][seat]}: " in texts
    assert f"Offering: {view['offering']['total']} of " in texts
    _img, drawn = legibility.drawn_text(lambda: images.draw_board_image(view, names))
    assert any(d.text.startswith(f"Offering: {view['offering']['total']} of ") for d in drawn)


def test_the_secret_variant_never_shows_a_pledge_before_the_offering_resolves() -> None:
    s, after = _pledged(secret=True)
    names = positions.names(GAME.view(s, None))
    before_png = render.workers.render_tablets(GAME.view(s, None), names)
    assert render.workers.render_tablets(GAME.view(after, None), names) == before_png
    before_board = render.workers.render_board(GAME.view(s, None), names)
    assert render.workers.render_board(GAME.view(after, None), names) == before_board


def test_the_private_image_marks_only_what_choices_allow() -> None:
    view, who, choices = positions.private("offering")
    played = [c for c in choices if c.notation.startswith("play ")]
    assert played
    cid = played[0].notation.split()[1]
    assert hand.uses(cid, choices) == ["play now"]
    assert hand.uses(cid, []) == []
    with_choices = render.workers.render_hand(view, who, choices)
    without = render.workers.render_hand(view, who, [])
    assert with_choices != without


def test_the_private_image_is_none_without_anything_to_show() -> None:
    view = GAME.view(positions.state("early"), 0)
    view["hand"] = {"specialists": [], "city": []}
    view["drawn_cards"] = []
    cards = render.workers.PRESENTATION.picture("cards")
    assert cards is not None and cards.private is not None
    assert cards.private(view, "Aurelia", []) is None
    full, who, choices = positions.private("mid")
    image = cards.private(full, who, choices)
    assert image is not None and image.filename == "hand.png"


def test_the_adapted_note_shows_with_a_dagger() -> None:
    view, who, choices = positions.private("mid")
    _img, drawn = legibility.drawn_text(lambda: hand.draw_hand(view, who, choices), None)
    texts = [d.text for d in drawn]
    assert any("†" in t for t in texts)
    assert any(t.startswith("† adapted: original card or board text not public") for t in texts)


def board_notes(name: str) -> list[str]:
    view = positions.public(name)
    names = positions.names(view)
    _img, drawn = legibility.drawn_text(lambda: images.draw_board_image(view, names), None)
    return [d.text for d in drawn if d.text.startswith("† ")]


def test_a_solo_board_says_what_the_dagger_by_a_price_means() -> None:
    """Alone on the board the army, Terme and Castrum cost more (W41), marked † by the price:
    the note under the board says so, beside the note on adapted texts."""
    assert board_notes("solo") == [
        "† adapted: original card or board text not public",
        "† by a price: the solo game's house rule, dearer than the board (W41)",
    ]
    assert board_notes("mid") == ["† adapted: original card or board text not public"]


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (4, 1), (1, 2)])
def test_positions_of_whole_games_stay_within_budget(players: int, seed: int) -> None:
    for s in positions.sample(players, seed, {}, 97):
        view = GAME.view(s, None)
        names = positions.names(view)
        for data in (
            render.workers.render_board(view, names),
            render.workers.render_tablets(view, names),
        ):
            assert len(data) <= MAX_BYTES
            assert png(data).width == W
        for seat in positions.deciding(s)[:1]:
            pv = GAME.view(s, seat)
            image = _cards(pv, "X", positions.choices(s, seat))
            assert image is None or len(image.png) <= MAX_BYTES


def test_goods_differ_in_shape_at_preview_size() -> None:
    """Greyscale at a phone's scale (the board's recipe icons, 30 px in an 800 px image: 15 px
    in the preview), every pair of the 27 goods still differs clearly: told apart by shape, not
    only by colour."""
    goods = [g["id"] for g in positions.public("early")["legend"]["goods"]]
    assert len(goods) == 27
    px = round(board.RECIPE * legibility.PREVIEW_W / W)
    assert px == 15
    small = {
        g: icons.good_icon(g, board.RECIPE).convert("RGBA").resize((px, px)).convert("L")
        for g in goods
    }
    for i, a in enumerate(goods):
        for b in goods[i + 1 :]:
            diff = golden.mean_difference(small[a].convert("RGB"), small[b].convert("RGB"))
            assert diff > 6, (a, b, diff)


def test_the_goods_and_the_face_down_tiers_keep_their_colours_in_the_picture() -> None:
    """The pictures' palette is small (issue 43), but a good's icon, drawn at the board's recipe
    size and sent as a PNG, still shows its own colour (a 96-colour palette had drawn fish
    grey, clay and the tunic brown), and so do the face-down buildings' tier bands."""
    tiles = [icons.good_icon(g, board.RECIPE) for g in images.GOODS]
    sheet = Image.new("RGB", (len(tiles) * (board.RECIPE + 4), board.RECIPE + 40), CARD)
    for i, tile in enumerate(tiles):
        sheet.paste(tile, (i * (board.RECIPE + 4), 0), tile)
    bands = board.face_down_bands()
    for i, colour in enumerate(bands):
        sheet.paste(colour, (i * 40, board.RECIPE + 4, i * 40 + 30, board.RECIPE + 34))
    sent = png(render.png.encode(sheet, images.PALETTE)).convert("RGB")
    shown = {colour for _n, colour in sent.getcolors(1 << 16) or []}
    own = images._goods_colours()
    assert len(own) == len(images.GOODS)
    missing = [g for g, c in zip(images.GOODS, own, strict=True) if c not in shown]
    assert not missing
    assert set(bands) <= shown
    fish = dict(zip(images.GOODS, own, strict=True))["fish"]
    assert fish[2] > fish[0] + 80  # blue, not grey


def test_seats_differ_in_shape() -> None:
    shapes_ = {icons.SEAT_SHAPE[c] for c in icons.SEAT_COLOURS}
    assert len(shapes_) == 4
    assert render.workers.PRESENTATION.colours(positions.public("four_players")) == list(
        icons.SEAT_COLOURS
    )


def test_the_last_placement_is_highlighted() -> None:
    view = positions.public("early")
    names = positions.names(view)

    def magenta(img: Image.Image) -> int:
        return sum(n for n, c in img.getcolors(1 << 20) or [] if c == (255, 43, 214))

    lit = magenta(images.draw_board_image(view, names))
    view["last"] = None
    assert lit > magenta(images.draw_board_image(view, names)) + 500


def test_renders_from_threads_are_identical() -> None:
    import concurrent.futures

    view = positions.public("mid")
    names = positions.names(view)
    first = render.workers.render_board(view, names)
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        outs = list(pool.map(lambda _: render.workers.render_board(view, names), range(8)))
    assert all(o == first for o in outs)


def test_choice_labels_are_not_read_for_the_public_images() -> None:
    view = positions.public("mid")
    names = positions.names(view)
    assert (
        _cards(GAME.view(positions.state("mid"), 0), "A", [ActionChoice("lock", "x")]) is not None
    )
    public = [p for p in render.workers.PRESENTATION.pictures if p.public is not None]
    assert [p.key for p in public] == ["board", "tablets"]
    assert all(p.public is not None and p.public(view, names).png for p in public)
