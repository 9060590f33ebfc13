"""Golden images of the Downfall board: compare, and regenerate.

Regenerate after an intended change of the picture (review the PNGs before committing):

    VESUVIUS_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/render -q
    # or
    .venv/bin/python -m tests.render.downfall.golden

Both rewrite ``tests/render/downfall/golden/*.png`` and the README screenshots in ``docs/images/``.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

import render.downfall
from tests.render.downfall import positions

ROOT = Path(__file__).resolve().parents[3]
GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
DOCS_DIR = ROOT / "docs" / "images"
REGEN = os.environ.get("VESUVIUS_REGEN_GOLDEN") == "1"


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel (0–255) between two RGB images of one size."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def render_position(name: str) -> bytes:
    view, names = positions.build(name)
    return render.downfall.render_board(view, names)


def write(name: str, data: bytes) -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    DOCS_DIR.mkdir(parents=True, exist_ok=True)
    (GOLDEN_DIR / f"{name}.png").write_bytes(data)
    (DOCS_DIR / f"downfall-{name.replace('_', '-')}.png").write_bytes(data)


def load(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def main() -> None:
    for name in positions.GOLDEN:
        data = render_position(name)
        write(name, data)
        print(f"{name}: {len(data) / 1024:.0f} KB")
    hand_view, hand_name = positions.hand()
    hand = render.downfall.render_hand(hand_view, hand_name)
    (DOCS_DIR / "downfall-hand.png").write_bytes(hand)
    (GOLDEN_DIR / "hand.png").write_bytes(hand)
    print(f"hand: {len(hand) / 1024:.0f} KB")


if __name__ == "__main__":
    main()
