"""Both Pompeji pictures as a phone shows them: Discord scales an image to about 400 px wide.
Measured on the whole image (the news, the city with its coordinates and every card's letters
and value, the players, the hand): every text has capitals at least 7 px tall at that size,
none is cut with "…", leaves the image or is drawn over another (``tests/render/legibility``;
the texts of cached tiles, such as the cards, are logged where they are pasted)."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from PIL import Image

import render.cardcity
from engine.core import waited
from render import fonts, i18n
from render.cardcity import board as CB
from render.cardcity import hand as CH
from render.cardcity import layout as CL
from render.cardcity import view as CV
from render.fonts import Drawn
from tests.render import legibility
from tests.render.cardcity import positions
from tests.render.cardcity.helpers import GAME, WIDE_NAMES

PICTURES = ("board", "cards")
LANGS = ("en", "es", "nl", "de")
"""Every text is measured in each language the bot speaks (German and Dutch run long)."""


def drawn(name: str, picture: str) -> tuple[Image.Image, list[Drawn], dict[str, object]]:
    """A golden position's picture as the bot sends it (the board from the public view, the
    player's own image from the view of the seat to act), measured from a fresh font set."""
    if picture == "board":
        view = positions.public(name)
        draw: Callable[[], Image.Image] = lambda: CB.draw_board(view, positions.names(view))  # noqa: E731
    else:
        view = positions.private(name)
        draw = lambda: CH.draw_hand(view, positions.NAMES[view["seat"]])  # noqa: E731
    img, texts = legibility.drawn_text(draw)
    return img, texts, view


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("picture", PICTURES)
@pytest.mark.parametrize("name", positions.GOLDEN)
def test_every_text_reads_on_a_phone(name: str, picture: str, lang: str) -> None:
    if not fonts.has_real_fonts():
        pytest.skip("measures DejaVu glyphs")
    with i18n.using(lang):
        img, texts, view = drawn(name, picture)
    assert legibility.problems(texts, img.size) == []
    smallest = min(legibility.preview_cap(d, img.width) for d in texts)
    assert smallest >= legibility.MIN_CAP
    # the whole image was measured: every card's letters, the coordinates, the scores
    city = CV.read_city(view)
    shown = [d.text for d in texts]
    for p in city.cells:
        assert (p.code or "S") in shown
    assert {chr(ord("a") + city.col0 + i) for i in range(CL.SPAN)} <= set(shown)
    assert {str(city.row0 + i + 1) for i in range(CL.SPAN)} <= set(shown)
    outcome = view.get("outcome")
    finals = [s["final"] for s in outcome["scores"]] if isinstance(outcome, dict) else None
    scores = finals or [s["score"] for s in view["seats"]]  # type: ignore[attr-defined]
    assert all(str(score) in shown for score in scores)


@pytest.mark.parametrize("name", positions.GOLDEN)
def test_the_card_letters_are_the_largest_text_of_the_city(name: str) -> None:
    """What a player reads most, the cards' codes (``Tr``, ``Gw``), stay large: 10 px capitals
    at 400 px wide, larger than any other text on the city."""
    if not fonts.has_real_fonts():
        pytest.skip("measures DejaVu glyphs")
    img, texts, view = drawn(name, "board")
    lay = CB.board_layout(view, positions.names(view))  # type: ignore[arg-type]
    on_city = [
        d for d in texts if lay.city_top <= d.box[1] and d.box[3] <= lay.city_top + CL.CITY_H
    ]
    codes = {p.code or "S" for p in CV.read_city(view).cells}  # "S": a statue
    letters = [legibility.preview_cap(d, img.width) for d in on_city if d.text in codes]
    others = [legibility.preview_cap(d, img.width) for d in on_city if d.text not in codes]
    assert letters and min(letters) >= 10.0 and min(letters) > max(others)


@pytest.mark.parametrize("lang", LANGS)
def test_long_names_every_stage_and_four_players_read_on_a_phone(lang: str) -> None:
    """Every decision of a four-player game with long names in four scripts, both pictures,
    in each language: nothing too small, outside the image or overlapping; only a name longer
    than its room is cut."""
    if not fonts.has_real_fonts():
        pytest.skip("measures DejaVu glyphs")
    seen = set()
    for step in positions.game(11, 4):
        state = step.state
        seats = sorted(waited(GAME.pending(state))) or [0]
        view = GAME.view(state, None)
        key = (state.stage, state.permit_turn, state.volcanoes, bool(view["discards"]))
        if key in seen:
            continue
        seen.add(key)
        own = GAME.view(state, seats[0])
        for draw in (
            lambda v=view: CB.draw_board(v, WIDE_NAMES),
            lambda v=own: CH.draw_hand(v, WIDE_NAMES[v["seat"]]),
        ):
            with i18n.using(lang):
                img, texts = legibility.drawn_text(draw, None)
            cut = [d.text[:-1] for d in texts if d.text.endswith(fonts.ELLIPSIS)]
            assert all(any(n.startswith(c) for n in WIDE_NAMES) for c in cut), cut
            found = [p for p in legibility.problems(texts, img.size) if not p.endswith("is cut")]
            assert found == [], key
    stages = {(stage, permit) for stage, permit, _v, _d in seen}
    assert {("play", False), ("play", True), ("draw", False), ("window", False)} <= stages
    assert ("over", False) in stages


@pytest.mark.parametrize(("seed", "players"), [(3, 2), (11, 4)])
def test_positions_throughout_other_games_render_within_budget(seed: int, players: int) -> None:
    """Size only (timing is the bench's: ``python -m bench render_cardcity``)."""
    steps = positions.game(seed, players)
    for step in steps[:: max(1, len(steps) // 8)] + steps[-1:]:
        state = step.state
        seat = state.actor if state.actor >= 0 else 0
        for data in (
            render.cardcity.render_board(GAME.view(state, None), WIDE_NAMES),
            render.cardcity.render_hand(GAME.view(state, seat), WIDE_NAMES[seat]),
        ):
            img = Image.open(io.BytesIO(data))
            assert img.width == CL.W and img.height <= 2000 and img.mode == "P"
            assert len(data) <= 200 * 1024
