"""``make messages``: every catalog's template extracted from the code and merged into each
language's ``.po`` (docs/i18n.md). New messages arrive empty and changed ones fuzzy; the
catalog tests (``tests/i18n``) fail until a translator has seen them.

Catalogs:

- the bot's, ``locales/vesuvius.pot``: ``cogs/``, ``host/``, ``render``'s own modules and the
  engine contract's words (``engine/*.py``: option and move refusals);
- each game's, ``render/<game>/locales/<game>.pot`` (the domain is the game's key): its
  presentation package ``render/<game>/`` and its engine package ``engine/<game>/`` (the
  engine's :class:`~engine.text.Text` labels and :class:`~engine.core.RuleError` refusals).
  A game has one once its presentation package has a ``locales`` folder.

Run: ``python -m tools.messages`` (``make messages`` does).
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from render.i18n import DEFAULT, LANGUAGES  # noqa: E402

KEYWORDS: dict[str, object] = {
    "_": None,
    "N_": None,
    "NP_": (1, 2),
    "NC_": ((1, "c"), 2),
    "L_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    # An engine's words (engine/text.py, engine/core.py): the first argument is the message.
    "Text": None,
    "Term": None,
    "RuleError": None,
    "IllegalActionError": None,
    "NotYourTurnError": None,
    "NotationError": None,
    "GameOverError": None,
}
"""The calls whose string arguments are catalog messages (Babel's keyword specification)."""


@dataclass(frozen=True)
class Source:
    """One catalog: its domain, the folder of its ``<lang>/LC_MESSAGES/<domain>.po`` files,
    and the files it is extracted from (Babel's patterns, from the project root)."""

    domain: str
    directory: Path
    patterns: tuple[str, ...]

    @property
    def template(self) -> Path:
        return self.directory / f"{self.domain}.pot"

    def po(self, lang: str) -> Path:
        return self.directory / lang / "LC_MESSAGES" / f"{self.domain}.po"


def sources() -> list[Source]:
    """The bot's catalog, then each game's."""
    out = [
        Source(
            "vesuvius",
            ROOT / "locales",
            ("cogs/**.py", "host/**.py", "render/*.py", "engine/*.py"),
        )
    ]
    for folder in sorted((ROOT / "render").glob("*/locales")):
        game = folder.parent.name
        out.append(Source(game, folder, (f"render/{game}/**.py", f"engine/{game}/**.py")))
    return out


def _keyword_args() -> list[str]:
    out = []
    for name, spec in KEYWORDS.items():
        if spec is None:
            out += ["-k", name]
        elif spec == (1, 2):
            out += ["-k", f"{name}:1,2"]
        else:
            out += ["-k", f"{name}:1c,2"]
    return out


_DATES = re.compile(r'^"(POT-Creation-Date|PO-Revision-Date): .*\\n"$', re.MULTILINE)


def _files(source: Source) -> list[Path]:
    return [source.template, *(source.po(lang) for lang in LANGUAGES if lang != DEFAULT)]


def _same(before: str, after: str) -> bool:
    """Equal but for the header's dates."""
    return _DATES.sub("", before) == _DATES.sub("", after)


def extract(source: Source) -> None:
    """The template of ``source``, then each language merged with it. A file whose messages
    did not change is left as it was (not even its header's date), so that catalogs changed on
    two branches merge."""
    before = {f: f.read_text(encoding="utf-8") for f in _files(source) if f.is_file()}
    _extract(source)
    for path, text in before.items():
        if path.is_file() and _same(text, path.read_text(encoding="utf-8")):
            path.write_text(text, encoding="utf-8")


def _extract(source: Source) -> None:
    pybabel = [sys.executable, "-m", "babel.messages.frontend"]
    mapping = source.directory / ".babel.cfg"
    mapping.write_text("".join(f"[python: {p}]\n" for p in source.patterns), encoding="utf-8")
    try:
        subprocess.run(
            [
                *pybabel,
                "extract",
                "-F",
                str(mapping),
                "--no-default-keywords",
                *_keyword_args(),
                "--add-location=file",
                "--sort-by-file",
                "--project=Vesuvius",
                "--copyright-holder=Vesuvius",
                "-o",
                str(source.template.relative_to(ROOT)),
                ".",
            ],
            check=True,
            cwd=ROOT,
        )
    finally:
        mapping.unlink()
    for lang in LANGUAGES:
        if lang == DEFAULT:
            continue
        command = "update" if source.po(lang).is_file() else "init"
        extra = ["--ignore-obsolete"] if command == "update" else []
        subprocess.run(
            [
                *pybabel,
                command,
                "-i",
                str(source.template.relative_to(ROOT)),
                "-d",
                str(source.directory.relative_to(ROOT)),
                "-D",
                source.domain,
                "-l",
                lang,
                *extra,
            ],
            check=True,
            cwd=ROOT,
        )


def main() -> None:
    for source in sources():
        extract(source)


if __name__ == "__main__":
    main()
