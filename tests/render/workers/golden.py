"""Golden images of Pompeii (the worker game): compare, and regenerate.

Regenerate after an intended change of the picture (look at the PNGs before committing):

    VESUVIUS_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/render/workers -q
    # or
    .venv/bin/python -m tests.render.workers.golden

Both rewrite ``tests/render/workers/golden/*.png``; the script also writes the pictures of
``docs/render.md``: ``docs/images/workers-*.png`` and the layout comparison at 400 px wide.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

import render.workers
from render.workers import images
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


def _preview(data: bytes) -> Image.Image:
    img = load(data).convert("RGB")
    return img.resize((PREVIEW, round(img.height * PREVIEW / img.width)), Image.Resampling.LANCZOS)


def comparison() -> dict[str, Image.Image]:
    """The two layouts as a phone shows them (400 px wide): the board and the tablets as two
    images, and both in one image."""
    view = positions.public("four_players")
    names = positions.names(view)
    board = _preview(images.render_board(view, names))
    tablets = _preview(images.render_tablets(view, names))
    combined = _preview(images.render_combined(view, names))
    separate = Image.new(
        "RGB", (2 * PREVIEW + 24, max(board.height, tablets.height)), (255, 255, 255)
    )
    separate.paste(board, (0, 0))
    separate.paste(tablets, (PREVIEW + 24, 0))
    return {"layout-separate": separate, "layout-combined": combined}


def main() -> None:
    DOCS_DIR.mkdir(parents=True, exist_ok=True)
    for name in ALL:
        data = render_position(name)
        write(name, data)
        (DOCS_DIR / f"workers-{name.replace('_', '-')}.png").write_bytes(data)
        print(f"{name}: {load(data).size}, {len(data) / 1024:.0f} KB")
    for name, img in comparison().items():
        buf = io.BytesIO()
        img.quantize(256).save(buf, format="PNG", optimize=True)
        (DOCS_DIR / f"workers-{name}.png").write_bytes(buf.getvalue())
        print(f"{name}: {img.size}")


if __name__ == "__main__":
    main()
