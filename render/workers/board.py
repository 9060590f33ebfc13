"""The board: the ten resource fields, the action spaces (Costruzione, Porta, Piazza and the
Foro, Terme and Castrum buildings), the other seventeen building spots and the special fields
C12 / C28 / C31, with every worker where it stands and the last placement ringed in magenta.

A building is face down (a muted band, its name, recipe and cost) until built; built, its band
takes its tier's colour and its owner's worker sits on it. Tiers are told apart by their rows
as well as their colours (red 1–10 in the first two rows, blue after), seats by their workers'
shapes (``icons``). The frames, icons and labels are drawn once into a cached background.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render import fonts, shapes
from render.workers import icons
from render.workers.layout import (
    CANVAS,
    CARD,
    CARD_HI,
    FACE_DOWN,
    GOLD,
    HIGHLIGHT,
    MUTED,
    SMALLEST,
    TEXT,
    TIER_FILL,
    View,
    W,
    box,
    buildings,
    goods_row,
    goods_width,
    mark,
    paste_centered,
)

HEADER_H = 150
GAP = 4
FIELD_W, FIELD_H = 93, 160
FIELDS_Y = HEADER_H
FIELDS_X = (W - (10 * FIELD_W + 9 * GAP)) // 2
SPACE_W, SPACE_H, SPACE_GAP = 156, 176, 6
SPACES_Y = FIELDS_Y + 40 + FIELD_H + 8
SPACES_X = (W - (6 * SPACE_W + 5 * SPACE_GAP)) // 2
TILE_W, TILE_H, TILE_GAP = 188, 152, 6
BUILDINGS_Y = SPACES_Y + 40 + SPACE_H + 8
TILES_X = (W - (5 * TILE_W + 4 * TILE_GAP)) // 2
BOARD_H = BUILDINGS_Y + 40 + 4 * (TILE_H + TILE_GAP)  # where the panel starts
WORKER = 28
PLACE = 32

SPACE_ORDER = ("costruzione", "porta", "piazza", "17", "19", "20")
SPACE_TITLE = {
    "costruzione": "Costruzione",
    "porta": "Porta",
    "piazza": "Piazza",
    "17": "17 Foro",
    "19": "19 Terme",
    "20": "20 Castrum",
}
SPACE_WHAT = {"costruzione": "build", "porta": "trade", "piazza": "specialists"}
GRID = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18)
SPECIAL = ("C12", "C28", "C31")
SPECIAL_WHAT = {"C12": "injured", "C28": "army hurt", "C31": "halted"}


def field_box(i: int) -> tuple[int, int]:
    return FIELDS_X + i * (FIELD_W + GAP), FIELDS_Y + 40


def space_box(i: int) -> tuple[int, int]:
    return SPACES_X + i * (SPACE_W + SPACE_GAP), SPACES_Y + 40


def tile_box(i: int) -> tuple[int, int]:
    """Building spot ``i`` of the grid (then the special fields): 5 to a row."""
    row, col = divmod(i, 5)
    return TILES_X + col * (TILE_W + TILE_GAP), BUILDINGS_Y + 40 + row * (TILE_H + TILE_GAP)


def _section(img: Image.Image, y: int, title: str, note: str) -> None:
    fonts.role_label(img, (M_X, y + 30), title, "bold", SMALLEST + 2, TEXT)
    x = M_X + fonts.width(title, "bold", SMALLEST + 2) + 14
    fonts.role_label(img, (x, y + 30), note, "cond", SMALLEST, MUTED)


M_X = FIELDS_X


def background(fields: tuple[str, ...]) -> Image.Image:
    """The parts that never change: section titles, field tiles with icon and name."""

    def make() -> Image.Image:
        img = Image.new("RGB", (W, BOARD_H), CANVAS)
        _section(img, FIELDS_Y, "Fields", "collect: 1, a 2nd worker 2 more")
        for i, good in enumerate(fields):
            x, y = field_box(i)
            box(img, (x, y), (FIELD_W, FIELD_H), CARD, radius=8)
            paste_centered(img, icons.good_icon(good, 52), x + FIELD_W / 2, y + 32)
            name = good.replace("_", " ")
            fonts.role_label(img, (x + FIELD_W / 2, y + 86), name, "cond", SMALLEST, TEXT, "ms")
        _section(img, SPACES_Y, "Actions", "one worker each; limits by players")
        _section(img, BUILDINGS_Y, "Buildings", "produce: 1 of each input → 1 output")
        return img

    return shapes.cached(("workers-bg", fields), make)


def _places(
    img: Image.Image,
    cx: float,
    y: float,
    workers: list[Any],
    limit: int,
    tokens: int,
    width: float,
) -> None:
    """A row (or rows) of worker places centred at ``cx`` from ``y``: workers, C14 tokens, then
    free rings up to the limit."""
    items: list[Image.Image] = []
    for entry in workers:
        if isinstance(entry, list) and len(entry) >= 2:
            items.append(icons.worker(int(entry[0]), WORKER, coin=bool(entry[1])))
    items += [icons.token(WORKER)] * tokens
    items += [icons.empty_place(WORKER)] * max(0, limit - len(items))
    step: float = WORKER + 3
    per_row = max(1, int(width // step))
    if len(items) > 2 * per_row:  # a crowded field: a third more to a row, overlapping a little
        per_row = -(-len(items) // 2)
        step = min(step, (width - WORKER) / max(1, per_row - 1))
    for i, sprite in enumerate(items):
        row, col = divmod(i, per_row)
        n = min(per_row, len(items) - row * per_row)
        x = cx - (n - 1) * step / 2 + col * step
        paste_centered(img, sprite, x, y + row * (WORKER + 2))


def _draw_fields(img: Image.Image, view: View) -> None:
    for i, field in enumerate(view.get("fields") or []):
        x, y = field_box(i)
        _places(img, x + FIELD_W / 2, y + 106, list(field.get("workers") or []), 0, 0, FIELD_W)


def _band(tier: str, built: bool) -> tuple[int, int, int]:
    fill = TIER_FILL.get(tier, FACE_DOWN)
    if built:
        return fill
    return (
        (fill[0] + 2 * FACE_DOWN[0]) // 3,
        (fill[1] + 2 * FACE_DOWN[1]) // 3,
        (fill[2] + 2 * FACE_DOWN[2]) // 3,
    )


def _recipe(img: Image.Image, x: float, base: float, recipe: Any) -> None:
    if not isinstance(recipe, Mapping):
        return
    x = goods_row(img, x, base, dict(recipe.get("inputs") or {}), 30, tight=True)
    fonts.role_label(img, (x, base - 3), "→", "bold", SMALLEST, (255, 255, 255))
    goods_row(img, x + 26, base, {str(recipe.get("output")): 1}, 30, tight=True)


def _cost_rows(img: Image.Image, x: float, base: float, cost: dict[str, int], width: float) -> None:
    """The cost of a face-down building, on two rows when one is too narrow."""
    first: dict[str, int] = {}
    for good, n in cost.items():
        if goods_width({**first, good: n}, 26, tight=True) > width:
            break
        first[good] = n
    goods_row(img, x, base, first, 26, MUTED, tight=True)
    rest = {g: n for g, n in cost.items() if g not in first}
    if rest:
        goods_row(img, x, base + 32, rest, 26, MUTED, tight=True)


def _tile_shape(size: tuple[int, int], tier: str, built: bool) -> Image.Image:
    """A building tile's shape (cached): the body and the band, hatched while face down."""

    def make() -> Image.Image:
        w, h = size
        img = Image.new("RGB", size, CANVAS)
        d = ImageDraw.Draw(img)
        band = _band(tier, built)
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=CARD_HI if built else CARD)
        d.rounded_rectangle((0, 0, w - 1, 42), radius=8, fill=band)
        d.rectangle((0, 30, w - 1, 42), fill=band)
        if not built:  # face down: a hatched band
            for x in range(-40, w, 14):
                d.line([(x, 42), (x + 42, 0)], fill=_band("", False), width=3)
        return img

    return shapes.cached(("workers-tile", size, tier, built), make)


def hyphenated(text: str, width: float) -> str:
    """``text`` with every word too wide for a line broken with a hyphen (a long name)."""
    out = []
    for whole in text.split(" "):
        word = whole
        while fonts.width(word, "cond", SMALLEST) > width and len(word) > 4:
            cut = len(word) - 1
            while cut > 2 and fonts.width(word[:cut] + "-", "cond", SMALLEST) > width:
                cut -= 1
            out.append(word[:cut] + "-")
            word = word[cut:]
        out.append(word)
    return " ".join(out)


def title_size(title: str, role: str, width: float) -> int:
    """The band's title size: large, or smaller (never under ``SMALLEST``) to fit."""
    for size in (SMALLEST + 4, SMALLEST + 2):
        if fonts.width(title, role, size) <= width:
            return size
    return SMALLEST


def _highlight(img: Image.Image, xy: tuple[int, int], size: tuple[int, int]) -> None:
    x, y = xy
    ImageDraw.Draw(img).rounded_rectangle(
        (x - 3, y - 3, x + size[0] + 2, y + size[1] + 2), radius=10, outline=HIGHLIGHT, width=5
    )


def _draw_building(
    img: Image.Image,
    b: Mapping[str, Any],
    xy: tuple[int, int],
    size: tuple[int, int],
    title: str,
    face: str,
) -> None:
    """A building's tile: the band with its number and recipe, the name, the cost while face
    down; when built its owner (a worker in a gold ring), S27 markers and worker places."""
    built = bool(b.get("built"))
    x0, y0 = xy
    w, h = size
    img.paste(_tile_shape(size, str(b.get("colour")), built), xy)
    role = "bold" if title.isdigit() else "cond_bold"
    big = title_size(title, role, w - 20)
    fonts.role_label(img, (x0 + 10, y0 + 32), title, role, big, (255, 255, 255))
    if face:
        _recipe(img, x0 + 14 + fonts.width(title, role, big), y0 + 35, b.get("recipe"))
        lines = fonts.wrap(hyphenated(face + mark(b), w - 10), "cond", SMALLEST, w - 10)[:2]
        fonts.draw_lines(
            img, (x0 + 6, y0 + 68), lines, "cond", SMALLEST, TEXT if built else MUTED, 26
        )
    cost = dict(b.get("cost") or {})
    if b.get("excluded"):
        fonts.role_label(img, (x0 + 8, y0 + h - 18), "left out", "cond", SMALLEST, MUTED)
    elif not built and cost:
        _cost_rows(img, x0 + 8, y0 + (h - 18 if face else 84), cost, w - 16)
    if not built:
        return
    cy = y0 + h - 26
    left = x0 + 6
    owner = b.get("owner")
    if isinstance(owner, int):
        img.paste(_owner_ring(), (left, round(cy - 19)), _owner_ring())
        paste_centered(img, icons.worker(owner, 30), left + 19, cy)
        left += 42
    for m in b.get("marks") or []:
        if isinstance(m, int):
            paste_centered(img, icons.worker(m, 24), left + 12, cy)
            left += 26
    limit = int(b.get("limit") or 0)
    workers = list(b.get("workers") or [])
    tokens = int(b.get("tokens") or 0)
    if limit or workers:
        right = x0 + w - 4
        _places(img, (left + right) / 2, cy, workers, limit, tokens, right - left)


def _owner_ring() -> Image.Image:
    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        n = 38 * s
        d.ellipse((s, s, n - s, n - s), outline=GOLD, width=round(3 * s))

    return shapes.cached_sprite(("workers-owner",), (38, 38), paint)


def _draw_spaces(img: Image.Image, view: View, by_number: Mapping[int, Mapping[str, Any]]) -> None:
    spaces = {str(s.get("space")): s for s in view.get("spaces") or [] if isinstance(s, Mapping)}
    for i, key in enumerate(SPACE_ORDER):
        xy = space_box(i)
        x, y = xy
        if key in spaces:
            sp = spaces[key]
            box(img, xy, (SPACE_W, SPACE_H), CARD_HI, radius=8)
            title = SPACE_TITLE[key]
            size = title_size(title, "cond_bold", SPACE_W - 16)
            fonts.role_label(img, (x + 8, y + 32), title, "cond_bold", size, TEXT)
            fonts.role_label(img, (x + 10, y + 66), SPACE_WHAT[key], "cond", SMALLEST, MUTED)
            owner = view.get("porta_owner")
            if key == "porta" and isinstance(owner, int):  # C34: the Porta's owner
                img.paste(_owner_ring(), (x + SPACE_W - 46, y + 40), _owner_ring())
                paste_centered(img, icons.worker(owner, 30), x + SPACE_W - 27, y + 59)
            _places(
                img,
                x + SPACE_W / 2,
                y + SPACE_H - 26,
                list(sp.get("workers") or []),
                int(sp.get("limit") or 0),
                0,
                SPACE_W - 8,
            )
            continue
        b = by_number.get(int(key))
        if b is None:
            continue
        _draw_building(img, b, xy, (SPACE_W, SPACE_H), SPACE_TITLE[key], "")
        if key == "20":
            _castrum(img, view, x, y)


def _castrum(img: Image.Image, view: View, x: int, y: int) -> None:
    castrum = view.get("castrum") or {}
    halted = castrum.get("halted")
    if isinstance(halted, int):
        low = y + SPACE_H - 44  # under the cost, which rivals may still pay (G20)
        fonts.role_label(img, (x + 10, low), "halted", "cond_bold", SMALLEST, (255, 120, 90))
        paste_centered(img, icons.worker(halted, 28), x + SPACE_W - 24, low + 14)
    for sv in view.get("seats") or []:
        if isinstance(sv, Mapping) and sv.get("army") == "castrum":
            paste_centered(img, icons.army(int(sv.get("seat", 0)), 48), x + SPACE_W / 2, y + 90)


def _draw_grid(img: Image.Image, view: View, by_number: Mapping[int, Mapping[str, Any]]) -> None:
    for i, number in enumerate(GRID):
        b = by_number.get(number)
        if b is not None:
            _draw_building(
                img, b, tile_box(i), (TILE_W, TILE_H), str(number), str(b.get("name", ""))
            )
    special = view.get("special_fields") or {}
    for j, cid in enumerate(SPECIAL):
        xy = tile_box(len(GRID) + j)
        x, y = xy
        box(img, xy, (TILE_W, TILE_H), CARD, radius=8)
        fonts.role_label(img, (x + 10, y + 32), cid, "bold", SMALLEST + 4, TEXT)
        fonts.role_label(img, (x + 10, y + 66), SPECIAL_WHAT[cid], "cond", SMALLEST, MUTED)
        seats = [[s, 0] for s in special.get(cid) or [] if isinstance(s, int)]
        if seats:
            _places(img, x + TILE_W / 2, y + TILE_H - 30, seats, 0, 0, TILE_W - 8)


def last_spaces(view: View) -> set[str]:
    """The spaces the last placement used (``grain``, ``7``, ``costruzione`` …) and the
    building it built, from ``view["last"]``."""
    last = view.get("last")
    if not isinstance(last, Mapping):
        return set()
    words = str(last.get("action", "")).split()
    if not words:
        return set()
    verb, args = words[0], words[1:]
    out: set[str] = set()
    if (verb == "collect" and args) or (verb == "produce" and args):
        out.add(args[0])
    elif verb == "build":
        out.add("costruzione")
        if args:
            out.add(args[0])
    elif verb in ("port", "piazza"):
        out.add("porta" if verb == "port" else "piazza")
    elif verb in ("activate", "recover"):
        out.add("17")
    elif verb == "army":
        out.add("19")
    elif verb == "hire":
        out.add("18")
    return out


def _draw_last(img: Image.Image, view: View) -> None:
    wanted = last_spaces(view)
    fields = [str(f.get("good")) for f in view.get("fields") or []]
    for i, good in enumerate(fields):
        if good in wanted:
            _highlight(img, field_box(i), (FIELD_W, FIELD_H))
    for i, key in enumerate(SPACE_ORDER):
        if key in wanted:
            _highlight(img, space_box(i), (SPACE_W, SPACE_H))
    for i, number in enumerate(GRID):
        if str(number) in wanted:
            _highlight(img, tile_box(i), (TILE_W, TILE_H))


def draw_board(img: Image.Image, view: View) -> None:
    """The fields, spaces, buildings and special fields onto ``img`` (from the background)."""
    by_number = buildings(view)
    _draw_fields(img, view)
    _draw_spaces(img, view, by_number)
    _draw_grid(img, view, by_number)
    _draw_last(img, view)
