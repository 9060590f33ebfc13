"""Golden images of the Pompeji card game: compare, and regenerate.

Regenerate after an intended change of the picture (look at the PNGs before committing):

    VESUVIUS_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/render/cardcity -q
    # or
    .venv/bin/python -m tests.render.cardcity.golden

Both rewrite ``tests/render/cardcity/golden/*.png`` and the screenshots
``docs/images/cardcity-*.png``.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

import render.cardcity
from tests.render.cardcity import positions

ROOT = Path(__file__).resolve().parents[3]
GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
DOCS_DIR = ROOT / "docs" / "images"
REGEN = os.environ.get("VESUVIUS_REGEN_GOLDEN") == "1"

HAND = "hand_mid"
ALL = (*positions.GOLDEN, HAND)


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel (0–255) between two images of one size."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def render_position(name: str) -> bytes:
    if name == HAND:
        view = positions.private("mid")
        return render.cardcity.render_hand(view, positions.NAMES[view["seat"]])
    view = positions.public(name)
    return render.cardcity.render_board(view, positions.names(view))


def write(name: str, data: bytes) -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    DOCS_DIR.mkdir(parents=True, exist_ok=True)
    (GOLDEN_DIR / f"{name}.png").write_bytes(data)
    (DOCS_DIR / f"cardcity-{name.replace('_', '-')}.png").write_bytes(data)


def load(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def main() -> None:
    for name in ALL:
        data = render_position(name)
        write(name, data)
        print(f"{name}: {len(data) / 1024:.0f} KB")


if __name__ == "__main__":
    main()
