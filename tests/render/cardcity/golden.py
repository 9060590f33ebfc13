"""Golden images of the Pompeji card game: compare, and regenerate.

Regenerate after an intended change of the picture (look at the PNGs before committing):

    VESUVIUS_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/render/cardcity -q
    # or
    .venv/bin/python -m tests.render.cardcity.golden

Both rewrite ``tests/render/cardcity/golden/*.png``, the screenshots
``docs/images/cardcity-*.png`` and the same images as a phone shows them, 400 px wide,
``docs/images/phone/cardcity-*.png`` (docs/render.md puts them side by side).
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

import render.cardcity
from render import i18n
from tests.render.cardcity import positions

ROOT = Path(__file__).resolve().parents[3]
GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
DOCS_DIR = ROOT / "docs" / "images"
PHONE_DIR = DOCS_DIR / "phone"
PHONE_W = 400  # Discord's inline image on a phone
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


def phone(data: bytes) -> Image.Image:
    """The image as a phone shows it: scaled to 400 px wide (and back to a palette)."""
    img = load(data).convert("RGB")
    small = img.resize((PHONE_W, round(img.height * PHONE_W / img.width)), Image.Resampling.LANCZOS)
    return small.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def write(name: str, data: bytes) -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    PHONE_DIR.mkdir(parents=True, exist_ok=True)
    (GOLDEN_DIR / f"{name}.png").write_bytes(data)
    shown = f"cardcity-{name.replace('_', '-')}.png"
    (DOCS_DIR / shown).write_bytes(data)
    phone(data).save(PHONE_DIR / shown, optimize=True)


def load(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def main() -> None:
    for name in ALL:
        data = render_position(name)
        write(name, data)
        print(f"{name}: {len(data) / 1024:.0f} KB")
    with i18n.using("nl"):  # the README's Dutch board
        (DOCS_DIR / "cardcity-board-nl.png").write_bytes(render_position("mid"))


if __name__ == "__main__":
    main()
