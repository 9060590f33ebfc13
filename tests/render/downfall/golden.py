"""Golden images of the Downfall board: compare, and regenerate.

Regenerate after an intended change of the picture (review the PNGs before committing):

    VESUVIUS_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/render -q
    # or
    .venv/bin/python -m tests.render.downfall.golden

Both rewrite ``tests/render/downfall/golden/*.png``, the README screenshots in ``docs/images/``
and, beside them, the same pictures as a phone shows them, 400 px wide, in
``docs/images/phone/`` (docs/render.md shows both); :func:`main` also draws the README's
Spanish board (``docs/images/downfall-board-es.png``: the seething relatives in Spanish).
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

import render.downfall
from render import i18n
from tests.render.downfall import positions

ROOT = Path(__file__).resolve().parents[3]
GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
DOCS_DIR = ROOT / "docs" / "images"
PHONE_DIR = DOCS_DIR / "phone"
PHONE_W = 400  # px: how wide Discord shows an image on a phone
REGEN = os.environ.get("VESUVIUS_REGEN_GOLDEN") == "1"


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel (0–255) between two RGB images of one size."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def render_position(name: str) -> bytes:
    view, names = positions.build(name)
    return render.downfall.render_board(view, names)


def write(name: str, data: bytes) -> None:
    """The golden image, the README's picture and its phone-sized copy."""
    for folder in (GOLDEN_DIR, DOCS_DIR, PHONE_DIR):
        folder.mkdir(parents=True, exist_ok=True)
    (GOLDEN_DIR / f"{name}.png").write_bytes(data)
    docs = f"downfall-{name.replace('_', '-')}.png"
    (DOCS_DIR / docs).write_bytes(data)
    img = load(data).convert("RGB")
    phone = img.resize((PHONE_W, round(img.height * PHONE_W / img.width)), Image.Resampling.LANCZOS)
    phone = phone.quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    phone.save(PHONE_DIR / docs, optimize=True)  # a palette: about a third of the bytes


def load(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def main() -> None:
    for name in positions.GOLDEN:
        data = render_position(name)
        write(name, data)
        print(f"{name}: {len(data) / 1024:.0f} KB")
    hand = render_hand()
    write("hand", hand)
    print(f"hand: {len(hand) / 1024:.0f} KB")
    with i18n.using("es"):
        (DOCS_DIR / "downfall-board-es.png").write_bytes(render_position("seething_relatives"))


def render_hand() -> bytes:
    hand_view, hand_name, choices = positions.hand()
    return render.downfall.render_hand(hand_view, hand_name, choices)


if __name__ == "__main__":
    main()
