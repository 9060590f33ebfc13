"""The rating chart of ``/game stats``, as a phone shows it (400 px wide): every text legible,
none cut, outside the image or over another; the line goes where the ratings go."""

from __future__ import annotations

import io

from PIL import Image

from render import charts
from tests.render import legibility

HISTORY = [2.1, 4.0, 3.2, 6.5, 8.9, 7.7, 10.3]


def test_every_text_of_the_chart_is_legible_on_a_phone() -> None:
    series = [("Toy", HISTORY), ("Pompeii — the worker game", [1.0, -2.5, 0.4])]
    img, drawn = legibility.drawn_text(lambda: charts.rating_chart("alice: rating", series))
    texts = {d.text for d in drawn}
    assert {"alice: rating", "Toy", "game 1", "game 7"} <= texts
    assert legibility.problems(drawn, img.size) == []


def test_the_line_rises_where_the_rating_rises() -> None:
    data = charts.rating_chart_png("bob", [("Toy", [0.0, 20.0])])
    img = Image.open(io.BytesIO(data)).convert("RGB")
    assert img.size == (charts.WIDTH, charts.HEIGHT)
    red = charts.LINES[0]
    ys = {
        x: [y for y in range(charts.TOP, img.height) if img.getpixel((x, y)) == red]
        for x in (charts.LEFT + 10, charts.WIDTH - charts.RIGHT - 10)
    }
    left, right = (min(v) for v in ys.values())
    assert right < left - 100  # higher on screen at the right: the rating went up


def test_a_player_without_rated_games_gets_an_empty_chart() -> None:
    img = charts.rating_chart("carol", [("Toy", [])])
    assert img.size == (charts.WIDTH, charts.HEIGHT)
