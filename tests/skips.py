"""Skipped groups, said at the end of a run (issue 44, 21): on a machine without PostgreSQL or
Chromium whole groups of tests skip, and ``-ra``'s list of them is easy to miss. The terminal
summary names each group, how many tests it skipped and what to install. ``tests/conftest.py``
uses this hook; ``pytest -p tests.skips`` loads it alone."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

GROUPS = (
    (
        "PostgreSQL not available",
        "PostgreSQL not found: {tests} skipped (the PostgreSQL half of storage and host); "
        "install its server (apt-get install postgresql; README, 'Run the tests')",
    ),
    (
        "no chromium on this machine",
        "Chromium not found: {tests} skipped (the sandbox's page); "
        "install Debian's chromium (apt-get install chromium; README, 'Run the tests')",
    ),
)
"""(how the skip reason begins: tests/pg.py, tests/sandbox/browser.py; the summary line)."""


def _reason(report: Any) -> str:
    longrepr = getattr(report, "longrepr", None)
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return ""


def summary_lines(skipped: Iterable[Any]) -> list[str]:
    """One line per group of ``skipped`` reports that a missing program skipped."""
    counts = [0] * len(GROUPS)
    for report in skipped:
        reason = _reason(report)
        for i, (start, _) in enumerate(GROUPS):
            if reason.startswith(start):
                counts[i] += 1
    return [
        line.format(tests=f"{n} test" if n == 1 else f"{n} tests")
        for (_, line), n in zip(GROUPS, counts, strict=True)
        if n
    ]


def pytest_terminal_summary(terminalreporter: Any) -> None:
    lines = summary_lines(terminalreporter.stats.get("skipped", []))
    if lines:
        terminalreporter.section("missing programs", sep="=", yellow=True, bold=True)
        for line in lines:
            terminalreporter.write_line(line, yellow=True, bold=True)
