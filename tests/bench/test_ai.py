"""``python -m bench.ai``'s solo match-ups and table options (issue 47: the worker game's
solo normal level measured at each difficulty)."""

from __future__ import annotations

import pytest

from bench.ai import MATCHES, play_game, table_options


def test_table_options_are_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert table_options("") is None
    assert table_options("difficulty=C, all_cards=1") == {"difficulty": "C", "all_cards": "1"}
    monkeypatch.setenv("AI_BENCH_OPTIONS", "difficulty=A")
    assert table_options() == {"difficulty": "A"}


def test_a_solo_game_is_played_to_its_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AI_BENCH_OPTIONS", "difficulty=C")
    played = play_game("workers", MATCHES["solo-normal"], 60000, 0)
    assert 1 <= played.rounds <= 18  # the solo clock: 18 rounds at most
    assert played.places in ([0], [1])  # lost, or won
