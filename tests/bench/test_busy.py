"""``python -m bench busy`` at a tiny size, without CPU burners: the real bot in its own process
against the loopback Discord, every scenario once. Behaviour only (whatever the machine's load,
an interaction that fails its deadline still makes its move), never a time."""

from __future__ import annotations

import re
from pathlib import Path

from bench import busy
from bench._busy import SMOKE

SUMMARY = re.compile(r"busy: (\d+) of (\d+) interactions failed, (\d+) 429s, max ack (\d+|none) ms")


async def test_every_scenario_makes_its_moves_and_the_summary_parses(tmp_path: Path) -> None:
    cfg = SMOKE
    printed: list[str] = []
    outcome = await busy.run(cfg, tmp_path, out=printed.append)
    clicks, moves, offering, endings = outcome.figures

    # a. Identical clicks on one decision: one move a round, however many clicks.
    assert clicks.sent == cfg.rounds * cfg.clicks
    assert clicks.moves == clicks.expected == cfg.rounds
    assert not [p for p in clicks.problems if "moves made" in p]
    # b. A /move in every game, wave after wave: each is played.
    assert moves.sent == moves.moves == moves.expected == cfg.waves * cfg.move_games
    assert moves.problems == []
    # c. Four pledges, then four locks, at once: all played; every DM shows the others' pledges.
    assert offering.sent == offering.moves == offering.expected == 8
    assert offering.problems == []
    # d. Games ending at once in threads: every final board arrives, after the earlier ones.
    assert endings.moves == endings.expected == cfg.endings
    assert endings.problems == []
    assert f"{cfg.endings} of {cfg.endings} final boards arrived, {cfg.endings} after" in (
        " ".join(endings.lines)
    )
    # The bot answered every interaction (in time or late), and the summary adds them up.
    assert all(f.unanswered == 0 for f in outcome.figures)
    found = SUMMARY.fullmatch(outcome.summary())
    assert found is not None, outcome.summary()
    assert int(found[1]) == sum(f.failed for f in outcome.figures)
    assert int(found[2]) == sum(f.sent for f in outcome.figures) == 5 + 4 + 8 + 3
    assert any(line.startswith("== a. ") for line in printed)
