"""The scanner behind ``test_no_untranslated_text``: player-facing string literals in ``cogs/``
not written through the catalog (``_()``, ``N_()``, ``ngettext()``)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TRANSLATING = {"_", "N_", "ngettext", "pgettext", "fill"}
"""Calls whose string arguments are catalog messages."""
LOG_CALLS = {"debug", "info", "warning", "error", "exception", "critical", "log"}
"""The operator's log (``log.warning(...)``), not the player's: calls on a logger."""
LOGGERS = {"log", "logger", "logging"}
NOT_TEXT_CALLS = {
    # patterns, lookups and formatting of values
    "compile",
    "match",
    "search",
    "sub",
    "fullmatch",
    "split",
    "partition",
    "rpartition",
    "startswith",
    "endswith",
    "replace",
    "strip",
    "get",
    "getattr",
    "join",
    "format_map",
    "getLogger",
    "Logger",
    "TypeVar",
    "cast",
    "hasattr",
    "isinstance",
}
NOT_TEXT_KEYWORDS = {"custom_id", "template", "name_localizations", "nonce", "thread_name"}
SENTENCE = re.compile(r"[A-Za-z]{2,}[,:;]?\s+[A-Za-z]{2,}")
WORD = re.compile(r"[A-Za-z]{2,}")
COMMANDS = re.compile(r"^[\s·`/:a-z_]*$")
"""A literal of command names (``/game join · /game start``): notation, the same in every
language (command names are not translated)."""
PROGRAMMER_ERRORS = {"RuntimeError", "ValueError", "TypeError", "AssertionError", "KeyError"}
"""Exceptions that are bugs, for the log: never shown to a player."""
ALLOWED_FILES = {
    "cogs/settings.py": "the operator's environment settings (.env), read before Discord "
    "connects; its errors are for the operator's terminal, in English",
}
LABEL_ARGS = {"_button": 1, "ReplayButton": 3, "NavButton": 4, "WindowOrderButton": 2}
"""Calls whose positional argument at this index is a button's label."""
UI_KEYWORDS = {"label", "placeholder", "description", "content", "reason"}


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r}"


def _literal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else "{}"
            for v in node.values
        )
    return None


def _name(call: ast.Call) -> str:
    f = call.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return ""


class _Scanner(ast.NodeVisitor):
    def __init__(self, path: str) -> None:
        self.path = path
        self.found: list[Finding] = []
        self.skip: set[int] = set()  # ids of nodes inside translating / non-text calls

    def _mark(self, node: ast.AST) -> None:
        for sub in ast.walk(node):
            self.skip.add(id(sub))

    def visit_Module(self, node: ast.Module) -> None:
        self._docstring(node)
        self.generic_visit(node)

    def _docstring(self, node: ast.AST) -> None:
        body = getattr(node, "body", [])
        for stmt in body:  # docstrings, and the attribute docstrings after an assignment
            if isinstance(stmt, ast.Expr) and _literal(stmt.value) is not None:
                self._mark(stmt)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._docstring(node)
        for d in node.decorator_list:  # command names and descriptions: the Translator's
            self._decorator(d)
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._docstring(node)
        for k in node.keywords:
            if k.arg == "group_description":
                self._check(k.value)
            self._mark(k)
        self.generic_visit(node)

    def _decorator(self, node: ast.AST) -> None:
        pass  # checked like any call: descriptions must be N_() for the catalog

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node)
        f = node.func
        logged = (
            name in LOG_CALLS
            and isinstance(f, ast.Attribute)
            and isinstance(f.value, ast.Name)
            and f.value.id in LOGGERS
        )
        if name in TRANSLATING or name in NOT_TEXT_CALLS or logged:
            self._mark(node)
        index = LABEL_ARGS.get(name)
        if index is not None and len(node.args) > index:
            label = node.args[index]
            text = _literal(label)
            if text is not None and id(label) not in self.skip and WORD.search(text):
                self.found.append(Finding(self.path, label.lineno, text))
                self._mark(label)
        for k in node.keywords:
            if k.arg in NOT_TEXT_KEYWORDS:
                self._mark(k.value)
            elif k.arg in UI_KEYWORDS:
                text = _literal(k.value)
                if text is not None and id(k.value) not in self.skip and WORD.search(text):
                    self.found.append(Finding(self.path, k.value.lineno, text))
                    self._mark(k.value)
        self.generic_visit(node)

    def visit_Raise(self, node: ast.Raise) -> None:
        exc = node.exc
        if isinstance(exc, ast.Call) and _name(exc) in PROGRAMMER_ERRORS:
            self._mark(exc)
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        self._mark(node)  # comparisons test values ("lobby"), they do not show them
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self._mark(node.slice)
        self.generic_visit(node)

    def _check(self, node: ast.expr) -> None:
        if id(node) in self.skip:
            return
        text = _literal(node)
        if text is not None and SENTENCE.search(text) and not COMMANDS.match(text):
            self.found.append(Finding(self.path, node.lineno, text))
            self._mark(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        self._check(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        self._check(node)
        self.generic_visit(node)


def scan(path: Path) -> list[Finding]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    scanner = _Scanner(str(path.relative_to(ROOT)))
    scanner.visit(tree)
    return scanner.found


def scan_all(folder: str = "cogs") -> list[Finding]:
    """Every finding in ``folder``'s modules, but for the files :data:`ALLOWED_FILES` names."""
    paths = sorted((ROOT / folder).glob("*.py"))
    return [f for p in paths if str(p.relative_to(ROOT)) not in ALLOWED_FILES for f in scan(p)]


if __name__ == "__main__":
    for finding in scan_all():
        print(finding)
