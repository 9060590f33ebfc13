"""What a phone shows of Pompeii's pictures, scaled to 400 px wide: every text on the board, the
tablets and the hand, on every golden position, whole images, has capitals at least 7 px tall,
and none is cut, leaves the image or is drawn over another (``tests/render/legibility.py``).
Also: the news and the key figures in larger type, the solo's blocked goods wrapping whatever
their number, building names broken only between words, and long display names."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from PIL import Image

from render import fonts, i18n
from render.workers import board, hand, images, news, panel, rich
from render.workers.layout import SMALLEST, W
from tests.render import legibility
from tests.render.workers import positions

PICTURES = ("board", "tablets", "cards")
LANGUAGES = ("en", "es", "nl", "de")
"""Every text is measured in every language the bot speaks: German and Dutch run long."""


def _draw(name: str, picture: str) -> Callable[[], Image.Image]:
    if picture == "cards":  # the default private picture: the deciding seat's hand
        view, who, choices = positions.private(name)
        return lambda: hand.draw_hand(view, who, choices)
    view = positions.public(name)
    names = positions.names(view)
    if picture == "tablets":
        return lambda: images.draw_tablets(view, names)
    return lambda: images.draw_board_image(view, names)


def _measured(draw: Callable[[], Image.Image]) -> tuple[Image.Image, list[fonts.Drawn]]:
    return legibility.drawn_text(draw, images.clear_caches)


@pytest.fixture(autouse=True)
def _real_fonts() -> None:
    if not fonts.has_real_fonts():
        pytest.skip("measures DejaVu glyphs")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("picture", PICTURES)
@pytest.mark.parametrize("name", positions.GOLDEN)
def test_every_text_reads_on_a_phone(name: str, picture: str, lang: str) -> None:
    """The whole image at 400 px wide, in each language: capitals of 7 px at least, nothing
    cut, outside or overlapping."""
    with i18n.using(lang):
        img, drawn = _measured(_draw(name, picture))
    assert img.width == W
    assert len(drawn) > 20
    assert legibility.problems(drawn, img.size) == []


def _cap(drawn: list[fonts.Drawn], width: int, text: str) -> float:
    return max(legibility.preview_cap(d, width) for d in drawn if text in d.text)


@pytest.mark.parametrize("name", positions.GOLDEN)
def test_the_news_and_whose_turn_are_in_large_type(name: str) -> None:
    view = positions.public(name)
    story = news.read(view, positions.names(view)).story
    assert story is not None
    head = next(item for item in story.head if isinstance(item, str))
    img, drawn = _measured(_draw(name, "board"))
    assert _cap(drawn, img.width, head.split(" ")[0]) >= 10.5  # the headline: 11 px
    turn_head = panel.turn_of(view, positions.names(view))[1]
    assert _cap(drawn, img.width, turn_head) >= 9.5
    for seat_name in positions.names(view):  # the players' rows: names and figures
        assert _cap(drawn, img.width, seat_name) >= 8.5


def _first(players: int, seed: int, options: dict[str, Any], want: Callable[[Any], bool]) -> Any:
    for s in positions.states(players, seed, options):
        view = positions.GAME.view(s, None)
        if want(view):
            return view
    raise LookupError("no such position")


def _failed(view: dict[str, Any]) -> bool:
    return any(e["type"] == "OfferingResolved" and not e["success"] for e in view["news"]["round"])


def test_after_a_failed_offering_the_board_leads_with_it() -> None:
    """The main event, not the last step: the failed offering and what the volcano took, also
    once the next round's first placement has been made (then recalled under it)."""
    view = _first(4, 5, {}, lambda v: _failed(v) and v["news"]["newer"] == "round")
    names = positions.names(view)
    _img, drawn = legibility.drawn_text(lambda: images.draw_board_image(view, names), None)
    texts = [d.text for d in drawn]
    assert any(t.startswith("Offering failed:") for t in texts), texts[:8]
    assert any(" destroyed" in t for t in texts)
    later = _first(4, 5, {}, lambda v: _failed(v) and v["news"]["newer"] == "turn")
    _img, drawn = legibility.drawn_text(lambda: images.draw_board_image(later, names), None)
    texts = [d.text for d in drawn]
    assert any(t.startswith("Last offering failed:") for t in texts)
    assert not any(t.startswith("Offering failed:") for t in texts)


def test_the_solo_blocked_goods_wrap_whatever_their_number() -> None:
    view = positions.public("solo")
    every = [g["id"] for g in view["legend"]["goods"]]
    view["volcano"]["blocked"] = every
    lines = board.volcano_layout(view, 0)
    placed = [p for line in lines for p in line]
    goods = [p.item for p in placed if isinstance(p.item, rich.Good)]
    assert [g.id for g in goods] == every and len(lines) >= 2
    assert all(p.x >= board.X0 and p.x + p.width <= board.X1 for p in placed)
    img, drawn = legibility.drawn_text(
        lambda: images.draw_board_image(view, positions.names(view)), None
    )
    assert legibility.problems(drawn, img.size) == []
    plain = images.draw_board_image(positions.public("solo"), positions.names(view))
    assert img.height > plain.height  # the rows wrapped: the board grew, nothing was dropped


def test_building_names_break_only_between_words() -> None:
    view = positions.public("early")
    for b in view["buildings"]:
        lines = board.name_lines(b["name"])
        assert 1 <= len(lines) <= 2
        assert " ".join(lines).split(" ") == b["name"].split(" ")  # no word cut, none lost
        for line in lines:
            assert fonts.width(line, "cond", SMALLEST) <= board.TILE_W - 2 * board.NAME_PAD, line


@pytest.mark.parametrize("players", [1, 3])
def test_a_face_down_building_holds_its_name_and_cost(players: int) -> None:
    """Two lines of name and two rows of cost never meet on a tile (solo costs are dearer)."""
    view = positions.GAME.view(positions.GAME.new_game(1, players), None)
    for b in view["buildings"]:
        rows = board.cost_rows(b["cost"])
        assert len(rows) + len(board.name_lines(b["name"])) <= 3, b["number"]


LONG = ["Marcus Aemilius Lepidus the Younger of Herculaneum", "东京的朋友", "🦁🦁", " "]


@pytest.mark.parametrize("picture", ["board", "tablets"])
def test_long_names_are_cut_only_in_their_cells(picture: str) -> None:
    view = positions.public("four_players")
    draw = images.draw_board_image if picture == "board" else images.draw_tablets
    img, drawn = legibility.drawn_text(lambda: draw(view, LONG), None)
    cut = [d for d in drawn if d.text.endswith(fonts.ELLIPSIS)]
    assert all(d.text.startswith("Marcus") for d in cut)
    rest = [d for d in drawn if not d.text.endswith(fonts.ELLIPSIS)]
    assert legibility.problems(rest, img.size) == []


def _pictures_of(s: Any) -> list[Callable[[], Image.Image]]:
    """The board, the tablets and the first deciding seat's hand of state ``s``."""
    view = positions.GAME.view(s, None)
    names = positions.names(view)
    out = [partial(images.draw_board_image, view, names), partial(images.draw_tablets, view, names)]
    for seat in positions.deciding(s)[:1]:
        own = positions.GAME.view(s, seat)
        out.append(partial(hand.draw_hand, own, positions.NAMES[seat], positions.choices(s, seat)))
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players,seed", [(1, 3), (2, 3), (3, 1), (4, 5)])
def test_positions_of_whole_games_read_on_a_phone(players: int, seed: int, lang: str) -> None:
    """Beyond the goldens: every 30th position of whole games, every picture, in each
    language."""
    options = positions.GENTLE if (players, seed) == (3, 1) else {}
    checked = 0
    for s in positions.states(players, seed, options)[::30]:
        for draw in _pictures_of(s):
            with i18n.using(lang):
                img, drawn = legibility.drawn_text(draw, None)
            assert legibility.problems(drawn, img.size) == [], s.version
            checked += 1
    assert checked >= 9
