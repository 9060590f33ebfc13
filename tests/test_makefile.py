"""``make run`` on a fresh clone: the install it runs first is quiet (issue 44, 20), so the
sandbox's one line is what the terminal shows; errors still come through."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_the_first_setup_installs_quietly(tmp_path: Path) -> None:
    out = subprocess.run(
        ["make", "-n", "-B", "setup", f"VENV={tmp_path / 'venv'}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    installs = [line for line in out.splitlines() if "pip install" in line]
    assert len(installs) == 2, out
    for line in installs:
        assert " -qq " in line  # errors only: no warnings, no progress
        assert "PYTHONWARNINGS=ignore" in line  # no setuptools deprecation box
        assert "PIP_DISABLE_PIP_VERSION_CHECK=1" in line
