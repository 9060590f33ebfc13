"""Generate the data set of Pompeii (the worker game): ``engine/workers/data/*.json``.

Run ONCE: ``python tools/gen_workers_data.py``. The JSON files are the source of truth from then
on (the engine never imports this script); an official data set can replace them without code
changes. The tables, in ``tools/workers_data/``, follow ``docs/rules/workers.md`` §4 (the shared
spec's data proposal); the volcano cards are drawn with a fixed seed (``VOLCANO_SEED``), so
running the script again reproduces the committed files exactly.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: the tables are in tools/workers_data

from tools.workers_data.cards import city_cards, specialists  # noqa: E402
from tools.workers_data.tables import BOARD, BUILDINGS, GOODS  # noqa: E402
from tools.workers_data.volcano import volcano_cards  # noqa: E402

OUT = ROOT / "engine" / "workers" / "data"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    files = {
        "goods.json": [
            {"id": g, "name": n, "value": v, "provenance": p, "aliases": al}
            for g, n, v, p, al in GOODS
        ],
        "buildings.json": BUILDINGS,
        "board.json": BOARD,
        "specialists.json": specialists(),
        "city.json": city_cards(),
        "volcano.json": volcano_cards(),
    }
    for name, data in files.items():
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"wrote {OUT / name}", file=sys.stderr)


if __name__ == "__main__":
    main()
