"""Issue 44, 21: a run on a machine without PostgreSQL or Chromium says so at its end, with
how many tests each missing program skipped and what to install."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = """
import pytest

@pytest.mark.parametrize("n", range(3))
def test_pg(n):
    pytest.skip("PostgreSQL not available: no pg_ctl (apt-get install postgresql)")

def test_page():
    pytest.skip("no chromium on this machine (.ci/run installs Debian's chromium as root)")

def test_other():
    pytest.skip("something else")
"""


def _run(tmp_path: Path, tests: str) -> str:
    (tmp_path / "test_groups.py").write_text(tests)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.skips", "-p", "no:cacheprovider"],
        check=False,  # a skip is exit status 0, but the summary is what counts
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done.stdout


def test_the_summary_names_each_skipped_group(tmp_path: Path) -> None:
    out = _run(tmp_path, TESTS)
    assert "missing programs" in out
    assert "PostgreSQL not found: 3 tests skipped" in out
    assert "Chromium not found: 1 test skipped" in out
    assert "apt-get install postgresql" in out and "apt-get install chromium" in out


def test_nothing_is_said_when_nothing_is_missing(tmp_path: Path) -> None:
    out = _run(tmp_path, "def test_fine():\n    pass\n")
    assert "missing programs" not in out and "not found" not in out
