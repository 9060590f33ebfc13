"""bench/ai.py's statistics: the Wilson interval it reports."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bench.ai import search_config, wilson
from engine.ai import SearchConfig


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0
    assert wilson(20, 20)[1] == pytest.approx(1.0)
    assert wilson(20, 20)[0] == pytest.approx(0.8389, abs=1e-4)


def test_the_bench_config_changes_only_the_knobs_it_names() -> None:
    base = SearchConfig(greedy_width=4, rollout_steps=4)
    assert search_config("candidates=5,margin=0.1", base) == replace(base, candidates=5, margin=0.1)
    assert search_config("", base) == base
