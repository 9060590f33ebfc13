"""bench/ai.py's statistics: the Wilson interval it reports."""

from __future__ import annotations

import pytest

from bench.ai import wilson


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0
    assert wilson(20, 20)[1] == pytest.approx(1.0)
    assert wilson(20, 20)[0] == pytest.approx(0.8389, abs=1e-4)
