"""The fixture's contract, checked from outside: a test whose bot calls an unknown route or
logs an error fails at teardown, while a clean test passes (an inner pytest run)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

INNER = """
import discord
from discord.http import Route

from tests.fakediscord.plugin import fake_discord, fake_discord_options, start_bot  # noqa: F401
from tests.fakediscord.sample_bot import SampleBot


async def test_clean(fake_discord, start_bot):
    await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    assert (await alice.slash("ping")).content == "pong"


async def test_unknown_route(fake_discord, start_bot):
    bot = await start_bot(SampleBot())
    try:
        await bot.http.request(Route("GET", "/voice/regions"))
    except discord.NotFound:
        pass


async def test_bot_logs_an_error(fake_discord, start_bot):
    await start_bot(SampleBot())
    alice = await fake_discord.user("alice")
    await alice.slash("boom", check=False)
"""


def test_unknown_route_and_logged_error_fail_at_teardown(tmp_path: Path) -> None:
    (tmp_path / "test_inner.py").write_text(INNER)
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\nasyncio_mode = auto\nasyncio_default_fixture_loop_scope = function\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            "-rA",
            str(tmp_path / "test_inner.py"),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    out = proc.stdout
    assert "PASSED test_inner.py::test_clean" in out, out
    assert "ERROR test_inner.py::test_unknown_route" in out, out
    assert "GET', '/voice/regions'" in out, out
    assert "ERROR test_inner.py::test_bot_logs_an_error" in out, out
    assert "kaboom" in out, out
    assert re.search(r"\b3 passed\b.*\b2 errors\b", out), out
