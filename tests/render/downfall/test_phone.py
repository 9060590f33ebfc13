"""The Downfall images as a phone shows them: Discord scales an image to about 400 px wide.

Every text of the whole image is measured (``fonts.recording``, ``tests/render/legibility.py``)
on every golden position, on the public board and on the private hand picture: capitals at least
``MIN_CAP`` px tall at 400 px wide, nothing cut with "…", outside the image or drawn over another
text. Nothing is exempt, in every language the bot speaks (German and Dutch run long). The
board's layout: the news first, no empty space, nothing said twice.
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops

import render.downfall
from engine.core import ActionChoice, deciders
from engine.downfall import board as B
from render import fonts, i18n
from render.downfall import board as D
from render.downfall import hand as HD
from render.downfall import layout as L
from render.downfall import narrate
from render.fonts import Drawn
from tests.render import legibility
from tests.render.downfall import fixtures, positions

BOARD_LABEL = re.compile(r"\b(?:N\d+|\d+[ab])\b")  # building labels (6b, N3): not on the board
LANGS = ("en", "es", "nl", "de")
EMPTY_ROWS = 40  # px: the most rows of bare background anywhere in an image (its margins)

pytestmark = pytest.mark.skipif(not fonts.has_real_fonts(), reason="measures DejaVu glyphs")


def png_image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def pictures(name: str) -> dict[str, Callable[[], Image.Image]]:
    """A golden position's pictures as the bot draws them: every public one, and the private
    one (the hand) of the player on turn with their legal choices, when they hold cards."""
    view, names = positions.build(name)
    out: dict[str, Callable[[], Image.Image]] = {}
    for picture in render.downfall.PRESENTATION.pictures:
        if picture.public is not None:
            public = picture.public
            out[picture.key] = lambda public=public: png_image(public(view, names).png)
    own = positions.decision(name)
    cards = render.downfall.PRESENTATION.picture("cards")
    if own is not None and cards is not None and cards.private is not None:
        private = cards.private
        pv, who, choices = own
        if private(pv, who, choices) is not None:
            out["cards"] = lambda: png_image(_png(private(pv, who, choices)))
    return out


def _png(image: Any) -> bytes:
    assert image is not None
    return bytes(image.png)


CASES = [(name, key) for name in positions.GOLDEN for key in pictures(name)]


def _forget() -> None:
    """Drop the renderer's caches, then build the palette again (it is made of sample
    renders, whose texts are not this picture's)."""
    D.clear_caches()
    D.PALETTE.image()


def measured(draw: Callable[[], Image.Image]) -> tuple[Image.Image, list[Drawn]]:
    return legibility.drawn_text(draw, _forget)


def inked(img: Image.Image, d: Drawn) -> bool:
    """Whether the image has ink where ``d`` was recorded (its box is where it was drawn)."""
    extrema = img.crop(d.box).getextrema()
    return any(lo < hi for lo, hi in extrema)  # type: ignore[misc]


def test_the_golden_positions_show_both_pictures() -> None:
    keys = {key for _name, key in CASES}
    assert keys == {"board", "cards"}  # the hand is measured too (phase 1 positions)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "key"), CASES)
def test_every_text_reads_on_a_phone(name: str, key: str, lang: str) -> None:
    """The whole image, scaled to 400 px wide: every text a player reads (coordinates, house
    numbers, move-point tags and counts, the strip's labels and counts, the news, whose turn,
    the players; the hand's cards, squares and notes) has capitals at least 7 px tall, and none
    is cut, leaves the image or is drawn over another, in every language."""
    with i18n.using(lang):
        img, drawn = measured(pictures(name)[key])
    assert len(drawn) > (60 if key == "board" else 10)
    assert legibility.problems(drawn, img.size) == []
    assert all(inked(img, d) for d in drawn)  # recorded where the text really is
    assert min(legibility.preview_cap(d, img.width) for d in drawn) >= legibility.MIN_CAP
    assert not [d.text for d in drawn if BOARD_LABEL.search(d.text)]  # only what the board shows


@pytest.mark.parametrize("lang", LANGS)
def test_the_readme_hand_reads_on_a_phone(lang: str) -> None:
    view, name, choices = positions.hand()
    with i18n.using(lang):
        img, drawn = measured(lambda: HD.draw_hand(view, name, choices))
    assert len(drawn) > 10 and legibility.problems(drawn, img.size) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("players", "dual_vent"), [(2, False), (3, True), (4, False)])
def test_every_text_reads_throughout_real_games(players: int, dual_vent: bool, lang: str) -> None:
    """Every 9th position of whole games (2-4 players, dual vents): the board and the hand of
    the player on turn pass the same measure, in every language."""
    with i18n.using(lang):
        _read_a_real_game(players, dual_vent)


def _read_a_real_game(players: int, dual_vent: bool) -> None:
    from engine.downfall import GAME as game

    state = game.new_game(5, players, {"dual_vent": dual_vent})
    names = positions.NAMES[:players]
    step, seen = 0, 0
    while True:
        view = game.view(state, None)
        over = not deciders(game, state)
        if step % 9 == 0 or over:
            img, drawn = legibility.drawn_text(functools.partial(D.draw_board, view, names), None)
            assert legibility.problems(drawn, img.size) == [], step
            seat = view["pending"]["seat"]
            if isinstance(seat, int) and not over:
                pv = game.view(state, seat)
                acts = game.legal_actions(state, seat)
                choices = [ActionChoice(game.format_action(a), "") for a in acts]
                if pv.get("hand"):
                    draw = functools.partial(HD.draw_hand, pv, names[seat], choices)
                    img, drawn = legibility.drawn_text(draw, None)
                    assert legibility.problems(drawn, img.size) == [], step
            seen += 1
        if over:
            break
        seat = view["pending"]["seat"]
        actions = game.legal_actions(state, seat)
        state = game.apply(state, seat, actions[(step * 7919) % len(actions)]).state
        step += 1
    assert seen > 10


# ------------------------------------------------------------------ the layout


def empty_runs(img: Image.Image) -> list[tuple[int, int]]:
    """Runs of rows that hold nothing but the background: (first row, length)."""
    diff = ImageChops.difference(img, Image.new("RGB", img.size, L.CANVAS)).convert("L")
    runs: list[tuple[int, int]] = []
    start = None
    for y in range(img.height + 1):
        empty = y < img.height and diff.crop((0, y, img.width, y + 1)).getbbox() is None
        if empty and start is None:
            start = y
        elif not empty and start is not None:
            runs.append((start, y - start))
            start = None
    return runs


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "key"), CASES)
def test_the_image_is_as_tall_as_its_content(name: str, key: str, lang: str) -> None:
    """No empty area: the last text is near the bottom edge, and nowhere are there more than
    ``EMPTY_ROWS`` rows of bare background (there were ~300 px under "Last turn")."""
    with i18n.using(lang):
        img, drawn = measured(pictures(name)[key])
    assert img.height - max(d.box[3] for d in drawn) <= 40
    assert max((n for _y, n in empty_runs(img)), default=0) <= EMPTY_ROWS


def test_a_quiet_first_turn_has_no_news_and_no_gap() -> None:
    view = fixtures.base(3)
    img, drawn = measured(lambda: D.draw_board(view, fixtures.NAMES[:3]))
    assert legibility.problems(drawn, img.size) == []
    assert max((n for _y, n in empty_runs(img)), default=0) <= EMPTY_ROWS
    assert D.board_top(view, fixtures.NAMES[:3]) < D.board_top(
        fixtures.phase2_mid(), fixtures.NAMES
    )  # no news: the band is shorter, the board moves up


@pytest.mark.parametrize("name", positions.GOLDEN)
def test_the_news_comes_first_and_once(name: str) -> None:
    """Above the board, the first thing a phone shows: the last turn in words (the sentences
    the channel reads) and whose turn it is (or who won). Below the board nothing of it again."""
    view, names = positions.build(name)
    img, drawn = measured(lambda: D.draw_board(view, names))
    top = D.board_top(view, names)
    above = [d for d in drawn if d.box[3] <= top]
    below = [d for d in drawn if d.box[1] >= top + L.BOARD_H]
    said = " ".join(d.text for d in above)
    sentences = narrate.narrate(view["last_turn"]["events"], names)
    assert sentences
    for sentence in sentences:
        assert " ".join(sentence.split()) in " ".join(said.split()) or all(
            word in said for word in sentence.split()
        ), sentence
    seat = view["pending"]["seat"]
    who = names[seat] if isinstance(seat, int) else names[view["outcome"]["winners"][0]]
    assert who in said
    assert top < img.height / 4  # the band is short: the board follows at once
    told = {d.text for d in above}
    assert not [d.text for d in below if d.text in told and len(d.text) > 12]  # nothing twice
    assert not [d for d in drawn if "Last turn" in d.text]


def test_a_long_last_turn_wraps_instead_of_being_cut() -> None:
    """The complaint: "cara drew A.D. 79 again: Vesuvius e…". Long names and long sentences
    wrap onto more lines; every word of the last turn is on the image, above the board."""
    view = fixtures.seething_relatives()
    names = ["cara", "Marcus Aemilius Lepidus", "Cornelia", "Decimus"]
    view["pending"] = {
        "seat": 1,
        "kind": "relative",
        "relatives_left": 2,
        "relatives_from": "6b",
        "lava_tile": None,
        "moves_left": 0,
    }
    view["last_turn"]["events"] = [
        {"type": "CardPlayed", "seat": 1, "card": 6, "square": "d4", "building": "6b"},
        {"type": "RelativesEarned", "seat": 1, "count": 3, "building": "6b"},
        {"type": "RelativePlaced", "seat": 1, "square": "e6", "building": "9"},
        {"type": "OmenDrawn", "seat": 1},
        {"type": "PieceThrown", "seat": 1, "victim": 0, "colour": "red", "square": "k6",
         "building": "11b"},
        {"type": "VesuviusErupted", "seat": 0, "called": False},
    ]  # fmt: skip
    img, drawn = measured(lambda: D.draw_board(view, names))
    assert legibility.problems(drawn, img.size) == []
    top = D.board_top(view, names)
    said = " ".join(d.text for d in drawn if d.box[3] <= top)
    for sentence in D.read_last_turn(view, names).lines:
        assert all(word in said for word in sentence.split()), sentence
    assert "cara drew A.D. 79 again: Vesuvius erupts!" in said
    assert "(brought by house 6 on d4/d5)" in said  # the decision, in the board's terms
    assert not BOARD_LABEL.search(said)


# ------------------------------------------------------------------ the hand


def under_cards(drawn: list[Drawn], count: int) -> list[str]:
    """The line at the foot of each card (where it can go)."""
    out = []
    for i in range(count):
        x0 = HD.card_x(count, i)
        foot = [
            d
            for d in drawn
            if x0 <= d.box[0] and d.box[2] <= x0 + HD.CARD_W and d.box[1] > HD.CARD_TOP + 240
        ]
        out.append(max(foot, key=lambda d: d.box[1]).text)
    return out


def test_the_hand_shows_where_each_card_can_go_now() -> None:
    """On their turn the player sees under each card the squares its piece can go to: the
    squares of their legal ``play`` choices (a joker: any free space); otherwise the squares
    of the buildings of that number."""
    view, name, choices = positions.hand()
    cards = [int(c) for c in view["hand"]]
    legal: dict[int, list[str]] = {}
    for c in choices:
        words = c.notation.split()
        if words[0] == "play":
            legal.setdefault(int(words[1]), []).extend(words[2:])
    _img, drawn = measured(lambda: HD.draw_hand(view, name, choices))
    shown = under_cards(drawn, len(cards))
    for card, joker, text in zip(cards, view["jokers"], shown, strict=True):
        if joker:
            assert text == "any free space"
        else:
            assert text.split() == legal[card]
    said = " ".join(d.text for d in drawn)
    assert "Your turn" in said
    _img, drawn = measured(lambda: HD.draw_hand(view, name))  # not asked to play: buildings
    for card, text in zip(cards, under_cards(drawn, len(cards)), strict=True):
        squares = [sq for b in B.BUILDINGS_BY_NUMBER[card] for sq, _n in b.squares]
        assert text.split() == squares
