"""No player-facing text in ``cogs/`` is written outside the catalog: every sentence, label and
description is ``_()``, ``N_()``, ``L_()`` or ``ngettext()`` (docs/i18n.md). Log messages,
custom ids, command names and notation are not text; ``scan.ALLOWED_FILES`` says why a file
is left out."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.i18n import scan


def test_no_player_facing_literal_outside_the_catalog() -> None:
    findings = scan.scan_all("cogs")
    assert [str(f) for f in findings] == []


def _scan_text(source: str, tmp: Path) -> list[str]:
    path = scan.ROOT / "tests" / "i18n" / "_sample.py"
    path.write_text(source, encoding="utf-8")
    try:
        return [f.text for f in scan.scan(path)]
    finally:
        path.unlink()


def test_the_scanner_finds_what_it_must_and_spares_what_it_may(tmp_path: Path) -> None:
    found = _scan_text(
        '''
import logging
log = logging.getLogger("x")

def f(interaction, error, name):
    """A docstring is not shown."""
    log.warning("a log line for the operator %s", name)
    error(interaction, f"There is no game {name} here.")
    error(interaction, _("There is no game {name} here.").format(name=name))
    button = _button("vz:h:1", "My hand")
    button = _button("vz:h:1", _("My hand"))
    menu = Select(placeholder="Choose…", custom_id="vz:s:1 2")
    cmd = "/game join · /game start"
    if name == "in play":
        raise RuntimeError("the host opens in setup_hook")
''',
        tmp_path,
    )
    assert found == ["There is no game {} here.", "My hand", "Choose…"]


def test_the_allowed_files_say_why() -> None:
    for path, why in scan.ALLOWED_FILES.items():
        assert (scan.ROOT / path).is_file() and len(why) > 20
        ast.parse((scan.ROOT / path).read_text(encoding="utf-8"))
