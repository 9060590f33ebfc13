"""The Discord edge's structure: no import circle among the modules of ``cogs/`` (imports
under ``TYPE_CHECKING`` count too: they tie the modules together all the same), and parts that
are composed, not stacked: no class of ``cogs/`` inherits a class of another module of
``cogs/`` (protocols aside)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "cogs"


def _modules(root: Path, package: str) -> dict[str, ast.Module]:
    return {
        path.stem: ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for path in sorted((root / package).glob("*.py"))
    }


def imports_of(tree: ast.Module, package: str, names: set[str]) -> dict[str, set[str]]:
    """Which modules of ``package`` the module imports (anywhere, ``TYPE_CHECKING`` too), and
    which names it takes from each."""
    found: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                head, _, rest = alias.name.partition(".")
                if head == package and rest.split(".")[0] in names:
                    found.setdefault(rest.split(".")[0], set())
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            head, _, rest = node.module.partition(".")
            if head != package:
                continue
            if rest:
                found.setdefault(rest.split(".")[0], set()).update(a.name for a in node.names)
            else:  # from cogs import answer, texts
                for alias in node.names:
                    if alias.name in names:
                        found.setdefault(alias.name, set())
    return found


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    trees = _modules(root, package)
    return {name: set(imports_of(tree, package, set(trees))) for name, tree in trees.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle, each once, as the path that closes it (``a -> b -> a``)."""
    found: list[list[str]] = []
    seen: set[frozenset[str]] = set()

    def walk(path: list[str]) -> None:
        for nxt in sorted(graph.get(path[-1], ())):
            if nxt == path[0]:
                key = frozenset(path)
                if key not in seen:
                    seen.add(key)
                    found.append([*path, nxt])
            elif nxt not in path and nxt > path[0]:  # each circle from its smallest module
                walk([*path, nxt])

    for start in sorted(graph):
        walk([start])
    return found


def test_no_import_circle_in_cogs() -> None:
    circles = [" -> ".join(c) for c in cycles(import_graph(ROOT, PACKAGE))]
    assert circles == []


def test_the_check_finds_a_circle_through_type_checking(tmp_path: Path) -> None:
    package = tmp_path / "edge"
    package.mkdir()
    (package / "a.py").write_text("from edge.b import B\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from edge.c import C\n"
    )
    (package / "c.py").write_text("from edge import a\n")
    (package / "d.py").write_text("from edge import a, c\n")
    assert cycles(import_graph(tmp_path, "edge")) == [["a", "b", "c", "a"]]


def test_parts_are_composed_not_stacked() -> None:
    """A part gets what it needs in its constructor; no part subclasses another module's class
    to reach its methods (a protocol may extend another)."""
    trees = _modules(ROOT, PACKAGE)
    offenders = []
    for name, tree in trees.items():
        taken = {
            imported: module
            for module, names in imports_of(tree, PACKAGE, set(trees)).items()
            for imported in names
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
            if "Protocol" in bases:
                continue
            offenders += [
                f"cogs/{name}.py: {node.name}({base}) of cogs/{taken[base]}.py"
                for base in sorted(bases & set(taken))
            ]
    assert offenders == []
