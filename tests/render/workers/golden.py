"""Golden images of Pompeii (the worker game): compare, and regenerate.

Regenerate after an intended change of the picture (look at the PNGs before committing):

    VESUVIUS_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/render/workers -q
    # or
    .venv/bin/python -m tests.render.workers.golden

Both rewrite ``tests/render/workers/golden/*.png``; the script also writes the pictures of
the README and ``docs/render.md``: ``docs/images/workers-*.png``, and the same images as a phone
shows them, 400 px wide, ``docs/images/phone/workers-*.png``.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

import render.workers
from render import i18n
from tests.render.workers import positions

ROOT = Path(__file__).resolve().parents[3]
GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
DOCS_DIR = ROOT / "docs" / "images"
REGEN = os.environ.get("VESUVIUS_REGEN_GOLDEN") == "1"
PREVIEW = 400  # px: Discord's inline image on a phone

TABLETS = ("mid", "four_players")  # the goods tablets of these positions
HANDS = ("mid", "offering")  # the private image of the first seat deciding there
ALL = (
    *positions.GOLDEN,
    *(f"tablets_{n}" for n in TABLETS),
    *(f"hand_{n}" for n in HANDS),
)


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel (0–255) between two RGB images of one size."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def render_position(name: str) -> bytes:
    if name.startswith("tablets_"):
        view = positions.public(name.removeprefix("tablets_"))
        return render.workers.render_tablets(view, positions.names(view))
    if name.startswith("hand_"):
        view, who, choices = positions.private(name.removeprefix("hand_"))
        return render.workers.render_hand(view, who, choices)
    view = positions.public(name)
    return render.workers.render_board(view, positions.names(view))


def load(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def write(name: str, data: bytes) -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    (GOLDEN_DIR / f"{name}.png").write_bytes(data)


def preview(data: bytes) -> Image.Image:
    """The image as a phone shows it: scaled to 400 px wide."""
    img = load(data).convert("RGB")
    return img.resize((PREVIEW, round(img.height * PREVIEW / img.width)), Image.Resampling.LANCZOS)


def main() -> None:
    phone = DOCS_DIR / "phone"
    phone.mkdir(parents=True, exist_ok=True)
    for name in ALL:
        data = render_position(name)
        write(name, data)
        file = f"workers-{name.replace('_', '-')}.png"
        (DOCS_DIR / file).write_bytes(data)
        buf = io.BytesIO()
        preview(data).quantize(256).save(buf, format="PNG", optimize=True)
        (phone / file).write_bytes(buf.getvalue())
        print(f"{name}: {load(data).size}, {len(data) / 1024:.0f} KB")
    with i18n.using("de"):  # the README's German board
        (DOCS_DIR / "workers-board-de.png").write_bytes(render_position("mid"))


if __name__ == "__main__":
    main()
