"""The layers import downwards only: engine <- render <- plugins <- storage <- host <- cogs <-
bot.py, and ``sandbox`` (the loopback Discord and its web page) beside ``cogs``: only ``bot.py``
uses it.

The engine uses the standard library and itself only, and even of the standard library nothing
that does I/O, keeps time or shares global randomness.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ["engine", "render", "plugins", "storage", "host", "cogs"]
THIRD_PARTY = {
    "engine": set(),
    # babel: the catalogs and CLDR formats of render/i18n.py (issue 28), for every layer above.
    "render": {"PIL", "deflate", "babel"},
    "plugins": {"PIL", "deflate", "babel"},
    # openskill: the ratings written with a game's last move (storage/ratings.py).
    "storage": {"PIL", "deflate", "babel", "aiosqlite", "psycopg", "orjson", "openskill"},
    "host": {"PIL", "deflate", "babel", "aiosqlite", "psycopg", "orjson", "openskill"},
    "cogs": {
        *("PIL", "deflate", "babel", "aiosqlite", "psycopg", "orjson", "openskill"),
        *("discord", "aiohttp", "dotenv"),
    },
}
# Beside the stack, at the level of cogs: the sandbox knows Discord's wire, not the games, so it
# imports none of the layers (and none of them imports it; bot.py is its only user).
SIDE_LAYERS = {"sandbox": {"discord", "aiohttp", "yarl"}}
# Standard-library modules the pure engine must not touch.
ENGINE_FORBIDDEN_STDLIB = {
    "asyncio", "os", "io", "socket", "time", "datetime", "random", "threading", "subprocess",
    "sqlite3", "pathlib", "shutil", "tempfile", "urllib", "http", "multiprocessing", "secrets",
}  # fmt: skip


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def allowed_for(layer: str) -> set[str]:
    if layer in SIDE_LAYERS:
        return {layer} | SIDE_LAYERS[layer] | set(sys.stdlib_module_names)
    below = LAYERS[: LAYERS.index(layer) + 1]
    return set(below) | THIRD_PARTY[layer] | set(sys.stdlib_module_names)


@pytest.mark.parametrize("layer", [*LAYERS, *SIDE_LAYERS])
def test_layer_imports_point_down_only(layer: str) -> None:
    allowed = allowed_for(layer)
    offenders = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        for module in imported_modules(path):
            if module not in allowed:
                offenders.append(f"{path.relative_to(ROOT)} imports {module}")
            if layer == "engine" and module in ENGINE_FORBIDDEN_STDLIB:
                offenders.append(f"{path.relative_to(ROOT)} imports {module} (I/O, clock or RNG)")
    assert offenders == []


def test_the_check_catches_an_upward_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import discord\nfrom storage import db\nimport random\n")
    modules = imported_modules(bad)
    assert "discord" not in allowed_for("engine")
    assert "storage" not in allowed_for("engine")
    assert modules & ENGINE_FORBIDDEN_STDLIB == {"random"}
    assert "sandbox" not in allowed_for("cogs")
    assert "cogs" not in allowed_for("sandbox") and "discord" in allowed_for("sandbox")
