"""``python -m plugins``: print the list of games; ``--write``: put it into README.md and
docs/bot.md (between their markers)."""

from __future__ import annotations

import sys
from pathlib import Path

from plugins.listing import block, write


def main(argv: list[str]) -> int:
    if argv[1:] == ["--write"]:
        for path in write(Path(__file__).resolve().parents[1]):
            print(f"updated {path}")
        return 0
    if argv[1:]:
        print("usage: python -m plugins [--write]", file=sys.stderr)
        return 2
    print(block())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
