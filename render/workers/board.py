"""The lower half of the board, what is on offer: the volcano (its deck, the last card and, in
solo, the goods it blocks), the ten resource fields, the three action spaces (Costruzione,
Porta, Piazza) and the twenty buildings in number order, five to a row, with every worker
where it stands and the last placement ringed in magenta.

A building tile: a band in its tier's colour (muted and hatched while face down) with its
number large, the recipe below it as goods icons (inputs → output; the Foro, Terme and Castrum
say what they are for), its name (broken only between words), and at the foot its cost while
face down (with † where it is the solo game's house-rule price, W41), or its owner and worker
places once built. Tiers differ by row as well as colour
(red 1–10, blue 11–18, the Terme green, the Castrum purple), seats by their workers' shapes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render import fonts, shapes
from render.workers import icons, rich, terms
from render.workers.lang import N_, _, ngettext
from render.workers.layout import (
    BODY,
    CANVAS,
    CARD,
    CARD_HI,
    DANGER,
    FACE_DOWN,
    GOLD,
    HIGHLIGHT,
    MUTED,
    SMALLEST,
    TEXT,
    TIER_FILL,
    M,
    View,
    W,
    box,
    buildings,
    face_down,
    goods_row,
    goods_width,
    mark,
    paste_centered,
)
from render.workers.panel import Block

GAP = 3
X0, X1 = M, W - M
WORKER = 26

FIELD_W = (X1 - X0 - 9 * GAP) // 10
FIELD_H = 120
FIELDS_X = (W - (10 * FIELD_W + 9 * GAP)) // 2

SPACE_W = (X1 - X0 - 2 * GAP) // 3
SPACE_H = 66
SPACES_X = (W - (3 * SPACE_W + 2 * GAP)) // 2

TILE_W = (X1 - X0 - 4 * GAP) // 5
TILE_H = 164
TILES_X = (W - (5 * TILE_W + 4 * GAP)) // 2
BAND = 40
RECIPE = 30  # px: recipe icons
NAME_Y = 104  # the name's first baseline in a tile
NAME_LH = 24
NAME_PAD = 3  # px either side of a name
COST = 22  # px: cost icons

SPACE_ORDER = ("costruzione", "porta", "piazza")
SPACE_TITLE = {"costruzione": N_("Costruzione"), "porta": N_("Porta"), "piazza": N_("Piazza")}
SPACE_WHAT = {"costruzione": N_("build"), "porta": N_("trade"), "piazza": N_("specialists")}
FUNCTION = {
    17: N_("city cards"),
    18: N_("a new worker"),
    19: N_("your army"),
    20: N_("march to win"),
}
VOLCANO = rich.Style("cond", BODY, TEXT, 30, 36)


def house_rule_price(b: Mapping[str, Any]) -> bool:
    """Whether the tile shows its cost with the solo game's house-rule † (W41): a dearer price,
    face down (a built or left-out tile shows no cost)."""
    return bool(b.get("cost_house_rule")) and not b.get("built") and not b.get("excluded")


def field_box(i: int, top: int) -> tuple[int, int]:
    return FIELDS_X + i * (FIELD_W + GAP), top


def space_box(i: int, top: int) -> tuple[int, int]:
    return SPACES_X + i * (SPACE_W + GAP), top


def tile_box(i: int, top: int) -> tuple[int, int]:
    """Building ``i + 1``'s tile: 5 to a row."""
    row, col = divmod(i, 5)
    return TILES_X + col * (TILE_W + GAP), top + row * (TILE_H + GAP)


# ------------------------------------------------------------------ the volcano


def volcano_items(view: View) -> list[rich.Item]:
    """The volcano in words and icons: the deck, the last card revealed and what it shows
    (solo: the goods it blocks this round, every one of them)."""
    volcano = view.get("volcano") or {}
    if volcano.get("upper") is not None:
        items: list[rich.Item] = [
            _("Volcano: upper {upper}, lower {lower}").format(
                upper=volcano.get("upper"), lower=volcano.get("lower")
            )
        ]
    else:
        deck = int(volcano.get("deck", 0))
        items = [
            ngettext(
                "Volcano {set}: {n} card face down", "Volcano {set}: {n} cards face down", deck
            ).format(set=volcano.get("difficulty", "?"), n=deck)
        ]
    top = volcano.get("top")
    blocked = [str(g) for g in volcano.get("blocked") or []]
    if blocked:
        card = top.get("id") if isinstance(top, Mapping) else ""
        blocks = _("{card} blocks:").format(card=card) if card else _("blocks:")
        items += ["·", blocks, *[rich.Good(g) for g in blocked]]
    elif isinstance(top, Mapping):
        if top.get("apocalypse"):
            items += ["·", _("{card}: the Apocalypse!").format(card=top.get("id"))]
        else:
            items += [
                "·",
                _("last {card}:").format(card=top.get("id")),
                *[rich.Good(str(g)) for g in top.get("goods") or []],
            ]
    return items


def volcano_layout(view: View, top: int) -> list[list[rich.Placed]]:
    return rich.layout(volcano_items(view), VOLCANO, X0 + 4, top + 28, X1 - X0 - 8)


def _volcano_block(view: View) -> Block:
    lines = volcano_layout(view, 0)
    height = rich.height(lines, VOLCANO) + 6

    def draw(img: Image.Image, top: int) -> None:
        moved = [[rich.Placed(p.item, p.x, p.y + top, p.width) for p in line] for line in lines]
        rich.draw(img, moved, VOLCANO, X1)

    return Block(height, draw)


# ------------------------------------------------------------------ workers in places


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
    if len(items) > 2 * per_row:  # a crowded field: more to a row, overlapping a little
        per_row = -(-len(items) // 2)
        step = min(step, (width - WORKER) / max(1, per_row - 1))
    for i, sprite in enumerate(items):
        row, col = divmod(i, per_row)
        n = min(per_row, len(items) - row * per_row)
        x = cx - (n - 1) * step / 2 + col * step
        paste_centered(img, sprite, x, y + row * (WORKER + 1))


def _highlight(img: Image.Image, xy: tuple[int, int], size: tuple[int, int]) -> None:
    x, y = xy
    ImageDraw.Draw(img).rounded_rectangle(
        (x - 2, y - 2, x + size[0] + 1, y + size[1] + 1), radius=10, outline=HIGHLIGHT, width=4
    )


def _cross(img: Image.Image, cx: float, cy: float, r: float) -> None:
    """A blocked good (solo): a red cross over its icon."""
    d = ImageDraw.Draw(img)
    for a, b in (((-r, -r), (r, r)), ((-r, r), (r, -r))):
        d.line([(cx + a[0], cy + a[1]), (cx + b[0], cy + b[1])], fill=DANGER, width=5)


# ------------------------------------------------------------------ fields and spaces


def _fields_block(view: View, wanted: set[str]) -> Block:
    fields = [f for f in view.get("fields") or [] if isinstance(f, Mapping)]
    blocked = set((view.get("volcano") or {}).get("blocked") or [])

    def draw(img: Image.Image, top: int) -> None:
        img.paste(_fields_background(tuple(str(f.get("good")) for f in fields)), (0, top))
        for i, field in enumerate(fields):
            x, y = field_box(i, top)
            good = str(field.get("good"))
            name = fonts.fit(terms.good(good), fonts.font("cond", SMALLEST), SMALLEST, FIELD_W)
            fonts.role_label(img, (x + FIELD_W / 2, y + 66), name, "cond", SMALLEST, TEXT, "ms")
            if good in blocked:
                _cross(img, x + FIELD_W / 2, y + 26, 17)
            _places(img, x + FIELD_W / 2, y + 82, list(field.get("workers") or []), 0, 0, FIELD_W)
            if good in wanted:
                _highlight(img, (x, y), (FIELD_W, FIELD_H))

    return Block(FIELD_H + GAP + 2, draw)


def _fields_background(goods: tuple[str, ...]) -> Image.Image:
    """The field tiles with their icons (drawn once)."""

    def make() -> Image.Image:
        img = Image.new("RGB", (W, FIELD_H), CANVAS)
        for i, good in enumerate(goods):
            x, y = field_box(i, 0)
            box(img, (x, y), (FIELD_W, FIELD_H), CARD, radius=8)
            paste_centered(img, icons.good_icon(good, 40), x + FIELD_W / 2, y + 26)
        return img

    return shapes.cached(("workers-fields", goods, W), make)


def _owner_ring(size: int = 34) -> Image.Image:
    def paint(im: Image.Image, d: ImageDraw.ImageDraw, s: float) -> None:
        n = size * s
        d.ellipse((s, s, n - s, n - s), outline=GOLD, width=round(3 * s))

    return shapes.cached_sprite(("workers-owner", size), (size, size), paint)


def _owner(img: Image.Image, seat: int, cx: float, cy: float) -> None:
    """An owner: their worker in a gold ring."""
    ring = _owner_ring()
    paste_centered(img, ring, cx, cy)
    paste_centered(img, icons.worker(seat, 26), cx, cy)


def _spaces_block(view: View, wanted: set[str]) -> Block:
    spaces = {str(s.get("space")): s for s in view.get("spaces") or [] if isinstance(s, Mapping)}

    def draw(img: Image.Image, top: int) -> None:
        for i, key in enumerate(SPACE_ORDER):
            sp = spaces.get(key)
            if sp is None:
                continue
            x, y = space_box(i, top)
            box(img, (x, y), (SPACE_W, SPACE_H), CARD_HI, radius=8)
            title = _(SPACE_TITLE[key])
            fonts.role_label(img, (x + 10, y + 28), title, "bold", BODY, TEXT)
            what = fonts.fit(
                _(SPACE_WHAT[key]), fonts.font("cond", SMALLEST), SMALLEST, SPACE_W - 16
            )
            fonts.role_label(img, (x + 10, y + 56), what, "cond", SMALLEST, MUTED)
            workers = list(sp.get("workers") or [])
            limit = int(sp.get("limit") or 0)
            count = max(limit, len(workers))
            left = x + 10 + fonts.width(title, "bold", BODY) + 8
            owner = view.get("porta_owner")
            if key == "porta" and isinstance(owner, int):  # C34: the Porta's owner
                _owner(img, owner, left + 18, y + SPACE_H / 2)
                left += 38
            right = x + SPACE_W - 6
            span = min(right - left, count * (WORKER + 3))
            _places(img, right - span / 2, y + SPACE_H / 2, workers, limit, 0, span)
            if key in wanted:
                _highlight(img, (x, y), (SPACE_W, SPACE_H))

    return Block(SPACE_H + GAP + 2, draw)


# ------------------------------------------------------------------ buildings


def _band(tier: str, built: bool) -> tuple[int, int, int]:
    fill = TIER_FILL.get(tier, FACE_DOWN)
    return fill if built else face_down(fill)


def face_down_bands() -> list[tuple[int, int, int]]:
    """The bands of face-down tiles, each tier's muted, and their hatching: kept exactly in the
    palette (with fewer colours they turned grey-blue, and a tier is known by its colour)."""
    return [_band(tier, False) for tier in (*TIER_FILL, "")]


def _tile_shape(tier: str, built: bool) -> Image.Image:
    """A building tile's shape (cached): the body and the band, hatched while face down."""

    def make() -> Image.Image:
        w, h = TILE_W, TILE_H
        img = Image.new("RGB", (w, h), CANVAS)
        d = ImageDraw.Draw(img)
        band = _band(tier, built)
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=CARD_HI if built else CARD)
        d.rounded_rectangle((0, 0, w - 1, BAND), radius=8, fill=band)
        d.rectangle((0, BAND - 10, w - 1, BAND), fill=band)
        if not built:  # face down: a hatched band
            for x in range(-40, w, 14):
                d.line([(x, BAND), (x + BAND, 0)], fill=_band("", False), width=3)
        return img

    return shapes.cached(("workers-tile", TILE_W, TILE_H, tier, built), make)


def _arrow(img: Image.Image, x: float, cy: float) -> None:
    ImageDraw.Draw(img).polygon([(x, cy - 7), (x + 10, cy), (x, cy + 7)], fill=TEXT)


def recipe_width(inputs: Mapping[str, int]) -> float:
    return len(inputs) * (RECIPE + 3) + 16 + RECIPE


def _recipe(img: Image.Image, cx: float, cy: float, recipe: Mapping[str, Any]) -> None:
    """Inputs → output as icons, centred at ``cx``."""
    inputs = {str(g): int(n) for g, n in (recipe.get("inputs") or {}).items()}
    x = cx - recipe_width(inputs) / 2
    for good in inputs:
        paste_centered(img, icons.good_icon(good, RECIPE), x + RECIPE / 2, cy)
        x += RECIPE + 3
    _arrow(img, x + 2, cy)
    x += 16
    paste_centered(img, icons.good_icon(str(recipe.get("output")), RECIPE), x + RECIPE / 2, cy)


def name_lines(name: str) -> list[str]:
    """A building's name in at most two lines broken between words (never inside one)."""
    words_ = name.split(" ")
    width = TILE_W - 2 * NAME_PAD
    lines: list[str] = []
    for word in words_:
        if lines and fonts.width(f"{lines[-1]} {word}", "cond", SMALLEST) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    if len(lines) > 2:  # three short words: the first two lines take what fits, in order
        lines = [lines[0], " ".join(lines[1:])]
    return lines


def cost_rows(cost: Mapping[str, int]) -> list[dict[str, int]]:
    """A face-down building's cost in rows that fit its tile (two at most for any cost)."""
    width = TILE_W - 10
    rows: list[dict[str, int]] = [{}]
    for good, n in cost.items():
        if rows[-1] and goods_width({**rows[-1], good: n}, COST, tight=True) - 5 > width:
            rows.append({})
        rows[-1][good] = n
    return rows


def _draw_building(
    img: Image.Image, view: View, b: Mapping[str, Any], xy: tuple[int, int], blocked: set[str]
) -> None:
    built = bool(b.get("built"))
    number = int(b.get("number", 0))
    x0, y0 = xy
    img.paste(_tile_shape(str(b.get("colour")), built), xy)
    title = str(number)
    fonts.role_label(img, (x0 + 8, y0 + 32), title, "bold", BODY + 8, (255, 255, 255))
    dagger = mark(b)
    if dagger:
        tx = x0 + 10 + fonts.width(title, "bold", BODY + 8)
        fonts.role_label(img, (tx, y0 + 26), dagger, "bold", SMALLEST, (255, 255, 255))
    owner = b.get("owner")
    if built and isinstance(owner, int):
        _owner(img, owner, x0 + TILE_W - 22, y0 + BAND / 2)
    recipe = b.get("recipe")
    mid = y0 + BAND + 22
    if isinstance(recipe, Mapping):
        _recipe(img, x0 + TILE_W / 2, mid, recipe)
        if str(recipe.get("output")) in blocked:
            _cross(
                img, x0 + TILE_W / 2 + recipe_width(recipe.get("inputs") or {}) / 2 - 15, mid, 12
            )
    else:
        _function(img, view, number, x0 + TILE_W / 2, mid)
    lines = name_lines(_(str(b.get("name", ""))))
    colour = TEXT if built else MUTED
    for i, line in enumerate(lines):
        fonts.draw_text(
            img,
            (x0 + NAME_PAD, y0 + NAME_Y + i * NAME_LH),
            line,
            fonts.font("cond", SMALLEST),
            SMALLEST,
            colour,
        )
    foot = y0 + TILE_H - 8
    if b.get("excluded"):
        fonts.role_label(img, (x0 + 6, foot), _("left out"), "cond", SMALLEST, MUTED)
        return
    cost = {str(g): int(n) for g, n in (b.get("cost") or {}).items()}
    if not built:
        rows = cost_rows(cost)
        for i, row in enumerate(reversed(rows)):
            end = goods_row(img, x0 + 5, foot - i * (COST + 4), row, COST, MUTED, tight=True)
            if i == 0 and house_rule_price(b):
                fonts.role_label(img, (end - 2, foot), "†", "bold", SMALLEST, TEXT)
        return
    limit = int(b.get("limit") or 0)
    workers = list(b.get("workers") or [])
    tokens = int(b.get("tokens") or 0)
    left = x0 + 6
    for m in b.get("marks") or []:  # S27 markers
        if isinstance(m, int):
            paste_centered(img, icons.worker(m, 20), left + 10, foot - 10)
            left += 22
    if limit or workers:
        right = x0 + TILE_W - 4
        _places(img, (left + right) / 2, foot - 10, workers, limit, tokens, right - left)


def _function(img: Image.Image, view: View, number: int, cx: float, cy: float) -> None:
    """What the Foro, the Caupona, the Terme and the Castrum are for, where a recipe would be;
    the Castrum shows the armies inside it, or who was halted building it (C31)."""
    if number == 20:
        castrum = view.get("castrum") or {}
        armies = [
            int(sv.get("seat", 0))
            for sv in view.get("seats") or []
            if isinstance(sv, Mapping) and sv.get("army") == "castrum"
        ]
        if armies:
            for i, seat in enumerate(armies):
                paste_centered(img, icons.army(seat, 36), cx + 40 * (i - (len(armies) - 1) / 2), cy)
            return
        halted = castrum.get("halted")
        if isinstance(halted, int):  # rivals may still build it (G20)
            fonts.role_label(
                img, (cx + 4, cy + 8), _("halted"), "cond_bold", SMALLEST, DANGER, "rs"
            )
            paste_centered(img, icons.worker(halted, 26), cx + 24, cy)
            return
    what = _(FUNCTION[number]) if number in FUNCTION else ""
    what = fonts.fit(what, fonts.font("cond_bold", SMALLEST), SMALLEST, TILE_W - 6)
    fonts.role_label(img, (cx, cy + 8), what, "cond_bold", SMALLEST, GOLD, "ms")


def _buildings_block(view: View, wanted: set[str]) -> Block:
    by_number = buildings(view)
    blocked = {str(g) for g in (view.get("volcano") or {}).get("blocked") or []}
    rows = 4

    def draw(img: Image.Image, top: int) -> None:
        for number in range(1, 21):
            b = by_number.get(number)
            if b is None:
                continue
            xy = tile_box(number - 1, top)
            _draw_building(img, view, b, xy, blocked)
            if str(number) in wanted:
                _highlight(img, xy, (TILE_W, TILE_H))

    return Block(rows * (TILE_H + GAP) + 4, draw)


# ------------------------------------------------------------------ the last placement


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


def blocks(view: View) -> list[Block]:
    """The lower half of the board, in order."""
    wanted = last_spaces(view) if view.get("stage") != "over" else set()
    return [
        _volcano_block(view),
        _fields_block(view, wanted),
        _spaces_block(view, wanted),
        _buildings_block(view, wanted),
    ]
